extension PackReader {
  /// Walks the whole file: checksum, every string and range, both indexes, and the sprite rectangles.
  public func verify() throws(PackError) {
    let b = storage.buffer
    let payload = UnsafeRawBufferPointer(rebasing: b[PackLayout.headerSize...])
    let stored = b.le32(PackLayout.Header.checksum)
    let computed = CRC32.checksum(payload)
    guard stored == computed else {
      throw PackError(
        .badChecksum, at: PackLayout.Header.checksum,
        "payload CRC-32 is \(hex32(computed)), header says \(hex32(stored))")
    }
    _ = try localizedNames()

    let sheets = try sheets()
    for (i, sheet) in sheets.enumerated() {
      let at = sheetSection.offset + i * PackLayout.sheetSize
      let expectedScale = scales[i / max(pageCount, 1)]
      guard sheet.scale == expectedScale, sheet.page == i % max(pageCount, 1) else {
        throw PackError(
          .inconsistent, at: at + PackLayout.Sheet.scale,
          "sheet \(i) is scale \(sheet.scale) page \(sheet.page), expected scale \(expectedScale) page \(i % max(pageCount, 1))"
        )
      }
      guard Self.isSafeFileName(sheet.fileName) else {
        throw PackError(.inconsistent, at: at, "sheet file name '\(sheet.fileName)' is not a plain file name")
      }
      guard sheet.width > 0, sheet.height > 0 else {
        throw PackError(
          .inconsistent, at: at + PackLayout.Sheet.width, "sheet \(sheet.fileName) is \(sheet.width)x\(sheet.height)")
      }
    }

    var nextTag = 0
    var rects: [(SpriteRect, Int)] = []
    var emojiCount = 0
    for i in 0..<entryCount {
      let at = entrySection.offset + i * PackLayout.entrySize
      let entry = try entry(at: i)
      let firstTag = Int(b.le32(at + PackLayout.Entry.firstTag))
      guard firstTag == nextTag else {
        throw PackError(
          .inconsistent, at: at + PackLayout.Entry.firstTag, "entry \(i) starts at tag \(firstTag), expected \(nextTag)"
        )
      }
      nextTag += entry.tags.count
      if entry.kind == .image && entry.rect == nil {
        throw PackError(.inconsistent, at: at + PackLayout.Entry.flags, "image entry \(i) has no sprite rectangle")
      }
      if entry.emoji != nil { emojiCount += 1 }
      if let rect = entry.rect {
        guard rect.page < pageCount, rect.width > 0, rect.height > 0 else {
          throw PackError(
            .inconsistent, at: at + PackLayout.Entry.page,
            "entry \(i) has rectangle \(rect) outside pages 0..<\(pageCount)")
        }
        for (s, scale) in scales.enumerated() {
          let sheet = sheets[s * pageCount + rect.page]
          let r = rect.scaled(scale)
          guard r.x + r.width <= sheet.width, r.y + r.height <= sheet.height else {
            throw PackError(
              .inconsistent, at: at + PackLayout.Entry.page,
              "entry \(i)'s sprite \(r.x),\(r.y) \(r.width)x\(r.height) at \(scale)x lies outside \(sheet.fileName) (\(sheet.width)x\(sheet.height))"
            )
          }
        }
        rects.append((rect, at + PackLayout.Entry.page))
      }
      for tag in entry.tags {
        guard entryIndex(forTag: tag) == i else {
          throw PackError(
            .inconsistent, at: tagIndex.offset,
            "tag '\(tag)' of entry \(i) is not found at its entry through the tag index (duplicate or broken index)")
        }
      }
      if let emoji = entry.emoji, entryIndex(forEmoji: emoji) != i {
        throw PackError(
          .inconsistent, at: emojiIndex.offset, "emoji of entry \(i) is not found at its entry through the emoji index")
      }
    }
    guard nextTag == tagCount else {
      throw PackError(
        .inconsistent, at: tagSection.rowOffset + 12, "entries use \(nextTag) tags but the table holds \(tagCount)")
    }
    try checkSlots(tagIndex, expected: tagCount, name: "tag")
    try checkSlots(emojiIndex, expected: emojiCount, name: "emoji")
    try checkOverlaps(rects)
  }

  private func checkSlots(_ index: SectionSpan, expected: Int, name: String) throws(PackError) {
    let b = storage.buffer
    var used = 0
    for s in 0..<index.count where b.le32(index.offset + s * 4) != 0 { used += 1 }
    guard used == expected else {
      throw PackError(.inconsistent, at: index.offset, "\(name) index has \(used) keys, expected \(expected)")
    }
  }

  /// Distinct rectangles may not share pixels; identical ones are shared sprites.
  private func checkOverlaps(_ rects: [(SpriteRect, Int)]) throws(PackError) {
    var seen = Set<SpriteRect>()
    var distinct: [(SpriteRect, Int)] = []
    for r in rects where seen.insert(r.0).inserted { distinct.append(r) }
    distinct.sort { ($0.0.page, $0.0.x, $0.0.y) < ($1.0.page, $1.0.x, $1.0.y) }
    for i in 0..<distinct.count {
      let a = distinct[i].0
      var j = i + 1
      while j < distinct.count, distinct[j].0.page == a.page, distinct[j].0.x < a.x + a.width {
        if a.overlaps(distinct[j].0) {
          let c = distinct[j].0
          throw PackError(
            .inconsistent, at: distinct[j].1,
            "sprite \(c.x),\(c.y) \(c.width)x\(c.height) overlaps sprite \(a.x),\(a.y) \(a.width)x\(a.height) on page \(a.page)"
          )
        }
        j += 1
      }
    }
  }

  /// True for a name with no path separators, no `..`, no NUL and at most 255 bytes.
  public static func isSafeFileName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\\")
      && !name.contains("\0") && name.utf8.count <= 255
  }
}

func hex32(_ v: UInt32) -> String {
  let s = String(v, radix: 16)
  return "0x" + String(repeating: "0", count: 8 - s.count) + s
}
