import EmoImage
import EmoPNG

/// Cuts transparent borders from sprites.
package enum Trimmer {
  /// `image` without its border rows and columns whose pixels all have alpha at most `alphaThreshold`, and the
  /// offset of what is left; a 0 × 0 image at (0, 0) when no pixel is above the threshold.
  package static func trim(_ image: RGBAImage, alphaThreshold: Int = 0) -> TrimmedImage {
    let w = image.width
    let h = image.height
    var minX = w
    var minY = h
    var maxX = -1
    var maxY = -1
    image.pixels.withUnsafeBufferPointer { p in
      for y in 0..<h {
        var rowMin = -1
        var rowMax = -1
        var i = y * w * 4 + 3
        for x in 0..<w {
          if Int(p[i]) > alphaThreshold {
            if rowMin < 0 { rowMin = x }
            rowMax = x
          }
          i += 4
        }
        if rowMin >= 0 {
          minX = min(minX, rowMin)
          maxX = max(maxX, rowMax)
          minY = min(minY, y)
          maxY = y
        }
      }
    }
    guard maxX >= 0 else { return TrimmedImage(image: RGBAImage(width: 0, height: 0, pixels: []), left: 0, top: 0) }
    if minX == 0 && minY == 0 && maxX == w - 1 && maxY == h - 1 {
      return TrimmedImage(image: image, left: 0, top: 0)
    }
    return TrimmedImage(
      image: image.cropped(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1), left: minX, top: minY)
  }

  /// The untrimmed image: `trimmed` placed back at its offset in a transparent `side × side` square.
  package static func placeBack(_ trimmed: TrimmedImage, side: Int) -> RGBAImage {
    trimmed.image.placed(left: trimmed.left, top: trimmed.top, width: side, height: side)
  }
}
