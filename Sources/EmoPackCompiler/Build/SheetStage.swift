import EmoImage
import EmoPNG
import EmoPackFormat
import EmoWebP
import Foundation

// Stage 6, sheets: each unit (one scale of one page group) drawn and encoded on its own, in parallel; in the lossy
// mode, the sprites a page cannot hold at the SSIM floor are set apart on sheets of the same unit and the unit is
// laid out again. Nothing a unit decides depends on another unit, so pages stay put.
extension PackJob {
  /// A sheet encoded: its file bytes, their SHA-256, and what the lossy mode decided.
  struct EncodedSheet {
    var bytes: [UInt8]
    var sha256: [UInt8]
    /// True when written lossily (a reduced palette, or VP8).
    var lossy: Bool
    /// The sheet holds sprites set apart from the unit's other sheets.
    var setApart: Bool
    /// What the lossy encoder reached (nil outside the lossy mode, and for sheets kept lossless by choice).
    var outcome: PaletteOutcome?
    /// libwebp's configuration for a lossless WebP sheet (`m6 q75`, `m6 q100`), nil otherwise.
    var webpConfiguration: String?
  }

  /// A sprite the lossy mode set apart, with the least SSIM it reached with its page's shared encoding.
  struct SetApartSprite {
    var sprite: Int
    var scale: Int
    var ssim: Double
  }

  /// Every unit's sheets, in the units' order, and the units as finally laid out.
  struct Sheets {
    var units: [SheetUnit]
    var encoded: [[EncodedSheet]]
    var apart: [SetApartSprite]
  }

  /// Draws and encodes every unit's sheets, largest units first so that the last job to finish is a small one.
  func makeSheets(_ laidOut: LaidOut, _ shared: Shared) throws(BuildError) -> Sheets {
    let units = laidOut.units
    let order = units.indices.sorted { a, b in
      (units[a].pages.reduce(0) { $0 + $1.width * $1.height }, b)
        > (units[b].pages.reduce(0) { $0 + $1.width * $1.height }, a)
    }
    let done = Locked<Int>(0)
    let progress = self.progress
    let id = pack.id
    let results = parallelMap(units.count, jobs: options.jobs) {
      n -> Result<(SheetUnit, [EncodedSheet], [SetApartSprite]), BuildError> in
      let u = order[n]
      let r: Result<(SheetUnit, [EncodedSheet], [SetApartSprite]), BuildError>
      do throws(BuildError) {
        r = .success(try sheets(of: units[u], laidOut, shared))
      } catch {
        r = .failure(error)
      }
      progress?(BuildProgress(stage: BuildStage.sheets.rawValue, pack: id, done: done.add(1), total: units.count))
      return r
    }
    var byUnit = [(SheetUnit, [EncodedSheet], [SetApartSprite])?](repeating: nil, count: units.count)
    for (n, r) in results.enumerated() {
      switch r {
      case .success(let v): byUnit[order[n]] = v
      case .failure(let e): throw e
      }
    }
    let all = byUnit.compactMap { $0 }
    return Sheets(units: all.map(\.0), encoded: all.map(\.1), apart: all.flatMap(\.2))
  }

  /// Rounds of setting sprites apart in one unit before its layout stands.
  static let lossyRounds = 4

  /// One unit: drawn and encoded. In the lossy mode the unit's sprites start in palette groups (sprites whose
  /// colours fit one palette together, `paletteGroups`), each on sheets of its own; a sprite its sheet's palette
  /// cannot hold at the floor is set apart on a sheet of its own with a palette of its own, then losslessly, and the
  /// unit is laid out again, until no sprite moves. PNG sheets with a palette are indexed PNGs; WebP ones are the
  /// same indexed pixels in lossless WebP (VP8L), which codes them in fewer bytes.
  func sheets(
    of first: SheetUnit, _ laidOut: LaidOut, _ shared: Shared
  ) throws(BuildError) -> (SheetUnit, [EncodedSheet], [SetApartSprite]) {
    var unit = first
    let cells = laidOut.cells[unit.scaleIndex]
    let chunk = laidOut.chunks[unit.chunk]
    let frames = Set(chunk.flatMap(\.frames))
    guard settings.lossy else {
      let canvases = try draw(unit, cells, shared)
      var out: [EncodedSheet] = []
      for (p, canvas) in canvases.enumerated() {
        let animated = unit.origins.contains { $0.value.page == p && frames.contains($0.key) }
        out.append(try lossless(canvas, unit, page: p, animated: animated))
        canvas.release()
      }
      return (unit, out, [])
    }
    var groups = try paletteGroups(unit, chunk, cells, shared)
    var ssim: [Int: Double] = [:]
    for round in 0..<Self.lossyRounds {
      if round > 0 || !groups.isEmpty {
        do throws(PackingError) {
          unit = try layOutUnit(
            chunk, chunk: unit.chunk, scaleIndex: unit.scaleIndex, cells: cells, shared, groups: groups)
        } catch {
          throw .packing(pack: pack.id, file: pack.manifest.manifestPath, error)
        }
      }
      let last = round + 1 == Self.lossyRounds
      let canvases = try draw(unit, cells, shared)
      var out: [EncodedSheet] = []
      var moved = false
      for (p, canvas) in canvases.enumerated() {
        defer { canvas.release() }
        let group = unit.groups[p]
        let apart = group >= SheetGroup.aloneBase
        var sheet: EncodedSheet?
        if group != SheetGroup.lossless {
          let onPage = unit.origins.filter { $0.value.page == p }.map(\.key).sorted()
          let rects = onPage.map { i in
            PixelRect(
              x: unit.origins[i]!.x, y: unit.origins[i]!.y, width: cells[i].width, height: cells[i].height)
          }
          let attempt = try lossy(canvas, unit, page: p, sprites: rects, apart: apart)
          sheet = attempt.sheet
          // A sprite alone whose colours a palette holds exactly needs no sheet of its own: it joins the lossless ones.
          if sheet == nil, attempt.outcome == nil, SheetGroup.isAlone(group), !last {
            for sprite in onPage { groups[sprite] = SheetGroup.lossless }
            moved = true
          }
          if sheet == nil, let outcome = attempt.outcome, !last {
            for f in outcome.failing {
              let sprite = onPage[f]
              // A sprite its group's palette misses gets a palette of its own, then none.
              groups[sprite] =
                !SheetGroup.isAlone(group) && onPage.count > 1 ? SheetGroup.aloneBase + sprite : SheetGroup.lossless
              if ssim[sprite] == nil { ssim[sprite] = outcome.scores[f] }
              moved = true
            }
          }
        }
        if sheet == nil {
          let animated = unit.origins.contains { $0.value.page == p && frames.contains($0.key) }
          sheet = try lossless(canvas, unit, page: p, setApart: apart, animated: animated)
        }
        out.append(sheet!)
      }
      if !moved {
        let apart = ssim.map { SetApartSprite(sprite: $0.key, scale: unit.scale, ssim: $0.value) }
        return (unit, out, apart.sorted { $0.sprite < $1.sprite })
      }
    }
    return (unit, [], [])
  }

  /// The palette groups of a unit's sprites (PNG lossy): in keyboard order, an item joins the current group while
  /// the group's colours, counted at 4 bits a channel, stay within `paletteBudget`; else it starts the next.
  ///
  /// Each sprite's colours are its own pixels', so the groups depend on the page group alone: pages stay put.
  func paletteGroups(
    _ unit: SheetUnit, _ chunk: [LayoutGroup], _ cells: [BuiltSprite.Cell], _ shared: Shared
  ) throws(BuildError) -> [Int: Int] {
    var groups: [Int: Int] = [:]
    var current = Set<UInt16>()
    var group = 0
    for item in items(chunk, shared) {
      var colours = Set<UInt16>()
      for sprite in item.sprites where !cells[sprite].isEmpty {
        let square = try squares(of: shared.sprites[sprite], shared.store)[unit.scaleIndex]
        colours.formUnion(Self.coarseColours(square, cells[sprite]))
      }
      if !current.isEmpty && current.union(colours).count > Self.paletteBudget {
        group += 1
        current = []
      }
      current.formUnion(colours)
      for sprite in item.sprites { groups[sprite] = group }
    }
    return groups
  }

  /// How many colours, at 4 bits a channel, the sprites of one palette may have together: a palette of 256 holds
  /// sprites of up to about this many such colours at the floor.
  static let paletteBudget = 1024

  /// The visible colours of `cell` in `square`, premultiplied and cut to 4 bits a channel.
  static func coarseColours(_ square: RGBAImage, _ cell: BuiltSprite.Cell) -> Set<UInt16> {
    var out = Set<UInt16>()
    square.pixels.withUnsafeBufferPointer { p in
      for y in cell.top..<(cell.top + cell.height) {
        for x in cell.left..<(cell.left + cell.width) {
          let i = (y * square.width + x) * 4
          let a = Int(p[i + 3])
          guard a > 0 else { continue }
          let r = Int(p[i]) * a / 255
          let g = Int(p[i + 1]) * a / 255
          let b = Int(p[i + 2]) * a / 255
          out.insert(UInt16((r >> 4) << 12 | (g >> 4) << 8 | (b >> 4) << 4 | a >> 4))
        }
      }
    }
    return out
  }

  /// A unit's sheets drawn: every placed sprite's cell cropped from its square, with its ring.
  func draw(_ unit: SheetUnit, _ cells: [BuiltSprite.Cell], _ shared: Shared) throws(BuildError) -> [SheetCanvas] {
    let canvases = unit.pages.map { SheetCanvas(width: $0.width, height: $0.height) }
    let side = settings.pointSize * unit.scale
    for (i, o) in unit.origins.sorted(by: { $0.key < $1.key }) {
      let cell = cells[i]
      let square = try squares(of: shared.sprites[i], shared.store)[unit.scaleIndex]
      let image =
        cell == .whole(side) ? square : square.cropped(x: cell.left, y: cell.top, width: cell.width, height: cell.height)
      Atlas.drawSprite(
        image, x: o.x, y: o.y, ring: unit.ring,
        extrude: Atlas.Extrusion(TrimmedImage(image: image, left: cell.left, top: cell.top), side: side),
        into: canvases[o.page].pixels, rowStride: canvases[o.page].rowStride)
    }
    return canvases
  }

  /// A sheet written losslessly: PNG, or WebP in the configuration `WebPSheetEncoder.lossless` chooses.
  func lossless(
    _ canvas: SheetCanvas, _ unit: SheetUnit, page: Int, setApart: Bool = false, animated: Bool = false
  ) throws(BuildError) -> EncodedSheet {
    do throws(SheetEncodingError) {
      var configuration: String?
      let bytes: [UInt8]
      if settings.sheetFormat == .webp {
        do throws(WebPError) {
          let made = try WebPSheetEncoder.lossless(
            rows: canvas.pixels, rowStride: canvas.rowStride, width: canvas.width, height: canvas.height,
            effort: settings.effort, animated: animated)
          bytes = made.bytes
          configuration = made.configuration
        } catch { throw .webp(error) }
      } else {
        do throws(PNGError) {
          bytes = try SheetEncoder.encode(
            rows: canvas.pixels, rowStride: canvas.rowStride, filterSlots: true, width: canvas.width,
            height: canvas.height, effort: settings.effort)
        } catch { throw .png(error) }
      }
      return EncodedSheet(
        bytes: bytes, sha256: SHA256.hash(bytes), lossy: false, setApart: setApart, outcome: nil,
        webpConfiguration: configuration)
    } catch {
      throw .encoding(pack: pack.id, file: pack.manifest.manifestPath, scale: unit.scale, page: page, error)
    }
  }

  /// What the lossy encoders made of a sheet: the sheet, or nil with the outcome saying which sprites missed.
  struct LossyAttempt {
    var sheet: EncodedSheet?
    var outcome: PaletteOutcome?
  }

  /// A sheet written lossily when every sprite on it holds the floor with the sheet's palette (PNG: indexed;
  /// WebP: the indexed pixels as VP8L); otherwise no sheet, and the outcome names the sprites under it. A page of
  /// 256 colours or fewer is left to the lossless encoder, which keeps them exactly.
  func lossy(
    _ canvas: SheetCanvas, _ unit: SheetUnit, page: Int, sprites: [PixelRect], apart: Bool
  ) throws(BuildError) -> LossyAttempt {
    let result = PaletteQuantizer(ssimFloor: settings.ssimFloor).quantize(
      rows: canvas.pixels, rowStride: canvas.rowStride, width: canvas.width, height: canvas.height,
      sprites: sprites)
    guard let image = result.image else {
      return LossyAttempt(sheet: nil, outcome: result.outcome.exact ? nil : result.outcome)
    }
    do throws(SheetEncodingError) {
      let bytes: [UInt8]
      var configuration: String?
      if settings.sheetFormat == .webp {
        do throws(WebPError) {
          let made = try image.pixels.withUnsafeBufferPointer { p throws(WebPError) in
            try WebPSheetEncoder.lossless(
              rows: p.baseAddress!, rowStride: image.width * 4, width: image.width, height: image.height,
              effort: settings.effort)
          }
          bytes = made.bytes
          configuration = made.configuration
        } catch { throw .webp(error) }
      } else {
        do throws(PNGError) { bytes = try SheetEncoder.encode(image, effort: settings.effort) } catch { throw .png(error) }
      }
      return LossyAttempt(
        sheet: EncodedSheet(
          bytes: bytes, sha256: SHA256.hash(bytes), lossy: true, setApart: apart, outcome: result.outcome,
          webpConfiguration: configuration),
        outcome: result.outcome)
    } catch {
      throw .encoding(pack: pack.id, file: pack.manifest.manifestPath, scale: unit.scale, page: page, error)
    }
  }
}
