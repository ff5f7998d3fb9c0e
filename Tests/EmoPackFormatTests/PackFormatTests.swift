import EmoPNG
import EmoPackFormat
import Foundation
import TestSupport
import Testing

@Suite struct PackFormatTests {
  @Test func roundTripGivesBackEveryField() throws {
    let bytes = try PackWriter.write(Samples.tiny)
    let reader = try PackFileReader(bytes: bytes)
    #expect(try reader.contents() == Samples.tiny)
    try reader.verify()
  }

  @Test func writerIsDeterministic() throws {
    #expect(try PackWriter.write(Samples.tiny) == PackWriter.write(Samples.tiny))
    #expect(try PackWriter.write(Samples.large(500)) == PackWriter.write(Samples.large(500)))
  }

  /// Strings that are canonically equivalent but not the same bytes (`é`, `e` U+0301) are written as given:
  /// tags are matched by their bytes, so one must not be stored as the other.
  @Test func canonicallyEquivalentStringsKeepTheirBytes() throws {
    let (composed, decomposed) = ("[caf\u{E9}]", "[cafe\u{301}]")
    let keywords = ["cr\u{E8}me", "cre\u{300}me"]
    let entries = zip([composed, decomposed], keywords).map { tag, keyword in
      PackEntry(
        kind: .emoji, tags: [tag], emoji: nil, image: nil,
        keywords: [PackKeyword(text: keyword, locale: "fr", source: .manifest)])
    }
    let contents = PackContents(
      id: "nfc", version: "1", names: [], pointSize: 32, scales: [1], sheets: [], images: [], entries: entries)
    let reader = try PackFileReader(bytes: try PackWriter.write(contents))
    try reader.verify()
    let read = try reader.contents()
    for (i, tag) in [composed, decomposed].enumerated() {
      #expect(read.entries[i].tags.map { Array($0.utf8) } == [Array(tag.utf8)], "entry \(i)")
      #expect(read.entries[i].keywords.map { Array($0.text.utf8) } == [Array(keywords[i].utf8)], "entry \(i)")
      #expect(Array(tag.utf8).withUnsafeBytes { reader.entryIndex(forTagUTF8: $0) } == i)
    }
  }

  @Test func goldenBytes() throws {
    try Samples.assertGolden(try PackWriter.write(Samples.tiny), "tiny.pack")
  }

  /// A pack written by format 1.0's writer (kept as it was written) still opens, verifies and reads as the same
  /// entries with untrimmed images; its placements are 1.0's rectangles times each scale.
  @Test func formatOnePacksStillOpen() throws {
    let reader = try PackFileReader(bytes: try Samples.golden("tiny-v1.pack"))
    #expect(reader.formatMajor == 1 && !reader.trimmed)
    try reader.verify()
    #expect(try reader.contents() == Samples.tinyV1)
    #expect(try reader.imageIndex(ofEntry: 1) == 1 && reader.imageIndex(ofEntry: 2) == nil)
    #expect(
      try reader.placement(ofImage: 1, scaleIndex: 1) == SpritePlacement(sheet: 1, x: 22, y: 2, width: 16, height: 16))
    #expect(reader.entryIndex(forTag: "[愛你]") == 1 && reader.entryIndex(forEmoji: "❤") == 2)
    #expect(reader.entryHasImage(at: 0) && !reader.entryHasImage(at: 2))
  }

  /// Animations round trip with their frames, durations (stored as end times), loop count and still.
  @Test func animationsRoundTrip() throws {
    let reader = try PackFileReader(bytes: try PackWriter.write(Samples.tiny))
    #expect(reader.animationCount == 1 && reader.formatMinor == 2)
    #expect(try reader.animationIndex(ofEntry: 0) == 0 && reader.animationIndex(ofEntry: 1) == nil)
    #expect(try reader.animation(at: 0) == Samples.tiny.animations[0])
    #expect(try reader.frameRecord(at: 1).endTime == 150 && reader.animationRecord(at: 0).duration == 150)
    // The writer refuses what the format cannot hold.
    var bad = Samples.tiny
    bad.animations[0].still = 2
    #expect(throws: PackWriteError.self) { try PackWriter.write(bad) }
    bad = Samples.tiny
    bad.animations[0].frames[0].duration = 0
    #expect(throws: PackWriteError.self) { try PackWriter.write(bad) }
  }

  /// Placements keep their trim offsets, including negative ones the format allows.
  @Test func placementsRoundTrip() throws {
    var contents = Samples.tiny
    contents.images[0].placements[1].left = -3
    let reader = try PackFileReader(bytes: try PackWriter.write(contents))
    #expect(try reader.image(at: 0) == contents.images[0])
    #expect(reader.trimmed && reader.imageCount == 2)
    // Verify refuses a sprite that, placed at its offset, leaves its square.
    #expect(throws: PackError.self) { try reader.verify() }
  }

  @Test func lookupsByTagAndEmoji() throws {
    let reader = try PackFileReader(bytes: try PackWriter.write(Samples.tiny))
    #expect(reader.entryIndex(forTag: "[哈哈]") == 0)
    #expect(reader.entryIndex(forTag: "[haha]") == 0)
    #expect(reader.entryIndex(forTag: "[愛你]") == 1)
    #expect(reader.entryIndex(forTag: "[不在]") == nil)
    #expect(reader.entryIndex(forTag: "") == nil)
    #expect(reader.entryIndex(forEmoji: "😄") == 0)
    // Variation selectors are ignored: text and emoji presentation both match.
    #expect(reader.entryIndex(forEmoji: "❤") == 2)
    #expect(reader.entryIndex(forEmoji: "❤️") == 2)
    #expect(reader.entryIndex(forEmoji: "💔") == nil)
  }

  @Test func rawTagAndEmojiBytes() throws {
    let reader = try PackFileReader(bytes: try PackWriter.write(Samples.tiny))
    let tags = (0..<reader.tagCount).compactMap { reader.withTag(at: $0) { String(decoding: $0, as: UTF8.self) } }
    #expect(tags == ["[哈哈]", "[haha]", ":laugh:", "[爱你]", "[愛你]"])
    #expect(reader.withTag(at: -1) { _ in 0 } == nil && reader.withTag(at: reader.tagCount) { _ in 0 } == nil)
    let emoji = (0..<3).map { reader.withEmoji(ofEntry: $0) { String(decoding: $0, as: UTF8.self) } }
    #expect(emoji == ["😄", nil, "❤️"])
    #expect(reader.withEmoji(ofEntry: 3) { _ in 0 } == nil && reader.withEmoji(ofEntry: -1) { _ in 0 } == nil)
  }

  @Test func stringsAreDeduplicated() throws {
    var contents = Samples.tiny
    contents.entries[1].tags = ["[哈哈]x", "[haha]"]  // "[haha]" already stored
    let once = try #require(Self.sectionRows(try PackWriter.write(Samples.tiny))["STRS"]).length
    let again = try #require(Self.sectionRows(try PackWriter.write(contents))["STRS"]).length
    // Only "[哈哈]x" is new (9 bytes; its folded "哈哈x" is inside it) minus the two tags it replaced.
    #expect(again - once <= 8)
  }

  /// Each section's table row offset and length, by id.
  static func sectionRows(_ bytes: [UInt8]) -> [String: (row: Int, length: Int)] {
    func le32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
    var out: [String: (row: Int, length: Int)] = [:]
    for i in 0..<le32(24) {
      let row = 64 + 16 * i
      out[String(decoding: bytes[row..<(row + 4)], as: UTF8.self)] = (row, le32(row + 8))
    }
    return out
  }

  /// Format 2.0: ENTR 40 + TAGS 16 + two TIDX slots 8 + one IMGS row of 16 per scale = 80 bytes at one scale;
  /// 2.2's search index (a KWRD row of 24 and a KENT row of 4 per key, its grams and postings, its folded text
  /// when it differs from the key's) is measured apart.
  @Test func bytesPerEntryStayUnder96() throws {
    let smallPack = try PackWriter.write(Samples.large(1000))
    let bigPack = try PackWriter.write(Samples.large(2000))
    let search = ["LOCS", "KWRD", "KENT", "KGRM", "KPST"]
    func index(_ b: [UInt8]) -> Int {
      Self.sectionRows(b).filter { search.contains($0.key) }.reduce(0) { $0 + $1.value.length }
    }
    let tagBytes = (1000..<2000).reduce(0) { $0 + "[e\($1)]".utf8.count }
    let emojiBytes = (1000..<2000).filter { $0 % 10 == 0 }.reduce(0) {
      $0 + (String(UnicodeScalar(0x1F300 + $1 % 700)!) + "\($1)").utf8.count
    }
    let indexBytes = Double(index(bigPack) - index(smallPack)) / 1000
    let overhead = Double(bigPack.count - smallPack.count - tagBytes - emojiBytes) / 1000 - indexBytes
    #expect(overhead <= 88, "overhead \(overhead) bytes per entry")
    #expect(indexBytes <= 56, "search index \(indexBytes) bytes per key")
  }

  @Test func crcMatchesZlib() {
    var g = UInt64(1)
    let bytes = (0..<10_001).map { _ -> UInt8 in
      g = g &* 6_364_136_223_846_793_005 &+ 1
      return UInt8(truncatingIfNeeded: g >> 33)
    }
    #expect(CRC32.checksum(bytes) == Zlib.crc32(bytes))
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
  }

  @Test func sha256KnownAnswers() {
    #expect(hexString(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      hexString(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    let million = [UInt8](repeating: 0x61, count: 1_000_000)
    #expect(hexString(SHA256.hash(million)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func mappedFileReadsLikeBytes() throws {
    let bytes = try PackWriter.write(Samples.tiny)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("emopack-map-\(UUID()).pack").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader = try PackFileReader(contentsOf: path)
    #expect(try reader.contents() == Samples.tiny)
  }

  @Test func missingFileIsAnIOError() {
    let error = #expect(throws: PackError.self) { try PackFileReader(contentsOf: "/nonexistent/x.pack") }
    #expect(error?.kind == .io)
    #expect(error?.message == "cannot open '/nonexistent/x.pack': No such file or directory")
  }

  @Test func folderIsNamedAsOne() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emopack-dir-\(UUID()).pack").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let error = #expect(throws: PackError.self) { try PackFileReader(contentsOf: folder) }
    #expect(error?.kind == .io)
    #expect(error?.message == "'\(folder)' is a folder")
    // No offset in the file applies to an I/O error.
    #expect(error?.messageWithOffset == "'\(folder)' is a folder")
  }
}

@Suite struct PackCorruptionTests {
  /// Every truncation is refused at open: the header records the file size.
  @Test func everyTruncationIsRejected() throws {
    let bytes = try PackWriter.write(Samples.tiny)
    for length in 0..<bytes.count {
      #expect(throws: PackError.self, "length \(length)") { try PackFileReader(bytes: Array(bytes[0..<length])) }
    }
  }

  /// Flips every `step`th byte from `start` to `end` three ways, in this version's packs and in 1.0's.
  ///
  /// A flipped pack either still reads (and then verify notices it) or is refused; nothing crashes.
  static func byteFlipsAreCaught(formatOne: Bool, start: Int = 0, step: Int = 1, end: Int = .max) throws {
    let bytes = formatOne ? try Samples.golden("tiny-v1.pack") : try PackWriter.write(Samples.tiny)
    // Bytes 10-11 hold the minor version, which readers accept whatever its value.
    for i in stride(from: start, to: min(end, bytes.count), by: step) where !(10...11).contains(i) {
      for mask: UInt8 in [0x01, 0x80, 0xFF] {
        var copy = bytes
        copy[i] ^= mask
        do {
          let reader = try PackFileReader(bytes: copy)
          _ = try? reader.contents()
          _ = try? reader.image(at: 0)
          _ = reader.entryIndex(forTag: "[哈哈]")
          _ = reader.entryIndex(forEmoji: "😄")
          // The search sections (2.2): prefix ranges, grams, postings and rows read bounds-checked.
          _ = Array("ha".utf8).withUnsafeBytes { reader.keywordRange(withPrefix: $0) }
          for run in reader.gramPostingRuns(first: 0x61) { for k in run { _ = reader.posting(at: k) } }
          let pairs = [reader.gramPostings(first: 0x61, second: 0x68), reader.gramPostings(first: 0x68, second: 0x61)]
          var cursors = pairs.map(\.lowerBound)
          while reader.nextCommonPosting(pairs, cursors: &cursors) != nil {}
          for k in 0..<reader.keywordCount { _ = try? reader.keyword(at: k) }
          for e in 0..<reader.entryCount { _ = try? reader.keywordRows(ofEntry: e) }
          #expect(throws: PackError.self, "flip \(mask) at \(i) passed verify") { try reader.verify() }
        } catch {
          #expect(error.offset >= 0 && error.offset <= copy.count)
        }
      }
    }
  }

  /// The header's bytes and every fifth byte after them, each flipped three ways (`PackFormatStressTests` flips
  /// every byte).
  @Test(arguments: [false, true]) func sampledByteFlipsAreCaught(formatOne: Bool) throws {
    try Self.byteFlipsAreCaught(formatOne: formatOne, start: 0, step: 1, end: 64)
    try Self.byteFlipsAreCaught(formatOne: formatOne, start: 64, step: 5)
  }

  /// A string that is not UTF-8 (a bad byte, overlong, a surrogate, cut short, a lone continuation) is refused as
  /// `badString`; the same bytes made valid read back as written.
  @Test func stringsThatAreNotUTF8AreRefused() throws {
    let bytes = try PackWriter.write(Samples.tiny)
    let at = try #require(
      (0...(bytes.count - 5)).first { bytes[$0..<($0 + 5)].elementsEqual("happy".utf8) })
    let bad: [[UInt8]] = [
      [0x68, 0xFF, 0x70, 0x70, 0x79], [0x68, 0xC0, 0x80, 0x70, 0x79], [0x68, 0x61, 0xED, 0xA0, 0x80],
      [0x68, 0x61, 0x70, 0xE6, 0x97], [0x80, 0x61, 0x70, 0x70, 0x79],
      // Cut short where the repair (one U+FFFD, EF BF BD) has as many bytes: only the bytes tell.
      [0x68, 0xF0, 0x9F, 0x98, 0x79],
    ]
    for replacement in bad {
      var copy = bytes
      copy.replaceSubrange(at..<(at + 5), with: replacement)
      let reader = try PackFileReader(bytes: copy)
      let error = #expect(throws: PackError.self, "\(replacement)") { try reader.contents() }
      #expect(error?.kind == .badString, "\(replacement)")
    }
    var copy = bytes
    copy.replaceSubrange(at..<(at + 5), with: Array("hÉpy".utf8))
    let keywords = try PackFileReader(bytes: copy).contents().entries[0].keywords.map(\.text)
    #expect(keywords.contains("hÉpy"))
  }

  @Test func keywordTextIsTheRowsWrittenText() throws {
    let reader = try PackFileReader(bytes: try PackWriter.write(Samples.tiny))
    #expect(reader.keywordCount > 3)
    for row in 0..<reader.keywordCount { #expect(reader.keywordText(at: row) == (try reader.keyword(at: row).text)) }
    #expect(reader.keywordText(at: -1) == nil)
    #expect(reader.keywordText(at: reader.keywordCount) == nil)
  }

  @Test func badMagic() throws {
    var bytes = try PackWriter.write(Samples.tiny)
    bytes[0] = UInt8(ascii: "X")
    #expect(throws: PackError(.badMagic, at: 0, "not an emopack file: the first 8 bytes must be 'EMOPACK\\0'")) {
      try PackFileReader(bytes: bytes)
    }
  }

  @Test func futureMajorVersionIsRefused() throws {
    var bytes = try PackWriter.write(Samples.tiny)
    bytes[8] = 3
    #expect(
      throws: PackError(
        .unsupportedVersion, at: 8, "format version 3 is not supported (this reader reads versions 1 to 2)")
    ) {
      try PackFileReader(bytes: bytes)
    }
  }

  /// A point size no build writes (0, or over 1024: a square of up to 65,535 × 4 pixels a side, gigabytes to
  /// draw) is refused by the reader at its offset, and by the writer.
  @Test(arguments: [0, 1025, 0xFFFF]) func pointSizeOutsideItsRangeIsRefused(size: Int) throws {
    var bytes = try PackWriter.write(Samples.tiny)
    let row = try #require(PackFormatTests.sectionRows(bytes)["META"]).row
    let meta = (0..<4).reduce(0) { $0 | Int(bytes[row + 4 + $1]) << (8 * $1) }
    let at = meta + PackLayout.Meta.pointSize
    (bytes[at], bytes[at + 1]) = (UInt8(size & 0xFF), UInt8(size >> 8))
    #expect(throws: PackError(.badHeader, at: at, "point size \(size) is not in 1...1024")) {
      try PackFileReader(bytes: bytes)
    }
    var contents = Samples.tiny
    contents.pointSize = size
    #expect(throws: PackWriteError("point size \(size) is not in 1...1024")) { try PackWriter.write(contents) }
    contents.pointSize = 1024
    #expect(try PackFileReader(bytes: try PackWriter.write(contents)).pointSize == 1024)
  }

  @Test func hugeCountIsRefusedWithoutAllocating() throws {
    var bytes = try PackWriter.write(Samples.tiny)
    // The ENTR row is the fifth in the section table; set its count to 2^32 - 1.
    let row = 64 + 4 * 16
    for k in 0..<4 { bytes[row + 12 + k] = 0xFF }
    let error = #expect(throws: PackError.self) { try PackFileReader(bytes: bytes) }
    #expect(error?.kind == .badHeader)
    #expect(error?.offset == row + 12)
  }

  @Test func indexPointingPastTheEndIsRefused() throws {
    var bytes = try PackWriter.write(Samples.tiny)
    let row = try #require(PackFormatTests.sectionRows(bytes)["STRS"]).row
    let offset = UInt32(bytes.count - 2)
    for k in 0..<4 { bytes[row + 4 + k] = UInt8(truncatingIfNeeded: offset >> UInt32(8 * k)) }
    let error = #expect(throws: PackError.self) { try PackFileReader(bytes: bytes) }
    #expect(error?.kind == .outOfBounds)
    #expect(error?.offset == row + 4)
  }

  @Test func checksumMismatchNamesBothValues() throws {
    var bytes = try PackWriter.write(Samples.tiny)
    bytes[bytes.count - 1] ^= 1
    let reader = try PackFileReader(bytes: bytes)
    let error = #expect(throws: PackError.self) { try reader.verify() }
    #expect(error?.kind == .badChecksum)
    #expect(error?.message.hasPrefix("payload CRC-32 is 0x") == true)
  }
}

/// Every byte of both format versions flipped.
@Suite(.tags(.stress), .stressOnly) struct PackFormatStressTests {
  @Test(arguments: [false, true]) func everyByteFlipIsCaught(formatOne: Bool) throws {
    try PackCorruptionTests.byteFlipsAreCaught(formatOne: formatOne)
  }
}
