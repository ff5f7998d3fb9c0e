/// Sheet occupancy figures.
public struct Occupancy: Sendable, Equatable, Codable {
  /// Sprite pixels / sheet pixels.
  public var spriteFraction: Double
  /// Sprite pixels with their padding and extrusion / sheet pixels (packing efficiency).
  public var packingEfficiency: Double
}
