import EmoPack
import EmoPackFormat
import Foundation
import TestSupport
import Testing

/// The tokenizer's rules, written the slow and obvious way on Swift's own `Character`s.
///
/// A tag is whole `Character`s: its `[` is a `Character` of its own, the next bracket after it is a `]` that
/// ends a `Character`, and the bytes between them are a tag `Catalog.lookup(tag:)` knows. An emoji is one whole
/// `Character` that `Catalog.lookup(emoji:)` knows and whose first scalar may start an emoji. Everything else is
/// text. The fast tokenizer must split every message exactly like this.
///
/// Codes (format 2.2): at a `Character`, the longest code of the catalog whose bytes follow and end where a
/// `Character` ends (never shorter than an emoji there, which is one `Character`).
///
/// Tags and shortcodes match in any canonically equivalent form: they are looked up as Swift `String`s, which
/// compare and hash by canonical equivalence; literal codes match byte for byte.
struct ReferenceTokenizer {
  let catalog: Catalog
  let maxTagBytes = 256
  /// Every literal code of the catalog with what it resolves to (first pack wins), longest first.
  let codes: [(bytes: [UInt8], ref: EmoticonRef)]
  /// Every tag and every shortcode, first pack winning.
  let tags: [String: EmoticonRef]
  let shortcodes: [String: EmoticonRef]

  init(catalog: Catalog) {
    self.catalog = catalog
    var codes: [(bytes: [UInt8], ref: EmoticonRef)] = []
    var tags: [String: EmoticonRef] = [:]
    var shortcodes: [String: EmoticonRef] = [:]
    for (p, pack) in catalog.readers.enumerated() {
      for e in 0..<pack.entryCount {
        guard let entry = try? pack.entry(at: e) else { continue }
        let ref = EmoticonRef(pack: p, entry: e)
        for tag in entry.tags where tags[tag] == nil { tags[tag] = ref }
        for code in entry.codes {
          if PackKey.Form(code: code) == .shortcode {
            if shortcodes[code] == nil { shortcodes[code] = ref }
          } else if !codes.contains(where: { $0.bytes == Array(code.utf8) }) {
            codes.append((Array(code.utf8), ref))
          }
        }
      }
    }
    self.codes = codes.sorted { $0.bytes.count > $1.bytes.count }
    (self.tags, self.shortcodes) = (tags, shortcodes)
  }

  struct Token: Equatable, CustomStringConvertible {
    var kind: TextToken.Kind
    var utf8Range: Range<Int>
    var description: String { "\(kind) \(utf8Range)" }
  }

  /// The message's `Character`s as UTF-8 ranges.
  static func characters(_ message: String) -> [Range<Int>] {
    var out: [Range<Int>] = []
    var at = 0
    for c in message {
      out.append(at..<(at + c.utf8.count))
      at += c.utf8.count
    }
    return out
  }

  func tokenize(_ message: String) -> [Token] {
    let bytes = Array(message.utf8)
    let characters = Self.characters(message)
    let ends = Dictionary(uniqueKeysWithValues: characters.enumerated().map { ($0.element.upperBound, $0.offset) })
    var out: [Token] = []
    var textStart = 0
    var k = 0
    func take(_ kind: TextToken.Kind, through last: Int) {
      let start = characters[k].lowerBound
      if textStart < start { out.append(Token(kind: .text, utf8Range: textStart..<start)) }
      out.append(Token(kind: kind, utf8Range: start..<characters[last].upperBound))
      textStart = characters[last].upperBound
      k = last + 1
    }
    while k < characters.count {
      let range = characters[k]
      let character = String(decoding: bytes[range], as: UTF8.self)
      // The longest code here that ends a Character; a longer emoji (one Character) still wins below.
      var code: (last: Int, ref: EmoticonRef)? = nil
      for c in codes where range.lowerBound + c.bytes.count <= bytes.count {
        let end = range.lowerBound + c.bytes.count
        if Array(bytes[range.lowerBound..<end]) == c.bytes, let last = ends[end] {
          code = (last, c.ref)
          break
        }
      }
      // A shortcode runs to the next ':' (a name between) and wins when longer than the literal code found.
      if bytes[range.lowerBound] == UInt8(ascii: ":"),
        let close = bytes[(range.lowerBound + 1)...].firstIndex(of: UInt8(ascii: ":")), close > range.lowerBound + 1,
        let last = ends[close + 1], last > code?.last ?? -1,
        let ref = shortcodes[String(decoding: bytes[range.lowerBound...close], as: UTF8.self)]
      {
        code = (last, ref)
      }
      // A code ends where a Character ends, so it is never shorter than the emoji Character here.
      if let code {
        take(.emoticon(code.ref), through: code.last)
        continue
      }
      if character == "[" {
        let i = range.lowerBound
        let limit = min(bytes.count, i + maxTagBytes)
        var j = i + 1
        while j < limit, bytes[j] != UInt8(ascii: "["), bytes[j] != UInt8(ascii: "]") { j += 1 }
        if j < limit, bytes[j] == UInt8(ascii: "]"), j > i + 1, let last = ends[j + 1],
          let ref = tags[String(decoding: bytes[i...j], as: UTF8.self)]
        {
          take(.emoticon(ref), through: last)
          continue
        }
      }
      let scalars = Array(character.unicodeScalars)
      let first = scalars[0]
      let mayStart =
        first.isASCII
        ? "0123456789#*".unicodeScalars.contains(first) && scalars.count > 1
          && (scalars[1] == "\u{FE0F}" || scalars[1] == "\u{20E3}")
        : first.properties.isEmoji || first.properties.isEmojiPresentation
      if mayStart, let ref = catalog.lookup(emoji: character) {
        take(.emoji(ref), through: k)
        continue
      }
      k += 1
    }
    if textStart < bytes.count { out.append(Token(kind: .text, utf8Range: textStart..<bytes.count)) }
    return out
  }
}

@Suite struct TokenizerReferenceTests {
  let catalog: Catalog
  let tokenizer: Tokenizer

  init() throws {
    catalog = try TestPacks.catalog()
    tokenizer = Tokenizer(catalog: catalog)
  }

  /// Checks `message` against the reference, UTF-16 ranges against the string's own offsets, and the
  /// `TokenizedText` accessors against its tokens.
  func check(_ message: String, _ comment: Comment? = nil) {
    let tokens = tokenizer.tokenize(message)
    let expected = ReferenceTokenizer(catalog: catalog).tokenize(message)
    #expect(tokens.map { ReferenceTokenizer.Token(kind: $0.kind, utf8Range: $0.utf8Range) } == expected, comment)
    #expect(tokens.message == message)
    let utf8 = message.utf8
    for k in tokens.indices {
      let t = tokens[k]
      let lo = utf8.index(utf8.startIndex, offsetBy: t.utf8Range.lowerBound)
      let hi = utf8.index(utf8.startIndex, offsetBy: t.utf8Range.upperBound)
      let utf16 = message.utf16
      #expect(
        t.utf16Range == utf16.distance(from: utf16.startIndex, to: lo)..<utf16.distance(from: utf16.startIndex, to: hi))
      #expect(tokens.kind(at: k) == t.kind && tokens.utf8Range(at: k) == t.utf8Range)
      #expect(tokens.utf16Range(at: k) == t.utf16Range && Array(t.text.utf8) == Array(utf8[lo..<hi]))
    }
  }

  /// Every piece that takes a different path through the scanner: pictographs before ASCII, CJK, the end,
  /// combining marks, modifiers, ZWJ and selectors; tags, near-tags and aliases; brackets across runs.
  static let pieces = [
    "😀", "😆", "😆\u{FE0F}", "👨‍👩‍👧‍👦", "👨‍👩‍👧", "👍🏽", "👍🏿", "👍", "🇨🇳", "🇯🇵", "🇨", "1️⃣", "1\u{20E3}", "#️⃣", "1", "❤", "❤️",
    "❤\u{FE0E}", "©", "©️", "👩‍💻", "🏳️‍🌈", "\u{FE0F}", "\u{200D}", "\u{301}", "\u{1F3FB}", "e\u{301}", "[哈哈]", "[愛你]",
    "[love]", "[独有]", "[心]", "[nope]", "[", "]", "[[", "你好", "好", "。", "，", "…", "hello", " ", "\n", "ok", "a",
    "𠀀", "🀄", "é", "\u{FF9E}", "\u{0E33}", "\u{200C}", "\u{200B}", "й",
    // Prepend marks (two, three and four UTF-8 bytes), spacing marks, odd runs of regional indicators, CRLF, NUL,
    // ZWJ chains the catalog lacks.
    "\u{0600}", "\u{0D4E}", "\u{110BD}", "\u{0903}", "🇨🇨🇳", "🇺", "\r\n", "\r", "\0", "❤️‍🔥", "👩‍🔥", "👨‍💻", "\u{200D}😀",
    "#\u{FE0F}\u{200D}😀", "\u{1F3FB}\u{200D}😀", "⎈", "\u{200D}⎈",
    // Pictographs the standard library does not join across a ZWJ (U+1F322, U+1F323, U+1F394).
    "\u{1F323}\u{200D}😀", "\u{1F322}\u{200D}😀", "\u{1F394}\u{200D}👍",
  ]

  @Test func randomMessagesSplitLikeTheReference() {
    var g = SplitMix(seed: 2026)
    for round in 0..<1500 {
      var s = ""
      // Padding moves the pieces across the scanner's 64-byte masks and into its last 66 bytes.
      let pad = Int(g.next() % 90)
      s += String(repeating: round % 2 == 0 ? "a" : "好", count: pad / (round % 2 == 0 ? 1 : 3))
      for _ in 0..<Int(1 + g.next() % 14) { s += Self.pieces[Int(g.next() % UInt64(Self.pieces.count))] }
      check(s, "\(s.debugDescription)")
    }
  }

  /// A ZWJ between two scalars that may start an emoji, after a selector, a skin tone or nothing: the tokenizer
  /// settles most such joins from each scalar's verdict, asked of the standard library once, and must split every
  /// pair as `Character` does (pictographs it does not count as Extended_Pictographic among them).
  @Test func zwjBetweenAnyTwoEmojiStartsSplitsAsCharacterDoes() {
    var scalars: [UInt32] = [
      0xA9, 0xAE, 0x203C, 0x2049, 0x2122, 0x2139, 0x231A, 0x2328, 0x23CF, 0x263A, 0x2640, 0x2642,
      0x2695, 0x2764, 0x27A1, 0x2B50, 0x3030, 0x303D, 0x3297, 0x3299, 0x1F004, 0x1F0CF, 0x1F170, 0x1F18E, 0x1F191,
      0x1F201, 0x1F22F, 0x1F250, 0x1F322, 0x1F323, 0x1F394, 0x1F3FA, 0x1F5FA, 0x1FA7C, 0x1FAF8, 0x1F1E8,
    ]
    scalars += stride(from: 0x2600, through: 0x27BF, by: 11).map { UInt32($0) }
    scalars += stride(from: 0x1F300, through: 0x1FAFF, by: 23).map { UInt32($0) }
    let emojiStarts = scalars.compactMap { Unicode.Scalar($0) }
    var checked = 0
    for q in emojiStarts {
      for between in ["", "\u{FE0F}", "\u{1F3FD}", "\u{FE0F}\u{1F3FD}"] {
        var message = ""
        for v in emojiStarts {
          message.unicodeScalars.append(q)
          message += between + "\u{200D}"
          message.unicodeScalars.append(v)
          message += " "
          checked += 1
        }
        check(message, "after U+\(String(q.value, radix: 16, uppercase: true)) \(between.debugDescription)")
      }
    }
    #expect(checked == 4 * emojiStarts.count * emojiStarts.count)
  }

  /// Messages of a few kilobytes: the scanner lists candidates 1,024 bytes at a time, so pieces fall across
  /// those ranges' ends, and matches run past them.
  @Test func longMessagesSplitLikeTheReference() {
    var g = SplitMix(seed: 1024)
    for _ in 0..<60 {
      var s = ""
      for _ in 0..<Int(100 + g.next() % 500) {
        s += Self.pieces[Int(g.next() % UInt64(Self.pieces.count))]
        if g.next() % 3 == 0 { s += String(repeating: "好", count: Int(g.next() % 20)) }
      }
      check(s, "\(s.utf8.count) bytes")
    }
  }

  /// Every piece starting at every byte near the ends of the first two 1,024-byte ranges.
  @Test func everyPieceAcrossTheScannersRanges() {
    for piece in Self.pieces {
      for boundary in [1024, 2048] {
        for before in 0..<(piece.utf8.count + 3) {
          let pad = String(repeating: "a", count: boundary - before)
          check(pad + piece + "x", "\(piece.debugDescription) \(before) bytes before \(boundary)")
          check(pad + piece + "[哈哈]" + piece, "\(piece.debugDescription) \(before) bytes before \(boundary)")
        }
      }
    }
  }

  /// Tags longer than the 64 bytes the kernel's bits cover after a '[', up to the longest looked up, and
  /// across a range's end.
  @Test func longTagsAreFoundWhereverTheyFall() throws {
    let tags = ["[" + String(repeating: "長", count: 30) + "]", "[" + String(repeating: "x", count: 254) + "]"]
    let reader = try PackFileReader(
      bytes: try PackWriter.write(
        PackContents(
          id: "long", version: "1", names: [], pointSize: 32, scales: [1], sheets: [],
          images: [], entries: [PackEntry(kind: .emoji, tags: tags, emoji: nil, image: nil)])))
    let catalog = Catalog(packs: [reader])
    let tokenizer = Tokenizer(catalog: catalog)
    let tooLong = "[" + String(repeating: "x", count: 255) + "]"
    for pad in [0, 1, 63, 64, 65, 700, 1000, 1023, 1024] {
      for tail in [tags[0], tags[1], tooLong, tags[0] + tags[1], "[" + tags[0], tags[1] + "]"] {
        let message = String(repeating: "a", count: pad) + tail + "b"
        let got = tokenizer.tokenize(message).map { ReferenceTokenizer.Token(kind: $0.kind, utf8Range: $0.utf8Range) }
        #expect(got == ReferenceTokenizer(catalog: catalog).tokenize(message), "pad \(pad), \(tail.utf8.count) bytes")
      }
    }
    #expect(tokenizer.tokenize(tags[1]).map(\.kind) == [.emoticon(.init(pack: 0, entry: 0))])
    #expect(tokenizer.tokenize(tooLong).map(\.kind) == [.text])
  }

  /// A match that runs past the end of a listed range hides the keys inside it (a family's last three, a tag's
  /// emoji) wherever the range ends.
  @Test func matchesAcrossRangesHideTheKeysInsideThem() throws {
    let reader = try PackFileReader(
      bytes: try PackWriter.write(
        PackContents(
          id: "nested", version: "1", names: [], pointSize: 32, scales: [1], sheets: [],
          images: [],
          entries: [
            PackEntry(kind: .emoji, tags: [], emoji: "👨‍👩‍👧‍👦", image: nil),
            PackEntry(kind: .emoji, tags: [], emoji: "👩‍👧‍👦", image: nil),
            PackEntry(kind: .emoji, tags: ["[a😀b]"], emoji: "😀", image: nil),
          ])))
    let catalog = Catalog(packs: [reader])
    let tokenizer = Tokenizer(catalog: catalog)
    for key in ["👨‍👩‍👧‍👦", "[a😀b]"] {
      for before in 0..<key.utf8.count {
        let message = String(repeating: "a", count: 1024 - before) + key + "b"
        let got = tokenizer.tokenize(message).map { ReferenceTokenizer.Token(kind: $0.kind, utf8Range: $0.utf8Range) }
        #expect(got == ReferenceTokenizer(catalog: catalog).tokenize(message), "\(before) bytes before 1024")
        #expect(got.count == 3)
      }
    }
  }

  @Test func everyPieceAloneAndAtEveryDistanceFromTheEnd() {
    for piece in Self.pieces {
      for tail in 0..<20 {
        check(piece + String(repeating: "x", count: tail))
        check(String(repeating: "好", count: 30) + piece + String(repeating: "x", count: tail))
      }
    }
  }

  /// Matches with no text between them, many more than the runs first reserved (a run per 12 bytes).
  @Test func backToBackMatchesOutgrowTheFirstReservation() {
    check(String(repeating: "😀[哈哈]👍🏽", count: 700))
    check(String(repeating: "😀", count: 3) + String(repeating: "a😀", count: 500))
    #expect(tokenizer.tokenize(String(repeating: "😀", count: 1000)).count == 1000)
  }

  /// The tokenizer's own table gives, for every tag and emoji the packs hold, what the catalog gives: the
  /// first pack in tab order wins a shared tag (`[哈哈]`) or emoji (😆), selectors are ignored.
  @Test func everyKeyResolvesAsTheCatalogResolvesIt() throws {
    var keys = 0
    for pack in catalog.readers {
      for e in 0..<pack.entryCount {
        let entry = try pack.entry(at: e)
        for tag in entry.tags {
          #expect(tokenizer.tokenize(tag).map(\.kind) == [.emoticon(catalog.lookup(tag: tag)!)], "\(tag)")
          keys += 1
        }
        if let emoji = entry.emoji {
          let bare = String(String.UnicodeScalarView(emoji.unicodeScalars.filter { $0 != "\u{FE0F}" }))
          for form in Set([emoji, bare]) {
            #expect(tokenizer.tokenize(form).map(\.kind) == [.emoji(catalog.lookup(emoji: emoji)!)], "\(form)")
          }
          keys += 1
        }
      }
    }
    // 12 tags (10 in default, 2 in other); 14 emoji (2 in default, 12 in emoji).
    #expect(keys == 12 + 14)
    #expect(
      tokenizer.tokenize("[哈哈]😆").map(\.kind) == [
        .emoticon(.init(pack: 0, entry: 0)), .emoji(.init(pack: 0, entry: 0)),
      ])
  }

  @Test func tokenizedTextIsAValueOverItsMessage() {
    let a = tokenizer.tokenize("好[哈哈]👍🏽")
    #expect(a == tokenizer.tokenize("好[哈哈]👍🏽"))
    #expect(a != tokenizer.tokenize("好[哈哈]👍"))
    #expect(a.count == 3 && Array(a.map(\.text)) == ["好", "[哈哈]", "👍🏽"])
    #expect(a.utf16Range(at: 2) == 5..<9 && a.utf8Range(at: 2) == 11..<19)
    let empty = tokenizer.tokenize("")
    #expect(empty.isEmpty && empty.message.isEmpty && Tokenizer.plainText(empty).isEmpty)
  }

  /// ZWJ chains and runs of marks longer than the parser's look-ahead window: the cluster is the whole
  /// chain with its marks, so no shorter cluster the catalog knows matches inside it.
  @Test func longChainsBeforeAMarkStayWhole() throws {
    let link = "\u{200D}\u{1F525}"
    let short = "😀" + String(repeating: link, count: 13)
    let long = "😀" + String(repeating: link, count: 20)
    let reader = try PackFileReader(
      bytes: try PackWriter.write(
        PackContents(
          id: "chains", version: "1", names: [], pointSize: 32, scales: [1], sheets: [], images: [],
          // The last one ends exactly where the first look-ahead window does (96 bytes).
          entries: [short, long, "😀" + String(repeating: "\u{301}", count: 46)].map {
            PackEntry(kind: .emoji, tags: [], emoji: $0, image: nil)
          })))
    let catalog = Catalog(packs: [reader])
    let tokenizer = Tokenizer(catalog: catalog)
    let marks = String(repeating: "\u{301}", count: 100)
    for message in [
      "a" + long + "b", "a" + short + "b", long + "\u{301}", "x" + long + "\u{301}x", short + "\u{301}",
      short + marks, "x" + short + marks + "y", "😀" + marks + "[哈哈]",
    ] {
      let got = tokenizer.tokenize(message).map { ReferenceTokenizer.Token(kind: $0.kind, utf8Range: $0.utf8Range) }
      #expect(got == ReferenceTokenizer(catalog: catalog).tokenize(message), "\(message.unicodeScalars.count) scalars")
    }
    #expect(tokenizer.tokenize(long + "\u{301}").map(\.kind) == [.text])
  }

  /// A message that is not native UTF-8 (bridged from UTF-16 storage) tokenizes the same.
  @Test func bridgedStringsTokenizeTheSame() {
    let native = "今天[哈哈]天气不错👍🏽see you👨‍👩‍👧‍👦"
    let bridged = NSString(string: native).appending("") as String
    #expect(tokenizer.tokenize(bridged) == tokenizer.tokenize(native))
  }
}
