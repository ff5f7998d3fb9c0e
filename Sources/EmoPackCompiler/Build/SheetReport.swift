/// One sheet file.
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
  /// File size in bytes.
  public var bytes: Int
  /// Sprite pixels / sheet pixels.
  public var spriteFraction: Double
  /// Sprites with padding and extrusion / sheet pixels.
  public var packingEfficiency: Double
  /// True when the sheet was written lossily (a reduced palette, or VP8).
  public var lossy: Bool = false
  /// The distinct sprites on the sheet.
  public var sprites: Int = 0
  /// True when the sheet holds sprites the palette mode set apart from the shared palette (written with a palette
  /// of their own, or losslessly).
  public var setApart: Bool = false
}

extension SheetReport {
  /// The older name of `lossy`.
  @available(*, deprecated, renamed: "lossy")
  public var palette: Bool {
    get { lossy }
    set { lossy = newValue }
  }
}
