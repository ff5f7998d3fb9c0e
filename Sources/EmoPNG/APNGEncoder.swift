import EmoImage

/// Writes animated PNGs: the first frame whole as `IDAT` (so viewers without APNG show it), each later frame as the
/// smallest rectangle holding every pixel it changes from the frame before, as `fdAT` with dispose none. Where every
/// changed pixel is opaque the rectangle blends over the canvas and its unchanged pixels are written transparent,
/// which compresses to almost nothing (decoders differ on compositing partly transparent pixels, so those frames
/// do not blend); otherwise it replaces the rectangle (blend source). Either way the canvas then shows the new frame exactly. Sequence numbers and CRCs are as the APNG
/// specification asks; frames of at most 256 colours in all share one palette.
package enum APNGEncoder {
  /// One frame's rectangle and what is written there.
  struct Part {
    var x: Int, y: Int
    var image: RGBAImage
    /// Blend over (unchanged pixels transparent) rather than source.
    var over: Bool
  }

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
    var parts: [Part] = []
    for (k, frame) in animation.frames.enumerated() {
      guard frame.image.width == w, frame.image.height == h, frame.image.pixels.count == w * h * 4 else {
        throw PNGError(.invalidArgument, "frame \(k) is not the \(w)x\(h) canvas")
      }
      parts.append(
        k == 0
          ? Part(x: 0, y: 0, image: frame.image, over: false)
          : part(from: animation.frames[k - 1].image, to: frame.image))
    }
    // At most 256 colours in all the parts: one palette (PLTE and tRNS) and indexed frames.
    let layout = indexedLayout(parts.map(\.image))
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    func chunk(_ type: String, _ data: [UInt8]) {
      let body = Array(type.utf8) + data
      out += be32Bytes(UInt32(data.count)) + body + be32Bytes(Zlib.crc32(body))
    }
    var sequence: UInt32 = 0
    for (k, frame) in animation.frames.enumerated() {
      let p = parts[k]
      let (pw, ph) = (p.image.width, p.image.height)
      let png: [UInt8]
      if let layout {
        png = try PNGEncoder.encode(
          samples: layout.indices(p.image), width: pw, height: ph, layout: layout.layout, options: options)
      } else {
        png = try PNGEncoder.encode(samples: p.image.pixels, width: pw, height: ph, layout: .rgba, options: options)
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
      var fctl = be32Bytes(sequence) + be32Bytes(UInt32(pw)) + be32Bytes(UInt32(ph))
      fctl += be32Bytes(UInt32(p.x)) + be32Bytes(UInt32(p.y))
      fctl += [UInt8(delay >> 8), UInt8(delay & 0xFF), 0x03, 0xE8, 0, p.over ? 1 : 0]
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

  /// What frame `b` writes over frame `a`: the rectangle it changes, blended over with its unchanged pixels
  /// transparent when every changed pixel is opaque, else as is.
  static func part(from a: RGBAImage, to b: RGBAImage) -> Part {
    let r = changed(from: a, to: b)
    var crop = b.cropped(x: r.x, y: r.y, width: r.w, height: r.h)
    var over = true
    var cleared = crop.pixels
    a.pixels.withUnsafeBufferPointer { pa in
      crop.pixels.withUnsafeBufferPointer { pb in
        for y in 0..<r.h where over {
          for x in 0..<r.w {
            let o = ((r.y + y) * a.width + r.x + x) * 4
            let q = (y * r.w + x) * 4
            if pa[o] == pb[q] && pa[o + 1] == pb[q + 1] && pa[o + 2] == pb[q + 2] && pa[o + 3] == pb[q + 3] {
              cleared[q] = 0
              cleared[q + 1] = 0
              cleared[q + 2] = 0
              cleared[q + 3] = 0
            } else if pb[q + 3] != 255 {
              over = false
              break
            }
          }
        }
      }
    }
    if over { crop.pixels = cleared }
    return Part(x: r.x, y: r.y, image: crop, over: over)
  }

  /// The smallest rectangle holding every pixel that differs between two canvases of one size (a 1 × 1 one at the
  /// origin when none does).
  static func changed(from a: RGBAImage, to b: RGBAImage) -> (x: Int, y: Int, w: Int, h: Int) {
    var (x0, y0, x1, y1) = (a.width, a.height, -1, -1)
    a.pixels.withUnsafeBytes { pa in
      b.pixels.withUnsafeBytes { pb in
        for y in 0..<a.height {
          for x in 0..<a.width {
            let o = (y * a.width + x) * 4
            if pa.loadUnaligned(fromByteOffset: o, as: UInt32.self)
              != pb.loadUnaligned(fromByteOffset: o, as: UInt32.self)
            {
              x0 = min(x0, x)
              x1 = max(x1, x)
              y0 = min(y0, y)
              y1 = max(y1, y)
            }
          }
        }
      }
    }
    return x1 < 0 ? (0, 0, 1, 1) : (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
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

  static func indexedLayout(_ images: [RGBAImage]) -> Indexed? {
    var seen = Set<UInt32>()
    for image in images {
      let px = image.pixels
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
