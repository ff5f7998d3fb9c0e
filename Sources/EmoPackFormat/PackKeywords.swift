/// One KWRD row as stored.
package struct PackKeywordRecord: Sendable, Equatable {
  /// The keyword as written.
  package var text: String
  /// The keyword folded (`KeywordFold`), the key KWRD is sorted by.
  package var folded: String
  /// The entry it belongs to.
  package var entry: Int
  /// Its locale, nil for keys.
  package var locale: String?
  /// Where it comes from.
  package var source: PackKeyword.Source
}

/// Keyword and search sections (format 2.2): everything reads bounds-checked, and lookups on a malformed file
/// find nothing rather than trap.
extension PackFileReader {
  /// Rows of KWRD (0 before 2.2).
  package var keywordCount: Int { keywordSection.count }
  /// Rows of LOCS.
  package var localeCount: Int { localeSection.count }

  /// Locale `index` of LOCS.
  package func locale(at index: Int) throws(PackError) -> String {
    guard index >= 0, index < localeSection.count else {
      throw PackError(.outOfBounds, at: localeSection.offset, PackMessage.localeIndex(index, localeSection.count))
    }
    var r = stringReader
    return try r.string(at: localeSection.offset + index * PackLayout.localeSize)
  }

  /// Every locale of LOCS, in order.
  package func locales() throws(PackError) -> [String] {
    var out: [String] = []
    for i in 0..<localeCount { out.append(try locale(at: i)) }
    return out
  }

  /// The written text of KWRD row `index`, as `keyword(at:)` gives it, without reading the row's other strings;
  /// nil when the row or its string is bad.
  package func keywordText(at index: Int) -> String? {
    guard index >= 0, index < keywordSection.count else { return nil }
    var r = stringReader
    return try? r.string(at: keywordSection.offset + index * PackLayout.keywordSize + PackLayout.Keyword.written)
  }

  /// KWRD row `index`.
  package func keyword(at index: Int) throws(PackError) -> PackKeywordRecord {
    guard index >= 0, index < keywordSection.count else {
      throw PackError(.outOfBounds, at: keywordSection.offset, PackMessage.keywordIndex(index, keywordSection.count))
    }
    let at = keywordSection.offset + index * PackLayout.keywordSize
    let b = storage.buffer
    var r = stringReader
    let entry = Int(b.le32(at + PackLayout.Keyword.entry))
    guard entry < entryCount else {
      throw PackError(
        .outOfBounds, at: at + PackLayout.Keyword.entry, PackMessage.keywordEntry(index, entry, entryCount))
    }
    let localeIndex = Int(b.le16(at + PackLayout.Keyword.locale))
    let locale = localeIndex == Int(PackLayout.none16) ? nil : try self.locale(at: localeIndex)
    guard let source = PackKeyword.Source(rawValue: b[at + PackLayout.Keyword.source]) else {
      throw PackError(
        .inconsistent, at: at + PackLayout.Keyword.source,
        PackMessage.keywordSource(index, b[at + PackLayout.Keyword.source]))
    }
    return PackKeywordRecord(
      text: try r.string(at: at + PackLayout.Keyword.written), folded: try r.string(at: at + PackLayout.Keyword.folded),
      entry: entry, locale: locale, source: source)
  }

  /// The folded key of KWRD row `index` as bytes, without building a String; nil when malformed.
  package func withFoldedKeyword<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
    guard index >= 0, index < keywordSection.count,
      let bytes = stringReader.bytes(at: keywordSection.offset + index * PackLayout.keywordSize)
    else { return nil }
    return body(bytes)
  }

  /// Entry, LOCS index (nil: none) and source of KWRD row `index`, read without strings; nil when malformed.
  package func keywordTarget(at index: Int) -> (entry: Int, locale: Int?, source: PackKeyword.Source)? {
    guard index >= 0, index < keywordSection.count else { return nil }
    let at = keywordSection.offset + index * PackLayout.keywordSize
    let b = storage.buffer
    let entry = Int(b.le32(at + PackLayout.Keyword.entry))
    let locale = Int(b.le16(at + PackLayout.Keyword.locale))
    guard entry < entryCount, let source = PackKeyword.Source(rawValue: b[at + PackLayout.Keyword.source]),
      locale == Int(PackLayout.none16) || locale < localeSection.count
    else { return nil }
    return (entry, locale == Int(PackLayout.none16) ? nil : locale, source)
  }

  /// The KWRD rows of entry `index` (through its KENT range).
  package func keywordRows(ofEntry index: Int) throws(PackError) -> [Int] {
    guard index >= 0, index < entryCount else {
      throw PackError(.outOfBounds, at: entrySection.offset, PackMessage.entryIndex(index, entryCount))
    }
    guard formatMajor >= 2 else { return [] }
    let at = entrySection.offset + index * entrySize
    let b = storage.buffer
    let first = b.le32(at + PackLayout.Entry.firstKeyword)
    if first == PackLayout.none32 { return [] }
    let count = Int(b.le16(at + PackLayout.Entry.keywordCount))
    guard Int(first) <= keywordRowSection.count, count <= keywordRowSection.count - Int(first) else {
      throw PackError(
        .outOfBounds, at: at + PackLayout.Entry.firstKeyword,
        PackMessage.entryKeywordRows(index, first, Int(first) + count, keywordRowSection.count))
    }
    var out: [Int] = []
    for k in Int(first)..<(Int(first) + count) {
      let row = Int(b.le32(keywordRowSection.offset + k * PackLayout.keywordRowSize))
      guard row < keywordSection.count else {
        throw PackError(
          .outOfBounds, at: keywordRowSection.offset + k * 4,
          PackMessage.keywordRow(k, row, keywordSection.count))
      }
      out.append(row)
    }
    return out
  }

  /// The KWRD rows whose folded key starts with `prefix` (folded UTF-8): two binary searches.
  package func keywordRange(withPrefix prefix: UnsafeRawBufferPointer) -> Range<Int> {
    // -1, 0, 1: the row's key below the prefix, starting with it, above it.
    func order(_ row: Int) -> Int {
      withFoldedKeyword(at: row) { key in
        let n = min(key.count, prefix.count)
        for i in 0..<n where key[i] != prefix[i] { return key[i] < prefix[i] ? -1 : 1 }
        return key.count >= prefix.count ? 0 : -1
      } ?? -1
    }
    func first(_ pass: (Int) -> Bool) -> Int {
      var lo = 0
      var hi = keywordSection.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if pass(order(mid)) { hi = mid } else { lo = mid + 1 }
      }
      return lo
    }
    let lo = first { $0 >= 0 }
    let hi = first { $0 > 0 }
    return lo..<max(lo, hi)
  }

  /// The KPST range of the gram of two folded scalars (`second` 0: a keyword's end); empty when absent.
  ///
  /// It may hold keywords of other pairs with the same key (`PackLayout.gramKey`): check each.
  package func gramPostings(first: UInt32, second: UInt32) -> Range<Int> {
    let key = PackLayout.gramKey(first, second)
    let row = lowerGram(key)
    guard row < gramSection.count, gramKey(row) == key else { return 0..<0 }
    return postings(ofGrams: row..<(row + 1))
  }

  /// The KPST runs of every gram starting with `first`, one per gram (each ascending by KWRD row).
  package func gramPostingRuns(first: UInt32) -> [Range<Int>] {
    guard first < 0x20_0000 else { return [] }
    return (lowerGram(first << 11)..<lowerGram((first + 1) << 11)).map { postings(ofGrams: $0..<($0 + 1)) }
  }

  private func gramKey(_ row: Int) -> UInt32 {
    storage.buffer.le32(gramSection.offset + row * PackLayout.gramSize + PackLayout.Gram.key)
  }

  /// The first gram row whose key is at least `key`.
  private func lowerGram(_ key: UInt32) -> Int {
    var lo = 0
    var hi = gramSection.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if gramKey(mid) < key { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// Where the postings of gram `row` start (KPST's count past the last gram); clamped to KPST.
  func gramStart(_ row: Int) -> Int {
    guard row < gramSection.count else { return postingSection.count }
    let start = Int(storage.buffer.le32(gramSection.offset + row * PackLayout.gramSize + PackLayout.Gram.postings))
    return min(start, postingSection.count)
  }

  private func postings(ofGrams rows: Range<Int>) -> Range<Int> {
    guard !rows.isEmpty else { return 0..<0 }
    let lo = gramStart(rows.lowerBound)
    return lo..<max(lo, gramStart(rows.upperBound))
  }

  /// The next KWRD row that every run of KPST rows in `runs` names, walking the first run from `cursors[0]`
  /// and seeking each row in the others from their cursors; nil when none is left.
  ///
  /// For a search's keywords that contain each of a query's scalar pairs: each run is one gram's postings,
  /// ascending (`gramPostings(first:second:)`), so the cursors only move on and the walk costs the first run's
  /// length times the logarithm of how far the others move. `cursors` holds one per run, their lower bounds to
  /// start (another count gives nil). Rows past KWRD or out of order (a damaged pack) are passed over or end
  /// the walk early; nothing traps.
  package func nextCommonPosting(_ runs: [Range<Int>], cursors: inout [Int]) -> Int? {
    guard let first = runs.first, cursors.count == runs.count else { return nil }
    let total = postingSection.count
    let rows = keywordSection.count
    @inline(__always) func row(_ k: Int) -> Int { postingValue(k) }
    let candidates = first.clamped(to: 0..<total)
    var c = max(cursors[0], candidates.lowerBound)
    defer { cursors[0] = c }
    next: while c < candidates.upperBound {
      let r = row(c)
      c += 1
      guard r < rows else { continue }
      for k in 1..<runs.count {
        let run = runs[k].clamped(to: 0..<total)
        // Galloping from the cursor, then a binary search in the last step.
        var lo = min(max(cursors[k], run.lowerBound), run.upperBound)
        var hi = lo
        var step = 1
        while hi < run.upperBound && row(hi) < r {
          lo = hi + 1
          hi = min(run.upperBound, hi + step)
          step *= 2
        }
        while lo < hi {
          let mid = (lo + hi) / 2
          if row(mid) < r { lo = mid + 1 } else { hi = mid }
        }
        cursors[k] = lo
        // A run passed to its end holds nothing further: no later row is common.
        if lo == run.upperBound {
          c = candidates.upperBound
          return nil
        }
        if row(lo) != r { continue next }
      }
      return r
    }
    return nil
  }

  /// The KWRD row KPST row `index` names; nil when out of range.
  package func posting(at index: Int) -> Int? {
    guard index >= 0, index < postingSection.count else { return nil }
    let row = postingValue(index)
    return row < keywordSection.count ? row : nil
  }

  /// The value stored in KPST row `index` (in range: not checked), which may name no KWRD row in a damaged pack.
  @inline(__always)
  private func postingValue(_ index: Int) -> Int {
    Int(storage.buffer.le32(postingSection.offset + index * PackLayout.postingSize))
  }
}
