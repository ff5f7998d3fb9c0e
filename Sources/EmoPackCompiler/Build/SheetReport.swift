/// One sheet PNG.
public struct SheetReport: Sendable, Codable, Equatable {
  /// File name in the output folder.
  public var file: String
  /// Scale.
  public var scale: Int
  /// Page.
  public var page: Int
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// PNG size in bytes.
  public var bytes: Int
  /// Sprite pixels / sheet pixels.
  public var spriteFraction: Double
  /// Sprites with padding and extrusion / sheet pixels.
  public var packingEfficiency: Double
  /// True when the sheet was written as a reduced palette.
  public var palette: Bool = false
  /// The distinct sprites on the sheet.
  public var sprites: Int = 0
  /// True when the sheet holds sprites the palette mode set apart from the shared palette (written with a palette
  /// of their own, or losslessly).
  public var setApart: Bool = false
}
