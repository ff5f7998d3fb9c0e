import EmoImage
import EmoPNG
import EmoPack
import EmoPackFormat

/// A PNG contact sheet of the keyboard pages, drawn with emopack's own decoder and encoder.
///
/// Each tab gets a coloured band, then its pages side by side (at most three a row): 8 × 3 cells with the
/// sprites at `scale`, a drawn delete key in the last cell, and a grey ring standing in for emoji-only
/// entries (a system font is not available to draw them).
public enum ContactSheet {
  /// Draws the pages of every pack at `scale`.
  public static func render(
    _ packs: [PreviewPack], scale: Int = 2, grid: KeyboardGrid = .standard
  ) throws(PreviewError) -> RGBAImage {
    let catalog = Catalog(packs: packs.map(\.reader))
    let point = packs.map(\.reader.pointSize).max() ?? 32
    let cell = (point + 12) * scale
    let pad = 8 * scale
    let pageW = grid.columns * cell + 2 * pad
    let pageH = grid.rows * cell + 2 * pad
    let band = 6 * scale
    let perRow = 3
    var layout: [(tab: Int, pages: [KeyboardPage])] = []
    for c in catalog.categories { layout.append((c.index, grid.pages(c.emoticons))) }
    let rows = layout.reduce(0) { $0 + ($1.pages.count + perRow - 1) / perRow }
    let width = perRow * (pageW + pad) + pad
    let height = rows * (pageH + pad) + layout.count * (band + pad) + pad
    var canvas = Canvas(width: width, height: height, fill: (250, 250, 250, 255))
    // Decode each sheet once.
    var sheets: [Int: [Int: RGBAImage]] = [:]
    var y = pad
    let bandColors: [(UInt8, UInt8, UInt8)] = [
      (255, 130, 0), (66, 133, 244), (52, 168, 83), (234, 67, 53), (150, 90, 200),
    ]
    for (t, item) in layout.enumerated() {
      canvas.fill(x: pad, y: y, w: width - 2 * pad, h: band, color: bandColors[t % bandColors.count])
      y += band + pad
      for (p, page) in item.pages.enumerated() {
        let px = pad + (p % perRow) * (pageW + pad)
        let py = y + (p / perRow) * (pageH + pad)
        canvas.fill(x: px, y: py, w: pageW, h: pageH, color: (236, 236, 236))
        for (k, c) in page.cells.enumerated() {
          let cx = px + pad + (k % grid.columns) * cell
          let cy = py + pad + (k / grid.columns) * cell
          switch c {
          case .empty: break
          case .delete: canvas.drawDeleteKey(x: cx, y: cy, size: cell)
          case .emoticon(let ref):
            let pack = packs[ref.pack]
            let entry = pack.entries[ref.entry]
            // The nearest built scale at or above the requested one.
            guard entry.image != nil, let (p, s) = pack.placement(entry: ref.entry, scale: scale) else {
              canvas.ring(
                cx: Double(cx) + Double(cell) / 2, cy: Double(cy) + Double(cell) / 2, r: Double(point * scale) * 0.4,
                color: (160, 160, 160))
              continue
            }
            let index = p.sheet
            if sheets[ref.pack]?[index] == nil {
              let bytes = try pack.sheetBytes(index)
              do {
                sheets[ref.pack, default: [:]][index] =
                  try PNGDecoder.decode(
                    bytes, limits: PNGLimits(maxWidth: 16384, maxHeight: 16384, maxPixelBytes: 1 << 30)
                  ).image
              } catch {
                throw PreviewError(path: pack.folder + "/" + pack.sheets[index].fileName, error.message)
              }
            }
            guard let sheet = sheets[ref.pack]?[index] else { continue }
            let full = pack.reader.pointSize * s
            let sprite = sheet.cropped(x: p.x, y: p.y, width: p.width, height: p.height).placed(
              left: p.left, top: p.top, width: full, height: full)
            let side = pack.reader.pointSize * scale
            let offset = (cell - side) / 2
            canvas.blit(sprite, x: cx + offset, y: cy + offset, side: side)
          }
        }
      }
      y += ((item.pages.count + perRow - 1) / perRow) * (pageH + pad)
    }
    return RGBAImage(width: width, height: height, pixels: canvas.pixels)
  }

  /// The contact sheet as PNG bytes.
  public static func png(_ packs: [PreviewPack], scale: Int = 2) throws(PreviewError) -> [UInt8] {
    let image = try render(packs, scale: scale)
    do {
      return try PNGEncoder.encode(image, options: PNGEncodeOptions(level: 6, filter: .adaptive))
    } catch {
      throw PreviewError(path: "preview.png", error.message)
    }
  }
}

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
