import EmoPack
import EmoPackFormat
import Foundation

// Codes in the tokenizer (against YYText's alternation regex and against the same tokenizer without codes) and
// search latency per keystroke on a 100,000-entry catalog.

/// The codes benchmark's catalog and corpus: 2,500 entries with bracket tags, 500 literal codes and 2,000
/// shortcodes (`withCodes`; `withoutCodes` has the tags only), a dense corpus using them (`dense`), the same
/// corpus with a tag wherever `dense` has a code (`denseTags`), and every key.
struct CodeCorpus {
  var withCodes: Tokenizer
  var withoutCodes: Tokenizer
  var dense: String
  var denseTags: String
  var tags: [String]
  var literals: [String]
  var shortcodes: [String]
  /// The generator after the corpus (the search part draws on from here).
  var generator: ArtGenerator
  /// Ideographs the literal codes and the search keywords are made of.
  static let cjk = Array("微笑撇嘴色发呆得意流泪害羞闭嘴睡大哭尴尬发怒调皮呲牙惊讶难过酷冷汗抓狂吐偷笑可爱白眼傲慢饥饿困惊恐流汗憨笑悠闲奋斗咒骂疑问嘘晕")

  /// How the dense corpus draws its pieces: `mixed` is the benchmark's; the others are for telling what a code
  /// costs in the mix (`--codes-tokenize-only`).
  enum Layout {
    /// Pieces in random order, keys drawn from every entry.
    case mixed
    /// Keys drawn from the first four entries of each kind only: every slot probed stays in the L1 cache.
    case fewKeys
    /// The same draw as `mixed`, each 256 pieces grouped by kind (key after word after key): which path the
    /// scan takes next is predictable (`denseTags` is left empty).
    case grouped
  }

  /// A kind of piece the dense corpus is made of, drawn with the corpus's odds.
  enum Piece: CaseIterable {
    case word, literal, shortcode, tag, unknownShortcode, slashColon, emoji, lineBreak

    /// The piece for a draw: 55% words, 10% literal codes, 12% shortcodes, 8% tags, 3% unknown shortcodes, 2%
    /// `/:` alone, 7% emoji, 3% line breaks.
    init(draw: UInt64) {
      switch draw % 100 {
      case 0..<55: self = .word
      case 55..<65: self = .literal
      case 65..<77: self = .shortcode
      case 77..<85: self = .tag
      case 85..<88: self = .unknownShortcode
      case 88..<90: self = .slashColon
      case 90..<97: self = .emoji
      default: self = .lineBreak
      }
    }
  }

  /// The corpus's plain words.
  static let words = ["今天", "天气", "不错", "我们", "一起", "吃饭", "吧", "哈哈", "好的", "ok", "see you", "lol", "，", "。", " "]

  init(quick: Bool, layout: Layout = .mixed) throws {
    var g = ArtGenerator(seed: 22)
    let cjk = Self.cjk
    let punctuation = Array(":;-)(|<>$@PDOX8'~")
    // 500 literal codes (`/微笑` and `/::)` styles) and 2,000 shortcodes, beside 2,500 bracket tags.
    var literal = Set<String>()
    while literal.count < 500 {
      if g.next() % 2 == 0 {
        literal.insert("/" + String((0..<(1 + Int(g.next() % 3))).map { _ in cjk[Int(g.next() % UInt64(cjk.count))] }))
      } else {
        literal.insert(
          "/:"
            + String((0..<(2 + Int(g.next() % 3))).map { _ in punctuation[Int(g.next() % UInt64(punctuation.count))] })
        )
      }
    }
    let literals = literal.sorted()
    let shortcodes = (0..<2000).map { ":\(syllables(&g, 2 + Int($0 % 3)))_\($0):" }
    let tags = (0..<2500).map { "[表情\($0)]" }
    func pack(codes: Bool) throws -> PackFileReader {
      let entries = (0..<2500).map { i -> PackEntry in
        var c: [String] = []
        if codes {
          if i < 500 { c.append(literals[i]) }
          if i < 2000 { c.append(shortcodes[i]) }
        }
        return PackEntry(kind: .emoji, tags: [tags[i]], emoji: nil, image: nil, codes: c)
      }
      return try PackFileReader(
        bytes: try PackWriter.write(
          PackContents(
            id: "codes", version: "1", names: [], pointSize: 32, scales: [1], sheets: [], images: [], entries: entries))
      )
    }
    let withCodes = Tokenizer(catalog: Catalog(packs: [try pack(codes: true)]))
    let withoutCodes = Tokenizer(catalog: Catalog(packs: [try pack(codes: false)]))
    // A dense chat corpus: a key every dozen bytes or so, with unknown shortcodes and codes' prefixes as text.
    let words = Self.words
    let emoji = ["😀", "😂", "👍🏽", "👨‍👩‍👧‍👦", "❤️"]
    var dense = ""
    // The same corpus with a tag wherever `dense` has a code: as many keys, none of them codes.
    var denseTags = ""
    let bytes = quick ? 200_000 : 2_000_000
    let (literalCount, shortcodeCount, tagCount): (UInt64, UInt64, UInt64) =
      layout == .fewKeys ? (4, 4, 4) : (500, 2000, 2500)
    // Pieces held for grouping (`grouped`): kind (0 for words and other text) and piece.
    var held: [(kind: Int, piece: String)] = []
    while dense.utf8.count < bytes {
      var piece = ""
      var isCode = false
      switch Piece(draw: g.next()) {
      case .word: piece = words[Int(g.next() % UInt64(words.count))]
      case .literal: (piece, isCode) = (literals[Int(g.next() % literalCount)], true)
      case .shortcode: (piece, isCode) = (shortcodes[Int(g.next() % shortcodeCount)], true)
      case .tag: piece = tags[Int(g.next() % tagCount)]
      case .unknownShortcode: piece = ":nope\(g.next() % 50):"
      case .slashColon: piece = "/:"
      case .emoji: piece = emoji[Int(g.next() % 5)]
      case .lineBreak: piece = "\n"
      }
      if layout == .grouped {
        let kind =
          piece.hasPrefix("[") ? 1 : piece.hasPrefix(":") ? 2 : piece.hasPrefix("/") ? 3 : emoji.contains(piece) ? 4 : 0
        held.append((kind, piece))
        if held.count == 256 {
          let words = held.filter { $0.kind == 0 }.map(\.piece)
          let keys = held.filter { $0.kind != 0 }.sorted { $0.kind < $1.kind }.map(\.piece)
          for (n, key) in keys.enumerated() { dense += (n < words.count ? words[n] : "") + key }
          dense += words.dropFirst(keys.count).joined()
          held = []
        }
        continue
      }
      dense += piece
      denseTags += isCode ? tags[Int(g.next() % 2500)] : piece
    }
    self.withCodes = withCodes
    self.withoutCodes = withoutCodes
    self.dense = dense
    self.denseTags = denseTags
    self.tags = tags
    self.literals = literals
    self.shortcodes = shortcodes
    generator = g
  }
}

/// The median time of tokenizing `text` with each of `tokenizers`, in seconds, `rounds` timings each taken in turn
/// (so that every median spans the same stretch of a machine whose speed drifts).
func medianSeconds(_ tokenizers: [Tokenizer], _ text: String, rounds: Int) -> [Double] {
  interleavedSamples(
    rounds: rounds,
    tokenizers.map { tokenizer in
      (
        1,
        {
          let t = now()
          _ = tokenizer.tokenize(text)
          return now() - t
        }
      )
    }
  ).map { $0.sorted()[rounds / 2] }
}

/// `emopack-bench --codes-tokenize-only ROUNDS`: the tokenizer with codes on the codes corpus, and without codes
/// on the same text, ROUNDS timings each taken in turn, medians in MB/s (for A/B runs and callgrind); then the
/// same on two variants of the corpus, the corpus's words alone, and each kind of key on its own.
func codesTokenizeOnly(rounds: Int) throws {
  let c = try CodeCorpus(quick: false)
  // The benchmark's corpus, then two of the same make-up: few distinct keys (cache misses ruled out) and pieces
  // grouped by kind (mispredicted paths ruled out). Each line's ratio is codes against no codes on its own text.
  for (layout, corpus) in [
    ("", c), (" (4 keys of each kind)", try CodeCorpus(quick: false, layout: .fewKeys)),
    (" (grouped by kind)", try CodeCorpus(quick: false, layout: .grouped)),
  ] {
    let mb = Double(corpus.dense.utf8.count) / 1_048_576
    let tokenizers = [("codes", c.withCodes), ("no codes", c.withoutCodes)]
    let rate = medianSeconds(tokenizers.map(\.1), corpus.dense, rounds: rounds).map { mb / $0 }
    for ((label, tokenizer), r) in zip(tokenizers, rate) {
      print(
        "tokenize \(label)\(layout): \(String(format: "%.1f", r)) MB/s median of \(rounds), \(tokenizer.tokenize(corpus.dense).count) tokens, \(tokenizer.countMatches(corpus.dense)) keys"
      )
    }
    print("  codes / no codes\(layout): \(String(format: "%.3f", rate[0] / rate[1]))×")
  }
  // The corpus's make-up built up a kind at a time (the same draw, other kinds left out): what codes cost beyond
  // no codes, per code, as each kind joins the mix.
  let emoji = ["😀", "😂", "👍🏽", "👨‍👩‍👧‍👦", "❤️"]
  let unknown: Set<CodeCorpus.Piece> = [.unknownShortcode, .slashColon]
  let codesAndWords: Set<CodeCorpus.Piece> = [.word, .literal, .shortcode]
  let buildUp: [(String, Set<CodeCorpus.Piece>)] = [
    ("words and literal codes", [.word, .literal]), ("words and shortcodes", [.word, .shortcode]),
    ("words and both codes", codesAndWords), ("and unknown shortcodes, '/:'", codesAndWords.union(unknown)),
    ("and emoji", codesAndWords.union(unknown).union([.emoji])),
    ("and tags, line breaks (all)", Set(CodeCorpus.Piece.allCases)),
    ("all but the unknown", Set(CodeCorpus.Piece.allCases).subtracting(unknown)),
  ]
  for (label, kinds) in buildUp {
    var g = ArtGenerator(seed: 9)
    var text = ""
    var codes = 0
    while text.utf8.count < c.dense.utf8.count {
      let piece = CodeCorpus.Piece(draw: g.next())
      let x = g.next()
      guard kinds.contains(piece) else { continue }
      switch piece {
      case .word: text += CodeCorpus.words[Int(x % UInt64(CodeCorpus.words.count))]
      case .literal: text += c.literals[Int(x % UInt64(c.literals.count))]
      case .shortcode: text += c.shortcodes[Int(x % UInt64(c.shortcodes.count))]
      case .tag: text += c.tags[Int(x % UInt64(c.tags.count))]
      case .unknownShortcode: text += ":nope\(x % 50):"
      case .slashColon: text += "/:"
      case .emoji: text += emoji[Int(x % 5)]
      case .lineBreak: text += "\n"
      }
      codes += piece == .literal || piece == .shortcode ? 1 : 0
    }
    let ms = medianSeconds([c.withCodes, c.withoutCodes], text, rounds: rounds).map { $0 * 1000 }
    print(
      "  \(label): codes \(String(format: "%.3f", ms[0])) ms, no codes \(String(format: "%.3f", ms[1])) ms (\(String(format: "%.3f", ms[1] / ms[0]))×), \(String(format: "%.1f", (ms[0] - ms[1]) / Double(codes) * 1e6)) ns more a code (\(codes))"
    )
  }
  // Words and one kind of key (55 words to 12 keys, as many bytes as the corpus): a tag in the tokenizer without
  // codes against a shortcode or a literal code in the one with codes, each at the density the corpus has keys.
  for (label, keys, tokenizer) in [
    ("tags, catalog without codes", c.tags, c.withoutCodes), ("shortcodes", c.shortcodes, c.withCodes),
    ("literal codes", c.literals, c.withCodes),
  ] {
    var g = ArtGenerator(seed: 9)
    var text = ""
    var count = 0
    while text.utf8.count < c.dense.utf8.count {
      let draw = g.next() % 67
      let x = g.next()
      if draw < 55 {
        text += CodeCorpus.words[Int(x % UInt64(CodeCorpus.words.count))]
      } else {
        text += keys[Int(x % UInt64(keys.count))]
        count += 1
      }
    }
    let ms = (0..<rounds).map { _ -> Double in
      let t = now()
      _ = tokenizer.tokenize(text)
      return (now() - t) * 1000
    }.sorted()[rounds / 2]
    print(
      "  words and \(label): \(String(format: "%.3f", ms)) ms, \(String(format: "%.1f", ms * 1e6 / Double(count))) ns a key (\(count))"
    )
  }
  // The corpus's words alone, as many bytes: what listing and copying cost without any key.
  var g = ArtGenerator(seed: 5)
  var text = ""
  while text.utf8.count < c.dense.utf8.count {
    text += CodeCorpus.words[Int(g.next() % UInt64(CodeCorpus.words.count))]
  }
  let times = (0..<rounds).map { _ -> Double in
    let t = now()
    _ = c.withCodes.tokenize(text)
    return (now() - t) * 1000
  }
  print("  words alone, as many bytes: \(String(format: "%.3f", times.sorted()[rounds / 2])) ms")
  // A word and a key, over and over: what each kind of key costs on its own, the same key each time and a key
  // drawn at random from its kind each time.
  let cjkLiteral = c.literals.first { !$0.hasPrefix("/:") }!
  let punctuationLiteral = c.literals.first { $0.hasPrefix("/:") }!
  for (label, keys, tokenizer) in [
    ("tag, catalog without codes", [c.tags[7]], c.withoutCodes), ("tag", [c.tags[7]], c.withCodes),
    ("shortcode", [c.shortcodes[7]], c.withCodes), ("literal \(cjkLiteral)", [cjkLiteral], c.withCodes),
    ("literal \(punctuationLiteral)", [punctuationLiteral], c.withCodes),
    ("random tag, catalog without codes", c.tags, c.withoutCodes), ("random tag", c.tags, c.withCodes),
    ("random shortcode", c.shortcodes, c.withCodes), ("random literal", c.literals, c.withCodes),
    ("random literal of ideographs", c.literals.filter { !$0.hasPrefix("/:") }, c.withCodes),
    ("random literal of punctuation", c.literals.filter { $0.hasPrefix("/:") }, c.withCodes),
  ] {
    var text = ""
    var pieces = 0
    while text.utf8.count < 1_000_000 {
      text += "今天" + keys[Int(g.next() % UInt64(keys.count))]
      pieces += 1
    }
    let times = (0..<rounds).map { _ -> Double in
      let t = now()
      _ = tokenizer.tokenize(text)
      return (now() - t) / Double(pieces) * 1e9
    }
    print("  今天 + \(label): \(String(format: "%.1f", times.sorted()[rounds / 2])) ns a piece")
  }
}

func codeAndSearchSamples(work: String, reps: Int, quick: Bool) throws -> [Sample] {
  var out: [Sample] = []
  let corpus = try CodeCorpus(quick: quick)
  let (withCodes, withoutCodes, dense, denseTags) = (
    corpus.withCodes, corpus.withoutCodes, corpus.dense, corpus.denseTags
  )
  let (tags, literals, shortcodes) = (corpus.tags, corpus.literals, corpus.shortcodes)
  var g = corpus.generator
  let cjk = CodeCorpus.cjk
  // One untimed pass each: the first tokenize fills the tokenizer's lazily built tables (emoji starts below
  // U+3300), which would otherwise count against whichever runs first.
  _ = withCodes.tokenize(dense)
  _ = withoutCodes.tokenize(denseTags)
  let megabytes = Double(dense.utf8.count) / 1_048_576
  let tokens = withCodes.tokenize(dense).count
  // YYText's way: one alternation of every key, escaped, longest first, and a dictionary of the keys.
  let keys = (tags + literals + shortcodes).sorted { $0.utf16.count > $1.utf16.count }
  let regex = try NSRegularExpression(
    pattern: keys.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|"))
  let dictionary = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, $0.offset) })
  // The regex is slow: it reads a slice of the same corpus.
  let slice = regexSlice(dense, quick: quick)
  let sliceMB = Double(slice.utf8.count) / 1_048_576
  // Taken in turn (`interleavedSamples`): the tokenizers seven times each for every run of the regex.
  let timed = interleavedSamples(
    rounds: max(reps, 3),
    [
      (7, { tokenizeRates(withCodes, dense, reps: 1)[0] }),
      (7, { tokenizeRates(withoutCodes, dense, reps: 1)[0] }),
      (7, { tokenizeRates(withoutCodes, denseTags, reps: 1)[0] }),
      (1, { regexRates(regex, dictionary, slice, reps: 1)[0] }),
    ])
  let (ours, noCodes, tagsOnly, alternation) = (timed[0], timed[1], timed[2], timed[3])
  // The two codes targets, read on the dense corpus (the runtime benchmark's chat corpus of
  // tags and emoji, `chatCorpora`): both catalogs and the regex of every key, timed in turn.
  let chat = chatCorpora(tags: 2500, bytes: quick ? 200_000 : 2_000_000).dense
  let chatSlice = regexSlice(chat, quick: quick)
  let chatTimed = interleavedSamples(
    rounds: max(reps, 3),
    [
      (7, { tokenizeRates(withCodes, chat, reps: 1)[0] }), (7, { tokenizeRates(withoutCodes, chat, reps: 1)[0] }),
      (1, { regexRates(regex, dictionary, chatSlice, reps: 1)[0] }),
    ])
  let (chatWith, chatWithout, chatRegex) = (chatTimed[0], chatTimed[1], chatTimed[2])
  out.append(
    Sample(
      name: "tokenize dense corpus, 500 codes + 2,000 shortcodes", unit: "MB/s", values: chatWith,
      note: "\(fmt(Double(chat.utf8.count) / 1_048_576)) MB of tags and emoji, \(Tokenizer.scanKernel)"))
  out.append(Sample(name: "  same tokenizer, no codes in the catalog", unit: "MB/s", values: chatWithout))
  out.append(
    Sample(
      name: "  alternation regex of every key (YYText)", unit: "MB/s", values: chatRegex,
      note: "NSRegularExpression, \(keys.count) keys longest first, \(fmt(Double(chatSlice.utf8.count) / 1_048_576)) MB"
    ))
  out.append(.ratio("  codes / alternation regex", chatWith, chatRegex, note: "target ≥ 10"))
  out.append(.ratio("  codes / no codes", chatWith, chatWithout, note: "target ≥ 0.5"))
  // The codes corpus, dense with codes (no target): the tokenizer without codes reads its codes as plain text, so
  // it finds a third of the tokens; against the same pieces with a tag for each code, codes compare with tags.
  out.append(
    Sample(
      name: "tokenize codes corpus (a code every 30 bytes)", unit: "MB/s", values: ours,
      note: "\(fmt(megabytes)) MB, \(tokens) tokens"))
  out.append(
    Sample(
      name: "  codes corpus, no codes in the catalog", unit: "MB/s", values: noCodes,
      note: "\(withoutCodes.tokenize(dense).count) tokens: the codes are text"))
  out.append(
    Sample(
      name: "  codes corpus, alternation regex", unit: "MB/s", values: alternation,
      note: "\(fmt(sliceMB)) MB"))
  out.append(.ratio("  codes corpus: codes / alternation regex", ours, alternation))
  out.append(
    .ratio("  codes corpus: codes / no codes", ours, noCodes, note: "no target: a third of the tokens without codes"))
  out.append(
    Sample(
      name: "  codes corpus with a tag for each code, no codes", unit: "MB/s", values: tagsOnly,
      note: "as many keys, all tags"))
  out.append(.ratio("  codes corpus: codes / tags for codes", ours, tagsOnly, note: "per byte"))
  // The two corpora hold the same pieces, so the same number of tokens: tokens per second compare per key.
  let perToken = (Double(denseTags.utf8.count) / median(tagsOnly)) / (Double(dense.utf8.count) / median(ours))
  out.append(
    Sample(
      name: "  codes corpus: codes / tags for codes, per token", unit: "×", value: perToken,
      note: "what a code costs against a tag"))

  // Search on 100,000 entries: a tag, an English word and a Chinese keyword of 2-4 characters each.
  let n = 100_000
  var entries: [PackEntry] = []
  var zhWords: [String] = []
  var enWords: [String] = []
  for i in 0..<n {
    let zh = String((0..<(2 + Int(g.next() % 3))).map { _ in cjk[Int(g.next() % UInt64(cjk.count))] })
    let en = syllables(&g, 2 + Int(g.next() % 3))
    zhWords.append(zh)
    enWords.append(en)
    entries.append(
      PackEntry(
        kind: .emoji, tags: ["[e\(i)]"], emoji: nil, image: nil,
        keywords: [
          PackKeyword(text: zh, locale: "zh-Hans", source: .manifest),
          PackKeyword(text: en, locale: "en", source: .manifest),
        ]))
  }
  let path = work + "/search-100000.pack"
  let t0 = now()
  let bytesOut = try PackWriter.write(
    PackContents(id: "s", version: "1", names: [], pointSize: 32, scales: [1], sheets: [], images: [], entries: entries)
  )
  let writeSeconds = now() - t0
  try Data(bytesOut).write(to: URL(fileURLWithPath: path))
  let catalog = Catalog(packs: [try PackFileReader(contentsOf: path)])
  out.append(
    Sample(
      name: "search index, 100,000 entries (300,000 keywords)", unit: "MiB",
      value: Double(bytesOut.count) / 1_048_576, note: "pack written in \(fmt(writeSeconds)) s"))
  for kind in ["prefix", "contains"] {
    for length in 1...4 {
      // Queries typed one character at a time: the first `length` characters of a keyword (prefix), or from its
      // second character on (contains).
      var queries: [String] = []
      while queries.count < 200 {
        let i = Int(g.next() % UInt64(n))
        let word = g.next() % 2 == 0 ? zhWords[i] : enWords[i]
        let chars = Array(word)
        let from = kind == "prefix" ? 0 : 1
        guard chars.count >= from + length else { continue }
        queries.append(String(chars[from..<(from + length)]))
      }
      var pages = 0
      let perQuery = (0..<max(reps, 3)).map { _ -> Double in
        let t = now()
        for q in queries { pages += catalog.search(q).first(23).count }
        return (now() - t) / Double(queries.count) * 1e6
      }
      precondition(pages > 0)
      // The slowest query of the set (each the best of three, so a timer interrupt does not count as the query).
      var worst = 0.0
      for q in queries {
        var best = Double.infinity
        for _ in 0..<3 {
          let t = now()
          _ = catalog.search(q).first(23)
          best = min(best, now() - t)
        }
        worst = max(worst, best)
      }
      out.append(
        Sample(
          name: "search first page (23), \(kind), \(length) char\(length == 1 ? "" : "s")", unit: "µs",
          values: perQuery,
          note: "slowest query of 200: \(fmt(worst * 1e6)) µs; target ≤ 50"))
    }
  }
  return out
}

/// About the first 200 KB of `text` (20 KB when quick), cut where a `Character` ends: what the alternation regex
/// reads, since it runs under 1 MB/s.
func regexSlice(_ text: String, quick: Bool) -> String {
  let end = text.utf8.index(text.utf8.startIndex, offsetBy: min(text.utf8.count, quick ? 20_000 : 200_000))
  return String(text[..<end])
}

/// A made-up word of `count` syllables.
func syllables(_ g: inout ArtGenerator, _ count: Int) -> String {
  let onsets = ["b", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "w", "z", "ch", "sh"]
  let vowels = ["a", "e", "i", "o", "u", "ai", "ou"]
  var s = ""
  for _ in 0..<count {
    s += onsets[Int(g.next() % UInt64(onsets.count))] + vowels[Int(g.next() % UInt64(vowels.count))]
  }
  return s
}

/// MB/s of `tokenizer` over `text`, `reps` times.
func tokenizeRates(_ tokenizer: Tokenizer, _ text: String, reps: Int) -> [Double] {
  let megabytes = Double(text.utf8.count) / 1_048_576
  return (0..<reps).map { _ -> Double in
    let t = now()
    precondition(tokenizer.tokenize(text).count > 0)
    return megabytes / (now() - t)
  }
}
