import EmoImage
import EmoPNG

// libFuzzer harness: the APNG chunk walk, frame rewrapping for libpng and compositing. Each input is tried as it
// is and with every chunk's CRC recomputed, so that mutations get past the CRC check into the frames.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: data, count: size))
  check(input)
  check(withCRCsFixed(input))
  return 0
}

/// `bytes` with the CRC of every whole chunk after the signature recomputed.
func withCRCsFixed(_ bytes: [UInt8]) -> [UInt8] {
  var b = bytes
  var at = 8
  while at + 12 <= b.count {
    let length = Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
    guard length <= b.count - at - 12 else { break }
    let crc = Zlib.crc32(Array(b[(at + 4)..<(at + 8 + length)]))
    for k in 0..<4 { b[at + 8 + length + k] = UInt8((crc >> UInt32(24 - 8 * k)) & 0xFF) }
    at += 12 + length
  }
  return b
}

func check(_ bytes: [UInt8]) {
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
}
