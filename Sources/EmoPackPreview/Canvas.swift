import EmoImage

/// A small straight-alpha RGBA canvas with the few drawing operations the contact sheet needs.
struct Canvas {
  let width: Int
  let height: Int
  var pixels: [UInt8]

  init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8)) {
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height * 4)
    for i in stride(from: 0, to: pixels.count, by: 4) {
      pixels[i] = fill.0
      pixels[i + 1] = fill.1
      pixels[i + 2] = fill.2
      pixels[i + 3] = fill.3
    }
  }

  mutating func blend(_ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8), _ alpha: Double) {
    guard x >= 0, y >= 0, x < width, y < height, alpha > 0 else { return }
    let i = (y * width + x) * 4
    let a = min(alpha, 1)
    pixels[i] = UInt8((Double(c.0) * a + Double(pixels[i]) * (1 - a)).rounded())
    pixels[i + 1] = UInt8((Double(c.1) * a + Double(pixels[i + 1]) * (1 - a)).rounded())
    pixels[i + 2] = UInt8((Double(c.2) * a + Double(pixels[i + 2]) * (1 - a)).rounded())
  }

  mutating func fill(x: Int, y: Int, w: Int, h: Int, color: (UInt8, UInt8, UInt8)) {
    for yy in y..<(y + h) { for xx in x..<(x + w) { blend(xx, yy, color, 1) } }
  }

  /// Composites a straight-alpha sprite.
  mutating func blit(_ image: RGBAImage, x: Int, y: Int, side: Int) {
    for yy in 0..<min(side, image.height) {
      for xx in 0..<min(side, image.width) {
        let p = image[xx, yy]
        blend(x + xx, y + yy, (p.r, p.g, p.b), Double(p.a) / 255)
      }
    }
  }

  /// An anti-aliased ring.
  mutating func ring(cx: Double, cy: Double, r: Double, color: (UInt8, UInt8, UInt8)) {
    let w = max(1.5, r * 0.12)
    for yy in Int(cy - r - w - 1)...Int(cy + r + w + 1) {
      for xx in Int(cx - r - w - 1)...Int(cx + r + w + 1) {
        let d = abs(
          ((Double(xx) + 0.5 - cx) * (Double(xx) + 0.5 - cx) + (Double(yy) + 0.5 - cy) * (Double(yy) + 0.5 - cy))
            .squareRoot() - r)
        blend(xx, yy, color, w / 2 - d + 0.5)
      }
    }
  }

  /// The delete key: a key cap pointing left with an ×.
  mutating func drawDeleteKey(x: Int, y: Int, size: Int) {
    let s = Double(size)
    let left = Double(x) + s * 0.18
    let right = Double(x) + s * 0.82
    let top = Double(y) + s * 0.3
    let bottom = Double(y) + s * 0.7
    let tip = left - s * 0.0
    let shoulder = left + s * 0.16
    for yy in Int(top)...Int(bottom) {
      for xx in Int(tip)...Int(right) {
        let fx = Double(xx) + 0.5
        let fy = Double(yy) + 0.5
        let mid = (top + bottom) / 2
        let halfHeight = (bottom - top) / 2
        let inside: Bool
        if fx < shoulder {
          inside = abs(fy - mid) <= halfHeight * (fx - tip) / (shoulder - tip)
        } else {
          inside = fy >= top && fy <= bottom
        }
        if inside { blend(xx, yy, (120, 120, 120), 1) }
      }
    }
    // The ×, in white.
    let cx = (shoulder + right) / 2
    let cy = (top + bottom) / 2
    let arm = (bottom - top) * 0.22
    for yy in Int(cy - arm - 2)...Int(cy + arm + 2) {
      for xx in Int(cx - arm - 2)...Int(cx + arm + 2) {
        let fx = Double(xx) + 0.5 - cx
        let fy = Double(yy) + 0.5 - cy
        guard abs(fx) <= arm + 1, abs(fy) <= arm + 1 else { continue }
        let d = min(abs(fx - fy), abs(fx + fy)) / 2.0.squareRoot()
        blend(xx, yy, (255, 255, 255), max(1, s * 0.03) - d + 0.5)
      }
    }
  }
}
