/// A source image drawn for one scale.
package struct ScaleVariant: Sendable, Equatable, Hashable {
  /// The scale it is drawn for.
  package var scale: Int
  /// Path relative to the pack folder.
  package var relativePath: String
  /// The full path.
  package var path: String
}
