import EmoPackFormat
import Foundation

// Stage 5, layout: the sprites in layout groups (an entry's new sprites: its animation as one strip, its still),
// the groups in pages by content (`PageChunker`), each page of each scale packed on its own.
extension PackJob {
  /// One entry's sprites that no earlier entry shows: its animation's frames as one strip, in frame order, and its
  /// still when that is not one of the frames.
  struct LayoutGroup {
    /// The strip's distinct frames, in frame order (empty for a still).
    var frames: [Int]
    /// The still, when it is a sprite of its own.
    var still: Int?
    /// The entry's identity: its boundaries in `PageChunker` depend on it, not on its pixels.
    var key: UInt64

    var sprites: [Int] { frames + (still.map { [$0] } ?? []) }
  }

  /// Something packed as one rectangle: a still, or a strip of frames that share one box, side by side in frame
  /// order (wrapped into rows when wider than the sheet).
  struct LayoutItem {
    var sprites: [Int]
    var name: String
  }

  /// One scale's sheets of one page group: where each of its sprites sits.
  struct SheetUnit {
    var scaleIndex: Int
    var scale: Int
    /// The page group (the chunk) this unit lays out.
    var chunk: Int
    var ring: Int
    /// The unit's sheets, in pixels.
    var pages: [Size]
    /// Each placed sprite's sheet (of this unit) and the top-left pixel of its cell.
    var origins: [Int: ScaleLayout.Origin]
    /// Each sheet's group (`SheetGroup`): the page group's sheets are group 0 outside the lossy mode.
    var groups: [Int]
  }

  /// Which sheets of a unit a sprite goes on in the lossy mode: its palette group's (several sprites sharing a
  /// palette, or a VP8 quality), a sheet of its own (a palette of its own), or the unit's lossless sheets.
  enum SheetGroup {
    /// Sprites set apart alone start here (one group each, by sprite).
    static let aloneBase = 1 << 40
    /// The lossless sheets.
    static let lossless = Int.max
    /// True for a group that holds one sprite set apart.
    static func isAlone(_ g: Int) -> Bool { g >= aloneBase && g != lossless }
  }

  /// What the layout stage decided.
  struct LaidOut {
    /// The page groups, in keyboard order: the layout groups each holds.
    var chunks: [[LayoutGroup]]
    /// Per scale and sprite: the rectangle of its square that is drawn (its visible pixels, its strip's box, or
    /// the whole square).
    var cells: [[BuiltSprite.Cell]]
    /// Every unit, by scale, then page group: the pack's sheet order.
    var units: [SheetUnit]
  }

  /// Groups the sprites, cuts the groups into pages by content and lays out each page group at each scale.
  func layOut(_ shared: Shared, _ plan: Plan) throws(BuildError) -> LaidOut {
    let groups = layoutGroups(shared, plan)
    let chunker: PageChunker = settings.layout == .global || options.singlePage ? .single : .standard
    let ranges = chunker.pages(weights: groups.map(\.sprites.count), keys: groups.map(\.key))
    let chunks = ranges.map { Array(groups[$0]) }
    var cells = settings.scales.map { _ in [BuiltSprite.Cell](repeating: .init(left: 0, top: 0, width: 0, height: 0), count: shared.sprites.count) }
    for k in settings.scales.indices {
      for chunk in chunks { decideCells(chunk, scaleIndex: k, shared, &cells[k]) }
    }
    let jobs = settings.scales.indices.flatMap { k in chunks.indices.map { (k, $0) } }
    let frozenCells = cells
    let results = parallelMap(jobs.count, jobs: options.jobs) { j -> Result<SheetUnit, PackingError> in
      let (k, c) = jobs[j]
      do throws(PackingError) {
        return .success(try layOutUnit(chunks[c], chunk: c, scaleIndex: k, cells: frozenCells[k], shared, groups: [:]))
      } catch {
        return .failure(error)
      }
    }
    var units: [SheetUnit] = []
    for r in results {
      switch r {
      case .success(let u): units.append(u)
      case .failure(let e): throw .packing(pack: pack.id, file: pack.manifest.manifestPath, e)
      }
    }
    var laidOut = LaidOut(chunks: chunks, cells: cells, units: units)
    // A scale with sprites but none visible still gets one (blank) sheet, so that their placements name one.
    for k in settings.scales.indices where !shared.sprites.isEmpty && !laidOut.units.contains(where: { $0.scaleIndex == k && !$0.pages.isEmpty }) {
      if let i = laidOut.units.firstIndex(where: { $0.scaleIndex == k }) {
        laidOut.units[i].pages = [Size(width: 1, height: 1)]
        laidOut.units[i].groups = [0]
      }
    }
    try checkLimits(laidOut)
    return laidOut
  }

  /// The layout groups, in keyboard order: each entry's sprites that no earlier entry shows.
  func layoutGroups(_ shared: Shared, _ plan: Plan) -> [LayoutGroup] {
    var placed = Set<Int>()
    var groups: [LayoutGroup] = []
    for (e, entry) in pack.entries.enumerated() {
      let still = plan.sourceOfEntry[e].map { shared.spriteOfSource[$0] }
      var frames: [Int] = []
      if let planned = plan.animationOfEntry[e] {
        switch planned.frames {
        case .file(let f):
          let start = shared.fileFrameStart[f]
          let end = f + 1 < shared.fileFrameStart.count ? shared.fileFrameStart[f + 1] : shared.spriteOfSource.count
          frames = (start..<end).map { shared.spriteOfSource[$0] }
        case .sources(let sources, _):
          frames = sources.map { shared.spriteOfSource[$0] }
        }
      }
      var group = LayoutGroup(frames: [], still: nil, key: 0)
      // One frame is no strip: a single-frame animation is a still.
      for f in frames where frames.count > 1 && !placed.contains(f) {
        placed.insert(f)
        group.frames.append(f)
      }
      let own = frames.count > 1 ? still : (still ?? frames.first)
      if let s = own, !placed.contains(s) {
        placed.insert(s)
        group.still = s
      }
      guard !group.sprites.isEmpty else { continue }
      let identity = entry.tags.first ?? entry.codes.first ?? entry.emoji ?? entry.image?.relativePath ?? "\(e)"
      group.key = SHA256.hash(Array(identity.utf8)).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
      groups.append(group)
    }
    return groups
  }

  /// Decides, for one page group at one scale, what of each sprite's square is drawn: its visible pixels, its
  /// strip's common box, or (whole squares) the square itself.
  ///
  /// `auto` trims a page group's sprites at a scale only when that saves `TrimMode.autoSaving` of their pixels,
  /// rings included: decided per page group, an edit elsewhere never changes it.
  func decideCells(_ chunk: [LayoutGroup], scaleIndex k: Int, _ shared: Shared, _ cells: inout [BuiltSprite.Cell]) {
    let side = settings.pointSize * settings.scales[k]
    let ring = settings.ring(scale: settings.scales[k])
    var trimmed: [(Int, BuiltSprite.Cell)] = []
    for group in chunk {
      let box = group.frames.reduce(BuiltSprite.Cell(left: 0, top: 0, width: 0, height: 0)) {
        $0.union(shared.sprites[$1].cells[k])
      }
      for f in group.frames { trimmed.append((f, box)) }
      if let s = group.still { trimmed.append((s, shared.sprites[s].cells[k])) }
    }
    var whole = settings.trim == .never
    if settings.trim == .auto {
      let all = Double(trimmed.count * (side + 2 * ring) * (side + 2 * ring))
      let area = trimmed.reduce(0.0) { total, t in
        t.1.isEmpty ? total : total + Double((t.1.width + 2 * ring) * (t.1.height + 2 * ring))
      }
      whole = area > all * (1 - TrimMode.autoSaving)
    }
    for (i, cell) in trimmed { cells[i] = whole && !shared.sprites[i].cells[k].isEmpty ? .whole(side) : cell }
  }

  /// The items of a page group at one scale: each strip (in rows of as many frames as fit the sheet side) and each
  /// still, with the sprites of `apart` in items of their own (a strip holding one goes apart whole).
  func items(_ chunk: [LayoutGroup], _ shared: Shared) -> [LayoutItem] {
    var out: [LayoutItem] = []
    for group in chunk {
      if !group.frames.isEmpty { out.append(LayoutItem(sprites: group.frames, name: shared.names[group.frames[0]])) }
      if let s = group.still { out.append(LayoutItem(sprites: [s], name: shared.names[s])) }
    }
    return out
  }

  /// Lays out one page group at one scale: each sheet group's items (`groups` gives a sprite's, 0 when absent; an
  /// item takes its sprites' highest, so a strip goes apart whole) on sheets of their own, in the groups' order.
  func layOutUnit(
    _ chunk: [LayoutGroup], chunk c: Int, scaleIndex k: Int, cells: [BuiltSprite.Cell], _ shared: Shared,
    groups: [Int: Int]
  ) throws(PackingError) -> SheetUnit {
    let scale = settings.scales[k]
    let ring = settings.ring(scale: scale)
    let maxSide = settings.maxSheetSide(scale: scale)
    // A strip's frames in rows of `perRow`; each frame's slot is its cell with its ring.
    var rects: [(size: Size, tier: Int, name: String, slots: [(sprite: Int, dx: Int, dy: Int)])] = []
    // WebP's lossless predictors and histograms work on tiles of 16 × 16 pixels: slots on that grid make equal
    // frames equal tiles, whose residuals then repeat and compress against each other.
    let grid = settings.sheetFormat == .webp ? WebPSheetEncoder.tileSide : 1
    for item in items(chunk, shared) {
      let cell = cells[item.sprites[0]]
      guard !cell.isEmpty else { continue }
      let slotW = (cell.width + 2 * ring + grid - 1) / grid * grid
      let slotH = (cell.height + 2 * ring + grid - 1) / grid * grid
      let perRow = max(1, min(item.sprites.count, maxSide / max(1, slotW)))
      // A strip taller than a sheet is cut into parts of as many rows as fit.
      let perItem = perRow * max(1, maxSide / max(1, slotH))
      let tier = item.sprites.map { groups[$0] ?? 0 }.max() ?? 0
      var start = 0
      while start < item.sprites.count {
        let part = Array(item.sprites[start..<min(item.sprites.count, start + perItem)])
        let cols = min(part.count, perRow)
        let rows = (part.count + perRow - 1) / perRow
        rects.append(
          (
            Size(width: cols * slotW - 2 * ring, height: rows * slotH - 2 * ring), tier, item.name,
            part.enumerated().map { n, s in (s, (n % perRow) * slotW, (n / perRow) * slotH) }
          ))
        start += perItem
      }
    }
    var unit = SheetUnit(scaleIndex: k, scale: scale, chunk: c, ring: ring, pages: [], origins: [:], groups: [])
    for tier in Set(rects.map(\.tier)).sorted() {
      let members = rects.filter { $0.tier == tier }
      let layout = try Atlas.layout(
        sizes: members.map(\.size), names: members.map(\.name), scale: scale, ring: ring, maxSide: maxSide,
        powerOfTwo: settings.powerOfTwo, jobs: 1)
      for (r, origin) in layout.origins.enumerated() {
        guard let origin else { continue }
        for slot in members[r].slots {
          unit.origins[slot.sprite] = .init(
            page: unit.pages.count + origin.page, x: origin.x + slot.dx, y: origin.y + slot.dy)
        }
      }
      unit.pages += layout.pages
      unit.groups += layout.pages.map { _ in tier }
    }
    return unit
  }

  /// Refuses layouts over `--single-page` or the sheet pixel limit.
  func checkLimits(_ laidOut: LaidOut) throws(BuildError) {
    let pages = settings.scales.indices.map { k in laidOut.units.filter { $0.scaleIndex == k }.reduce(0) { $0 + $1.pages.count } }
    if options.singlePage, let most = pages.max(), most > 1 {
      throw .tooManyPages(
        pack: pack.id, file: pack.manifest.manifestPath, pages: most, maxSheetSide: settings.maxSheetSide)
    }
    let pixels = laidOut.units.reduce(0) { $0 + $1.pages.reduce(0) { $0 + $1.width * $1.height } }
    if pixels > options.maxTotalSheetPixels {
      throw .tooManySheetPixels(
        pack: pack.id, file: pack.manifest.manifestPath, pixels: pixels, limit: options.maxTotalSheetPixels)
    }
  }
}
