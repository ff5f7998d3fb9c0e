import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation

// Stage 7, write: the .pack's contents and bytes, committed with the sheets.
extension PackJob {
  /// The pack's contents and bytes, and what to report of its sheets.
  struct Output {
    var contents: PackContents
    var packBytes: [UInt8]
    var sheetFiles: [[UInt8]]
    var sheetReports: [SheetReport]
  }

  /// The pack's records: one sheet per page of every unit (by scale, then page group), every sprite's placement
  /// at every scale, the entries and their animations.
  func assemble(
    _ plan: Plan, _ shared: Shared, _ laidOut: LaidOut, _ sheets: Sheets, animatedFiles: [MadeAnimation]
  ) throws(BuildError) -> Output {
    var records: [SheetRecord] = []
    var reports: [SheetReport] = []
    var files: [[UInt8]] = []
    // Each unit's first sheet's position, and each scale's first sheet's, and pages counted per scale.
    var unitStart: [Int] = []
    var scaleStart = [Int?](repeating: nil, count: settings.scales.count)
    var pageOfScale = [Int](repeating: 0, count: settings.scales.count)
    let setApart = Dictionary(grouping: sheets.apart, by: \.scale)
    for (u, unit) in sheets.units.enumerated() {
      unitStart.append(records.count)
      if !unit.pages.isEmpty, scaleStart[unit.scaleIndex] == nil { scaleStart[unit.scaleIndex] = records.count }
      let cells = laidOut.cells[unit.scaleIndex]
      for (p, size) in unit.pages.enumerated() {
        let sheet = sheets.encoded[u][p]
        let page = pageOfScale[unit.scaleIndex]
        pageOfScale[unit.scaleIndex] += 1
        let name = SheetNaming.name(
          id: pack.id, scale: unit.scale, page: page, digest: sheet.sha256, stable: settings.stableSheetNames,
          format: settings.sheetFormat)
        var record = SheetRecord(
          fileName: name, scale: unit.scale, page: page, width: size.width, height: size.height,
          byteSize: sheet.bytes.count, sha256: sheet.sha256)
        record.format = settings.sheetFormat
        record.lossy = sheet.lossy
        records.append(record)
        files.append(sheet.bytes)
        let onPage = unit.origins.filter { $0.value.page == p }.map(\.key)
        let spritePixels = onPage.reduce(0) { $0 + cells[$1].width * cells[$1].height }
        let ringed = onPage.reduce(0) { $0 + (cells[$1].width + 2 * unit.ring) * (cells[$1].height + 2 * unit.ring) }
        let pixels = Double(size.width * size.height)
        let apart =
          sheet.setApart
          ? (setApart[unit.scale] ?? []).filter { onPage.contains($0.sprite) }.map {
            SheetReport.SetApart(sprite: shared.names[$0.sprite], ssim: $0.ssim)
          } : []
        reports.append(
          SheetReport(
            file: name, scale: unit.scale, page: page, width: size.width, height: size.height,
            bytes: sheet.bytes.count, spriteFraction: pixels > 0 ? Double(spritePixels) / pixels : 0,
            packingEfficiency: pixels > 0 ? Double(ringed) / pixels : 0, lossy: sheet.lossy, sprites: onPage.count,
            setApart: sheet.setApart, apart: apart, webpConfiguration: sheet.webpConfiguration))
      }
    }
    // Where each sprite sits at each scale: its unit's sheet and cell; an empty sprite names the scale's first sheet.
    var placements = [[SpritePlacement]](repeating: [], count: shared.sprites.count)
    var trimmed = false
    for k in settings.scales.indices {
      let side = settings.pointSize * settings.scales[k]
      var placed: [Int: SpritePlacement] = [:]
      for (u, unit) in sheets.units.enumerated() where unit.scaleIndex == k {
        for (i, o) in unit.origins {
          let c = laidOut.cells[k][i]
          placed[i] = SpritePlacement(
            sheet: unitStart[u] + o.page, x: o.x, y: o.y, width: c.width, height: c.height, left: c.left, top: c.top)
          if c != .whole(side) { trimmed = true }
        }
      }
      for i in shared.sprites.indices {
        placements[i].append(
          placed[i] ?? SpritePlacement(sheet: scaleStart[k] ?? 0, x: 0, y: 0, width: 0, height: 0))
      }
    }
    let images = placements.map { PackImage(placements: $0) }
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
      palette: records.contains { $0.lossy })
    do {
      return Output(
        contents: contents, packBytes: try PackWriter.write(contents), sheetFiles: files, sheetReports: reports)
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
