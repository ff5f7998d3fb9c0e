import EmoGIF
import EmoImage
import EmoPNG
import EmoWebP

/// Still sources, PNG or WebP by their bytes: one place that picks the decoder.
package enum SourceDecoder {
  /// The WebP limits that match `limits` (the same side and decoded pixels).
  package static func limits(_ limits: PNGLimits) -> AnimationLimits {
    AnimationLimits(
      maxFrames: 1, maxTotalPixels: max(1, limits.maxPixelBytes / 4), maxSide: min(limits.maxWidth, limits.maxHeight))
  }

  /// The width and height in a PNG's or WebP's headers, nil when the bytes are neither.
  package static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    if WebPDecoder.isWebP(bytes) {
      return (try? WebPInfo(bytes, limits: AnimationLimits(maxFrames: .max, maxSide: .max))).map {
        ($0.width, $0.height)
      }
    }
    return (try? PNGDecoder.header(of: bytes)).map { ($0.width, $0.height) }
  }

  /// An animation's frames, by its bytes: WebP, GIF, else APNG (each decoder's own error type).
  package static func decodeAnimation(
    _ bytes: [UInt8], limits: AnimationLimits, pngLimits: PNGLimits
  ) throws -> AnimatedImage {
    if WebPDecoder.isWebP(bytes) { return try WebPDecoder.decodeAnimation(bytes, limits: limits) }
    if GIFDecoder.isGIF(bytes) { return try GIFDecoder.decode(bytes, limits: limits) }
    return try APNGDecoder.decode(bytes, limits: limits, pngLimits: pngLimits)
  }

  /// A still's pixels; a WebP's errors come back as `PNGError`s of the same kinds, so callers report one way.
  package static func decode(_ bytes: [UInt8], limits: PNGLimits) throws(PNGError) -> RGBAImage {
    guard WebPDecoder.isWebP(bytes) else { return try PNGDecoder.decode(bytes, limits: limits).image }
    do {
      return try WebPDecoder.decode(bytes, limits: Self.limits(limits))
    } catch {
      throw PNGError(error.kind == .tooLarge ? .tooLarge : .libpng, "WebP: \(error.message)")
    }
  }
}
