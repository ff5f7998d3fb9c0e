import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import EmoWebP
import Foundation

// Stage 6, encode: each sheet's PNG (palette or lossless) and its hash.
extension PackJob {
  /// Each sheet's file bytes and SHA-256, in the pack's sheet order, and whether it was written lossily.
  struct Encoded {
    var bytes: [[UInt8]]
    var sha256: [[UInt8]]
    var lossy: [Bool]
    /// Sheets the palette mode had to keep lossless (a sprite under the floor), with their least SSIM.
    var keptLossless: [(sheet: SheetSet.Sheet, minimumSSIM: Double)] = []
    /// Per scale index, the distinct sprites under the floor on sheets not set apart already.
    var failing: [Int: Set<Int>] = [:]
  }

  /// A sheet encoded: its file bytes, their SHA-256, and what the lossy mode decided (nil outside it).
  struct EncodedSheet {
    var bytes: [UInt8]
    var sha256: [UInt8]
    var palette: PaletteOutcome?
    /// The distinct sprites on the sheet, in the order the palette mode scored them.
    var sprites: [Int] = []
  }

  /// A sheet by its scale, how that scale was laid out and its page: the same key, the same pixels.
  struct EncodingKey: Hashable {
    var scaleIndex: Int
    var choice: LayoutChoice
    var page: Int
  }

  /// Encodes every sheet in parallel, largest first (so the last job to finish is a small one), freeing each
  /// sheet's pixels once encoded; in the palette mode a sheet is quantized first and kept lossless when one of
  /// its sprites falls under the SSIM floor.
  ///
  /// A sheet in `earlier` (a scale laid out as before) is taken from there; every sheet encoded is added to it.
  func encode(
    _ sheets: SheetSet, _ laidOut: LaidOut, choices: [LayoutChoice], earlier: inout [EncodingKey: EncodedSheet],
    diagnostics: inout Diagnostics
  ) throws(BuildError) -> Encoded {
    func key(_ sheet: SheetSet.Sheet) -> EncodingKey {
      EncodingKey(scaleIndex: sheet.scaleIndex, choice: choices[sheet.scaleIndex], page: sheet.page)
    }
    let encoded = Locked<[Int: Result<EncodedSheet, SheetEncodingError>]>([:])
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
    let effort = settings.effort
    let palette = settings.lossy ? PaletteQuantizer(ssimFloor: settings.ssimFloor) : nil
    let format = settings.sheetFormat
    let lossy = settings.lossy
    let floor = settings.ssimFloor
    let id = pack.id
    let progress = self.progress
    let done = Locked<Int>(0)
    let layouts = laidOut.layouts
    let order = (0..<count).sorted { a, b in
      (all[a].canvas.width * all[a].canvas.height, b) > (all[b].canvas.width * all[b].canvas.height, a)
    }
    parallelFor(count, jobs: options.jobs) { k in
      let sheet = all[order[k]]
      let canvas = sheet.canvas
      let r: Result<EncodedSheet, SheetEncodingError>
      do throws(SheetEncodingError) {
        var outcome: PaletteOutcome?
        var png: [UInt8]?
        let layout = layouts[sheet.scaleIndex]
        let onSheet = layout.origins.indices.filter { layout.origins[$0]?.page == sheet.page }
        let rects = onSheet.compactMap { i -> PixelRect? in
          guard let o = layout.origins[i] else { return nil }
          return PixelRect(x: o.x, y: o.y, width: layout.sizes[i].width, height: layout.sizes[i].height)
        }
        if format == .webp {
          // WebP: lossy at the lowest quality holding the floor (else lossless), or lossless.
          do throws(WebPError) {
            if lossy {
              let result = try WebPSheetEncoder.lossy(
                rows: canvas.pixels, rowStride: canvas.rowStride, width: canvas.width, height: canvas.height,
                sprites: rects, floor: floor, effort: effort)
              outcome = result.outcome
              png = result.bytes
            }
            if png == nil {
              png = try WebPSheetEncoder.lossless(
                rows: canvas.pixels, rowStride: canvas.rowStride, width: canvas.width, height: canvas.height,
                effort: effort)
            }
          } catch {
            throw .webp(error)
          }
        } else if let palette {
          let result = palette.quantize(
            rows: canvas.pixels, rowStride: canvas.rowStride, width: canvas.width, height: canvas.height,
            sprites: rects)
          outcome = result.outcome
          if let image = result.image {
            do throws(PNGError) { png = try SheetEncoder.encode(image, effort: effort) } catch { throw .png(error) }
          }
        }
        let bytes: [UInt8]
        if let png {
          bytes = png
        } else {
          do throws(PNGError) {
            bytes = try SheetEncoder.encode(
              rows: canvas.pixels, rowStride: canvas.rowStride, filterSlots: true, width: canvas.width,
              height: canvas.height, effort: effort)
          } catch { throw .png(error) }
        }
        r = .success(EncodedSheet(bytes: bytes, sha256: SHA256.hash(bytes), palette: outcome, sprites: onSheet))
      } catch {
        r = .failure(error)
      }
      canvas.release()
      encoded.withLock { $0[sheet.position] = r }
      let n = done.add(1)
      progress?(BuildProgress(stage: "encode", pack: id, done: n, total: count))
    }
    var out = Encoded(bytes: [], sha256: [], lossy: [])
    for sheet in sheets.sheets {
      switch encoded.withLock({ $0[sheet.position] }) {
      case .success(let b)?:
        earlier[key(sheet)] = b
        out.bytes.append(b.bytes)
        out.sha256.append(b.sha256)
        out.lossy.append(b.palette?.accepted ?? false)
        if let o = b.palette, !o.accepted, !o.exact {
          out.keptLossless.append((sheet, o.minimumSSIM))
          let layout = laidOut.layouts[sheet.scaleIndex]
          if sheet.page < layout.apartFrom ?? Int.max {
            out.failing[sheet.scaleIndex, default: []].formUnion(o.failing.map { b.sprites[$0] })
          }
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
          .notEncoded)
      }
    }
    return out
  }
}

extension PackJob {
  /// A note per scale that set sprites apart: how many sprites and bytes went on the shared palette's sheets, and
  /// how many on the pages of their own (and how those were written).
  func noteSetApart(_ laidOut: LaidOut, _ encoded: Encoded, diagnostics: inout Diagnostics) {
    let index = SheetIndex(laidOut.layouts)
    for (k, layout) in laidOut.layouts.enumerated() {
      guard let first = layout.apartFrom else { continue }
      var shared = (sprites: 0, bytes: 0)
      var apart = (sprites: 0, bytes: 0, palette: 0, pages: 0)
      for (position, (scale, page)) in index.pairs.enumerated() where scale == k {
        let sprites = layout.origins.filter { $0?.page == page }.count
        if page < first {
          shared.sprites += sprites
          shared.bytes += encoded.bytes[position].count
        } else {
          apart.sprites += sprites
          apart.bytes += encoded.bytes[position].count
          apart.pages += 1
          if encoded.lossy[position] { apart.palette += 1 }
        }
      }
      let how =
        apart.palette == apart.pages
        ? "with a palette of their own" : apart.palette == 0 ? "losslessly" : "partly with a palette of their own"
      diagnostics.note(
        .paletteSetApart,
        "at \(layout.scale)x, \(apart.sprites) sprite(s) under the SSIM floor with the shared palette are set apart on \(apart.pages) page(s) written \(how) (\(apart.bytes) bytes); the other \(shared.sprites) keep the palette (\(shared.bytes) bytes)",
        at: pack.manifest.location)
    }
  }
}
