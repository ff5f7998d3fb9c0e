import EmoImage
import EmoPNG
import EmoPack
import EmoPackFormat
import EmoWebP

/// A PNG contact sheet of the keyboard pages, drawn with emopack's own decoder and encoder.
///
/// Each tab gets a coloured band, then its pages side by side (at most three a row): 8 × 3 cells with the
/// sprites at `scale`, a drawn delete key in the last cell, and a grey ring standing in for emoji-only
/// entries (a system font is not available to draw them).
package enum ContactSheet {
  /// Draws the pages of every pack at `scale`.
  package static func render(
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
              let path = pack.folder + "/" + pack.sheets[index].fileName
              switch pack.sheets[index].format {
              case .png:
                do {
                  sheets[ref.pack, default: [:]][index] =
                    try PNGDecoder.decode(
                      bytes, limits: PNGLimits(maxWidth: 16384, maxHeight: 16384, maxPixelBytes: 1 << 30)
                    ).image
                } catch {
                  throw PreviewError(path: path, error.message)
                }
              case .webp:
                do {
                  sheets[ref.pack, default: [:]][index] = try WebPDecoder.decode(
                    bytes, limits: AnimationLimits(maxFrames: 1, maxTotalPixels: 1 << 28, maxSide: 16384))
                } catch {
                  throw PreviewError(path: path, error.message)
                }
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
  package static func png(_ packs: [PreviewPack], scale: Int = 2) throws(PreviewError) -> [UInt8] {
    let image = try render(packs, scale: scale)
    do {
      return try PNGEncoder.encode(image, options: PNGEncodeOptions(level: 6, filter: .adaptive))
    } catch {
      throw PreviewError(path: "preview.png", error.message)
    }
  }
}
