import EmoPNG
import EmoPack
import EmoPackCompiler
import EmoPackFormat
import EmoPackSprites
import Foundation
import TestSupport
import Testing

/// Animated emoticons from GIF, APNG and frame lists, through the build to the frame at time t.
@Suite struct AnimationBuildTests {
  static let animationFixtures = Support.fixtures.appendingPathComponent("animation").path

  static func copy(_ name: String, to dir: String, as target: String? = nil) throws {
    try FileManager.default.copyItem(
      atPath: animationFixtures + "/" + name, toPath: dir + "/" + (target ?? name))
  }

  static func build(_ pack: String, _ edit: (inout BuildOptions) -> Void = { _ in }) throws -> (BuildReport, String) {
    try Support.build(pack, label: "anim-out", edit)
  }

  /// A native pack: a GIF, an APNG with a loop and still from the manifest, a one-frame GIF, and frames as images.
  static func nativePack() throws -> String {
    let dir = Support.tempDir("anim") + "/anim"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try copy("loop-transparent.gif", to: dir, as: "a.gif")
    try copy("blend-dispose.png", to: dir, as: "b.png")
    try copy("still.gif", to: dir, as: "c.gif")
    for i in 0..<2 { try Support.writePNG(Support.generated(i, side: 12), to: dir + "/f\(i).png") }
    let json = #"""
      {"id": "anim", "size": 6, "scales": [1, 2], "emoticons": [
        {"image": "a.gif", "tags": ["[a]"]},
        {"image": "b.png", "tags": ["[b]"], "loop": 2, "still": 1},
        {"image": "c.gif", "tags": ["[c]"]},
        {"frames": [{"image": "f0.png", "delay": 120}, {"image": "f1.png", "delay": 80}, {"image": "f0.png", "delay": 50}],
         "tags": ["[f]"], "loop": 1}
      ]}
      """#
    try json.write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    return dir
  }

  @Test func nativeAnimatedPackBuildsVerifiesAndPlays() throws {
    let (report, out) = try Self.build(try Self.nativePack()) { $0.exactColors = true }
    #expect(report.packs[0].sheets.map(\.scale) == [1, 2])
    let reader = try PackFileReader(contentsOf: out + "/anim.pack")
    try reader.verify()
    #expect(PackInspector.verifySheets(try reader.sheets(), folder: out).isEmpty)
    let catalog = try Catalog(paths: [out + "/anim.pack"])
    let refs = try ["[a]", "[b]", "[c]", "[f]"].map { try #require(catalog.lookup(tag: $0)) }
    let a = try #require(try catalog.animation(refs[0]))
    // loop-transparent.gif: frames of 100 and 200 ms, NETSCAPE loop 2 as stored, so 3 plays (expected.tsv).
    #expect(a.delays == [100, 200] && a.loopCount == 3 && a.stillFrame == 0)
    let b = try #require(try catalog.animation(refs[1]))
    #expect(b.delays == [100, 30, 10, 250] && b.loopCount == 2 && b.stillFrame == 1)
    // A one-frame GIF is a still.
    #expect(try catalog.animation(refs[2]) == nil)
    let f = try #require(try catalog.animation(refs[3]))
    #expect(f.delays == [120, 80, 50] && f.loopCount == 1)
    // The frame at chosen times, from the delays written above (not from the build's records).
    let times = [(0, 0), (99, 0), (100, 1), (299, 1), (300, 0), (899, 1), (900, 1), (10_000, 1)]
    for (t, frame) in times { #expect(a.frame(at: t) == frame, "[a] at \(t) ms") }
    #expect(b.frame(at: 139) == 2 && b.frame(at: 390) == 0 && b.frame(at: 780) == 3 && b.frame(at: 5000) == 3)
    #expect(f.frame(at: 119) == 0 && f.frame(at: 200) == 2 && f.frame(at: 250) == 2)
  }

  /// Every frame of the GIF, decoded by the runtime from the sheets, is the reference frame written by the
  /// fixtures' script (6 × 6 canvas built at size 6: no resampling at 1x).
  @Test func framesInTheSheetsAreTheReferenceFrames() throws {
    let (_, out) = try Self.build(try Self.nativePack()) { $0.exactColors = true }
    let catalog = try Catalog(paths: [out + "/anim.pack"])
    let sheets = SpriteSheets(catalog: catalog)
    let ref = try #require(catalog.lookup(tag: "[a]"))
    let reference = [UInt8](
      try Data(contentsOf: URL(fileURLWithPath: Self.animationFixtures + "/loop-transparent.gif.rgba")))
    for frame in 0..<2 {
      let pixels = try sheets.pixels(of: ref, frame: frame, scale: 1)
      let same = pixels.pixels == Array(reference[(frame * 144)..<((frame + 1) * 144)])
      #expect(same, "frame \(frame) differs from the reference")
    }
    #expect(throws: SpriteError.self) { try sheets.pixels(of: ref, frame: 2, scale: 1) }
  }

  /// Weibo's `gif` beside its `png`: the GIF animates, the png is the still with its own image.
  @Test func weiboGifWithItsStillPng() throws {
    let dir = Support.tempDir("weibo-gif") + "/w"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try Self.copy("loop-transparent.gif", to: dir, as: "d_a.gif")
    try Support.writePNG(Support.generated(5, side: 64), to: dir + "/d_a@2x.png")
    try Support.writePNG(Support.generated(6, side: 64), to: dir + "/d_b@2x.png")
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>id</key><string>wg</string><key>emoticons</key><array>
      <dict><key>chs</key><string>[动]</string><key>png</key><string>d_a.png</string><key>gif</key><string>d_a.gif</string><key>type</key><string>0</string></dict>
      <dict><key>chs</key><string>[静]</string><key>png</key><string>d_b.png</string><key>gif</key><string>d_missing.gif</string><key>type</key><string>0</string></dict>
      </array></dict></plist>
      """
    try plist.write(toFile: dir + "/info.plist", atomically: true, encoding: .utf8)
    let (report, out) = try Self.build(dir) { $0.scales = [1, 2] }
    #expect(report.diagnostics.contains { $0.code == .gifIgnored && $0.message.contains("d_missing.gif") })
    let catalog = try Catalog(paths: [out + "/wg.pack"])
    let moving = try #require(catalog.lookup(tag: "[动]"))
    let animation = try #require(try catalog.animation(moving))
    #expect(animation.frameCount == 2)
    // The still is the png, not a frame: its rectangle is none of the frames'.
    let pngStill = try catalog.sprite(moving, scale: 2)
    for frame in 0..<2 {
      let f = try catalog.sprite(moving, frame: frame, scale: 2)
      #expect((f.x, f.y) != (pngStill.x, pngStill.y))
    }
    let still = try #require(catalog.lookup(tag: "[静]"))
    #expect(try catalog.animation(still) == nil)
  }

  @Test func brokenAndHugeAnimationsAreErrorsNamingTheFile() throws {
    let dir = Support.tempDir("anim-bad") + "/bad"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let gif = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.animationFixtures + "/disposals.gif")))
    try Data(gif.prefix(gif.count / 2)).write(to: URL(fileURLWithPath: dir + "/cut.gif"))
    var many = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
    for _ in 0..<10_000 { many += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0] }
    try Data(many + [0x3B]).write(to: URL(fileURLWithPath: dir + "/many.gif"))
    let json =
      #"{"id": "bad", "size": 8, "emoticons": [{"image": "cut.gif", "tags": ["[cut]"]}, {"image": "many.gif", "tags": ["[many]"]}]}"#
    try json.write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    let error = #expect(throws: BuildError.self) { try Self.build(dir) }
    guard case .invalidInput(let d)? = error else {
      Issue.record("expected invalid input, got \(String(describing: error))")
      return
    }
    let cut = d.items.first { $0.code == .animationCorrupt }
    #expect(cut?.message.hasPrefix("animation 'cut.gif': truncated at byte") == true)
    let huge = d.items.first { $0.code == .animationTooLarge }
    #expect(huge?.message == "animation 'many.gif': 1001 frames or more, over the limit of 1000")
  }

  @Test func buildsAreDeterministicAndUpToDate() throws {
    let pack = try Self.nativePack()
    let (_, a) = try Self.build(pack)
    let (_, b) = try Self.build(pack) { $0.jobs = 1 }
    #expect(try FolderSnapshot.contents(a) == FolderSnapshot.contents(b))
    var o = BuildOptions(outputDirectory: a)
    o.cacheDirectory = a + ".cache"
    o.effort = .fast
    #expect(try PackBuilder(options: o).build(paths: [pack]).packs[0].upToDate)
  }
}

@Suite struct EmoticonAnimationTests {
  /// The frame at every millisecond against a walk through the frames written out here, for random delays and
  /// loop counts; the next change is where the frame changes.
  @Test func frameAtTimeAgainstAWalk() {
    var g = SplitMix(seed: 21)
    for _ in 0..<60 {
      let delays = (0..<(1 + Int(g.next() % 6))).map { _ in 1 + Int(g.next() % 40) }
      let loop = Int(g.next() % 4)
      let a = EmoticonAnimation(ref: EmoticonRef(pack: 0, entry: 0), delays: delays, loopCount: loop, stillFrame: 0)
      let play = delays.reduce(0, +)
      let horizon = play * (loop == 0 ? 3 : loop + 1) + 5
      var expected: [Int] = []
      for p in 0..<(loop == 0 ? 3 : loop) {
        _ = p
        for (i, d) in delays.enumerated() { expected += Array(repeating: i, count: d) }
      }
      while expected.count < horizon { expected.append(loop == 0 ? expected[expected.count - play] : delays.count - 1) }
      for t in 0..<horizon {
        #expect(a.frame(at: t) == expected[t], "delays \(delays) loop \(loop) t \(t)")
        if let next = a.nextChange(after: t) {
          #expect(next > t && a.frame(at: next) != a.frame(at: next - 1), "next change \(next) after \(t)")
          if next - 1 > t { #expect(a.frame(at: next - 1) == a.frame(at: t)) }
        } else {
          #expect(delays.count == 1 || (loop > 0 && t >= play * loop - delays.last!), "nil at \(t)")
        }
      }
    }
  }

  @Test func playerCountsFromItsStart() {
    let a = EmoticonAnimation(ref: EmoticonRef(pack: 0, entry: 0), delays: [100, 200], loopCount: 1, stillFrame: 0)
    let player = AnimationPlayer(a, startTime: 10)
    #expect(player.frame(at: 9) == 0 && player.frame(at: 10.15) == 1 && player.frame(at: 99) == 1)
    #expect(player.nextChange(after: 10) == 10.1 && player.nextChange(after: 10.15) == nil)
    #expect(player.frame(at: .nan) == 0 && player.frame(at: .infinity) == 1)
  }
}
