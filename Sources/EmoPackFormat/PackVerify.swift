extension PackFileReader {
  /// Walks the whole file: checksum, every string and range, both indexes, and the sprite rectangles.
  package func verify() throws(PackError) {
    let b = storage.buffer
    let payload = UnsafeRawBufferPointer(rebasing: b[PackLayout.headerSize...])
    let stored = b.le32(PackLayout.Header.checksum)
    let computed = CRC32.checksum(payload)
    guard stored == computed else {
      throw PackError(
        .badChecksum, at: PackLayout.Header.checksum,
        PackMessage.checksum(hex32(computed), hex32(stored)))
    }
    _ = try localizedNames()

    let sheets = try sheets()
    try checkSheetOrder(sheets)
    // With SFMT, each file name ends with its format's extension.
    if sheetFormatSection.count > 0 {
      for (k, sheet) in sheets.enumerated() where !sheet.fileName.hasSuffix("." + sheet.format.fileExtension) {
        throw PackError(
          .inconsistent, at: sheetFormatSection.offset + k * PackLayout.sheetFormatSize,
          PackMessage.sheetExtension(k, sheet.fileName, sheet.format.fileExtension))
      }
    }

    var nextTag = 0
    var emojiCount = 0
    var usedImages = Set<Int>()
    for i in 0..<entryCount {
      let at = entrySection.offset + i * entrySize
      let entry = try entry(at: i)
      let firstTag = Int(b.le32(at + PackLayout.Entry.firstTag))
      guard firstTag == nextTag else {
        throw PackError(
          .inconsistent, at: at + PackLayout.Entry.firstTag, PackMessage.entryFirstTag(i, firstTag, nextTag)
        )
      }
      nextTag += entry.tags.count + entry.codes.count
      if entry.kind == .image && entry.image == nil {
        throw PackError(.inconsistent, at: at + PackLayout.Entry.flags, PackMessage.imageEntryWithoutImage(i))
      }
      if entry.emoji != nil { emojiCount += 1 }
      if let image = entry.image { usedImages.insert(image) }
      if entry.animation != nil && entry.image == nil {
        throw PackError(.inconsistent, at: at + PackLayout.Entry.animation, PackMessage.animatedEntryWithoutStill(i))
      }
      for tag in entry.tags + entry.codes {
        guard entryIndex(forTag: tag) == i else {
          throw PackError(
            .inconsistent, at: tagIndex.offset,
            PackMessage.tagIndexMiss(tag, i))
        }
      }
      if let emoji = entry.emoji, entryIndex(forEmoji: emoji) != i {
        throw PackError(
          .inconsistent, at: emojiIndex.offset, PackMessage.emojiIndexMiss(i))
      }
    }
    guard nextTag == tagCount else {
      throw PackError(
        .inconsistent, at: tagSection.rowOffset + 12, PackMessage.tagTotal(nextTag, tagCount))
    }
    try checkSlots(tagIndex, expected: tagCount, name: "tag")
    try checkSlots(emojiIndex, expected: emojiCount, name: "emoji")
    // Animations: frame ranges inside FRAM and consecutive, end times rising, each frame an image, and the
    // recorded duration the last end time.
    var nextFrame = 0
    for a in 0..<animationCount {
      let r = try animationRecord(at: a)
      let row = animationSection.offset + a * PackLayout.animationSize
      guard r.firstFrame == nextFrame else {
        throw PackError(.inconsistent, at: row, PackMessage.animationFirstFrame(a, r.firstFrame, nextFrame))
      }
      nextFrame += r.frameCount
      let animation = try animation(at: a)
      guard animation.duration == r.duration else {
        throw PackError(
          .inconsistent, at: row + PackLayout.Animation.duration,
          PackMessage.animationDuration(a, r.duration, animation.duration))
      }
    }
    guard nextFrame == frameSection.count else {
      throw PackError(
        .inconsistent, at: frameSection.rowOffset + 12,
        PackMessage.frameTotal(nextFrame, frameSection.count))
    }
    // Format 2 checks every image row; format 1 the images its entries have.
    let images = formatMajor >= 2 ? Array(0..<imageCount) : usedImages.sorted()
    try checkPlacements(images, sheets: sheets)
    try checkKeywords()
  }

  /// Locales sorted and unique; KWRD sorted by folded key; KENT grouping each entry's rows and covering KWRD
  /// once; KGRM sorted by gram, its runs inside KPST, consecutive, each sorted.
  private func checkKeywords() throws(PackError) {
    let locales = try locales()
    for i in locales.indices.dropFirst()
    where !Array(locales[i - 1].utf8).lexicographicallyPrecedes(Array(locales[i].utf8)) {
      throw PackError(
        .inconsistent, at: localeSection.offset + i * PackLayout.localeSize, PackMessage.localeOrder(i)
      )
    }
    var previous: [UInt8] = []
    for k in 0..<keywordCount {
      let record = try keyword(at: k)
      let folded = Array(record.folded.utf8)
      if folded.isEmpty || folded.lexicographicallyPrecedes(previous) {
        throw PackError(
          .inconsistent, at: keywordSection.offset + k * PackLayout.keywordSize,
          PackMessage.keywordOrder(k, record.folded))
      }
      previous = folded
    }
    var covered = [Bool](repeating: false, count: keywordCount)
    var nextRow = 0
    for i in 0..<entryCount {
      let rows = try keywordRows(ofEntry: i)
      if !rows.isEmpty {
        let first = Int(storage.buffer.le32(entrySection.offset + i * entrySize + PackLayout.Entry.firstKeyword))
        guard first == nextRow else {
          throw PackError(
            .inconsistent, at: entrySection.offset + i * entrySize + PackLayout.Entry.firstKeyword,
            PackMessage.entryFirstKeywordRow(i, first, nextRow))
        }
        nextRow += rows.count
      }
      for r in rows {
        guard try keyword(at: r).entry == i, !covered[r] else {
          throw PackError(
            .inconsistent, at: keywordRowSection.offset,
            PackMessage.keywordRowOwner(r, i))
        }
        covered[r] = true
      }
    }
    guard nextRow == keywordRowSection.count, !covered.contains(false) else {
      throw PackError(.inconsistent, at: keywordRowSection.rowOffset + 12, PackMessage.keywordRowsIncomplete())
    }
    var previousGram: UInt32? = nil
    var nextPosting = 0
    let b = storage.buffer
    for g in 0..<gramSection.count {
      let at = gramSection.offset + g * PackLayout.gramSize
      let key = b.le32(at + PackLayout.Gram.key)
      let start = Int(b.le32(at + PackLayout.Gram.postings))
      let end =
        g + 1 < gramSection.count
        ? Int(b.le32(at + PackLayout.gramSize + PackLayout.Gram.postings)) : postingSection.count
      guard previousGram.map({ $0 < key }) ?? true, start == nextPosting, end > start, end <= postingSection.count
      else {
        throw PackError(
          .inconsistent, at: at, PackMessage.gramOrder(g))
      }
      var last = -1
      for p in start..<end {
        guard let row = posting(at: p), row > last else {
          throw PackError(
            .inconsistent, at: postingSection.offset + p * 4, PackMessage.postingOrder(p))
        }
        last = row
      }
      previousGram = key
      nextPosting = end
    }
    guard nextPosting == postingSection.count else {
      throw PackError(
        .inconsistent, at: postingSection.rowOffset + 12,
        PackMessage.postingTotal(nextPosting, postingSection.count))
    }
  }

  /// Sheets ordered by scale (one of META's), then page from 0; every scale has a sheet when there are images.
  private func checkSheetOrder(_ sheets: [SheetRecord]) throws(PackError) {
    var scaleIndex = 0
    var page = 0
    for (i, sheet) in sheets.enumerated() {
      let at = sheetSection.offset + i * PackLayout.sheetSize
      while scaleIndex < scales.count, sheet.scale != scales[scaleIndex] {
        if formatMajor < 2 && page != pageCount {
          throw PackError(
            .inconsistent, at: at, PackMessage.scalePages(scales[scaleIndex], page, pageCount))
        }
        scaleIndex += 1
        page = 0
      }
      guard scaleIndex < scales.count, sheet.page == page else {
        throw PackError(
          .inconsistent, at: at + PackLayout.Sheet.scale,
          PackMessage.sheetOrder(i, sheet.scale, sheet.page, page)
        )
      }
      page += 1
      guard Self.isSafeFileName(sheet.fileName) else {
        throw PackError(.inconsistent, at: at, PackMessage.sheetFileName(sheet.fileName))
      }
      guard sheet.width > 0, sheet.height > 0 else {
        throw PackError(
          .inconsistent, at: at + PackLayout.Sheet.width,
          PackMessage.sheetSize(sheet.fileName, sheet.width, sheet.height))
      }
    }
  }

  /// Every placement inside its sheet (of its scale) and, placed at its offset, inside the emoticon's square;
  /// distinct rectangles on one sheet do not overlap (identical ones are shared sprites).
  private func checkPlacements(_ images: [Int], sheets: [SheetRecord]) throws(PackError) {
    var seen = Set<SpritePlacement>()
    var distinct: [(SpritePlacement, Int)] = []
    for i in images {
      for (k, scale) in scales.enumerated() {
        let p = try placement(ofImage: i, scaleIndex: k)
        let at =
          formatMajor >= 2
          ? imageSection.offset + (i * scales.count + k) * PackLayout.imageSize
          : entrySection.offset + i * entrySize + PackLayout.EntryV1.page
        let sheet = sheets[p.sheet]
        let side = pointSize * scale
        guard sheet.scale == scale else {
          throw PackError(
            .inconsistent, at: at, PackMessage.imageSheetScale(i, scale, sheet.fileName, sheet.scale))
        }
        guard p.x + p.width <= sheet.width, p.y + p.height <= sheet.height else {
          throw PackError(
            .inconsistent, at: at,
            PackMessage.spriteOutsideSheet(
              i, p.x, p.y, p.width, p.height, scale, sheet.fileName, sheet.width, sheet.height)
          )
        }
        guard (p.width == 0) == (p.height == 0),
          p.width == 0 || (p.left >= 0 && p.top >= 0 && p.left + p.width <= side && p.top + p.height <= side)
        else {
          throw PackError(
            .inconsistent, at: at,
            PackMessage.spriteOutsideSquare(i, p.width, p.height, p.left, p.top, side, side, scale)
          )
        }
        if p.width > 0, seen.insert(p).inserted { distinct.append((p, at)) }
      }
    }
    distinct.sort { ($0.0.sheet, $0.0.x, $0.0.y) < ($1.0.sheet, $1.0.x, $1.0.y) }
    for i in 0..<distinct.count {
      let a = distinct[i].0
      var j = i + 1
      while j < distinct.count, distinct[j].0.sheet == a.sheet, distinct[j].0.x < a.x + a.width {
        if a.overlaps(distinct[j].0) {
          let c = distinct[j].0
          throw PackError(
            .inconsistent, at: distinct[j].1,
            PackMessage.spriteOverlap(
              c.x, c.y, c.width, c.height, a.x, a.y, a.width, a.height, sheets[a.sheet].fileName)
          )
        }
        j += 1
      }
    }
  }

  private func checkSlots(_ index: SectionSpan, expected: Int, name: String) throws(PackError) {
    let b = storage.buffer
    var used = 0
    for s in 0..<index.count where b.le32(index.offset + s * 4) != 0 { used += 1 }
    guard used == expected else {
      throw PackError(.inconsistent, at: index.offset, PackMessage.indexKeyCount(name, used, expected))
    }
  }

  /// True for a name with no path separators, no `..`, no NUL and at most 255 bytes.
  package static func isSafeFileName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\\")
      && !name.contains("\0") && name.utf8.count <= 255
  }
}

func hex32(_ v: UInt32) -> String {
  let s = String(v, radix: 16)
  return "0x" + String(repeating: "0", count: 8 - s.count) + s
}
