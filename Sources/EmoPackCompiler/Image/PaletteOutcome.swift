/// What the palette mode did with one sheet.
public struct PaletteOutcome: Sendable, Equatable {
  /// True when the sheet is written with the reduced palette.
  public var accepted: Bool
  /// True when the sheet already had few enough colours: it is written losslessly (indexed) as it is.
  public var exact: Bool
  /// Colours in the palette, the transparent one included.
  public var colors: Int
  /// The least SSIM of a sprite on the sheet with the palette.
  public var minimumSSIM: Double
  /// The mean SSIM of the sheet's sprites with the palette.
  public var meanSSIM: Double
  /// The floor it was held to.
  public var floor: Double
}
