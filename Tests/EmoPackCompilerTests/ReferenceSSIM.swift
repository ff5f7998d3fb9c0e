import EmoImage
import EmoPackCompiler
import Testing
import TestSupport

/// A second, plain SSIM written from the definition in docs/CLI.md, for scoring what the build's `SSIM` decided:
/// premultiplied RGBA (rounding `c × a / 255`), 8 × 8 windows at a stride of 4 (a shorter side: one window of that
/// side), windows all transparent in the reference skipped, the four channels' SSIM averaged with two-pass means
/// and population variances, C1 = (0.01 · 255)², C2 = (0.03 · 255)², 1 when no window is left.
enum ReferenceSSIM {
  /// SSIM of `reference` and `candidate`, two straight-alpha images of one size.
  static func score(_ reference: RGBAImage, _ candidate: RGBAImage) -> Double {
    // Premultiplied, once per image.
    func pm(_ image: RGBAImage) -> [Double] {
      var out = [Double](repeating: 0, count: image.pixels.count)
      for i in stride(from: 0, to: image.pixels.count, by: 4) {
        let a = Int(image.pixels[i + 3])
        for c in 0..<3 { out[i + c] = Double((Int(image.pixels[i + c]) * a + 127) / 255) }
        out[i + 3] = Double(a)
      }
      return out
    }
    let (pa, pb) = (pm(reference), pm(candidate))
    let (w, h) = (reference.width, reference.height)
    let (ww, wh) = (min(8, w), min(8, h))
    let (c1, c2) = ((0.01 * 255) * (0.01 * 255), (0.03 * 255) * (0.03 * 255))
    var total = 0.0
    var windows = 0
    for y in stride(from: 0, through: h - wh, by: 4) {
      for x in stride(from: 0, through: w - ww, by: 4) {
        var offsets: [Int] = []
        for j in 0..<wh { for i in 0..<ww { offsets.append(((y + j) * w + x + i) * 4) } }
        guard offsets.contains(where: { pa[$0 + 3] != 0 }) else { continue }
        var sum = 0.0
        for c in 0..<4 {
          let n = Double(offsets.count)
          var (ma, mb) = (0.0, 0.0)
          for o in offsets {
            ma += pa[o + c]
            mb += pb[o + c]
          }
          ma /= n
          mb /= n
          var (va, vb, cov) = (0.0, 0.0, 0.0)
          for o in offsets {
            let (da, db) = (pa[o + c] - ma, pb[o + c] - mb)
            va += da * da
            vb += db * db
            cov += da * db
          }
          (va, vb, cov) = (va / n, vb / n, cov / n)
          sum += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
        }
        total += sum / 4
        windows += 1
      }
    }
    return windows == 0 ? 1 : total / Double(windows)
  }
}

@Suite struct ReferenceSSIMTests {
  /// The build's SSIM and the plain one agree on random sprites, translucent ones included.
  @Test func theBuildsSSIMIsThePlainOne() {
    var g = SplitMix(seed: 58)
    for _ in 0..<20 {
      let (w, h) = (1 + Int(g.next() % 30), 1 + Int(g.next() % 30))
      let a = (0..<(w * h * 4)).map { _ in UInt8(truncatingIfNeeded: g.next()) }
      let b = a.map { v in UInt8(clamping: Int(v) + Int(g.next() % 21) - 10) }
      let (ra, rb) = (RGBAImage(width: w, height: h, pixels: a), RGBAImage(width: w, height: h, pixels: b))
      #expect(abs(SSIM.compare(ra, rb) - ReferenceSSIM.score(ra, rb)) < 1e-9, "\(w)x\(h)")
    }
  }
}
