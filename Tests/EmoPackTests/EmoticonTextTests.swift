import EmoPack
import EmoPackFormat
import Foundation
import TestSupport
import Testing

/// The delete key written the obvious way on the reference tokenizer and Swift's `Character`s.
struct ReferenceEditor {
  let reference: ReferenceTokenizer

  /// UTF-16 ranges of the reference's non-text tokens and of every `Character` of the message.
  func units(_ message: String) -> (tokens: [Range<Int>], characters: [Range<Int>]) {
    let utf8 = Array(message.utf8)
    func u16(_ byte: Int) -> Int { String(decoding: utf8[..<byte], as: UTF8.self).utf16.count }
    let tokens = reference.tokenize(message).filter { $0.kind != .text }.map {
      u16($0.utf8Range.lowerBound)..<u16($0.utf8Range.upperBound)
    }
    var characters: [Range<Int>] = []
    var at = 0
    for c in message {
      characters.append(at..<(at + c.utf16.count))
      at += c.utf16.count
    }
    return (tokens, characters)
  }

  /// Random messages of up to `pieces` pieces from `pool`, `rounds` of them: at every cursor `tokenizer`'s
  /// delete key gives what this editor gives.
  func checkEveryCursor(of tokenizer: Tokenizer, _ pool: [String], seed: UInt64, rounds: Int, pieces: Int) {
    var g = SplitMix(seed: seed)
    for _ in 0..<rounds {
      var s = ""
      for _ in 0..<Int(1 + g.next() % UInt64(pieces)) { s += pool[Int(g.next() % UInt64(pool.count))] }
      for cursor in 0...s.utf16.count {
        let got = tokenizer.deleteBackward(in: s, at: cursor)
        let (text, c) = deleteBackward(s, at: cursor)
        #expect(got.text == text && got.cursor == c, "\(s.unicodeScalars.map(\.value)) at \(cursor)")
      }
    }
  }

  /// The message after the delete key at UTF-16 `cursor`, and the cursor after it.
  func deleteBackward(_ message: String, at cursor: Int) -> (String, Int) {
    let (tokens, characters) = units(message)
    var c = min(max(cursor, 0), message.utf16.count)
    // A cursor inside a token or a Character counts as at its end.
    if let t = tokens.first(where: { $0.lowerBound < c && c < $0.upperBound }) { c = t.upperBound }
    if let ch = characters.first(where: { $0.lowerBound < c && c < $0.upperBound }) { c = ch.upperBound }
    guard c > 0 else { return (message, 0) }
    let unit = tokens.first(where: { $0.upperBound == c }) ?? characters.first(where: { $0.upperBound == c })!
    let u = message.utf16
    var out = message
    out.removeSubrange(
      u.index(u.startIndex, offsetBy: unit.lowerBound)..<u.index(u.startIndex, offsetBy: unit.upperBound))
    return (out, unit.lowerBound)
  }
}

@Suite struct EmoticonTextTests {
  let catalog: Catalog
  let tokenizer: Tokenizer

  init() throws {
    catalog = try TestPacks.catalog()
    tokenizer = Tokenizer(catalog: catalog)
  }

  /// A catalog of the given emoji only.
  static func emojiCatalog(_ emoji: [String]) throws -> Catalog {
    let reader = try PackFileReader(
      bytes: try PackWriter.write(
        PackContents(
          id: "e", version: "1", names: [], pointSize: 32, scales: [1], sheets: [],
          images: [], entries: emoji.map { PackEntry(kind: .emoji, tags: [], emoji: $0, image: nil) })))
    return Catalog(packs: [reader])
  }

  // MARK: The defects reported in the runtime issue

  /// A pictograph that the standard library does not count as Extended_Pictographic ends its cluster at a ZWJ, so
  /// the emoji after that ZWJ is a cluster of its own, and found.
  @Test func aZWJAfterAPictographTheStandardLibraryDoesNotJoinEndsTheCluster() throws {
    let catalog = try Self.emojiCatalog(["😀"])
    let tokenizer = Tokenizer(catalog: catalog)
    let message = "a\u{1F323}b\u{1F323}\u{200D}😀"
    #expect(Array(message).count == 5, "the standard library splits before 😀")
    let kinds = tokenizer.tokenize(message).map(\.kind)
    #expect(kinds == [.text, .emoji(EmoticonRef(pack: 0, entry: 0))])
    #expect(kinds == ReferenceTokenizer(catalog: catalog).tokenize(message).map(\.kind))
  }

  @Test func regionalIndicatorsPairFromTheStartOfTheirRun() throws {
    // 🇨🇳 is in the catalog; in 🇨🇨🇳 the pairs are 🇨🇨 and 🇳, neither a flag the catalog knows.
    #expect(tokenizer.tokenize("🇨🇨🇳").map(\.kind) == [.text])
    #expect(tokenizer.tokenize("🇨🇳🇨🇳").count == 2)
    #expect(tokenizer.tokenize("🇨🇨🇳x🇨🇳").map(\.kind) == [.text, .emoji(catalog.lookup(emoji: "🇨🇳")!)])
    #expect(tokenizer.tokenize("🇨🇨🇳🇨🇳").map(\.kind) == [.text], "five in a run: 🇨🇨, 🇳🇨, 🇳")
    // The delete key removes the whole pair before the cursor, as Swift counts them.
    let edit = tokenizer.deleteBackward(in: "🇨🇨🇳", at: 6)
    #expect(edit.text == "🇨🇨" && edit.cursor == 4)
  }

  @Test func aCatalogEmojiInsideALongerClusterIsText() throws {
    let catalog = try Self.emojiCatalog(["🔥", "💻", "😀"])
    let tokenizer = Tokenizer(catalog: catalog)
    for cluster in ["❤️‍🔥", "👩‍🔥", "👨‍💻", "😀\u{301}", "\u{0600}😀"] {
      #expect(tokenizer.tokenize(cluster).map(\.kind) == [.text], "\(cluster.unicodeScalars.map(\.value))")
      #expect(tokenizer.deleteBackward(in: "a" + cluster, at: ("a" + cluster).utf16.count).text == "a")
    }
    #expect(
      tokenizer.tokenize("🔥👨‍💻💻").map(\.kind) == [
        .emoji(.init(pack: 0, entry: 0)), .text, .emoji(.init(pack: 0, entry: 1)),
      ])
  }

  @Test func tagsAreWholeCharacters() {
    // `]` and a mark after it are one Character: the bracketed text is no tag, so no edit splits one.
    for after in ["\u{301}", "\u{FE0F}", "\u{1F3FB}", "\u{200D}"] {
      let message = "[哈哈]" + after
      #expect(tokenizer.tokenize(message).map(\.kind) == [.text])
      let edit = tokenizer.deleteBackward(in: message, at: message.utf16.count)
      #expect(edit.text == "[哈哈", "the last Character, `]` with its mark, goes")
    }
    // A prepend mark joins the `[` after it into one Character: text again.
    #expect(tokenizer.tokenize("\u{0600}[哈哈]").map(\.kind) == [.text])
    #expect(tokenizer.tokenize("\u{0600}x[哈哈]").map(\.kind) == [.text, .emoticon(.init(pack: 0, entry: 0))])
  }

  // MARK: Against the reference

  /// Every cursor of random messages: the delete key gives what the reference gives.
  @Test func everyCursorDeletesLikeTheReference() {
    ReferenceEditor(reference: ReferenceTokenizer(catalog: catalog)).checkEveryCursor(
      of: tokenizer, TokenizerReferenceTests.pieces, seed: 18, rounds: 300, pieces: 8)
  }

  /// Random edits through the model, in either text: each change applied to the texts it was computed for
  /// gives the model's new texts; the model equals one built afresh from its source; and the same edits made
  /// in source offsets on a second model give the same source.
  @Test(arguments: [false, true]) func randomEditSequencesAgree(emojiAsImages: Bool) {
    let options = DisplayOptions(emojiAsImages: emojiAsImages)
    var g = SplitMix(seed: emojiAsImages ? 7 : 8)
    let pieces = TokenizerReferenceTests.pieces + ["哈哈]", "[哈", "]", "[", String(repeating: "好", count: 120)]
    for round in 0..<40 {
      var start = ""
      for _ in 0..<Int(g.next() % UInt64(round % 4 == 0 ? 400 : 12)) {
        start += pieces[Int(g.next() % UInt64(pieces.count))]
      }
      var viaDisplay = EmoticonText(start, tokenizer: tokenizer, options: options)
      var viaSource = EmoticonText(start, tokenizer: tokenizer, options: options)
      var source = start
      var display = viaDisplay.display
      for step in 0..<60 {
        let length = viaDisplay.displayUTF16Count
        var a = Int(g.next() % UInt64(length + 1))
        let b = g.next() % 3 == 0 ? min(length, a + Int(g.next() % 6)) : a
        // A cursor (empty range) on a unit boundary: inside a token an edit there means the whole token, which
        // the `editsReturnReplacementsForBothTexts` cases check.
        if a == b { a = viaDisplay.wholeTokens(a..<a, in: .display).upperBound }
        let b2 = a == b ? a : b
        // The same range in the source text: widened in the display text first, as the model does.
        let whole = viaDisplay.wholeTokens(a..<max(a, b2), in: .display)
        let sourceRange =
          viaDisplay.sourceOffset(
            forDisplayOffset: whole.lowerBound)..<viaDisplay.sourceOffset(
            forDisplayOffset: whole.upperBound)
        let result: TextEditResult
        let mirrored: TextEditResult
        switch g.next() % 3 {
        case 0:
          result = viaDisplay.deleteBackward(a..<max(a, b2), in: .display)
          mirrored = viaSource.deleteBackward(sourceRange, in: .source)
        case 1:
          let piece = pieces[Int(g.next() % UInt64(pieces.count))]
          result = viaDisplay.replace(a..<max(a, b2), in: .display, with: piece)
          mirrored = viaSource.replace(sourceRange, in: .source, with: piece)
        default:
          let emoticon = try! catalog.emoticon(EmoticonRef(pack: Int(g.next() % 2), entry: Int(g.next() % 5)))
          result = viaDisplay.insert(emoticon, replacing: a..<max(a, b2), in: .display)
          mirrored = viaSource.insert(emoticon, replacing: sourceRange, in: .source)
        }
        let context = "round \(round) step \(step): \(source.unicodeScalars.map(\.value)) \(a)..<\(b)"
        source = result.source.applied(to: source)
        display = result.display.applied(to: display)
        #expect(source == viaDisplay.source, "\(context)")
        #expect(display == viaDisplay.display, "\(context)")
        #expect(viaSource.source == viaDisplay.source, "\(context)")
        #expect(result.source == mirrored.source && result.display == mirrored.display, "\(context)")
        let fresh = EmoticonText(source, tokenizer: tokenizer, options: options)
        #expect(fresh.displayRuns == viaDisplay.displayRuns, "\(context)")
        #expect(
          viaDisplay.sourceUTF16Count == source.utf16.count && viaDisplay.displayUTF16Count == display.utf16.count)
        #expect(result.display.cursor <= viaDisplay.displayUTF16Count && result.source.cursor <= source.utf16.count)
        if source != start { start = source }
      }
    }
  }

  // MARK: The display model

  @Test func displayStringAndOffsetMaps() throws {
    let text = EmoticonText("今天[哈哈]好👍🏽[爱你]", tokenizer: tokenizer)
    #expect(text.display == "今天\u{FFFC}好👍🏽\u{FFFC}")
    #expect(
      text.displayRuns == [
        .text("今天"), .attachment(.init(pack: 0, entry: 0), source: "[哈哈]"), .text("好👍🏽"),
        .attachment(.init(pack: 0, entry: 1), source: "[爱你]"),
      ])
    // Source → display: a tag's start and end; inside it, its end.
    #expect(text.displayOffset(forSourceOffset: 2) == 2)
    #expect(text.displayOffset(forSourceOffset: 4) == 3)
    #expect(text.displayOffset(forSourceOffset: 6) == 3)
    #expect(text.displayOffset(forSourceOffset: 7) == 4)
    // Display → source, both ways round.
    #expect(text.sourceOffset(forDisplayOffset: 3) == 6)
    #expect(text.sourceOffset(forDisplayOffset: 8) == 11)
    #expect(text.sourceOffset(forDisplayOffset: 9) == text.sourceUTF16Count)
    #expect(text.attachment(atDisplayOffset: 2) == EmoticonRef(pack: 0, entry: 0))
    #expect(text.attachment(atDisplayOffset: 1) == nil)
    // A selection over part of a tag (source) or part of a cluster (display) widens to all of it.
    #expect(text.wholeTokens(3..<5, in: .source) == 2..<6)
    #expect(text.wholeTokens(5..<6, in: .display) == 4..<8)
    // Copy: the source text of a display range.
    #expect(text.sourceText(1..<4, in: .display) == "天[哈哈]好")
    // Emoji with images are attachments only when asked for.
    let images = EmoticonText("😆❤️", tokenizer: tokenizer, options: DisplayOptions(emojiAsImages: true))
    #expect(images.display == "\u{FFFC}\u{FFFC}")
    #expect(EmoticonText("😆❤️", tokenizer: tokenizer).display == "😆❤️")
    // Paste: plain text with tags becomes display runs.
    #expect(
      EmoticonText.displayRuns(pasting: "a[心]", tokenizer: tokenizer) == [
        .text("a"), .attachment(.init(pack: 0, entry: 2), source: "[心]"),
      ])
  }

  @Test func editsReturnReplacementsForBothTexts() {
    var text = EmoticonText("今天[哈哈]", tokenizer: tokenizer)
    // The delete key at the end of the display text removes the attachment and its tag.
    let delete = text.deleteBackward(at: 3, in: .display)
    #expect(delete.display == TextChange(range: 2..<3, replacement: "", runs: [], cursor: 2))
    #expect(delete.source.range == 2..<6 && delete.source.replacement.isEmpty && delete.source.cursor == 2)
    // Typing the tag's last bracket turns the text into an attachment: the display change covers the tag.
    text.replace(2..<2, in: .display, with: "[爱你")
    let close = text.replace(5..<5, in: .display, with: "]")
    #expect(
      close.display.range == 2..<5 && close.display.runs == [.attachment(.init(pack: 0, entry: 1), source: "[爱你]")])
    #expect(close.display.cursor == 3 && text.display == "今天\u{FFFC}")
    // Text typed inside a tag's source replaces the tag.
    let typed = text.replace(4..<4, in: .source, with: "x")
    #expect(typed.source.range == 2..<6 && text.source == "今天x")
  }

  /// Edits around clusters far longer than the edit reach agree with a fresh model.
  ///
  /// Clusters far longer than the edit reach (an emoji typed with hundreds of variation selectors, long ZWJ
  /// chains, long runs of regional indicators, a base with many marks or skin tones), placed so that chunk
  /// boundaries would fall at different places inside them: every edit of a few scalars around their ends
  /// agrees with a fresh model, and the tokens with the reference. `leads` is how many ideographs come before each
  /// cluster: each places the chunk boundaries differently.
  static func clustersLongerThanTheReach(leads: [Int]) throws {
    // Image entries standing for emoji: shown as attachments, so the display runs show every emoji match.
    let keys = ["❤", "😀", "👨‍👩‍👧‍👦", "🇨🇳", "👍🏽"]
    let catalog = try TestPacks.catalog([
      PackContents(
        id: "e", version: "1", names: [], pointSize: 32, scales: [1], sheets: [TestPacks.sheet("e", 1)],
        images: TestPacks.images(keys.count, scales: [1]),
        entries: keys.enumerated().map { TestPacks.image($0.offset, [], emoji: $0.element) })
    ])
    let (tokenizer, reference) = (Tokenizer(catalog: catalog), ReferenceTokenizer(catalog: catalog))
    let options = DisplayOptions(emojiAsImages: true)
    let selectors = String(repeating: "\u{FE0F}", count: 200)
    let long = [
      "❤" + selectors, "😀" + selectors, String(repeating: "🇨🇳", count: 90) + "🇨",
      Array(repeating: "👨", count: 60).joined(separator: "\u{200D}"), "e" + String(repeating: "\u{301}", count: 300),
      "👍" + String(repeating: "\u{1F3FD}", count: 120),
    ]
    // The model re-tokenizes twice the longest key's bytes and 16 more around an edit: each cluster is longer.
    let reach = 2 * keys.map(\.utf8.count).max()! + 16
    #expect(long.allSatisfy { $0.utf8.count > 2 * reach })
    // What joins or splits those clusters when typed into them or deleted beside them.
    let inserts = ["❤", "😀", "\u{FE0F}", "\u{200D}", "👨", "🇨", "\u{301}", "a", "好", "\u{1F3FD}"]
    for cluster in long {
      for lead in leads {
        let source = String(repeating: "好", count: lead) + cluster + String(repeating: "好", count: 200)
        let model = EmoticonText(source, tokenizer: tokenizer, options: options)
        // UTF-16 offsets of the scalars from six before the cluster to six into it, and around its end.
        var offsets: [Int] = [0]
        for scalar in source.unicodeScalars { offsets.append(offsets[offsets.count - 1] + scalar.utf16.count) }
        let first = lead
        let last = lead + cluster.unicodeScalars.count
        for k in Array((first - 6)...(first + 6)) + Array((last - 6)...(last + 6)) {
          for op in [nil] + inserts {
            var text = model
            let at = offsets[k]
            let change =
              op.map { text.replace(at..<at, in: .source, with: $0) } ?? text.deleteBackward(at: at, in: .source)
            let edited = change.source.applied(to: source)
            let context = "\(cluster.unicodeScalars.first!) lead \(lead) at \(k) \(op ?? "delete")"
            #expect(text.source == edited, "\(context)")
            #expect(
              text.displayRuns == EmoticonText(edited, tokenizer: tokenizer, options: options).displayRuns, "\(context)"
            )
            let matches = tokenizer.tokenize(edited).filter { $0.kind != .text }.map { "\($0.kind) \($0.utf8Range)" }
            #expect(matches == reference.tokenize(edited).filter { $0.kind != .text }.map(\.description), "\(context)")
          }
        }
      }
    }
  }

  /// Two placements of each long cluster (`EmoticonTextStressTests` tries five).
  @Test func clustersLongerThanTheReachEditLikeAFreshModel() throws {
    try Self.clustersLongerThanTheReach(leads: [80, 86])
  }

  /// A text run of 8 MB (unclosed tags, with a scalar of two UTF-16 units) is cut into chunks without being counted
  /// again for each chunk (counted again, it takes minutes, past the limit); offsets after it match `String`'s.
  @Test(.timeLimit(.minutes(1))) func aLongTextRunIsChunkedInOnePass() {
    let prefix = String(repeating: "[哈🀄", count: 1_000_000)
    let message = prefix + "[哈哈]x"
    let text = EmoticonText(message, tokenizer: tokenizer)
    let before = prefix.utf16.count
    #expect(text.sourceUTF16Count == message.utf16.count)
    #expect(text.displayUTF16Count == before + 2)
    #expect(text.attachment(atDisplayOffset: before) == EmoticonRef(pack: 0, entry: 0))
    #expect(text.sourceOffset(forDisplayOffset: before + 1) == before + "[哈哈]".utf16.count)
    // Every fourth offset starts a `[`; the one after a `🀄`'s first unit moves to its end.
    for offset in stride(from: 0, through: before, by: 4 * 24_989) {
      #expect(text.sourceOffset(forDisplayOffset: offset) == offset)
      #expect(text.sourceOffset(forDisplayOffset: offset + 3) == offset + 4)
    }
    #expect(text.source == message)
  }

  /// Edits far into a long message touch only the chunks around them, and agree with a fresh model.
  @Test func longMessagesEditLocally() {
    let line = "今天[哈哈]天气不错👍🏽see you👨‍👩‍👧‍👦。"
    let message = String(repeating: line, count: 2000)
    var text = EmoticonText(message, tokenizer: tokenizer)
    var source = message
    var g = SplitMix(seed: 99)
    for _ in 0..<200 {
      let at = Int(g.next() % UInt64(text.sourceUTF16Count + 1))
      let change =
        g.next() % 2 == 0 ? text.deleteBackward(at: at, in: .source) : text.replace(at..<at, in: .source, with: "[")
      source = change.source.applied(to: source)
    }
    #expect(text.source == source)
    #expect(text.displayRuns == EmoticonText(source, tokenizer: tokenizer).displayRuns)
  }
}

/// The long-cluster edits at every placement.
@Suite(.tags(.stress), .stressOnly) struct EmoticonTextStressTests {
  /// Five placements of each long cluster against the chunk cuts.
  @Test func clustersLongerThanTheReachEditLikeAFreshModelAtFivePlacements() throws {
    try EmoticonTextTests.clustersLongerThanTheReach(leads: [70, 80, 85, 86, 90])
  }
}
