/// An 8-bit RGBA image with straight (non-premultiplied) alpha, rows top to bottom.
public struct RGBAImage: Equatable, Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height * 4` bytes: R, G, B, A for each pixel.
  public var pixels: [UInt8]

  /// Wraps `pixels`, which must hold exactly `width * height * 4` bytes.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4)
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// A fully transparent black image.
  public init(width: Int, height: Int) {
    self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
  }

  /// The four bytes of the pixel at (`x`, `y`).
  public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let i = (y * width + x) * 4
    return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
  }

  /// True when every pixel has R == G == B.
  public var isGray: Bool {
    var i = 0
    while i < pixels.count {
      if pixels[i] != pixels[i + 1] || pixels[i] != pixels[i + 2] { return false }
      i += 4
    }
    return true
  }

  /// True when every pixel is fully opaque.
  public var isOpaque: Bool {
    var i = 3
    while i < pixels.count {
      if pixels[i] != 255 { return false }
      i += 4
    }
    return true
  }

  /// Copies the `w`×`h` rectangle at (`x`, `y`); the rectangle must lie inside the image.
  public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> RGBAImage {
    precondition(x >= 0 && y >= 0 && w >= 0 && h >= 0 && x + w <= width && y + h <= height)
    var out = [UInt8](repeating: 0, count: w * h * 4)
    pixels.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        for row in 0..<h {
          let from = ((y + row) * width + x) * 4
          for i in 0..<(w * 4) { dst[row * w * 4 + i] = src[from + i] }
        }
      }
    }
    return RGBAImage(width: w, height: h, pixels: out)
  }

  /// This image drawn at (`left`, `top`) of a transparent `width × height` canvas; the parts outside are cut.
  ///
  /// Puts a trimmed sprite back into its emoticon square.
  public func placed(left: Int, top: Int, width w: Int, height h: Int) -> RGBAImage {
    var out = [UInt8](repeating: 0, count: max(0, w) * max(0, h) * 4)
    let x0 = max(0, left)
    let x1 = min(w, left + width)
    guard x1 > x0 else { return RGBAImage(width: max(0, w), height: max(0, h), pixels: out) }
    for y in max(0, top)..<max(max(0, top), min(h, top + height)) {
      let src = ((y - top) * width + (x0 - left)) * 4
      let dst = (y * w + x0) * 4
      out.replaceSubrange(dst..<(dst + (x1 - x0) * 4), with: pixels[src..<(src + (x1 - x0) * 4)])
    }
    return RGBAImage(width: max(0, w), height: max(0, h), pixels: out)
  }
}
