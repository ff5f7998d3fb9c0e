import EmoImage
import EmoWebP

// libFuzzer harness: WebP sources as the build reads them. The header pass and the decoders must agree (a file the
// headers accept decodes to their size and frame count, or is refused with an error), and nothing traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = AnimationLimits(maxFrames: 64, maxDuration: 600_000, maxTotalPixels: 1 << 20, maxSide: 512)
  guard let info = try? WebPInfo(bytes, limits: limits) else {
    // Headers refused: the decoders refuse too.
    if (try? WebPDecoder.decodeAnimation(bytes, limits: limits)) != nil {
      fatalError("decoded what the headers refused")
    }
    return 0
  }
  if let animation = try? WebPDecoder.decodeAnimation(bytes, limits: limits) {
    guard animation.width == info.width, animation.height == info.height,
      animation.frames.count == info.frameCount,
      animation.frames.allSatisfy({ $0.image.pixels.count == info.width * info.height * 4 })
    else { fatalError("decoded frames disagree with the headers") }
  }
  return 0
}
