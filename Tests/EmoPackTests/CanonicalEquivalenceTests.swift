import EmoPack
import EmoPackFormat
import Foundation
import TestSupport
import Testing

/// Tags and shortcodes match typed in any canonically equivalent form; literal codes match as written.
///
/// Forms: decomposed (as macOS and some keyboards write text), marks in another order, singletons such as
/// U+212A KELVIN SIGN; each finds the NFC key the pack holds. Checked against the reference tokenizer, whose Swift `String` keys compare by
/// canonical equivalence, and through the delete key and the edit model.
@Suite struct CanonicalEquivalenceTests {
  /// A long Hangul tag: 62 bytes as syllables, 182 as jamo, so a typed form crosses the edit model's chunks.
  static let longTag = "[" + String(repeating: "\u{C6C3}", count: 20) + "]"

  static let pack = PackContents(
    id: "accents", version: "1", names: [], pointSize: 32, scales: [1], sheets: [TestPacks.sheet("accents", 1)],
    images: TestPacks.images(5, scales: [1]),
    entries: [
      PackEntry(
        kind: .image, tags: ["[caf\u{E9}]", "[\u{C6C3}\u{C74C}]"], emoji: nil, image: 0,
        codes: [":caf\u{E9}:", "/ol\u{E9}"]),
      PackEntry(kind: .image, tags: ["[\u{304C}]"], emoji: nil, image: 1, codes: [":\u{AC01}:"]),
      PackEntry(kind: .image, tags: ["[\u{1E0C}\u{307}]", "[K]"], emoji: nil, image: 2),
      PackEntry(kind: .image, tags: ["[\u{390}]"], emoji: nil, image: 3, codes: [":\u{390}:"]),
      PackEntry(kind: .image, tags: [longTag], emoji: nil, image: 4),
    ])

  /// Each key with forms canonically equivalent to it but spelled with other code points.
  static let forms: [(key: String, others: [String])] = [
    ("[caf\u{E9}]", ["[cafe\u{301}]"]),
    ("[\u{C6C3}\u{C74C}]", ["[\u{110B}\u{116E}\u{11BA}\u{110B}\u{1173}\u{11B7}]", "[\u{C6B0}\u{11BA}\u{C74C}]"]),
    ("[\u{304C}]", ["[\u{304B}\u{3099}]"]),
    ("[\u{1E0C}\u{307}]", ["[D\u{323}\u{307}]", "[D\u{307}\u{323}]", "[\u{1E0A}\u{323}]"]),
    ("[K]", ["[\u{212A}]"]),
    ("[\u{390}]", ["[\u{3B9}\u{308}\u{301}]", "[\u{1FBE}\u{308}\u{301}]", "[\u{3CA}\u{301}]", "[\u{3B9}\u{344}]"]),
    (longTag, ["[" + String(repeating: "\u{110B}\u{116E}\u{11BA}", count: 20) + "]"]),
    (":caf\u{E9}:", [":cafe\u{301}:"]),
    (":\u{AC01}:", [":\u{1100}\u{1161}\u{11A8}:", ":\u{AC00}\u{11A8}:"]),
    (":\u{390}:", [":\u{1FBE}\u{308}\u{301}:", ":\u{3B9}\u{344}:"]),
  ]

  let catalog: Catalog
  let tokenizer: Tokenizer

  init() throws {
    catalog = try TestPacks.catalog([Self.pack, TestPacks.defaultPack, TestPacks.emojiPack])
    tokenizer = Tokenizer(catalog: catalog)
  }

  static let pieces =
    forms.flatMap { [$0.key] + $0.others } + [
      "/ol\u{E9}", "/ole\u{301}", "e", "\u{301}", "\u{308}", "\u{11BA}", "\u{11A8}", "\u{3099}", "[caf", "e]", "[",
      "]", ":", "caf", "\u{AC00}", "\u{1100}", "\u{1161}", "K", "\u{212A}", "\u{3B9}", "D",
    ] + TokenizerReferenceTests.pieces

  func tokens(_ message: String) -> [ReferenceTokenizer.Token] {
    tokenizer.tokenize(message).map { ReferenceTokenizer.Token(kind: $0.kind, utf8Range: $0.utf8Range) }
  }

  @Test func everyEquivalentFormMatchesItsKey() throws {
    for (key, others) in Self.forms {
      let ref = try #require(tokenizer.tokenize(key).count == 1 ? catalog.lookup(tag: key) : nil, "\(key)")
      for form in others {
        #expect(Array(form.utf8) != Array(key.utf8) && form == key, "a test form is equivalent, other bytes")
        let t = tokenizer.tokenize(form)
        #expect(t.map(\.kind) == [.emoticon(ref)], "\(form.unicodeScalars.map(\.value))")
        // The run covers the form as typed, in both units, and joins back to it.
        #expect(t.utf16Range(at: 0) == 0..<form.utf16.count && Tokenizer.plainText(t) == form)
        #expect(catalog.lookup(tag: form) == ref)
        let around = "x" + form + "好"
        #expect(tokenizer.tokenize(around).map(\.kind) == [.text, .emoticon(ref), .text])
      }
    }
    // A literal code matches as written only; a mark after a key's last letter joins it, so nothing matches.
    #expect(tokenizer.tokenize("/ol\u{E9}").map(\.kind) == [.emoticon(EmoticonRef(pack: 0, entry: 0))])
    #expect(tokenizer.tokenize("/ole\u{301}").map(\.kind) == [.text])
    #expect(tokenizer.tokenize("[caf\u{E9}]\u{301}").map(\.kind) == [.text])
    #expect(tokenizer.tokenize(":caf\u{E9}\u{301}:").map(\.kind) == [.text])
    #expect(catalog.lookup(tag: "[cafe\u{302}]") == nil)
  }

  /// A catalog looks misses up again only when one of its keys has another spelling: each kind, as a catalog's
  /// only key, is found typed the other way (a compatibility ideograph, reordered marks, a singleton, Hangul).
  @Test func aCatalogOfOneKeyFindsItsOtherSpelling() throws {
    for (key, other) in [
      ("[\u{8C48}]", "[\u{F900}]"), ("[\u{5D0}\u{5B0}\u{5B1}]", "[\u{5D0}\u{5B1}\u{5B0}]"), ("[OK]", "[O\u{212A}]"),
      ("[\u{D55C}]", "[\u{1112}\u{1161}\u{11AB}]"), (":\u{8C48}:", ":\u{F900}:"),
    ] {
      #expect(Array(key.utf8) != Array(other.utf8) && key == other)
      let isTag = key.hasPrefix("[")
      let pack = PackContents(
        id: "one", version: "1", names: [], pointSize: 32, scales: [1], sheets: [], images: [],
        entries: [PackEntry(kind: .emoji, tags: isTag ? [key] : [], emoji: nil, image: nil, codes: isTag ? [] : [key])])
      let tokenizer = Tokenizer(catalog: try TestPacks.catalog([pack]))
      #expect(
        tokenizer.tokenize("a" + other).map(\.kind) == [.text, .emoticon(EmoticonRef(pack: 0, entry: 0))], "\(key)")
    }
    // Keys of ASCII and CJK ideographs only have one spelling: a tag with a mark typed inside stays text.
    let plain = try TestPacks.catalog([TestPacks.defaultPack])
    #expect(Tokenizer(catalog: plain).tokenize("[ok\u{301}]").map(\.kind) == [.text])
  }

  @Test func randomMixesSplitLikeTheReference() {
    let reference = ReferenceTokenizer(catalog: catalog)
    var g = SplitMix(seed: 3099)
    for round in 0..<1500 {
      // Padding moves the pieces across the scanner's masks and its 1,024-byte ranges.
      var s = String(repeating: "a", count: Int(g.next() % UInt64(round % 10 == 0 ? 1100 : 70)))
      for _ in 0..<Int(1 + g.next() % 14) { s += Self.pieces[Int(g.next() % UInt64(Self.pieces.count))] }
      #expect(tokens(s) == reference.tokenize(s), "\(s.unicodeScalars.map(\.value))")
    }
  }

  @Test func everyCursorDeletesLikeTheReference() {
    ReferenceEditor(reference: ReferenceTokenizer(catalog: catalog)).checkEveryCursor(
      of: tokenizer, Self.pieces, seed: 3100, rounds: 200, pieces: 6)
  }

  /// Random edits in long messages of decomposed keys and their fragments: the model equals one built afresh
  /// (a typed key, longer than its NFC bytes, is within the model's reach on every side).
  @Test func editsAgreeWithAFreshModel() {
    var g = SplitMix(seed: 3101)
    for round in 0..<30 {
      var start = ""
      for _ in 0..<Int(20 + g.next() % 200) { start += Self.pieces[Int(g.next() % UInt64(Self.pieces.count))] }
      var model = EmoticonText(start, tokenizer: tokenizer)
      var source = start
      for step in 0..<30 {
        let length = model.sourceUTF16Count
        let x = Int(g.next() % UInt64(length + 1))
        let y = Int(g.next() % UInt64(length + 1))
        let a = model.wholeTokens(min(x, y)..<max(x, y), in: .source)
        let hi = g.next() % 2 == 0 ? a.lowerBound : a.upperBound
        let result =
          g.next() % 3 == 0
          ? model.deleteBackward(a.lowerBound..<hi, in: .source)
          : model.replace(a.lowerBound..<hi, in: .source, with: Self.pieces[Int(g.next() % UInt64(Self.pieces.count))])
        source = result.source.applied(to: source)
        #expect(model.source == source, "round \(round) step \(step)")
        let same = EmoticonText(source, tokenizer: tokenizer).displayRuns == model.displayRuns
        #expect(same, "round \(round) step \(step): the model differs from one built afresh")
      }
    }
  }
}
