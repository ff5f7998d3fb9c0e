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

  /// One unit: drawn and encoded. In the lossy mode, a sprite its page's palette (PNG) or quality (WebP) cannot
  /// hold at the floor goes up a tier (`SheetUnit.tiers`) — PNG: a page of sprites set apart with a palette of
  /// their own, then lossless; WebP: lossless — and the unit is laid out again, until no sprite moves.
  func sheets(
    of first: SheetUnit, _ laidOut: LaidOut, _ shared: Shared
  ) throws(BuildError) -> (SheetUnit, [EncodedSheet], [SetApartSprite]) {
    var unit = first
    let cells = laidOut.cells[unit.scaleIndex]
    guard settings.lossy else {
      let canvases = try draw(unit, cells, shared)
      var out: [EncodedSheet] = []
      for (p, canvas) in canvases.enumerated() {
        out.append(try lossless(canvas, unit, page: p))
        canvas.release()
      }
      return (unit, out, [])
    }
    let losslessTier = settings.sheetFormat == .webp ? 1 : 2
    var tiers: [Int: Int] = [:]
    var ssim: [Int: Double] = [:]
    for round in 0..<Self.lossyRounds {
      let last = round + 1 == Self.lossyRounds
      let canvases = try draw(unit, cells, shared)
      var out: [EncodedSheet] = []
      var moved = false
      for (p, canvas) in canvases.enumerated() {
        defer { canvas.release() }
        let tier = unit.tiers[p]
        var sheet: EncodedSheet?
        if tier < losslessTier {
          let onPage = unit.origins.filter { $0.value.page == p }.map(\.key).sorted()
          let rects = onPage.map { i in
            PixelRect(
              x: unit.origins[i]!.x, y: unit.origins[i]!.y, width: cells[i].width, height: cells[i].height)
          }
          let attempt = try lossy(canvas, unit, page: p, sprites: rects, apart: tier > 0)
          sheet = attempt.sheet
          if sheet == nil, let outcome = attempt.outcome, !last {
            for f in outcome.failing {
              tiers[onPage[f]] = tier + 1
              if tier == 0 { ssim[onPage[f]] = outcome.scores[f] }
              moved = true
            }
          }
        }
        if sheet == nil { sheet = try lossless(canvas, unit, page: p, setApart: tier > 0) }
        out.append(sheet!)
      }
      if !moved {
        let apart = ssim.map { SetApartSprite(sprite: $0.key, scale: unit.scale, ssim: $0.value) }
        return (unit, out, apart.sorted { $0.sprite < $1.sprite })
      }
      do throws(PackingError) {
        unit = try layOutUnit(
          laidOut.chunks[unit.chunk], chunk: unit.chunk, scaleIndex: unit.scaleIndex, cells: cells, shared,
          tiers: tiers)
      } catch {
        throw .packing(pack: pack.id, file: pack.manifest.manifestPath, error)
      }
    }
    return (unit, [], [])
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
    _ canvas: SheetCanvas, _ unit: SheetUnit, page: Int, setApart: Bool = false
  ) throws(BuildError) -> EncodedSheet {
    do throws(SheetEncodingError) {
      var configuration: String?
      let bytes: [UInt8]
      if settings.sheetFormat == .webp {
        do throws(WebPError) {
          let made = try WebPSheetEncoder.lossless(
            rows: canvas.pixels, rowStride: canvas.rowStride, width: canvas.width, height: canvas.height,
            effort: settings.effort)
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

  /// A sheet written lossily when every sprite on it holds the floor (PNG: a palette of its own; WebP: the lowest
  /// quality that holds it); otherwise no sheet, and the outcome names the sprites under it. A page of its own
  /// colours only (256 or fewer) is left to the lossless encoder, and sheets of sprites set apart are lossless in
  /// WebP.
  func lossy(
    _ canvas: SheetCanvas, _ unit: SheetUnit, page: Int, sprites: [PixelRect], apart: Bool
  ) throws(BuildError) -> LossyAttempt {
    do throws(SheetEncodingError) {
      if settings.sheetFormat == .webp {
        if apart { return LossyAttempt(sheet: nil, outcome: nil) }
        do throws(WebPError) {
          let result = try WebPSheetEncoder.lossy(
            rows: canvas.pixels, rowStride: canvas.rowStride, width: canvas.width, height: canvas.height,
            sprites: sprites, floor: settings.ssimFloor, effort: settings.effort)
          return LossyAttempt(
            sheet: result.bytes.map {
              EncodedSheet(
                bytes: $0, sha256: SHA256.hash($0), lossy: true, setApart: false, outcome: result.outcome,
                webpConfiguration: nil)
            }, outcome: result.outcome)
        } catch { throw .webp(error) }
      }
      let result = PaletteQuantizer(ssimFloor: settings.ssimFloor).quantize(
        rows: canvas.pixels, rowStride: canvas.rowStride, width: canvas.width, height: canvas.height,
        sprites: sprites)
      guard let image = result.image else {
        return LossyAttempt(sheet: nil, outcome: result.outcome.exact ? nil : result.outcome)
      }
      do throws(PNGError) {
        let bytes = try SheetEncoder.encode(image, effort: settings.effort)
        return LossyAttempt(
          sheet: EncodedSheet(
            bytes: bytes, sha256: SHA256.hash(bytes), lossy: true, setApart: apart, outcome: result.outcome,
            webpConfiguration: nil),
          outcome: result.outcome)
      } catch { throw .png(error) }
    } catch {
      throw .encoding(pack: pack.id, file: pack.manifest.manifestPath, scale: unit.scale, page: page, error)
    }
  }
}
