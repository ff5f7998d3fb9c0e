import EmoImage
import EmoWebP

/// Turns a sheet's pixels into lossless WebP (VP8L): the sheet as drawn, or its palette-quantized pixels in the
/// lossy mode.
package enum WebPSheetEncoder {
  /// libwebp's lossless configuration for each effort: the default is method 6 at effort 75; `fast` is method 0
  /// (about the PNG default's bytes at a quarter of its time); `max` is the exhaustive configuration (effort 100,
  /// every transform tried).
  package static func options(_ effort: Effort) -> WebPEncoder.Options {
    switch effort {
    case .fast: WebPEncoder.Options(lossless: true, quality: 75, method: 0)
    case .default: WebPEncoder.Options(lossless: true, quality: 75, method: 6)
    case .max: WebPEncoder.Options(lossless: true, quality: 100, method: 6)
    }
  }

  /// The rows copied with every pixel under zero alpha cleared to 0, so hidden colour never costs bytes and the
  /// output does not depend on it.
  static func cleared(rows: UnsafePointer<UInt8>, rowStride: Int, width: Int, height: Int) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    pixels.withUnsafeMutableBufferPointer { out in
      for y in 0..<height {
        let row = rows + y * rowStride
        for x in 0..<width where row[x * 4 + 3] != 0 {
          let d = (y * width + x) * 4
          out[d] = row[x * 4]
          out[d + 1] = row[x * 4 + 1]
          out[d + 2] = row[x * 4 + 2]
          out[d + 3] = row[x * 4 + 3]
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// The side of the tiles libwebp's lossless predictors and histograms (at methods 5 and 6) and VP8's
  /// macroblocks work on.
  package static let tileSide = 16

  /// libwebp's configuration at the default effort for a sheet holding animation frames: method 4 at effort 50
  /// finds the frames' repeats as well as method 6 at 75 and costs a fifth less time, which on animated art (cheap
  /// for deflate) is what keeps lossless WebP within twice the PNG's time.
  package static let animatedDefault = WebPEncoder.Options(lossless: true, quality: 50, method: 4)

  /// Lossless WebP of the rows, and libwebp's configuration that made it (`m6 q75`): the effort's, or at the default
  /// effort `animatedDefault` for a sheet holding animation frames (`animated`).
  ///
  /// The layout puts WebP sheets' slots on `tileSide`'s grid, so that libwebp's guess of its best transform (it
  /// tries only that one below quality 100) finds the repeats of an animation's frames: on the chat fixture that is
  /// 0.96× the PNG's bytes where the same sheets off the grid took 1.47×. Quality 100 (`max`) tries every transform,
  /// for about a sixth fewer bytes at eight times the time.
  package static func lossless(
    rows: UnsafePointer<UInt8>, rowStride: Int, width: Int, height: Int, effort: Effort, animated: Bool = false
  ) throws(WebPError) -> (bytes: [UInt8], configuration: String) {
    let image = cleared(rows: rows, rowStride: rowStride, width: width, height: height)
    let o = effort == .default && animated ? animatedDefault : options(effort)
    return (try WebPEncoder.encode(image, options: o), name(o))
  }

  /// A configuration as `build --json` reports it: `m6 q75`.
  static func name(_ o: WebPEncoder.Options) -> String { "m\(o.method) q\(Int(o.quality))" }
}
