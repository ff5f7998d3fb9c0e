import EmoPack
import EmoPackFormat
import Foundation
import TestSupport
import Testing

/// Codes and shortcodes (format 2.2) in the tokenizer, the delete key and the edit model, checked against the
/// reference tokenizer on Swift's `Character`s.
@Suite struct TokenizerCodeTests {
  /// Codes sharing prefixes (`/::)`, `/::(`, `/::`, `/::)!`), chaining ones (`ab`, `ba`), shortcodes with a shared stem,
  /// codes next to emoji and marks, an entry with codes only, and the test packs' tags and emoji.
  static let codePack = PackContents(
    id: "codes", version: "1", names: [], pointSize: 32, scales: [1], sheets: [TestPacks.sheet("codes", 1)],
    images: TestPacks.images(8, scales: [1]),
    entries: [
      PackEntry(kind: .image, tags: ["[微笑]"], emoji: nil, image: 0, codes: ["/微笑", "/::)", ":smile:"]),
      PackEntry(kind: .image, tags: ["[难过]"], emoji: nil, image: 1, codes: ["/::(", ":sad:"], insertsCode: true),
      PackEntry(kind: .image, tags: [], emoji: nil, image: 2, codes: ["/::", ":smile_cat:"]),
      PackEntry(kind: .image, tags: [], emoji: nil, image: 3, codes: ["ab"]),
      PackEntry(kind: .image, tags: [], emoji: nil, image: 4, codes: ["ba"]),
      PackEntry(kind: .image, tags: [], emoji: nil, image: 5, codes: ["😀x", "x\u{301}"]),
      PackEntry(kind: .image, tags: [], emoji: nil, image: 6, codes: [":+1:", "<3"]),
      PackEntry(kind: .image, tags: ["[ok]"], emoji: nil, image: 7, codes: ["/ok"]),
      // Longer codes sharing four leading bytes with shorter ones, and a literal code longer than a shortcode it
      // starts with.
      PackEntry(kind: .emoji, tags: [], emoji: nil, image: nil, codes: ["/微笑呀", "/::)!", ":smile:!"]),
    ])

  let catalog: Catalog
  let tokenizer: Tokenizer

  init() throws {
    catalog = try TestPacks.catalog([Self.codePack, TestPacks.defaultPack, TestPacks.emojiPack])
    tokenizer = Tokenizer(catalog: catalog)
  }

  static let pieces =
    [
      "/微笑", "/微笑呀", "/微", "/::)", "/::)!", "/::(", "/::", "/:", "/", ":", ":smile:!", "!", "::", ":smile:",
      ":smile_cat:", ":smile", ":sad:", ":nope:",
      ": smile:", ":smi le:", ":+1:", "<3", "<", "ab", "ba", "a", "b", "😀x", "x\u{301}", "x", "/ok", "/okay", "[ok]",
    ] + TokenizerReferenceTests.pieces

  func tokens(_ message: String) -> [ReferenceTokenizer.Token] {
    tokenizer.tokenize(message).map { ReferenceTokenizer.Token(kind: $0.kind, utf8Range: $0.utf8Range) }
  }

  @Test func codesMatchLeftmostLongestOnWholeCharacters() {
    let ref0 = EmoticonRef(pack: 0, entry: 0)
    let ref1 = EmoticonRef(pack: 0, entry: 1)
    let ref2 = EmoticonRef(pack: 0, entry: 2)
    #expect(tokenizer.tokenize("/::)").map(\.kind) == [.emoticon(ref0)])
    #expect(tokenizer.tokenize("/::(").map(\.kind) == [.emoticon(ref1)])
    #expect(tokenizer.tokenize("/::x").map(\.kind) == [.emoticon(ref2), .text])
    #expect(tokenizer.tokenize(":smile_cat::smile:").map(\.kind) == [.emoticon(ref2), .emoticon(ref0)])
    // Unknown shortcodes stay text; the closing colon may open the next one.
    #expect(Array(tokenizer.tokenize(":nope:smile:").map(\.text)) == [":nope", ":smile:"])
    #expect(tokenizer.tokenize(": smile:").map(\.kind) == [.text])
    // Chained codes: the leftmost wins, then the next from where it ends.
    #expect(Array(tokenizer.tokenize("abab").map(\.text)) == ["ab", "ab"])
    #expect(Array(tokenizer.tokenize("babab").map(\.text)) == ["ba", "ba", "b"])
    // A code never ends inside a Character: `x` + two marks is one Character longer than the code `x◌́`.
    #expect(tokenizer.tokenize("x\u{301}\u{301}").map(\.kind) == [.text])
    #expect(tokenizer.tokenize("x\u{301}").map(\.kind) == [.emoticon(EmoticonRef(pack: 0, entry: 5))])
    // Nor starts inside one: after a prepend mark the `/` joins it.
    #expect(tokenizer.tokenize("\u{0600}/ok").map(\.text) == ["\u{0600}/ok"])
    #expect(tokens("\u{0600}/ok") == ReferenceTokenizer(catalog: catalog).tokenize("\u{0600}/ok"))
    // An emoji-led code beats the emoji alone.
    #expect(tokenizer.tokenize("😀x").map(\.kind) == [.emoticon(EmoticonRef(pack: 0, entry: 5))])
    #expect(tokenizer.tokenize("😀y").map(\.kind) == [.emoji(EmoticonRef(pack: 2, entry: 0)), .text])
    // Tags keep their rules beside codes.
    #expect(
      tokenizer.tokenize("/ok[ok][哈哈]").map(\.kind) == [
        .emoticon(EmoticonRef(pack: 0, entry: 7)), .emoticon(EmoticonRef(pack: 0, entry: 7)),
        .emoticon(EmoticonRef(pack: 1, entry: 0)),
      ])
  }

  /// The code pack without its literal code at ':' (`:smile:!`): shortcodes then take the scanner's own path,
  /// found like tags, and literal codes the code matcher's.
  static var codePackWithoutLiteralAtColon: PackContents {
    var pack = codePack
    pack.entries[pack.entries.count - 1].codes.removeAll { $0.hasPrefix(":") }
    return pack
  }

  @Test(arguments: [false, true])
  func randomMixesSplitLikeTheReference(literalAtColon: Bool) throws {
    let catalog =
      literalAtColon
      ? self.catalog
      : try TestPacks.catalog([Self.codePackWithoutLiteralAtColon, TestPacks.defaultPack, TestPacks.emojiPack])
    let tokenizer = Tokenizer(catalog: catalog)
    func tokens(_ message: String) -> [ReferenceTokenizer.Token] {
      tokenizer.tokenize(message).map { ReferenceTokenizer.Token(kind: $0.kind, utf8Range: $0.utf8Range) }
    }
    let reference = ReferenceTokenizer(catalog: catalog)
    var g = SplitMix(seed: 22)
    for round in 0..<2000 {
      var s = String(repeating: round % 2 == 0 ? "a" : "好", count: Int(g.next() % 70) / (round % 2 == 0 ? 1 : 3))
      for _ in 0..<Int(1 + g.next() % 16) { s += Self.pieces[Int(g.next() % UInt64(Self.pieces.count))] }
      #expect(tokens(s) == reference.tokenize(s), "\(s.unicodeScalars.map(\.value))")
    }
    // Long messages: pieces across the scanner's 1,024-byte ranges.
    for _ in 0..<40 {
      var s = ""
      for _ in 0..<Int(200 + g.next() % 400) { s += Self.pieces[Int(g.next() % UInt64(Self.pieces.count))] }
      #expect(tokens(s) == reference.tokenize(s), "\(s.utf8.count) bytes")
    }
  }

  /// Codes between colons that are not shortcodes (a space or a colon inside) are literal codes, matched as
  /// written beside the shortcodes around them, as the reference splits them.
  @Test func colonCodesWithSpacesAreLiteral() throws {
    let pack = PackContents(
      id: "colons", version: "1", names: [], pointSize: 32, scales: [1], sheets: [TestPacks.sheet("colons", 1)],
      images: TestPacks.images(3, scales: [1]),
      entries: [
        PackEntry(kind: .image, tags: [], emoji: nil, image: 0, codes: [":bad code:"]),
        PackEntry(kind: .image, tags: [], emoji: nil, image: 1, codes: [":a:b:"]),
        PackEntry(kind: .image, tags: [], emoji: nil, image: 2, codes: [":good:", ":a:"]),
      ])
    let catalog = try TestPacks.catalog([pack])
    let tokenizer = Tokenizer(catalog: catalog)
    let ref = (0..<3).map { EmoticonRef(pack: 0, entry: $0) }
    #expect(tokenizer.tokenize(":bad code::good:").map(\.kind) == [.emoticon(ref[0]), .emoticon(ref[2])])
    #expect(tokenizer.tokenize(":a:b:").map(\.kind) == [.emoticon(ref[1])])
    #expect(tokenizer.tokenize(":a:c:").map(\.kind) == [.emoticon(ref[2]), .text])
    #expect(tokenizer.tokenize(":bad  code:").map(\.kind) == [.text])
    let reference = ReferenceTokenizer(catalog: catalog)
    let pieces = [":bad code:", ":a:b:", ":good:", ":a:", ":", " ", "bad", "code", "a", "b", ":b:", "好", "😀"]
    var g = SplitMix(seed: 5)
    for _ in 0..<500 {
      var s = ""
      for _ in 0..<Int(1 + g.next() % 12) { s += pieces[Int(g.next() % UInt64(pieces.count))] }
      let tokens = tokenizer.tokenize(s).map { ReferenceTokenizer.Token(kind: $0.kind, utf8Range: $0.utf8Range) }
      #expect(tokens == reference.tokenize(s), "\(s)")
    }
  }

  /// More than eight distinct first bytes: the kernel lists every lead byte, with the same result.
  @Test func manyFirstBytesListEveryLead() throws {
    let codes = (0..<12).map { "\(Character(Unicode.Scalar(UInt8(0x61 + $0))))\($0)!" } + ["é!", "好!"]
    let pack = PackContents(
      id: "many", version: "1", names: [], pointSize: 32, scales: [1], sheets: [], images: [],
      entries: codes.map { PackEntry(kind: .emoji, tags: [], emoji: nil, image: nil, codes: [$0]) })
    let catalog = Catalog(packs: [try PackFileReader(bytes: try PackWriter.write(pack))])
    let tokenizer = Tokenizer(catalog: catalog)
    let reference = ReferenceTokenizer(catalog: catalog)
    var g = SplitMix(seed: 5)
    let pieces = codes + ["a", "b1", "é", "好", "!", "😀", "\u{301}", " "]
    for _ in 0..<500 {
      var s = ""
      for _ in 0..<Int(1 + g.next() % 20) { s += pieces[Int(g.next() % UInt64(pieces.count))] }
      let got = tokenizer.tokenize(s).map { ReferenceTokenizer.Token(kind: $0.kind, utf8Range: $0.utf8Range) }
      #expect(got == reference.tokenize(s), "\(s.debugDescription)")
    }
  }

  /// Every scalar of the ranges the boundary rules settle without the standard library (and the blocks around
  /// them), right after a tag, an emoji, a shortcode and a literal code: a key ends only where a `Character`
  /// ends, as the reference says (the kana voicing marks U+3099–309A, inside the kana block, extend the key's
  /// last `Character`, so it is text).
  @Test func everyScalarAfterAKeyEndsItLikeTheReference() {
    let reference = ReferenceTokenizer(catalog: catalog)
    let ranges: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0xA0...0x36F, 0x2000...0x2BFF, 0x3000...0x30FF, 0x4E00...0x4EFF, 0xFE00...0xFF9F,
      0x1F1E6...0x1F1FF, 0x1F300...0x1FAFF, 0xE0020...0xE007F,
    ]
    var failures = 0
    for range in ranges {
      for v in range {
        guard let scalar = Unicode.Scalar(v) else { continue }
        for key in ["[哈哈]", "😀", ":smile:", "/微笑"] {
          let message = key + String(Character(scalar)) + "x"
          if tokens(message) != reference.tokenize(message) {
            failures += 1
            if failures <= 5 { Issue.record("\(key) then U+\(String(v, radix: 16, uppercase: true))") }
          }
        }
      }
    }
    #expect(failures == 0)
  }

  @Test func everyCursorDeletesACodeWhole() {
    ReferenceEditor(reference: ReferenceTokenizer(catalog: catalog)).checkEveryCursor(
      of: tokenizer, Self.pieces, seed: 23, rounds: 300, pieces: 8)
  }

  /// Edits in long chains of `ab`/`ba` move every match after them: the model re-scans until old and new agree,
  /// and equals a model built afresh after every edit.
  @Test func editsInChainedCodesStayExact() {
    var g = SplitMix(seed: 24)
    let pieces = ["a", "b", "ab", "ba", "x", "/::", ")", "(", ":smile:", "😀", "[哈哈]", "\u{301}", "好"]
    for round in 0..<30 {
      let start = String(repeating: round % 2 == 0 ? "ab" : "ba", count: 200 + Int(g.next() % 600))
      var model = EmoticonText(start, tokenizer: tokenizer)
      var source = start
      for step in 0..<25 {
        let length = model.sourceUTF16Count
        let x = Int(g.next() % UInt64(length + 1))
        let y = Int(g.next() % UInt64(length + 1))
        let a = model.wholeTokens(min(x, y)..<max(x, y), in: .source)
        let lo = a.lowerBound
        let hi = g.next() % 2 == 0 ? lo : a.upperBound
        let result: TextEditResult
        if g.next() % 3 == 0 {
          result = model.deleteBackward(lo..<max(lo, hi), in: .source)
        } else {
          result = model.replace(lo..<max(lo, hi), in: .source, with: pieces[Int(g.next() % UInt64(pieces.count))])
        }
        source = result.source.applied(to: source)
        let fresh = EmoticonText(source, tokenizer: tokenizer)
        #expect(model.source == source, "round \(round) step \(step)")
        let same = fresh.displayRuns == model.displayRuns
        #expect(same, "round \(round) step \(step): the model differs from one built afresh")
      }
    }
  }

  /// Found by the pack_reader fuzzer: a damaged pack whose TAGS row marks a bracket tag as a code.
  ///
  /// The catalog resolves the tag through TIDX; the tokenizer must find it too.
  @Test func aTagMarkedAsACodeIsStillATag() throws {
    var bytes = try PackWriter.write(TestPacks.defaultPack)
    func le32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
    let rows = (0..<le32(24)).map { 64 + 16 * $0 }
    let tags = try #require(rows.first { String(decoding: bytes[$0..<($0 + 4)], as: UTF8.self) == "TAGS" })
    bytes[le32(tags + 4) + 16 * 2 + 12] = 1  // the third key, "[爱你]", marked a literal code
    let catalog = Catalog(packs: [try PackFileReader(bytes: bytes)])
    #expect(catalog.lookup(tag: "[爱你]") == EmoticonRef(pack: 0, entry: 1))
    #expect(
      Tokenizer(catalog: catalog).tokenize("a[爱你]b").map(\.kind) == [
        .text, .emoticon(EmoticonRef(pack: 0, entry: 1)), .text,
      ])
  }

  /// Every key of a damaged pack marked a code, all of them bracket tags: each is still found as a tag (the
  /// tag table is sized for them, not left to the codes').
  @Test(.timeLimit(.minutes(1))) func everyTagMarkedAsACodeIsStillATag() throws {
    // More tags than the smallest table holds.
    var bytes = try PackWriter.write(
      PackContents(
        id: "damaged", version: "1", names: [], pointSize: 32, scales: [1], sheets: [], images: [],
        entries: (0..<100).map { PackEntry(kind: .emoji, tags: ["[表情\($0)]"], emoji: nil, image: nil) }))
    func le32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
    let rows = (0..<le32(24)).map { 64 + 16 * $0 }
    let tags = try #require(rows.first { String(decoding: bytes[$0..<($0 + 4)], as: UTF8.self) == "TAGS" })
    let reader = try PackFileReader(bytes: bytes)
    #expect(reader.tagCount == 100)
    for t in 0..<reader.tagCount { bytes[le32(tags + 4) + 16 * t + 12] = 1 }
    let catalog = Catalog(packs: [try PackFileReader(bytes: bytes)])
    let tokenizer = Tokenizer(catalog: catalog)
    var found = 0
    for t in 0..<reader.tagCount {
      guard let key = reader.withTag(at: t, { String(decoding: $0, as: UTF8.self) }), let ref = catalog.lookup(tag: key)
      else { continue }
      #expect(tokenizer.tokenize("a" + key + "b").map(\.kind) == [.text, .emoticon(ref), .text], "\(key)")
      found += 1
    }
    #expect(found == reader.tagCount)
  }

  @Test func codesAreAttachmentsAndInsertWritesTheChosenForm() throws {
    var model = EmoticonText("hi /::) and :sad:", tokenizer: tokenizer)
    #expect(model.display == "hi \u{FFFC} and \u{FFFC}")
    #expect(model.sourceText(3..<4, in: .display) == "/::)")
    // [难过] inserts its first code (the manifest's `insert`); an entry with codes only inserts its first code.
    let sad = try catalog.emoticon(EmoticonRef(pack: 0, entry: 1))
    #expect(sad.insertionText == "/::(")
    #expect(try catalog.emoticon(EmoticonRef(pack: 0, entry: 2)).insertionText == "/::")
    #expect(try catalog.emoticon(EmoticonRef(pack: 0, entry: 0)).insertionText == "[微笑]")
    let r = model.insert(sad, replacing: 0..<0, in: .source)
    #expect(r.source.replacement == "/::(")
    #expect(model.source == "/::(hi /::) and :sad:")
  }
}
