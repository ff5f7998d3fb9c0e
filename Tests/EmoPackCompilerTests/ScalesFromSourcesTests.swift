import EmoImage
import EmoPNG
import EmoPack
import EmoPackCompiler
import Foundation
import Testing

/// Scales the manifest does not name are built only when every source carries their pixels.
@Suite struct ScalesFromSourcesTests {
  /// A Weibo-format pack as Weibo ships it: `name.png` at 32 px and `name@2x.png` at 64 px, no scales named.
  static func weiboPack(count: Int = 5) throws -> String {
    let dir = Support.tempDir("weibo-shipped") + "/pack"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var items = ""
    for i in 0..<count {
      for (side, suffix) in [(32, ""), (64, "@2x")] {
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for p in stride(from: 0, to: pixels.count, by: 4) {
          pixels[p] = UInt8(40 * i % 256)
          pixels[p + 1] = UInt8(p % 251)
          pixels[p + 3] = 255
        }
        let png = try PNGEncoder.encode(RGBAImage(width: side, height: side, pixels: pixels))
        try Data(png).write(to: URL(fileURLWithPath: "\(dir)/e\(i)\(suffix).png"))
      }
      items +=
        "<dict><key>chs</key><string>[表情\(i)]</string><key>cht</key><string>[表情\(i)]</string>"
        + "<key>png</key><string>e\(i).png</string><key>type</key><string>0</string></dict>"
    }
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>id</key><string>shipped</string><key>version</key><integer>1</integer>
      <key>emoticons</key><array>\(items)</array></dict></plist>
      """
    try plist.write(toFile: dir + "/info.plist", atomically: true, encoding: .utf8)
    return dir
  }

  static func build(_ pack: String, _ edit: (inout BuildOptions) -> Void = { _ in }) throws -> (BuildReport, String) {
    var o = BuildOptions(outputDirectory: Support.tempDir("scales-out"))
    o.cacheDirectory = Support.tempDir("scales-cache")
    o.effort = .fast
    edit(&o)
    return (try PackBuilder(options: o).build(paths: [pack]), o.outputDirectory)
  }

  @Test func sourcesAt1xAnd2xBuild1xAnd2xOnly() throws {
    let pack = try Self.weiboPack()
    let (report, out) = try Self.build(pack)
    #expect(report.packs.first?.sheets.map(\.scale) == [1, 2])
    let notes = report.diagnostics.filter { $0.code == .scalesLeftOut }
    #expect(notes.count == 1 && notes[0].severity == .note)
    #expect(notes.first?.message.contains("3x not built: 5 source(s) have fewer than 96x96 pixels") == true)
    #expect(notes.first?.message.contains("--scales 1,2,3") == true)
    #expect(!report.diagnostics.contains { $0.code == .imageSmall })
    // The runtime answers a 3x request with 2x and says so.
    let catalog = try Catalog(paths: [out + "/shipped.pack"])
    let location = try catalog.sprite(EmoticonRef(pack: 0, entry: 0), scale: 3)
    #expect(location.scale == 2 && location.isFallback && location.width == 64)
  }

  @Test func namedScalesAreBuiltAsAsked() throws {
    let pack = try Self.weiboPack(count: 2)
    let (flagged, _) = try Self.build(pack) { $0.scales = [1, 2, 3] }
    #expect(flagged.packs.first?.sheets.map(\.scale) == [1, 2, 3])
    #expect(flagged.diagnostics.filter { $0.code == .imageSmall }.count == 2)
    #expect(!flagged.diagnostics.contains { $0.code == .scalesLeftOut })
    // A manifest naming the scales: the native fixture names [1, 2] and its sources are large enough anyway;
    // naming 1, 2, 3 on small sources builds all three.
    let native = Support.tempDir("named") + "/native"
    try FileManager.default.copyItem(atPath: Support.fixture("packs/native"), toPath: native)
    let (report, _) = try Self.build(native)
    #expect(report.packs.first?.sheets.map(\.scale) == [1, 2])
  }

  /// Sources smaller than even 1x: 1x is built, with a warning for each source short of it.
  @Test func sourcesShortOfEveryScaleKeepTheSmallest() throws {
    let pack = try Self.weiboPack(count: 2)
    let (report, _) = try Self.build(pack) { $0.pointSize = 100 }
    #expect(report.packs.first?.sheets.map(\.scale) == [1])
    #expect(report.diagnostics.filter { $0.code == .imageSmall }.count == 2)
  }
}
