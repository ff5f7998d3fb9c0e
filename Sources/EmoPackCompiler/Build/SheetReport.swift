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
  /// True when the sheet holds sprites the lossy mode set apart from the other sheets of their page group (their
  /// page's palette or quality could not hold them at the SSIM floor): written with a palette of their own, or
  /// losslessly.
  public var setApart: Bool = false
  /// The sprites set apart on this sheet, with the SSIM their page's shared encoding reached.
  public var apart: [SetApart] = []
  /// libwebp's configuration of a lossless WebP sheet (`m6 q75`, `m6 q100`), nil for other sheets.
  public var webpConfiguration: String? = nil

  /// A sprite set apart: its source, and its SSIM with its page's shared palette or quality.
  public struct SetApart: Sendable, Codable, Equatable {
    /// The source the sprite was made from (a frame as `file#index`).
    public var sprite: String
    /// Its SSIM with the encoding it could not keep.
    public var ssim: Double
  }
}

extension SheetReport {
  /// The older name of `lossy`.
  @available(*, deprecated, renamed: "lossy")
  public var palette: Bool {
    get { lossy }
    set { lossy = newValue }
  }
}
