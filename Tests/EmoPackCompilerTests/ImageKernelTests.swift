import TestSupport
import Testing

@testable import EmoPackCompiler

/// The palette's nearest-colour search against a scan of every entry.
@Suite struct NearestColorTests {
  /// The nearest entry by weighted squared distance; of equal distances, the lowest index.
  static func scan(_ palette: [(Int64, Int64, Int64, Int64)], _ c: (Int64, Int64, Int64, Int64)) -> Int {
    let w = PaletteQuantizer.weights
    var best = (distance: Int64.max, index: 0)
    for (j, p) in palette.enumerated() {
      let (r, g, b, a) = (p.0 - c.0, p.1 - c.1, p.2 - c.2, p.3 - c.3)
      let d = r * r * w[0] + g * g * w[1] + b * b * w[2] + a * a * w[3]
      if d < best.distance { best = (d, j) }
    }
    return best.index
  }

  /// Palettes of 1 to 256 entries, some drawn from a few levels so that greens, distances and whole entries tie,
  /// each asked for random premultiplied colours, for its own entries, and for its entries with green moved (an
  /// entry as far in green alone as the best so far may still be the nearest).
  @Test func everyQueryFindsTheEntryAScanFinds() {
    var g = SplitMix(seed: 21)
    var mismatches: [String] = []
    for round in 0..<200 {
      let size = 1 + Int(g.next() % 256)
      let levels: Int64 = round % 3 == 0 ? 4 : 256
      func colour() -> (Int64, Int64, Int64, Int64) {
        let a = Int64(g.next() % UInt64(levels)) * (255 / (levels - 1))
        func channel() -> Int64 { a == 0 ? 0 : Int64(g.next() % UInt64(a + 1)) }
        return (channel(), channel(), channel(), a)
      }
      let palette = (0..<size).map { _ in colour() }
      let nearest = NearestColor(palette)
      let moved = palette.prefix(16).map { p in (p.0, min(p.3, max(0, p.1 + Int64(g.next() % 7) - 3)), p.2, p.3) }
      let queries = (0..<24).map { _ in colour() } + palette.prefix(8) + moved
      for c in queries where nearest.index(c) != Self.scan(palette, c) {
        mismatches.append("round \(round): \(c) → \(nearest.index(c)), a scan finds \(Self.scan(palette, c))")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(3))")
  }
}

/// The resampler's rounding back to bytes against `Float.rounded()`.
@Suite struct StraightByteTests {
  /// Every float within 64 steps of each half and whole number of -2...257, random floats of ±400, and the
  /// values outside: clamped to 0...255 and rounded half away from zero.
  @Test func roundsAsFloatRoundedDoes() {
    var values: [Float] = [.infinity, -.infinity, 1e30, -1e30, 0, -0.0, .leastNonzeroMagnitude]
    for twice in -4...514 {
      let base = Float(twice) / 2
      var up = base
      var down = base
      for _ in 0..<64 {
        values += [up, down]
        up = up.nextUp
        down = down.nextDown
      }
    }
    var g = SplitMix(seed: 8)
    for _ in 0..<20_000 {
      values.append(Float(bitPattern: UInt32(truncatingIfNeeded: g.next())).truncatingRemainder(dividingBy: 400))
    }
    let wrong = values.filter { !$0.isNaN && straightByte($0) != UInt32(min(max($0, 0), 255).rounded()) }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
  }
}
