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

  /// Builds the pack in stages — plan, decode and resample, lay out, draw, encode, write — each taking and
  /// returning a small value; an up-to-date pack stops after the plan.
  mutating func run(stages: inout StageClock, diagnostics: inout Diagnostics) throws(BuildError) -> PackReport {
    let plan = try self.plan()
    let cache = BuildCache(directory: options.resolvedCacheDirectory)
    if cache.key(for: pack.id) == plan.cacheKey, let report = upToDateReport() {
      stages.lap("validate")
      return report
    }
    stages.lap("validate")
    let drawn = try draw(plan, cache: cache, diagnostics: &diagnostics)
    stages.lap("images")
    let laidOut = try share(drawn, plan)
    stages.lap("pack")
    let encoded = try encode(laidOut.sheets)
    stages.lap("encode")
    let output = try assemble(plan, laidOut, encoded)
    let written = try write(output, key: plan.cacheKey, cache: cache)
    stages.lap("write")
    return PackReport(
      id: pack.id, packFile: packPath, packBytes: output.packBytes.count, entries: output.contents.entries.count,
      uniqueSprites: laidOut.uniqueCount, sheets: output.sheetReports, upToDate: false,
      imagesProcessed: drawn.made.processed, imagesFromCache: drawn.made.fromCache, bytesWritten: written)
  }

  // MARK: Plan

  /// What to build: the distinct source files (by content), which one each entry shows, and the cache key.
  struct Plan {
    /// Source images with distinct bytes, in order of first use.
    var sources: [ImageSource]
    /// Their SHA-256.
    var sourceHashes: [[UInt8]]
    /// For each entry of the pack, the source it shows (nil for emoji-only entries).
    var sourceOfEntry: [Int?]
    /// The key of the whole build in the cache.
    var cacheKey: String
  }

  private func plan() throws(BuildError) -> Plan {
    // Unique image paths in order of first use, then one source per distinct content: images with the same
    // bytes make the same sprite, so only the first of each is decoded.
    var images: [ImageSource] = []
    var imageIndex: [String: Int] = [:]
    for entry in pack.entries {
      if let image = entry.image, imageIndex[image.path] == nil {
        imageIndex[image.path] = images.count
        images.append(image)
      }
    }
    let imageHashes = try hashImages(images)
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
      entry.image.flatMap { imageIndex[$0.path] }.map { sourceOfImage[$0] }
    }
    return Plan(
      sources: sources, sourceHashes: sourceHashes, sourceOfEntry: sourceOfEntry,
      cacheKey: cacheKey(imageHashes: imageHashes))
  }

  // MARK: Decode, resample and draw

  /// Every source's sprites drawn into sheets laid out as if each made a different sprite.
  struct Drawn {
    var layout: AtlasLayout
    var sheets: SheetSet
    var made: MadeSprites
  }

  /// Lays the sheets out with one cell per source and draws each sprite as soon as it is made: the build holds
  /// its sheets and one source image per job, never every sprite at once.
  private func draw(_ plan: Plan, cache: BuildCache, diagnostics: inout Diagnostics) throws(BuildError) -> Drawn {
    let layout = try makeLayout(names: plan.sources.map(\.relativePath))
    try checkSheetPixels(layout)
    let sheets = SheetSet(layout, scales: settings.scales, powerOfTwo: settings.powerOfTwo)
    let made = try makeSprites(
      plan.sources, hashes: plan.sourceHashes, cache: cache, layout: layout, sheets: sheets,
      diagnostics: &diagnostics)
    return Drawn(layout: layout, sheets: sheets, made: made)
  }

  // MARK: Lay out (share identical sprites)

  /// The final layout: one cell per distinct sprite.
  struct LaidOut {
    var layout: AtlasLayout
    var sheets: SheetSet
    /// For each source, its cell in `layout`.
    var cellOfSource: [Int]
    /// Distinct sprites.
    var uniqueCount: Int
  }

  /// Different files can still decode and resample to the same pixels: a fast hash picks candidates, a
  /// comparison of the drawn pixels decides; the distinct sprites are laid out again and their cells moved
  /// (only here are two sets of sheets alive).
  private func share(_ drawn: Drawn, _ plan: Plan) throws(BuildError) -> LaidOut {
    var uniqueSources: [Int] = []
    var uniqueOfSource: [Int] = []
    var byHash: [UInt64: [Int]] = [:]
    for i in 0..<plan.sources.count {
      let h = drawn.made.hashes[i]
      if let match = byHash[h]?.first(where: { Self.sameSprite(uniqueSources[$0], i, drawn.layout, drawn.sheets) }) {
        uniqueOfSource.append(match)
      } else {
        byHash[h, default: []].append(uniqueSources.count)
        uniqueOfSource.append(uniqueSources.count)
        uniqueSources.append(i)
      }
    }
    var result = LaidOut(
      layout: drawn.layout, sheets: drawn.sheets, cellOfSource: uniqueOfSource, uniqueCount: uniqueSources.count)
    if uniqueSources.count < plan.sources.count {
      let shared = try makeLayout(names: uniqueSources.map { plan.sources[$0].relativePath })
      let moved = SheetSet(shared, scales: settings.scales, powerOfTwo: settings.powerOfTwo)
      for (u, i) in uniqueSources.enumerated() {
        let from = drawn.layout.rects[i]
        let to = shared.rects[u]
        for (k, scale) in settings.scales.enumerated() {
          let src = drawn.sheets[k, from.page]
          let dst = moved[k, to.page]
          Atlas.copyCell(
            from: from, in: src.pixels, sourceStride: src.rowStride, to: to, in: dst.pixels,
            destinationStride: dst.rowStride, scale: scale, padding: drawn.layout.padding)
        }
      }
      drawn.sheets.release()
      result.layout = shared
      result.sheets = moved
    }
    if options.singlePage && result.layout.pages.count > 1 {
      throw .tooManyPages(pack: pack.id, pages: result.layout.pages.count, maxSheet: settings.maxSheet)
    }
    return result
  }

  // MARK: Encode

  /// Each sheet's PNG bytes and SHA-256, in the pack's sheet order.
  struct Encoded {
    var png: [[UInt8]]
    var sha256: [[UInt8]]
  }

  /// Encodes every sheet in parallel, largest first (so the last job to finish is a small one), freeing each
  /// sheet's pixels once encoded; each job also hashes its PNG while the other job is still compressing.
  private func encode(_ sheets: SheetSet) throws(BuildError) -> Encoded {
    let count = sheets.canvases.count
    let encoded = Mutex<[Int: Result<(png: [UInt8], sha256: [UInt8]), PNGError>]>([:])
    let effort = settings.pngEffort
    let id = pack.id
    let progress = self.progress
    let done = Atomic<Int>(0)
    let canvases = sheets.canvases
    let order = (0..<count).sorted { a, b in
      (canvases[a].width * canvases[a].height, b) > (canvases[b].width * canvases[b].height, a)
    }
    parallelFor(count, jobs: options.jobs) { k in
      let j = order[k]
      let canvas = canvases[j]
      let r: Result<(png: [UInt8], sha256: [UInt8]), PNGError>
      do throws(PNGError) {
        let png = try SheetEncoder.encode(
          rows: canvas.pixels, rowStride: canvas.rowStride, filterSlots: true, width: canvas.width,
          height: canvas.height, effort: effort)
        r = .success((png, SHA256.hash(png)))
      } catch {
        r = .failure(error)
      }
      canvas.release()
      encoded.withLock { $0[j] = r }
      let n = done.wrappingAdd(1, ordering: .relaxed).newValue
      progress?(BuildProgress(stage: "encode", pack: id, done: n, total: count))
    }
    var out = Encoded(png: [], sha256: [])
    for sheet in sheets.sheets {
      switch encoded.withLock({ $0[sheet.position] }) {
      case .success(let b)?:
        out.png.append(b.png)
        out.sha256.append(b.sha256)
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

  private func assemble(_ plan: Plan, _ laidOut: LaidOut, _ encoded: Encoded) throws(BuildError) -> Output {
    let layout = laidOut.layout
    var records: [SheetRecord] = []
    var reports: [SheetReport] = []
    for sheet in laidOut.sheets.sheets {
      let size = layout.sheetSize(page: sheet.page, scale: sheet.scale, powerOfTwo: settings.powerOfTwo)
      let digest = encoded.sha256[sheet.position]
      let bytes = encoded.png[sheet.position].count
      let name = SheetNaming.name(
        id: pack.id, scale: sheet.scale, page: sheet.page, digest: digest, stable: settings.stableSheetNames)
      records.append(
        SheetRecord(
          fileName: name, scale: sheet.scale, page: sheet.page, width: size.width, height: size.height,
          byteSize: bytes, sha256: digest))
      let occ = Atlas.occupancy(layout, page: sheet.page, scale: sheet.scale, powerOfTwo: settings.powerOfTwo)
      reports.append(
        SheetReport(
          file: name, scale: sheet.scale, page: sheet.page, width: size.width, height: size.height, bytes: bytes,
          spriteFraction: occ.spriteFraction, packingEfficiency: occ.packingEfficiency))
    }
    let entries = zip(pack.entries, plan.sourceOfEntry).map { entry, source in
      PackEntry(
        kind: entry.kind, tags: entry.tags, emoji: entry.emoji,
        rect: source.map { layout.rects[laidOut.cellOfSource[$0]] })
    }
    let contents = PackContents(
      id: pack.id, version: pack.manifest.version, names: pack.manifest.names, pointSize: settings.pointSize,
      scales: settings.scales, pageCount: layout.pages.count, sheets: records, entries: entries)
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
      try cache.setKey(key, for: pack.id)
      return written
    } catch {
      throw .io(error)
    }
  }

  /// Lays out one same-size cell per name.
  private func makeLayout(names: [String]) throws(BuildError) -> AtlasLayout {
    do {
      return try Atlas.layout(
        count: names.count, names: names, pointSize: settings.pointSize, padding: settings.padding,
        maxSheetPixels: settings.maxSheet, largestScale: settings.scales.last ?? 1, powerOfTwo: settings.powerOfTwo)
    } catch {
      throw .packing(pack: pack.id, error)
    }
  }

  /// Refuses layouts whose sheets would exceed the pixel limit (checked before any sheet memory is taken,
  /// on the layout with every image in it).
  private func checkSheetPixels(_ layout: AtlasLayout) throws(BuildError) {
    var totalPixels = 0
    for p in 0..<layout.pages.count {
      for s in settings.scales {
        let size = layout.sheetSize(page: p, scale: s, powerOfTwo: settings.powerOfTwo)
        totalPixels += size.width * size.height
      }
    }
    if totalPixels > options.maxTotalSheetPixels {
      throw .tooManySheetPixels(pack: pack.id, pixels: totalPixels, limit: options.maxTotalSheetPixels)
    }
  }

  /// True when images `a` and `b`, drawn at their cells of `layout`, have the same pixels at every scale.
  private static func sameSprite(_ a: Int, _ b: Int, _ layout: AtlasLayout, _ sheets: SheetSet) -> Bool {
    let ra = layout.rects[a]
    let rb = layout.rects[b]
    for (k, scale) in sheets.scales.enumerated() {
      let ca = sheets[k, ra.page]
      let cb = sheets[k, rb.page]
      if !Atlas.sameSprite(
        ra, in: ca.pixels, strideA: ca.rowStride, rb, in: cb.pixels, strideB: cb.rowStride, scale: scale)
      {
        return false
      }
    }
    return true
  }

  /// Reads every source image once to hash it: the cache keys depend on content, not on times.
  private func hashImages(_ images: [ImageSource]) throws(BuildError) -> [[UInt8]] {
    let results = parallelMap(images.count, jobs: options.jobs) { i -> Result<[UInt8], FileSystemError> in
      do throws(FileSystemError) { return .success(SHA256.hash(try FileSystem.read(images[i].path))) } catch {
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

  private func cacheKey(imageHashes: [[UInt8]]) -> String {
    var text = PackBuilder.toolVersion + "\n"
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    text += String(decoding: (try? encoder.encode(settings)) ?? Data(), as: UTF8.self) + "\n"
    text += "id=\(pack.id)\nversion=\(pack.manifest.version)\nlimits=\(options.maxTotalSheetPixels)\n"
    for n in pack.manifest.names { text += "name=\(n.locale)=\(n.name)\n" }
    var index: [String: Int] = [:]
    var k = 0
    for entry in pack.entries {
      text +=
        "entry kind=\(entry.kind.rawValue) tags=\(entry.tags.joined(separator: "\u{1F}")) emoji=\(entry.emoji ?? "")"
      if let image = entry.image {
        let n = index[image.path] ?? k
        if n == k {
          index[image.path] = k
          k += 1
        }
        text += " image=\(image.relativePath) sha=\(hexString(imageHashes[n]))"
      }
      text += "\n"
    }
    return hexString(SHA256.hash(Array(text.utf8)))
  }

  /// A report when the cache key matches, or nil if the outputs are missing or damaged.
  private func upToDateReport() -> PackReport? {
    guard let reader = try? PackReader(contentsOf: packPath), let sheets = try? reader.sheets(), reader.id == pack.id
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
          spriteFraction: 0, packingEfficiency: 0)
      }, upToDate: true, imagesProcessed: 0, imagesFromCache: 0, bytesWritten: 0)
  }

  struct MadeSprites {
    /// `SpriteHash` of each image's sprite, in image order.
    var hashes: [UInt64]
    var processed: Int
    var fromCache: Int
  }

  /// Decodes and resamples each image (one source in memory per job), or loads its sprites from the cache, and
  /// draws the sprite into its cell of every scale's sheet.
  ///
  /// Decoding failures become diagnostics naming the file, thrown together as `invalidInput`.
  private func makeSprites(
    _ images: [ImageSource], hashes: [[UInt8]], cache: BuildCache, layout: AtlasLayout, sheets: SheetSet,
    diagnostics: inout Diagnostics
  ) throws(BuildError) -> MadeSprites {
    let scales = settings.scales
    let pointSize = settings.pointSize
    let resampler = Resampler(filter: settings.filter)
    let limits = options.imageLimits
    let progress = self.progress
    let id = pack.id
    let done = Atomic<Int>(0)
    let exact = settings.exactColors
    let store = SpriteStore(
      cache: cache, id: pack.id, sides: scales.map { pointSize * $0 }, count: images.count)
    let results = parallelMap(images.count, jobs: options.jobs) { i -> Result<(UInt64, Bool), Diagnostic> in
      let image = images[i]
      let spriteKey = SHA256.hash(
        Array(
          "\(PackBuilder.toolVersion)|\(hexString(hashes[i]))|\(pointSize)|\(scales)|\(resampler.filter.id)|\(exact)"
            .utf8))
      var rendered: [RGBAImage]?
      var cached = false
      var r: Result<(UInt64, Bool), Diagnostic>?
      if let fromCache = store.sprite(spriteKey) {
        rendered = fromCache
        cached = true
      } else {
        do {
          let bytes = try FileSystem.read(image.path)
          let decoded = try PNGDecoder.decode(bytes, limits: limits)
          let source = Resampler.Premultiplied(decoded.image)
          var images = scales.map { resampler.fit(source, side: pointSize * $0) }
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
      if let rendered { store.store(slot: i, key: spriteKey, rendered) }
      if let rendered {
        let rect = layout.rects[i]
        for (k, scale) in scales.enumerated() {
          let canvas = sheets[k, rect.page]
          Atlas.drawCell(
            rendered[k], at: rect, scale: scale, padding: layout.padding, into: canvas.pixels,
            rowStride: canvas.rowStride)
        }
        r = .success((SpriteHash.of(rendered), cached))
      }
      let n = done.wrappingAdd(1, ordering: .relaxed).newValue
      progress?(BuildProgress(stage: "images", pack: id, done: n, total: images.count))
      return r
        ?? .failure(
          image.location.diagnostic(.error, .imageUnreadable, "image '\(image.relativePath)' was not processed"))
    }
    var spriteHashes: [UInt64] = []
    var processed = 0
    var fromCache = 0
    var failed = false
    for result in results {
      switch result {
      case .success(let (hash, cached)):
        spriteHashes.append(hash)
        if cached { fromCache += 1 } else { processed += 1 }
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
    return MadeSprites(hashes: spriteHashes, processed: processed, fromCache: fromCache)
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

/// A fast 64-bit hash of sprite pixels (only to find candidates; equality is checked on the bytes).
enum SpriteHash {
  static func of(_ images: [RGBAImage]) -> UInt64 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15
    for image in images {
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
