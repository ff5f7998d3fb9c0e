import EmoImage
import EmoPNG
import EmoWebP

/// Encodes one sticker in its platform's format under a byte limit: lossless when that fits, else lossy at
/// decreasing quality (95, 90 … 5) while the least SSIM (per frame, the build's definition) keeps the minimum.
package enum StickerEncoder {
  package struct Result {
    package var bytes: [UInt8]
    package var fileExtension: String
    package var quality: Int?
    package var ssim: Double
  }

  /// Why a sticker cannot fit: the smallest size reached at or above the minimum SSIM, and that SSIM.
  package struct Failure: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
  }

  package static func encode(
    _ animation: AnimatedImage, platform: StickerPlatform, limit: Int, minimumSSIM: Double
  ) throws -> Result {
    let animated = animation.frames.count > 1
    // Signal's animations are APNG (lossless: emopack writes no lossy APNG), its stills PNG first.
    if platform == .signal && animated {
      let options = PNGEncodeOptions(compressor: .libdeflate, level: 12)
      let png = try APNGEncoder.encode(animation, options: options)
      if png.count <= limit { return Result(bytes: png, fileExtension: "png", quality: nil, ssim: 1) }
      // Too large: one palette for every frame (the palette mode's quantizer, held to the minimum SSIM per frame).
      guard let reduced = paletteAnimation(animation, minimumSSIM: minimumSSIM) else {
        throw Failure(
          message:
            "the APNG is \(png.count) bytes lossless, and no 256-colour palette keeps SSIM \(minimumSSIM) on every frame"
        )
      }
      let indexed = try APNGEncoder.encode(reduced.animation, options: options)
      guard indexed.count <= limit else {
        throw Failure(
          message:
            "the APNG is \(png.count) bytes lossless and \(indexed.count) with one palette (SSIM \(String(format: "%.3f", reduced.ssim)))"
        )
      }
      return Result(bytes: indexed, fileExtension: "png", quality: 256, ssim: reduced.ssim)
    }
    if platform == .signal {
      let png = try SheetEncoder.encode(animation.frames[0].image, effort: .default)
      if png.count <= limit { return Result(bytes: png, fileExtension: "png", quality: nil, ssim: 1) }
    }
    let lossless = try webp(animation, lossless: true, quality: 75)
    if lossless.count <= limit { return Result(bytes: lossless, fileExtension: "webp", quality: nil, ssim: 1) }
    var best: (bytes: Int, ssim: Double)?
    for quality in stride(from: 95, through: 5, by: -5) {
      let bytes = try webp(animation, lossless: false, quality: Float(quality))
      let decoded = try WebPDecoder.decodeAnimation(bytes, limits: AnimationLimits(maxSide: 16384))
      let ssim = zip(animation.frames, decoded.frames).map { SSIM.compare($0.image, $1.image) }.min() ?? 0
      if ssim < minimumSSIM { break }
      best = (bytes.count, ssim)
      if bytes.count <= limit { return Result(bytes: bytes, fileExtension: "webp", quality: quality, ssim: ssim) }
    }
    if let best {
      throw Failure(
        message:
          "the smallest lossy WebP keeping SSIM \(String(format: "%.3f", best.ssim)) (minimum \(minimumSSIM)) is \(best.bytes) bytes"
      )
    }
    throw Failure(
      message: "lossless it is \(lossless.count) bytes, and lossy WebP falls under SSIM \(minimumSSIM) at once")
  }

  /// Every frame reduced to one shared palette of at most 256 colours, if each frame keeps `minimumSSIM`.
  static func paletteAnimation(
    _ animation: AnimatedImage, minimumSSIM: Double
  ) -> (animation: AnimatedImage, ssim: Double)? {
    let (w, h) = (animation.width, animation.height)
    var stacked = [UInt8]()
    stacked.reserveCapacity(w * h * 4 * animation.frames.count)
    for frame in animation.frames { stacked += frame.image.pixels }
    let rects = animation.frames.indices.map { PixelRect(x: 0, y: $0 * h, width: w, height: h) }
    let result = stacked.withUnsafeBufferPointer {
      PaletteQuantizer(ssimFloor: minimumSSIM).quantize(
        rows: $0.baseAddress!, rowStride: w * 4, width: w, height: h * animation.frames.count, sprites: rects)
    }
    guard let image = result.image else { return nil }
    var out = animation
    for k in out.frames.indices {
      out.frames[k].image = RGBAImage(
        width: w, height: h, pixels: Array(image.pixels[(k * w * h * 4)..<((k + 1) * w * h * 4)]))
    }
    return (out, result.outcome.minimumSSIM)
  }

  static func webp(_ animation: AnimatedImage, lossless: Bool, quality: Float) throws -> [UInt8] {
    // Lossless stills take libwebp's smallest method; animations and lossy tries method 4 (a tenth more bytes at
    // about half the time).
    let options = WebPEncoder.Options(
      lossless: lossless, quality: quality, method: lossless && animation.frames.count == 1 ? 6 : 4)
    if animation.frames.count == 1 { return try WebPEncoder.encode(animation.frames[0].image, options: options) }
    return try WebPEncoder.encodeAnimation(animation, options: options)
  }
}
