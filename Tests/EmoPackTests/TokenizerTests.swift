import EmoPack
import EmoPackFormat
import Foundation
import TestSupport
import Testing

@Suite struct TokenizerTests {
  let catalog: Catalog
  let tokenizer: Tokenizer

  init() throws {
    catalog = try TestPacks.catalog()
    tokenizer = Tokenizer(catalog: catalog)
  }

  func kinds(_ s: String) -> [String] {
    tokenizer.tokenize(s).map { t in
      switch t.kind {
      case .text: return "text(\(t.text))"
      case .emoticon(let r): return "emoticon(\(r.pack):\(r.entry) \(t.text))"
      case .emoji(let r): return "emoji(\(r.pack):\(r.entry))"
      }
    }
  }

  @Test func tagsAndTextAreSplit() {
    #expect(kinds("今天[哈哈]好[爱你]") == ["text(今天)", "emoticon(0:0 [哈哈])", "text(好)", "emoticon(0:1 [爱你])"])
  }

  @Test func aliasesMatchTheSameEmoticon() {
    #expect(kinds("[愛你][love]") == ["emoticon(0:1 [愛你])", "emoticon(0:1 [love])"])
  }

  @Test func unknownTagsStayText() {
    #expect(kinds("[not a tag][哈哈") == ["text([not a tag][哈哈)"])
    #expect(kinds("[[哈哈]]") == ["text([)", "emoticon(0:0 [哈哈])", "text(])"])
    #expect(kinds("[]") == ["text([])"])
  }

  @Test func collidingTagResolvesToFirstPack() {
    #expect(catalog.lookup(tag: "[哈哈]") == EmoticonRef(pack: 0, entry: 0))
    #expect(catalog.lookup(tag: "[独有]") == EmoticonRef(pack: 2, entry: 1))
    #expect(catalog.collisions() == [TagCollision(tag: "[哈哈]", winner: "default", shadowed: "other")])
  }

  @Test(arguments: [
    ("👨‍👩‍👧‍👦", 1), ("👍🏽", 2), ("🇨🇳", 4), ("1️⃣", 6), ("#️⃣", 7), ("👩‍💻", 9), ("🏳️‍🌈", 10),
  ])
  func emojiSequencesMatchAsWholeClusters(emoji: String, entry: Int) {
    let tokens = tokenizer.tokenize("a\(emoji)b")
    #expect(tokens.count == 3)
    #expect(tokens[1].kind == .emoji(EmoticonRef(pack: 1, entry: entry)))
    #expect(tokens[1].text == emoji)
  }

  /// Each regional indicator's pairing depends on the run before it: a run of 300,000 is decided once, not walked
  /// back for every flag (tens of billions of steps, stopped by the limit), and pairs as `Character` pairs it.
  @Test(.timeLimit(.minutes(1))) func longRunsOfRegionalIndicatorsPairFromTheirStart() {
    let flags = String(repeating: "🇨🇳", count: 300_000)
    // Shifted by one, the pairs are 🇨🇨 and 🇳🇨, which the catalog does not hold.
    for (message, flagsFound) in [(flags, 300_000), ("a" + flags, 300_000), ("🇨" + flags, 0)] {
      let tokens = tokenizer.tokenize(message)
      let emoji = tokens.filter { if case .emoji = $0.kind { return true } else { return false } }
      #expect(emoji.count == flagsFound)
      #expect(emoji.count == message.filter { $0 == "🇨🇳" }.count)
      #expect(emoji.allSatisfy { $0.text == "🇨🇳" })
      #expect(tokens.map(\.text).joined() == message)
    }
  }

  @Test func heartMatchesWithAndWithoutVariationSelector() {
    #expect(tokenizer.tokenize("❤")[0].kind == .emoji(EmoticonRef(pack: 0, entry: 2)))
    #expect(tokenizer.tokenize("❤️")[0].kind == .emoji(EmoticonRef(pack: 0, entry: 2)))
    #expect(tokenizer.tokenize("©")[0].kind == .emoji(EmoticonRef(pack: 1, entry: 11)))
  }

  @Test func skinToneOfUnknownVariantIsNotSplit() {
    // 👍🏿 is not in the catalog: it must not match 👍 and leave the modifier behind.
    #expect(kinds("👍🏿") == ["text(👍🏿)"])
    #expect(kinds("👍") == ["emoji(1:3)"])
  }

  @Test func flagsPairUpFromTheStart() {
    #expect(kinds("🇨🇳🇯🇵") == ["emoji(1:4)", "emoji(1:5)"])
  }

  @Test func keycapNeedsItsSelector() {
    #expect(kinds("1 and 1️⃣") == ["text(1 and )", "emoji(1:6)"])
  }

  @Test func rangesAreUTF8AndUTF16() {
    let s = "a😀[哈哈]"
    let tokens = tokenizer.tokenize(s)
    #expect(tokens.map(\.utf8Range) == [0..<1, 1..<5, 5..<13])
    #expect(tokens.map(\.utf16Range) == [0..<1, 1..<3, 3..<7])
    let ns = s as NSString
    #expect(ns.substring(with: NSRange(location: 3, length: 4)) == "[哈哈]")
  }

  @Test func emptyAndPlainMessages() {
    #expect(tokenizer.tokenize("").isEmpty)
    #expect(kinds("hello 世界") == ["text(hello 世界)"])
  }

  /// Property: for random messages of tags, emoji, brackets and text, joining the tokens gives the message
  /// back exactly, and the ranges tile it.
  @Test func roundTripOnRandomMessages() {
    let pieces = [
      "[哈哈]", "[愛你]", "[love]", "[nope]", "[", "]", "[[", "😀", "👨‍👩‍👧‍👦", "👍🏽", "👍🏿", "🇨🇳", "🇯", "1️⃣", "1", "❤", "❤️",
      "\u{FE0F}", "\u{200D}", "e\u{301}", "你好", "hello", " ", "\n", "ok", "[ok]", "©", "🏳️‍🌈", "[心]",
    ]
    var g = SplitMix(seed: 42)
    for _ in 0..<2000 {
      var s = ""
      for _ in 0..<Int(g.next() % 12) { s += pieces[Int(g.next() % UInt64(pieces.count))] }
      let tokens = tokenizer.tokenize(s)
      #expect(Tokenizer.plainText(tokens) == s, "round trip of \(s.debugDescription)")
      var u8 = 0
      var u16 = 0
      for t in tokens {
        #expect(t.utf8Range.lowerBound == u8 && t.utf16Range.lowerBound == u16)
        u8 = t.utf8Range.upperBound
        u16 = t.utf16Range.upperBound
        #expect(t.text.utf8.count == t.utf8Range.count && t.text.utf16.count == t.utf16Range.count)
      }
      #expect(u8 == s.utf8.count && u16 == s.utf16.count)
      for (a, b) in zip(tokens, tokens.dropFirst()) { #expect(!(a.kind == .text && b.kind == .text)) }
    }
  }
}

/// The scanner's 16-byte skip, at every offset of its window.
///
/// The scanner skips 16 bytes at a time when none can start a tag or an emoji, looking one and two bytes
/// ahead to rule out common neighbours of emoji lead bytes (CJK and general punctuation, Latin-1 symbols,
/// bare digits). These tests place every near miss at every offset of that window.
@Suite struct ScannerSkipTests {
  let tokenizer: Tokenizer

  static let emoji = ["〰️", "〽️", "㊗️", "㊙️", "‼️", "⁉️", "©️", "®️", "#️⃣", "*️⃣", "5️⃣", "™️", "↔️", "☺️", "😀", "❤"]

  init() throws {
    var entries = Self.emoji.map { PackEntry(kind: .emoji, tags: [], emoji: $0, image: nil) }
    entries.append(PackEntry(kind: .emoji, tags: ["[哈哈]"], emoji: "🤣", image: nil))
    let reader = try PackFileReader(
      bytes: try PackWriter.write(
        PackContents(
          id: "skip", version: "1", names: [], pointSize: 32, scales: [1], sheets: [], images: [], entries: entries)))
    tokenizer = Tokenizer(catalog: Catalog(packs: [reader]))
  }

  func describe(_ s: String, dropping pad: Int = 0) -> [String] {
    tokenizer.tokenize(s).compactMap { t in
      if t.utf8Range.upperBound <= pad { return nil }
      let text = String(
        decoding: s.utf8.dropFirst(max(pad, t.utf8Range.lowerBound)).prefix(
          t.utf8Range.upperBound - max(pad, t.utf8Range.lowerBound)), as: UTF8.self)
      switch t.kind {
      case .text: return "text(\(text))"
      case .emoticon(let r), .emoji(let r): return "match(\(r.entry) \(text))"
      }
    }
  }

  @Test func everyCatalogEmojiIsFoundAtEveryOffset() {
    for (k, e) in Self.emoji.enumerated() {
      for pad in 0..<40 {
        let s = String(repeating: "a", count: pad) + e + "好"
        #expect(describe(s).contains("match(\(k) \(e))"), "\(e) after \(pad) bytes")
      }
    }
  }

  @Test func nearMissesAndMatchesTokenizeTheSameWhereverTheyFall() {
    let pieces = [
      "“", "”", "…", "。", "、", "「", "〰", "〽", "㊗", "㊙", "㊀", "‼", "⁉", "‽", "·", "©", "®", "°", "5", "#", "*",
      "5\u{20E3}", "→", "ぁ", "，", "™", "〰️", "‼️", "©️", "®️", "#️⃣", "5️⃣", "[哈哈]", "[", "😀", "❤", "\u{FE0F}", "x",
    ]
    var g = SplitMix(seed: 7)
    for _ in 0..<400 {
      var s = ""
      for _ in 0..<Int(1 + g.next() % 10) { s += pieces[Int(g.next() % UInt64(pieces.count))] }
      // Short messages take neither the 64-byte candidate masks nor the 16-byte skip near the end; padded ones
      // take both, with the pieces at every position of a mask and across two.
      let reference = describe("\n" + s, dropping: 1)
      for pad in 1..<70 {
        let padded = String(repeating: "\n", count: pad) + s + String(repeating: "\n", count: 70)
        var got = describe(padded, dropping: pad)
        // Compared as bytes: a U+FE0F after "text(" would join the parenthesis into one Character.
        let tail = Array(String(repeating: "\n", count: 70).utf8) + [UInt8(ascii: ")")]
        if let last = got.last, last.utf8.starts(with: "text(".utf8), last.utf8.reversed().starts(with: tail.reversed())
        {
          let kept = Array(last.utf8.dropLast(tail.count)) + [UInt8(ascii: ")")]
          got[got.count - 1] = String(decoding: kept, as: UTF8.self)
          if got[got.count - 1] == "text()" { got.removeLast() }
        } else {
          Issue.record("padded message should end in the padding's text")
        }
        #expect(got == reference, "\(s.debugDescription) after \(pad) line breaks")
      }
    }
  }
}

@Suite struct LongRunTests {
  /// UTF-16 ranges over text runs of thousands of bytes (counted 16 bytes at a time, summed every 2 KiB) agree
  /// with the string's own UTF-16 offsets, 4-byte sequences (two UTF-16 units) included.
  @Test func utf16RangesMatchTheStringOverLongRuns() throws {
    let catalog = try TestPacks.catalog()
    let tokenizer = Tokenizer(catalog: catalog)
    let pieces = ["a", "好", "é", "𠀀", "🀄", "\n", "[nope]", "1", "。"]
    var g = SplitMix(seed: 11)
    for length in [1, 15, 16, 17, 2_000, 2_100, 4_500] {
      var s = ""
      while s.utf8.count < length { s += pieces[Int(g.next() % UInt64(pieces.count))] }
      s += "[哈哈]" + s + "👍🏽" + s
      let tokens = tokenizer.tokenize(s)
      #expect(tokens.filter { $0.kind != .text }.count == 2)
      for t in tokens {
        let lo = s.utf8.index(s.startIndex, offsetBy: t.utf8Range.lowerBound)
        let hi = s.utf8.index(s.startIndex, offsetBy: t.utf8Range.upperBound)
        let u16 = s.utf16.distance(from: s.startIndex, to: lo)..<s.utf16.distance(from: s.startIndex, to: hi)
        #expect(t.utf16Range == u16, "run of \(length)")
      }
      #expect(tokens.last?.utf16Range.upperBound == s.utf16.count)
    }
    // Only 4-byte sequences: the lanes holding their lead bytes gain the most per step.
    let mahjong = String(repeating: "🀄", count: 1_500)
    let s = mahjong + "[哈哈]" + mahjong
    #expect(tokenizer.tokenize(s).map(\.utf16Range) == [0..<3_000, 3_000..<3_004, 3_004..<6_004])
  }
}

@Suite struct EditingTests {
  let tokenizer: Tokenizer
  let catalog: Catalog

  init() throws {
    catalog = try TestPacks.catalog()
    tokenizer = Tokenizer(catalog: catalog)
  }

  @Test func deleteRemovesAWholeTag() {
    let s = "好[哈哈]"
    #expect(tokenizer.deleteBackward(in: s, at: s.utf16.count) == TextEdit(text: "好", cursor: 1))
  }

  @Test func deleteRemovesOneCharacterOfUnknownTag() {
    let s = "[nope]"
    #expect(tokenizer.deleteBackward(in: s, at: 6) == TextEdit(text: "[nope", cursor: 5))
  }

  @Test(arguments: ["👨‍👩‍👧‍👦", "👍🏽", "👍🏿", "🇨🇳", "1️⃣", "❤️", "e\u{301}", "🏳️‍🌈"])
  func deleteRemovesAWholeCluster(cluster: String) {
    let s = "x" + cluster
    #expect(tokenizer.deleteBackward(in: s, at: s.utf16.count) == TextEdit(text: "x", cursor: 1))
  }

  @Test func deleteInsideATagSnapsToItsEnd() {
    let s = "[哈哈]y"
    // Cursor between 哈 and 哈: the whole tag goes.
    #expect(tokenizer.deleteBackward(in: s, at: 2) == TextEdit(text: "y", cursor: 0))
  }

  @Test func deleteInsideASurrogatePairNeverSplitsIt() {
    let s = "a😀"
    #expect(tokenizer.deleteBackward(in: s, at: 2) == TextEdit(text: "a", cursor: 1))
  }

  @Test func deleteAtStartDoesNothing() {
    #expect(tokenizer.deleteBackward(in: "abc", at: 0) == TextEdit(text: "abc", cursor: 0))
  }

  @Test func insertPutsThePrimaryTag() throws {
    let love = try catalog.emoticon(catalog.lookup(tag: "[love]")!)
    #expect(tokenizer.insert(love, into: "ab", at: 1) == TextEdit(text: "a[爱你]b", cursor: 5))
    let family = try catalog.emoticon(catalog.lookup(emoji: "👨‍👩‍👧‍👦")!)
    #expect(tokenizer.insert(family, into: "", at: 0) == TextEdit(text: "👨‍👩‍👧‍👦", cursor: 11))
  }

  @Test func insertInsideATagGoesAfterIt() throws {
    let love = try catalog.emoticon(catalog.lookup(tag: "[love]")!)
    #expect(tokenizer.insert(love, into: "[哈哈]", at: 2) == TextEdit(text: "[哈哈][爱你]", cursor: 8))
  }

  @Test func insertThenDeleteIsIdentity() throws {
    var g = SplitMix(seed: 9)
    let base = "你好[哈哈]👍🏽 ok"
    for ref in [EmoticonRef(pack: 0, entry: 0), EmoticonRef(pack: 0, entry: 3), EmoticonRef(pack: 1, entry: 1)] {
      let e = try catalog.emoticon(ref)
      for _ in 0..<20 {
        let at = Int(g.next() % UInt64(base.utf16.count + 1))
        let inserted = tokenizer.insert(e, into: base, at: at)
        let deleted = tokenizer.deleteBackward(in: inserted.text, at: inserted.cursor)
        #expect(deleted.text == base)
      }
    }
  }
}
