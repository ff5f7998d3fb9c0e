import EmoImage
import EmoPNG
import EmoPack
import EmoPackCompiler
import EmoPackFormat
import EmoPackPreview
import EmoPackSprites
import EmoWebP
import Foundation
import TestSupport
import Testing

/// WebP sheets (format 2.3) and WebP sources.
@Suite struct WebPSheetTests {
  static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../packs").standardized.path

  /// Every sample pack built with WebP sheets verifies, and each emoticon's pixels read back from the lossless
  /// WebP sheets exactly as from the PNG sheets.
  @Test(arguments: ["langxiaohua", "default", "emoji", "animated", "codes"]) func webpSheetsGiveThePNGSheetsPixels(
    pack: String
  )
    throws
  {
    let (png, pngOut) = try Support.build(Self.samples + "/" + pack, label: "webp-png")
    // The sprites come from the PNG build's cache: the two builds differ in their sheets' encoding alone.
    let (webp, webpOut) = try Support.build(Self.samples + "/" + pack, label: "webp-webp") {
      $0.sheetFormat = .webp
      $0.cacheDirectory = pngOut + ".cache"
    }
    let id = png.packs[0].id
    #expect(webp.packs[0].sheets.allSatisfy { $0.file.hasSuffix(".webp") })
    let reader = try PackFileReader(contentsOf: webpOut + "/\(id).pack")
    try reader.verify()
    let records = try reader.sheets()
    // A pack without sheets (emoji only) has no SFMT and stays 2.2.
    #expect(reader.formatMinor == (records.isEmpty ? 2 : 3) && records.allSatisfy { $0.format == .webp && !$0.lossy })
    #expect(PackInspector.verifySheets(try reader.sheets(), folder: webpOut).isEmpty)
    #expect(try PackFileReader(contentsOf: pngOut + "/\(id).pack").formatMinor == 2)
    let a = try Catalog(paths: [pngOut + "/\(id).pack"])
    let b = try Catalog(paths: [webpOut + "/\(id).pack"])
    let (sa, sb) = (SpriteSheets(catalog: a), SpriteSheets(catalog: b))
    for ref in a.categories[0].emoticons where try a.emoticon(ref).image != nil {
      for scale in a.packs[0].scales {
        #expect(try sb.sprite(of: ref, scale: scale).location.sheetFormat == .webp)
        #expect(try sa.pixels(of: ref, scale: scale) == sb.pixels(of: ref, scale: scale), "\(ref) at \(scale)x")
        if let animation = try a.animation(ref) {
          for k in 0..<animation.frameCount {
            #expect(try sa.pixels(of: ref, frame: k, scale: scale) == sb.pixels(of: ref, frame: k, scale: scale))
          }
        }
      }
    }
  }

  /// Lossy WebP holds every sprite at the floor, with the same per-sprite fallback as the palette mode.
  @Test func lossyWebPHoldsTheFloorPerSprite() throws {
    let pack = Support.fixture("packs/weibo-palette")
    let (lossless, losslessOut) = try Support.build(pack, label: "webp-lossless") { $0.sheetFormat = .webp }
    let (lossy, lossyOut) = try Support.build(pack, label: "webp-lossy") {
      $0.sheetFormat = .webp
      $0.lossy = true
    }
    #expect(lossless.packs[0].sheets.allSatisfy { !$0.lossy })
    let sheets = lossy.packs[0].sheets
    let kept = sheets.filter { !$0.setApart }
    #expect(!kept.isEmpty && kept.allSatisfy { $0.lossy })
    let reader = try PackFileReader(contentsOf: lossyOut + "/palette.pack")
    try reader.verify()
    let lossyRecords = try reader.sheets().map(\.lossy)
    #expect(lossyRecords == sheets.map(\.lossy))
    let ssim = try PaletteSetApartTests.spriteSSIM(lossyOut, losslessOut, id: "palette")
    #expect(ssim.count == 80 && ssim.allSatisfy { $0 >= 0.97 }, "\(ssim.min() ?? 0)")
    #expect(sheets.reduce(0) { $0 + $1.bytes } < lossless.packs[0].sheets.reduce(0) { $0 + $1.bytes } / 2)
  }

  /// WebP sources: a still WebP as `image`, an animated one as `image`; the frames as libwebp composes them.
  @Test func webpSourcesBuild() throws {
    let dir = Support.tempDir("webp-src") + "/src"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let webp = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../EmoPNGTests/Fixtures/webp").standardized.path
    for name in ["blend-dispose.webp", "still-lossless.webp"] {
      try FileManager.default.copyItem(atPath: webp + "/" + name, toPath: dir + "/" + name)
    }
    let json = """
      {"id": "src", "size": 16, "scales": [1], "emoticons": [
        {"image": "blend-dispose.webp", "tags": ["[anim]"]},
        {"image": "still-lossless.webp", "tags": ["[still]"]}
      ]}
      """
    try json.write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    let (report, out) = try Support.build(dir, label: "webp-src-out") { $0.exactColors = true }
    #expect(!report.diagnostics.contains { $0.severity == .error })
    let catalog = try Catalog(paths: [out + "/src.pack"])
    let anim = try #require(catalog.lookup(tag: "[anim]"))
    let animation = try #require(try catalog.animation(anim))
    #expect(animation.delays == [100, 80, 60, 40, 100] && animation.loopCount == 0)
    #expect(try catalog.animation(try #require(catalog.lookup(tag: "[still]"))) == nil)
    // A damaged WebP source is an error naming the file.
    let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/blend-dispose.webp"))
    try bytes.prefix(bytes.count - 50).write(to: URL(fileURLWithPath: dir + "/blend-dispose.webp"))
    let d = Validator().diagnose(paths: [dir])
    #expect(
      d.items.contains { $0.severity == .error && $0.message.contains("'blend-dispose.webp'") }, "\(d.items)")
  }

  /// The SFMT section is checked: a sheet whose name does not end with its format's extension is refused.
  @Test func sheetFormatRecordsAreVerified() throws {
    var contents = PackContents(
      id: "f", version: "1", names: [], pointSize: 8, scales: [1],
      sheets: [
        SheetRecord(
          fileName: "f.webp", scale: 1, page: 0, width: 8, height: 8, byteSize: 1,
          sha256: [UInt8](repeating: 0, count: 32))
      ],
      images: [PackImage(placements: [SpritePlacement(sheet: 0, x: 0, y: 0, width: 8, height: 8)])],
      entries: [PackEntry(kind: .image, tags: ["[f]"], emoji: nil, image: 0)])
    contents.sheets[0].format = .webp
    let good = try PackFileReader(bytes: try PackWriter.write(contents))
    try good.verify()
    let record = try good.sheet(at: 0)
    #expect(good.formatMinor == 3 && record.format == .webp)
    contents.sheets[0].fileName = "f.png"
    let bad = try PackFileReader(bytes: try PackWriter.write(contents))
    #expect(throws: PackError.self) { try bad.verify() }
    contents.sheets[0].format = .png
    #expect(try PackFileReader(bytes: try PackWriter.write(contents)).formatMinor == 2)
  }

  /// The previews and exports take WebP sheets: the contact sheet is drawn from them exactly as from PNG sheets, the
  /// HTML embeds them as `image/webp`, and the TexturePacker JSON is named after each `.webp`.
  @Test func previewsAndExportsTakeWebPSheets() throws {
    let pack = Self.samples + "/langxiaohua"
    let (_, pngOut) = try Support.build(pack, label: "webp-prev-png")
    let (_, webpOut) = try Support.build(pack, label: "webp-prev-webp") { $0.sheetFormat = .webp }
    let png = try PreviewPack(path: pngOut + "/langxiaohua.pack")
    let webp = try PreviewPack(path: webpOut + "/langxiaohua.pack")
    #expect(try ContactSheet.png([webp], scale: 1) == ContactSheet.png([png], scale: 1))
    let html = try HTMLPreview.render([webp])
    #expect(html.contains("data:image/webp;base64,") && !html.contains("data:image/png;base64,"))
    let files = try Exporter.files(webp, format: .texturePackerJSON)
    let names = files.map(\.name)
    #expect(names.contains { $0.hasSuffix(".webp") } && names.filter { $0.hasSuffix(".json") }.count == 3)
    #expect(names.allSatisfy { !$0.hasSuffix(".webp.json") })
  }
}
