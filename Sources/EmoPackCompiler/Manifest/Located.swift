/// A value read from a manifest, with where it was read.
public struct Located<Value: Sendable & Equatable>: Sendable, Equatable {
  /// The value.
  public var value: Value
  /// Where it is in the manifest.
  public var location: DiagnosticLocation

  /// Creates a located value.
  public init(_ value: Value, _ location: DiagnosticLocation) {
    self.value = value
    self.location = location
  }
}
