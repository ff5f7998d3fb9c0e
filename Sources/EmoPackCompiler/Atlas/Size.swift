/// A width and height.
public struct Size: Sendable, Equatable {
  /// Width.
  public var width: Int
  /// Height.
  public var height: Int

  /// Creates a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}
