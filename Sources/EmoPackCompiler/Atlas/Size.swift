/// A width and height.
package struct Size: Sendable, Equatable {
  /// Width.
  package var width: Int
  /// Height.
  package var height: Int

  /// Creates a size.
  package init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}
