/// Where an item went.
package struct Placement: Sendable, Equatable {
  /// The item's id.
  package var id: Int
  /// Page (sheet) number.
  package var page: Int
  /// Left edge.
  package var x: Int
  /// Top edge.
  package var y: Int
}
