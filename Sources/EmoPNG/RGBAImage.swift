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
}
