import EmoImage

/// Writes animated PNGs: every frame a whole canvas (`fcTL` at 0,0 with dispose none and blend source), its pixels
/// compressed by `PNGEncoder` as RGBA, the first as `IDAT` (so viewers without APNG show it) and the others as
/// `fdAT`, with the sequence numbers and CRCs the APNG specification asks for.
package enum APNGEncoder {
  /// The APNG bytes of `animation`, playing `animation.loopCount` times (0 forever); each frame's delay is stored
  /// in milliseconds (`delay_num / 1000`).
  package static func encode(
    _ animation: AnimatedImage, options: PNGEncodeOptions = .init()
  ) throws(PNGError)
    -> [UInt8]
  {
    let (w, h) = (animation.width, animation.height)
    guard w > 0, h > 0, !animation.frames.isEmpty else {
      throw PNGError(.invalidArgument, "the animation is \(w)x\(h) with no frame")
    }
    // At most 256 colours in all frames: one palette (PLTE and tRNS) and indexed frames.
    let layout = indexedLayout(animation)
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    func chunk(_ type: String, _ data: [UInt8]) {
      let body = Array(type.utf8) + data
      out += be32Bytes(UInt32(data.count)) + body + be32Bytes(Zlib.crc32(body))
    }
    var sequence: UInt32 = 0
    for (k, frame) in animation.frames.enumerated() {
      guard frame.image.width == w, frame.image.height == h, frame.image.pixels.count == w * h * 4 else {
        throw PNGError(.invalidArgument, "frame \(k) is not the \(w)x\(h) canvas")
      }
      let png: [UInt8]
      if let layout {
        png = try PNGEncoder.encode(
          samples: layout.indices(frame.image), width: w, height: h, layout: layout.layout, options: options)
      } else {
        png = try PNGEncoder.encode(samples: frame.image.pixels, width: w, height: h, layout: .rgba, options: options)
      }
      let chunks = try APNGDecoder.chunks(png)
      if k == 0 {
        guard let ihdr = chunks.first(where: { $0.type == "IHDR" }) else {
          throw PNGError(.libpng, "the encoder wrote no IHDR")
        }
        chunk("IHDR", Array(ihdr.data))
        chunk(
          "acTL", be32Bytes(UInt32(animation.frames.count)) + be32Bytes(UInt32(clamping: max(0, animation.loopCount))))
        for c in chunks where c.type == "PLTE" || c.type == "tRNS" { chunk(c.type, Array(c.data)) }
      }
      let delay = UInt16(clamping: max(0, frame.delay))
      var fctl = be32Bytes(sequence) + be32Bytes(UInt32(w)) + be32Bytes(UInt32(h)) + be32Bytes(0) + be32Bytes(0)
      fctl += [UInt8(delay >> 8), UInt8(delay & 0xFF), 0x03, 0xE8, 0, 0]
      chunk("fcTL", fctl)
      sequence += 1
      let data = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
      if k == 0 {
        chunk("IDAT", data)
      } else {
        chunk("fdAT", be32Bytes(sequence) + data)
        sequence += 1
      }
    }
    chunk("IEND", [])
    return out
  }

  /// The palette of every frame's colours when there are at most 256 (sorted, so the same frames give the same
  /// bytes), with the frames' indices.
  struct Indexed {
    var colors: [UInt32]
    var index: [UInt32: UInt8]
    var layout: PNGPixelLayout

    func indices(_ image: RGBAImage) -> [UInt8] {
      var out = [UInt8](repeating: 0, count: image.width * image.height)
      for i in out.indices {
        let p = i * 4
        out[i] = index[Indexed.key(image.pixels, p)] ?? 0
      }
      return out
    }

    static func key(_ px: [UInt8], _ p: Int) -> UInt32 {
      // Every fully transparent pixel is one colour.
      px[p + 3] == 0 ? 0 : UInt32(px[p]) << 24 | UInt32(px[p + 1]) << 16 | UInt32(px[p + 2]) << 8 | UInt32(px[p + 3])
    }
  }

  static func indexedLayout(_ animation: AnimatedImage) -> Indexed? {
    var seen = Set<UInt32>()
    for frame in animation.frames {
      let px = frame.image.pixels
      for p in stride(from: 0, to: px.count, by: 4) {
        seen.insert(Indexed.key(px, p))
        if seen.count > 256 { return nil }
      }
    }
    let colors = seen.sorted { ($0 & 0xFF, $0) < ($1 & 0xFF, $1) }
    var index: [UInt32: UInt8] = [:]
    for (i, c) in colors.enumerated() { index[c] = UInt8(i) }
    let rgb = colors.flatMap { [UInt8($0 >> 24), UInt8(($0 >> 16) & 0xFF), UInt8(($0 >> 8) & 0xFF)] }
    var alpha = colors.map { UInt8($0 & 0xFF) }
    while alpha.last == 255 { alpha.removeLast() }
    return Indexed(colors: colors, index: index, layout: .indexed(palette: rgb, alpha: alpha, bitDepth: 8))
  }
}
