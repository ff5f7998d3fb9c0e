import EmoPNG

// libFuzzer harness: the APNG chunk walk, frame rewrapping for libpng and compositing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = AnimationLimits(maxFrames: 64, maxDuration: 600_000, maxTotalPixels: 1 << 20, maxSide: 512)
  _ = APNGDecoder.isAnimated(bytes)
  _ = APNGDecoder.isAnimatedPrefix(bytes)
  let summary = try? APNGDecoder.summary(bytes, limits: limits)
  if let animation = try? APNGDecoder.decode(
    bytes, limits: limits, pngLimits: PNGLimits(maxWidth: 512, maxHeight: 512, maxPixelBytes: 1 << 20))
  {
    guard let summary, animation.frames.count == summary.frameCount else {
      fatalError("decoded frames disagree with the first pass")
    }
  }
  return 0
}
