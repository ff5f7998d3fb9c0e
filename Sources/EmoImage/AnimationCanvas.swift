/// The canvas frames are composited on, shared by the GIF and APNG decoders.
package struct AnimationCanvas: Sendable {
  /// Width.
  package let width: Int
  /// Height.
  package let height: Int
  /// RGBA, straight alpha, rows packed.
  package var pixels: [UInt8]

  /// A transparent canvas.
  package init(width: Int, height: Int) {
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height * 4)
  }

  /// The canvas as an image.
  package var image: RGBAImage { RGBAImage(width: width, height: height, pixels: pixels) }

  /// Clears the part of the rectangle inside the canvas to transparent.
  package mutating func clear(x: Int, y: Int, width w: Int, height h: Int) {
    for yy in max(0, y)..<max(max(0, y), min(height, y + h)) {
      let x0 = max(0, x)
      let x1 = min(width, x + w)
      if x1 > x0 {
        pixels.replaceSubrange(
          (yy * width + x0) * 4..<(yy * width + x1) * 4, with: repeatElement(0, count: (x1 - x0) * 4))
      }
    }
  }

  /// Copies the rectangle from `other` (the same size).
  package mutating func restore(x: Int, y: Int, width w: Int, height h: Int, from other: [UInt8]) {
    for yy in max(0, y)..<max(max(0, y), min(height, y + h)) {
      let x0 = max(0, x)
      let x1 = min(width, x + w)
      if x1 > x0 {
        let r = (yy * width + x0) * 4..<(yy * width + x1) * 4
        pixels.replaceSubrange(r, with: other[r])
      }
    }
  }

  /// Draws `image` at (`x`, `y`): replacing the pixels (`over` false) or composited over them (straight alpha).
  package mutating func draw(_ image: RGBAImage, x: Int, y: Int, over: Bool) {
    for sy in 0..<image.height {
      let cy = y + sy
      guard cy >= 0, cy < height else { continue }
      for sx in 0..<image.width {
        let cx = x + sx
        guard cx >= 0, cx < width else { continue }
        let s = (sy * image.width + sx) * 4
        let d = (cy * width + cx) * 4
        let sa = Int(image.pixels[s + 3])
        if !over || sa == 255 {
          for k in 0..<4 { pixels[d + k] = image.pixels[s + k] }
        } else if sa > 0 {
          // Straight-alpha "over": out = (src·a_s + dst·a_d·(1 − a_s)) / a_out.
          let da = Int(pixels[d + 3])
          let outA = sa * 255 + da * (255 - sa)  // × 255
          for k in 0..<3 {
            let num = Int(image.pixels[s + k]) * sa * 255 + Int(pixels[d + k]) * da * (255 - sa)
            pixels[d + k] = UInt8((num + outA / 2) / outA)
          }
          pixels[d + 3] = UInt8((outA + 127) / 255)
        }
      }
    }
  }
}
