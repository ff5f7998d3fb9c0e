/// A rectangle to place, in layout units (points).
package struct PackItem: Sendable, Equatable {
  /// Caller's identifier; ties in sort orders are broken by it.
  package var id: Int
  /// Name used to break ties deterministically.
  package var name: String
  /// Width including padding.
  package var width: Int
  /// Height including padding.
  package var height: Int

  /// Creates an item.
  package init(id: Int, name: String, width: Int, height: Int) {
    self.id = id
    self.name = name
    self.width = width
    self.height = height
  }
}
