import CEmoWebP
import EmoImage

/// Encodes straight RGBA as WebP, single-threaded so the bytes are the same on every run and machine.
package enum WebPEncoder {
  /// How to encode.
  package struct Options: Sendable, Equatable {
    /// Lossless (VP8L), or lossy (VP8 with a lossless alpha plane).
    package var lossless: Bool
    /// Lossless: effort, 0…100. Lossy: quality, 0…100.
    package var quality: Float
    /// libwebp's method, 0 (fast) … 6 (smallest).
    package var method: Int

    package init(lossless: Bool, quality: Float, method: Int) {
      self.lossless = lossless
      self.quality = max(0, min(100, quality))
      self.method = max(0, min(6, method))
    }
  }

  /// The WebP bytes of `rows` (`rowStride` bytes a row). Pixels under zero alpha should be cleared by the caller
  /// (the encoder keeps colours exactly as given).
  package static func encode(
    rows: UnsafePointer<UInt8>, rowStride: Int, width: Int, height: Int, options: Options
  ) throws(WebPError) -> [UInt8] {
    var out: UnsafeMutablePointer<UInt8>?
    var size = 0
    var status = emowebp_status()
    let code = emowebp_encode_rgba(
      rows, Int32(clamping: width), Int32(clamping: height), Int32(clamping: rowStride), options.lossless ? 1 : 0,
      options.quality, Int32(options.method), &out, &size, &status)
    guard code == 0, let out else {
      throw WebPError(code == 3 ? .noMemory : .encoding, WebPDecoder.message(status))
    }
    defer { emowebp_free(out) }
    return Array(UnsafeBufferPointer(start: out, count: size))
  }

  /// `encode` of a whole image.
  package static func encode(_ image: RGBAImage, options: Options) throws(WebPError) -> [UInt8] {
    guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height * 4 else {
      throw WebPError(.encoding, "the image is \(image.width)x\(image.height)")
    }
    return try image.pixels.withUnsafeBufferPointer { p throws(WebPError) in
      try encode(
        rows: p.baseAddress!, rowStride: image.width * 4, width: image.width, height: image.height, options: options)
    }
  }
}

extension WebPEncoder {
  /// An animated WebP of `animation`'s whole canvases, each shown for its delay, playing `loopCount` times (0
  /// forever); frames encoded as `options` says.
  package static func encodeAnimation(_ animation: AnimatedImage, options: Options) throws(WebPError) -> [UInt8] {
    guard animation.width > 0, animation.height > 0, !animation.frames.isEmpty else {
      throw WebPError(.encoding, "the animation is \(animation.width)x\(animation.height) with no frame")
    }
    var status = emowebp_status()
    guard
      let encoder = emowebp_anim_encoder_new(
        Int32(clamping: animation.width), Int32(clamping: animation.height), Int32(clamping: animation.loopCount),
        &status)
    else { throw WebPError(.encoding, WebPDecoder.message(status)) }
    defer { emowebp_anim_encoder_delete(encoder) }
    var start = 0
    for (k, frame) in animation.frames.enumerated() {
      guard frame.image.width == animation.width, frame.image.height == animation.height else {
        throw WebPError(.encoding, "frame \(k) is not the canvas's size")
      }
      let code = frame.image.pixels.withUnsafeBufferPointer {
        emowebp_anim_encoder_add(
          encoder, $0.baseAddress, Int32(animation.width * 4), Int32(clamping: start), options.lossless ? 1 : 0,
          options.quality, Int32(options.method), &status)
      }
      guard code == 0 else { throw WebPError(.encoding, "frame \(k): \(WebPDecoder.message(status))") }
      start += frame.delay
    }
    var out: UnsafeMutablePointer<UInt8>?
    var size = 0
    guard emowebp_anim_encoder_finish(encoder, Int32(clamping: start), &out, &size, &status) == 0, let out else {
      throw WebPError(.encoding, WebPDecoder.message(status))
    }
    defer { emowebp_free(out) }
    return Array(UnsafeBufferPointer(start: out, count: size))
  }
}
