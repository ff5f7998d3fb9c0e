import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation
import Synchronization

/// Builds one validated pack.
struct PackJob {
  let pack: ValidatedPack
  let settings: PackSettings
  let options: BuildOptions
  let progress: (@Sendable (BuildProgress) -> Void)?

  init(
    pack: ValidatedPack, options: BuildOptions, progress: (@Sendable (BuildProgress) -> Void)?
  ) {
    self.pack = pack
    settings = pack.settings
    self.options = options
    self.progress = progress
  }

  var out: String { options.outputDirectory }
  var packPath: String { out + "/" + pack.id + ".pack" }

  /// Builds the pack in stages — plan, make sprites, share, lay out, draw, encode, assemble, write — each
  /// taking and returning a small value; an up-to-date pack stops after the plan.
  mutating func run(stages: inout StageClock, diagnostics: inout Diagnostics) throws(BuildError) -> PackReport {
    let plan = try self.plan()
    let cache = BuildCache(directory: options.resolvedCacheDirectory(forOutput: out))
    if let last = cache.key(for: pack.id), last.key == plan.cacheKey,
      let report = upToDateReport(packDigest: last.packDigest)
    {
      stages.lap("validate")
      return report
    }
    stages.lap("validate")
    try checkSpritePixels(sources: plan.sources.count)
    let made = try makeSprites(plan, cache: cache, diagnostics: &diagnostics)
    let animated = try makeAnimationFrames(plan, diagnostics: &diagnostics)
    stages.lap("images")
    var shared = try share(made, animated, plan)
    let trimmedScales = chooseTrimming(&shared)
    // In the palette mode, a scale whose sheets cannot all hold the SSIM floor is laid out again on smaller pages
    // (half the side: a quarter of the sprites each, so each palette serves fewer), up to twice.
    var divisors = [Int](repeating: 1, count: settings.scales.count)
    var laidOut: LaidOut
    var encoded: Encoded
    var attempt = 0
    var settled = false
    // Sheets encoded so far: a scale laid out again with the same divisor gives the same sheets.
    var earlier: [EncodingKey: EncodedSheet] = [:]
    while true {
      laidOut = try layOut(shared, plan, divisors: divisors)
      stages.lap("pack")
      var notes = Diagnostics()
      encoded = try encode(
        try draw(laidOut, shared), laidOut, divisors: divisors, earlier: &earlier, diagnostics: &notes)
      stages.lap("encode")
      if !settings.palette || settled {
        diagnostics.append(contentsOf: notes)
        break
      }
      // Only scales near the floor are worth smaller pages (far under it, no palette holds).
      let failing = Set(
        encoded.keptLossless.filter { $0.minimumSSIM >= settings.ssimFloor - PaletteQuantizer.retryMargin }.map(
          \.sheet.scaleIndex))
      if !failing.isEmpty && attempt < Self.paletteRelayouts {
        for k in failing { divisors[k] *= 2 }
        attempt += 1
        continue
      }
      // A scale with sheets still under the floor takes, of its first layout and the page sizes that made indexed
      // sheets, the one whose sheets are the fewest bytes (every sheet of them is in `earlier`, so laying the
      // choice out again encodes nothing).
      let missing = Set(encoded.keptLossless.map(\.sheet.scaleIndex))
      let chosen = divisors.indices.map {
        missing.contains($0) ? Self.fewestBytes(scaleIndex: $0, earlier) : divisors[$0]
      }
      if chosen == divisors {
        diagnostics.append(contentsOf: notes)
        break
      }
      divisors = chosen
      settled = true
    }
    let output = try assemble(
      plan, shared, laidOut, encoded, trimmed: !trimmedScales.isEmpty, animatedFiles: animated)
    let written = try write(output, key: plan.cacheKey, cache: cache)
    stages.lap("write")
    return PackReport(
      id: pack.id, packFile: packPath, packBytes: output.packBytes.count, entries: output.contents.entries.count,
      uniqueSprites: shared.sprites.count, sheets: output.sheetReports, upToDate: false,
      imagesProcessed: made.processed + animated.count, imagesFromCache: made.fromCache, bytesWritten: written)
  }

  // MARK: Plan

  /// What to build: the distinct source files (by content), which one each entry shows, and the cache key.
  struct Plan {
    /// Source images with distinct bytes, in order of first use.
    var sources: [ImageSource]
    /// Their SHA-256.
    var sourceHashes: [[UInt8]]
    /// For each entry of the pack, the source it shows (nil for emoji-only entries and for animations whose
    /// still is one of their frames).
    var sourceOfEntry: [Int?]
    /// Distinct GIF and APNG files, in order of first use, and their SHA-256.
    var animationFiles: [ImageSource]
    var animationFileHashes: [[UInt8]]
    /// For each entry, its animation.
    var animationOfEntry: [PlannedAnimation?]
    /// The key of the whole build in the cache.
    var cacheKey: String
  }

  /// An entry's animation: frames from a file (its index in `animationFiles`) or from still sources.
  struct PlannedAnimation {
    enum Frames {
      case file(Int)
      case sources([Int], delays: [Int])
    }
    var frames: Frames
    var loop: Int?
    var still: Int?
  }

  private func plan() throws(BuildError) -> Plan {
    // Unique image paths in order of first use, then one source per distinct content: images with the same
    // bytes make the same sprite, so only the first of each is decoded.
    var images: [ImageSource] = []
    var imageIndex: [PathKey: Int] = [:]
    var files: [ImageSource] = []
    var fileIndex: [PathKey: Int] = [:]
    func add(_ image: ImageSource) {
      if imageIndex[PathKey(image.path)] == nil {
        imageIndex[PathKey(image.path)] = images.count
        images.append(image)
      }
    }
    for entry in pack.entries {
      if let image = entry.image { add(image) }
      switch entry.animation?.frames {
      case .images(let frames, _)?: frames.forEach(add)
      case .file(let f, _)?:
        if fileIndex[PathKey(f.path)] == nil {
          fileIndex[PathKey(f.path)] = files.count
          files.append(f)
        }
      case nil: break
      }
    }
    let imageHashes = try hashImages(images)
    let fileHashes = try hashImages(files)
    var sources: [ImageSource] = []
    var sourceHashes: [[UInt8]] = []
    var sourceOfImage: [Int] = []
    var sourceByHash: [[UInt8]: Int] = [:]
    for (i, image) in images.enumerated() {
      if let known = sourceByHash[imageHashes[i]] {
        sourceOfImage.append(known)
      } else {
        sourceByHash[imageHashes[i]] = sources.count
        sourceOfImage.append(sources.count)
        sources.append(image)
        sourceHashes.append(imageHashes[i])
      }
    }
    let sourceOfEntry = pack.entries.map { entry in
      entry.image.flatMap { imageIndex[PathKey($0.path)] }.map { sourceOfImage[$0] }
    }
    let animationOfEntry = pack.entries.map { entry -> PlannedAnimation? in
      guard let a = entry.animation else { return nil }
      switch a.frames {
      case .file(let f, _):
        return PlannedAnimation(frames: .file(fileIndex[PathKey(f.path)] ?? 0), loop: a.loop, still: a.still)
      case .images(let frames, let delays):
        let indices = frames.map { sourceOfImage[imageIndex[PathKey($0.path)] ?? 0] }
        return PlannedAnimation(frames: .sources(indices, delays: delays), loop: a.loop, still: a.still)
      }
    }
    return Plan(
      sources: sources, sourceHashes: sourceHashes, sourceOfEntry: sourceOfEntry, animationFiles: files,
      animationFileHashes: fileHashes, animationOfEntry: animationOfEntry,
      cacheKey: cacheKey(
        hashByPath: Dictionary(
          zip((images + files).map { PathKey($0.path) }, imageHashes + fileHashes), uniquingKeysWith: { a, _ in a })))
  }

  // MARK: Share identical sprites

  /// The distinct sprites (each a trimmed image per scale) and which one each source shows.
  struct Shared {
    var sprites: [BuiltSprite]
    /// Scales whose sprites are drawn as whole squares (`chooseTrimming`).
    var whole: [Bool]
    /// Where stored sprites are read back from.
    var store: SpriteStore
    /// Names for deterministic tie-breaking and messages (the first source's path).
    var names: [String]
    /// For each made sprite — the still sources', then every animation file's frames — its distinct sprite.
    var spriteOfSource: [Int]
    /// Where each animation file's frames start among the made sprites.
    var fileFrameStart: [Int]
  }

  /// Different files can still decode and resample to the same pixels: a fast hash picks candidates, a
  /// comparison of the pixels and offsets decides (reading stored sprites back).
  private func share(_ made: MadeSprites, _ animated: [MadeAnimation], _ plan: Plan) throws(BuildError) -> Shared {
    var all = made.sprites
    var names = plan.sources.map(\.relativePath)
    var starts: [Int] = []
    for (f, a) in animated.enumerated() {
      starts.append(all.count)
      all += zip(a.frames, a.hashes).map { BuiltSprite(images: $0, hash: $1) }
      names += a.frames.indices.map { "\(plan.animationFiles[f].relativePath)#\($0)" }
    }
    var out = Shared(
      sprites: [], whole: settings.scales.map { _ in false }, store: made.store, names: [], spriteOfSource: [],
      fileFrameStart: starts)
    var byHash: [UInt64: [Int]] = [:]
    for (i, sprite) in all.enumerated() {
      var match: Int?
      for candidate in byHash[sprite.hash] ?? [] where out.sprites[candidate].cells == sprite.cells {
        if try images(of: out.sprites[candidate], out) == images(of: sprite, out) {
          match = candidate
          break
        }
      }
      if let match {
        out.spriteOfSource.append(match)
      } else {
        byHash[sprite.hash, default: []].append(out.sprites.count)
        out.spriteOfSource.append(out.sprites.count)
        out.sprites.append(sprite)
        out.names.append(names[i])
      }
    }
    return out
  }

  /// A sprite's images at every scale as drawn: read back from the cache file when stored there, cropped to
  /// their cells, and put back into whole squares at the scales `chooseTrimming` left untrimmed.
  private func images(of sprite: BuiltSprite, _ shared: Shared) throws(BuildError) -> [TrimmedImage] {
    var images: [TrimmedImage]
    switch sprite.pixels {
    case .memory(let kept):
      images = kept
    case .stored(let slot):
      guard let squares = shared.store.stored(slot: slot), squares.count == sprite.cells.count else {
        throw .spriteCache(pack: pack.id, path: shared.store.path, slot: slot)
      }
      images = zip(squares, sprite.cells).map { square, c in
        if c.width == 0 { return TrimmedImage(image: RGBAImage(width: 0, height: 0, pixels: []), left: 0, top: 0) }
        if c.width == square.width && c.height == square.height { return TrimmedImage(image: square, left: 0, top: 0) }
        return TrimmedImage(
          image: square.cropped(x: c.left, y: c.top, width: c.width, height: c.height), left: c.left, top: c.top)
      }
    }
    for (k, scale) in settings.scales.enumerated() where shared.whole[k] {
      images[k] = TrimmedImage(image: Trimmer.placeBack(images[k], side: settings.pointSize * scale), left: 0, top: 0)
    }
    return images
  }

  // MARK: Choose trimming

  /// Puts sprites back into whole squares where trimming does not pay; returns the scales left trimmed.
  ///
  /// In `auto`, a scale keeps its trimmed sprites only when they cut its sprite pixels (rings included) by
  /// `TrimMode.autoSaving`.
  private func chooseTrimming(_ shared: inout Shared) -> [Int] {
    guard settings.trim != .never else { return [] }
    var trimmed: [Int] = []
    for (k, scale) in settings.scales.enumerated() {
      let side = settings.pointSize * scale
      let ring = settings.padding * scale
      let cut = shared.sprites.contains {
        !($0.cells[k].left == 0 && $0.cells[k].top == 0 && $0.cells[k].width == side)
      }
      guard cut else { continue }
      if settings.trim == .auto {
        let whole = Double(shared.sprites.count * (side + 2 * ring) * (side + 2 * ring))
        let area = shared.sprites.reduce(0.0) { total, s in
          let c = s.cells[k]
          return total + (c.width == 0 ? 0 : Double((c.width + 2 * ring) * (c.height + 2 * ring)))
        }
        if area > whole * (1 - TrimMode.autoSaving) {
          shared.whole[k] = true
          continue
        }
      }
      trimmed.append(scale)
    }
    return trimmed
  }

  /// Sprite `i`'s cell at scale index `k` as laid out: its trimmed cell, or the whole square.
  private func cell(_ shared: Shared, _ i: Int, _ k: Int) -> BuiltSprite.Cell {
    let side = settings.pointSize * settings.scales[k]
    return shared.whole[k] ? BuiltSprite.Cell(left: 0, top: 0, width: side, height: side) : shared.sprites[i].cells[k]
  }

  // MARK: Lay out

  /// One layout per scale, in that scale's pixels.
  struct LaidOut {
    var layouts: [ScaleLayout]
  }

  /// The largest sheet side at `scale`: the limit is the largest scale's, and smaller scales get the same share
  /// of it (so untrimmed packs have the same pages at every scale, and small sheets stay narrow enough for
  /// unfiltered rows to compress well).
  private func maxSide(scale: Int) -> Int {
    let largest = settings.scales.last ?? 1
    return max(1, settings.maxSheet * scale / largest)
  }

  /// Packs each scale's sprites on their own.
  ///
  /// Trimming differs per scale, so the rectangles do.
  /// How often the palette mode lays a scale out again on smaller pages.
  static let paletteRelayouts = 2

  /// The divisor of the `scaleIndex`-th scale's page side, of 1 and those in `encoded` that made an indexed sheet,
  /// whose sheets are the fewest PNG bytes in all (on a tie, the larger pages: fewer files).
  static func fewestBytes(scaleIndex: Int, _ encoded: [EncodingKey: EncodedSheet]) -> Int {
    var bytes: [Int: Int] = [:]
    var indexed: Set<Int> = [1]
    for (key, sheet) in encoded where key.scaleIndex == scaleIndex {
      bytes[key.divisor, default: 0] += sheet.png.count
      if let o = sheet.palette, o.accepted || o.exact { indexed.insert(key.divisor) }
    }
    return bytes.filter { indexed.contains($0.key) }.min { ($0.value, $0.key) < ($1.value, $1.key) }?.key ?? 1
  }

  private func layOut(_ shared: Shared, _ plan: Plan, divisors: [Int]) throws(BuildError) -> LaidOut {
    var layouts: [ScaleLayout] = []
    for (k, scale) in settings.scales.enumerated() {
      let sizes = shared.sprites.indices.map { i in
        let c = cell(shared, i, k)
        return Size(width: c.width, height: c.height)
      }
      do {
        layouts.append(
          try Atlas.layout(
            sizes: sizes, names: shared.names, scale: scale, ring: settings.padding * scale,
            maxSide: max(1, maxSide(scale: scale) / divisors[k]), powerOfTwo: settings.powerOfTwo,
            jobs: options.jobs))
      } catch {
        throw .packing(pack: pack.id, error)
      }
    }
    let pages = layouts.map(\.pages.count).max() ?? 1
    if options.singlePage && pages > 1 {
      throw .tooManyPages(pack: pack.id, pages: pages, maxSheet: settings.maxSheet)
    }
    let pixels = layouts.reduce(0) { $0 + $1.pages.reduce(0) { $0 + $1.width * $1.height } }
    if pixels > options.maxTotalSheetPixels {
      throw .tooManySheetPixels(pack: pack.id, pixels: pixels, limit: options.maxTotalSheetPixels)
    }
    return LaidOut(layouts: layouts)
  }

  // MARK: Draw

  /// Every distinct sprite drawn into its scale's sheets, in parallel (sprites own disjoint cells), each read
  /// back from the cache file by the job that draws it: one sprite per job in memory.
  private func draw(_ laidOut: LaidOut, _ shared: Shared) throws(BuildError) -> SheetSet {
    let sheets = SheetSet(laidOut.layouts)
    let layouts = laidOut.layouts
    let pointSize = settings.pointSize
    let failure = Mutex<BuildError?>(nil)
    parallelFor(shared.sprites.count, jobs: options.jobs) { i in
      let sprite: [TrimmedImage]
      do throws(BuildError) {
        sprite = try images(of: shared.sprites[i], shared)
      } catch {
        failure.withLock { $0 = $0 ?? error }
        return
      }
      for (k, layout) in layouts.enumerated() {
        guard let o = layout.origins[i] else { continue }
        let canvas = sheets[k, o.page]
        let t = sprite[k]
        Atlas.drawSprite(
          t.image, x: o.x, y: o.y, ring: layout.ring, extrude: Atlas.Extrusion(t, side: pointSize * layout.scale),
          into: canvas.pixels, rowStride: canvas.rowStride)
      }
    }
    if let error = failure.withLock({ $0 }) { throw error }
    return sheets
  }

  // MARK: Encode

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
  private func encode(
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
        throw .encoding(pack: pack.id, scale: sheet.scale, page: sheet.page, e)
      case nil:
        throw .encoding(
          pack: pack.id, scale: sheet.scale, page: sheet.page, PNGError(.invalidArgument, "the sheet was not encoded"))
      }
    }
    return out
  }

  // MARK: Assemble and write

  /// The pack's contents and bytes, and what to report of its sheets.
  struct Output {
    var contents: PackContents
    var packBytes: [UInt8]
    var sheetPNGs: [[UInt8]]
    var sheetReports: [SheetReport]
  }

  private func assemble(
    _ plan: Plan, _ shared: Shared, _ laidOut: LaidOut, _ encoded: Encoded, trimmed: Bool,
    animatedFiles: [MadeAnimation]
  ) throws(BuildError) -> Output {
    var records: [SheetRecord] = []
    var reports: [SheetReport] = []
    for (position, (k, page)) in laidOut.layouts.enumerated().flatMap({ k, l in l.pages.indices.map { (k, $0) } })
      .enumerated()
    {
      let layout = laidOut.layouts[k]
      let size = layout.pages[page]
      let digest = encoded.sha256[position]
      let bytes = encoded.png[position].count
      let name = SheetNaming.name(
        id: pack.id, scale: layout.scale, page: page, digest: digest, stable: settings.stableSheetNames)
      records.append(
        SheetRecord(
          fileName: name, scale: layout.scale, page: page, width: size.width, height: size.height, byteSize: bytes,
          sha256: digest))
      let occ = layout.occupancy(page: page)
      reports.append(
        SheetReport(
          file: name, scale: layout.scale, page: page, width: size.width, height: size.height, bytes: bytes,
          spriteFraction: occ.spriteFraction, packingEfficiency: occ.packingEfficiency,
          palette: encoded.palette[position]))
    }
    let sheets = SheetSet.firstPositions(laidOut.layouts)
    let images = shared.sprites.indices.map { i in
      PackImage(
        placements: laidOut.layouts.enumerated().map { k, layout in
          let t = cell(shared, i, k)
          guard let o = layout.origins[i] else {
            return SpritePlacement(sheet: sheets[k], x: 0, y: 0, width: 0, height: 0)
          }
          return SpritePlacement(
            sheet: sheets[k] + o.page, x: o.x, y: o.y, width: t.width, height: t.height, left: t.left, top: t.top)
        })
    }
    var animations: [PackAnimation] = []
    var animationIndex: [PackAnimation: Int] = [:]
    var entries: [PackEntry] = []
    for (e, entry) in pack.entries.enumerated() {
      var image = plan.sourceOfEntry[e].map { shared.spriteOfSource[$0] }
      var animation: Int?
      if let planned = plan.animationOfEntry[e] {
        let frames: [PackAnimation.Frame]
        var loop = planned.loop
        switch planned.frames {
        case .file(let f):
          let made = animatedFiles[f]
          frames = made.delays.indices.map {
            PackAnimation.Frame(image: shared.spriteOfSource[shared.fileFrameStart[f] + $0], duration: made.delays[$0])
          }
          loop = loop ?? made.loopCount
        case .sources(let sources, let delays):
          frames = zip(sources, delays).map { PackAnimation.Frame(image: shared.spriteOfSource[$0], duration: $1) }
        }
        let still = min(planned.still ?? 0, frames.count - 1)
        if image == nil { image = frames[still].image }
        // A one-frame GIF or APNG is a still.
        if frames.count > 1 {
          let a = PackAnimation(frames: frames, loopCount: loop ?? 0, still: still)
          if let known = animationIndex[a] {
            animation = known
          } else {
            animationIndex[a] = animations.count
            animation = animations.count
            animations.append(a)
          }
        }
      }
      entries.append(
        PackEntry(
          kind: entry.kind, tags: entry.tags, emoji: entry.emoji, image: image, animation: animation,
          codes: entry.codes,
          insertsCode: entry.insertsCode, keywords: entry.keywords))
    }
    let contents = PackContents(
      id: pack.id, version: pack.manifest.version, names: pack.manifest.names, pointSize: settings.pointSize,
      scales: settings.scales, sheets: records, images: images, entries: entries, animations: animations,
      trimmed: trimmed,
      palette: encoded.palette.contains(true))
    do {
      return Output(
        contents: contents, packBytes: try PackWriter.write(contents), sheetPNGs: encoded.png, sheetReports: reports)
    } catch {
      throw .format(pack: pack.id, error)
    }
  }

  /// Commits sheets first under new names, then the pack by one rename, then removes the old sheets; returns
  /// the bytes written.
  private func write(_ output: Output, key: String, cache: BuildCache) throws(BuildError) -> Int {
    var commit = OutputCommit(directory: out)
    for (j, record) in output.contents.sheets.enumerated() { commit.add(record.fileName, output.sheetPNGs[j]) }
    commit.add(pack.id + ".pack", output.packBytes)
    let previous = try? PackReader(contentsOf: packPath).sheets().map(\.fileName)
    do {
      let written = try commit.commit()
      let keep = Set(output.contents.sheets.map(\.fileName))
      for old in previous ?? [] where !keep.contains(old) && PackReader.isSafeFileName(old) {
        FileSystem.remove(out + "/" + old)
      }
      try cache.setKey(key, packDigest: hexString(SHA256.hash(output.packBytes)), for: pack.id)
      return written
    } catch {
      throw .io(error)
    }
  }

  /// Refuses packs whose untrimmed sprites alone would exceed the sheet pixel limit, before any image is decoded
  /// (the sheets are checked again once laid out).
  private func checkSpritePixels(sources: Int) throws(BuildError) {
    let cells = settings.scales.reduce(0) { total, s in
      let side = (settings.pointSize + 2 * settings.padding) * s
      return total + side * side
    }
    let (pixels, overflow) = cells.multipliedReportingOverflow(by: sources)
    if overflow || pixels > options.maxTotalSheetPixels {
      throw .tooManySheetPixels(pack: pack.id, pixels: overflow ? Int.max : pixels, limit: options.maxTotalSheetPixels)
    }
  }

  /// Reads every source image (and its scale variants) once to hash it: the cache keys depend on content, not on
  /// times.
  private func hashImages(_ images: [ImageSource]) throws(BuildError) -> [[UInt8]] {
    let results = parallelMap(images.count, jobs: options.jobs) { i -> Result<[UInt8], FileSystemError> in
      do throws(FileSystemError) {
        var digest = SHA256.hash(try FileSystem.read(images[i].path))
        let variants = images[i].variants.filter { $0.path != images[i].path }
        if !variants.isEmpty {
          var all = digest
          for v in variants { all += Array("|\(v.scale)|".utf8) + SHA256.hash(try FileSystem.read(v.path)) }
          digest = SHA256.hash(all)
        }
        return .success(digest)
      } catch {
        return .failure(error)
      }
    }
    var out: [[UInt8]] = []
    for r in results {
      switch r {
      case .success(let h): out.append(h)
      case .failure(let e): throw .io(e)
      }
    }
    return out
  }

  private func cacheKey(hashByPath: [PathKey: [UInt8]]) -> String {
    var text = PackBuilder.toolVersion + "\n"
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    text += String(decoding: (try? encoder.encode(settings)) ?? Data(), as: UTF8.self) + "\n"
    text += "id=\(pack.id)\nversion=\(pack.manifest.version)\nlimits=\(options.maxTotalSheetPixels)\n"
    for n in pack.manifest.names { text += "name=\(n.locale)=\(n.name)\n" }
    func sha(_ image: ImageSource) -> String { hexString(hashByPath[PathKey(image.path)] ?? []) }
    for entry in pack.entries {
      text +=
        "entry kind=\(entry.kind.rawValue) tags=\(entry.tags.joined(separator: "\u{1F}")) emoji=\(entry.emoji ?? "")"
      if let image = entry.image { text += " image=\(image.relativePath) sha=\(sha(image))" }
      text += " codes=\(entry.codes.joined(separator: "\u{1F}")) insert=\(entry.insertsCode)"
      for k in entry.keywords { text += " keyword=\(k.source.rawValue):\(k.locale ?? "-"):\(k.text)" }
      if let a = entry.animation {
        text += " loop=\(a.loop.map(String.init) ?? "-") still=\(a.still.map(String.init) ?? "-")"
        switch a.frames {
        case .file(let f, _):
          text += " animation=\(f.relativePath) sha=\(sha(f))"
        case .images(let frames, let delays):
          for (f, delay) in zip(frames, delays) { text += " frame=\(f.relativePath):\(delay) sha=\(sha(f))" }
        }
      }
      text += "\n"
    }
    return hexString(SHA256.hash(Array(text.utf8)))
  }

  /// A report when the cache key matches, or nil if the outputs are missing, damaged or not the ones the cache's
  /// build wrote (`packDigest`).
  private func upToDateReport(packDigest: String) -> PackReport? {
    guard let reader = try? PackReader(contentsOf: packPath), let sheets = try? reader.sheets(), reader.id == pack.id,
      hexString(SHA256.hash(Array(reader.storage.buffer))) == packDigest
    else {
      return nil
    }
    for sheet in sheets {
      let path = out + "/" + sheet.fileName
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        (attributes[.size] as? Int) == sheet.byteSize
      else { return nil }
    }
    return PackReport(
      id: pack.id, packFile: packPath, packBytes: reader.storage.count, entries: reader.entryCount,
      uniqueSprites: 0,
      sheets: sheets.map {
        SheetReport(
          file: $0.fileName, scale: $0.scale, page: $0.page, width: $0.width, height: $0.height, bytes: $0.byteSize,
          spriteFraction: 0, packingEfficiency: 0, palette: reader.palette)
      }, upToDate: true, imagesProcessed: 0, imagesFromCache: 0, bytesWritten: 0)
  }

  struct MadeSprites {
    /// Each source's sprite, its pixels in the store's file (or kept when they could not be written there).
    var sprites: [BuiltSprite]
    /// This build's sprite file, open for reading back.
    var store: SpriteStore
    var processed: Int
    var fromCache: Int
  }

  /// Decodes and resamples each source (one source in memory per job), or loads its sprites from the cache,
  /// then trims each scale's image.
  ///
  /// Decoding failures become diagnostics naming the file, thrown together as `invalidInput`.
  private func makeSprites(
    _ plan: Plan, cache: BuildCache, diagnostics: inout Diagnostics
  ) throws(BuildError) -> MadeSprites {
    let images = plan.sources
    let hashes = plan.sourceHashes
    let scales = settings.scales
    let pointSize = settings.pointSize
    let resampler = Resampler(filter: settings.filter)
    let limits = options.imageLimits
    let progress = self.progress
    let id = pack.id
    let done = Atomic<Int>(0)
    let exact = settings.exactColors
    let trim = settings.trim != .never
    let threshold = settings.trimAlphaThreshold
    let store = SpriteStore(
      cache: cache, id: pack.id, sides: scales.map { pointSize * $0 }, count: images.count)
    typealias Made = (sprite: BuiltSprite, cached: Bool)
    let results = parallelMap(images.count, jobs: options.jobs) { i -> Result<Made, Diagnostic> in
      let image = images[i]
      let spriteKey = SHA256.hash(
        Array(
          "\(PackBuilder.toolVersion)|\(hexString(hashes[i]))|\(pointSize)|\(scales)|\(resampler.filter.id)|\(exact)"
            .utf8))
      var rendered: [RGBAImage]?
      var cached = false
      var r: Result<Made, Diagnostic>?
      if let fromCache = store.sprite(spriteKey) {
        rendered = fromCache
        cached = true
      } else {
        do {
          let bytes = try FileSystem.read(image.path)
          let decoded = try PNGDecoder.decode(bytes, limits: limits)
          // A scale the pack ships a drawing of takes it as drawn; the others are resampled from the image.
          let drawings = scales.map { scale in
            image.variant(forScale: scale).map(\.path).flatMap { $0 != image.path ? $0 : nil }
          }
          let resampled = resampler.fit(
            decoded.image, sides: zip(scales, drawings).filter { $0.1 == nil }.map { pointSize * $0.0 })
          var images: [RGBAImage] = []
          var nextResampled = 0
          for drawing in drawings {
            if let drawing {
              images.append(try PNGDecoder.decode(try FileSystem.read(drawing), limits: limits).image)
            } else {
              images.append(resampled[nextResampled])
              nextResampled += 1
            }
          }
          if !exact { images = PremultipliedForm.smaller(of: images) }
          rendered = images
        } catch let error as PNGError {
          r = .failure(
            image.location.diagnostic(
              .error, .imageCorrupt, "image '\(image.relativePath)' is a corrupt PNG: \(error.message)"))
        } catch {
          r = .failure(
            image.location.diagnostic(
              .error, .imageUnreadable, "image '\(image.relativePath)' cannot be read: \(error)"))
        }
      }
      if let rendered {
        let sprite = rendered.map {
          trim ? Trimmer.trim($0, alphaThreshold: threshold) : TrimmedImage(image: $0, left: 0, top: 0)
        }
        // Stored, only the cells are kept: the drawing reads the pixels back.
        let kept = BuiltSprite(images: sprite, hash: SpriteHash.of(sprite))
        r = .success((store.store(slot: i, key: spriteKey, rendered) ? kept.stored(slot: i) : kept, cached))
      }
      let n = done.wrappingAdd(1, ordering: .relaxed).newValue
      progress?(BuildProgress(stage: "images", pack: id, done: n, total: images.count))
      return r
        ?? .failure(
          image.location.diagnostic(.error, .imageUnreadable, "image '\(image.relativePath)' was not processed"))
    }
    var out = MadeSprites(sprites: [], store: store, processed: 0, fromCache: 0)
    var failed = false
    for result in results {
      switch result {
      case .success(let made):
        out.sprites.append(made.sprite)
        if made.cached { out.fromCache += 1 } else { out.processed += 1 }
      case .failure(let d):
        diagnostics.append(d)
        failed = true
      }
    }
    // A failed build leaves the previous cache as it was; a good one makes its sprites the next build's cache.
    if failed {
      store.discard()
      throw .invalidInput(diagnostics)
    }
    store.commit()
    return out
  }
}

extension PackJob {
  /// One animation file's frames, made like stills: each whole frame resampled to every scale and trimmed.
  struct MadeAnimation {
    var frames: [[TrimmedImage]]
    var hashes: [UInt64]
    /// Each frame's time in milliseconds.
    var delays: [Int]
    /// Total plays, 0 forever.
    var loopCount: Int
  }

  /// Decodes every GIF and APNG (one file's frames in memory per job), composites and resamples its frames.
  ///
  /// Failures become diagnostics naming the file, thrown together as `invalidInput`.
  func makeAnimationFrames(_ plan: Plan, diagnostics: inout Diagnostics) throws(BuildError) -> [MadeAnimation] {
    let files = plan.animationFiles
    guard !files.isEmpty else { return [] }
    let scales = settings.scales
    let pointSize = settings.pointSize
    let resampler = Resampler(filter: settings.filter)
    let exact = settings.exactColors
    let trim = settings.trim != .never
    let threshold = settings.trimAlphaThreshold
    let limits = options.animationLimits
    let pngLimits = options.imageLimits
    let results = parallelMap(files.count, jobs: options.jobs) { i -> Result<MadeAnimation, Diagnostic> in
      let file = files[i]
      let decoded: AnimatedImage
      do {
        let bytes = try FileSystem.read(file.path)
        if GIFDecoder.isGIF(bytes) {
          decoded = try GIFDecoder.decode(bytes, limits: limits)
        } else {
          decoded = try APNGDecoder.decode(bytes, limits: limits, pngLimits: pngLimits)
        }
      } catch let error as GIFError {
        return .failure(
          file.location.diagnostic(
            .error, error.kind == .tooLarge ? .animationTooLarge : .animationCorrupt,
            "animation '\(file.relativePath)': \(error.message)"))
      } catch let error as PNGError {
        return .failure(
          file.location.diagnostic(
            .error, error.kind == .tooLarge ? .animationTooLarge : .animationCorrupt,
            "animation '\(file.relativePath)': \(error.message)"))
      } catch {
        return .failure(
          file.location.diagnostic(
            .error, .imageUnreadable, "animation '\(file.relativePath)' cannot be read: \(error)"))
      }
      var made = MadeAnimation(frames: [], hashes: [], delays: [], loopCount: decoded.loopCount)
      for frame in decoded.frames {
        var images = resampler.fit(frame.image, sides: scales.map { pointSize * $0 })
        if !exact { images = PremultipliedForm.smaller(of: images) }
        let sprite = images.map {
          trim ? Trimmer.trim($0, alphaThreshold: threshold) : TrimmedImage(image: $0, left: 0, top: 0)
        }
        made.frames.append(sprite)
        made.hashes.append(SpriteHash.of(sprite))
        made.delays.append(frame.delay)
      }
      return .success(made)
    }
    var out: [MadeAnimation] = []
    var failed = false
    for r in results {
      switch r {
      case .success(let m): out.append(m)
      case .failure(let d):
        diagnostics.append(d)
        failed = true
      }
    }
    if failed { throw .invalidInput(diagnostics) }
    return out
  }
}

/// Names of sheet files.
public enum SheetNaming {
  /// The file name of a sheet.
  ///
  /// `<id>.<hash8>@2x.png` (content-hashed, the default) or `<id>@2x.png` (stable); pages after the first
  /// add `-p<N>`. The 1x sheet has no `@1x` suffix, as on Apple platforms.
  public static func name(id: String, scale: Int, page: Int, digest: [UInt8], stable: Bool) -> String {
    var base = id
    if !stable { base += "." + hexString(digest.prefix(4)) }
    if page > 0 { base += "-p\(page)" }
    return base + (scale == 1 ? "" : "@\(scale)x") + ".png"
  }
}

/// A distinct sprite at every scale: where its visible pixels sit in each `pointSize × scale` square, and where
/// the pixels are: a slot of this build's sprite file (so a build holds one sprite per job from making the sprites
/// to drawing them, not all of them), or memory (animation frames, or a sprite the file could not take).
struct BuiltSprite: Sendable {
  /// The visible rectangle of one scale's square (0 × 0 when nothing is visible).
  struct Cell: Sendable, Equatable {
    var left: Int
    var top: Int
    var width: Int
    var height: Int
  }

  enum Pixels: Sendable {
    /// The whole squares are in slot `slot` of the build's `SpriteStore`.
    case stored(slot: Int)
    case memory([TrimmedImage])
  }

  var cells: [Cell]
  var pixels: Pixels
  /// `SpriteHash` of the trimmed images.
  var hash: UInt64

  /// A sprite held in memory.
  init(images: [TrimmedImage], hash: UInt64) {
    cells = images.map { Cell(left: $0.left, top: $0.top, width: $0.image.width, height: $0.image.height) }
    pixels = .memory(images)
    self.hash = hash
  }

  /// The same sprite with its pixels in the store's `slot` instead.
  func stored(slot: Int) -> BuiltSprite {
    var s = self
    s.pixels = .stored(slot: slot)
    return s
  }
}

/// A fast 64-bit hash of sprite pixels (only to find candidates; equality is checked on the bytes).
enum SpriteHash {
  static func of(_ sprite: [TrimmedImage]) -> UInt64 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15
    for t in sprite {
      let image = t.image
      h = (h ^ UInt64(t.left << 16 | t.top)) &* 0xBF58_476D_1CE4_E5B9
      image.pixels.withUnsafeBytes { raw in
        var i = 0
        let n = raw.count
        while i + 8 <= n {
          h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x0000_0100_0000_01B3
          h ^= h >> 29
          i += 8
        }
        while i < n {
          h = (h ^ UInt64(raw[i])) &* 0x0000_0100_0000_01B3
          i += 1
        }
      }
      h = (h ^ UInt64(image.width)) &* 0xBF58_476D_1CE4_E5B9
    }
    return h
  }
}
