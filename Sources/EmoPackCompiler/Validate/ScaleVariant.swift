/// A source image drawn for one scale.
public struct ScaleVariant: Sendable, Equatable, Hashable {
  /// The scale it is drawn for.
  public var scale: Int
  /// Path relative to the pack folder.
  public var relativePath: String
  /// The full path.
  public var path: String
}
