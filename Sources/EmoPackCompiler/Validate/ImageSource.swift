/// A source image found on disk.
public struct ImageSource: Sendable, Equatable, Hashable {
  /// Path relative to the pack folder, as the manifest names it.
  public var relativePath: String
  /// The full path.
  public var path: String
  /// Width from the PNG header.
  public var width: Int
  /// Height from the PNG header.
  public var height: Int
  /// Where the manifest names it.
  public var location: DiagnosticLocation
  /// Siblings drawn for one scale (`a.png`, `a@2x.png`, `a@3x.png` beside the image), exactly `size × scale`
  /// pixels square: the sprite of that scale is taken from them as drawn instead of being resampled.
  public var variants: [ScaleVariant] = []

  /// The variant drawn for `scale`, if the pack ships one.
  public func variant(forScale scale: Int) -> ScaleVariant? { variants.first { $0.scale == scale } }
}
