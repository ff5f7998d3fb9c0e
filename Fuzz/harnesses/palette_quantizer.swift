import EmoPNG
import EmoPackCompiler

// libFuzzer harness: the palette mode's quantizer on arbitrary sheets (any size up to 48 × 48, a spare byte
// before rows or not, up to four sprite rectangles, overlapping or not, any floor and colour count). Whatever it
// decides must hold when checked from outside: an accepted sheet has at most `maxColors` colours, fully
// transparent pixels stay transparent black, and every sprite's SSIM, measured again, is at or above the floor;
// an exact sheet has fewer colours than `maxColors`; a refused one is not accepted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaletteQuantizer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 8 else { return 0 }
  let d = Array(UnsafeBufferPointer(start: data, count: size))
  let floors = [0, 0.5, 0.9, 0.97, 0.99, 1]
  var quantizer = PaletteQuantizer(ssimFloor: floors[Int(d[0]) % floors.count], maxColors: 2 + Int(d[1]))
  if d[2] & 0x80 != 0 { quantizer.ditherStrengths = [Int(d[2] & 7)] }
  let width = 1 + Int(d[3]) % 48
  let spare = Int(d[4] & 1)
  let stride = width * 4 + spare
  let rectBytes = Array(d[5..<min(size, 5 + 4 * (Int(d[2]) % 5))])
  let pixels = Array(d[(5 + rectBytes.count)...])
  let height = min(48, pixels.count / (width * 4))
  guard height > 0 else { return 0 }
  var rows = [UInt8](repeating: 0xA5, count: stride * height)
  for y in 0..<height {
    for x in 0..<(width * 4) { rows[y * stride + spare + x] = pixels[y * width * 4 + x] }
  }
  var sprites: [PixelRect] = []
  var k = 0
  while k + 4 <= rectBytes.count {
    let x = Int(rectBytes[k]) % width
    let y = Int(rectBytes[k + 1]) % height
    sprites.append(
      PixelRect(
        x: x, y: y, width: 1 + Int(rectBytes[k + 2]) % (width - x), height: 1 + Int(rectBytes[k + 3]) % (height - y)))
    k += 4
  }
  rows.withUnsafeBufferPointer { buffer in
    let first = buffer.baseAddress! + spare
    let (image, outcome) = quantizer.quantize(
      rows: first, rowStride: stride, width: width, height: height, sprites: sprites)
    var colors = Set<UInt32>()
    for y in 0..<height {
      for x in 0..<width where first[y * stride + x * 4 + 3] != 0 {
        let p = first + y * stride + x * 4
        let a = UInt32(p[3])
        let pm = (0..<3).map { (UInt32(p[$0]) * a + 127) / 255 }
        colors.insert(pm[0] | pm[1] << 8 | pm[2] << 16 | a << 24)
      }
    }
    if outcome.exact {
      guard image == nil, !outcome.accepted, colors.count < quantizer.maxColors else {
        fatalError("an exact sheet of \(colors.count) colours, maxColors \(quantizer.maxColors)")
      }
      return
    }
    guard let image else {
      guard !outcome.accepted else { fatalError("accepted without an image") }
      return
    }
    guard outcome.accepted, image.width == width, image.height == height else {
      fatalError("an image of \(image.width)x\(image.height) for \(width)x\(height), accepted \(outcome.accepted)")
    }
    var written = Set<UInt32>()
    for i in 0..<(width * height) {
      let q = Array(image.pixels[(i * 4)..<(i * 4 + 4)])
      written.insert(UInt32(q[0]) | UInt32(q[1]) << 8 | UInt32(q[2]) << 16 | UInt32(q[3]) << 24)
      if first[(i / width) * stride + (i % width) * 4 + 3] == 0 && q != [0, 0, 0, 0] {
        fatalError("a transparent pixel became \(q)")
      }
    }
    guard written.count <= quantizer.maxColors else {
      fatalError("\(written.count) colours written, maxColors \(quantizer.maxColors)")
    }
    image.pixels.withUnsafeBufferPointer { q in
      for r in sprites {
        let ssim = SSIM.compare(
          reference: first, referenceStride: stride, candidate: q.baseAddress!, candidateStride: width * 4, rect: r)
        guard ssim >= quantizer.ssimFloor else {
          fatalError("sprite \(r) at SSIM \(ssim), under the floor \(quantizer.ssimFloor) of an accepted sheet")
        }
      }
    }
  }
  return 0
}
