/// Extended-grapheme-cluster boundaries on UTF-8 bytes, decided as Swift's `Character` decides them.
///
/// The tokenizer matches only whole `Character`s: a tag's `[` must start one and its `]` end one; an emoji
/// match is one whole cluster. The common cases are settled from a scalar or two; whatever depends on rarer
/// properties (prepend marks, spacing marks, ZWJ chains with unusual pictographs) is handed to the standard
/// library on the few scalars that decide it, so the answer is always the standard library's.
enum CharacterBoundary {
  /// True when a `Character` starts at `i` (whose scalar is `c`), looking back as far as the rules need.
  ///
  /// `known` is a position already known to be a boundary (the end of the last cluster examined).
  @inline(__always)
  static func isStart(_ b: UnsafeRawBufferPointer, _ i: Int, _ c: UInt32, known: Int) -> Bool {
    if i == 0 || i == known { return true }
    // Candidates are never extenders but for the skin tones; a regional indicator after another depends on the
    // run's parity. Anything else is held back only by a prepend mark or a ZWJ before it.
    if isSkinTone(c) { return isStartSlowly(b, i, c) }
    if isRegionalIndicator(c), i >= 4, b[i &- 4] == 0xF0, b[i &- 3] == 0x9F, b[i &- 2] == 0x87, b[i &- 1] >= 0xA6 {
      return isStartSlowly(b, i, c)
    }
    return isStartOfPlain(b, i, c)
  }

  /// `isStart` for a tag's `[` at `i`: only a prepend mark before it joins it to what precedes (no ZWJ rule
  /// applies to `[`), so only the prepend marks' leads are tested.
  @inline(__always)
  static func isStartOfBracket(_ b: UnsafeRawBufferPointer, _ i: Int, known: Int) -> Bool {
    guard i >= 4 else { return i == 0 || i == known || isStartSlowly(b, i, 0x5B) }
    return !prependLead(fourBefore(b, i)) || i == known || isStartSlowly(b, i, 0x5B)
  }

  /// True when the scalar at `i` (or the end) cannot extend a grapheme cluster, judged from its first bytes.
  ///
  /// Judged are what commonly follows an emoji: ASCII and scalars below U+0300, CJK ideographs, CJK punctuation
  /// but for the tone marks (U+302A–302F), full-width forms (U+FF00–FF5F), and pictographs but for the skin
  /// tones. False means "look closer", not "extends".
  @inline(__always)
  static func endsCluster(_ bytes: UnsafeRawBufferPointer, _ i: Int) -> Bool {
    let n = bytes.count
    if i >= n { return true }
    let b0 = bytes[i]
    if b0 < 0xCC || (b0 >= 0xE4 && b0 <= 0xE9) { return true }
    guard i &+ 3 < n else { return false }
    let b1 = bytes[i &+ 1]
    let b2 = bytes[i &+ 2]
    switch b0 {
    case 0xE3: return b1 == 0x80 && b2 < 0xAA
    case 0xEF: return b1 == 0xBC || b1 == 0xBD
    case 0xF0: return b1 == 0x9F && !(b2 == 0x8F && bytes[i &+ 3] >= 0xBB)
    default: return false
    }
  }

  /// True when a `Character` ends at `end`, the end of a code: `isBoundary`, settled at once when the code's last
  /// scalar is ASCII but CR, or a CJK ideograph (neither holds on to what follows), and what follows cannot
  /// extend a cluster.
  @inline(__always)
  static func endsAfterCode(_ b: UnsafeRawBufferPointer, _ end: Int) -> Bool {
    let last = b[end &- 1]
    if (last < 0x80 && last != 0x0D) || (end >= 3 && b[end &- 3] >= 0xE4 && b[end &- 3] <= 0xE9),
      endsCluster(b, end)
    {
      return true
    }
    return isBoundary(b, end, known: -1)
  }

  /// True when a `Character` starts at `i` whatever the scalar there (for codes, which may start or end next to
  /// anything): the end of the text, a known boundary, two ASCII bytes but CR LF, else the full rules.
  @inline(__always)
  static func isBoundary(_ b: UnsafeRawBufferPointer, _ i: Int, known: Int) -> Bool {
    if i == 0 || i >= b.count || i == known { return true }
    let x = b[i]
    // Before ASCII but LF only a prepend mark holds the break back (codes start with ASCII, and text after them
    // mostly is).
    if x < 0x80 && x != 0x0A && (b[i &- 1] < 0x80 || !mayFollowPrepend(b, i)) { return true }
    return isBoundaryAfterNonASCII(b, i, x)
  }

  /// `isBoundary` past its first cases.
  @inline(never)
  private static func isBoundaryAfterNonASCII(_ b: UnsafeRawBufferPointer, _ i: Int, _ x: UInt8) -> Bool {
    if x & 0xC0 == 0x80 { return false }
    let p = b[i &- 1]
    if x < 0x80 && p < 0x80 { return !(p == 0x0D && x == 0x0A) }
    // What never extends a cluster (ASCII, scalars below U+0300, CJK ideographs): only a prepend mark or a ZWJ
    // before it decides; the rest by the full rules.
    if (x < 0xCC && p != 0x0D) || (x >= 0xE4 && x <= 0xE9) { return isStartOfPlain(b, i, decodeScalar(b, i).0) }
    return isStartSlowly(b, i, decodeScalar(b, i).0)
  }

  /// False when the scalar before `i` is surely not a prepend mark (its bytes are none of the leads that hold
  /// prepend marks: D8–DF, E0, F0 91); true means "look closer".
  @inline(__always)
  static func mayFollowPrepend(_ b: UnsafeRawBufferPointer, _ i: Int) -> Bool {
    guard i >= 4 else { return true }
    return prependLead(fourBefore(b, i))
  }

  /// The four bytes before `i` (i ≥ 4) as one word: the byte at `i - 4` lowest.
  @inline(__always)
  static func fourBefore(_ b: UnsafeRawBufferPointer, _ i: Int) -> UInt32 {
    UInt32(littleEndian: b.loadUnaligned(fromByteOffset: i &- 4, as: UInt32.self))
  }

  /// True when the four bytes `w` (`fourBefore`) may end with a prepend mark: a lead D8–DF two bytes before the
  /// end, E0 three before, or F0 91 four before.
  @inline(__always)
  static func prependLead(_ w: UInt32) -> Bool {
    (w & 0x00F8_0000 == 0x00D8_0000) || (w & 0x0000_FF00 == 0x0000_E000) || (w & 0xFFFF == 0x91F0)
  }

  /// `isStart` for a scalar that is neither an extender nor a regional indicator.
  ///
  /// Only a prepend mark (U+0600–0FFF: leads D8–DF and E0; U+11000–11FFF: F0 91) or a ZWJ (E2 80 8D) before it can
  /// join it to what precedes. One test of the four bytes before `i` as a word settles almost every case; the rest
  /// goes to `isStartSlowly`.
  @inline(__always)
  private static func isStartOfPlain(_ b: UnsafeRawBufferPointer, _ i: Int, _ c: UInt32) -> Bool {
    guard i >= 4 else { return i == 0 || isStartSlowly(b, i, c) }
    let w = fourBefore(b, i)
    return !(prependLead(w) || w >> 8 == 0x8D_80E2) || isStartSlowly(b, i, c)
  }

  @inline(never)
  static func isStartSlowly(_ b: UnsafeRawBufferPointer, _ i: Int, _ c: UInt32) -> Bool {
    let (p, pStart) = scalar(before: i, in: b)
    if isRegionalIndicator(c) && isRegionalIndicator(p) {
      // GB12/13: pairs from the start of the run; a boundary only after an even number of them.
      var count = 0
      var at = i
      while at >= 4 {
        let (q, qStart) = scalar(before: at, in: b)
        guard isRegionalIndicator(q) else { break }
        count += 1
        at = qStart
      }
      return count % 2 == 0
    }
    if p == 0x200D, joinsAfterZWJ(b, zwjAt: pStart, end: i &+ scalarLength(b[i])) { return false }
    return breaks(p, c)
  }

  /// True when a `Character` that ends with `]` right before `i` ends there (nothing after it extends it).
  @inline(never)
  static func endsAfterBracket(_ b: UnsafeRawBufferPointer, _ i: Int) -> Bool {
    if i >= b.count || b[i] < 0x80 { return true }
    return breaks(0x5D, decodeScalar(b, i).0)
  }

  /// True when the ZWJ at `zwjAt` joins the pictograph after it (ending at `end`) to what precedes it (GB11).
  static func joinsAfterZWJ(_ b: UnsafeRawBufferPointer, zwjAt: Int, end: Int) -> Bool {
    // Back over the extenders before the ZWJ to the scalar they extend; the standard library then decides on
    // that scalar, the extenders, the ZWJ and the scalar after it.
    var start = zwjAt
    var plainExtenders = true
    var base: UInt32 = 0
    while start > 0 {
      let (q, qStart) = scalar(before: start, in: b)
      start = qStart
      base = q
      if !isExtend(q) { break }
      plainExtenders = plainExtenders && (q == 0xFE0F || q == 0xFE0E || isSkinTone(q))
    }
    // With only selectors and skin tones between (Extend in every Unicode version), the two scalars decide.
    if plainExtenders, end <= b.count, let joins = joinsAcrossZWJ(base, decodeScalar(b, zwjAt &+ 3).0) {
      return joins
    }
    return joinsAfterZWJSlowly(b, start: start, zwjAt: zwjAt, end: end)
  }

  /// Whether the standard library joins `after` to `base` across a ZWJ with nothing but selectors and skin tones
  /// between them, from each scalar's verdict (asked of it once per process: a String per ZWJ cost a third of the
  /// time of text dense with ZWJ emoji); nil when either scalar is outside the verdicts' table.
  @inline(__always)
  static func joinsAcrossZWJ(_ base: UInt32, _ after: UInt32) -> Bool? {
    // A base that itself extends what precedes it is left to the standard library, which looks further back.
    guard let before = ZWJVerdicts.of(base), before & ZWJVerdicts.extends == 0, let verdict = ZWJVerdicts.of(after)
    else { return nil }
    return verdict & ZWJVerdicts.extends != 0
      || (before & ZWJVerdicts.pictographBefore != 0 && verdict & ZWJVerdicts.pictographAfter != 0)
  }

  /// `joinsAfterZWJ` by the standard library on the window from the extended scalar `start` to `end`.
  static func joinsAfterZWJSlowly(_ b: UnsafeRawBufferPointer, start: Int, zwjAt: Int, end: Int) -> Bool {
    let window = String(decoding: UnsafeRawBufferPointer(rebasing: b[start..<min(end, b.count)]), as: UTF8.self)
    guard let last = window.last else { return false }
    return last.utf8.count != end &- zwjAt &- 3
  }

  /// What the standard library's segmentation does with each scalar that may start an emoji, below U+3300 and in
  /// U+1F000–U+1FFFF, around a ZWJ: found once per process by asking it about three short strings each.
  enum ZWJVerdicts {
    /// `😀 ZWJ v` is one `Character`: `v` is Extended_Pictographic to it (or extends anything).
    static let pictographAfter: UInt8 = 1
    /// `v ZWJ 😀` is one `Character`: `v` is Extended_Pictographic to it.
    static let pictographBefore: UInt8 = 2
    /// `a v` is one `Character`: `v` extends whatever precedes it (Extend, SpacingMark, ZWJ).
    static let extends: UInt8 = 4

    /// The verdicts for `v`, or nil outside the table (where the caller asks the standard library itself).
    @inline(__always)
    static func of(_ v: UInt32) -> UInt8? {
      let verdict: UInt8
      if v < 0x3300 {
        verdict = table[Int(v)]
      } else if v &- 0x1F000 < 0x1000 {
        verdict = table[0x3300 &+ Int(v &- 0x1F000)]
      } else {
        return nil
      }
      return verdict & 0x80 == 0 ? verdict : nil
    }

    /// One byte a scalar: bit 7 marks a scalar that may not start an emoji, whose verdicts were not asked.
    static let table: [UInt8] = {
      var out = [UInt8](repeating: 0x80, count: 0x3300 + 0x1000)
      func ask(_ v: UInt32) -> UInt8 {
        guard let s = Unicode.Scalar(v) else { return 0 }
        func one(_ scalars: [Unicode.Scalar]) -> Bool {
          var text = ""
          text.unicodeScalars.append(contentsOf: scalars)
          return text.count == 1
        }
        let face = Unicode.Scalar(0x1F600 as UInt32)!
        let zwj = Unicode.Scalar(0x200D as UInt32)!
        var verdict: UInt8 = 0
        if one([face, zwj, s]) { verdict |= pictographAfter }
        if one([s, zwj, face]) { verdict |= pictographBefore }
        if one(["a", s]) { verdict |= extends }
        return verdict
      }
      for v in UInt32(0xA9)..<0x3300 where mayStartEmoji(v) { out[Int(v)] = ask(v) }
      for v in UInt32(0x1F000)..<0x20000 where mayStartEmoji(v) { out[0x3300 + Int(v - 0x1F000)] = ask(v) }
      return out
    }()
  }

  /// The context-free rules between two adjacent scalars (GB3–GB9b, GB999): true when they break.
  @inline(__always)
  static func breaks(_ p: UInt32, _ c: UInt32) -> Bool {
    // Right-hand scalars of class Other or Extended_Pictographic (never Extend, SpacingMark, ZWJ, a regional
    // indicator, a control or Hangul) break after anything but a prepend mark. Not in these ranges: the soft
    // hyphen U+00AD (a control) and the kana voicing marks U+3099–309A (Extend).
    let plain =
      (c >= 0x20 && c < 0x7F) || ((0xA0...0x2FF).contains(c) && c != 0xAD) || (0x2010...0x2027).contains(c)
      || (0x2100...0x2BFF).contains(c) || c == 0x203C || c == 0x2049 || (0x3000...0x3029).contains(c)
      || (0x3030...0x3098).contains(c) || (0x309B...0x30FF).contains(c) || (0x4E00...0x9FFF).contains(c)
      || (0xFF01...0xFF5E).contains(c) || ((0x1F300...0x1FAFF).contains(c) && !isSkinTone(c))
    if plain { return !isPrepend(p) }
    return pairBreaks(p, c)
  }

  /// Grapheme_Cluster_Break = Prepend (found in U+0600–0FFF and U+11000–11FFF only, as of Unicode 16).
  @inline(__always)
  static func isPrepend(_ p: UInt32) -> Bool {
    if p < 0x600 || (0x1000..<0x11000).contains(p) || p >= 0x12000 { return false }
    return !pairBreaks(p, 0x61)
  }

  /// The standard library's answer for two scalars on their own.
  @inline(never)
  static func pairBreaks(_ p: UInt32, _ c: UInt32) -> Bool {
    guard let a = Unicode.Scalar(p), let z = Unicode.Scalar(c) else { return true }
    var view = String.UnicodeScalarView()
    view.append(a)
    view.append(z)
    return String(view).count == 2
  }

  /// Grapheme_Cluster_Break = Extend (marks, selectors, skin tones, tag characters; not ZWJ).
  static func isExtend(_ v: UInt32) -> Bool {
    if v < 0x300 || v == 0x200D { return false }
    if v == 0xFE0F || v == 0xFE0E || isSkinTone(v) || (0xE0020...0xE007F).contains(v) { return true }
    guard let s = Unicode.Scalar(v) else { return false }
    return s.properties.isGraphemeExtend || s.properties.isEmojiModifier
  }

  @inline(__always)
  static func isSkinTone(_ v: UInt32) -> Bool { (0x1F3FB...0x1F3FF).contains(v) }

  @inline(__always)
  static func isRegionalIndicator(_ v: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(v) }

  /// The scalar that ends right before `i` and where it starts.
  @inline(__always)
  static func scalar(before i: Int, in b: UnsafeRawBufferPointer) -> (UInt32, Int) {
    var s = i &- 1
    while s > 0 && b[s] & 0xC0 == 0x80 { s &-= 1 }
    return (decodeScalar(b, s).0, s)
  }

  /// The length of the UTF-8 sequence whose lead byte is `lead`.
  @inline(__always)
  static func scalarLength(_ lead: UInt8) -> Int { lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4 }
}
