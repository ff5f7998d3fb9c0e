import EmoImage
import EmoPNG
import EmoPack
import EmoPackCompiler
import EmoPackFormat
import EmoPackSprites
import Foundation
import TestSupport
import Testing

/// Animations as aligned strips: an animation's frames trimmed as one and placed side by side in frame order.
@Suite struct StripLayoutTests {
  /// A pack at `size` of the animation fixtures `files` (each fitted into its square unscaled: size is the largest
  /// canvas side), trimmed, at 1x.
  static func pack(_ files: [String], size: Int, maxSide: Int = 2048) throws -> String {
    let dir = Support.tempDir("strip") + "/strip"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var entries: [String] = []
    for (i, f) in files.enumerated() {
      try AnimationBuildTests.copy(f, to: dir)
      entries.append(#"{"image": "\#(f)", "tags": ["[s\#(i)]"]}"#)
    }
    try #"{"id": "strip", "size": \#(size), "scales": [1], "sheet": {"trim": true, "maxSide": \#(maxSide)}, "emoticons": [\#(entries.joined(separator: ","))]}"#
      .write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    return dir
  }

  /// The reference frame `frame` of a fixture (its `.rgba`, as the fixtures' script wrote it) centred in a
  /// `side`-pixel square, as a fitted source is.
  static func reference(_ file: String, width: Int, height: Int, frame: Int, side: Int) throws -> RGBAImage {
    let all = [UInt8](
      try Data(contentsOf: URL(fileURLWithPath: AnimationBuildTests.animationFixtures + "/" + file + ".rgba")))
    let n = width * height * 4
    let image = RGBAImage(width: width, height: height, pixels: Array(all[(frame * n)..<((frame + 1) * n)]))
    return image.placed(left: (side - width) / 2, top: (side - height) / 2, width: side, height: side)
  }

  /// The pixels with colour under zero alpha cleared (no decoder is held to what is invisible).
  static func visible(_ image: RGBAImage) -> [UInt8] {
    var p = image.pixels
    for i in stride(from: 0, to: p.count, by: 4) where p[i + 3] == 0 { p[i] = 0; p[i + 1] = 0; p[i + 2] = 0 }
    return p
  }

  /// Each placement with its ring, for the overlap check.
  static func ringed(_ p: SpritePlacement, ring: Int) -> (sheet: Int, x0: Int, y0: Int, x1: Int, y1: Int) {
    (p.sheet, p.x - ring, p.y - ring, p.x + p.width + ring, p.y + p.height + ring)
  }

  /// Each fixture built alone at its largest canvas side (so that nothing is resampled), trimmed: its distinct
  /// frames share one box and sit side by side in frame order, in rows of as many as fit the sheet; each frame
  /// reads back through the runtime as the reference frame; no two rectangles overlap, rings included.
  @Test(arguments: [2048, 40])
  func framesShareOneBoxSideBySideInFrameOrder(maxSide: Int) throws {
    let files = [("disposals.gif", 12, 10, 5), ("blend-dispose.png", 10, 8, 4), ("local-interlaced.gif", 9, 17, 2)]
    let ring = 1
    for (file, w, h, count) in files {
      let side = max(w, h)
      let (_, out) = try Support.build(try Self.pack([file], size: side, maxSide: maxSide), label: "strip-out") {
        $0.exactColors = true
      }
      let contents = try PackFileReader(contentsOf: out + "/strip.pack").contents()
      let sheets = SpriteSheets(catalog: try Catalog(paths: [out + "/strip.pack"]))
      let animation = contents.animations[try #require(contents.entries[0].animation)]
      #expect(animation.frames.count == count)
      // The distinct frames, in the order they first show.
      var distinct: [Int] = []
      for f in animation.frames where !distinct.contains(f.image) { distinct.append(f.image) }
      let placements = distinct.map { contents.images[$0].placements[0] }
      let first = placements[0]
      #expect(
        placements.allSatisfy {
          $0.width == first.width && $0.height == first.height && $0.left == first.left && $0.top == first.top
            && $0.sheet == first.sheet
        }, "\(file): \(placements)")
      let slot = (w: first.width + 2 * ring, h: first.height + 2 * ring)
      let perRow = max(1, min(distinct.count, maxSide / slot.w))
      for (i, p) in placements.enumerated() {
        #expect(p.x == first.x + (i % perRow) * slot.w && p.y == first.y + (i / perRow) * slot.h, "\(file) frame \(i)")
      }
      if maxSide == 40 && distinct.count > 2 { #expect(perRow < distinct.count, "\(file) wraps") }
      for frame in 0..<count {
        let got = try sheets.pixels(of: EmoticonRef(pack: 0, entry: 0), frame: frame, scale: 1)
        let want = try Self.reference(file, width: w, height: h, frame: frame, side: side)
        #expect(Self.visible(got) == Self.visible(want), "\(file) frame \(frame)")
      }
      for (i, a) in placements.enumerated() {
        for b in placements[(i + 1)...] {
          let (ra, rb) = (Self.ringed(a, ring: ring), Self.ringed(b, ring: ring))
          #expect(!(ra.sheet == rb.sheet && ra.x0 < rb.x1 && rb.x0 < ra.x1 && ra.y0 < rb.y1 && rb.y0 < ra.y1), "\(a) \(b)")
        }
      }
    }
  }

  /// Frames equal to one another, and a still equal to a frame, stay one sprite.
  @Test func equalFramesAndAStillEqualToAFrameAreShared() throws {
    let (_, out) = try AnimationBuildTests.build(try AnimationBuildTests.nativePack()) { $0.exactColors = true }
    let contents = try PackFileReader(contentsOf: out + "/anim.pack").contents()
    let f = try #require(contents.entries.first { $0.tags == ["[f]"] })
    let frames = contents.animations[try #require(f.animation)].frames
    #expect(frames.count == 3 && frames[0].image == frames[2].image && frames[0].image != frames[1].image)
    // [b]'s still is frame 1 (from the manifest): the entry's image is that frame's sprite.
    let b = try #require(contents.entries.first { $0.tags == ["[b]"] })
    #expect(b.image == contents.animations[try #require(b.animation)].frames[1].image)
  }
}
