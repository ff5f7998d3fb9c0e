/// Sheet occupancy figures.
package struct Occupancy: Sendable, Equatable, Codable {
  /// Sprite pixels / sheet pixels.
  package var spriteFraction: Double
  /// Sprite pixels with their padding and extrusion / sheet pixels (packing efficiency).
  package var packingEfficiency: Double
}
