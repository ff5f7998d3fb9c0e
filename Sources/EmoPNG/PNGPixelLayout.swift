/// The pixel layouts the encoder writes.
package enum PNGPixelLayout: Sendable, Equatable {
  /// 8-bit RGBA, 4 bytes a pixel.
  case rgba
  /// 8-bit RGB, 3 bytes a pixel.
  case rgb
  /// 8-bit gray + alpha, 2 bytes a pixel.
  case grayAlpha
  /// Gray, one byte a pixel in the input, written at `bitDepth` 1, 2, 4 or 8.
  case gray(bitDepth: Int)
  /// Palette indices, one byte a pixel in the input, written at `bitDepth` 1, 2, 4 or 8.
  /// `palette` holds RGB triples; `alpha` one value per entry (may be shorter or empty).
  case indexed(palette: [UInt8], alpha: [UInt8], bitDepth: Int)

  /// True for 8-bit truecolour and gray samples (row filters help them; palette indices are left unfiltered).
  package var isEightBitSamples: Bool {
    switch self {
    case .rgba, .rgb, .grayAlpha: return true
    case .gray(let bitDepth): return bitDepth == 8
    case .indexed: return false
    }
  }

  /// Samples per pixel.
  package var channels: Int {
    switch self {
    case .rgba: return 4
    case .rgb: return 3
    case .grayAlpha: return 2
    case .gray, .indexed: return 1
    }
  }
}
