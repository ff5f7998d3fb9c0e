// An app's view of emopack: this target depends on the library products only and imports nothing else of
// ours, with member import visibility on, so every public signature used here must be nameable from them.
import EmoPack
import EmoPackSprites
import Foundation
import Testing

@Suite struct AppClientTests {
  /// The demo pack built from Examples/ChatDemo (`emopack build Examples/ChatDemo/Sources/ChatDemo/Emoticons.emopack
  /// -o Tests/EmoPackAPITests/Fixtures/demo`), bundled as an app bundles it: `demo` by emopack's first format
  /// (1.0, kept to show that old packs still open), `demo2` by this version (2.0, trimmed sprites).
  static func packPath(_ folder: String = "demo") throws -> String {
    try #require(Bundle.module.path(forResource: "demo", ofType: "pack", inDirectory: "Fixtures/\(folder)"))
  }

  @Test(arguments: ["demo", "demo2"]) func aChatScreenEndToEnd(folder: String) throws {
    let catalog = try Catalog(paths: [try Self.packPath(folder)])
    let pack: EmoticonPack = catalog.packs[0]
    #expect(pack.formatVersion == (folder == "demo" ? "1.0" : "2.0"))
    #expect(pack.id == "demo" && pack.count == 4 && pack.pointSize == 24 && pack.scales == [1, 2])
    let names: [LocalizedName] = try pack.names()
    #expect(names.contains(LocalizedName(locale: "zh-Hans", name: "演示")))
    let sheets: [SheetRecord] = try pack.sheets()
    #expect(sheets.count == 2 && sheets.map(\.scale) == [1, 2])
    try pack.verify()
    let category: Category = catalog.categories[0]
    #expect(category.pack.id == pack.id && category.name(preferred: ["zh-Hans"]) == "演示")

    // The same pack opened from bytes, as an app opens a pack it may replace on disk.
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try Self.packPath(folder))))
    let copy = try EmoticonPack(bytes: bytes)
    try copy.verify()
    #expect(try copy.id == pack.id && copy.sheets() == sheets)
    var damaged = bytes
    damaged[damaged.count - 1] ^= 0xFF
    #expect(throws: PackError.self) { try EmoticonPack(bytes: damaged).verify() }
    #expect(throws: PackError.self) { try EmoticonPack(bytes: Array(bytes.prefix(10))) }
    let inMemory = Catalog(packs: [copy])
    #expect(inMemory.sheetFolders == [nil] && inMemory.lookup(tag: "[哈哈]") == catalog.lookup(tag: "[哈哈]"))

    // Lookups and the emoticon's details.
    let ref = try #require(catalog.lookup(tag: "[哈哈]"))
    let emoticon: Emoticon = try catalog.emoticon(ref)
    let kind: PackEntry.Kind = emoticon.kind
    let image: PackImage? = emoticon.image
    let placement: SpritePlacement? = image?.placements.first
    #expect(kind == .image && placement != nil && catalog.accessibilityLabel(for: ref) == "哈哈")

    // A text view's model: display text, edits as replacements.
    let tokenizer = Tokenizer(catalog: catalog)
    var text = EmoticonText("你好[哈哈]👍🏽", tokenizer: tokenizer)
    #expect(text.display == "你好\u{FFFC}👍🏽")
    let change: TextEditResult = text.deleteBackward(at: 3, in: .display)
    let display: TextChange = change.display
    #expect(display.range == 2..<3 && text.source == "你好👍🏽")
    let runs: [DisplayRun] = EmoticonText.displayRuns(pasting: "[爱你]", tokenizer: tokenizer)
    #expect(runs.count == 1)

    // Sprites: where they are without decoding, and decoded.
    let location: SpriteLocation = try catalog.sprite(ref, scale: 3)
    #expect(location.scale == 2 && location.isFallback && location.path != nil)
    let sprites = SpriteSheets(catalog: catalog)
    let pixels: RGBAImage = try sprites.pixels(of: ref, scale: 2)
    #expect(pixels.width == location.side && pixels.height == location.side)
    #expect(location.left + location.width <= location.side && location.top + location.height <= location.side)
    let sprite: Sprite = try sprites.sprite(of: ref, scale: 1)
    #expect(sprite.location.scale == 1)
    #expect(throws: SpriteError.self) { try sprites.pixels(of: EmoticonRef(pack: 7, entry: 0), scale: 1) }
    #expect(throws: CatalogError.self) { try catalog.sprite(EmoticonRef(pack: 0, entry: 3), scale: 1) }

    // Animations: the demo pack's emoticons are stills; the types an app drives a display link with.
    let animation: EmoticonAnimation? = try catalog.animation(ref)
    #expect(animation == nil)
    let clip = EmoticonAnimation(ref: ref, delays: [100, 50], loopCount: 2, stillFrame: 0)
    let player = AnimationPlayer(clip, startTime: 0)
    #expect(player.frame(at: 0.12) == 1 && player.nextChange(after: 0.12) == 0.15)
    let frameLocation: SpriteLocation = try catalog.sprite(ref, frame: 0, scale: 1)
    #expect(frameLocation == (try catalog.sprite(ref, scale: 1)))

    // The keyboard.
    let fit: GridFit = try GridFit.fitting(
      width: 375, height: 216, cellSize: 32, minSpacing: 8, maxColumns: 8, maxRows: 3)
    let pages: [KeyboardPage] = fit.grid.pages(catalog.categories[0].emoticons)
    #expect(pages.count == 1 && pages[0].cells.last == .delete)
    #expect(throws: KeyboardFitError.self) { try GridFit.fitting(width: 10, height: 10, cellSize: 32, minSpacing: 8) }

    // Recents, and a pack that cannot be opened.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emopack-api-\(getpid())-\(folder)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let recents = try RecentsStore(path: folder.appendingPathComponent("recents.sqlite").path)
    try recents.record(packID: emoticon.packID, key: emoticon.recentsKey)
    let items: [RecentItem] = try recents.items()
    let recent = try recents.emoticons(in: catalog)
    #expect(items.count == 1 && recent == [ref])
    #expect(throws: PackError.self) { try Catalog(paths: [folder.path + "/missing.pack"]) }
  }

  /// Codes, keywords and search as an app uses them, on `packs/codes` built by this version (format 2.2) with
  /// `--keyword-locales zh,zh-Hant,en --stable-names` into `Fixtures/codes`.
  @Test func codesAndSearch() throws {
    let path = try #require(Bundle.module.path(forResource: "codes", ofType: "pack", inDirectory: "Fixtures/codes"))
    let catalog = try Catalog(paths: [path])
    #expect(catalog.packs[0].formatVersion == "2.2")
    let tokenizer = Tokenizer(catalog: catalog)
    let tokens = tokenizer.tokenize("好的/::) 走吧 :smile::nope:")
    #expect(Array(tokens.map(\.text)) == ["好的", "/::)", " 走吧 ", ":smile:", ":nope:"])
    let smile: EmoticonRef = try #require(catalog.lookup(tag: "/::)"))
    let emoticon: Emoticon = try catalog.emoticon(smile)
    #expect(emoticon.codes == ["/微笑", "/::)", ":smile:"] && emoticon.insertionText == "[微笑]")
    let keywords: [PackKeyword] = emoticon.keywords
    #expect(keywords.contains(PackKeyword(text: "开心", locale: "zh-Hans", source: .manifest)))
    let results: EmoticonSearch = catalog.search("smile", locales: ["en"])
    let first: [SearchResult] = results.first(3)
    #expect(first.first?.ref == smile && first.first?.match == .exactKey)
    let page: KeyboardPage? = catalog.search("笑").page(0)
    #expect(page?.cells.last == .delete && page?.cells.contains(.emoticon(smile)) == true)
    let grin = try #require(catalog.search("grinning face").first(1).first)
    #expect(try catalog.emoticon(grin.ref).emoji == "😀")
    #expect(KeywordFold.fold("ＳＭＩＬＥ") == "smile")
  }

  /// The README's editing example, as written there.
  @Test func readmeEditingExample() throws {
    let catalog = try Catalog(paths: [try Self.packPath()])
    let tokenizer = Tokenizer(catalog: catalog)
    var message = EmoticonText("好[哈哈]", tokenizer: tokenizer)
    #expect(message.display == "好\u{FFFC}")
    let change = message.deleteBackward(at: 2, in: .display)
    #expect(change.display.range == 1..<2 && change.display.runs.isEmpty)
    #expect(change.source.range == 1..<5)
    message.insert(try catalog.emoticon(catalog.lookup(tag: "[爱你]")!), replacing: 1..<1, in: .display)
    #expect(message.source == "好[爱你]")
    #expect(message.sourceText(0..<2, in: .display) == "好[爱你]")
  }

  /// A location an app makes or changes by hand is checked before anything is decoded or allocated: a
  /// rectangle outside the sheet or its square, a square no pack has, a pack the catalog lacks are errors.
  @Test func handMadeSpriteLocationsAreChecked() throws {
    let catalog = try Catalog(paths: [try Self.packPath("demo2")])
    let sprites = SpriteSheets(catalog: catalog)
    let good = try catalog.sprite(EmoticonRef(pack: 0, entry: 0), scale: 1)
    #expect(try sprites.sprite(at: good).image.width == good.side)
    let changes: [(String, (inout SpriteLocation) -> Void)] = [
      (
        "origin",
        {
          $0.x = Int.max; $0.y = Int.min
        }
      ),
      (
        "size",
        {
          $0.width = Int.max; $0.height = -5
        }
      ),
      (
        "huge",
        {
          $0.width = 1 << 40; $0.height = 1 << 40
        }
      ),
      (
        "offset",
        {
          $0.left = Int.max; $0.top = Int.min
        }
      ),
      ("point size", { $0.pointSize = Int.max }), ("scale", { $0.scale = Int.max }),
      ("no square", { $0.pointSize = 0 }), ("big square", { $0.pointSize = 65_535 }),
      ("past the sheet", { $0.x = good.sheet.width }),
    ]
    for (label, change) in changes {
      var bad = good
      change(&bad)
      #expect(throws: SpriteError.self, "\(label)") { try sprites.sprite(at: bad) }
    }
    // The sheet is cached by now: a record that is not the one it was checked against is checked afresh.
    var forged = good
    forged.sheet.sha256[0] ^= 1
    let error = #expect(throws: SpriteError.self) { try sprites.sprite(at: forged) }
    #expect("\(error.map { "\($0)" } ?? "")".contains("sheet's SHA-256 is"))
    forged.sheet.height += 1
    forged.sheet.sha256 = good.sheet.sha256
    #expect(throws: SpriteError.self) { try sprites.sprite(at: forged) }
    #expect(try sprites.sprite(at: good).image == sprites.sprite(at: good).image)
    var noFolder = good
    noFolder.path = nil
    noFolder.ref = EmoticonRef(pack: Int.max, entry: 0)
    #expect(throws: SpriteError.noFolder(packID: "#\(Int.max)")) { try sprites.sprite(at: noFolder) }
  }
}
