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

  mutating func run(stages: inout StageClock, diagnostics: inout Diagnostics) throws(BuildError) -> PackReport {
    // Unique images in order of first use.
    var images: [ImageSource] = []
    var imageIndex: [String: Int] = [:]
    for entry in pack.entries {
      if let image = entry.image, imageIndex[image.path] == nil {
        imageIndex[image.path] = images.count
        images.append(image)
      }
    }
    let imageHashes = try hashImages(images)
    let key = cacheKey(imageHashes: imageHashes)
    let cache = BuildCache(directory: options.resolvedCacheDirectory)
    if cache.key(for: pack.id) == key, let report = upToDateReport() {
      stages.lap("validate")
      return report
    }
    stages.lap("validate")

    // Images with the same bytes make the same sprite: keep the first of each before anything is decoded.
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

    // Lay the sheets out as if every source made a different sprite and draw each sprite into them as soon as it
    // is made: the build holds its sheets and one source image per job, never every sprite at once.
    let scales = settings.scales
    var layout = try makeLayout(names: sources.map(\.relativePath))
    try checkSheetPixels(layout)
    var canvases = makeCanvases(layout)
    let made = try makeSprites(
      sources, hashes: sourceHashes, cache: cache, layout: layout, canvases: canvases, diagnostics: &diagnostics)
    stages.lap("images")

    // Different files can still decode and resample to the same pixels: a fast hash picks candidates, a
    // comparison of the drawn pixels decides.
    var uniqueSources: [Int] = []
    var uniqueOfSource: [Int] = []
    var byHash: [UInt64: [Int]] = [:]
    let drawn = layout
    let drawnSheets = canvases
    for i in 0..<sources.count {
      let h = made.hashes[i]
      if let match = byHash[h]?.first(where: { Self.sameSprite(uniqueSources[$0], i, drawn, drawnSheets, scales) }) {
        uniqueOfSource.append(match)
      } else {
        byHash[h, default: []].append(uniqueSources.count)
        uniqueOfSource.append(uniqueSources.count)
        uniqueSources.append(i)
      }
    }
    if uniqueSources.count < sources.count {
      // Lay out the unique sprites again and move their cells; only here are two sets of sheets alive.
      let shared = try makeLayout(names: uniqueSources.map { sources[$0].relativePath })
      let moved = makeCanvases(shared)
      let oldPages = layout.pages.count
      let newPages = shared.pages.count
      for (u, i) in uniqueSources.enumerated() {
        let from = layout.rects[i]
        let to = shared.rects[u]
        for (k, scale) in scales.enumerated() {
          let src = canvases[k * oldPages + from.page]
          let dst = moved[k * newPages + to.page]
          Atlas.copyCell(
            from: from, in: src.pixels, sourceStride: src.rowStride, to: to, in: dst.pixels,
            destinationStride: dst.rowStride, scale: scale, padding: layout.padding)
        }
      }
      for canvas in canvases { canvas.release() }
      layout = shared
      canvases = moved
    }
    if options.singlePage && layout.pages.count > 1 {
      throw .tooManyPages(pack: pack.id, pages: layout.pages.count, maxSheet: settings.maxSheet)
    }
    stages.lap("pack")

    // Encode every (scale, page) sheet in parallel, freeing each sheet's pixels once it is encoded.
    let pageCount = layout.pages.count
    let jobsCount = scales.count * pageCount
    // Each job also hashes its PNG (the sheet's SHA-256 in the pack), while the other job is still compressing.
    let encoded = Mutex<[Int: Result<(png: [UInt8], sha256: [UInt8]), PNGError>]>([:])
    let effort = settings.pngEffort
    let powerOfTwo = settings.powerOfTwo
    let id = pack.id
    let progress = self.progress
    let done = Atomic<Int>(0)
    let sheets = canvases
    // Largest sheets first, so the last job to finish is a small one.
    let order = (0..<jobsCount).sorted { a, b in
      (sheets[a].width * sheets[a].height, b) > (sheets[b].width * sheets[b].height, a)
    }
    parallelFor(jobsCount, jobs: options.jobs) { k in
      let j = order[k]
      let canvas = sheets[j]
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
      progress?(BuildProgress(stage: "encode", pack: id, done: n, total: jobsCount))
    }
    var sheetBytes: [[UInt8]] = []
    var sheetDigests: [[UInt8]] = []
    for j in 0..<jobsCount {
      switch encoded.withLock({ $0[j]! }) {
      case .success(let b):
        sheetBytes.append(b.png)
        sheetDigests.append(b.sha256)
      case .failure(let e):
        throw .encoding(pack: pack.id, scale: settings.scales[j / pageCount], page: j % pageCount, e)
      }
    }
    stages.lap("encode")

    // The pack.
    var records: [SheetRecord] = []
    var sheetReports: [SheetReport] = []
    for j in 0..<jobsCount {
      let scaleIndex = j / pageCount
      let page = j % pageCount
      let scale = scales[scaleIndex]
      let size = layout.sheetSize(page: page, scale: scale, powerOfTwo: powerOfTwo)
      let digest = sheetDigests[j]
      let name = SheetNaming.name(
        id: pack.id, scale: scale, page: page, digest: digest, stable: settings.stableSheetNames)
      records.append(
        SheetRecord(
          fileName: name, scale: scale, page: page, width: size.width, height: size.height,
          byteSize: sheetBytes[j].count,
          sha256: digest))
      let occ = Atlas.occupancy(layout, page: page, scale: scale, powerOfTwo: powerOfTwo)
      sheetReports.append(
        SheetReport(
          file: name, scale: scale, page: page, width: size.width, height: size.height, bytes: sheetBytes[j].count,
          spriteFraction: occ.spriteFraction, packingEfficiency: occ.packingEfficiency))
    }
    var entries: [PackEntry] = []
    for entry in pack.entries {
      var rect: SpriteRect?
      if let image = entry.image { rect = layout.rects[uniqueOfSource[sourceOfImage[imageIndex[image.path]!]]] }
      entries.append(PackEntry(kind: entry.kind, tags: entry.tags, emoji: entry.emoji, rect: rect))
    }
    let contents = PackContents(
      id: pack.id, version: pack.manifest.version, names: pack.manifest.names, pointSize: settings.pointSize,
      scales: scales, pageCount: pageCount, sheets: records, entries: entries)
    let packBytes: [UInt8]
    do {
      packBytes = try PackWriter.write(contents)
    } catch {
      throw .format(pack: pack.id, error)
    }

    // Commit: sheets first under new names, then the pack by one rename, then old sheets go.
    var commit = OutputCommit(directory: out)
    for (j, record) in records.enumerated() { commit.add(record.fileName, sheetBytes[j]) }
    commit.add(pack.id + ".pack", packBytes)
    let previous = try? PackReader(contentsOf: packPath).sheets().map(\.fileName)
    let written: Int
    do {
      written = try commit.commit()
      let keep = Set(records.map(\.fileName))
      for old in previous ?? [] where !keep.contains(old) && PackReader.isSafeFileName(old) {
        FileSystem.remove(out + "/" + old)
      }
      try cache.setKey(key, for: pack.id)
    } catch {
      throw .io(error)
    }
    stages.lap("write")
    return PackReport(
      id: pack.id, packFile: packPath, packBytes: packBytes.count, entries: entries.count,
      uniqueSprites: uniqueSources.count,
      sheets: sheetReports, upToDate: false, imagesProcessed: made.processed, imagesFromCache: made.fromCache,
      bytesWritten: written)
  }

  /// Lays out one same-size cell per name.
  private func makeLayout(names: [String]) throws(BuildError) -> AtlasLayout {
    do {
      return try Atlas.layout(
        count: names.count, names: names, pointSize: settings.pointSize, padding: settings.padding,
        maxSheetPixels: settings.maxSheet, largestScale: settings.scales.last!, powerOfTwo: settings.powerOfTwo)
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

  /// One transparent canvas per (scale, page), indexed `scaleIndex * pageCount + page`.
  private func makeCanvases(_ layout: AtlasLayout) -> [SheetCanvas] {
    var canvases: [SheetCanvas] = []
    for s in settings.scales {
      for p in 0..<layout.pages.count {
        let size = layout.sheetSize(page: p, scale: s, powerOfTwo: settings.powerOfTwo)
        canvases.append(SheetCanvas(width: size.width, height: size.height))
      }
    }
    return canvases
  }

  /// True when images `a` and `b`, drawn at their cells of `layout`, have the same pixels at every scale.
  private static func sameSprite(
    _ a: Int, _ b: Int, _ layout: AtlasLayout, _ canvases: [SheetCanvas], _ scales: [Int]
  ) -> Bool {
    let ra = layout.rects[a]
    let rb = layout.rects[b]
    for (k, scale) in scales.enumerated() {
      let ca = canvases[k * layout.pages.count + ra.page]
      let cb = canvases[k * layout.pages.count + rb.page]
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
    let results = Mutex<[Int: Result<[UInt8], FileSystemError>]>([:])
    parallelFor(images.count, jobs: options.jobs) { i in
      let r: Result<[UInt8], FileSystemError>
      do throws(FileSystemError) { r = .success(SHA256.hash(try FileSystem.read(images[i].path))) } catch {
        r = .failure(error)
      }
      results.withLock { $0[i] = r }
    }
    var out: [[UInt8]] = []
    for i in 0..<images.count {
      switch results.withLock({ $0[i]! }) {
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
        if index[image.path] == nil {
          index[image.path] = k
          k += 1
        }
        text += " image=\(image.relativePath) sha=\(hexString(imageHashes[index[image.path]!]))"
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
    _ images: [ImageSource], hashes: [[UInt8]], cache: BuildCache, layout: AtlasLayout, canvases: [SheetCanvas],
    diagnostics: inout Diagnostics
  ) throws(BuildError) -> MadeSprites {
    let scales = settings.scales
    let pointSize = settings.pointSize
    let resampler = Resampler(filter: settings.filter)
    let limits = options.imageLimits
    let results = Mutex<[Int: Result<(UInt64, Bool), Diagnostic>]>([:])
    let progress = self.progress
    let id = pack.id
    let done = Atomic<Int>(0)
    let exact = settings.exactColors
    let store = SpriteStore(
      cache: cache, id: pack.id, sides: scales.map { pointSize * $0 }, count: images.count)
    parallelFor(images.count, jobs: options.jobs) { i in
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
          let canvas = canvases[k * layout.pages.count + rect.page]
          Atlas.drawCell(
            rendered[k], at: rect, scale: scale, padding: layout.padding, into: canvas.pixels,
            rowStride: canvas.rowStride)
        }
        r = .success((SpriteHash.of(rendered), cached))
      }
      let result = r!
      results.withLock { $0[i] = result }
      let n = done.wrappingAdd(1, ordering: .relaxed).newValue
      progress?(BuildProgress(stage: "images", pack: id, done: n, total: images.count))
    }
    var spriteHashes: [UInt64] = []
    var processed = 0
    var fromCache = 0
    var failed = false
    for i in 0..<images.count {
      switch results.withLock({ $0[i]! }) {
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
