import EmoPackFormat
import Foundation
import Testing

/// Small packs built in code for the format tests.
enum Samples {
  static func sheet(_ name: String, scale: Int, page: Int = 0, side: Int) -> SheetRecord {
    SheetRecord(
      fileName: name, scale: scale, page: page, width: side * scale, height: side * scale, byteSize: 100 * scale,
      sha256: SHA256.hash(Array(name.utf8)))
  }

  /// Three entries: two images (one with an emoji, trimmed at 2x) and an emoji-only entry, at 1x and 2x.
  static let tiny = PackContents(
    id: "tiny", version: "1.0",
    names: [LocalizedName(locale: "en", name: "Tiny"), LocalizedName(locale: "zh-Hans", name: "小")],
    pointSize: 8, scales: [1, 2],
    sheets: [sheet("tiny.png", scale: 1, side: 20), sheet("tiny@2x.png", scale: 2, side: 20)],
    images: [
      PackImage(placements: [
        SpritePlacement(sheet: 0, x: 1, y: 1, width: 8, height: 8),
        SpritePlacement(sheet: 1, x: 2, y: 2, width: 14, height: 12, left: 1, top: 2),
      ]),
      PackImage(placements: [
        SpritePlacement(sheet: 0, x: 11, y: 1, width: 8, height: 8),
        SpritePlacement(sheet: 1, x: 22, y: 2, width: 16, height: 16),
      ]),
    ],
    entries: [
      PackEntry(
        kind: .image, tags: ["[哈哈]", "[haha]"], emoji: "😄", image: 0, animation: 0, codes: [":laugh:"],
        keywords: [
          PackKeyword(text: "happy", locale: "en", source: .manifest),
          PackKeyword(text: "笑", locale: "zh-Hans", source: .manifest),
        ]),
      PackEntry(kind: .image, tags: ["[爱你]", "[愛你]"], emoji: nil, image: 1),
      PackEntry(
        kind: .emoji, tags: [], emoji: "❤️", image: nil,
        keywords: [PackKeyword(text: "red heart", locale: "en", source: .cldrName)]),
    ],
    animations: [
      PackAnimation(
        frames: [PackAnimation.Frame(image: 0, duration: 100), PackAnimation.Frame(image: 1, duration: 50)],
        loopCount: 3, still: 1)
    ], trimmed: true)

  /// What `Fixtures/golden/tiny-v1.pack`, written by format 1.0's writer, holds as this reader gives it: the same
  /// entries, one untrimmed image per image entry (1.0 stored one rectangle at 1x for every scale).
  static let tinyV1 = PackContents(
    id: "tiny", version: "1.0",
    names: [LocalizedName(locale: "en", name: "Tiny"), LocalizedName(locale: "zh-Hans", name: "小")],
    pointSize: 8, scales: [1, 2],
    sheets: [sheet("tiny.png", scale: 1, side: 20), sheet("tiny@2x.png", scale: 2, side: 20)],
    images: [
      PackImage(placements: [
        SpritePlacement(sheet: 0, x: 1, y: 1, width: 8, height: 8),
        SpritePlacement(sheet: 1, x: 2, y: 2, width: 16, height: 16),
      ]),
      PackImage(placements: [
        SpritePlacement(sheet: 0, x: 11, y: 1, width: 8, height: 8),
        SpritePlacement(sheet: 1, x: 22, y: 2, width: 16, height: 16),
      ]),
    ],
    entries: [
      PackEntry(kind: .image, tags: ["[哈哈]", "[haha]"], emoji: "😄", image: 0),
      PackEntry(kind: .image, tags: ["[爱你]", "[愛你]"], emoji: nil, image: 1),
      PackEntry(kind: .emoji, tags: [], emoji: "❤️", image: nil),
    ])

  /// `count` image entries on a grid of 8-pixel cells, each with its own image.
  static func large(_ count: Int) -> PackContents {
    let perRow = 256
    let rows = (count + perRow - 1) / perRow
    var entries: [PackEntry] = []
    var images: [PackImage] = []
    entries.reserveCapacity(count)
    for i in 0..<count {
      images.append(
        PackImage(placements: [SpritePlacement(sheet: 0, x: (i % perRow) * 8, y: (i / perRow) * 8, width: 8, height: 8)]
        ))
      entries.append(
        PackEntry(
          kind: .image, tags: ["[e\(i)]"],
          emoji: i % 10 == 0 ? String(UnicodeScalar(0x1F300 + i % 700)!) + "\(i)" : nil, image: i))
    }
    return PackContents(
      id: "large", version: "1", names: [], pointSize: 8, scales: [1],
      sheets: [
        SheetRecord(
          fileName: "large.png", scale: 1, page: 0, width: perRow * 8, height: max(rows, 1) * 8, byteSize: 1,
          sha256: [UInt8](repeating: 0, count: 32))
      ],
      images: images, entries: entries)
  }

  /// The bytes of a golden fixture.
  static func golden(_ name: String) throws -> [UInt8] {
    let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("golden/\(name)")
    return try [UInt8](Data(contentsOf: url))
  }

  /// The source folder of the fixtures, for re-recording golden files with RECORD=1.
  static let sourceFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures")

  /// Compares `actual` with the golden file `name`, or rewrites it when RECORD=1.
  static func assertGolden(_ actual: [UInt8], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
  {
    if ProcessInfo.processInfo.environment["RECORD"] == "1" {
      try Data(actual).write(to: sourceFixtures.appendingPathComponent("golden/\(name)"))
      return
    }
    let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("golden/\(name)")
    let expected = try [UInt8](Data(contentsOf: url))
    #expect(
      actual == expected, "golden \(name) differs; RECORD=1 swift test re-records it", sourceLocation: sourceLocation)
  }
}
