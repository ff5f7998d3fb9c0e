import EmoGIF
import EmoImage
import EmoPNG

// libFuzzer harness: the GIF first pass and giflib decoding with compositing; both must agree on the frames.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = AnimationLimits(maxFrames: 64, maxDuration: 600_000, maxTotalPixels: 1 << 20, maxSide: 512)
  let scan = try? GIFScan(bytes, limits: limits)
  if let animation = try? GIFDecoder.decode(bytes, limits: limits) {
    guard let scan, animation.frames.count == scan.delays.count,
      animation.frames.allSatisfy({ $0.image.width == scan.width && $0.image.height == scan.height })
    else { fatalError("decoded frames disagree with the first pass") }
  }
  return 0
}
