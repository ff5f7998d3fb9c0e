/// A message being edited: its source text, its runs and its display text, kept between edits.
///
/// The text is held in chunks of a few hundred bytes, each with its runs; chunks meet only where no rule of
/// segmentation or matching reaches across (between two characters that no grapheme rule joins, outside any
/// match). An edit re-tokenizes the chunks within reach of the change (the longest key in the catalog, on both
/// sides) and nothing else, so its cost depends on the text around the cursor, not on the message's length;
/// only the chunk offsets after the edited chunk are shifted.
///
/// Edits take a range in either text (`TextSpace`), widen it to whole tokens and whole `Character`s, and
/// return the replacement for both texts, which is what `UITextView` and `NSTextView` delegates apply to keep
/// undo, attributes and scroll position.
public struct EmoticonText: Sendable {
  /// The tokenizer whose catalog is matched.
  public let tokenizer: Tokenizer
  /// How emoticons are shown.
  public let options: DisplayOptions

  /// A piece of the message with its runs (offsets from the chunk's start, a last run marking its end).
  struct Chunk: Sendable {
    var text: [UInt8]
    var runs: [TokenizedText.Run]
    var utf16: Int
    var display: Int
  }

  var chunks: [Chunk] = []
  /// Where each chunk starts in UTF-8, source UTF-16 and display UTF-16; one more entry for the end.
  var starts8: [Int] = [0]
  var starts16: [Int] = [0]
  var startsDisplay: [Int] = [0]
  /// How far (bytes) a change can alter matches around it; the chunks within this distance are re-tokenized.
  ///
  /// It counts tags and codes, which can span a chunk boundary. An emoji typed longer than the catalog's key (more
  /// selectors, say) cannot: a grapheme cluster never spans one, since chunks are cut only where no rule joins.
  let reach: Int

  /// Chunks are cut near this many bytes (never inside a match or where a grapheme rule reaches across).
  static let chunkTarget = 256

  /// A model of `source`.
  public init(_ source: String = "", tokenizer: Tokenizer, options: DisplayOptions = DisplayOptions()) {
    self.tokenizer = tokenizer
    self.options = options
    reach = 2 * max(min(tokenizer.index.longestTag, tokenizer.maxTagBytes), tokenizer.index.longestCodeOrEmoji) + 16
    let tokens = tokenizer.tokenize(source)
    chunks = makeChunks(Array(tokens.message.utf8), tokens.runs)
    recountStarts(from: 0)
  }

  // MARK: Reading

  /// The source text (O(length)).
  public var source: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(starts8[chunks.count])
    for c in chunks { bytes += c.text }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The display text: one U+FFFC for each emoticon shown as an image (O(length)).
  public var display: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(starts8[chunks.count])
    for c in chunks {
      for r in 0..<(c.runs.count - 1) {
        if isAttachment(c.runs[r].code) {
          bytes += [0xEF, 0xBF, 0xBC]
        } else {
          bytes += c.text[c.runs[r].utf8..<c.runs[r + 1].utf8]
        }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The display text as runs (O(length)).
  public var displayRuns: [DisplayRun] {
    var out: [DisplayRun] = []
    for c in chunks { appendRuns(of: c.text, c.runs, from: 0, to: c.text.count, into: &out) }
    return out
  }

  /// The source text's length in UTF-16 units.
  public var sourceUTF16Count: Int { starts16[chunks.count] }
  /// The display text's length in UTF-16 units.
  public var displayUTF16Count: Int { startsDisplay[chunks.count] }

  /// The display offset for a source offset (an offset inside a token maps to the token's end).
  public func displayOffset(forSourceOffset offset: Int) -> Int { convert(offset, from: .source, to: .display) }

  /// The source offset for a display offset (an offset inside a `Character` maps to its end).
  public func sourceOffset(forDisplayOffset offset: Int) -> Int { convert(offset, from: .display, to: .source) }

  /// `range` widened to whole tokens and whole `Character`s, in the same text.
  public func wholeTokens(_ range: Range<Int>, in space: TextSpace) -> Range<Int> {
    let (a, b) = sourceBytes(range, in: space)
    return offset(ofByte: a, in: space)..<offset(ofByte: b, in: space)
  }

  /// The source text (tags, emoji as typed) of `range` widened to whole tokens: what copy and share put out.
  public func sourceText(_ range: Range<Int>, in space: TextSpace) -> String {
    let (a, b) = sourceBytes(range, in: space)
    return String(decoding: bytes(a, b), as: UTF8.self)
  }

  /// The display runs of `range` widened to whole tokens.
  public func displayRuns(_ range: Range<Int>, in space: TextSpace) -> [DisplayRun] {
    let (a, b) = sourceBytes(range, in: space)
    var out: [DisplayRun] = []
    var k = chunkIndex(forByte: a, preferEarlier: false)
    while k < chunks.count && starts8[k] < b {
      let lo = max(a, starts8[k]) - starts8[k]
      let hi = min(b, starts8[k + 1]) - starts8[k]
      appendRuns(of: chunks[k].text, chunks[k].runs, from: lo, to: hi, into: &out)
      k += 1
    }
    return out
  }

  /// The emoticon shown as the U+FFFC at display offset `offset`, if there is one there.
  public func attachment(atDisplayOffset offset: Int) -> EmoticonRef? {
    guard offset >= 0, offset < displayUTF16Count else { return nil }
    let k = chunkIndex(forOffset: offset, in: .display, preferEarlier: false)
    let c = chunks[k]
    var d = startsDisplay[k]
    for r in 0..<(c.runs.count - 1) {
      let len = displayLength(c.runs[r], c.runs[r + 1])
      if offset < d + len {
        return d == offset && isAttachment(c.runs[r].code) ? ref(c.runs[r].code) : nil
      }
      d += len
    }
    return nil
  }

  /// The display runs of pasted plain text: tags and emoji become attachments as they would in a message.
  public static func displayRuns(
    pasting text: String, tokenizer: Tokenizer, options: DisplayOptions = DisplayOptions()
  )
    -> [DisplayRun]
  {
    EmoticonText(text, tokenizer: tokenizer, options: options).displayRuns
  }

  // MARK: Editing

  /// Replaces `range` (widened to whole tokens and `Character`s) with `text`, typed or pasted as plain text.
  ///
  /// An empty range inside a tag's source text is widened to the tag: typing there replaces the tag.
  @discardableResult
  public mutating func replace(_ range: Range<Int>, in space: TextSpace, with text: String) -> TextEditResult {
    var (a, b) = sourceBytes(range, in: space)
    if range.isEmpty, let token = token(around: range.lowerBound, in: space) { (a, b) = token }
    return apply(a, b, Array(text.utf8))
  }

  /// Inserts `emoticon` (its insertion text: the primary tag, or the emoji) in place of `range`.
  @discardableResult
  public mutating func insert(
    _ emoticon: Emoticon, replacing range: Range<Int>, in space: TextSpace
  )
    -> TextEditResult
  {
    replace(range, in: space, with: emoticon.insertionText)
  }

  /// The delete key: removes a non-empty selection (widened to whole tokens), or else the whole token or
  /// `Character` before the cursor (a cursor inside a token counts as at its end).
  @discardableResult
  public mutating func deleteBackward(_ range: Range<Int>, in space: TextSpace) -> TextEditResult {
    var (a, b) = sourceBytes(range, in: space)
    if a == b {
      guard b > 0 else { return apply(0, 0, []) }
      a = startOfUnit(endingAt: b)
    }
    return apply(a, b, [])
  }

  /// The delete key at a cursor.
  @discardableResult
  public mutating func deleteBackward(at cursor: Int, in space: TextSpace) -> TextEditResult {
    deleteBackward(cursor..<cursor, in: space)
  }

  // MARK: Internals: runs

  @inline(__always)
  func ref(_ code: Int) -> EmoticonRef { EmoticonRef(pack: code >> 32, entry: (code >> 1) & 0x7FFF_FFFF) }

  /// True when a run with `code` is shown as one U+FFFC.
  func isAttachment(_ code: Int) -> Bool {
    if code < 0 { return false }
    if code & 1 == 0 { return true }
    guard options.emojiAsImages else { return false }
    let r = ref(code)
    return r.pack < tokenizer.catalog.readers.count && tokenizer.catalog.readers[r.pack].entryHasImage(at: r.entry)
  }

  /// The display length of the run from `run` to `next`.
  @inline(__always)
  func displayLength(_ run: TokenizedText.Run, _ next: TokenizedText.Run) -> Int {
    isAttachment(run.code) ? 1 : next.utf16 - run.utf16
  }

  func appendRuns(
    of text: [UInt8], _ runs: [TokenizedText.Run], from lo: Int, to hi: Int, into out: inout [DisplayRun]
  ) {
    for r in 0..<(runs.count - 1) {
      let s = max(lo, runs[r].utf8)
      let e = min(hi, runs[r + 1].utf8)
      guard s < e else { continue }
      let piece = String(decoding: text[s..<e], as: UTF8.self)
      if isAttachment(runs[r].code) {
        out.append(.attachment(ref(runs[r].code), source: piece))
      } else if case .text(let previous) = out.last {
        out[out.count - 1] = .text(previous + piece)
      } else {
        out.append(.text(piece))
      }
    }
  }

  // MARK: Internals: positions

  /// The chunk holding UTF-16 `offset` of `space`; at a boundary between chunks, the earlier one if
  /// `preferEarlier`.
  func chunkIndex(forOffset offset: Int, in space: TextSpace, preferEarlier: Bool) -> Int {
    chunkIndex(in: space == .source ? starts16 : startsDisplay, offset, preferEarlier)
  }

  func chunkIndex(forByte offset: Int, preferEarlier: Bool) -> Int { chunkIndex(in: starts8, offset, preferEarlier) }

  private func chunkIndex(in starts: [Int], _ offset: Int, _ preferEarlier: Bool) -> Int {
    // The last chunk whose start is below (or at, unless preferEarlier) the offset.
    var lo = 0
    var hi = chunks.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if starts[mid] < offset || (!preferEarlier && starts[mid] == offset) { lo = mid } else { hi = mid - 1 }
    }
    return max(0, lo)
  }

  /// `range` of `space` as source UTF-8 offsets, widened out of tokens and to `Character` boundaries.
  func sourceBytes(_ range: Range<Int>, in space: TextSpace) -> (Int, Int) {
    let total = space == .source ? sourceUTF16Count : displayUTF16Count
    let lo = min(max(range.lowerBound, 0), total)
    let hi = min(max(range.upperBound, lo), total)
    let a = byte(forOffset: lo, in: space, roundUp: lo == hi)
    let b = lo == hi ? a : byte(forOffset: hi, in: space, roundUp: true)
    return (a, max(a, b))
  }

  /// The source UTF-8 offset of UTF-16 `offset` of `space`: at a token or `Character` boundary, rounded down
  /// (or up) when inside one.
  func byte(forOffset offset: Int, in space: TextSpace, roundUp: Bool) -> Int {
    let k = chunkIndex(forOffset: offset, in: space, preferEarlier: roundUp)
    let c = chunks[k]
    var at = (space == .source ? starts16 : startsDisplay)[k]
    for r in 0..<(c.runs.count - 1) {
      let run = c.runs[r]
      let next = c.runs[r + 1]
      let len = space == .source ? next.utf16 - run.utf16 : displayLength(run, next)
      if offset == at { return starts8[k] + run.utf8 }
      if offset < at + len {
        if run.code >= 0 { return starts8[k] + (roundUp ? next.utf8 : run.utf8) }
        // Most offsets fall between two characters no rule joins: found without segmenting the run.
        if let p = byte(atUnits: offset - at, in: c.text, from: run.utf8, to: next.utf8), Self.isSafeCut(c.text, p) {
          return starts8[k] + p
        }
        return starts8[k] + characterBoundary(in: c.text, from: run.utf8, to: next.utf8, units: offset - at, roundUp)
      }
      at += len
    }
    return starts8[k + 1]
  }

  /// The source UTF-8 range of the token that UTF-16 `offset` of `space` lies strictly inside, if any.
  func token(around offset: Int, in space: TextSpace) -> (Int, Int)? {
    guard offset > 0, offset < (space == .source ? sourceUTF16Count : displayUTF16Count) else { return nil }
    let k = chunkIndex(forOffset: offset, in: space, preferEarlier: true)
    let c = chunks[k]
    var at = (space == .source ? starts16 : startsDisplay)[k]
    for r in 0..<(c.runs.count - 1) {
      let len = space == .source ? c.runs[r + 1].utf16 - c.runs[r].utf16 : displayLength(c.runs[r], c.runs[r + 1])
      if at < offset && offset < at + len {
        return c.runs[r].code >= 0 ? (starts8[k] + c.runs[r].utf8, starts8[k] + c.runs[r + 1].utf8) : nil
      }
      at += len
    }
    return nil
  }

  /// The UTF-8 offset `units` UTF-16 units after `from`, or nil when that falls inside a surrogate pair.
  func byte(atUnits units: Int, in text: [UInt8], from: Int, to: Int) -> Int? {
    var u = 0
    var i = from
    while u < units && i < to {
      let b = text[i]
      u += b >= 0xF0 ? 2 : 1
      i += b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
    }
    return u == units ? i : nil
  }

  /// The UTF-8 offset in `text[from..<to]` (a text run) of the `Character` boundary at or around `units`
  /// UTF-16 units from `from`.
  func characterBoundary(in text: [UInt8], from: Int, to: Int, units: Int, _ roundUp: Bool) -> Int {
    let s = String(decoding: text[from..<to], as: UTF8.self)
    var at = from
    var u = 0
    for ch in s {
      let n = ch.utf16.count
      if units == u { return at }
      if units < u + n { return roundUp ? at + ch.utf8.count : at }
      u += n
      at += ch.utf8.count
    }
    return to
  }

  /// The UTF-16 offset in `space` of source UTF-8 offset `byte` (a boundary of a token or `Character`).
  func offset(ofByte byte: Int, in space: TextSpace) -> Int {
    let k = chunkIndex(forByte: byte, preferEarlier: false)
    let c = chunks[k]
    let local = byte - starts8[k]
    var at = (space == .source ? starts16 : startsDisplay)[k]
    for r in 0..<(c.runs.count - 1) {
      let run = c.runs[r]
      let next = c.runs[r + 1]
      if local < next.utf8 {
        if local <= run.utf8 { return at }
        if run.code >= 0 { return at + (space == .source ? next.utf16 - run.utf16 : displayLength(run, next)) }
        return at + utf16Count(c.text, run.utf8, local)
      }
      at += space == .source ? next.utf16 - run.utf16 : displayLength(run, next)
    }
    return at
  }

  /// Converts a UTF-16 offset between the two texts.
  func convert(_ offset: Int, from: TextSpace, to: TextSpace) -> Int {
    let total = from == .source ? sourceUTF16Count : displayUTF16Count
    let o = min(max(offset, 0), total)
    return self.offset(ofByte: byte(forOffset: o, in: from, roundUp: true), in: to)
  }

  /// Where the token or `Character` that ends at source UTF-8 offset `end` starts.
  func startOfUnit(endingAt end: Int) -> Int {
    let k = chunkIndex(forByte: end, preferEarlier: true)
    let c = chunks[k]
    let local = end - starts8[k]
    for r in 0..<(c.runs.count - 1) where c.runs[r].utf8 < local && local <= c.runs[r + 1].utf8 {
      let run = c.runs[r]
      if run.code >= 0 { return starts8[k] + run.utf8 }
      let s = String(decoding: c.text[run.utf8..<local], as: UTF8.self)
      return starts8[k] + local - (s.last?.utf8.count ?? 0)
    }
    return end
  }

  /// The bytes of the source text from `a` to `b`.
  func bytes(_ a: Int, _ b: Int) -> [UInt8] {
    var out: [UInt8] = []
    guard a < b else { return out }
    var k = chunkIndex(forByte: a, preferEarlier: false)
    while k < chunks.count && starts8[k] < b {
      out += chunks[k].text[(max(a, starts8[k]) - starts8[k])..<(min(b, starts8[k + 1]) - starts8[k])]
      k += 1
    }
    return out
  }

  // MARK: Internals: the edit

  /// Replaces source bytes `a..<b` (token and `Character` boundaries) with `replacement`.
  mutating func apply(_ a: Int, _ b: Int, _ replacement: [UInt8]) -> TextEditResult {
    // The chunks within reach of the change.
    var first = chunkIndex(forByte: a, preferEarlier: true)
    var last = chunkIndex(forByte: b, preferEarlier: true)
    while first > 0 && a - starts8[first] < reach { first -= 1 }
    while last < chunks.count - 1 && starts8[last + 1] - b < reach { last += 1 }
    let base8 = starts8[first]
    let base16 = starts16[first]
    let baseDisplay = startsDisplay[first]
    let la = a - base8
    let lb = b - base8
    var old: [UInt8] = []
    var oldRuns: [TokenizedText.Run] = []
    var new: [UInt8] = []
    var newRuns: [TokenizedText.Run] = []
    while true {
      // The old region as one text with its runs (adjacent text runs merged).
      old = []
      oldRuns = []
      var u16 = 0
      for k in first...last {
        let c = chunks[k]
        for r in 0..<(c.runs.count - 1) {
          let run = TokenizedText.Run(
            utf8: c.runs[r].utf8 + old.count, utf16: c.runs[r].utf16 + u16, code: c.runs[r].code)
          if run.code < 0, let previous = oldRuns.last, previous.code < 0 { continue }
          oldRuns.append(run)
        }
        old += c.text
        u16 += c.utf16
      }
      oldRuns.append(TokenizedText.Run(utf8: old.count, utf16: u16, code: -1))
      new = Array(old[..<la])
      new += replacement
      new += old[lb...]
      newRuns = tokenizer.tokenize(String(decoding: new, as: UTF8.self)).runs
      // Codes can chain (`ab` and `ba` over `abab…`), so a change may move every match after it: the region
      // grows (doubling) until old and new runs agree at a place after the change, from where both scans go the
      // same way; tags and emoji never chain, so for them the first region always agrees.
      if !tokenizer.index.hasCodes || last == chunks.count - 1
        || Self.agreeAfterChange(
          oldRuns, newRuns, oldFrom: lb, newFrom: la + replacement.count, before: new.count - reach)
      {
        break
      }
      last = min(chunks.count - 1, last + (last - first + 1))
    }
    let delta = replacement.count - (lb - la)

    // The display change: from the first run that differs to the last, within text runs only as far as the
    // source change reaches.
    var i = 0
    while i < oldRuns.count - 1 && i < newRuns.count - 1 && oldRuns[i] == newRuns[i]
      && oldRuns[i + 1].utf8 == newRuns[i + 1].utf8 && oldRuns[i + 1].utf8 <= la
    {
      i += 1
    }
    var x = min(oldRuns[i].utf8, la)
    if i < oldRuns.count - 1 && i < newRuns.count - 1 && oldRuns[i].code < 0 && newRuns[i].code < 0 {
      x = max(x, min(la, oldRuns[i + 1].utf8, newRuns[i + 1].utf8))
    }
    var jo = oldRuns.count - 1
    var jn = newRuns.count - 1
    while jo > i && jn > i && oldRuns[jo - 1].code == newRuns[jn - 1].code
      && oldRuns[jo - 1].utf8 + delta == newRuns[jn - 1].utf8 && oldRuns[jo - 1].utf8 >= lb
    {
      jo -= 1
      jn -= 1
    }
    // Runs jo..< (old) and jn..< (new) are the same; the change ends where they start, or inside text.
    var yOld = max(oldRuns[jo].utf8, lb)
    if jo > 0 && jn > 0 && oldRuns[jo - 1].code < 0 && newRuns[jn - 1].code < 0 {
      yOld = max(lb, min(oldRuns[jo].utf8, max(oldRuns[jo - 1].utf8, newRuns[jn - 1].utf8 - delta)))
    }
    yOld = max(yOld, x)
    let yNew = yOld + delta

    let oldX = regionOffsets(old, oldRuns, x)
    let oldY = regionOffsets(old, oldRuns, yOld)
    let newEnd = regionOffsets(new, newRuns, la + replacement.count)
    var displayPieces: [DisplayRun] = []
    appendRuns(of: new, newRuns, from: x, to: yNew, into: &displayPieces)
    let sourceLo = regionOffsets(old, oldRuns, la).source
    let sourceHi = regionOffsets(old, oldRuns, lb).source
    let inserted = String(decoding: replacement, as: UTF8.self)
    let result = TextEditResult(
      source: TextChange(
        range: (base16 + sourceLo)..<(base16 + sourceHi), replacement: inserted,
        runs: inserted.isEmpty ? [] : [.text(inserted)], cursor: base16 + sourceLo + inserted.utf16.count),
      display: TextChange(
        range: (baseDisplay + oldX.display)..<(baseDisplay + oldY.display),
        replacement: displayPieces.map(\.displayText).joined(), runs: displayPieces,
        cursor: baseDisplay + newEnd.display))

    chunks.replaceSubrange(first...last, with: makeChunks(new, newRuns))
    recountStarts(from: first)
    return result
  }

  /// True when the scans of the old and new region are at the same place, outside any match, somewhere after
  /// the change and at or before `limit` in the new region (far enough from its end that nothing decided before
  /// it looked past the region): a match both start there, or text in both.
  static func agreeAfterChange(
    _ oldRuns: [TokenizedText.Run], _ newRuns: [TokenizedText.Run], oldFrom: Int, newFrom: Int, before limit: Int
  ) -> Bool {
    let delta = newFrom - oldFrom
    var j = 0
    for r in 0..<(oldRuns.count - 1) where oldRuns[r + 1].utf8 > oldFrom {
      let start = max(oldRuns[r].utf8, oldFrom)
      let end = oldRuns[r + 1].utf8
      // The new run holding old position `start` (shifted).
      let p = start + delta
      if p > limit { return false }
      while j < newRuns.count - 1 && newRuns[j + 1].utf8 <= p { j += 1 }
      guard j < newRuns.count - 1 else { return false }
      if oldRuns[r].code >= 0 {
        // A match in the old scan: both start it here.
        if oldRuns[r].utf8 >= oldFrom && newRuns[j].utf8 == p && newRuns[j].code == oldRuns[r].code { return true }
      } else if newRuns[j].code < 0 {
        // Text in both from max(start, new run's start) to the nearer end: any place there is a common free one.
        let lo = max(p, newRuns[j].utf8)
        let hi = min(end + delta, newRuns[j + 1].utf8)
        if lo < hi && lo <= limit { return true }
      }
    }
    return false
  }

  /// The source and display UTF-16 offsets of UTF-8 offset `at` in a region's text (inside a token: its end).
  func regionOffsets(_ text: [UInt8], _ runs: [TokenizedText.Run], _ at: Int) -> (source: Int, display: Int) {
    var display = 0
    for r in 0..<(runs.count - 1) {
      let run = runs[r]
      let next = runs[r + 1]
      if at < next.utf8 {
        if at <= run.utf8 { return (run.utf16, display) }
        if run.code >= 0 { return (next.utf16, display + displayLength(run, next)) }
        let u = utf16Count(text, run.utf8, at)
        return (run.utf16 + u, display + u)
      }
      display += displayLength(run, next)
    }
    return (runs[runs.count - 1].utf16, display)
  }

  /// Cuts `text` (with its runs) into chunks near `chunkTarget` bytes, where nothing reaches across.
  func makeChunks(_ text: [UInt8], _ runs: [TokenizedText.Run]) -> [Chunk] {
    var out: [Chunk] = []
    var start = 0
    var r = 0
    var first = 0
    // The UTF-16 offset of `start`, carried from chunk to chunk: counting it from the start of the run holding it
    // would walk a long text run again for every chunk cut inside it.
    var start16 = 0
    let n = text.count
    while true {
      var cut = n
      if n - start > 2 * Self.chunkTarget {
        var q = start + Self.chunkTarget
        while q < n - Self.chunkTarget / 2 {
          while r < runs.count - 1 && runs[r + 1].utf8 <= q { r += 1 }
          if (runs[r].utf8 == q || runs[r].code < 0) && Self.isSafeCut(text, q) {
            cut = q
            break
          }
          q += 1
        }
      }
      let piece = chunk(text, runs, start, cut, start16: start16, from: &first)
      out.append(piece)
      if cut == n { break }
      start = cut
      start16 += piece.utf16
    }
    return out
  }

  /// A chunk of `text[start..<end]` (`start` at UTF-16 offset `start16` unless a run starts there) with the runs
  /// inside it, rebased.
  func chunk(
    _ text: [UInt8], _ runs: [TokenizedText.Run], _ start: Int, _ end: Int, start16 known16: Int, from first: inout Int
  ) -> Chunk {
    var local: [TokenizedText.Run] = []
    var k = first
    while k < runs.count - 1 && runs[k + 1].utf8 <= start { k += 1 }
    first = k
    let start16 = runs[k].utf8 == start ? runs[k].utf16 : known16
    var display = 0
    while k < runs.count - 1 && runs[k].utf8 < end {
      let s = max(start, runs[k].utf8)
      let s16 = s == runs[k].utf8 ? runs[k].utf16 : start16 + utf16Count(text, start, s)
      let e = min(end, runs[k + 1].utf8)
      let e16 = e == runs[k + 1].utf8 ? runs[k + 1].utf16 : s16 + utf16Count(text, s, e)
      local.append(TokenizedText.Run(utf8: s - start, utf16: s16 - start16, code: runs[k].code))
      display += isAttachment(runs[k].code) ? 1 : e16 - s16
      k += 1
    }
    let utf16 = utf16Count(text, start, end)
    local.append(TokenizedText.Run(utf8: end - start, utf16: utf16, code: -1))
    return Chunk(text: Array(text[start..<end]), runs: local, utf16: utf16, display: display)
  }

  /// True when a chunk may end at `q`: between two scalars that no grapheme rule joins whatever surrounds them
  /// (ASCII or CJK before, not CR; ASCII, an ideograph or a pictograph after, with no ZWJ or regional indicator
  /// before a pictograph).
  static func isSafeCut(_ t: [UInt8], _ q: Int) -> Bool {
    guard q > 0, q < t.count, t[q] & 0xC0 != 0x80 else { return false }
    let p = t[q - 1]
    let before =
      (p < 0x80 && p != 0x0D) || (q >= 3 && t[q - 3] >= 0xE3 && t[q - 3] <= 0xE9)
      || (q >= 4 && t[q - 4] == 0xF0 && t[q - 3] == 0x9F && t[q - 2] != 0x87 && !(t[q - 2] == 0x8F && p >= 0xBB))
    guard before else { return false }
    let c = t[q]
    if c < 0x80 || (c >= 0xE4 && c <= 0xE9) { return true }
    // A pictograph (not a skin tone, not a regional indicator).
    return q + 3 < t.count && c == 0xF0 && t[q + 1] == 0x9F && t[q + 2] != 0x87
      && !(t[q + 2] == 0x8F && t[q + 3] >= 0xBB)
  }

  /// Recomputes the chunk start offsets from chunk `k` on.
  mutating func recountStarts(from k: Int) {
    if chunks.isEmpty {
      chunks = [Chunk(text: [], runs: [TokenizedText.Run(utf8: 0, utf16: 0, code: -1)], utf16: 0, display: 0)]
    }
    starts8.removeSubrange((k + 1)...)
    starts16.removeSubrange((k + 1)...)
    startsDisplay.removeSubrange((k + 1)...)
    for c in chunks[k...] {
      starts8.append(starts8[starts8.count - 1] + c.text.count)
      starts16.append(starts16[starts16.count - 1] + c.utf16)
      startsDisplay.append(startsDisplay[startsDisplay.count - 1] + c.display)
    }
  }
}

/// UTF-16 units in `text[from..<to]` (valid UTF-8 from a scalar boundary).
@inline(__always)
func utf16Count(_ text: [UInt8], _ from: Int, _ to: Int) -> Int {
  var n = 0
  var i = from
  while i < to {
    let b = text[i]
    n += b & 0xC0 == 0x80 ? 0 : (b >= 0xF0 ? 2 : 1)
    i += 1
  }
  return n
}
