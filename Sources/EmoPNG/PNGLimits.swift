import CEmoPNG

/// Size limits checked from the header before any pixel memory is allocated.
public struct PNGLimits: Equatable, Sendable {
  /// Largest accepted width.
  public var maxWidth: Int
  /// Largest accepted height.
  public var maxHeight: Int
  /// Largest accepted decoded size in bytes (width × height × 4).
  public var maxPixelBytes: Int

  /// Creates limits; the defaults are 4096×4096 and 64 MiB of RGBA pixels.
  public init(maxWidth: Int = 4096, maxHeight: Int = 4096, maxPixelBytes: Int = 64 << 20) {
    self.maxWidth = maxWidth
    self.maxHeight = maxHeight
    self.maxPixelBytes = maxPixelBytes
  }

  /// The default limits.
  public static let `default` = PNGLimits()

  var c: emopng_limits {
    emopng_limits(
      max_width: UInt32(clamping: maxWidth), max_height: UInt32(clamping: maxHeight),
      max_pixel_bytes: UInt64(clamping: maxPixelBytes))
  }
}
