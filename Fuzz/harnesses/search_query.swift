import EmoPack
import EmoPackFormat

// libFuzzer harness: `Catalog.search` on arbitrary queries (and a locale filter picked by the input) against a
// brute-force reference that folds every key and keyword and compares bytes, over two packs whose keywords
// hold the folding's hard cases (accents, multi-scalar lowercase, full width, kana marks, ZWJ emoji).

func keyword(_ text: String, _ locale: String) -> PackKeyword {
  PackKeyword(text: text, locale: locale, source: .manifest)
}

func pack(_ id: String, _ entries: [PackEntry]) -> PackFileReader {
  let contents = PackContents(
    id: id, version: "1", names: [], pointSize: 8, scales: [1],
    sheets: [
      SheetRecord(
        fileName: "\(id).png", scale: 1, page: 0, width: 64, height: 64, byteSize: 1,
        sha256: [UInt8](repeating: 0, count: 32))
    ],
    images: (0..<entries.count).map { _ in
      PackImage(placements: [SpritePlacement(sheet: 0, x: 0, y: 0, width: 8, height: 8)])
    },
    entries: entries.enumerated().map { i, e in
      var e = e
      if e.kind == .image { e.image = i }
      return e
    })
  guard let bytes = try? PackWriter.write(contents), let reader = try? PackFileReader(bytes: bytes) else {
    fatalError("the fuzzer's pack \(id) does not build")
  }
  return reader
}

let catalog = Catalog(packs: [
  pack(
    "a",
    [
      PackEntry(
        kind: .image, tags: ["[微笑]", "[a]"], emoji: nil, image: 0, codes: ["/::)", ":smile:", "/微笑"],
        keywords: [keyword("笑", "zh-Hans"), keyword("smile", "en"), keyword("Crème brûlée", "fr")]),
      PackEntry(
        kind: .image, tags: ["[爱你]", "[愛你]"], emoji: nil, image: 0,
        keywords: [keyword("爱", "zh-Hans"), keyword("愛", "zh-Hant"), keyword("İstanbul", "tr")]),
      PackEntry(
        kind: .image, tags: ["[ΣΊΣΥΦΟΣ]"], emoji: nil, image: 0,
        keywords: [keyword("straße", "de"), keyword("ＦＵＬＬ ｗｉｄｔｈ", "en"), keyword("ﬁle", "en-GB")]),
      PackEntry(
        kind: .image, tags: ["[か\u{3099}]"], emoji: nil, image: 0, codes: ["/:-|"],
        keywords: [keyword("かが", "ja"), keyword("한국  말", "ko"), keyword("a:b [c]", "en")]),
      PackEntry(
        kind: .emoji, tags: [], emoji: "👨‍👩‍👧", image: nil,
        keywords: [keyword("family", "en"), keyword("家庭", "zh"), keyword("👨‍👩", "en")]),
    ]),
  pack(
    "b",
    [
      PackEntry(
        kind: .image, tags: ["[微笑]", "[smiley]"], emoji: "☺️", image: 0, codes: [":a:"],
        keywords: [keyword("big smile", "en"), keyword("笑臉", "zh-Hant")]),
      PackEntry(
        kind: .emoji, tags: [], emoji: "😀", image: nil,
        keywords: [keyword("grinning face", "en"), keyword("笑脸", "zh-Hans"), keyword("Ǆemal", "hr")]),
    ]),
])

let localeChoices: [[String]] = [[], ["zh"], ["en"], ["zh-Hant"], ["fr", "en-GB"], ["EN_us"], ["ja", "ko"], ["x"]]

/// True when `a` is `b` or a more specific form of it, either way (`zh` and `zh-Hant`), as search documents.
func localesMatch(_ a: String, _ b: String) -> Bool {
  let x = a.lowercased().replacingOccurrences(of: "_", with: "-")
  let y = b.lowercased().replacingOccurrences(of: "_", with: "-")
  return x == y || x.hasPrefix(y + "-") || y.hasPrefix(x + "-")
}

func bytesContain(_ t: [UInt8], _ q: [UInt8]) -> Bool {
  guard !q.isEmpty, t.count >= q.count else { return false }
  for i in 0...(t.count - q.count) where t[i..<(i + q.count)].elementsEqual(q) { return true }
  return false
}

/// A query or key folded, a leading `[` or `:` dropped with the `]` or `:` closing it, folded again.
func comparedByHand(_ text: String) -> String {
  var q = KeywordFold.fold(text)
  guard q.count > 1, let open = q.first, open == "[" || open == ":" else { return q }
  q.removeFirst()
  if q.count > 1, q.last == (open == "[" ? "]" : ":") { q.removeLast() }
  return KeywordFold.fold(q)
}

/// Every entry's best match, by folding every key and keyword of every pack.
func reference(_ query: String, _ locales: [String]) -> [EmoticonRef: SearchResult.Match] {
  let qb = Array(comparedByHand(query).utf8)
  var best: [EmoticonRef: SearchResult.Match] = [:]
  guard !qb.isEmpty else { return best }
  for (p, reader) in catalog.readers.enumerated() {
    for e in 0..<reader.entryCount {
      guard let entry = try? reader.entry(at: e) else { fatalError("entry \(e) of pack \(p) does not read") }
      // The emoji an entry is or stands for, found whole (variation selectors aside).
      if let emoji = entry.emoji, Array(KeywordFold.fold(emoji).utf8) == qb {
        best[EmoticonRef(pack: p, entry: e)] = .exactKey
      }
      var texts = entry.keys.map { (Array(comparedByHand($0.text).utf8), true) }
      for k in entry.keywords where locales.isEmpty || locales.contains(where: { localesMatch($0, k.locale ?? "") }) {
        texts.append((Array(KeywordFold.fold(k.text).utf8), false))
      }
      var m: SearchResult.Match?
      for (t, isKey) in texts {
        let r: SearchResult.Match? =
          isKey && t == qb ? .exactKey : t.starts(with: qb) ? .prefix : bytesContain(t, qb) ? .contains : nil
        if let r { m = min(m ?? r, r) }
      }
      if let m { best[EmoticonRef(pack: p, entry: e)] = min(best[EmoticonRef(pack: p, entry: e)] ?? m, m) }
    }
  }
  return best
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearchQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let locales = size == 0 ? [] : localeChoices[Int(data[0]) % localeChoices.count]
  let query = String(decoding: UnsafeBufferPointer(start: data, count: size).dropFirst(), as: UTF8.self)
  let results = Array(catalog.search(query, locales: locales))
  let expected = reference(query, locales)
  var got: [EmoticonRef: SearchResult.Match] = [:]
  for r in results {
    if got.updateValue(r.match, forKey: r.ref) != nil { fatalError("\(query.debugDescription): an entry twice") }
  }
  if got != expected { fatalError("\(query.debugDescription) \(locales): got \(got), expected \(expected)") }
  // Ranked, then packs in tab order within a rank.
  for (a, b) in zip(results, results.dropFirst()) where (a.match, a.ref.pack) > (b.match, b.ref.pack) {
    fatalError("\(query.debugDescription): out of order")
  }
  // Each result's keyword is the key or keyword it names, with that keyword's locale.
  for r in results {
    guard let e = try? catalog.emoticon(r.ref) else { fatalError("a result names no emoticon") }
    let named =
      r.locale.map { l in e.keywords.contains { $0.text == r.keyword && $0.locale == l } }
      ?? (e.tags + e.codes + [e.emoji ?? ""]).contains(r.keyword)
    if !named { fatalError("\(query.debugDescription): \(r) names neither a key nor a keyword") }
  }
  // The first keyboard page holds the first results.
  let page = catalog.search(query, locales: locales).page(0)
  let onPage = page?.cells.compactMap { cell -> EmoticonRef? in
    if case .emoticon(let ref) = cell { return ref }
    return nil
  }
  if (onPage ?? []) != results.prefix(23).map(\.ref) { fatalError("page 0 is not the first results") }
  return 0
}
