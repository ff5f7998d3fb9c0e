/// A value read from a manifest, with where it was read.
package struct Located<Value: Sendable & Equatable>: Sendable, Equatable {
  /// The value.
  package var value: Value
  /// Where it is in the manifest.
  package var location: DiagnosticLocation

  /// Creates a located value.
  package init(_ value: Value, _ location: DiagnosticLocation) {
    self.value = value
    self.location = location
  }
}
