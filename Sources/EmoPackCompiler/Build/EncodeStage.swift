import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation
import Synchronization

// Stage 6, encode: each sheet's PNG (palette or lossless) and its hash.
extension PackJob {
  /// Each sheet's PNG bytes and SHA-256, in the pack's sheet order, and whether it was written as a palette.
  struct Encoded {
    var png: [[UInt8]]
    var sha256: [[UInt8]]
    var palette: [Bool]
    /// Sheets the palette mode had to keep lossless (a sprite under the floor), with their least SSIM.
    var keptLossless: [(sheet: SheetSet.Sheet, minimumSSIM: Double)] = []
  }

  /// A sheet encoded: its PNG bytes, their SHA-256, and what the palette mode decided (nil outside it).
  struct EncodedSheet {
    var png: [UInt8]
    var sha256: [UInt8]
    var palette: PaletteOutcome?
  }

  /// A sheet by its scale, the divisor of that scale's page side and its page: the same key, the same pixels.
  struct EncodingKey: Hashable {
    var scaleIndex: Int
    var divisor: Int
    var page: Int
  }

  /// Encodes every sheet in parallel, largest first (so the last job to finish is a small one), freeing each
  /// sheet's pixels once encoded; in the palette mode a sheet is quantized first and kept lossless when one of
  /// its sprites falls under the SSIM floor.
  ///
  /// A sheet in `earlier` (a scale laid out as before) is taken from there; every sheet encoded is added to it.
  func encode(
    _ sheets: SheetSet, _ laidOut: LaidOut, divisors: [Int], earlier: inout [EncodingKey: EncodedSheet],
    diagnostics: inout Diagnostics
  ) throws(BuildError) -> Encoded {
    func key(_ sheet: SheetSet.Sheet) -> EncodingKey {
      EncodingKey(scaleIndex: sheet.scaleIndex, divisor: divisors[sheet.scaleIndex], page: sheet.page)
    }
    let encoded = Mutex<[Int: Result<EncodedSheet, PNGError>]>([:])
    // The sheets to encode; the others are taken as they were.
    var pending: [SheetSet.Sheet] = []
    for sheet in sheets.sheets {
      if let known = earlier[key(sheet)] {
        sheet.canvas.release()
        encoded.withLock { $0[sheet.position] = .success(known) }
      } else {
        pending.append(sheet)
      }
    }
    let all = pending
    let count = all.count
    let effort = settings.pngEffort
    let palette = settings.palette ? PaletteQuantizer(ssimFloor: settings.ssimFloor) : nil
    let id = pack.id
    let progress = self.progress
    let done = Atomic<Int>(0)
    let layouts = laidOut.layouts
    let order = (0..<count).sorted { a, b in
      (all[a].canvas.width * all[a].canvas.height, b) > (all[b].canvas.width * all[b].canvas.height, a)
    }
    parallelFor(count, jobs: options.jobs) { k in
      let sheet = all[order[k]]
      let canvas = sheet.canvas
      let r: Result<EncodedSheet, PNGError>
      do throws(PNGError) {
        var outcome: PaletteOutcome?
        var png: [UInt8]?
        if let palette {
          let layout = layouts[sheet.scaleIndex]
          let rects = zip(layout.origins, layout.sizes).compactMap { o, s -> PixelRect? in
            guard let o, o.page == sheet.page else { return nil }
            return PixelRect(x: o.x, y: o.y, width: s.width, height: s.height)
          }
          let result = palette.quantize(
            rows: canvas.pixels, rowStride: canvas.rowStride, width: canvas.width, height: canvas.height,
            sprites: rects)
          outcome = result.outcome
          if let image = result.image {
            png = try SheetEncoder.encode(image, effort: effort)
          }
        }
        let bytes: [UInt8]
        if let png {
          bytes = png
        } else {
          bytes = try SheetEncoder.encode(
            rows: canvas.pixels, rowStride: canvas.rowStride, filterSlots: true, width: canvas.width,
            height: canvas.height, effort: effort)
        }
        r = .success(EncodedSheet(png: bytes, sha256: SHA256.hash(bytes), palette: outcome))
      } catch {
        r = .failure(error)
      }
      canvas.release()
      encoded.withLock { $0[sheet.position] = r }
      let n = done.wrappingAdd(1, ordering: .relaxed).newValue
      progress?(BuildProgress(stage: "encode", pack: id, done: n, total: count))
    }
    var out = Encoded(png: [], sha256: [], palette: [])
    for sheet in sheets.sheets {
      switch encoded.withLock({ $0[sheet.position] }) {
      case .success(let b)?:
        earlier[key(sheet)] = b
        out.png.append(b.png)
        out.sha256.append(b.sha256)
        out.palette.append(b.palette?.accepted ?? false)
        if let o = b.palette, !o.accepted, !o.exact {
          out.keptLossless.append((sheet, o.minimumSSIM))
          diagnostics.note(
            .paletteFallback,
            "the \(sheet.scale)x sheet page \(sheet.page) is written losslessly: a sprite's SSIM with a \(o.colors)-colour palette is \(String(format: "%.4f", (o.minimumSSIM * 10_000).rounded(.down) / 10_000)), under the floor of \(o.floor)",
            at: pack.manifest.location)
        }
      case .failure(let e)?:
        throw .encoding(pack: pack.id, file: pack.manifest.manifestPath, scale: sheet.scale, page: sheet.page, e)
      case nil:
        throw .encoding(
          pack: pack.id, file: pack.manifest.manifestPath, scale: sheet.scale, page: sheet.page,
          PNGError(.invalidArgument, "the sheet was not encoded"))
      }
    }
    return out
  }
}
