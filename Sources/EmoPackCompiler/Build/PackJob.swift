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
    pack: ValidatedPack, settings: PackSettings, options: BuildOptions, progress: (@Sendable (BuildProgress) -> Void)?
  ) {
    self.pack = pack
    self.settings = settings
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

    // Decode and resample, or take sprites from the cache.
    let sprites = try makeSprites(images, hashes: imageHashes, cache: cache, diagnostics: &diagnostics)
    stages.lap("images")

    // Share identical sprites: a fast hash picks candidates, a byte comparison decides.
    var unique: [Sprite] = []
    var uniqueOfImage: [Int] = []
    var byHash: [UInt64: [Int]] = [:]
    for (i, sprite) in sprites.sprites.enumerated() {
      let h = SpriteHash.of(sprite.images)
      if let match = byHash[h]?.first(where: { unique[$0].images == sprite.images }) {
        uniqueOfImage.append(match)
      } else {
        byHash[h, default: []].append(unique.count)
        uniqueOfImage.append(unique.count)
        unique.append(Sprite(name: images[i].relativePath, images: sprite.images))
      }
    }

    let layout: AtlasLayout
    do {
      layout = try Atlas.layout(
        count: unique.count, names: unique.map(\.name), pointSize: settings.pointSize, padding: settings.padding,
        maxSheetPixels: settings.maxSheet, largestScale: settings.scales.last!, powerOfTwo: settings.powerOfTwo)
    } catch {
      throw .packing(pack: pack.id, error)
    }
    if options.singlePage && layout.pages.count > 1 {
      throw .limit(
        pack: pack.id,
        "needs \(layout.pages.count) sheet pages but --single-page allows one (raise --max-sheet, now \(settings.maxSheet))"
      )
    }
    var totalPixels = 0
    for p in 0..<layout.pages.count {
      for s in settings.scales {
        let size = layout.sheetSize(page: p, scale: s, powerOfTwo: settings.powerOfTwo)
        totalPixels += size.width * size.height
      }
    }
    if totalPixels > options.maxTotalSheetPixels {
      throw .limit(
        pack: pack.id, "sheets would hold \(totalPixels) pixels, over the limit of \(options.maxTotalSheetPixels)")
    }
    stages.lap("pack")

    // Draw and encode every (scale, page) sheet in parallel.
    let scales = settings.scales
    let pageCount = layout.pages.count
    let jobsCount = scales.count * pageCount
    let encoded = Mutex<[Int: Result<[UInt8], PNGError>]>([:])
    let effort = settings.pngEffort
    let powerOfTwo = settings.powerOfTwo
    let id = pack.id
    let progress = self.progress
    let done = Atomic<Int>(0)
    let uniqueSprites = unique
    // Largest sheets first, so the last job to finish is a small one.
    let order = (0..<jobsCount).sorted { a, b in
      let sa = layout.sheetSize(page: a % pageCount, scale: scales[a / pageCount], powerOfTwo: powerOfTwo)
      let sb = layout.sheetSize(page: b % pageCount, scale: scales[b / pageCount], powerOfTwo: powerOfTwo)
      return (sa.width * sa.height, b) > (sb.width * sb.height, a)
    }
    parallelFor(jobsCount, jobs: options.jobs) { k in
      let j = order[k]
      let scaleIndex = j / pageCount
      let page = j % pageCount
      let sheet = Atlas.draw(
        layout, sprites: uniqueSprites, page: page, scaleIndex: scaleIndex, scale: scales[scaleIndex],
        powerOfTwo: powerOfTwo)
      let r: Result<[UInt8], PNGError>
      do throws(PNGError) { r = .success(try SheetEncoder.encode(sheet, effort: effort)) } catch { r = .failure(error) }
      encoded.withLock { $0[j] = r }
      let n = done.wrappingAdd(1, ordering: .relaxed).newValue
      progress?(BuildProgress(stage: "encode", pack: id, done: n, total: jobsCount))
    }
    var sheetBytes: [[UInt8]] = []
    for j in 0..<jobsCount {
      switch encoded.withLock({ $0[j]! }) {
      case .success(let b): sheetBytes.append(b)
      case .failure(let e): throw .encoding(pack: pack.id, e)
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
      let digest = SHA256.hash(sheetBytes[j])
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
      if let image = entry.image { rect = layout.rects[uniqueOfImage[imageIndex[image.path]!]] }
      entries.append(PackEntry(kind: entry.kind, tags: entry.tags, emoji: entry.emoji, rect: rect))
    }
    let contents = PackContents(
      id: pack.id, version: pack.manifest.version, names: pack.manifest.names, pointSize: settings.pointSize,
      scales: scales, pageCount: pageCount, sheets: records, entries: entries)
    let packBytes: [UInt8]
    do {
      packBytes = try PackWriter.write(contents)
    } catch {
      throw .format(pack: pack.id, error.message)
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
      id: pack.id, packFile: packPath, packBytes: packBytes.count, entries: entries.count, uniqueSprites: unique.count,
      sheets: sheetReports, upToDate: false, imagesProcessed: sprites.processed, imagesFromCache: sprites.fromCache,
      bytesWritten: written)
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

  struct SpriteSet {
    var sprites: [Sprite]
    var processed: Int
    var fromCache: Int
  }

  /// Decodes and resamples each image (one source in memory per job), or loads its sprites from the cache.
  ///
  /// Decoding failures become diagnostics naming the file, thrown together as `invalidInput`.
  private func makeSprites(
    _ images: [ImageSource], hashes: [[UInt8]], cache: BuildCache, diagnostics: inout Diagnostics
  ) throws(BuildError) -> SpriteSet {
    let scales = settings.scales
    let pointSize = settings.pointSize
    let resampler = Resampler(filter: ResamplingFilter(name: settings.filter) ?? .lanczos3)
    let limits = options.imageLimits
    let results = Mutex<[Int: Result<(Sprite, Bool), Diagnostic>]>([:])
    let progress = self.progress
    let id = pack.id
    let done = Atomic<Int>(0)
    parallelFor(images.count, jobs: options.jobs) { i in
      let image = images[i]
      let spriteKey = hexString(
        SHA256.hash(
          Array("\(PackBuilder.toolVersion)|\(hexString(hashes[i]))|\(pointSize)|\(scales)|\(resampler.filter.id)".utf8)
        ))
      let r: Result<(Sprite, Bool), Diagnostic>
      if let cached = cache.sprite(spriteKey, pointSize: pointSize, scales: scales) {
        r = .success((Sprite(name: image.relativePath, images: cached), true))
      } else {
        do {
          let bytes = try FileSystem.read(image.path)
          let decoded = try PNGDecoder.decode(bytes, limits: limits)
          let source = Resampler.Premultiplied(decoded.image)
          let rendered = scales.map { resampler.fit(source, side: pointSize * $0) }
          cache.storeSprite(spriteKey, rendered)
          r = .success((Sprite(name: image.relativePath, images: rendered), false))
        } catch let error as PNGError {
          r = .failure(
            image.location.diagnostic(.error, "image '\(image.relativePath)' is a corrupt PNG: \(error.message)"))
        } catch {
          r = .failure(image.location.diagnostic(.error, "image '\(image.relativePath)' cannot be read: \(error)"))
        }
      }
      results.withLock { $0[i] = r }
      let n = done.wrappingAdd(1, ordering: .relaxed).newValue
      progress?(BuildProgress(stage: "images", pack: id, done: n, total: images.count))
    }
    var sprites: [Sprite] = []
    var processed = 0
    var fromCache = 0
    var failed = false
    for i in 0..<images.count {
      switch results.withLock({ $0[i]! }) {
      case .success(let (sprite, cached)):
        sprites.append(sprite)
        if cached { fromCache += 1 } else { processed += 1 }
      case .failure(let d):
        diagnostics.append(d)
        failed = true
      }
    }
    if failed { throw .invalidInput(diagnostics) }
    return SpriteSet(sprites: sprites, processed: processed, fromCache: fromCache)
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
