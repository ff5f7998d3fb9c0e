/// Limits on animations, checked from headers and a first pass over the file before any frame is decoded.
public struct AnimationLimits: Sendable, Equatable {
  /// Most frames.
  public var maxFrames: Int
  /// Longest total duration in milliseconds (one play).
  public var maxDuration: Int
  /// Most decoded pixels in all: frames × canvas pixels.
  public var maxTotalPixels: Int
  /// Largest canvas side.
  public var maxSide: Int

  /// Creates limits; the defaults are 1,000 frames, 10 minutes, 32 Mi pixels (128 MiB of RGBA) and 4096 pixels.
  public init(maxFrames: Int = 1000, maxDuration: Int = 600_000, maxTotalPixels: Int = 32 << 20, maxSide: Int = 4096) {
    self.maxFrames = maxFrames
    self.maxDuration = maxDuration
    self.maxTotalPixels = maxTotalPixels
    self.maxSide = maxSide
  }

  /// The default limits.
  public static let `default` = AnimationLimits()

  /// The first limit `frames` frames of `width × height` lasting `duration` ms in all break, as a sentence.
  public func violation(width: Int, height: Int, frames: Int, duration: Int) -> String? {
    if width > maxSide || height > maxSide {
      return "canvas is \(width)x\(height), over the limit of \(maxSide)x\(maxSide)"
    }
    if frames > maxFrames { return "\(frames) frames or more, over the limit of \(maxFrames)" }
    if duration > maxDuration { return "lasts \(duration) ms or more, over the limit of \(maxDuration) ms" }
    let (pixels, overflow) = (width * height).multipliedReportingOverflow(by: frames)
    if overflow || pixels > maxTotalPixels {
      return "\(frames) frames of \(width)x\(height) are more than \(maxTotalPixels) pixels"
    }
    return nil
  }
}
