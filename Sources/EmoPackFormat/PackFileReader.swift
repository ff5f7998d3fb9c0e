/// A `.pack` opened for reading, zero-copy over its bytes.
///
/// Opening checks the header and section table only, so it costs the same for
/// 100 or 100,000 entries. Every later read checks its offsets against the
/// file before touching memory; `verify()` walks the whole file.
package struct PackFileReader: Sendable {
  struct SectionSpan: Sendable {
    var offset: Int
    var length: Int
    var count: Int
    var rowOffset: Int
  }

  /// The bytes behind this reader.
  package let storage: PackStorage
  let meta: SectionSpan
  let names: SectionSpan
  let sheetSection: SectionSpan
  /// IMGS (format 2); empty for 1.x.
  let imageSection: SectionSpan
  let entrySection: SectionSpan
  /// ANIM and FRAM (format 2.1); empty when absent.
  let animationSection: SectionSpan
  let frameSection: SectionSpan
  /// LOCS, KWRD, KENT, KGRM, KPST (format 2.2); empty when absent.
  let localeSection: SectionSpan
  let keywordSection: SectionSpan
  let keywordRowSection: SectionSpan
  let gramSection: SectionSpan
  let postingSection: SectionSpan
  /// SFMT (format 2.3); empty when absent (every sheet is PNG).
  let sheetFormatSection: SectionSpan
  let tagSection: SectionSpan
  let tagIndex: SectionSpan
  let emojiIndex: SectionSpan
  let strings: SectionSpan

  /// The pack identifier.
  package let id: String
  /// The pack version.
  package let version: String
  /// Point size of an emoticon.
  package let pointSize: Int
  /// Scales built, ascending.
  package let scales: [Int]
  /// Sheet pages per scale.
  package let pageCount: Int
  /// The major format version the file was written with (1 or 2).
  package let formatMajor: Int
  /// The minor format version the file was written with.
  package let formatMinor: Int
  /// True when the sprites were trimmed (format 2's META flag).
  package let trimmed: Bool
  /// True when some sheet is a reduced palette (format 2's META flag).
  package let palette: Bool
  /// Bytes of an ENTR record in this file's version.
  let entrySize: Int
  /// Bytes of a TAGS record in this file's version.
  let tagSize: Int

  /// Number of entries.
  package var entryCount: Int { entrySection.count }
  /// Number of tags across all entries.
  package var tagCount: Int { tagSection.count }
  /// Number of sheets.
  package var sheetCount: Int { sheetSection.count }
  /// Number of animations.
  package var animationCount: Int { animationSection.count }
  /// Number of still images (format 1: one per entry, the entry's own index).
  package var imageCount: Int { formatMajor >= 2 ? imageSection.count / scales.count : entrySection.count }
  /// Number of localized names.
  package var nameCount: Int { names.count }

  /// Memory-maps the file at `path` and opens it.
  package init(contentsOf path: String) throws(PackError) {
    do { try self.init(storage: PackStorage(mapping: path)) } catch { throw error.located(path) }
  }

  /// Opens a pack held in `bytes` (copied once).
  package init(bytes: [UInt8]) throws(PackError) {
    try self.init(storage: PackStorage(bytes: bytes))
  }

  /// Opens a pack over `storage`, checking the header and section table.
  package init(storage: PackStorage) throws(PackError) {
    self.storage = storage
    let b = storage.buffer
    guard b.count >= PackLayout.magic.count else {
      throw PackError(.truncated, at: b.count, PackMessage.shorterThanMagic(b.count))
    }
    for i in 0..<PackLayout.magic.count where b[i] != PackLayout.magic[i] {
      throw PackError(.badMagic, at: i, PackMessage.badMagic())
    }
    guard b.count >= PackLayout.headerSize else {
      throw PackError(
        .truncated, at: b.count, PackMessage.shorterThanHeader(b.count, PackLayout.headerSize))
    }
    let major = Int(b.le16(PackLayout.Header.major))
    guard PackLayout.readableMajors.contains(UInt16(clamping: major)) else {
      throw PackError(
        .unsupportedVersion, at: 8,
        PackMessage.unsupportedVersion(
          major, PackLayout.readableMajors.lowerBound, PackLayout.readableMajors.upperBound)
      )
    }
    formatMajor = major
    entrySize = PackLayout.Section.entries.recordSize(major: major)
    tagSize = PackLayout.Section.tags.recordSize(major: major)
    formatMinor = Int(b.le16(PackLayout.Header.minor))
    let headerSize = Int(b.le32(PackLayout.Header.headerSize))
    guard headerSize == PackLayout.headerSize else {
      throw PackError(.badHeader, at: 12, PackMessage.headerSize(headerSize, PackLayout.headerSize))
    }
    let fileSize = Int(b.le32(PackLayout.Header.fileSize))
    guard fileSize == b.count else {
      if fileSize > b.count {
        throw PackError(.truncated, at: b.count, PackMessage.shorterThanHeaderSays(b.count, fileSize))
      }
      throw PackError(.badHeader, at: 16, PackMessage.longerThanHeaderSays(fileSize, b.count))
    }
    for i in 32..<PackLayout.headerSize where b[i] != 0 {
      throw PackError(.badHeader, at: i, PackMessage.reservedHeaderByte(b[i]))
    }
    let sectionCount = Int(b.le32(PackLayout.Header.sectionCount))
    let tableOffset = Int(b.le32(PackLayout.Header.sectionTable))
    guard sectionCount <= PackLayout.maxSections else {
      throw PackError(
        .badHeader, at: 24, PackMessage.sectionCount(sectionCount, PackLayout.maxSections))
    }
    guard tableOffset >= PackLayout.headerSize, tableOffset + sectionCount * PackLayout.sectionRowSize <= b.count else {
      throw PackError(
        .outOfBounds, at: 28,
        PackMessage.sectionTableOutside(tableOffset, sectionCount, b.count))
    }
    let tableEnd = tableOffset + sectionCount * PackLayout.sectionRowSize
    var found: [PackLayout.Section: SectionSpan] = [:]
    for row in 0..<sectionCount {
      let at = tableOffset + row * PackLayout.sectionRowSize
      let code = b.le32(at + PackLayout.SectionRow.id)
      let offset = Int(b.le32(at + PackLayout.SectionRow.offset))
      let length = Int(b.le32(at + PackLayout.SectionRow.length))
      let count = Int(b.le32(at + PackLayout.SectionRow.count))
      // Unknown sections are skipped: a later minor version may add some.
      let known = major >= 2 ? PackLayout.Section.allCases : PackLayout.Section.required(major: major)
      guard let section = known.first(where: { $0.code == code }) else { continue }
      let recordSize = section.recordSize(major: major)
      guard found[section] == nil else {
        throw PackError(.badHeader, at: at, PackMessage.sectionTwice(section.rawValue))
      }
      guard offset >= tableEnd, offset <= b.count, length <= b.count - offset else {
        throw PackError(
          .outOfBounds, at: at + PackLayout.Entry.firstTag,
          PackMessage.sectionOutside(section.rawValue, offset, length, b.count))
      }
      guard count.multipliedReportingOverflow(by: recordSize).partialValue == length,
        !count.multipliedReportingOverflow(by: recordSize).overflow
      else {
        throw PackError(
          .badHeader, at: at + PackLayout.SectionRow.count,
          PackMessage.sectionLength(section.rawValue, count, recordSize, length)
        )
      }
      found[section] = SectionSpan(offset: offset, length: length, count: count, rowOffset: at)
    }
    func need(_ s: PackLayout.Section) throws(PackError) -> SectionSpan {
      guard let span = found[s] else {
        throw PackError(.badHeader, at: tableOffset, PackMessage.sectionMissing(s.rawValue))
      }
      return span
    }
    meta = try need(.meta)
    names = try need(.names)
    sheetSection = try need(.sheets)
    imageSection =
      major >= 2 ? try need(.images) : SectionSpan(offset: sheetSection.offset, length: 0, count: 0, rowOffset: 0)
    entrySection = try need(.entries)
    let none = SectionSpan(offset: 0, length: 0, count: 0, rowOffset: 0)
    animationSection = found[.animations] ?? none
    frameSection = found[.frames] ?? none
    localeSection = found[.locales] ?? none
    keywordSection = found[.keywords] ?? none
    keywordRowSection = found[.keywordRows] ?? none
    gramSection = found[.grams] ?? none
    postingSection = found[.postings] ?? none
    sheetFormatSection = found[.sheetFormats] ?? none
    tagSection = try need(.tags)
    tagIndex = try need(.tagIndex)
    emojiIndex = try need(.emojiIndex)
    strings = try need(.strings)
    for index in [tagIndex, emojiIndex] where index.count & (index.count &- 1) != 0 {
      throw PackError(.badHeader, at: index.rowOffset + 12, PackMessage.indexSlotCount(index.count))
    }
    guard meta.count == 1 else {
      throw PackError(.badHeader, at: meta.rowOffset + 12, PackMessage.metaCount(meta.count))
    }

    let m = meta.offset
    let scaleCount = Int(b[m + PackLayout.Meta.scaleCount])
    guard PackLayout.scales.contains(scaleCount) else {
      throw PackError(
        .badHeader, at: m + PackLayout.Meta.scaleCount, PackMessage.scaleCount(scaleCount, PackLayout.scales))
    }
    var scales: [Int] = []
    for i in 0..<scaleCount {
      let s = Int(b[m + PackLayout.Meta.scales + i])
      guard PackLayout.scales.contains(s), s > (scales.last ?? 0) else {
        throw PackError(
          .badHeader, at: m + PackLayout.Meta.scales + i, PackMessage.scaleOrder(s, PackLayout.scales))
      }
      scales.append(s)
    }
    self.scales = scales
    pointSize = Int(b.le16(m + PackLayout.Meta.pointSize))
    // A square no build makes (up to 65,535 × 4 pixels a side) would cost an app gigabytes to draw.
    guard PackLayout.pointSizes.contains(pointSize) else {
      throw PackError(
        .badHeader, at: m + PackLayout.Meta.pointSize, PackMessage.pointSize(pointSize, PackLayout.pointSizes))
    }
    pageCount = Int(b.le16(m + PackLayout.Meta.pageCount))
    if major >= 2 {
      let flags = PackLayout.MetaFlags(rawValue: b[m + PackLayout.Meta.flags])
      trimmed = flags.contains(.trimmed)
      palette = flags.contains(.palette)
      guard imageSection.count % scaleCount == 0 else {
        throw PackError(
          .inconsistent, at: imageSection.rowOffset + 12,
          PackMessage.imageRows(imageSection.count, scaleCount))
      }
    } else {
      trimmed = false
      palette = false
      guard sheetSection.count == scaleCount * pageCount else {
        throw PackError(
          .inconsistent, at: sheetSection.rowOffset + 12,
          PackMessage.sheetCount(scaleCount * pageCount, scaleCount, pageCount, sheetSection.count)
        )
      }
    }
    var reader = PackStringReader(buffer: b, strings: strings)
    id = try reader.string(at: m)
    version = try reader.string(at: m + PackLayout.Meta.version)
  }

  var stringReader: PackStringReader { PackStringReader(buffer: storage.buffer, strings: strings) }

  /// The localized names, sorted by locale.
  package func localizedNames() throws(PackError) -> [LocalizedName] {
    var out: [LocalizedName] = []
    var r = stringReader
    for i in 0..<names.count {
      let at = names.offset + i * PackLayout.nameSize
      out.append(
        LocalizedName(
          locale: try r.string(at: at + PackLayout.Name.locale), name: try r.string(at: at + PackLayout.Name.name)))
    }
    return out
  }

  /// The sheet record at `index` (ordered by scale, then page).
  package func sheet(at index: Int) throws(PackError) -> SheetRecord {
    guard index >= 0, index < sheetSection.count else {
      throw PackError(.outOfBounds, at: sheetSection.offset, PackMessage.sheetIndex(index, sheetSection.count))
    }
    let b = storage.buffer
    let at = sheetSection.offset + index * PackLayout.sheetSize
    var r = stringReader
    var record = SheetRecord(
      fileName: try r.string(at: at + PackLayout.Sheet.fileName), scale: Int(b.le16(at + PackLayout.Sheet.scale)),
      page: Int(b.le16(at + PackLayout.Sheet.page)), width: Int(b.le32(at + PackLayout.Sheet.width)),
      height: Int(b.le32(at + PackLayout.Sheet.height)), byteSize: Int(b.le32(at + PackLayout.Sheet.byteSize)),
      sha256: Array(b[(at + PackLayout.Sheet.sha256)..<(at + PackLayout.Sheet.sha256 + 32)]))
    if sheetFormatSection.count > 0 {
      guard sheetFormatSection.count == sheetSection.count else {
        throw PackError(
          .inconsistent, at: sheetFormatSection.rowOffset + 12,
          PackMessage.sheetFormatRows(sheetFormatSection.count, sheetSection.count))
      }
      let f = sheetFormatSection.offset + index * PackLayout.sheetFormatSize
      guard let format = SheetFormat(rawValue: b[f + PackLayout.SheetFormatRecord.format]) else {
        throw PackError(.inconsistent, at: f, PackMessage.sheetFormat(index, b[f]))
      }
      let flags = b[f + PackLayout.SheetFormatRecord.flags]
      guard flags & ~PackLayout.SheetFormatRecord.lossy == 0, b.le16(f + PackLayout.SheetFormatRecord.reserved) == 0
      else {
        throw PackError(.inconsistent, at: f + 1, PackMessage.sheetFormatFlags(index))
      }
      record.format = format
      record.lossy = flags & PackLayout.SheetFormatRecord.lossy != 0
    }
    return record
  }

  /// All sheet records.
  package func sheets() throws(PackError) -> [SheetRecord] {
    var out: [SheetRecord] = []
    for i in 0..<sheetCount { out.append(try sheet(at: i)) }
    return out
  }

  /// The entry at `index` in keyboard order; its `image` indexes `image(at:)`.
  package func entry(at index: Int) throws(PackError) -> PackEntry {
    guard index >= 0, index < entrySection.count else {
      throw PackError(.outOfBounds, at: entrySection.offset, PackMessage.entryIndex(index, entrySection.count))
    }
    let b = storage.buffer
    let at = entrySection.offset + index * entrySize
    guard let kind = PackEntry.Kind(rawValue: b[at + PackLayout.Entry.kind]) else {
      throw PackError(.inconsistent, at: at, PackMessage.entryKind(index, b[at + PackLayout.Entry.kind]))
    }
    let flags = PackLayout.EntryFlags(rawValue: b[at + PackLayout.Entry.flags])
    let tagCount = Int(b.le16(at + PackLayout.Entry.tagCount))
    let firstTag = Int(b.le32(at + PackLayout.Entry.firstTag))
    guard firstTag <= tagSection.count, tagCount <= tagSection.count - firstTag else {
      throw PackError(
        .outOfBounds, at: at + PackLayout.Entry.firstTag,
        PackMessage.entryTags(index, firstTag, firstTag + tagCount, tagSection.count))
    }
    var r = stringReader
    var tags: [String] = []
    var codes: [String] = []
    tags.reserveCapacity(tagCount)
    for t in firstTag..<(firstTag + tagCount) {
      let key = try r.string(at: tagSection.offset + t * tagSize)
      if try keyForm(at: t) == .tag { tags.append(key) } else { codes.append(key) }
    }
    let emoji = flags.contains(.hasEmoji) ? try r.string(at: at + PackLayout.Entry.emoji) : nil
    var keywords: [PackKeyword] = []
    for k in try keywordRows(ofEntry: index) {
      let record = try keyword(at: k)
      if record.source != .key {
        keywords.append(PackKeyword(text: record.text, locale: record.locale, source: record.source))
      }
    }
    return PackEntry(
      kind: kind, tags: tags, emoji: emoji, image: try imageIndex(ofEntry: index),
      animation: try animationIndex(ofEntry: index), codes: codes,
      insertsCode: formatMajor >= 2 && flags.contains(.insertsCode), keywords: keywords)
  }

  /// The form of key `index` (TAGS row): a tag in every file before 2.2.
  package func keyForm(at index: Int) throws(PackError) -> PackKey.Form {
    guard index >= 0, index < tagSection.count else {
      throw PackError(.outOfBounds, at: tagSection.offset, PackMessage.keyIndex(index, tagSection.count))
    }
    guard formatMajor >= 2 else { return .tag }
    let at = tagSection.offset + index * tagSize + PackLayout.Tag.form
    guard let form = PackKey.Form(rawValue: storage.buffer[at]) else {
      throw PackError(.inconsistent, at: at, PackMessage.keyForm(index, storage.buffer[at]))
    }
    return form
  }

  /// The animation of entry `index`, nil for a still (always for format 1).
  package func animationIndex(ofEntry index: Int) throws(PackError) -> Int? {
    guard index >= 0, index < entrySection.count else {
      throw PackError(.outOfBounds, at: entrySection.offset, PackMessage.entryIndex(index, entrySection.count))
    }
    guard formatMajor >= 2 else { return nil }
    let at = entrySection.offset + index * entrySize + PackLayout.Entry.animation
    let a = storage.buffer.le32(at)
    if a == PackLayout.none32 { return nil }
    guard Int(a) < animationSection.count else {
      throw PackError(.outOfBounds, at: at, PackMessage.entryAnimation(index, a, animationSection.count))
    }
    return Int(a)
  }

  /// Animation `index`'s frame range in FRAM, loop count and still frame, checked against the sections.
  package func animationRecord(
    at index: Int
  ) throws(PackError) -> (
    firstFrame: Int, frameCount: Int, loopCount: Int, still: Int, duration: Int
  ) {
    guard index >= 0, index < animationSection.count else {
      throw PackError(
        .outOfBounds, at: animationSection.offset, PackMessage.animationIndex(index, animationSection.count))
    }
    let b = storage.buffer
    let at = animationSection.offset + index * PackLayout.animationSize
    let first = Int(b.le32(at + PackLayout.Animation.firstFrame))
    let count = Int(b.le16(at + PackLayout.Animation.frameCount))
    let still = Int(b.le16(at + PackLayout.Animation.still))
    guard count > 0, first <= frameSection.count, count <= frameSection.count - first, still < count else {
      throw PackError(
        .outOfBounds, at: at,
        PackMessage.animationFrames(index, first, first + count, frameSection.count, still))
    }
    return (
      first, count, Int(b.le16(at + PackLayout.Animation.loopCount)), still,
      Int(b.le32(at + PackLayout.Animation.duration))
    )
  }

  /// Frame `index` of FRAM: its image and the end of its time in its animation, in milliseconds.
  package func frameRecord(at index: Int) throws(PackError) -> (image: Int, endTime: Int) {
    guard index >= 0, index < frameSection.count else {
      throw PackError(.outOfBounds, at: frameSection.offset, PackMessage.frameIndex(index, frameSection.count))
    }
    let at = frameSection.offset + index * PackLayout.frameSize
    let image = Int(storage.buffer.le32(at + PackLayout.Frame.image))
    guard image < imageCount else {
      throw PackError(.outOfBounds, at: at, PackMessage.frameImage(index, image, imageCount))
    }
    return (image, Int(storage.buffer.le32(at + PackLayout.Frame.endTime)))
  }

  /// Animation `index` as plain values; end times must rise strictly.
  package func animation(at index: Int) throws(PackError) -> PackAnimation {
    let a = try animationRecord(at: index)
    var frames: [PackAnimation.Frame] = []
    frames.reserveCapacity(a.frameCount)
    var last = 0
    for f in a.firstFrame..<(a.firstFrame + a.frameCount) {
      let r = try frameRecord(at: f)
      guard r.endTime > last else {
        throw PackError(
          .inconsistent, at: frameSection.offset + f * PackLayout.frameSize,
          PackMessage.frameEndTime(f - a.firstFrame, index, r.endTime, last))
      }
      frames.append(PackAnimation.Frame(image: r.image, duration: r.endTime - last))
      last = r.endTime
    }
    return PackAnimation(frames: frames, loopCount: a.loopCount, still: a.still)
  }

  /// The still image of entry `index` (an index for `image(at:)`), nil for an entry without one.
  package func imageIndex(ofEntry index: Int) throws(PackError) -> Int? {
    guard index >= 0, index < entrySection.count else {
      throw PackError(.outOfBounds, at: entrySection.offset, PackMessage.entryIndex(index, entrySection.count))
    }
    let b = storage.buffer
    let at = entrySection.offset + index * entrySize
    if formatMajor < 2 {
      let flags = PackLayout.EntryFlags(rawValue: b[at + PackLayout.EntryV1.flags])
      return flags.contains(.hasRect) ? index : nil
    }
    let image = b.le32(at + PackLayout.Entry.image)
    if image == PackLayout.none32 { return nil }
    guard Int(image) < imageCount else {
      throw PackError(
        .outOfBounds, at: at + PackLayout.Entry.image, PackMessage.entryImage(index, image, imageCount))
    }
    return Int(image)
  }

  /// The placement of image `index` at the pack's `scaleIndex`-th scale.
  package func placement(ofImage index: Int, scaleIndex: Int) throws(PackError) -> SpritePlacement {
    guard scaleIndex >= 0, scaleIndex < scales.count else {
      throw PackError(.outOfBounds, at: meta.offset, PackMessage.scaleIndex(scaleIndex, scales.count))
    }
    guard index >= 0, index < imageCount else {
      throw PackError(
        .outOfBounds, at: formatMajor >= 2 ? imageSection.offset : entrySection.offset,
        PackMessage.imageIndex(index, imageCount))
    }
    let b = storage.buffer
    if formatMajor < 2 {
      // Format 1: one rectangle at 1x in points for every scale, sheet `s × pages + page`.
      let at = entrySection.offset + index * entrySize
      guard PackLayout.EntryFlags(rawValue: b[at + PackLayout.EntryV1.flags]).contains(.hasRect) else {
        throw PackError(.inconsistent, at: at + PackLayout.EntryV1.flags, PackMessage.entryNoRectangle(index))
      }
      let s = scales[scaleIndex]
      let sheet = scaleIndex * pageCount + Int(b.le16(at + PackLayout.EntryV1.page))
      guard sheet < sheetSection.count else {
        throw PackError(
          .outOfBounds, at: at + PackLayout.EntryV1.page, PackMessage.entrySheet(index, sheet, sheetSection.count)
        )
      }
      return SpritePlacement(
        sheet: sheet,
        x: Int(b.le16(at + PackLayout.EntryV1.x)) * s, y: Int(b.le16(at + PackLayout.EntryV1.y)) * s,
        width: Int(b.le16(at + PackLayout.EntryV1.width)) * s, height: Int(b.le16(at + PackLayout.EntryV1.height)) * s)
    }
    let at = imageSection.offset + (index * scales.count + scaleIndex) * PackLayout.imageSize
    let sheet = Int(b.le16(at + PackLayout.Image.sheet))
    guard sheet < sheetSection.count else {
      throw PackError(
        .outOfBounds, at: at + PackLayout.Image.sheet, PackMessage.imageSheet(index, sheet, sheetSection.count))
    }
    return SpritePlacement(
      sheet: sheet, x: Int(b.le16(at + PackLayout.Image.x)), y: Int(b.le16(at + PackLayout.Image.y)),
      width: Int(b.le16(at + PackLayout.Image.width)), height: Int(b.le16(at + PackLayout.Image.height)),
      left: Int(Int16(bitPattern: b.le16(at + PackLayout.Image.left))),
      top: Int(Int16(bitPattern: b.le16(at + PackLayout.Image.top))))
  }

  /// Image `index` at every scale.
  package func image(at index: Int) throws(PackError) -> PackImage {
    var placements: [SpritePlacement] = []
    for k in scales.indices { placements.append(try placement(ofImage: index, scaleIndex: k)) }
    return PackImage(placements: placements)
  }

  /// The primary tag's UTF-8 bytes of entry `index`, without building a String; nil if malformed.
  package func withPrimaryTag<R>(ofEntry index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
    guard index >= 0, index < entrySection.count else { return nil }
    let b = storage.buffer
    let at = entrySection.offset + index * entrySize
    let firstTag = Int(b.le32(at + PackLayout.Entry.firstTag))
    guard b.le16(at + PackLayout.Entry.tagCount) > 0, firstTag < tagSection.count else { return nil }
    guard let bytes = stringReader.bytes(at: tagSection.offset + firstTag * tagSize) else { return nil }
    return body(bytes)
  }

  /// The UTF-8 bytes of tag `index` (tags of all entries, in entry order), without building a String; nil if
  /// `index` is out of range or the tag's string reference is malformed.
  package func withTag<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
    guard index >= 0, index < tagSection.count,
      let bytes = stringReader.bytes(at: tagSection.offset + index * tagSize)
    else { return nil }
    return body(bytes)
  }

  /// Whether entry `index` has an image, without decoding the entry; false when out of range.
  package func entryHasImage(at index: Int) -> Bool {
    guard index >= 0, index < entrySection.count else { return false }
    let at = entrySection.offset + index * entrySize
    if formatMajor < 2 {
      return PackLayout.EntryFlags(rawValue: storage.buffer[at + PackLayout.EntryV1.flags]).contains(.hasRect)
    }
    return storage.buffer.le32(at + PackLayout.Entry.image) != PackLayout.none32
  }

  /// The emoji's UTF-8 bytes of entry `index` as stored, without building a String; nil if the entry has no
  /// emoji, `index` is out of range or the reference is malformed.
  package func withEmoji<R>(ofEntry index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
    guard index >= 0, index < entrySection.count else { return nil }
    let at = entrySection.offset + index * entrySize
    guard PackLayout.EntryFlags(rawValue: storage.buffer[at + PackLayout.Entry.flags]).contains(.hasEmoji),
      let bytes = stringReader.bytes(at: at + PackLayout.Entry.emoji)
    else { return nil }
    return body(bytes)
  }

  /// The entry whose tag (any alias) is exactly `utf8`, found through the tag index; nil when absent.
  package func entryIndex(forTagUTF8 utf8: UnsafeRawBufferPointer) -> Int? {
    let n = tagIndex.count
    guard n > 0 else { return nil }
    let b = storage.buffer
    let r = stringReader
    var slot = Int(fnv1a(utf8)) & (n - 1)
    for _ in 0..<n {
      let value = Int(b.le32(tagIndex.offset + slot * 4))
      if value == 0 { return nil }
      let tag = value - 1
      guard tag < tagSection.count else { return nil }
      let at = tagSection.offset + tag * tagSize
      if let key = r.bytes(at: at), key.count == utf8.count, bytesEqual(key, utf8) {
        let entry = Int(b.le32(at + PackLayout.Tag.entry))
        return entry < entrySection.count ? entry : nil
      }
      slot = (slot + 1) & (n - 1)
    }
    return nil
  }

  /// The entry whose emoji is `utf8`, ignoring variation selectors; nil when absent.
  package func entryIndex(forEmojiUTF8 utf8: UnsafeRawBufferPointer) -> Int? {
    let n = emojiIndex.count
    guard n > 0 else { return nil }
    let b = storage.buffer
    let r = stringReader
    var slot = Int(PackLayout.emojiHash(utf8)) & (n - 1)
    for _ in 0..<n {
      let value = Int(b.le32(emojiIndex.offset + slot * 4))
      if value == 0 { return nil }
      let entry = value - 1
      guard entry < entrySection.count else { return nil }
      let at = entrySection.offset + entry * entrySize
      if PackLayout.EntryFlags(rawValue: b[at + PackLayout.Entry.flags]).contains(.hasEmoji),
        let key = r.bytes(at: at + PackLayout.Entry.emoji), PackLayout.emojiEqual(key, utf8)
      {
        return entry
      }
      slot = (slot + 1) & (n - 1)
    }
    return nil
  }

  /// The entry with tag `tag`, if any.
  package func entryIndex(forTag tag: String) -> Int? {
    var t = tag
    return t.withUTF8 { entryIndex(forTagUTF8: UnsafeRawBufferPointer($0)) }
  }

  /// The entry standing for the emoji `emoji`, if any.
  package func entryIndex(forEmoji emoji: String) -> Int? {
    var e = emoji
    return e.withUTF8 { entryIndex(forEmojiUTF8: UnsafeRawBufferPointer($0)) }
  }

  /// Reads everything back as plain values (a 1.x pack with one image per image entry, in entry order).
  package func contents() throws(PackError) -> PackContents {
    var entries: [PackEntry] = []
    entries.reserveCapacity(entryCount)
    var images: [PackImage] = []
    for i in 0..<entryCount { entries.append(try entry(at: i)) }
    if formatMajor >= 2 {
      for i in 0..<imageCount { images.append(try image(at: i)) }
    } else {
      for i in entries.indices {
        guard let image = entries[i].image else { continue }
        entries[i].image = images.count
        images.append(try self.image(at: image))
      }
    }
    var animations: [PackAnimation] = []
    for i in 0..<animationCount { animations.append(try animation(at: i)) }
    return PackContents(
      id: id, version: version, names: try localizedNames(), pointSize: pointSize, scales: scales,
      sheets: try sheets(), images: images, entries: entries, animations: animations, trimmed: trimmed,
      palette: palette)
  }
}

/// Reads string references (offset, length into STRS) with bounds and UTF-8 checks.
struct PackStringReader {
  let buffer: UnsafeRawBufferPointer
  let strings: PackFileReader.SectionSpan

  func bytes(at refOffset: Int) -> UnsafeRawBufferPointer? {
    let offset = Int(buffer.le32(refOffset))
    let length = Int(buffer.le32(refOffset + 4))
    guard offset <= strings.length, length <= strings.length - offset else { return nil }
    return UnsafeRawBufferPointer(rebasing: buffer[(strings.offset + offset)..<(strings.offset + offset + length)])
  }

  mutating func string(at refOffset: Int) throws(PackError) -> String {
    guard let raw = bytes(at: refOffset) else {
      throw PackError(
        .outOfBounds, at: refOffset,
        PackMessage.stringOutside(buffer.le32(refOffset), buffer.le32(refOffset + 4), strings.length)
      )
    }
    // Decoding repairs what is not UTF-8, so the bytes come back the same exactly when they were valid (the
    // generic `String(validating:as:)` looks up type metadata on every call).
    let s = String(decoding: raw, as: UTF8.self)
    guard s.utf8.count == raw.count,
      s.utf8.withContiguousStorageIfAvailable({ bytesEqual(UnsafeRawBufferPointer($0), raw) })
        ?? s.utf8.elementsEqual(raw)
    else {
      throw PackError(.badString, at: refOffset, PackMessage.stringNotUTF8(buffer.le32(refOffset)))
    }
    return s
  }
}

/// True when `a` and `b`, of the same length, hold the same bytes.
@inline(__always)
func bytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
  guard let pa = a.baseAddress, let pb = b.baseAddress else { return a.count == b.count }
  return bytesEqual(pa, pb, count: a.count)
}

/// True when the `count` bytes at `a` and at `b` are the same: eight at a time, the last word overlapping the one
/// before (keys are short: a tag or an emoji).
@inlinable @inline(__always)
package func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count n: Int) -> Bool {
  if n >= 8 {
    var i = 0
    while i &+ 8 < n {
      if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
        return false
      }
      i &+= 8
    }
    return a.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
      == b.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
  }
  var i = 0
  while i < n {
    if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
    i &+= 1
  }
  return true
}

extension UnsafeRawBufferPointer {
  /// Little-endian 16-bit read; the caller has checked `offset + 2 <= count`.
  @inline(__always) func le16(_ offset: Int) -> UInt16 {
    UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self))
  }

  /// Little-endian 32-bit read; the caller has checked `offset + 4 <= count`.
  @inline(__always) func le32(_ offset: Int) -> UInt32 {
    UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }
}
