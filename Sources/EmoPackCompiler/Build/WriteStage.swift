import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation

// Stage 7, assemble and write: the .pack's contents and bytes, committed with the sheets.
extension PackJob {
  /// The pack's contents and bytes, and what to report of its sheets.
  struct Output {
    var contents: PackContents
    var packBytes: [UInt8]
    var sheetFiles: [[UInt8]]
    var sheetReports: [SheetReport]
  }

  func assemble(
    _ plan: Plan, _ shared: Shared, _ laidOut: LaidOut, _ encoded: Encoded, trimmed: Bool,
    animatedFiles: [MadeAnimation]
  ) throws(BuildError) -> Output {
    var records: [SheetRecord] = []
    var reports: [SheetReport] = []
    let index = SheetIndex(laidOut.layouts)
    for (position, (k, page)) in index.pairs.enumerated() {
      let layout = laidOut.layouts[k]
      let size = layout.pages[page]
      let digest = encoded.sha256[position]
      let bytes = encoded.bytes[position].count
      let name = SheetNaming.name(
        id: pack.id, scale: layout.scale, page: page, digest: digest, stable: settings.stableSheetNames,
        format: settings.sheetFormat)
      var record = SheetRecord(
        fileName: name, scale: layout.scale, page: page, width: size.width, height: size.height, byteSize: bytes,
        sha256: digest)
      record.format = settings.sheetFormat
      record.lossy = encoded.lossy[position]
      records.append(record)
      let occ = layout.occupancy(page: page)
      reports.append(
        SheetReport(
          file: name, scale: layout.scale, page: page, width: size.width, height: size.height, bytes: bytes,
          spriteFraction: occ.spriteFraction, packingEfficiency: occ.packingEfficiency,
          lossy: encoded.lossy[position], sprites: layout.origins.filter { $0?.page == page }.count,
          setApart: page >= layout.apartFrom ?? Int.max))
    }
    let images = shared.sprites.indices.map { i in
      PackImage(
        placements: laidOut.layouts.enumerated().map { k, layout in
          let t = cell(shared, i, k)
          guard let o = layout.origins[i] else {
            return SpritePlacement(sheet: index.position(scaleIndex: k, page: 0), x: 0, y: 0, width: 0, height: 0)
          }
          return SpritePlacement(
            sheet: index.position(scaleIndex: k, page: o.page), x: o.x, y: o.y, width: t.width, height: t.height,
            left: t.left, top: t.top)
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
      palette: encoded.lossy.contains(true))
    do {
      return Output(
        contents: contents, packBytes: try PackWriter.write(contents), sheetFiles: encoded.bytes, sheetReports: reports)
    } catch {
      throw .format(pack: pack.id, file: pack.manifest.manifestPath, error)
    }
  }

  /// Commits sheets first under new names, then the pack by one rename, then removes the old sheets; returns
  /// the bytes written.
  func write(_ output: Output, key: String, cache: BuildCache) throws(BuildError) -> Int {
    var commit = OutputCommit(directory: out)
    for (j, record) in output.contents.sheets.enumerated() { commit.add(record.fileName, output.sheetFiles[j]) }
    commit.add(pack.id + ".pack", output.packBytes)
    let previous = try? PackFileReader(contentsOf: packPath).sheets().map(\.fileName)
    do {
      let written = try commit.commit()
      let keep = Set(output.contents.sheets.map(\.fileName))
      for old in previous ?? [] where !keep.contains(old) && PackFileReader.isSafeFileName(old) {
        FileSystem.remove(out + "/" + old)
      }
      try cache.setKey(key, packDigest: hexString(SHA256.hash(output.packBytes)), for: pack.id)
      return written
    } catch {
      throw .io(error)
    }
  }
}
