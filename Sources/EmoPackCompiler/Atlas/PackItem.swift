/// A rectangle to place, in layout units (points).
public struct PackItem: Sendable, Equatable {
  /// Caller's identifier; ties in sort orders are broken by it.
  public var id: Int
  /// Name used to break ties deterministically.
  public var name: String
  /// Width including padding.
  public var width: Int
  /// Height including padding.
  public var height: Int

  /// Creates an item.
  public init(id: Int, name: String, width: Int, height: Int) {
    self.id = id
    self.name = name
    self.width = width
    self.height = height
  }
}
