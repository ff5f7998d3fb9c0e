import EmoPackCompiler
import EmoPackFormat
import Foundation
import TestSupport
import Testing

@Suite struct ManifestTests {
  func load(_ path: String) -> ([PackManifest], [String]) {
    let (packs, d) = ManifestLoader.load(path)
    return (packs, d.items.map(\.description))
  }

  @Test func nativeJSONReadsEverything() throws {
    let (packs, diagnostics) = load(Support.fixture("packs/native"))
    #expect(diagnostics.isEmpty)
    let p = try #require(packs.first)
    #expect(p.format == .native)
    #expect(p.id == "native" && p.version == "1.2")
    #expect(p.settings["size"]?.value == .integer(16) && p.settings["scales"]?.value == .scales([1, 2]))
    #expect(p.names == [LocalizedName(locale: "en", name: "Test"), LocalizedName(locale: "zh-Hans", name: "测试")])
    #expect(p.entries.map { $0.tags.map(\.value) } == [["[微笑]", "[smile]"], ["[哈哈]"], ["[爱你]", "[愛你]"], [], []])
    #expect(p.entries.map { $0.image?.value } == ["smile.png", "laugh.png", "sub/love.png", nil, nil])
    #expect(p.entries.map { $0.emoji?.value } == ["1F642", nil, nil, "2764 FE0F", "1F468 200D 1F469 200D 1F467"])
    #expect(p.entries[1].tags[0].location.line == 9)
  }

  @Test func nativePlistReadsTheSameKeys() throws {
    let (packs, diagnostics) = load(Support.fixture("packs/native-plist"))
    #expect(diagnostics.isEmpty)
    let json = try #require(load(Support.fixture("packs/native")).0.first)
    let plist = try #require(packs.first)
    #expect(plist.entries.map(\.tags).map { $0.map(\.value) } == json.entries.prefix(2).map { $0.tags.map(\.value) })
    #expect(plist.entries.map { $0.emoji?.value } == json.entries.prefix(2).map { $0.emoji?.value })
    #expect(plist.settings["size"]?.value == .integer(16) && plist.settings["scales"]?.value == .scales([1, 2]))
  }

  @Test func weiboPackReadsAsItShips() throws {
    let (packs, diagnostics) = load(Support.fixture("packs/weibo"))
    let p = try #require(packs.first)
    #expect(p.format == .weibo && p.id == "com.sina.default" && p.version == "2")
    #expect(p.names.map(\.locale) == ["en", "zh-Hans", "zh-Hant"])
    // Names as written (the validator resolves each to its family's largest file); chs == cht gives one tag; code
    // gives the emoji.
    #expect(p.entries.map { $0.image?.value } == ["d_hehe.png", "d_xixi.png", "d_haha.png", nil])
    #expect(p.entries.map { $0.tags.map(\.value) } == [["[呵呵]"], ["[嘻嘻]"], ["[哈哈]"], []])
    #expect(p.entries[3].emoji?.value == "0x1f603")
    #expect(diagnostics.count == 1)
    #expect(
      diagnostics.first?.hasSuffix(
        "note: gif 'd_hehe.gif' is missing: the entry is the still png") == true)
    let (validated, d) = Validator().validate(packs)
    #expect(!d.hasErrors)
    #expect(validated.first?.entries.map(\.emoji) == [nil, nil, nil, "😃"])
    #expect(
      validated.first?.entries.map { $0.image?.relativePath } == ["d_hehe@2x.png", "d_xixi@3x.png", "d_haha.png", nil])
  }

  @Test func weiboBundleBuildsEachPackage() throws {
    let (packs, diagnostics) = load(Support.fixture("packs/weibo-bundle"))
    #expect(diagnostics.isEmpty)
    #expect(packs.map(\.id) == ["com.sina.lxh", "com.apple.emoji"])
    #expect(packs[0].version == "1.5")
    #expect(packs[0].entries.first?.image?.value == "lxh_xiaohaha.png")
    #expect(Validator().validate(packs).packs.first?.entries.first?.image?.relativePath == "lxh_xiaohaha@2x.png")
    #expect(packs[1].entries.map { $0.emoji?.value } == ["0x1f604", "0x1f60d"])
  }

  @Test func nimPlistGivesOnePackPerCatalog() throws {
    let (packs, diagnostics) = load(Support.fixture("packs/nim"))
    #expect(diagnostics.isEmpty)
    #expect(packs.map(\.id) == ["default", "ajmd"])
    #expect(packs[0].names == [LocalizedName(locale: "zh-Hans", name: "默认")])
    #expect(packs[0].entries.map { $0.tags.map(\.value) } == [["[大笑]"], ["[可爱]"]])
    #expect(packs[0].entries.map { $0.image?.value } == ["emoji_00.png", "emoji_01.png"])
    #expect(packs[0].entries[0].emoji?.value == "😄")
    let (validated, d) = Validator().validate(packs)
    #expect(!d.hasErrors, "\(d.items)")
    #expect(validated.count == 2)
  }

  /// One pack with many problems reports all of them, each with its exact message and place.
  @Test func everyProblemIsReportedInOneRun() throws {
    let dir = try Support.copyPack("problems")
    let root = (dir as NSString).deletingLastPathComponent
    try FileManager.default.copyItem(atPath: Support.fixture("packs/outside"), toPath: root + "/outside")
    try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "../outside/secret.png")
    let (packs, d0) = ManifestLoader.load(dir)
    let (_, d1) = Validator().validate(packs)
    let lines = (d0.items + d1.items).map { $0.description.replacingOccurrences(of: dir + "/", with: "") }
    let expected = [
      "pack.json:6:13: warning: unknown key 'colour' is ignored",
      "pack.json:26:15: error: expected a string, found an integer",
      "pack.json:28:56: warning: unknown key 'extra' is ignored",
      "pack.json:5:13: error: scales expects scales in 1...4, found 1,2,5",
      "pack.json:8:41: error: duplicate tag '[好]'",
      "pack.json:8:34: note: '[好]' first used here",
      "pack.json:9:15: error: image 'missing.png' not found",
      "pack.json:10:15: error: image 'smile.png' not found; 'Smile.png' differs only in case (names are case-sensitive)",
      "pack.json:11:15: error: image '../outside/secret.png' points outside the pack folder",
      "pack.json:12:15: error: image '/etc/passwd' is an absolute path; images must be inside the pack folder",
      "pack.json:13:15: error: image 'link.png' is a symlink pointing outside the pack folder",
      "pack.json:14:15: error: image 'notpng.png' is not a PNG or WebP file (Not a PNG file)",
      "pack.json:15:15: error: image 'tall.png' is too large: image is 1x4100, over the limit of 4096x4096",
      "pack.json:16:15: warning: image 'small.png' is 16x16, smaller than 64x64 (size 32 × scale 2): it will be upscaled and look blurry",
      "pack.json:17:15: warning: image 'wide.png' is 64x32, smaller than 64x64 (size 32 × scale 2): it will be upscaled and look blurry",
      "pack.json:17:15: warning: image 'wide.png' is 64x32, not square: it will be fitted inside the square, centred, with transparent margins",
      "pack.json:18:34: error: tag 'no brackets' must be one '[' … ']' (like '[哈哈]')",
      "pack.json:18:49: error: tag '[]' has no text between its brackets",
      "pack.json:18:55: error: tag ' [空格]' has whitespace at its ends",
      "pack.json:18:64: error: tag '[ 内空格]' has whitespace at the ends of its text",
      "pack.json:18:74: error: tag '[e\u{301}]' is not in Unicode NFC (write it as '[\u{E9}]')",
      "pack.json:18:87: error: tag '[a]b]' must be one '[' … ']' with no brackets inside",
      "pack.json:19:34: error: duplicate tag '[好]'",
      "pack.json:8:34: note: '[好]' first used here",
      "pack.json:20:15: error: emoji 'D800': U+D800 is a surrogate, not a character",
      "pack.json:21:15: error: emoji '110000': 110000 is beyond U+10FFFF",
      "pack.json:22:15: error: emoji '1F60G': '1F60G' is not a hexadecimal codepoint",
      "pack.json:23:15: error: emoji '1F600 1F601' (1F600 1F601) is 2 characters, not one grapheme cluster",
      "pack.json:25:15: error: emoji 1F600 FE0F is claimed twice",
      "pack.json:24:15: note: first claimed here",
      "pack.json:27:5: error: emoticon has neither an image nor an emoji",
      "pack.json:28:15: error: image 'corrupt.png' is a corrupt PNG: IDAT: invalid literal/lengths set",
      "Smile.png: warning: 'Smile.png' is not used by any emoticon",
      "unused.png: warning: 'unused.png' is not used by any emoticon",
    ]
    #expect(lines.count == expected.count)
    for (a, e) in zip(lines, expected) { #expect(a == e) }
  }

  @Test func duplicateTagsAcrossPacksAreErrors() throws {
    let (a, _) = ManifestLoader.load(Support.fixture("packs/native"))
    let (b, _) = ManifestLoader.load(Support.fixture("packs/native-plist"))
    let (_, d) = Validator().validate(a + b)
    let messages = d.items.filter { $0.severity == .error }.map(\.message)
    #expect(
      messages == [
        "duplicate tag '[微笑]': pack 'native' already uses it", "duplicate tag '[smile]': pack 'native' already uses it",
        "duplicate tag '[哈哈]': pack 'native' already uses it",
      ])
  }

  @Test func emptyPackAndBadSizeAreErrors() throws {
    let dir = Support.tempDir("empty")
    try #"{"id": "e", "size": 0, "scales": [], "emoticons": []}"#.write(
      toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    let (packs, _) = ManifestLoader.load(dir)
    let (_, d) = Validator().validate(packs)
    #expect(
      d.items.map(\.message) == [
        "size expects a whole number in 1...1024, found 0", "scales expects at least one scale, found none",
        "pack 'e' has no emoticons",
      ])
  }

  @Test(arguments: [
    (#"{"id": "x", "emoticons": [}"#, "1:27: error: unexpected character '}', expected a value"),
    ("{\n  \"id\": \"x\",\n  \"emoticons\": [\"a\" \"b\"]\n}", "3:21: error: expected ',' or ']' after an element"),
    (#"{"id": "\ud800"}"#, "1:15: error: lone surrogate \\uD800 in a string"),
    ("{\"id\": \"a\u{1}\"}", "1:10: error: control character U+0001 inside a string must be escaped"),
    (#"{"id": "x"} trailing"#, "1:13: error: unexpected text after the top-level value"),
    (#"{"id": 1e999}"#, "1:8: error: number 1e999 is out of range"),
    (#"{"id": "#, "1:8: error: unexpected end of file, expected a value"),
  ])
  func jsonSyntaxErrorsPointAtTheFault(json: String, expected: String) throws {
    let dir = Support.tempDir("json")
    try json.write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    let (packs, d) = ManifestLoader.load(dir)
    #expect(packs.isEmpty)
    #expect(d.items.map(\.description) == ["\(dir)/pack.json:\(expected)"])
  }

  @Test func deepNestingIsRefused() throws {
    let dir = Support.tempDir("deep")
    try (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).write(
      toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    let (_, d) = ManifestLoader.load(dir)
    #expect(d.items.first?.message == "nesting deeper than 64 levels")
  }

  /// Every prefix of a valid manifest is refused with an error, never a crash.
  @Test func truncatedManifestsGiveErrors() throws {
    let json = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Support.fixture("packs/native/pack.json"))))
    let dir = Support.tempDir("trunc")
    for length in stride(from: 0, to: json.count - 2, by: 1) {
      try Data(json[0..<length]).write(to: URL(fileURLWithPath: dir + "/pack.json"))
      let (packs, d) = ManifestLoader.load(dir)
      #expect(packs.isEmpty && d.hasErrors, "prefix \(length)")
    }
    let plist = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Support.fixture("packs/native-plist/pack.plist"))))
    try? FileManager.default.removeItem(atPath: dir + "/pack.json")
    for length in stride(from: 0, to: plist.count - 10, by: 7) {
      try Data(plist[0..<length]).write(to: URL(fileURLWithPath: dir + "/pack.plist"))
      let (_, d) = ManifestLoader.load(dir)
      #expect(d.hasErrors, "plist prefix \(length)")
    }
  }

  @Test func wrongTypesEverywhereAreReportedNotCrashed() throws {
    let dir = Support.tempDir("types")
    try
      #"{"id": [], "version": {}, "names": "x", "size": "big", "scales": "1", "filter": 3, "sheet": [], "emoticons": [1, "a", {"image": [], "tags": {}, "emoji": 7}]}"#
      .write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    let (_, d) = ManifestLoader.load(dir)
    #expect(d.errors.count == 12, "\(d.items.map(\.description))")
  }

  @Test func tenMegabytesOfGarbageIsAnError() throws {
    let dir = Support.tempDir("garbage")
    var g = SplitMix(seed: 5)
    let bytes = (0..<(10 << 20)).map { _ in UInt8(truncatingIfNeeded: g.next()) }
    try Data(bytes).write(to: URL(fileURLWithPath: dir + "/pack.json"))
    #expect(ManifestLoader.load(dir).diagnostics.hasErrors)
    try? FileManager.default.removeItem(atPath: dir + "/pack.json")
    try Data(bytes).write(to: URL(fileURLWithPath: dir + "/info.plist"))
    #expect(ManifestLoader.load(dir).diagnostics.hasErrors)
  }

  @Test func missingFolderAndMissingManifest() {
    #expect(
      ManifestLoader.load("/nonexistent/pack").diagnostics.items.map(\.description) == [
        "/nonexistent/pack: error: no such file or folder"
      ])
    let dir = Support.tempDir("none")
    #expect(ManifestLoader.load(dir).diagnostics.items.first?.message.hasPrefix("no manifest found") == true)
  }
}
