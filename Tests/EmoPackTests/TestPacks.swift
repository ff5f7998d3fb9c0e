import EmoPack
import EmoPackFormat
import Foundation
import TestSupport

/// Packs made in code for the runtime tests.
enum TestPacks {
  static func sheet(_ id: String, _ scale: Int) -> SheetRecord {
    SheetRecord(
      fileName: "\(id)@\(scale)x.png", scale: scale, page: 0, width: 340 * scale, height: 340 * scale, byteSize: 1,
      sha256: [UInt8](repeating: 0, count: 32))
  }

  static func image(_ i: Int, _ tags: [String], emoji: String? = nil) -> PackEntry {
    PackEntry(kind: .image, tags: tags, emoji: emoji, image: i)
  }

  /// Image `i` on a grid of 34-point cells at each of `scales` (sheet `k` serves the `k`-th scale).
  static func images(_ count: Int, scales: [Int]) -> [PackImage] {
    (0..<count).map { i in
      PackImage(
        placements: scales.enumerated().map { k, s in
          SpritePlacement(
            sheet: k, x: (1 + (i % 10) * 34) * s, y: (1 + (i / 10) * 34) * s, width: 32 * s, height: 32 * s)
        })
    }
  }

  static let defaultPack = PackContents(
    id: "default", version: "1",
    names: [
      LocalizedName(locale: "en", name: "Default"), LocalizedName(locale: "zh-Hans", name: "默认"),
      LocalizedName(locale: "zh-Hant", name: "默認"),
    ],
    pointSize: 32, scales: [1, 2], sheets: [sheet("default", 1), sheet("default", 2)],
    images: images(5, scales: [1, 2]),
    entries: [
      image(0, ["[哈哈]", "[haha]"], emoji: "😆"),
      image(1, ["[爱你]", "[愛你]", "[love]"]),
      image(2, ["[心]", "[heart]"], emoji: "❤️"),
      image(3, ["[泪]", "[淚]"]),
      image(4, ["[ok]"]),
    ])

  static let emojiPack = PackContents(
    id: "emoji", version: "1", names: [LocalizedName(locale: "en", name: "Emoji")], pointSize: 32, scales: [1],
    sheets: [],
    images: [],
    entries: [
      "😀", "👨‍👩‍👧‍👦", "👍🏽", "👍", "🇨🇳", "🇯🇵", "1️⃣", "#️⃣", "😆", "👩‍💻", "🏳️‍🌈", "©️",
    ].map { PackEntry(kind: .emoji, tags: [], emoji: $0, image: nil) })

  /// A second pack that reuses `[哈哈]`: the first pack must win.
  static let otherPack = PackContents(
    id: "other", version: "1", names: [], pointSize: 32, scales: [1], sheets: [sheet("other", 1)],
    images: images(2, scales: [1]), entries: [image(0, ["[哈哈]"]), image(1, ["[独有]"])])

  static func catalog(_ packs: [PackContents] = [defaultPack, emojiPack, otherPack]) throws -> Catalog {
    Catalog(packs: try packs.map { try PackFileReader(bytes: try PackWriter.write($0)) })
  }
}
