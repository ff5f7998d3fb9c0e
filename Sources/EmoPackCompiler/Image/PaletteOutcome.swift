/// What a lossy encoder (a palette, or VP8) did with one sheet.
package struct PaletteOutcome: Sendable, Equatable {
  /// True when the sheet is written with the reduced palette.
  package var accepted: Bool
  /// True when the sheet already had few enough colours: it is written losslessly (indexed) as it is.
  package var exact: Bool
  /// Colours in the palette, the transparent one included.
  package var colors: Int
  /// The least SSIM of a sprite on the sheet with the palette.
  package var minimumSSIM: Double
  /// The mean SSIM of the sheet's sprites with the palette.
  package var meanSSIM: Double
  /// The floor it was held to.
  package var floor: Double
  /// The sprites (indices into the rectangles given) under the floor with the best palette tried.
  package var failing: [Int] = []
  /// Each sprite's SSIM with the best palette or quality tried (empty when not scored).
  package var scores: [Double] = []
}
