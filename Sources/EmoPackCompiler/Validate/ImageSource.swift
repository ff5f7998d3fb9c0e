/// A source image found on disk.
package struct ImageSource: Sendable, Equatable, Hashable {
  /// Path relative to the pack folder, as the manifest names it.
  package var relativePath: String
  /// The full path.
  package var path: String
  /// Width from the PNG header.
  package var width: Int
  /// Height from the PNG header.
  package var height: Int
  /// Where the manifest names it.
  package var location: DiagnosticLocation
  /// Siblings drawn for one scale (`a.png`, `a@2x.png`, `a@3x.png` beside the image), exactly `size × scale`
  /// pixels square: the sprite of that scale is taken from them as drawn instead of being resampled.
  package var variants: [ScaleVariant] = []

  /// The variant drawn for `scale`, if the pack ships one.
  package func variant(forScale scale: Int) -> ScaleVariant? { variants.first { $0.scale == scale } }
}
