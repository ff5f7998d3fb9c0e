import EmoPack
import EmoPackFormat
import Foundation
import TestSupport
import Testing

/// `Catalog.search`: ranks, folding, locales and paging, against a brute-force reference over every keyword.
@Suite struct SearchTests {
  static func keyword(_ text: String, _ locale: String) -> PackKeyword {
    PackKeyword(text: text, locale: locale, source: .manifest)
  }

  static let pack = PackContents(
    id: "search", version: "1", names: [], pointSize: 32, scales: [1], sheets: [TestPacks.sheet("search", 1)],
    images: TestPacks.images(6, scales: [1]),
    entries: [
      PackEntry(
        kind: .image, tags: ["[微笑]"], emoji: nil, image: 0, codes: ["/::)", ":smile:"],
        keywords: [keyword("笑", "zh-Hans"), keyword("smile", "en"), keyword("happy", "en")]),
      PackEntry(
        kind: .image, tags: ["[爱你]", "[愛你]"], emoji: nil, image: 1,
        keywords: [keyword("爱", "zh-Hans"), keyword("愛", "zh-Hant"), keyword("love", "en")]),
      PackEntry(
        kind: .image, tags: ["[smiley]"], emoji: nil, image: 2, keywords: [keyword("big smile", "en")]),
      PackEntry(kind: .image, tags: ["[café]"], emoji: nil, image: 3, keywords: [keyword("Crème brûlée", "fr")]),
      PackEntry(kind: .image, tags: ["[大笑]"], emoji: "😂", image: 4, keywords: [keyword("哈哈大笑", "zh-Hans")]),
      PackEntry(
        kind: .emoji, tags: [], emoji: "😀", image: nil,
        keywords: [
          PackKeyword(text: "grinning face", locale: "en", source: .cldrName),
          PackKeyword(text: "笑脸", locale: "zh-Hans", source: .cldrKeyword),
          PackKeyword(text: "笑臉", locale: "zh-Hant", source: .cldrName),
        ]),
    ])

  let catalog: Catalog

  init() throws { catalog = try TestPacks.catalog([Self.pack, TestPacks.defaultPack]) }
  init(catalog: Catalog) throws { self.catalog = catalog }

  /// A folded query or key as the reference compares it: a leading `[` or `:` dropped with the `]` or `:` that
  /// closes it, then folded again (the ends may now be spaces).
  static func compared(_ text: String) -> String {
    var q = KeywordFold.fold(text)
    guard q.count > 1, let open = q.first, open == "[" || open == ":" else { return q }
    q.removeFirst()
    if q.count > 1, q.last == (open == "[" ? "]" : ":") { q.removeLast() }
    return KeywordFold.fold(q)
  }

  /// Every entry's best rank for `query`, by reading every keyword and key of every pack.
  func reference(_ query: String, locales: [String] = []) throws -> [EmoticonRef: SearchResult.Match] {
    let q = Self.compared(query)
    var best: [EmoticonRef: SearchResult.Match] = [:]
    if q.isEmpty { return best }
    func offer(_ ref: EmoticonRef, _ m: SearchResult.Match) { best[ref] = min(best[ref] ?? m, m) }
    for (p, pack) in catalog.readers.enumerated() {
      for e in 0..<pack.entryCount {
        let entry = try pack.entry(at: e)
        let ref = EmoticonRef(pack: p, entry: e)
        // The emoji an entry is or stands for, found whole.
        if let emoji = entry.emoji, KeywordFold.fold(emoji) == q { offer(ref, .exactKey) }
        var texts = entry.keys.map { (Self.compared($0.text), true) }
        for k in entry.keywords
        where locales.isEmpty
          || locales.contains(where: { l in
            l == k.locale! || k.locale!.hasPrefix(l + "-") || l.hasPrefix(k.locale! + "-")
          })
        {
          texts.append((KeywordFold.fold(k.text), false))
        }
        for (t, isKey) in texts {
          if isKey && t == q {
            offer(ref, .exactKey)
          } else if t.hasPrefix(q) {
            offer(ref, .prefix)
          } else if t.contains(q) {
            offer(ref, .contains)
          }
        }
      }
    }
    return best
  }

  func check(_ query: String, locales: [String] = []) throws {
    let got = Array(catalog.search(query, locales: locales))
    let expected = try reference(query, locales: locales)
    #expect(Dictionary(got.map { ($0.ref, $0.match) }, uniquingKeysWith: { a, _ in a }) == expected, "\(query)")
    #expect(Set(got.map(\.ref)).count == got.count, "each entry once: \(query)")
    #expect(got.map(\.match) == got.map(\.match).sorted(), "ranked: \(query)")
  }

  @Test func ranksExactKeysThenPrefixesThenContains() throws {
    let r = Array(catalog.search("smile"))
    #expect(r.first?.ref == EmoticonRef(pack: 0, entry: 0) && r.first?.match == .exactKey)
    #expect(r.first { $0.ref == EmoticonRef(pack: 0, entry: 2) }?.match == .prefix)
    // A keyword containing the query, not at its start.
    #expect(Array(catalog.search("大笑")).map(\.match) == [.exactKey])
    #expect(catalog.search("笑").contains { $0.ref == EmoticonRef(pack: 0, entry: 4) && $0.match == .contains })
    for q in ["smile", "sm", "s", ":smile:", "[微笑]", "笑", "大", "哈", "lov", "ove", "face", "e", "/::", ")", "ü", "cafe"]
    {
      try check(q)
    }
  }

  /// A query drops a leading `[` or `:` only with the `]` or `:` that closes it: `/::` is the start of `/::)` and
  /// `/::(`, not of `/:8-)`; a literal code that starts with `:` is found exactly as typed.
  @Test func literalCodesCompareAsTyped() throws {
    let pack = PackContents(
      id: "codes", version: "1", names: [], pointSize: 32, scales: [1], sheets: [TestPacks.sheet("codes", 1)],
      images: TestPacks.images(4, scales: [1]),
      entries: [
        PackEntry(kind: .image, tags: ["[微笑]"], emoji: nil, image: 0, codes: ["/::)", ":smile:"]),
        PackEntry(kind: .image, tags: ["[酷]"], emoji: nil, image: 1, codes: ["/:8-)"]),
        PackEntry(kind: .image, tags: ["[笑]"], emoji: nil, image: 2, codes: [":-)", ":a b:"]),
        PackEntry(kind: .image, tags: ["[难过]"], emoji: nil, image: 3, codes: ["/::(", "：（"]),
      ])
    let catalog = try TestPacks.catalog([pack])
    func found(_ q: String) -> [Int: SearchResult.Match] {
      Dictionary(catalog.search(q).map { ($0.ref.entry, $0.match) }, uniquingKeysWith: { a, _ in a })
    }
    #expect(found("/::") == [0: .prefix, 3: .prefix])
    #expect(found("/:") == [0: .prefix, 1: .prefix, 3: .prefix])
    #expect(found(":-)")[2] == .exactKey && found(":-")[2] == .prefix)
    #expect(found(":a b:")[2] == .exactKey && found("：（")[3] == .exactKey)
    #expect(found(":smile:") == [0: .exactKey] && found(":smi") == [0: .prefix] && found("[微笑]")[0] == .exactKey)
    #expect(found("[微")[0] == .prefix && found("微笑]").isEmpty)
    #expect(catalog.search("/::").comparedQuery == "/::" && catalog.search("[微笑]").comparedQuery == "微笑")
    let reference = try SearchTests(catalog: catalog)
    for q in [
      "/::", "/:", ":-)", ":-", ":a b:", ":a", "：（", "(", ":smile:", "smile", "[微笑]", "[微", "微笑]", "[x", "[", ":", "::",
    ] {
      try reference.check(q)
    }
  }

  @Test func foldsCaseWidthAndLatinAccents() throws {
    #expect(catalog.search("ＳＭＩＬＥ").first(1).first?.ref == EmoticonRef(pack: 0, entry: 0))
    #expect(catalog.search("CAFE").first(1).first?.match == .exactKey)
    #expect(catalog.search("creme brulee").first(1).first?.ref == EmoticonRef(pack: 0, entry: 3))
    #expect(catalog.search("Cre\u{300}me").first(1).first?.ref == EmoticonRef(pack: 0, entry: 3))
    #expect(KeywordFold.fold("  Ｈｅｌｌｏ\u{3000} Wörld ") == "hello world")
  }

  @Test func simplifiedAndTraditionalFindTheSameEntry() throws {
    let love = EmoticonRef(pack: 0, entry: 1)
    #expect(catalog.search("爱").first(1).first?.ref == love)
    #expect(catalog.search("愛").first(1).first?.ref == love)
    #expect(catalog.search("笑臉").contains { $0.ref == EmoticonRef(pack: 0, entry: 5) })
  }

  @Test func localesLimitKeywordsButNeverKeys() throws {
    let zh = Array(catalog.search("smile", locales: ["zh"]))
    // `:smile:` and `[smiley]` are keys; "big smile" is an English keyword.
    #expect(zh.map(\.ref).contains(EmoticonRef(pack: 0, entry: 0)))
    #expect(zh.first { $0.ref == EmoticonRef(pack: 0, entry: 2) }?.keyword == "[smiley]")
    #expect(Array(catalog.search("big", locales: ["zh"])).isEmpty)
    #expect(Array(catalog.search("big", locales: ["en"])).count == 1)
    #expect(catalog.search("笑臉", locales: ["zh-Hans"]).first(5).isEmpty)
    #expect(catalog.search("笑臉", locales: ["zh"]).first(5).count == 1)
    #expect(catalog.search("grinning", locales: ["en-GB"]).first(5).count == 1)
    for q in ["smile", "笑", "e", "爱", "愛"] {
      for locales in [["zh"], ["zh-Hant"], ["en"], ["fr", "en"]] { try check(q, locales: locales) }
    }
  }

  /// A result names the locale of the keyword that matched, and none for a key.
  @Test func resultsCarryTheMatchedKeywordsLocale() throws {
    let face = try #require(catalog.search("笑臉").first(1).first)
    #expect(face.keyword == "笑臉" && face.locale == "zh-Hant")
    let key = try #require(catalog.search("smile").first(1).first)
    #expect(key.match == .exactKey && key.keyword == ":smile:" && key.locale == nil)
    let happy = try #require(catalog.search("happy").first(1).first)
    #expect(happy.locale == "en")
    // Every result's locale is its keyword's own, found by reading the entry's keywords.
    for q in ["笑", "e", "爱", "smile", "face", "😀", "😂"] {
      for r in catalog.search(q) {
        let entry = try catalog.emoticon(r.ref)
        if let l = r.locale {
          #expect(entry.keywords.contains { $0.text == r.keyword && $0.locale == l }, "\(q): \(r)")
        } else {
          #expect((entry.tags + entry.codes + [entry.emoji ?? ""]).contains(r.keyword), "a key: \(q): \(r)")
        }
      }
    }
  }

  /// The emoji itself finds the entries that are it or stand for it, in every pack, first; selectors aside.
  @Test func anEmojiFindsItsEntries() throws {
    let grin = Array(catalog.search("😀"))
    #expect(grin.first?.ref == EmoticonRef(pack: 0, entry: 5) && grin.first?.match == .exactKey)
    #expect(grin.first?.keyword == "😀" && grin.first?.locale == nil)
    let joy = Array(catalog.search("😂"))
    #expect(joy.first?.ref == EmoticonRef(pack: 0, entry: 4) && joy.first?.match == .exactKey)
    #expect(joy.first?.keyword == "😂")
    for q in ["😀", "😂", "😀\u{FE0F}", " 😂 ", ":😂:", "❤️", "❤", "👍", "👍🏽", "😀😀", "1\u{20E3}"] { try check(q) }
    // Every emoji of every pack, as typed and without its selectors.
    for (p, pack) in catalog.readers.enumerated() {
      for e in 0..<pack.entryCount {
        guard let emoji = try pack.entry(at: e).emoji else { continue }
        let bare = String(String.UnicodeScalarView(emoji.unicodeScalars.filter { $0.value != 0xFE0F }))
        for q in [emoji, bare] {
          #expect(catalog.search(q).contains { $0.ref == EmoticonRef(pack: p, entry: e) && $0.match == .exactKey })
          try check(q)
        }
      }
    }
  }

  @Test func randomQueriesAgreeWithTheReference() throws {
    var g = SplitMix(seed: 31)
    let alphabet = Array("smilecafébrû笑大哈爱愛臉脸face:[]/)lovegrin 😀😂❤️")
    for _ in 0..<400 {
      var q = ""
      for _ in 0..<Int(1 + g.next() % 4) { q.append(alphabet[Int(g.next() % UInt64(alphabet.count))]) }
      try check(q)
    }
  }

  /// Flips every `step`th byte of a pack with keywords three ways; returns how many searches ran.
  ///
  /// Search and the tokenizer never trap, and every result names an entry that exists, once.
  static func searchSurvivesByteFlips(step: Int) throws -> Int {
    let bytes = try PackWriter.write(Self.pack)
    var searched = 0
    for i in stride(from: 0, to: bytes.count, by: step) where !(10...11).contains(i) {
      for mask: UInt8 in [0x01, 0x80, 0xFF] {
        var copy = bytes
        copy[i] ^= mask
        guard let reader = try? PackFileReader(bytes: copy) else { continue }
        let catalog = Catalog(packs: [reader])
        for q in ["smile", "笑", "e", "爱你", "café"] {
          let results = Array(catalog.search(q))
          #expect(Set(results.map(\.ref)).count == results.count)
          #expect(results.allSatisfy { $0.ref.pack == 0 && $0.ref.entry < reader.entryCount })
          searched += 1
        }
        _ = Tokenizer(catalog: catalog).tokenize("[微笑]/::):smile:😀")
      }
    }
    return searched
  }

  /// Every fourth byte (`SearchStressTests` flips every byte).
  @Test func searchSurvivesSampledByteFlips() throws {
    #expect(try Self.searchSurvivesByteFlips(step: 4) > 250)
  }

  @Test func resultsPageLikeACategory() throws {
    // 120 entries all keyed "k…": five pages of 23, the last one short.
    let many = PackContents(
      id: "many", version: "1", names: [], pointSize: 32, scales: [1], sheets: [], images: [],
      entries: (0..<120).map {
        PackEntry(kind: .emoji, tags: [], emoji: nil, image: nil, codes: [":k\($0):"])
      })
    let catalog = try TestPacks.catalog([many])
    let search = catalog.search("k")
    let all = Array(search).map(\.ref)
    #expect(all.count == 120)
    let pages = KeyboardGrid.standard.pages(all)
    for (i, page) in pages.enumerated() { #expect(search.page(i) == page, "page \(i)") }
    #expect(search.page(pages.count) == nil)
    #expect(catalog.search("zz").page(0) == nil)
    #expect(search.first(23).count == 23)
  }
}

/// Search over every byte flip of a pack.
@Suite(.tags(.stress), .stressOnly) struct SearchStressTests {
  @Test func searchSurvivesEveryByteFlip() throws {
    #expect(try SearchTests.searchSurvivesByteFlips(step: 1) > 1000)
  }
}
