import EmoPack
import EmoPackFormat
import TestSupport
import Testing

/// Search order exactly as docs/RUNTIME.md states it, against a brute-force ranking written from that rule:
/// ranks first; within a rank, packs in tab order; within a pack, the entry's first keyword of that rank by the
/// bytes of its folded UTF-8, then the entry; the exact rank's emoji match first in its pack.
@Suite struct SearchOrderTests {
  /// Scalars keywords and queries are drawn from: Latin (with an accent and a case pair), CJK, kana, a digit.
  static let alphabet: [String] = ["a", "b", "c", "é", "E", "笑", "哈", "爱", "微", "脸", "か", "1", " "]

  static func word(_ rng: inout SplitMix, length: ClosedRange<Int>) -> String {
    String((0..<Int.random(in: length, using: &rng)).map { _ in Character(alphabet.randomElement(using: &rng)!) })
  }

  /// A pack of `count` entries with random tags, codes and keywords in two locales.
  static func pack(_ id: String, count: Int, _ rng: inout SplitMix) -> PackContents {
    var used = Set<String>()
    var entries: [PackEntry] = []
    for i in 0..<count {
      var tags: [String] = []
      for _ in 0..<Int.random(in: 0...2, using: &rng) {
        let t = "[" + word(&rng, length: 1...4).trimmingCharacters(in: .whitespaces) + "]"
        if t.count > 2, used.insert(t).inserted { tags.append(t) }
      }
      var codes: [String] = []
      if Bool.random(using: &rng) {
        let c = "/" + word(&rng, length: 1...3).trimmingCharacters(in: .whitespaces)
        if c.count > 1, used.insert(c).inserted { codes.append(c) }
      }
      if tags.isEmpty && codes.isEmpty { tags = ["[\(id)\(i)]"] }
      let keywords = (0..<Int.random(in: 0...3, using: &rng)).compactMap { _ -> PackKeyword? in
        let t = word(&rng, length: 1...6).trimmingCharacters(in: .whitespaces)
        return t.isEmpty
          ? nil : PackKeyword(text: t, locale: Bool.random(using: &rng) ? "en" : "zh-Hans", source: .manifest)
      }
      entries.append(
        PackEntry(kind: .image, tags: tags, emoji: nil, image: i, codes: codes, keywords: keywords))
    }
    return PackContents(
      id: id, version: "1", names: [], pointSize: 8, scales: [1],
      sheets: [
        SheetRecord(
          fileName: "\(id).png", scale: 1, page: 0, width: 64, height: 64, byteSize: 1,
          sha256: [UInt8](repeating: 0, count: 32))
      ],
      images: (0..<count).map { _ in
        PackImage(placements: [SpritePlacement(sheet: 0, x: 0, y: 0, width: 8, height: 8)])
      },
      entries: entries)
  }

  /// The documented ranking, by folding every key and keyword of every entry.
  static func reference(
    _ packs: [PackContents], query: String, locales: [String]
  ) -> [SearchResult.Match: [EmoticonRef]] {
    let q = Array(KeywordFold.compared(query).utf8)
    var out: [SearchResult.Match: [EmoticonRef]] = [:]
    guard !q.isEmpty else { return out }
    var ranked: [(match: SearchResult.Match, pack: Int, key: [UInt8], entry: Int)] = []
    for (p, pack) in packs.enumerated() {
      for (e, entry) in pack.entries.enumerated() {
        var texts = entry.keys.map { (Array(KeywordFold.compared($0.text).utf8), true) }
        for k in entry.keywords
        where locales.isEmpty || locales.contains(where: { ($0 == "zh" && k.locale == "zh-Hans") || $0 == k.locale }) {
          texts.append((Array(KeywordFold.fold(k.text).utf8), false))
        }
        var best: (match: SearchResult.Match, key: [UInt8])?
        for (t, isKey) in texts {
          let m: SearchResult.Match? =
            isKey && t == q
            ? .exactKey : t.starts(with: q) ? .prefix : t.count >= q.count && containsBytes(t, q) ? .contains : nil
          guard let m else { continue }
          if best == nil || m < best!.match || (m == best!.match && t.lexicographicallyPrecedes(best!.key)) {
            best = (m, t)
          }
        }
        if let best { ranked.append((best.match, p, best.key, e)) }
      }
    }
    ranked.sort { a, b in
      if a.match != b.match { return a.match < b.match }
      if a.pack != b.pack { return a.pack < b.pack }
      if a.key != b.key { return a.key.lexicographicallyPrecedes(b.key) }
      return a.entry < b.entry
    }
    for r in ranked { out[r.match, default: []].append(EmoticonRef(pack: r.pack, entry: r.entry)) }
    return out
  }

  static func containsBytes(_ t: [UInt8], _ q: [UInt8]) -> Bool {
    (0...(t.count - q.count)).contains { Array(t[$0..<($0 + q.count)]) == q }
  }

  @Test(arguments: 0..<6) func randomQueriesRankAsDocumented(seed: UInt64) throws {
    var rng = SplitMix(seed: 0x5EA7C4 + seed)
    let contents = [
      Self.pack("a", count: 40, &rng), Self.pack("b", count: 25, &rng),
    ]
    let catalog = Catalog(packs: try contents.map { try PackFileReader(bytes: try PackWriter.write($0)) })
    for _ in 0..<150 {
      let query = Self.word(&rng, length: 1...4)
      let locales = [[], ["en"], ["zh"]].randomElement(using: &rng)!
      let expected = Self.reference(contents, query: query, locales: locales)
      let got = Array(catalog.search(query, locales: locales))
      var byRank: [SearchResult.Match: [EmoticonRef]] = [:]
      for r in got { byRank[r.match, default: []].append(r.ref) }
      #expect(got.map(\.match) == got.map(\.match).sorted(), "\(query.debugDescription) \(locales): ranks out of order")
      for rank in [SearchResult.Match.exactKey, .prefix, .contains] {
        #expect(
          byRank[rank] ?? [] == expected[rank] ?? [],
          "\(query.debugDescription) \(locales) \(rank)")
      }
    }
  }

  /// The case the one-scalar `contains` rank got wrong: keywords ending in the scalar and holding it inside are
  /// one run in byte order, not one run per gram.
  @Test func oneCJKCharacterContainsInByteOrder() throws {
    let words = ["喜笑颜开", "假笑", "咧嘴笑", "墨镜笑脸", "开玩笑", "微笑", "苦笑"]
    let contents = PackContents(
      id: "zh", version: "1", names: [], pointSize: 8, scales: [1],
      sheets: [
        SheetRecord(
          fileName: "zh.png", scale: 1, page: 0, width: 64, height: 64, byteSize: 1,
          sha256: [UInt8](repeating: 0, count: 32))
      ],
      images: words.map { _ in PackImage(placements: [SpritePlacement(sheet: 0, x: 0, y: 0, width: 8, height: 8)]) },
      entries: words.enumerated().map { i, w in
        PackEntry(
          kind: .image, tags: ["[t\(i)]"], emoji: nil, image: i,
          keywords: [PackKeyword(text: w, locale: "zh-Hans", source: .manifest)])
      })
    let catalog = Catalog(packs: [try PackFileReader(bytes: try PackWriter.write(contents))])
    let got = catalog.search("笑", locales: ["zh"]).first(20).map(\.keyword)
    let sorted = words.filter { !$0.hasPrefix("笑") }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    #expect(got == sorted)
  }
}
