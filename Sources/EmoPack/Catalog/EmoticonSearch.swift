import EmoPackFormat

/// One emoticon found by a search, with why.
public struct SearchResult: Sendable, Equatable {
  /// How the query matched, best first.
  public enum Match: Int, Sendable, Comparable {
    /// The query is a tag's text or a code (or shortcode name), exactly, or the emoji an entry is or stands for
    /// (variation selectors aside).
    case exactKey = 0
    /// A tag, code or keyword starts with the query.
    case prefix = 1
    /// A key or keyword contains the query elsewhere.
    case contains = 2

    public static func < (a: Match, b: Match) -> Bool { a.rawValue < b.rawValue }
  }

  /// The emoticon.
  public var ref: EmoticonRef
  /// How it matched (its best way).
  public var match: Match
  /// The key, emoji or keyword that matched, as written.
  public var keyword: String
  /// The keyword's locale (`zh-Hans`, `en`); nil when a key or an emoji matched.
  public var locale: String? = nil
}

extension Catalog {
  /// Emoticons and emoji for `query`, ranked: exact tag, code or emoji first, then a tag, code or keyword
  /// starting with the query, then one containing it; each entry once, in pack order within a rank, by keyword
  /// within a pack.
  ///
  /// Case-, width- and (for Latin) accent-insensitive (`KeywordFold`); a query's leading `[` or `:` is ignored, with
  /// the `]` or `:` closing it (`KeywordFold.compared`: `[微笑]` and `:smile:` find those keys, `/::` finds `/::)`).
  /// `locales` limits keywords to those languages (`zh` takes `zh-Hans` and `zh-Hant`, `en-GB` takes `en`); keys
  /// are always searched; empty: every language. Results are computed as they are read: the first page costs an
  /// emoji-index probe and two binary searches per pack and the rows read, whatever the catalog's size.
  public func search(_ query: String, locales: [String] = []) -> EmoticonSearch {
    EmoticonSearch(catalog: self, query: query, locales: locales)
  }
}

/// The results of `Catalog.search`, computed lazily as they are iterated.
public struct EmoticonSearch: Sequence, Sendable {
  let catalog: Catalog
  /// The folded query's UTF-8 and scalars.
  let folded: [UInt8]
  let scalars: [UInt32]
  /// Per pack, which LOCS rows the locale filter takes (nil: all).
  let allowed: [[Bool]?]

  init(catalog: Catalog, query: String, locales: [String]) {
    self.catalog = catalog
    let q = KeywordFold.compared(query)
    folded = Array(q.utf8)
    scalars = q.unicodeScalars.map(\.value)
    allowed = catalog.readers.map { pack in
      guard !locales.isEmpty else { return nil }
      return (0..<pack.localeCount).map { i in
        guard let l = try? pack.locale(at: i) else { return false }
        return locales.contains { Self.localesMatch($0, l) }
      }
    }
  }

  /// The query as search compares it (`KeywordFold.compared`): folded, a leading `[` or `:` dropped with the
  /// `]` or `:` closing it.
  public var comparedQuery: String { String(decoding: folded, as: UTF8.self) }

  /// True when one locale is the other or a more specific form of it (`zh` and `zh-Hant`, `en-GB` and `en`).
  static func localesMatch(_ a: String, _ b: String) -> Bool {
    let x = a.lowercased().replacingOccurrences(of: "_", with: "-")
    let y = b.lowercased().replacingOccurrences(of: "_", with: "-")
    return x == y || x.hasPrefix(y + "-") || y.hasPrefix(x + "-")
  }

  /// The first `n` results.
  public func first(_ n: Int) -> [SearchResult] {
    var out: [SearchResult] = []
    guard n > 0 else { return out }
    for r in self {
      out.append(r)
      if out.count == n { break }
    }
    return out
  }

  /// Keyboard page `index` of the results (nil past the last; page 0 of no results is nil too), reading only
  /// the results up to that page.
  public func page(
    _ index: Int, grid: KeyboardGrid = .standard, delete: DeletePlacement = .lastCell
  )
    -> KeyboardPage?
  {
    let per = grid.emoticonsPerPage
    // Pages so far on that no catalog reaches them are past the last (the arithmetic below cannot overflow).
    guard index >= 0, index < Int.max / (per + 2) - 1, grid.columns * grid.rows >= 2 else { return nil }
    let results = first((index + 1) * per + 1)
    guard results.count > index * per else { return nil }
    let slice = Array(results[(index * per)..<Swift.min(results.count, (index + 1) * per)]).map(\.ref)
    // Laid out as the grid lays a category; only the last page may take the delete key early.
    let isLast = results.count <= (index + 1) * per
    return grid.pages(slice, delete: isLast ? delete : .lastCell).first
  }

  public func makeIterator() -> Iterator { Iterator(search: self) }

  /// Walks ranks, then packs, then rows; remembers what it has given.
  public struct Iterator: IteratorProtocol {
    let search: EmoticonSearch
    var rank = SearchResult.Match.exactKey
    var pack = 0
    /// KWRD rows left in the current pack for the exact and the prefix rank.
    var rows: Range<Int>? = nil
    /// For `contains`: the KPST runs a keyword must be in (one per distinct scalar pair of the query, rarest
    /// first; the scalar's grams for a one-scalar query), and a cursor in each (`nextCommonPosting`).
    var runs: [Range<Int>]? = nil
    var cursors: [Int] = []
    /// For a one-scalar query's `contains`: the rows of its grams in row order.
    var merge: PostingMerge? = nil
    var seen = Set<EmoticonRef>()
    /// Each pack's prefix range, found once for the exact and the prefix rank.
    var prefixRanges: [Int: Range<Int>] = [:]
    /// True once the current pack's entry for the query as an emoji has been looked up (exact rank).
    var emojiTried = false

    init(search: EmoticonSearch) { self.search = search }

    public mutating func next() -> SearchResult? {
      guard !search.folded.isEmpty else { return nil }
      let packs = search.catalog.readers
      while pack < packs.count {
        let reader = packs[pack]
        if rank == .contains && search.scalars.count == 1 {
          // One scalar: its grams' runs merged in row order.
          if merge == nil { merge = PostingMerge(reader, runs: reader.gramPostingRuns(first: search.scalars[0])) }
          while let row = merge?.next(reader) {
            if let result = take(reader, row) { return result }
          }
          merge = nil
        } else if rank == .contains {
          let walked = runs ?? containsRuns(reader)
          if runs == nil {
            runs = walked
            cursors = walked.map(\.lowerBound)
          }
          while let row = reader.nextCommonPosting(walked, cursors: &cursors) {
            if let result = take(reader, row) { return result }
          }
          runs = nil
        } else {
          if rank == .exactKey && !emojiTried {
            emojiTried = true
            if let result = emojiResult(reader) { return result }
          }
          if rows == nil { rows = prefixRange(reader) }
          while let r = rows, let row = r.first {
            rows = r.dropFirst()
            // Exact matches come first in the prefix range: the first longer key ends the rank in this pack.
            if rank == .exactKey && !isExact(reader, row) {
              rows = nil
              break
            }
            if let result = take(reader, row) { return result }
          }
          rows = nil
        }
        pack += 1
        emojiTried = false
        if pack == packs.count, let next = SearchResult.Match(rawValue: rank.rawValue + 1) {
          rank = next
          pack = 0
        }
      }
      return nil
    }

    /// The KWRD rows starting with the query in `reader`, for the exact and the prefix rank (found once).
    mutating func prefixRange(_ reader: PackFileReader) -> Range<Int> {
      if let known = prefixRanges[pack] { return known }
      let range = search.folded.withUnsafeBytes { reader.keywordRange(withPrefix: $0) }
      prefixRanges[pack] = range
      return range
    }

    /// The KPST runs whose common rows are the `contains` candidates in `reader` for a query of two scalars or
    /// more: each scalar pair's postings, rarest first (the keywords holding the query hold every pair); none when
    /// a pair is missing.
    func containsRuns(_ reader: PackFileReader) -> [Range<Int>] {
      let s = search.scalars
      var runs: [Range<Int>] = []
      for k in 0..<(s.count - 1) {
        let r = reader.gramPostings(first: s[k], second: s[k + 1])
        if r.isEmpty { return [] }
        if !runs.contains(r) { runs.append(r) }
      }
      return runs.sorted { $0.count < $1.count }
    }

    /// The entry of the current pack whose emoji is the query (one hash probe of its emoji index), if new.
    mutating func emojiResult(_ reader: PackFileReader) -> SearchResult? {
      guard let entry = search.folded.withUnsafeBytes({ reader.entryIndex(forEmojiUTF8: $0) }),
        let written = reader.withEmoji(ofEntry: entry, { String(decoding: $0, as: UTF8.self) })
      else { return nil }
      let ref = EmoticonRef(pack: pack, entry: entry)
      guard search.catalog.lookupOwner(ref), seen.insert(ref).inserted else { return nil }
      return SearchResult(ref: ref, match: .exactKey, keyword: written)
    }

    func isExact(_ reader: PackFileReader, _ row: Int) -> Bool {
      reader.withFoldedKeyword(at: row) { $0.count == search.folded.count } ?? false
    }

    /// The result for KWRD `row` of the current rank, if it is one and new.
    mutating func take(_ reader: PackFileReader, _ row: Int) -> SearchResult? {
      guard let target = reader.keywordTarget(at: row) else { return nil }
      switch rank {
      case .exactKey:
        guard target.source == .key else { return nil }
      case .prefix:
        break
      case .contains:
        let q = search.folded
        guard let contains = reader.withFoldedKeyword(at: row, { key in Self.contains(key, q) }), contains else {
          return nil
        }
      }
      if let l = target.locale, let allowed = search.allowed[pack], !(l < allowed.count && allowed[l]) { return nil }
      let ref = EmoticonRef(pack: pack, entry: target.entry)
      guard search.catalog.lookupOwner(ref), seen.insert(ref).inserted else { return nil }
      let written = reader.keywordText(at: row) ?? ""
      let locale = target.locale.flatMap { try? reader.locale(at: $0) }
      return SearchResult(ref: ref, match: rank, keyword: written, locale: locale)
    }

    static func contains(_ key: UnsafeRawBufferPointer, _ q: [UInt8]) -> Bool {
      guard key.count >= q.count, let first = q.first else { return false }
      var i = 0
      while i + q.count <= key.count {
        if key[i] == first {
          var k = 1
          while k < q.count && key[i + k] == q[k] { k += 1 }
          if k == q.count { return true }
        }
        i += 1
      }
      return false
    }
  }
}

extension Catalog {
  /// True when `ref`'s pack and entry exist (results never name what the catalog cannot show).
  func lookupOwner(_ ref: EmoticonRef) -> Bool {
    ref.pack >= 0 && ref.pack < readers.count && ref.entry >= 0 && ref.entry < readers[ref.pack].entryCount
  }
}
