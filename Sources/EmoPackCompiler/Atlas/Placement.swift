/// Where an item went.
public struct Placement: Sendable, Equatable {
  /// The item's id.
  public var id: Int
  /// Page (sheet) number.
  public var page: Int
  /// Left edge.
  public var x: Int
  /// Top edge.
  public var y: Int
}
