import EmoPNG
import EmoPack
import EmoPackCompiler
import EmoPackFormat
import EmoPackPreview
import Foundation
import Testing

@Suite struct PreviewTests {
  /// Builds the native fixture (5 entries) and a 50-entry generated pack; returns their preview packs.
  static func packs() throws -> [PreviewPack] {
    let out = Support.tempDir("preview")
    var o = BuildOptions(outputDirectory: out)
    o.effort = .fast
    o.stableSheetNames = true
    let gen = try Support.makePack(count: 50, id: "gen")
    _ = try PackBuilder(options: o).build(paths: [Support.fixture("packs/native"), gen])
    return [try PreviewPack(path: out + "/native.pack"), try PreviewPack(path: out + "/gen.pack")]
  }

  static func count(_ needle: String, in haystack: String) -> Int {
    haystack.components(separatedBy: needle).count - 1
  }

  @Test func sheetsThatAreNotTheBuildsAreNamed() throws {
    let pack = try Self.packs()[0]
    let file = pack.folder + "/" + pack.sheets[0].fileName
    let original = try Data(contentsOf: URL(fileURLWithPath: file))
    defer { try? original.write(to: URL(fileURLWithPath: file)) }
    var changed = original
    changed[changed.count - 1] ^= 1
    try changed.write(to: URL(fileURLWithPath: file))
    let differs = #expect(throws: PreviewError.self) { try pack.sheetBytes(0) }
    #expect(
      differs?.path == file && differs?.message.hasPrefix("sheet differs from the one the pack was built with") == true)
    try FileManager.default.removeItem(atPath: file)
    #expect(throws: PreviewError(path: file, "sheet is missing", cause: .sheet(.missing(path: file)))) {
      try pack.sheetBytes(0)
    }
    #expect(mkfifo(file, 0o644) == 0)
    #expect(
      throws: PreviewError(
        path: file, "sheet cannot be read: not a regular file",
        cause: .sheet(.unreadable(path: file, reason: "not a regular file")))
    ) { try pack.sheetBytes(0) }
    try FileManager.default.removeItem(atPath: file)
    try original.write(to: URL(fileURLWithPath: file))
    #expect(try pack.sheetBytes(0) == [UInt8](original))
  }

  @Test func htmlShowsEveryEntryAndFullPages() throws {
    let packs = try Self.packs()
    let html = try HTMLPreview.render(packs)
    #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
    #expect(!html.contains("http://") && !html.contains("https://"))  // self-contained
    // One table row per entry.
    #expect(Self.count("<tr class=\"entry\"", in: html) == 55)
    // Pages: native 5 entries → 1 page; gen 50 → 3 pages (23 + 23 + 4); each page 24 cells with one delete key last.
    let pages = html.components(separatedBy: "<div class=\"page\">").dropFirst()
    #expect(pages.count == 4)
    for page in pages {
      let body = page.components(separatedBy: "</div>\n")[0]
      #expect(Self.count("<div class=\"cell", in: body) == 24)
      #expect(Self.count("class=\"cell delete\"", in: body) == 1)
      // The delete key is the last cell.
      #expect(Self.count("<div class=\"cell", in: body.components(separatedBy: "class=\"cell delete\"")[1]) == 0)
    }
    // Full pages hold 23 emoticons.
    let first = pages[pages.startIndex + 1].components(separatedBy: "</div>\n")[0]
    #expect(Self.count("class=\"emo\"", in: first) == 23)
    // Sprites carry a rectangle per scale; emoji-only entries are text; tags on hover.
    #expect(html.contains("data-s1=\"[0,1,1,16,16,0,0,18,54,1]\""))
    #expect(html.contains("<span class=\"emoji\">❤️</span>"))
    #expect(html.contains("title=\"[微笑] [smile] 🙂\""))
    #expect(Self.count("<img alt=", in: html) == 4)  // 2 sheets a pack
    #expect(Self.count("<button data-scale=", in: html) == 2)
  }

  @Test func htmlHasARecentsTabWhenGiven() throws {
    let html = try HTMLPreview.render(try Self.packs(), recents: [EmoticonRef(pack: 1, entry: 3)])
    #expect(html.contains("<button data-tab=\"recent\" class=\"on\">最近 Recent</button>"))
  }

  @Test func pngContactSheetDecodes() throws {
    let packs = try Self.packs()
    let png = try ContactSheet.png(packs, scale: 2)
    let image = try PNGDecoder.decode(png).image
    // 3 pages a row: (8 cols × 56 px + 32) + 16 per page → 3 × 496 + 16 = 1504 wide.
    #expect(image.width == 1504)
    // Rows: native 1 row, gen 1 row (3 pages) → 2 × (3 × 56 + 32 + 16) + 2 × (12 + 16) + 16.
    #expect(image.height == 2 * (3 * 56 + 32 + 16) + 2 * 28 + 16)
    #expect(try ContactSheet.png(packs, scale: 2) == png)
  }

  @Test func exportsMatchGoldenFiles() throws {
    let packs = try Self.packs()
    let json = try Exporter.files(packs[0], format: .texturePackerJSON)
    #expect(json.map(\.name) == ["native.png", "native@2x.png", "native.json", "native@2x.json"])
    try Support.assertGolden(String(decoding: json[3].bytes, as: UTF8.self), "export-native@2x.json")
    let parsed = try JSONSerialization.jsonObject(with: Data(json[3].bytes)) as? [String: Any]
    #expect((parsed?["frames"] as? [String: Any])?.count == 3)
    let css = try Exporter.files(packs[0], format: .css)
    #expect(css.map(\.name) == ["native.png", "native@2x.png", "native.css"])
    try Support.assertGolden(String(decoding: css[2].bytes, as: UTF8.self), "export-native.css")
  }

  @Test func missingSheetIsAnError() throws {
    let packs = try Self.packs()
    try FileManager.default.removeItem(atPath: packs[0].folder + "/native@2x.png")
    #expect(throws: PreviewError.self) { try HTMLPreview.render([packs[0]]) }
  }
}
