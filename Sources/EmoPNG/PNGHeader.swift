/// The fields of a PNG's IHDR chunk.
public struct PNGHeader: Equatable, Sendable {
  /// PNG colour types.
  public enum ColorType: Int, Sendable {
    case gray = 0
    case rgb = 2
    case palette = 3
    case grayAlpha = 4
    case rgba = 6
  }

  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Bits per sample: 1, 2, 4, 8 or 16.
  public let bitDepth: Int
  /// The colour type.
  public let colorType: ColorType
  /// True for Adam7 interlacing.
  public let interlaced: Bool

  /// Creates a header value.
  public init(width: Int, height: Int, bitDepth: Int, colorType: ColorType, interlaced: Bool) {
    self.width = width
    self.height = height
    self.bitDepth = bitDepth
    self.colorType = colorType
    self.interlaced = interlaced
  }
}
