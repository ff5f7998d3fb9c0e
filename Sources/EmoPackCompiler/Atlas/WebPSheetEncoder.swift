import EmoImage
import EmoWebP

/// Turns a sheet's pixels into WebP: lossless, or lossy at the lowest quality that holds every sprite's SSIM floor.
package enum WebPSheetEncoder {
  /// libwebp's method and, for lossless, its effort (`quality`) for each effort level, chosen from the bench's
  /// curve (docs/BENCHMARKS.md): the default is method 6 at effort 75, the fewest bytes short of full effort (0.78×
  /// the PNG default's bytes at 1.7× its time; methods 4 and below leave 0.83× or more, method 5 is slower for the
  /// same bytes); `fast` is method 0 (about the PNG default's bytes at a quarter of its time); `max` is full effort
  /// (a few tenths of a per cent fewer bytes for thirty times the time).
  package static func options(_ effort: Effort, lossless: Bool, quality: Float = 90) -> WebPEncoder.Options {
    switch effort {
    case .fast: WebPEncoder.Options(lossless: lossless, quality: lossless ? 75 : quality, method: 0)
    case .default: WebPEncoder.Options(lossless: lossless, quality: lossless ? 75 : quality, method: 6)
    case .max: WebPEncoder.Options(lossless: lossless, quality: lossless ? 100 : quality, method: 6)
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

  /// Lossless WebP of the rows, and libwebp's configuration that made it (`m6 q75`).
  ///
  /// The layout puts WebP sheets' slots on `tileSide`'s grid, so that libwebp's guess of its best transform (it
  /// tries only that one below quality 100) finds the repeats of an animation's frames: on the chat fixture that is
  /// 0.96× the PNG's bytes where the same sheets off the grid took 1.47×. Quality 100 (`max`) tries every transform,
  /// for about a sixth fewer bytes at eight times the time.
  package static func lossless(
    rows: UnsafePointer<UInt8>, rowStride: Int, width: Int, height: Int, effort: Effort
  ) throws(WebPError) -> (bytes: [UInt8], configuration: String) {
    let image = cleared(rows: rows, rowStride: rowStride, width: width, height: height)
    let o = options(effort, lossless: true)
    return (try WebPEncoder.encode(image, options: o), name(o))
  }

  /// A configuration as `build --json` reports it: `m6 q75`.
  static func name(_ o: WebPEncoder.Options) -> String { "m\(o.method) q\(Int(o.quality))" }

  /// The lowest quality (a binary search over 50…100 in steps of 2) whose every sprite keeps `floor`, as WebP bytes
  /// with what was decided; nil bytes when even quality 100 leaves some sprite under it (`failing` names those).
  package static func lossy(
    rows: UnsafePointer<UInt8>, rowStride: Int, width: Int, height: Int, sprites: [PixelRect], floor: Double,
    effort: Effort
  ) throws(WebPError) -> (bytes: [UInt8]?, outcome: PaletteOutcome) {
    let source = cleared(rows: rows, rowStride: rowStride, width: width, height: height)
    var cache: [Int: (bytes: [UInt8], scores: [Double])] = [:]
    func attempt(_ q: Int) throws(WebPError) -> (bytes: [UInt8], scores: [Double]) {
      if let known = cache[q] { return known }
      let bytes = try WebPEncoder.encode(source, options: options(effort, lossless: false, quality: Float(q)))
      let decoded = try WebPDecoder.decode(bytes)
      let scores = source.pixels.withUnsafeBufferPointer { a in
        decoded.pixels.withUnsafeBufferPointer { b in
          sprites.map { r in
            SSIM.compare(
              reference: a.baseAddress!, referenceStride: width * 4, candidate: b.baseAddress!,
              candidateStride: width * 4, rect: r)
          }
        }
      }
      cache[q] = (bytes, scores)
      return (bytes, scores)
    }
    func outcome(_ scores: [Double], accepted: Bool) -> PaletteOutcome {
      PaletteOutcome(
        accepted: accepted, exact: false, colors: 0, minimumSSIM: scores.min() ?? 1,
        meanSSIM: scores.isEmpty ? 1 : scores.reduce(0, +) / Double(scores.count), floor: floor,
        failing: scores.indices.filter { scores[$0] < floor }, scores: scores)
    }
    let best = try attempt(100)
    guard (best.scores.min() ?? 1) >= floor else { return (nil, outcome(best.scores, accepted: false)) }
    // The lowest even quality in 50…100 that holds the floor (SSIM rises with quality, near enough).
    var lo = 25
    var hi = 50
    while lo < hi {
      let mid = (lo + hi) / 2
      if (try attempt(mid * 2).scores.min() ?? 1) >= floor { hi = mid } else { lo = mid + 1 }
    }
    let chosen = try attempt(hi * 2)
    return (chosen.bytes, outcome(chosen.scores, accepted: true))
  }
}
