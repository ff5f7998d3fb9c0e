import CEmoWebP
import EmoImage

/// What a WebP file is, read from its headers without decoding pixels.
package struct WebPInfo: Sendable, Equatable {
  /// The image's (or the animation canvas's) size.
  package var width: Int
  package var height: Int
  /// True when the file carries an alpha channel.
  package var hasAlpha: Bool
  /// True for an animation.
  package var isAnimated: Bool
  /// True when the image data is lossless (VP8L); false for lossy (VP8) or mixed.
  package var isLossless: Bool
  /// Animation only: frames, and total plays as stored (0 forever).
  package var frameCount: Int
  package var loopCount: Int
  /// Animation only: each frame's duration in milliseconds, with the same rule for tiny delays as GIF (a frame of
  /// 10 ms or less is shown for 100 ms, as browsers show it).
  package var delays: [Int]

  /// The delay a stored duration is shown for.
  package static func shownDelay(_ stored: Int) -> Int { stored <= 10 ? 100 : stored }

  /// The headers of `bytes`, checked against `limits` (side, frames, duration, frames × pixels) before anything
  /// is decoded.
  package init(_ bytes: [UInt8], limits: AnimationLimits) throws(WebPError) {
    guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
      throw WebPError(.notWebP, "not a WebP file (no RIFF…WEBP header)")
    }
    var info = emowebp_info()
    var status = emowebp_status()
    let code = bytes.withUnsafeBufferPointer { emowebp_read_info($0.baseAddress, $0.count, &info, &status) }
    guard code == 0 else { throw WebPError(.malformed, WebPDecoder.message(status)) }
    width = Int(info.width)
    height = Int(info.height)
    hasAlpha = info.has_alpha != 0
    isAnimated = info.is_animated != 0
    isLossless = info.format == 2
    frameCount = isAnimated ? Int(info.frame_count) : 1
    loopCount = Int(info.loop_count)
    delays = []
    guard width > 0, height > 0 else { throw WebPError(.malformed, "the image is \(width)x\(height)") }
    if let v = limits.violation(
      width: width, height: height, frames: min(frameCount, limits.maxFrames + 1), duration: 0)
    {
      throw WebPError(.tooLarge, v)
    }
    guard isAnimated else { return }
    guard frameCount > 0 else { throw WebPError(.malformed, "the animation has no frame") }
    if Int(info.frame_pixels) > limits.maxTotalPixels {
      throw WebPError(
        .tooLarge, "its frames hold \(info.frame_pixels) pixels, over the limit of \(limits.maxTotalPixels)")
    }
    var stored = [Int32](repeating: 0, count: frameCount)
    let n = Int32(frameCount)
    let got = bytes.withUnsafeBufferPointer { b in
      stored.withUnsafeMutableBufferPointer {
        emowebp_frame_durations(b.baseAddress, b.count, $0.baseAddress, n, &status)
      }
    }
    guard got == 0 else { throw WebPError(.malformed, WebPDecoder.message(status)) }
    delays = stored.map { Self.shownDelay(Int($0)) }
    let duration = delays.reduce(0, +)
    if let v = limits.violation(width: width, height: height, frames: frameCount, duration: duration) {
      throw WebPError(.tooLarge, v)
    }
  }
}
