/// An error from writing a pack: values that the format cannot hold.
public struct PackWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What could not be written and why.
  public let message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}

/// Serialises `PackContents` to the `.pack` bytes; the same contents always give the same bytes.
package enum PackWriter {
  /// Returns the bytes of a pack holding `contents`.
  package static func write(_ contents: PackContents) throws(PackWriteError) -> [UInt8] {
    try validate(contents)
    var strings = StringTable()
    var sections: [PackLayout.Section: (bytes: ByteBuffer, count: Int)] = [:]

    var meta = Record(PackLayout.metaSize)
    meta.ref(PackLayout.Meta.id, strings.add(contents.id))
    meta.ref(PackLayout.Meta.version, strings.add(contents.version))
    meta.u16(PackLayout.Meta.pointSize, UInt16(contents.pointSize))
    meta.u8(PackLayout.Meta.scaleCount, UInt8(contents.scales.count))
    var metaFlags: PackLayout.MetaFlags = []
    if contents.trimmed { metaFlags.insert(.trimmed) }
    if contents.palette { metaFlags.insert(.palette) }
    meta.u8(PackLayout.Meta.flags, metaFlags.rawValue)
    meta.u16(PackLayout.Meta.pageCount, UInt16(contents.pageCount))
    for (i, scale) in contents.scales.enumerated() { meta.u8(PackLayout.Meta.scales + i, UInt8(scale)) }
    sections[.meta] = (ByteBuffer(storage: meta.bytes), 1)

    var names = ByteBuffer()
    for name in contents.names {
      var r = Record(PackLayout.nameSize)
      r.ref(PackLayout.Name.locale, strings.add(name.locale))
      r.ref(PackLayout.Name.name, strings.add(name.name))
      names.bytes(r.bytes)
    }
    sections[.names] = (names, contents.names.count)

    var sheets = ByteBuffer()
    for sheet in contents.sheets {
      var r = Record(PackLayout.sheetSize)
      r.ref(PackLayout.Sheet.fileName, strings.add(sheet.fileName))
      r.u16(PackLayout.Sheet.scale, UInt16(sheet.scale))
      r.u16(PackLayout.Sheet.page, UInt16(sheet.page))
      r.u32(PackLayout.Sheet.width, UInt32(sheet.width))
      r.u32(PackLayout.Sheet.height, UInt32(sheet.height))
      r.u32(PackLayout.Sheet.byteSize, UInt32(sheet.byteSize))
      r.bytes(PackLayout.Sheet.sha256, sheet.sha256)
      sheets.bytes(r.bytes)
    }
    sections[.sheets] = (sheets, contents.sheets.count)

    var images = ByteBuffer()
    for image in contents.images {
      for p in image.placements {
        var r = Record(PackLayout.imageSize)
        r.u16(PackLayout.Image.sheet, UInt16(p.sheet))
        r.u16(PackLayout.Image.x, UInt16(p.x))
        r.u16(PackLayout.Image.y, UInt16(p.y))
        r.u16(PackLayout.Image.width, UInt16(p.width))
        r.u16(PackLayout.Image.height, UInt16(p.height))
        r.u16(PackLayout.Image.left, UInt16(bitPattern: Int16(p.left)))
        r.u16(PackLayout.Image.top, UInt16(bitPattern: Int16(p.top)))
        images.bytes(r.bytes)
      }
    }
    sections[.images] = (images, contents.images.count * contents.scales.count)

    let keywords = KeywordTable(contents, strings: &strings)
    if let i = keywords.rowsOfEntry.firstIndex(where: { $0.count > 0xFFFF }) {
      throw PackWriteError("entry \(i) has \(keywords.rowsOfEntry[i].count) keywords, over 65,535")
    }
    guard keywords.locales.count < 0xFFFF else {
      throw PackWriteError("\(keywords.locales.count) keyword locales, over 65,534")
    }
    var entries = ByteBuffer()
    var tags = ByteBuffer()
    var tagKeys: [(ref: StringRef, entry: Int)] = []
    var emojiKeys: [(ref: StringRef, entry: Int)] = []
    for (index, entry) in contents.entries.enumerated() {
      let keys = entry.keys
      var e = Record(PackLayout.entrySize)
      var flags: PackLayout.EntryFlags = []
      if entry.emoji != nil { flags.insert(.hasEmoji) }
      if keys.first.map({ $0.form != .tag }) ?? false { flags.insert(.insertsCode) }
      e.u8(PackLayout.Entry.kind, entry.kind.rawValue)
      e.u8(PackLayout.Entry.flags, flags.rawValue)
      e.u16(PackLayout.Entry.tagCount, UInt16(keys.count))
      e.u32(PackLayout.Entry.firstTag, UInt32(tagKeys.count))
      if let emoji = entry.emoji {
        let ref = strings.add(emoji)
        e.ref(PackLayout.Entry.emoji, ref)
        emojiKeys.append((ref, index))
      }
      e.u32(PackLayout.Entry.image, entry.image.map { UInt32($0) } ?? PackLayout.none32)
      e.u32(PackLayout.Entry.animation, entry.animation.map { UInt32($0) } ?? PackLayout.none32)
      let rows = keywords.rowsOfEntry[index]
      e.u32(PackLayout.Entry.firstKeyword, rows.isEmpty ? PackLayout.none32 : UInt32(rows.lowerBound))
      e.u16(PackLayout.Entry.keywordCount, UInt16(rows.count))
      e.u32(PackLayout.Entry.label, PackLayout.none32)
      entries.bytes(e.bytes)
      for key in keys {
        let ref = strings.add(key.text)
        var t = Record(PackLayout.tagSize)
        t.ref(PackLayout.Tag.tag, ref)
        t.u32(PackLayout.Tag.entry, UInt32(index))
        t.u8(PackLayout.Tag.form, key.form.rawValue)
        t.u16(PackLayout.Tag.locale, PackLayout.none16)
        tags.bytes(t.bytes)
        tagKeys.append((ref, index))
      }
    }
    sections[.entries] = (entries, contents.entries.count)
    sections[.tags] = (tags, tagKeys.count)
    keywords.write(into: &sections)

    var animations = ByteBuffer()
    var frames = ByteBuffer()
    var frameCount = 0
    for a in contents.animations {
      var r = Record(PackLayout.animationSize)
      r.u32(PackLayout.Animation.firstFrame, UInt32(frameCount))
      r.u16(PackLayout.Animation.frameCount, UInt16(a.frames.count))
      r.u16(PackLayout.Animation.still, UInt16(a.still))
      r.u16(PackLayout.Animation.loopCount, UInt16(a.loopCount))
      r.u32(PackLayout.Animation.duration, UInt32(a.duration))
      animations.bytes(r.bytes)
      var end = 0
      for f in a.frames {
        end += f.duration
        var fr = Record(PackLayout.frameSize)
        fr.u32(PackLayout.Frame.image, UInt32(f.image))
        fr.u32(PackLayout.Frame.endTime, UInt32(end))
        frames.bytes(fr.bytes)
        frameCount += 1
      }
    }
    // SFMT only when a sheet is not a PNG: a pack of PNG sheets stays 2.2, byte for byte.
    var sheetFormats = ByteBuffer()
    let typed = contents.sheets.contains { $0.format != .png }
    if typed {
      for sheet in contents.sheets {
        var r = Record(PackLayout.sheetFormatSize)
        r.u8(PackLayout.SheetFormatRecord.format, sheet.format.rawValue)
        r.u8(PackLayout.SheetFormatRecord.flags, sheet.lossy ? PackLayout.SheetFormatRecord.lossy : 0)
        sheetFormats.bytes(r.bytes)
      }
    }
    sections[.sheetFormats] = (sheetFormats, typed ? contents.sheets.count : 0)
    sections[.animations] = (animations, contents.animations.count)
    sections[.frames] = (frames, frameCount)

    let blob = strings.bytes
    let tagSlots = blob.withUnsafeBytes { raw in
      buildIndex(tagKeys.enumerated().map { ($0.element.ref, $0.offset) }, blob: raw, hash: { fnv1a($0) })
    }
    let emojiSlots = blob.withUnsafeBytes { raw in
      buildIndex(emojiKeys.map { ($0.ref, $0.entry) }, blob: raw, hash: PackLayout.emojiHash)
    }
    var tidx = ByteBuffer()
    for s in tagSlots { tidx.u32(s) }
    sections[.tagIndex] = (tidx, tagSlots.count)
    var eidx = ByteBuffer()
    for s in emojiSlots { eidx.u32(s) }
    sections[.emojiIndex] = (eidx, emojiSlots.count)
    var strs = ByteBuffer()
    strs.bytes(blob)
    sections[.strings] = (strs, blob.count)

    // Lay out: header, section table, then each section aligned to 8 bytes; an empty optional section is left
    // out (readers take a missing one as empty).
    let order = PackLayout.Section.written.filter {
      !(PackLayout.Section.optional.contains($0) && sections[$0]!.1 == 0)
    }
    var offset = PackLayout.headerSize + order.count * PackLayout.sectionRowSize
    var table = ByteBuffer()
    var body = ByteBuffer()
    for section in order {
      let (bytes, count) = sections[section]!
      offset = (offset + 7) & ~7
      let padding = offset - (PackLayout.headerSize + order.count * PackLayout.sectionRowSize) - body.count
      body.zeros(padding)
      var row = Record(PackLayout.sectionRowSize)
      row.u32(PackLayout.SectionRow.id, section.code)
      row.u32(PackLayout.SectionRow.offset, UInt32(offset))
      row.u32(PackLayout.SectionRow.length, UInt32(bytes.count))
      row.u32(PackLayout.SectionRow.count, UInt32(count))
      table.bytes(row.bytes)
      body.bytes(bytes.storage)
      offset += bytes.count
    }
    guard offset <= Int(UInt32.max) else { throw PackWriteError("pack would be \(offset) bytes, over 4 GiB") }
    var payload = table.storage
    payload += body.storage
    var header = Record(PackLayout.headerSize)
    header.bytes(PackLayout.Header.magic, PackLayout.magic)
    header.u16(PackLayout.Header.major, PackLayout.formatMajor)
    header.u16(PackLayout.Header.minor, typed ? PackLayout.formatMinorWithSheetFormats : PackLayout.formatMinor)
    header.u32(PackLayout.Header.headerSize, UInt32(PackLayout.headerSize))
    header.u32(PackLayout.Header.fileSize, UInt32(offset))
    header.u32(PackLayout.Header.checksum, CRC32.checksum(payload))
    header.u32(PackLayout.Header.sectionCount, UInt32(order.count))
    header.u32(PackLayout.Header.sectionTable, UInt32(PackLayout.headerSize))
    return header.bytes + payload
  }

  private static func buildIndex(
    _ keys: [(StringRef, Int)], blob: UnsafeRawBufferPointer, hash: (UnsafeRawBufferPointer) -> UInt32
  ) -> [UInt32] {
    let n = PackLayout.slotCount(for: keys.count)
    var slots = [UInt32](repeating: 0, count: n)
    for (ref, value) in keys {
      let key = UnsafeRawBufferPointer(rebasing: blob[Int(ref.offset)..<Int(ref.offset + ref.length)])
      var s = Int(hash(key)) & (n - 1)
      while slots[s] != 0 { s = (s + 1) & (n - 1) }
      slots[s] = UInt32(value + 1)
    }
    return slots
  }

  private static func validate(_ c: PackContents) throws(PackWriteError) {
    func fits16(_ v: Int, _ what: String) throws(PackWriteError) {
      guard (0...0xFFFF).contains(v) else { throw PackWriteError("\(what) \(v) does not fit 16 bits") }
    }
    guard PackLayout.pointSizes.contains(c.pointSize) else {
      throw PackWriteError("point size \(c.pointSize) is not in \(PackLayout.pointSizes)")
    }
    guard PackLayout.scales.contains(c.scales.count) else {
      throw PackWriteError("a pack holds 1 to 4 scales, not \(c.scales.count)")
    }
    for s in c.scales where !PackLayout.scales.contains(s) {
      throw PackWriteError("scale \(s) is not in \(PackLayout.scales)")
    }
    guard c.scales == c.scales.sorted(), Set(c.scales).count == c.scales.count else {
      throw PackWriteError("scales \(c.scales) are not ascending")
    }
    // Sheets by scale, then page; every scale has at least one.
    var next = 0
    for scale in c.scales {
      var page = 0
      while next < c.sheets.count, c.sheets[next].scale == scale {
        guard c.sheets[next].page == page else {
          throw PackWriteError("sheet \(next) is page \(c.sheets[next].page) of \(scale)x, expected page \(page)")
        }
        page += 1
        next += 1
      }
      if page == 0 && !c.images.isEmpty { throw PackWriteError("no sheet for scale \(scale)") }
    }
    guard next == c.sheets.count else {
      throw PackWriteError("sheet \(next) is not ordered by scale, then page")
    }
    try fits16(c.sheets.count, "sheet count")
    for sheet in c.sheets {
      guard sheet.sha256.count == 32 else { throw PackWriteError("sheet \(sheet.fileName): SHA-256 must be 32 bytes") }
    }
    for (i, image) in c.images.enumerated() {
      guard image.placements.count == c.scales.count else {
        throw PackWriteError("image \(i) has \(image.placements.count) placements for \(c.scales.count) scales")
      }
      for (k, p) in image.placements.enumerated() {
        guard p.sheet >= 0, p.sheet < c.sheets.count, c.sheets[p.sheet].scale == c.scales[k] else {
          throw PackWriteError("image \(i) at \(c.scales[k])x names sheet \(p.sheet), not a sheet of that scale")
        }
        for v in [p.x, p.y, p.width, p.height] { try fits16(v, "image \(i) rectangle value") }
        for v in [p.left, p.top] where !(Int(Int16.min)...Int(Int16.max)).contains(v) {
          throw PackWriteError("image \(i) offset \(v) does not fit 16 bits")
        }
      }
    }
    for (i, a) in c.animations.enumerated() {
      guard !a.frames.isEmpty, a.frames.count <= 0xFFFF, (0..<a.frames.count).contains(a.still) else {
        throw PackWriteError("animation \(i) has \(a.frames.count) frames and still frame \(a.still)")
      }
      try fits16(a.loopCount, "animation \(i) loop count")
      for f in a.frames where f.duration < 1 || !(0..<c.images.count).contains(f.image) {
        throw PackWriteError("animation \(i) has a frame of \(f.duration) ms showing image \(f.image)")
      }
      guard a.duration <= Int(UInt32.max) else { throw PackWriteError("animation \(i) lasts over 2^32 ms") }
    }
    for (i, e) in c.entries.enumerated() {
      try fits16(e.tags.count + e.codes.count, "entry \(i) key count")
      for k in e.codes where k.isEmpty || k.hasPrefix("[") {
        throw PackWriteError("entry \(i) has code '\(k)': codes are not empty and do not start with '['")
      }
      if let a = e.animation, !(0..<c.animations.count).contains(a) {
        throw PackWriteError("entry \(i) names animation \(a) of \(c.animations.count)")
      }
      if let image = e.image {
        guard image >= 0, image < c.images.count else {
          throw PackWriteError("entry \(i) names image \(image) of \(c.images.count)")
        }
      } else if e.kind == .image {
        throw PackWriteError("entry \(i) is an image without an image")
      }
    }
  }
}

struct StringRef {
  var offset: UInt32
  var length: UInt32
}

/// Deduplicated UTF-8 strings in first-use order.
///
/// Keyed by bytes: Swift's `String` equality is canonical equivalence, which would hand a decomposed string the
/// bytes of a precomposed one added before it.
struct StringTable {
  private var index: [[UInt8]: StringRef] = [:]
  private(set) var bytes: [UInt8] = []

  mutating func add(_ s: String) -> StringRef {
    let utf8 = Array(s.utf8)
    if let ref = index[utf8] { return ref }
    let ref = StringRef(offset: UInt32(bytes.count), length: UInt32(utf8.count))
    bytes += utf8
    index[utf8] = ref
    return ref
  }
}

/// One fixed-size record, zero-filled, its fields set at the offsets `PackLayout` names.
///
/// The reader reads them through the same names.
struct Record {
  private(set) var bytes: [UInt8]

  init(_ size: Int) { bytes = [UInt8](repeating: 0, count: size) }

  mutating func u8(_ at: Int, _ v: UInt8) { bytes[at] = v }
  mutating func u16(_ at: Int, _ v: UInt16) {
    bytes[at] = UInt8(v & 0xFF)
    bytes[at + 1] = UInt8(v >> 8)
  }
  mutating func u32(_ at: Int, _ v: UInt32) {
    for k in 0..<4 { bytes[at + k] = UInt8(truncatingIfNeeded: v >> UInt32(8 * k)) }
  }
  mutating func ref(_ at: Int, _ r: StringRef) {
    u32(at, r.offset)
    u32(at + 4, r.length)
  }
  mutating func bytes(_ at: Int, _ b: [UInt8]) { bytes.replaceSubrange(at..<(at + b.count), with: b) }
}

/// Little-endian byte building.
struct ByteBuffer {
  var storage: [UInt8] = []
  var count: Int { storage.count }

  mutating func u8(_ v: UInt8) { storage.append(v) }
  mutating func u16(_ v: UInt16) {
    storage.append(UInt8(v & 0xFF))
    storage.append(UInt8(v >> 8))
  }
  mutating func u32(_ v: UInt32) {
    for s in stride(from: 0, to: 32, by: 8) { storage.append(UInt8(truncatingIfNeeded: v >> UInt32(s))) }
  }
  mutating func bytes(_ b: [UInt8]) { storage += b }
  mutating func zeros(_ n: Int) { storage += [UInt8](repeating: 0, count: max(0, n)) }
}

/// The keyword sections of a pack being written: LOCS, KWRD (sorted by folded key), KENT (grouped by entry),
/// KGRM and KPST (each gram's keywords).
struct KeywordTable {
  struct Row {
    var folded: [UInt8]
    var foldedRef: StringRef
    var writtenRef: StringRef
    var written: [UInt8]
    var entry: Int
    var locale: UInt16
    var source: PackKeyword.Source
  }

  var locales: [String] = []
  var localeRefs: [StringRef] = []
  var rows: [Row] = []
  /// KENT rows of each entry (indices into `entryRows`).
  var rowsOfEntry: [Range<Int>] = []
  var entryRows: [Int] = []
  var grams: [(key: UInt32, postings: [Int])] = []

  init(_ contents: PackContents, strings: inout StringTable) {
    struct Identity: Hashable {
      var folded: String
      var written: String
      var entry: Int
      var locale: String?
      var source: PackKeyword.Source
    }
    var seen = Set<Identity>()
    var pending: [(folded: String, written: String, entry: Int, locale: String?, source: PackKeyword.Source)] = []
    for (index, entry) in contents.entries.enumerated() {
      // Keys are searched by their compared text (a tag without brackets, a shortcode without colons) and shown as
      // typed; keywords by their folded text.
      var all = entry.keys.map {
        (fold: $0.searchText, written: $0.text, locale: String?.none, source: PackKeyword.Source.key)
      }
      all += entry.keywords.map {
        (fold: KeywordFold.fold($0.text), written: $0.text, locale: $0.locale, source: $0.source)
      }
      var keyFolds = Set<String>()
      for k in all {
        let folded = k.fold
        guard !folded.isEmpty else { continue }
        // A keyword that says what one of the entry's keys says adds nothing: the key is searched already.
        if k.source == .key { keyFolds.insert(folded) } else if keyFolds.contains(folded) { continue }
        guard
          seen.insert(Identity(folded: folded, written: k.written, entry: index, locale: k.locale, source: k.source))
            .inserted
        else { continue }
        pending.append((folded, k.written, index, k.locale, k.source))
      }
    }
    // LOCS: the locales of the keywords kept, sorted.
    locales = Set(pending.compactMap(\.locale)).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    localeRefs = locales.map { strings.add($0) }
    let localeIndex = Dictionary(uniqueKeysWithValues: locales.enumerated().map { ($0.element, UInt16($0.offset)) })
    var prepared = pending.map { p in
      Row(
        folded: Array(p.folded.utf8), foldedRef: StringRef(offset: 0, length: 0),
        writtenRef: StringRef(offset: 0, length: 0),
        written: Array(p.written.utf8), entry: p.entry,
        locale: p.locale.flatMap { localeIndex[$0] } ?? PackLayout.none16,
        source: p.source)
    }
    prepared.sort { a, b in
      if a.folded != b.folded { return a.folded.lexicographicallyPrecedes(b.folded) }
      if a.entry != b.entry { return a.entry < b.entry }
      if a.source != b.source { return a.source.rawValue < b.source.rawValue }
      if a.locale != b.locale { return a.locale < b.locale }
      return a.written.lexicographicallyPrecedes(b.written)
    }
    for i in prepared.indices {
      let written = strings.add(String(decoding: prepared[i].written, as: UTF8.self))
      prepared[i].writtenRef = written
      // A key's folded text is often its own text inside the key (`哈哈` in `[哈哈]`): referenced there.
      let w = prepared[i].written
      let f = prepared[i].folded
      if let at = [0, 1].first(where: { $0 + f.count <= w.count && Array(w[$0..<($0 + f.count)]) == f }) {
        prepared[i].foldedRef = StringRef(offset: written.offset + UInt32(at), length: UInt32(f.count))
      } else {
        prepared[i].foldedRef = strings.add(String(decoding: f, as: UTF8.self))
      }
    }
    rows = prepared
    var byEntry = [[Int]](repeating: [], count: contents.entries.count)
    for (i, r) in rows.enumerated() { byEntry[r.entry].append(i) }
    for list in byEntry {
      rowsOfEntry.append(entryRows.count..<(entryRows.count + list.count))
      entryRows += list
    }
    // Grams: each pair of adjacent folded scalars from the second scalar on, the last paired with 0 (a match at
    // the start is a prefix, found by KWRD's order). Keyed `first << 11 | hash of second`: a query of one scalar
    // takes every gram it starts; a longer one its rarest pair, each candidate checked in full.
    var postings: [UInt32: [Int]] = [:]
    for (i, r) in rows.enumerated() {
      let scalars = String(decoding: r.folded, as: UTF8.self).unicodeScalars.map(\.value) + [0]
      var keys = Set<UInt32>()
      for k in 1..<max(1, scalars.count - 1) { keys.insert(PackLayout.gramKey(scalars[k], scalars[k + 1])) }
      for key in keys { postings[key, default: []].append(i) }
    }
    grams = postings.keys.sorted().map { key in (key, postings[key]!) }
  }

  func write(into sections: inout [PackLayout.Section: (bytes: ByteBuffer, count: Int)]) {
    var locs = ByteBuffer()
    for ref in localeRefs {
      var r = Record(PackLayout.localeSize)
      r.ref(0, ref)
      locs.bytes(r.bytes)
    }
    sections[.locales] = (locs, localeRefs.count)
    var kwrd = ByteBuffer()
    for row in rows {
      var r = Record(PackLayout.keywordSize)
      r.ref(PackLayout.Keyword.folded, row.foldedRef)
      r.ref(PackLayout.Keyword.written, row.writtenRef)
      r.u32(PackLayout.Keyword.entry, UInt32(row.entry))
      r.u16(PackLayout.Keyword.locale, row.locale)
      r.u8(PackLayout.Keyword.source, row.source.rawValue)
      kwrd.bytes(r.bytes)
    }
    sections[.keywords] = (kwrd, rows.count)
    var kent = ByteBuffer()
    for i in entryRows { kent.u32(UInt32(i)) }
    sections[.keywordRows] = (kent, entryRows.count)
    var kgrm = ByteBuffer()
    var kpst = ByteBuffer()
    var next = 0
    for g in grams {
      var r = Record(PackLayout.gramSize)
      r.u32(PackLayout.Gram.key, g.key)
      r.u32(PackLayout.Gram.postings, UInt32(next))
      kgrm.bytes(r.bytes)
      for p in g.postings { kpst.u32(UInt32(p)) }
      next += g.postings.count
    }
    sections[.grams] = (kgrm, grams.count)
    sections[.postings] = (kpst, next)
  }
}
