import EmoImage

/// Decodes animated PNGs (APNG: `acTL`, `fcTL`, `fdAT`) with libpng, which does not know them.
///
/// The chunks are walked in Swift first (CRCs, sequence numbers, frame rectangles, delays and the limits, before
/// any pixel is decoded). Each frame's data is then rewrapped as a standalone PNG — the file's IHDR at the frame's
/// size, its PLTE and tRNS, the frame's `fdAT` payloads as IDAT — and decoded by libpng; frames are composited on
/// the canvas with their blend (`source`, `over`) and dispose (`none`, `background`, `previous`) operations.
/// Delays are `delay_num / delay_den` seconds (a zero denominator means 1/100 s); a frame of 0 ms lasts 10 ms.
package enum APNGDecoder {
  /// True when `bytes` is a PNG whose `acTL` chunk comes before its image data (an animated PNG).
  package static func isAnimated(_ bytes: [UInt8]) -> Bool {
    (try? chunks(bytes).contains { $0.type == "acTL" }) ?? false
  }

  /// True when the first bytes of a PNG hold an `acTL` chunk before any IDAT (a prefix of the file suffices).
  package static func isAnimatedPrefix(_ b: [UInt8]) -> Bool {
    guard b.count >= 8, b[0] == 0x89, b[1] == 0x50 else { return false }
    var at = 8
    while at + 8 <= b.count {
      let length = Int(be32(b, at))
      let type = String(decoding: b[(at + 4)..<(at + 8)], as: UTF8.self)
      if type == "acTL" { return true }
      if type == "IDAT" || type == "IEND" { return false }
      guard length < b.count else { return false }
      at += 12 + length
    }
    return false
  }

  struct Chunk {
    var type: String
    var data: ArraySlice<UInt8>
    var offset: Int
  }

  /// The chunks up to IEND, each CRC checked.
  static func chunks(_ b: [UInt8]) throws(PNGError) -> [Chunk] {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard b.count >= 8, Array(b[0..<8]) == signature else { throw PNGError(.notPNG, "not a PNG file") }
    var out: [Chunk] = []
    var at = 8
    while true {
      guard at + 12 <= b.count else { throw PNGError(.libpng, "truncated at byte \(at): chunk header missing") }
      let length = Int(be32(b, at))
      guard length <= b.count - at - 12 else {
        throw PNGError(.libpng, "truncated at byte \(at): chunk of \(length) bytes runs past the end")
      }
      let type = String(decoding: b[(at + 4)..<(at + 8)], as: UTF8.self)
      let crc = be32(b, at + 8 + length)
      let computed = Zlib.crc32(Array(b[(at + 4)..<(at + 8 + length)]))
      guard crc == computed else {
        throw PNGError(.libpng, "\(type) chunk at byte \(at): CRC is 0x\(hex(crc)), computed 0x\(hex(computed))")
      }
      out.append(Chunk(type: type, data: b[(at + 8)..<(at + 8 + length)], offset: at))
      at += 12 + length
      if type == "IEND" { return out }
    }
  }

  /// One frame as the file describes it.
  struct FrameControl {
    var width: Int
    var height: Int
    var x: Int
    var y: Int
    var delay: Int
    var dispose: Int
    var blend: Int
    var data: [[UInt8]] = []
  }

  /// What a first pass over the chunks finds, without decoding: the canvas, the frames and their delays.
  package struct Summary: Sendable, Equatable {
    /// Canvas width.
    package var width: Int
    /// Canvas height.
    package var height: Int
    /// Frames found.
    package var frameCount: Int
    /// Total plays, 0 forever.
    package var loopCount: Int
    /// Sum of the delays in milliseconds.
    package var duration: Int
    /// Each frame's delay in milliseconds, normalised as `decode` gives them.
    package var delays: [Int] = []
  }

  /// The first pass alone (no pixel is decoded); throws what `decode` would for the file's structure and limits.
  package static func summary(_ bytes: [UInt8], limits: AnimationLimits = .default) throws(PNGError) -> Summary {
    let s = try parse(bytes, limits: limits)
    return Summary(
      width: s.width, height: s.height, frameCount: s.frames.count, loopCount: s.plays,
      duration: s.frames.reduce(0) { $0 + $1.delay }, delays: s.frames.map(\.delay))
  }

  struct Parsed {
    var width: Int
    var height: Int
    var ihdr: ArraySlice<UInt8>
    var shared: [Chunk]
    var plays: Int
    var frames: [FrameControl]
  }

  static func parse(_ bytes: [UInt8], limits: AnimationLimits) throws(PNGError) -> Parsed {
    let all = try chunks(bytes)
    guard let ihdr = all.first, ihdr.type == "IHDR", ihdr.data.count == 13 else {
      throw PNGError(.libpng, "IHDR chunk missing or malformed")
    }
    let width = Int(be32(ihdr.data, ihdr.data.startIndex))
    let height = Int(be32(ihdr.data, ihdr.data.startIndex + 4))
    guard width > 0, height > 0 else { throw PNGError(.libpng, "canvas is \(width)x\(height)") }
    var declared: Int?
    var plays = 0
    var shared: [Chunk] = []
    var frames: [FrameControl] = []
    var sequence = 0
    var seenIDAT = false
    var duration = 0
    for c in all.dropFirst() {
      let d = c.data
      switch c.type {
      case "acTL":
        guard !seenIDAT, d.count == 8 else {
          throw PNGError(.libpng, "acTL chunk at byte \(c.offset) is malformed or after IDAT")
        }
        declared = Int(be32(d, d.startIndex))
        plays = Int(be32(d, d.startIndex + 4))
        guard let n = declared, n > 0 else { throw PNGError(.libpng, "acTL declares no frames") }
        if let v = limits.violation(width: width, height: height, frames: n, duration: 0) {
          throw PNGError(.tooLarge, "acTL declares \(n) frames: \(v)")
        }
      case "PLTE", "tRNS":
        if !seenIDAT { shared.append(c) }
      case "fcTL":
        guard d.count == 26 else {
          throw PNGError(.libpng, "fcTL chunk at byte \(c.offset) is \(d.count) bytes, not 26")
        }
        let s = d.startIndex
        guard Int(be32(d, s)) == sequence else {
          throw PNGError(.libpng, "fcTL at byte \(c.offset) has sequence number \(be32(d, s)), expected \(sequence)")
        }
        sequence += 1
        let f = FrameControl(
          width: Int(be32(d, s + 4)), height: Int(be32(d, s + 8)), x: Int(be32(d, s + 12)), y: Int(be32(d, s + 16)),
          delay: delayMilliseconds(Int(be16(d, s + 20)), Int(be16(d, s + 22))), dispose: Int(d[s + 24]),
          blend: Int(d[s + 25]))
        guard f.width > 0, f.height > 0, f.x <= width - f.width, f.y <= height - f.height else {
          throw PNGError(
            .libpng,
            "frame \(frames.count) is \(f.width)x\(f.height) at \(f.x),\(f.y), outside the \(width)x\(height) canvas")
        }
        guard f.dispose <= 2, f.blend <= 1 else {
          throw PNGError(.libpng, "frame \(frames.count) has dispose \(f.dispose), blend \(f.blend)")
        }
        if frames.isEmpty && (f.x != 0 || f.y != 0 || f.width != width || f.height != height) {
          throw PNGError(.libpng, "the first frame must cover the canvas")
        }
        duration += f.delay
        if let v = limits.violation(width: width, height: height, frames: frames.count + 1, duration: duration) {
          throw PNGError(.tooLarge, v)
        }
        frames.append(f)
      case "IDAT":
        seenIDAT = true
        // IDAT is the first frame's data when an fcTL came before it; else the default image, not shown.
        if frames.count == 1 && sequence == 1 { frames[0].data.append(Array(d)) }
      case "fdAT":
        guard d.count >= 4, Int(be32(d, d.startIndex)) == sequence else {
          throw PNGError(.libpng, "fdAT at byte \(c.offset) is out of sequence (expected \(sequence))")
        }
        sequence += 1
        guard !frames.isEmpty else { throw PNGError(.libpng, "fdAT at byte \(c.offset) before any fcTL") }
        frames[frames.count - 1].data.append(Array(d.dropFirst(4)))
      default:
        continue
      }
    }
    guard let n = declared else { throw PNGError(.libpng, "not an animated PNG: no acTL chunk") }
    guard n == frames.count else { throw PNGError(.libpng, "acTL declares \(n) frames, the file has \(frames.count)") }
    for (i, f) in frames.enumerated() where f.data.isEmpty {
      throw PNGError(.libpng, "frame \(i) has no image data")
    }
    return Parsed(width: width, height: height, ihdr: ihdr.data, shared: shared, plays: plays, frames: frames)
  }

  /// Decodes every frame and composites it; an APNG of one frame gives one frame.
  package static func decode(
    _ bytes: [UInt8], limits: AnimationLimits = .default, pngLimits: PNGLimits = .default
  ) throws(PNGError) -> AnimatedImage {
    let p = try parse(bytes, limits: limits)
    var canvas = AnimationCanvas(width: p.width, height: p.height)
    var out: [AnimatedImage.Frame] = []
    for (i, f) in p.frames.enumerated() {
      let png = rewrap(p, f)
      let image: RGBAImage
      do { image = try PNGDecoder.decode(png, limits: pngLimits).image } catch {
        throw PNGError(error.kind, "frame \(i): \(error.message)")
      }
      let saved = f.dispose == 2 ? canvas.pixels : nil
      canvas.draw(image, x: f.x, y: f.y, over: f.blend == 1 && i > 0)
      out.append(AnimatedImage.Frame(image: canvas.image, delay: f.delay))
      if f.dispose == 1 || (f.dispose == 2 && i == 0) {
        canvas.clear(x: f.x, y: f.y, width: f.width, height: f.height)
      } else if let saved {
        canvas.restore(x: f.x, y: f.y, width: f.width, height: f.height, from: saved)
      }
    }
    return AnimatedImage(width: p.width, height: p.height, frames: out, loopCount: p.plays)
  }

  /// A standalone PNG of one frame: the IHDR at the frame's size, the shared chunks, the frame's data as IDAT.
  static func rewrap(_ p: Parsed, _ f: FrameControl) -> [UInt8] {
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    func chunk(_ type: String, _ data: [UInt8]) {
      let body = Array(type.utf8) + data
      out += be32Bytes(UInt32(data.count)) + body + be32Bytes(Zlib.crc32(body))
    }
    var ihdr = Array(p.ihdr)
    ihdr.replaceSubrange(0..<4, with: be32Bytes(UInt32(f.width)))
    ihdr.replaceSubrange(4..<8, with: be32Bytes(UInt32(f.height)))
    chunk("IHDR", ihdr)
    for c in p.shared { chunk(c.type, Array(c.data)) }
    for d in f.data { chunk("IDAT", d) }
    chunk("IEND", [])
    return out
  }

  /// `num / den` seconds in milliseconds (a zero denominator means 1/100 s), at least 10 ms.
  package static func delayMilliseconds(_ num: Int, _ den: Int) -> Int {
    let d = den == 0 ? 100 : den
    return max(10, (num * 1000 + d / 2) / d)
  }
}

func be32<C: Collection>(_ b: C, _ at: C.Index) -> UInt32 where C.Element == UInt8, C.Index == Int {
  UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
}

func be16<C: Collection>(_ b: C, _ at: C.Index) -> UInt16 where C.Element == UInt8, C.Index == Int {
  UInt16(b[at]) << 8 | UInt16(b[at + 1])
}

func be32Bytes(_ v: UInt32) -> [UInt8] {
  [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
}

func hex(_ v: UInt32) -> String {
  let s = String(v, radix: 16)
  return String(repeating: "0", count: max(0, 8 - s.count)) + s
}
