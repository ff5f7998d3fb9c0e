import CEmoWebP
import EmoImage

/// Decodes WebP held in memory: stills to straight RGBA, animations to whole composited canvases.
package enum WebPDecoder {
  /// True when `bytes` start like a WebP file.
  package static func isWebP(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.count >= 12 && bytes.prefix(4).elementsEqual("RIFF".utf8)
      && bytes.dropFirst(8).prefix(4).elementsEqual("WEBP".utf8)
  }

  /// True when `head` (a file's first bytes) is an animated WebP: a `VP8X` chunk first, with its animation flag.
  package static func isAnimatedPrefix(_ head: [UInt8]) -> Bool {
    isWebP(head) && head.count > 20 && head[12..<16].elementsEqual("VP8X".utf8) && head[20] & 0x02 != 0
  }

  /// A still's pixels (the first frame's canvas for an animation is `decodeAnimation`'s job: this refuses one).
  package static func decode(_ bytes: [UInt8], limits: AnimationLimits = .default) throws(WebPError) -> RGBAImage {
    let info = try WebPInfo(bytes, limits: limits)
    guard !info.isAnimated else { throw WebPError(.malformed, "an animated WebP where a still was expected") }
    var pixels = [UInt8](repeating: 0, count: info.width * info.height * 4)
    var status = emowebp_status()
    let code = bytes.withUnsafeBufferPointer { b in
      pixels.withUnsafeMutableBufferPointer {
        emowebp_decode_rgba(b.baseAddress, b.count, $0.baseAddress, $0.count, &status)
      }
    }
    guard code == 0 else { throw WebPError(code == 3 ? .noMemory : .malformed, message(status)) }
    return RGBAImage(width: info.width, height: info.height, pixels: pixels)
  }

  /// Every frame of an animated WebP as a whole canvas (blend and dispose as the container specifies), with its
  /// delay (tiny delays as `WebPInfo.shownDelay`) and the loop count as total plays (0 forever). A still decodes
  /// to one frame.
  package static func decodeAnimation(
    _ bytes: [UInt8], limits: AnimationLimits = .default
  ) throws(WebPError)
    -> AnimatedImage
  {
    let info = try WebPInfo(bytes, limits: limits)
    guard info.isAnimated else {
      let still = try decode(bytes, limits: limits)
      return AnimatedImage(
        width: still.width, height: still.height, frames: [AnimatedImage.Frame(image: still, delay: 100)], loopCount: 0)
    }
    var status = emowebp_status()
    return try bytes.withUnsafeBufferPointer { b throws(WebPError) -> AnimatedImage in
      guard let anim = emowebp_anim_open(b.baseAddress, b.count, &status) else {
        throw WebPError(.malformed, message(status))
      }
      defer { emowebp_anim_close(anim) }
      var frames: [AnimatedImage.Frame] = []
      for k in 0..<info.frameCount {
        var pixels = [UInt8](repeating: 0, count: info.width * info.height * 4)
        var end: Int32 = 0
        let code = pixels.withUnsafeMutableBufferPointer {
          emowebp_anim_next(anim, $0.baseAddress, $0.count, &end, &status)
        }
        guard code == 0 else { throw WebPError(.malformed, "frame \(k): \(message(status))") }
        frames.append(
          AnimatedImage.Frame(
            image: RGBAImage(width: info.width, height: info.height, pixels: pixels), delay: info.delays[k]))
      }
      return AnimatedImage(width: info.width, height: info.height, frames: frames, loopCount: info.loopCount)
    }
  }

  /// The shim's message.
  static func message(_ status: emowebp_status) -> String {
    withUnsafeBytes(of: status.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
