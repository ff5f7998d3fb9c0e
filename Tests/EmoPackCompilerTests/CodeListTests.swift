import EmoPack
import EmoPackCompiler
import EmoPackFormat
import EmoPackSprites
import Foundation
import TestSupport
import Testing

/// The YYText-style code-list `info.plist` (a root array of `{code: image}` dictionaries) as iOS bundles ship it.
@Suite struct CodeListTests {
  static let bundle = "EmoticonQQ.bundle"

  /// Each item's frame count and duration as Pillow decoded its GIF when the fixture was drawn.
  static func expected() throws -> [String: (image: String, frames: Int, durationMs: Int)] {
    let data = try Data(contentsOf: URL(fileURLWithPath: Support.fixture("packs/EmoticonQQ.expected.json")))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
    return try json.mapValues { item in
      (
        try #require(item["image"] as? String), try #require(item["frames"] as? Int),
        try #require(item["durationMs"] as? Int)
      )
    }
  }

  @Test func theBundleBuildsWithEveryAnimationIntact() throws {
    let (report, out) = try Support.build(try Support.copyPack(Self.bundle), label: "qq")
    #expect(report.packs.map(\.id) == ["EmoticonQQ"])
    let catalog = try Catalog(paths: [out + "/EmoticonQQ.pack"])
    let pack = catalog.packs[0]
    try pack.verify()
    // 48 px files named @2x: 24 points, built at 1x and 2x (the sources have no pixels for 3x).
    #expect(pack.pointSize == 24 && pack.scales == [1, 2])
    let expected = try Self.expected()
    #expect(expected.count == 25 && pack.count == 25)
    for (code, item) in expected {
      let ref = try #require(catalog.lookup(tag: code), "\(code)")
      let emoticon = try catalog.emoticon(ref)
      #expect(emoticon.codes == [code] && emoticon.tags.isEmpty && emoticon.insertionText == code)
      let animation = try #require(try catalog.animation(ref), "\(code)")
      #expect(animation.frameCount == item.frames && animation.duration == item.durationMs, "\(code)")
      // The PNG beside the GIF is the still.
      #expect(animation.hasOwnStill, "\(code)")
    }
    // Items naming the same image share its sprites.
    let first = try #require(catalog.lookup(tag: "/微笑"))
    let again = try #require(catalog.lookup(tag: "/呵呵"))
    #expect(try catalog.sprite(first, scale: 2) == catalog.sprite(again, scale: 2).with(ref: first))
    #expect(try catalog.sprite(first, frame: 3, scale: 2) == catalog.sprite(again, frame: 3, scale: 2).with(ref: first))
  }

  /// Codes that share prefixes (`/::)`, `/::(`, `/::D`…) tokenize to their own entries and back to the text.
  @Test func tokenizingTheCodesRoundTrips() throws {
    let (_, out) = try Support.build(try Support.copyPack(Self.bundle), label: "qq-tokens")
    let catalog = try Catalog(paths: [out + "/EmoticonQQ.pack"])
    let tokenizer = Tokenizer(catalog: catalog)
    let codes = try Self.expected().keys.sorted()
    let message = codes.enumerated().map { "第\($0.offset)句\($0.element)" }.joined(separator: " ") + " /::"
    let tokens = tokenizer.tokenize(message)
    let found = tokens.compactMap { t -> String? in
      if case .emoticon = t.kind { return String(t.text) }
      return nil
    }
    #expect(found == codes)
    #expect(Tokenizer.plainText(tokens) == message)
    #expect(tokens.map(\.text).joined() == message)
  }

  /// `--id` and `--name` name the pack instead of its folder; with two packs they are refused.
  @Test func idAndNamesOverTheFolderName() throws {
    let (report, out) = try Support.build(try Support.copyPack(Self.bundle), label: "qq-id") {
      $0.packID = "qq"
      $0.names = [LocalizedName(locale: "zh-Hans", name: "QQ表情"), LocalizedName(locale: "en", name: "QQ")]
    }
    #expect(report.packs.map(\.id) == ["qq"])
    let catalog = try Catalog(paths: [out + "/qq.pack"])
    #expect(catalog.categories[0].name(preferred: ["zh-Hans"]) == "QQ表情")
    #expect(try catalog.packs[0].names().map(\.locale) == ["en", "zh-Hans"])
    var o = BuildOptions(outputDirectory: Support.tempDir("qq-two"))
    o.packID = "qq"
    let two = Validator().diagnose(paths: [Support.fixture("packs/weibo-bundle")], options: o)
    #expect(two.items.map(\.code) == [.onePackSetting])
  }

  /// Items in the wrong shape, empty and duplicate codes and missing images are coded diagnostics at the item.
  @Test func badItemsAreReportedWhereTheyAre() throws {
    let dir = Support.tempDir("qq-bad") + "/Bad.bundle"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for name in ["000@2x.gif", "000@2x.png"] {
      try FileManager.default.copyItem(
        atPath: Support.fixture("packs/\(Self.bundle)/\(name)"), toPath: dir + "/" + name)
    }
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><array>
      <dict><key>/ok</key><string>000</string></dict>
      <dict><key>/a</key><string>000</string><key>/b</key><string>000</string></dict>
      <dict><key> </key><string>000</string></dict>
      <dict><key>/ok</key><string>000</string></dict>
      <dict><key>/gone</key><string>999</string></dict>
      <dict><key>/fine</key><string>000</string></dict>
      </array></plist>
      """
    try plist.write(toFile: dir + "/info.plist", atomically: true, encoding: .utf8)
    let d = Validator().diagnose(paths: [dir])
    let errors = d.items.filter { $0.severity == .error }
    #expect(
      Set(errors.map(\.code)) == [.codeListItem, .codeEmpty, .duplicateCode, .imageMissing], "\(d.items)")
    #expect(errors.allSatisfy { $0.file.hasSuffix("info.plist") && $0.keyPath != nil })
    let item = try #require(errors.first { $0.code == .codeListItem })
    #expect(item.keyPath == "[1]" && item.message.contains("2 keys"))
    #expect(errors.first { $0.code == .imageMissing }?.message.contains("'999'") == true)
  }
}

extension SpriteLocation {
  /// The same location for another emoticon.
  func with(ref: EmoticonRef) -> SpriteLocation {
    var copy = self
    copy.ref = ref
    return copy
  }
}
