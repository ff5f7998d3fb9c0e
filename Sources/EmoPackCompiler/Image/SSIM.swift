import EmoImage
import EmoPNG

/// Structural similarity as emopack defines it, the one definition the build, the tests and the benchmark use.
///
/// Both images are compared in premultiplied RGBA (straight input is premultiplied first, rounding
/// `c × a / 255`). Windows are 8 × 8 pixels at a stride of 4 inside the rectangle (a side shorter than 8 gives
/// one window of that side); a window whose pixels are all transparent in the reference is skipped. Each window's
/// SSIM is the mean of its four channels' `((2 μa μb + C1)(2 σab + C2)) / ((μa² + μb² + C1)(σa² + σb² + C2))`
/// with population (co)variances, C1 = (0.01 · 255)², C2 = (0.03 · 255)²; the rectangle's SSIM is the mean over
/// its windows, 1 when none is left.
package enum SSIM {
  /// Window side.
  package static let window = 8
  /// Distance between windows.
  package static let stride = 4
  static let c1 = (0.01 * 255) * (0.01 * 255)
  static let c2 = (0.03 * 255) * (0.03 * 255)

  /// SSIM of two straight-alpha images of one size.
  package static func compare(_ reference: RGBAImage, _ candidate: RGBAImage) -> Double {
    precondition(reference.width == candidate.width && reference.height == candidate.height)
    return reference.pixels.withUnsafeBufferPointer { a in
      candidate.pixels.withUnsafeBufferPointer { b in
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return 1 }
        return compare(
          reference: pa, referenceStride: reference.width * 4, candidate: pb, candidateStride: candidate.width * 4,
          rect: PixelRect(x: 0, y: 0, width: reference.width, height: reference.height))
      }
    }
  }

  /// SSIM of the rectangle `rect` of two straight-alpha rasters whose rows are `…Stride` bytes apart.
  package static func compare(
    reference: UnsafePointer<UInt8>, referenceStride: Int, candidate: UnsafePointer<UInt8>, candidateStride: Int,
    rect: PixelRect
  ) -> Double {
    guard rect.width > 0, rect.height > 0 else { return 1 }
    let ww = min(window, rect.width)
    let wh = min(window, rect.height)
    var total = 0.0
    var windows = 0
    var y = 0
    while y + wh <= rect.height {
      var x = 0
      while x + ww <= rect.width {
        if let s = windowSSIM(
          reference, referenceStride, candidate, candidateStride, x: rect.x + x, y: rect.y + y, w: ww, h: wh)
        {
          total += s
          windows += 1
        }
        x += stride
      }
      y += stride
    }
    return windows == 0 ? 1 : total / Double(windows)
  }

  @inline(__always)
  static func premultiplied(_ p: UnsafePointer<UInt8>, _ c: Int) -> Double {
    let a = Int(p[3])
    return c == 3 ? Double(a) : Double((Int(p[c]) * a + 127) / 255)
  }

  static func windowSSIM(
    _ a: UnsafePointer<UInt8>, _ sa: Int, _ b: UnsafePointer<UInt8>, _ sb: Int, x: Int, y: Int, w: Int, h: Int
  ) -> Double? {
    var visible = false
    for j in 0..<h where !visible {
      let row = a + (y + j) * sa + x * 4
      for i in 0..<w where row[i * 4 + 3] != 0 {
        visible = true
        break
      }
    }
    guard visible else { return nil }
    let n = Double(w * h)
    var sum = 0.0
    for c in 0..<4 {
      var ma = 0.0
      var mb = 0.0
      var aa = 0.0
      var bb = 0.0
      var ab = 0.0
      for j in 0..<h {
        let ra = a + (y + j) * sa + x * 4
        let rb = b + (y + j) * sb + x * 4
        for i in 0..<w {
          let va = premultiplied(ra + i * 4, c)
          let vb = premultiplied(rb + i * 4, c)
          ma += va
          mb += vb
          aa += va * va
          bb += vb * vb
          ab += va * vb
        }
      }
      ma /= n
      mb /= n
      let varA = aa / n - ma * ma
      let varB = bb / n - mb * mb
      let cov = ab / n - ma * mb
      sum += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (varA + varB + c2))
    }
    return sum / 4
  }
}
