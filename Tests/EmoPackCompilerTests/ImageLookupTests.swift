import EmoGIF
import EmoImage
import EmoPNG
import EmoPack
import EmoPackCompiler
import EmoPackFormat
import EmoPackSprites
import Foundation
import TestSupport
import Testing

/// One file look-up rule for every image field of every manifest format (`name@4x`, `@3x`, `@2x`, `name`; the
/// largest is the source; a member of exactly `size × scale` is drawn for its scale), and one still per entry.
@Suite struct ImageLookupTests {
  /// A folder holding the given files of `packs/gif-family` and a manifest.
  static func pack(_ files: [String], manifest name: String, _ text: String) throws -> String {
    let dir = Support.tempDir("lookup") + "/family"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for file in files {
      try FileManager.default.copyItem(atPath: Support.fixture("packs/gif-family/\(file)"), toPath: dir + "/" + file)
    }
    try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
    return dir
  }

  static func weibo(png: String, gif: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>id</key><string>family</string>
    <key>emoticons</key><array><dict>
    <key>chs</key><string>[点头]</string><key>png</key><string>\(png)</string><key>gif</key><string>\(gif)</string>
    <key>type</key><string>0</string>
    </dict></array></dict></plist>
    """
  }

  static func build(_ dir: String) throws -> (BuildReport, Catalog, SpriteSheets) {
    let (report, out) = try Support.build(dir, label: "lookup-out") { $0.exactColors = true }
    let catalog = try Catalog(paths: [out + "/\(report.packs[0].id).pack"])
    return (report, catalog, SpriteSheets(catalog: catalog))
  }

  static func decodePNG(_ file: String) throws -> RGBAImage {
    try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: Support.fixture(file))))).image
  }

  static func decodeGIF(_ file: String) throws -> AnimatedImage {
    try GIFDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: Support.fixture(file)))))
  }

  /// Weibo's `gif` resolves as its `png` does: `face.gif` finds `face@2x.gif`, and the entry animates, its
  /// `png` the still.
  @Test func aWeiboGifNamedAt2xAnimates() throws {
    let dir = try Self.pack(
      ["face.png", "face@2x.png", "face@2x.gif"], manifest: "info.plist", Self.weibo(png: "face.png", gif: "face.gif"))
    let (report, catalog, sprites) = try Self.build(dir)
    #expect(!report.diagnostics.contains { $0.code == .gifIgnored })
    let ref = try #require(catalog.lookup(tag: "[点头]"))
    let animation = try #require(try catalog.animation(ref))
    #expect(animation.frameCount == 6 && animation.hasOwnStill)
    // Weibo packs are 32 points: 1x only from 48 px sources. The still is the png's sprite, no frame's.
    #expect(catalog.packs[0].scales == [1])
    let still = try catalog.sprite(ref, scale: 1)
    for k in 0..<animation.frameCount {
      let frame = try catalog.sprite(ref, frame: k, scale: 1)
      #expect((still.x, still.y) != (frame.x, frame.y), "frame \(k) is not the still")
    }
    #expect(try sprites.pixels(of: ref, scale: 1).width == 32)
  }

  /// A GIF family drawn for both scales is used as drawn; one whose 1x has other frames is resampled, with a note.
  @Test func nativeAnimatedSiblingsAreDrawnOrResampled() throws {
    let json = """
      {"id": "family", "size": 24, "scales": [1, 2], "emoticons": [
        {"image": "same.gif", "tags": ["[same]"]},
        {"image": "other@2x.gif", "tags": ["[other]"]}
      ]}
      """
    let dir = try Self.pack(["same.gif", "same@2x.gif", "other.gif", "other@2x.gif"], manifest: "pack.json", json)
    let (report, catalog, sprites) = try Self.build(dir)
    let notes = report.diagnostics.filter { $0.code == .animationVariantDiffers }
    #expect(notes.count == 1 && notes[0].message.contains("'other.gif'"), "\(report.diagnostics)")
    let same = try #require(catalog.lookup(tag: "[same]"))
    let small = try Self.decodeGIF("packs/gif-family/same.gif")
    let large = try Self.decodeGIF("packs/gif-family/same@2x.gif")
    #expect(try catalog.animation(same)?.frameCount == small.frames.count)
    for k in small.frames.indices {
      #expect(try sprites.pixels(of: same, frame: k, scale: 1) == small.frames[k].image, "frame \(k) at 1x")
      #expect(try sprites.pixels(of: same, frame: k, scale: 2) == large.frames[k].image, "frame \(k) at 2x")
    }
    let other = try #require(catalog.lookup(tag: "[other]"))
    let otherSmall = try Self.decodeGIF("packs/gif-family/other.gif")
    // The largest file is the source: 8 frames, and 1x resampled from it rather than taken from other.gif.
    #expect(try catalog.animation(other)?.frameCount == 8)
    #expect(try sprites.pixels(of: other, frame: 0, scale: 1) != otherSmall.frames[0].image)
  }

  /// `png`, `image`, NIM's `file` and frames written as `name.png` find `name@2x.png`.
  @Test(arguments: ["weibo", "native", "nim", "frames"]) func everyFormatFindsTheScaledFile(format: String) throws {
    let manifest: (String, String)
    switch format {
    case "weibo": manifest = ("info.plist", Self.weibo(png: "face.png", gif: ""))
    case "native":
      manifest = ("pack.json", #"{"id": "family", "size": 24, "emoticons": [{"image": "face.png", "tags": ["[点头]"]}]}"#)
    case "nim":
      manifest = (
        "emoji.plist",
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><array><dict>
        <key>info</key><dict><key>id</key><string>family</string></dict>
        <key>data</key><array><dict><key>tag</key><string>[点头]</string><key>file</key><string>face.png</string></dict></array>
        </dict></array></plist>
        """
      )
    default:
      manifest = (
        "pack.json",
        #"{"id": "family", "size": 24, "emoticons": [{"frames": [{"image": "face.png", "delay": 100}, {"image": "face.png", "delay": 50}], "tags": ["[点头]"]}]}"#
      )
    }
    // Only the @2x file is there: every format must find it from the name written without a suffix.
    let dir = try Self.pack(["face@2x.png"], manifest: manifest.0, manifest.1)
    let (report, catalog, sprites) = try Self.build(dir)
    #expect(!report.diagnostics.contains { $0.severity == .error }, "\(report.diagnostics)")
    let ref = try #require(catalog.lookup(tag: "[点头]"))
    let pixels = try sprites.pixels(of: ref, scale: 2)
    // Native packs here are 24 points: the 48 px file is drawn for 2x and used as drawn. Weibo and NIM packs are
    // 32 points, so the same file gives 1x.
    if catalog.packs[0].pointSize == 24 {
      #expect(pixels == (try Self.decodePNG("packs/gif-family/face@2x.png")))
    } else {
      #expect(catalog.packs[0].scales == [1] && pixels.width == 32)
    }
  }
}

/// The still is one thing: the entry's own still image beside an animation, else the frame `still` names.
@Suite struct StillTests {
  static func native(_ entry: String) throws -> String {
    let dir = Support.tempDir("still") + "/still"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for i in 0..<3 { try Support.writePNG(Support.generated(i * 2 + 1, side: 24), to: dir + "/f\(i).png") }
    try Support.writePNG(Support.generated(11, side: 24), to: dir + "/own.png")
    let json = #"{"id": "still", "size": 12, "scales": [1, 2], "emoticons": [\#(entry)]}"#
    try json.write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    return dir
  }

  static let frames =
    #""frames": [{"image": "f0.png", "delay": 100}, {"image": "f1.png", "delay": 100}, {"image": "f2.png", "delay": 100}]"#

  @Test func aStillImageBesideFramesIsTheStill() throws {
    let (report, out) = try Support.build(
      try Self.native(#"{"image": "own.png", \#(Self.frames), "tags": ["[s]"]}"#), label: "still-out")
    #expect(report.packs.count == 1)
    let catalog = try Catalog(paths: [out + "/still.pack"])
    let ref = try #require(catalog.lookup(tag: "[s]"))
    let animation = try #require(try catalog.animation(ref))
    #expect(animation.hasOwnStill && animation.frameCount == 3)
    let still = try catalog.sprite(ref, scale: 2)
    for k in 0..<3 {
      let frame = try catalog.sprite(ref, frame: k, scale: 2)
      #expect((still.x, still.y) != (frame.x, frame.y), "frame \(k) is not the still")
    }
  }

  @Test func stillNamesTheFrameShown() throws {
    let (_, out) = try Support.build(
      try Self.native(#"{\#(Self.frames), "still": 1, "tags": ["[s]"]}"#), label: "still-out")
    let catalog = try Catalog(paths: [out + "/still.pack"])
    let ref = try #require(catalog.lookup(tag: "[s]"))
    let animation = try #require(try catalog.animation(ref))
    #expect(!animation.hasOwnStill && animation.stillFrame == 1)
    #expect(try catalog.sprite(ref, scale: 2) == catalog.sprite(ref, frame: 1, scale: 2))
    #expect(try catalog.sprite(ref, scale: 1) == catalog.sprite(ref, frame: 1, scale: 1))
  }

  @Test func aStillImageAndStillTogetherAreAnError() throws {
    let dir = try Self.native(#"{"image": "own.png", \#(Self.frames), "still": 1, "tags": ["[s]"]}"#)
    let d = Validator().diagnose(paths: [dir])
    let conflicts = d.items.filter { $0.code == .stillConflict }
    #expect(conflicts.count == 2 && conflicts.allSatisfy { $0.severity == .error })
    #expect(Set(conflicts.compactMap(\.keyPath)) == ["emoticons[0].image", "emoticons[0].still"], "\(conflicts)")
  }
}
