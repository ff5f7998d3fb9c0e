import CEmoWebP
import EmoImage

/// Encodes straight RGBA as WebP, single-threaded so the bytes are the same on every run and machine.
public enum WebPEncoder {
  /// How to encode.
  public struct Options: Sendable, Equatable {
    /// Lossless (VP8L), or lossy (VP8 with a lossless alpha plane).
    public var lossless: Bool
    /// Lossless: effort, 0…100. Lossy: quality, 0…100.
    public var quality: Float
    /// libwebp's method, 0 (fast) … 6 (smallest).
    public var method: Int

    public init(lossless: Bool, quality: Float, method: Int) {
      self.lossless = lossless
      self.quality = max(0, min(100, quality))
      self.method = max(0, min(6, method))
    }
  }

  /// The WebP bytes of `rows` (`rowStride` bytes a row). Pixels under zero alpha should be cleared by the caller
  /// (the encoder keeps colours exactly as given).
  public static func encode(
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
  public static func encode(_ image: RGBAImage, options: Options) throws(WebPError) -> [UInt8] {
    guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height * 4 else {
      throw WebPError(.encoding, "the image is \(image.width)x\(image.height)")
    }
    return try image.pixels.withUnsafeBufferPointer { p throws(WebPError) in
      try encode(
        rows: p.baseAddress!, rowStride: image.width * 4, width: image.width, height: image.height, options: options)
    }
  }
}
