import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation

// Stage 2 (after validate), plan: the distinct sources, what each entry shows, the cache key, and whether the outputs are up to date.
extension PackJob {
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

  /// An entry's frames as indexes into the plan's distinct images, or its animation file's into the files.
  enum EntryFrames {
    case images([Int], delays: [Int])
    case file(Int)
  }

  func plan() throws(BuildError) -> Plan {
    // Unique image paths in order of first use, then one source per distinct content: images with the same
    // bytes make the same sprite, so only the first of each is decoded.
    var images: [ImageSource] = []
    var imageIndex: [PathKey: Int] = [:]
    var files: [ImageSource] = []
    var fileIndex: [PathKey: Int] = [:]
    /// The index of `image` in `images` (or of a file in `files`), added on first use.
    func add(_ image: ImageSource, to list: inout [ImageSource], _ index: inout [PathKey: Int]) -> Int {
      if let known = index[PathKey(image.path)] { return known }
      index[PathKey(image.path)] = list.count
      list.append(image)
      return list.count - 1
    }
    // Each entry's still and frames as indexes into `images`, or its animation file's into `files`.
    var imageOfEntry: [Int?] = []
    var framesOfEntry: [EntryFrames?] = []
    for entry in pack.entries {
      imageOfEntry.append(entry.image.map { add($0, to: &images, &imageIndex) })
      switch entry.animation?.frames {
      case .images(let frames, let delays)?:
        framesOfEntry.append(.images(frames.map { add($0, to: &images, &imageIndex) }, delays: delays))
      case .file(let f, _)?:
        framesOfEntry.append(.file(add(f, to: &files, &fileIndex)))
      case nil:
        framesOfEntry.append(nil)
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
    let sourceOfEntry = imageOfEntry.map { $0.map { sourceOfImage[$0] } }
    let animationOfEntry = zip(pack.entries, framesOfEntry).map { entry, frames -> PlannedAnimation? in
      guard let a = entry.animation, let frames else { return nil }
      switch frames {
      case .file(let f):
        return PlannedAnimation(frames: .file(f), loop: a.loop, still: a.still)
      case .images(let indices, let delays):
        return PlannedAnimation(
          frames: .sources(indices.map { sourceOfImage[$0] }, delays: delays), loop: a.loop, still: a.still)
      }
    }
    return Plan(
      sources: sources, sourceHashes: sourceHashes, sourceOfEntry: sourceOfEntry, animationFiles: files,
      animationFileHashes: fileHashes, animationOfEntry: animationOfEntry,
      cacheKey: cacheKey(
        imageOfEntry: imageOfEntry, framesOfEntry: framesOfEntry, imageHashes: imageHashes, fileHashes: fileHashes))
  }

  /// Refuses packs whose untrimmed sprites alone would exceed the sheet pixel limit, before any image is decoded
  /// (the sheets are checked again once laid out).
  func checkSpritePixels(sources: Int) throws(BuildError) {
    let cells = settings.scales.reduce(0) { total, s in
      let side = settings.cellSide(scale: s)
      return total + side * side
    }
    let (pixels, overflow) = cells.multipliedReportingOverflow(by: sources)
    if overflow || pixels > options.maxTotalSheetPixels {
      throw .tooManySheetPixels(
        pack: pack.id, file: pack.manifest.manifestPath, pixels: overflow ? Int.max : pixels,
        limit: options.maxTotalSheetPixels)
    }
  }

  /// Reads every source image (and its scale variants) once to hash it: the cache keys depend on content, not on
  /// times.
  func hashImages(_ images: [ImageSource]) throws(BuildError) -> [[UInt8]] {
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

  /// The build's key in the cache: the tool, the settings, and every entry with the content hash of each file it
  /// uses (`imageOfEntry` and `framesOfEntry` index `imageHashes` and `fileHashes`, as `plan` made them).
  func cacheKey(
    imageOfEntry: [Int?], framesOfEntry: [EntryFrames?], imageHashes: [[UInt8]], fileHashes: [[UInt8]]
  ) -> String {
    var text = PackBuilder.toolVersion + "\n"
    text += settings.cacheKeyText + "\n"
    text += "id=\(pack.id)\nversion=\(pack.manifest.version)\nlimits=\(options.maxTotalSheetPixels)\n"
    for n in pack.manifest.names { text += "name=\(n.locale)=\(n.name)\n" }
    for (e, entry) in pack.entries.enumerated() {
      text +=
        "entry kind=\(entry.kind.rawValue) tags=\(entry.tags.joined(separator: "\u{1F}")) emoji=\(entry.emoji ?? "")"
      if let image = entry.image, let i = imageOfEntry[e] {
        text += " image=\(image.relativePath) sha=\(hexString(imageHashes[i]))"
      }
      text += " codes=\(entry.codes.joined(separator: "\u{1F}")) insert=\(entry.insertsCode)"
      for k in entry.keywords { text += " keyword=\(k.source.rawValue):\(k.locale ?? "-"):\(k.text)" }
      if let a = entry.animation {
        text += " loop=\(a.loop.map(String.init) ?? "-") still=\(a.still.map(String.init) ?? "-")"
        switch (a.frames, framesOfEntry[e]) {
        case (.file(let f, _), .file(let k)?):
          text += " animation=\(f.relativePath) sha=\(hexString(fileHashes[k]))"
        case (.images(let frames, _), .images(let indices, let delays)?):
          for (f, (k, delay)) in zip(frames, zip(indices, delays)) {
            text += " frame=\(f.relativePath):\(delay) sha=\(hexString(imageHashes[k]))"
          }
        default:
          break
        }
      }
      text += "\n"
    }
    return hexString(SHA256.hash(Array(text.utf8)))
  }

  /// A report when the cache key matches, or nil if the outputs are missing, damaged or not the ones the cache's
  /// build wrote (`packDigest`).
  ///
  /// Its figures come from the pack itself: the distinct sprites are the distinct placements of its images, and
  /// each sheet's occupancy is counted over them with the ring the settings give.
  func upToDateReport(packDigest: String) -> PackReport? {
    guard let reader = try? PackFileReader(contentsOf: packPath), let contents = try? reader.contents(),
      reader.id == pack.id, hexString(SHA256.hash(Array(reader.storage.buffer))) == packDigest
    else {
      return nil
    }
    for sheet in contents.sheets {
      let path = out + "/" + sheet.fileName
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        (attributes[.size] as? Int) == sheet.byteSize
      else { return nil }
    }
    var spritePixels = [Int](repeating: 0, count: contents.sheets.count)
    var cellPixels = [Int](repeating: 0, count: contents.sheets.count)
    var spritesOnSheet = [Int](repeating: 0, count: contents.sheets.count)
    var seen = Set<SpritePlacement>()
    for image in contents.images {
      for p in image.placements where p.width > 0 && contents.sheets.indices.contains(p.sheet) {
        guard seen.insert(p).inserted else { continue }
        let ring = settings.ring(scale: contents.sheets[p.sheet].scale)
        spritePixels[p.sheet] += p.width * p.height
        spritesOnSheet[p.sheet] += 1
        cellPixels[p.sheet] += (p.width + 2 * ring) * (p.height + 2 * ring)
      }
    }
    return PackReport(
      id: pack.id, packFile: packPath, packBytes: reader.storage.count, entries: contents.entries.count,
      uniqueSprites: Set(contents.images.map(\.placements)).count,
      sheets: contents.sheets.enumerated().map { k, sheet in
        let pixels = Double(sheet.width * sheet.height)
        return SheetReport(
          file: sheet.fileName, scale: sheet.scale, page: sheet.page, width: sheet.width, height: sheet.height,
          bytes: sheet.byteSize, spriteFraction: pixels > 0 ? Double(spritePixels[k]) / pixels : 0,
          packingEfficiency: pixels > 0 ? Double(cellPixels[k]) / pixels : 0,
          lossy: sheet.format == .png ? reader.palette : sheet.lossy,
          sprites: spritesOnSheet[k])
      }, upToDate: true, imagesProcessed: 0, imagesFromCache: 0, bytesWritten: 0)
  }
}
