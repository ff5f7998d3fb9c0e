/// The fields of a PNG's IHDR chunk.
package struct PNGHeader: Equatable, Sendable {
  /// PNG colour types.
  package enum ColorType: Int, Sendable {
    case gray = 0
    case rgb = 2
    case palette = 3
    case grayAlpha = 4
    case rgba = 6
  }

  /// Width in pixels.
  package let width: Int
  /// Height in pixels.
  package let height: Int
  /// Bits per sample: 1, 2, 4, 8 or 16.
  package let bitDepth: Int
  /// The colour type.
  package let colorType: ColorType
  /// True for Adam7 interlacing.
  package let interlaced: Bool

  /// Creates a header value.
  package init(width: Int, height: Int, bitDepth: Int, colorType: ColorType, interlaced: Bool) {
    self.width = width
    self.height = height
    self.bitDepth = bitDepth
    self.colorType = colorType
    self.interlaced = interlaced
  }
}
