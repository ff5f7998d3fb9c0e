import EmoImage
import EmoPNG

/// Reduces a sheet to at most 256 colours, alpha included, so that it is written as an indexed PNG.
///
/// Colours are chosen in premultiplied RGBA (what is hidden under zero alpha never counts and never bleeds): a
/// median cut over the sheet's colour histogram, splitting the box with the largest weighted error, refined by
/// k-means; pixels are then mapped with Floyd–Steinberg error diffusion in premultiplied space that never
/// carries error into or out of a fully transparent pixel, and fully transparent pixels all take the one
/// transparent entry. Every sprite is then held to the SSIM floor (`SSIM`): the mapping is tried with diffusion at
/// a quarter strength and without; if a sprite still misses the floor, the palette is chosen again with the pixels
/// of the failing sprites weighing more (up to `rounds` palettes), and the sheet is kept lossless when none holds.
/// All the colour arithmetic is integer, so the result is the same on every machine.
package struct PaletteQuantizer: Sendable {
  /// The least SSIM every sprite must keep.
  package var ssimFloor: Double
  /// Most colours, the transparent one included.
  package var maxColors: Int
  /// Error diffusion strengths tried, in quarters (4 is full Floyd–Steinberg, 0 none), until one holds the floor.
  package var ditherStrengths: [Int] = [1, 0]
  /// Channel weights of the colour distance (R, G, B, A).
  static let weights: [Int64] = [weightR, weightG, weightB, weightA]
  static let weightR: Int64 = 4
  static let weightG: Int64 = 5
  static let weightB: Int64 = 3
  static let weightA: Int64 = 6
  /// k-means rounds after the median cut.
  static let refinements = 8
  /// Palettes tried: after the first, the pixels of sprites under the floor count `failingWeight` times more.
  static let rounds = 3
  /// How much more a failing sprite's pixels weigh in the next round.
  static let failingWeight: Int64 = 8
  /// How far under the floor a sheet may be for another palette, or smaller pages, to be tried.
  package static let retryMargin = 0.05

  /// Creates a quantizer.
  package init(ssimFloor: Double = PackSettings().ssimFloor, maxColors: Int = 256) {
    self.ssimFloor = ssimFloor
    self.maxColors = max(2, min(256, maxColors))
  }

  /// The quantized sheet (straight alpha, at most `maxColors` colours) and what was decided; the image is nil when
  /// the sheet stays lossless (already few colours, or a sprite under the floor).
  package func quantize(
    rows: UnsafePointer<UInt8>, rowStride: Int, width: Int, height: Int, sprites: [PixelRect]
  ) -> (image: RGBAImage?, outcome: PaletteOutcome) {
    let pm = Self.premultiply(rows: rows, rowStride: rowStride, width: width, height: height)
    let histogram = Self.histogram(pm)
    if histogram.count < maxColors {
      return (
        nil,
        PaletteOutcome(
          accepted: false, exact: true, colors: histogram.count + 1, minimumSSIM: 1, meanSSIM: 1, floor: ssimFloor)
      )
    }
    // Sprites that miss the floor weigh more in the next round's histogram, pulling colours their way.
    var weights: [Int64]?
    var best: (image: RGBAImage, min: Double, mean: Double, colors: Int, failing: [Int], scores: [Double])?
    for round in 0..<Self.rounds {
      let bins = round == 0 ? histogram : Self.histogram(pm, weights: weights)
      var palette = Self.medianCut(bins, colors: maxColors - 1)
      for _ in 0..<Self.refinements { palette = Self.refine(palette, bins) }
      let nearest = NearestColor(palette)
      var failing: [PixelRect] = []
      for strength in ditherStrengths {
        let image = Self.map(pm, width: width, height: height, nearest: nearest, ditherQuarters: strength)
        var scores: [Double] = []
        image.pixels.withUnsafeBufferPointer { q in
          guard let candidate = q.baseAddress else { return }
          for r in sprites {
            scores.append(
              SSIM.compare(
                reference: rows, referenceStride: rowStride, candidate: candidate, candidateStride: width * 4,
                rect: r))
          }
        }
        let minimum = scores.min() ?? 1
        let mean = scores.isEmpty ? 1 : scores.reduce(0, +) / Double(scores.count)
        if minimum > best?.min ?? -.infinity {
          best = (image, minimum, mean, palette.count + 1, scores.indices.filter { scores[$0] < ssimFloor }, scores)
        }
        failing = zip(sprites, scores).filter { $0.1 < ssimFloor }.map(\.0)
        if failing.isEmpty { break }
      }
      // Weighting pays only near the floor; far under it (noisy art) no palette of 256 holds, so stop early.
      if let best, best.min >= ssimFloor || best.min < ssimFloor - Self.retryMargin { break }
      var w = weights ?? [Int64](repeating: 1, count: width * height)
      for r in failing {
        for y in r.y..<(r.y + r.height) { for x in r.x..<(r.x + r.width) { w[y * width + x] *= Self.failingWeight } }
      }
      weights = w
    }
    guard let best else {
      return (
        nil, PaletteOutcome(accepted: false, exact: false, colors: 0, minimumSSIM: 0, meanSSIM: 0, floor: ssimFloor)
      )
    }
    let outcome = PaletteOutcome(
      accepted: best.min >= ssimFloor, exact: false, colors: best.colors, minimumSSIM: best.min,
      meanSSIM: best.mean, floor: ssimFloor, failing: best.failing, scores: best.scores)
    return (outcome.accepted ? best.image : nil, outcome)
  }

  /// The sheet's pixels premultiplied (`c × a / 255`, rounded), four bytes each, rows packed.
  static func premultiply(rows: UnsafePointer<UInt8>, rowStride: Int, width: Int, height: Int) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: width * height * 4)
    out.withUnsafeMutableBufferPointer { o in
      for y in 0..<height {
        let r = rows + y * rowStride
        for x in 0..<width {
          let a = Int(r[x * 4 + 3])
          let d = (y * width + x) * 4
          o[d] = UInt8((Int(r[x * 4]) * a + 127) / 255)
          o[d + 1] = UInt8((Int(r[x * 4 + 1]) * a + 127) / 255)
          o[d + 2] = UInt8((Int(r[x * 4 + 2]) * a + 127) / 255)
          o[d + 3] = UInt8(a)
        }
      }
    }
    return out
  }

  /// A colour and how many pixels have it.
  struct Bin {
    var c: (Int64, Int64, Int64, Int64)
    var count: Int64
  }

  /// The visible premultiplied colours and their counts, sorted by colour (a fixed order for what follows).
  static func histogram(_ pm: [UInt8], weights: [Int64]? = nil) -> [Bin] {
    var counts: [UInt32: Int64] = [:]
    pm.withUnsafeBytes { raw in
      var i = 0
      while i < raw.count {
        if raw[i + 3] != 0 {
          counts[raw.loadUnaligned(fromByteOffset: i, as: UInt32.self), default: 0] += weights?[i / 4] ?? 1
        }
        i += 4
      }
    }
    return counts.sorted { $0.key < $1.key }.map { key, count in
      let k = UInt32(littleEndian: key)
      return Bin(c: (Int64(k & 0xFF), Int64((k >> 8) & 0xFF), Int64((k >> 16) & 0xFF), Int64(k >> 24)), count: count)
    }
  }

  @inline(__always) static func channel(_ c: (Int64, Int64, Int64, Int64), _ k: Int) -> Int64 {
    switch k {
    case 0: c.0
    case 1: c.1
    case 2: c.2
    default: c.3
    }
  }

  /// Median cut: splits the box with the largest weighted squared error at the weighted median of its widest
  /// channel until `colors` boxes; each box's colour is its pixels' mean.
  static func medianCut(_ bins: [Bin], colors: Int) -> [(Int64, Int64, Int64, Int64)] {
    struct Box {
      var range: Range<Int>
      var error: Double
      var channel: Int
    }
    var order = bins
    func describe(_ r: Range<Int>) -> Box {
      var best = (channel: 0, error: -1.0)
      var total = 0.0
      for k in 0..<4 {
        var n: Int64 = 0
        var s: Int64 = 0
        var s2: Int64 = 0
        for i in r {
          let v = channel(order[i].c, k)
          n += order[i].count
          s += v * order[i].count
          s2 += v * v * order[i].count
        }
        // n × variance, weighted (in Double: s² overflows 64 bits on large weighted sheets; the same operations in
        // the same order give the same result on every IEEE machine).
        let e = n == 0 ? 0 : (Double(s2) - Double(s) * Double(s) / Double(n)) * Double(weights[k])
        total += e
        if e > best.error { best = (k, e) }
      }
      return Box(range: r, error: r.count > 1 ? total : 0, channel: best.channel)
    }
    var boxes = [describe(0..<order.count)]
    while boxes.count < colors {
      // The largest error; of equal errors, the first box.
      guard
        let pick = boxes.indices.max(by: {
          boxes[$0].error < boxes[$1].error || (boxes[$0].error == boxes[$1].error && $1 < $0)
        }),
        boxes[pick].error > 0
      else { break }
      let box = boxes[pick]
      let k = box.channel
      // By the channel, then the colour: channels are bytes, so one integer holds the whole order.
      @inline(__always) func key(_ c: (Int64, Int64, Int64, Int64)) -> Int64 {
        channel(c, k) << 32 | c.0 << 24 | c.1 << 16 | c.2 << 8 | c.3
      }
      order[box.range].sort { key($0.c) < key($1.c) }
      let half = order[box.range].reduce(Int64(0)) { $0 + $1.count } / 2
      var acc: Int64 = 0
      var cut = box.range.lowerBound + 1
      for i in box.range {
        acc += order[i].count
        if acc >= half {
          cut = min(max(i + 1, box.range.lowerBound + 1), box.range.upperBound - 1)
          break
        }
      }
      boxes[pick] = describe(box.range.lowerBound..<cut)
      boxes.append(describe(cut..<box.range.upperBound))
    }
    return boxes.map { box in
      var s: [Int64] = [0, 0, 0, 0]
      var n: Int64 = 0
      for i in box.range {
        for k in 0..<4 { s[k] += channel(order[i].c, k) * order[i].count }
        n += order[i].count
      }
      return mean(s, n)
    }
  }

  /// The mean colour, rounded, with colour at most alpha (a valid premultiplied colour).
  static func mean(_ s: [Int64], _ n: Int64) -> (Int64, Int64, Int64, Int64) {
    guard n > 0 else { return (0, 0, 0, 0) }
    let a = (s[3] + n / 2) / n
    return (min(a, (s[0] + n / 2) / n), min(a, (s[1] + n / 2) / n), min(a, (s[2] + n / 2) / n), a)
  }

  /// One k-means round: each colour goes to its nearest entry, each entry moves to its colours' mean (an entry
  /// with none stays).
  static func refine(
    _ palette: [(Int64, Int64, Int64, Int64)], _ bins: [Bin]
  ) -> [(Int64, Int64, Int64, Int64)] {
    let nearest = NearestColor(palette)
    // Four sums an entry, side by side.
    var sums = [Int64](repeating: 0, count: palette.count * 4)
    var counts = [Int64](repeating: 0, count: palette.count)
    for b in bins {
      let i = nearest.index(b.c)
      sums[i * 4] += b.c.0 * b.count
      sums[i * 4 + 1] += b.c.1 * b.count
      sums[i * 4 + 2] += b.c.2 * b.count
      sums[i * 4 + 3] += b.c.3 * b.count
      counts[i] += b.count
    }
    return palette.indices.map { counts[$0] == 0 ? palette[$0] : mean(Array(sums[$0 * 4..<$0 * 4 + 4]), counts[$0]) }
  }

  /// Maps every pixel to its palette colour, straight alpha; `ditherQuarters` of the error (0–4 quarters) is
  /// diffused Floyd–Steinberg style along serpentine rows, only between visible pixels.
  static func map(
    _ pm: [UInt8], width: Int, height: Int, nearest: NearestColor, ditherQuarters: Int
  ) -> RGBAImage {
    var out = [UInt8](repeating: 0, count: width * height * 4)
    let straight = nearest.palette.map { c -> (UInt8, UInt8, UInt8, UInt8) in
      guard c.3 > 0 else { return (0, 0, 0, 0) }
      func un(_ v: Int64) -> UInt8 { UInt8(min(255, (v * 255 + c.3 / 2) / c.3)) }
      return (un(c.0), un(c.1), un(c.2), UInt8(c.3))
    }
    // Error rows in 1/16 units times quarters: this row and the next, with a pixel of margin on each side.
    var current = [Int64](repeating: 0, count: (width + 2) * 4)
    var next = current
    let q = Int64(ditherQuarters)
    pm.withUnsafeBufferPointer { p in
      out.withUnsafeMutableBufferPointer { o in
        for y in 0..<height {
          let leftToRight = y % 2 == 0
          current.withUnsafeMutableBufferPointer { current in
            next.withUnsafeMutableBufferPointer { next in
              for step in 0..<width {
                let x = leftToRight ? step : width - 1 - step
                let i = (y * width + x) * 4
                if p[i + 3] == 0 { continue }
                let e = (x + 1) * 4
                // The pixel plus the error carried to it, a valid premultiplied colour.
                let a = min(255, max(1, Int64(p[i + 3]) + current[e + 3] / 64))
                let v = (
                  min(a, max(0, Int64(p[i]) + current[e] / 64)), min(a, max(0, Int64(p[i + 1]) + current[e + 1] / 64)),
                  min(a, max(0, Int64(p[i + 2]) + current[e + 2] / 64)), a
                )
                let pick = nearest.index(v)
                let c = nearest.palette[pick]
                let s = straight[pick]
                o[i] = s.0
                o[i + 1] = s.1
                o[i + 2] = s.2
                o[i + 3] = s.3
                guard q > 0 else { continue }
                let err = ((v.0 - c.0) * q, (v.1 - c.1) * q, (v.2 - c.2) * q, (v.3 - c.3) * q)
                let ahead = leftToRight ? 1 : -1
                let nx = x + ahead
                func visible(_ xx: Int, _ yy: Int) -> Bool {
                  xx >= 0 && xx < width && yy < height && p[(yy * width + xx) * 4 + 3] != 0
                }
                // Each neighbour that is visible takes its share of all four channels.
                func spread(_ row: UnsafeMutableBufferPointer<Int64>, _ xx: Int, _ share: Int64) {
                  let d = (xx + 1) * 4
                  row[d] += err.0 * share
                  row[d + 1] += err.1 * share
                  row[d + 2] += err.2 * share
                  row[d + 3] += err.3 * share
                }
                if visible(nx, y) { spread(current, nx, 7) }
                if visible(x - ahead, y + 1) { spread(next, x - ahead, 3) }
                if visible(x, y + 1) { spread(next, x, 5) }
                if visible(nx, y + 1) { spread(next, nx, 1) }
              }
            }
          }
          swap(&current, &next)
          for k in next.indices { next[k] = 0 }
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: out)
  }
}
