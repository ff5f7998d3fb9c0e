import EmoPNG
import EmoPack
import EmoPackCompiler
import EmoPackFormat
import Foundation
import TestSupport
import Testing

/// Named hostile inputs across manifests, PNGs, packs and text, each with its exact outcome.
@Suite struct HostileInputTests {
  static func hostile(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: Support.fixtures.appendingPathComponent("hostile/\(name)")))
  }

  /// A one-entry pack whose image is `bytes`; returns the validation messages.
  static func validateImage(_ bytes: [UInt8], name: String = "x.png") throws -> [String] {
    let dir = Support.tempDir("hostile")
    try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name))
    try #"{"id": "h", "size": 16, "scales": [1], "emoticons": [{"image": "\#(name)", "tags": ["[h]"]}]}"#
      .write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    let (packs, d0) = ManifestLoader.load(dir)
    let (_, d1) = Validator().validate(packs)
    return (d0.items + d1.items).map(\.message)
  }

  static func manifestMessages(_ json: String, name: String = "pack.json") -> [String] {
    let (packs, d0) = ManifestLoader.read(bytes: Array(json.utf8), name: name, folder: "/nonexistent-hostile")
    let (_, d1) = Validator(decodeImages: false).validate(packs)
    return (d0.items + d1.items).map(\.message)
  }

  // MARK: PNGs

  @Test func pngThatIsReallyAJPEG() throws {
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8) + [UInt8](repeating: 0, count: 100)
    #expect(try Self.validateImage(jpeg) == ["image 'x.png' is not a PNG or WebP file (Not a PNG file)"])
  }

  @Test func idatWithAWrongCRC() throws {
    let png = try Self.hostile("xcsn0g01.png")  // from PngSuite (licence beside it)
    #expect(try Self.validateImage(png) == ["image 'x.png' is a corrupt PNG: IDAT: CRC error"])
  }

  @Test func zeroByteImage() throws {
    #expect(try Self.validateImage([]) == ["image 'x.png' is not a PNG or WebP file (empty data: not a PNG file)"])
  }

  @Test func zeroByZeroImage() throws {
    #expect(
      try Self.validateImage(Self.hostile("zero-by-zero.png")) == ["image 'x.png' is a corrupt PNG: Invalid IHDR data"])
  }

  @Test func oneByFortyImageIsFittedWithWarnings() throws {
    let messages = try Self.validateImage(Self.hostile("one-by-forty.png"))
    #expect(
      messages == [
        "image 'x.png' is 1x40, smaller than 16x16 (size 16 × scale 1): it will be upscaled and look blurry",
        "image 'x.png' is 1x40, not square: it will be fitted inside the square, centred, with transparent margins",
      ])
    let decoded = try PNGDecoder.decode(Self.hostile("one-by-forty.png")).image
    let fitted = Resampler().fit(decoded, side: 16)
    // 1 × 40 scaled to height 16 is 0.4 px wide: one column, centred at x = 7.
    #expect(fitted.width == 16 && fitted[0, 8].a == 0 && fitted[7, 8].a > 0 && fitted[8, 8].a == 0)
  }

  @Test func paletteWithTRNSLongerThanThePalette() throws {
    // libpng truncates the tRNS to the palette with a warning; the image decodes.
    let decoded = try PNGDecoder.decode(Self.hostile("trns-longer-than-palette.png"))
    #expect(
      decoded.image[0, 0] == (255, 0, 0, 255) && decoded.image[1, 0] == (0, 255, 0, 255), "\(decoded.image[0, 0])")
    #expect(decoded.warnings == ["tRNS: invalid"], "\(decoded.warnings)")
  }

  @Test func sixteenBitGrayAlphaDecodes() throws {
    let png = try Self.hostile("basn4a16.png")
    let decoded = try PNGDecoder.decode(png)
    #expect(decoded.header.bitDepth == 16 && decoded.header.colorType == .grayAlpha && decoded.image.width == 32)
  }

  @Test func decompressionBombIsRefusedBeforeDecoding() throws {
    var chunk: [UInt8] = Array("IHDR".utf8) + [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 6, 0, 0, 0]
    let crc = Zlib.crc32(chunk)
    chunk += [UInt8(crc >> 24), UInt8((crc >> 16) & 255), UInt8((crc >> 8) & 255), UInt8(crc & 255)]
    let png: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13] + chunk
    #expect(
      try Self.validateImage(png) == ["image 'x.png' is too large: image is 100000x100000, over the limit of 4096x4096"]
    )
  }

  // MARK: Manifests

  @Test func tagOfOneMegabyte() {
    let tag = "[" + String(repeating: "哈", count: 349_525) + "]"
    let messages = Self.manifestMessages(#"{"id": "t", "emoticons": [{"emoji": "1F600", "tags": ["\#(tag)"]}]}"#)
    #expect(messages == ["tag is \(tag.utf8.count) bytes, over the limit of 256"])
  }

  @Test func tagWithANulByte() {
    let messages = Self.manifestMessages(#"{"id": "t", "emoticons": [{"emoji": "1F600", "tags": ["[a\u0000b]"]}]}"#)
    #expect(messages == ["tag '[a\\0b]' contains a control character"])
  }

  @Test func loneSurrogateEscapedInJSON() {
    #expect(
      Self.manifestMessages(#"{"id": "t", "emoticons": [{"tags": ["[\udc00]"]}]}"#) == [
        "lone surrogate \\uDC00 in a string"
      ])
  }

  @Test func emojiCodeBeyondUnicode() {
    let messages = Self.manifestMessages(
      #"{"id": "w", "emoticons": [{"code": "0x110000", "type": "1"}]}"#, name: "info.json")
    #expect(messages == ["emoji '0x110000': 0x110000 is beyond U+10FFFF"])
  }

  @Test func binaryPlistWithASetDoesNotCrash() throws {
    let (packs, d) = ManifestLoader.read(
      bytes: try Self.hostile("bplist-with-set.plist"), name: "info.plist", folder: "/x")
    #expect(packs.isEmpty)
    #expect(d.items.map(\.message) == ["binary property list, offset 54: ASCII string has a non-ASCII byte"])
  }

  @Test func binaryPlistThatContainsItself() throws {
    let (_, d) = ManifestLoader.read(bytes: try Self.hostile("bplist-cycle.plist"), name: "pack.plist", folder: "/x")
    #expect(d.items.map(\.message) == ["binary property list, offset 10: object 0 contains itself"])
  }

  @Test func binaryPlistNestedTooDeep() throws {
    let (_, d) = ManifestLoader.read(bytes: try Self.hostile("bplist-deep.plist"), name: "pack.plist", folder: "/x")
    #expect(d.items.first?.message.hasSuffix("nesting deeper than 64 levels") == true)
  }

  @Test func xmlPlistWithAnUnknownEntity() {
    let xml =
      "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict><key>id</key><string>a&bogus;</string></dict>\n</plist>"
    let (_, d) = ManifestLoader.read(bytes: Array(xml.utf8), name: "pack.plist", folder: "/x")
    #expect(d.items.map(\.description) == ["/x/pack.plist:3:29: error: unknown entity '&bogus;'"])
  }

  @Test func xmlPlistTruncated() {
    let xml = "<plist version=\"1.0\">\n<dict><key>id</key><string>abc"
    let (_, d) = ManifestLoader.read(bytes: Array(xml.utf8), name: "pack.plist", folder: "/x")
    #expect(d.items.map(\.message) == ["unexpected end of file, expected an element"])
  }

  @Test func manifestOverTheSizeLimit() {
    let big = [UInt8](repeating: 0x20, count: (16 << 20) + 1)
    let (_, d) = ManifestLoader.read(bytes: big, name: "pack.json", folder: "/x")
    #expect(d.items.map(\.message) == ["manifest is 16777217 bytes, over the limit of 16777216"])
  }

  @Test func imagePathWithNulAndOverlongNames() throws {
    let long = String(repeating: "a", count: 300) + ".png"
    let messages = Self.manifestMessages(
      #"{"id": "p", "emoticons": [{"image": "a\u0000.png", "tags": ["[a]"]}, {"image": "\#(long)", "tags": ["[b]"]}]}"#)
    #expect(messages.prefix(2) == ["image name contains a NUL byte", "image name is too long"])
  }

  @Test func packIDThatWouldEscapeTheOutputFolder() {
    #expect(
      Self.manifestMessages(#"{"id": "../evil", "emoticons": [{"emoji": "1F600"}]}"#) == [
        "pack id '../evil' must be 1-128 ASCII letters, digits, '.', '_' or '-' (it names the output files)"
      ])
  }

  @Test func bundlePackageIDWithASlash() throws {
    let dir = Support.tempDir("bundle")
    try
      #"<plist><dict><key>packages</key><array><dict><key>id</key><string>../../etc</string></dict></array></dict></plist>"#
      .write(toFile: dir + "/emoticons.plist", atomically: true, encoding: .utf8)
    #expect(
      ManifestLoader.load(dir).diagnostics.items.map(\.message) == ["package id '../../etc' is not a folder name"])
  }

  // MARK: Packs

  static func tinyPack() throws -> [UInt8] {
    try PackWriter.write(
      PackContents(
        id: "t", version: "1", names: [], pointSize: 8, scales: [1],
        sheets: [
          SheetRecord(
            fileName: "t.png", scale: 1, page: 0, width: 10, height: 10, byteSize: 1,
            sha256: [UInt8](repeating: 0, count: 32))
        ],
        images: [PackImage(placements: [SpritePlacement(sheet: 0, x: 1, y: 1, width: 8, height: 8)])],
        entries: [PackEntry(kind: .image, tags: ["[a]"], emoji: nil, image: 0)]))
  }

  /// A FIFO where an image, a manifest or a pack should be: refused at once, not waited on for a writer (the
  /// build and `inspect` hung on one).
  @Test func fifosAreRefusedWithoutWaiting() throws {
    let dir = Support.tempDir("fifo")
    #expect(mkfifo(dir + "/x.png", 0o644) == 0)
    try #"{"id": "h", "size": 16, "scales": [1], "emoticons": [{"image": "x.png", "tags": ["[h]"]}]}"#
      .write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    let (packs, d0) = ManifestLoader.load(dir)
    let (_, d1) = Validator().validate(packs)
    #expect((d0.items + d1.items).map(\.message) == ["image 'x.png' cannot be read: not a regular file"])
    let manifest = Support.tempDir("fifo-manifest")
    #expect(mkfifo(manifest + "/pack.json", 0o644) == 0)
    #expect(ManifestLoader.load(manifest).1.items.map(\.message) == ["cannot read the file: not a regular file"])
    #expect(mkfifo(dir + "/p.pack", 0o644) == 0)
    let error = #expect(throws: PackError.self) { try PackFileReader(contentsOf: dir + "/p.pack") }
    #expect(error?.kind == .io && error?.message == "'\(dir)/p.pack' is not a regular file")
    #expect(throws: FileSystemError(path: dir, operation: "read", reason: "a folder")) { try FileSystem.read(dir) }
    // A sheet beside a pack: a FIFO or a folder is named as what it is, a missing one as missing.
    let record = SheetRecord(fileName: "x.png", scale: 1, page: 0, width: 1, height: 1, byteSize: 1, sha256: [])
    #expect(throws: SheetProblem.unreadable(path: dir + "/x.png", reason: "not a regular file")) {
      try record.read(at: dir + "/x.png")
    }
    #expect(throws: SheetProblem.unreadable(path: dir, reason: "a folder")) { try record.read(at: dir) }
    #expect(throws: SheetProblem.missing(path: dir + "/none.png")) { try record.read(at: dir + "/none.png") }
    #expect(
      PackInspector.verifySheets([record], folder: dir).map(\.description) == [
        "\(dir)/x.png: error: sheet cannot be read: not a regular file"
      ])
  }

  @Test func emptyPackFile() {
    #expect(throws: PackError(.truncated, at: 0, "file is 0 bytes, shorter than the 8-byte magic")) {
      try PackFileReader(bytes: [])
    }
  }

  @Test func packWithACountOf2To32Minus1() throws {
    var bytes = try Self.tinyPack()
    for k in 0..<4 { bytes[64 + 4 * 16 + 12 + k] = 0xFF }
    let error = #expect(throws: PackError.self) { try PackFileReader(bytes: bytes) }
    #expect(error?.message == "section ENTR holds 4294967295 records of 40 bytes but is 40 bytes long")
  }

  @Test func packWhoseTagIndexPointsPastTheEnd() throws {
    var bytes = try Self.tinyPack()
    // Every TIDX slot names tag 1000; lookups find nothing and verify() says why.
    let reader0 = try PackFileReader(bytes: bytes)
    _ = reader0
    let tidxRow = 64 + 6 * 16
    let offset = Int(bytes[tidxRow + 4]) | Int(bytes[tidxRow + 5]) << 8
    let slots = Int(bytes[tidxRow + 12])
    for s in 0..<slots { bytes[offset + s * 4] = 0xE8; bytes[offset + s * 4 + 1] = 0x03 }
    let payload = CRC32.checksum(Array(bytes[64...]))
    for k in 0..<4 { bytes[20 + k] = UInt8((payload >> UInt32(8 * k)) & 0xFF) }
    let reader = try PackFileReader(bytes: bytes)
    #expect(reader.entryIndex(forTag: "[a]") == nil)
    let error = #expect(throws: PackError.self) { try reader.verify() }
    #expect(error?.kind == .inconsistent)
  }

  @Test func packWithASheetNameThatEscapes() throws {
    var contents = try PackFileReader(bytes: try Self.tinyPack()).contents()
    contents.sheets[0].fileName = "../../x.png"
    let reader = try PackFileReader(bytes: try PackWriter.write(contents))
    let error = #expect(throws: PackError.self) { try reader.verify() }
    #expect(error?.message == "sheet file name '../../x.png' is not a plain file name")
  }

  @Test func packWithARectangleOutsideItsSheet() throws {
    var contents = try PackFileReader(bytes: try Self.tinyPack()).contents()
    contents.images[0].placements[0] = SpritePlacement(sheet: 0, x: 5, y: 5, width: 8, height: 8)
    let error = #expect(throws: PackError.self) { try PackFileReader(bytes: try PackWriter.write(contents)).verify() }
    #expect(error?.message == "image 0's sprite 5,5 8x8 at 1x lies outside t.png (10x10)")
  }

  @Test func packWithOverlappingSprites() throws {
    var contents = try PackFileReader(bytes: try Self.tinyPack()).contents()
    contents.sheets[0].width = 40
    contents.sheets[0].height = 40
    contents.images.append(PackImage(placements: [SpritePlacement(sheet: 0, x: 4, y: 4, width: 8, height: 8)]))
    contents.entries.append(PackEntry(kind: .image, tags: ["[b]"], emoji: nil, image: 1))
    let error = #expect(throws: PackError.self) { try PackFileReader(bytes: try PackWriter.write(contents)).verify() }
    #expect(error?.message == "sprite 4,4 8x8 overlaps sprite 1,1 8x8 on t.png")
  }

  @Test func packWithDuplicateTagsFailsVerify() throws {
    var contents = try PackFileReader(bytes: try Self.tinyPack()).contents()
    contents.entries.append(PackEntry(kind: .emoji, tags: ["[a]"], emoji: "😀", image: nil))
    let error = #expect(throws: PackError.self) { try PackFileReader(bytes: try PackWriter.write(contents)).verify() }
    #expect(error?.message.hasPrefix("tag '[a]' of entry 1 is not found at its entry") == true)
  }

  // MARK: Text

  @Test func hundredThousandOpenBrackets() throws {
    let tokenizer = Tokenizer(catalog: Catalog(packs: [try PackFileReader(bytes: try Self.tinyPack())]))
    let text = String(repeating: "[", count: 100_000) + "[a]"
    let tokens = tokenizer.tokenize(text)
    #expect(tokens.count == 2 && tokens[1].text == "[a]")
  }

  @Test func loneModifiersAndIndicators() throws {
    let tokenizer = Tokenizer(catalog: Catalog(packs: [try PackFileReader(bytes: try Self.tinyPack())]))
    for s in ["\u{200D}", "\u{FE0F}", "🇨", "\u{1F3FB}", "\u{20E3}", "\u{E0067}"] {
      let tokens = tokenizer.tokenize(s)
      #expect(tokens.count == 1 && tokens[0].kind == .text && tokens[0].text == s)
    }
  }
}

/// Manifests at the format's limits.
@Suite(.tags(.stress), .stressOnly) struct HostileInputStressTests {
  /// 100,000 entries against the format's 65,535 (`CLITests.limitFlagsApply` checks the same message at a
  /// lower limit).
  @Test func manifestWith100000Entries() {
    let entries = (0..<100_000).map { _ in #"{"emoji": "1F600"}"# }.joined(separator: ",")
    let messages = HostileInputTests.manifestMessages(#"{"id": "big", "emoticons": [\#(entries)]}"#)
    #expect(messages == ["pack has 100000 emoticons, over the limit of 65535"])
  }
}
