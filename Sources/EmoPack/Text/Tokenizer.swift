internal import CEmoScan
import EmoPackFormat

/// A run of a message: plain text, an image emoticon typed as its tag, or an emoji.
public struct TextToken: Sendable, Equatable {
  /// What the run is.
  public enum Kind: Sendable, Equatable {
    /// Plain text.
    case text
    /// An image emoticon, typed as one of its tags.
    case emoticon(EmoticonRef)
    /// An emoji the catalog knows, as one grapheme cluster.
    case emoji(EmoticonRef)
  }

  /// The kind.
  public var kind: Kind
  /// The run's exact text in the message (the tag or emoji as typed), sharing the message's storage.
  public var text: Substring
  /// Range in UTF-8 code units of the message.
  public var utf8Range: Range<Int>
  /// Range in UTF-16 code units (NSRange-compatible), for UI text views.
  public var utf16Range: Range<Int>
}

/// The runs of one message, in order: a collection of `TextToken`s built on access.
///
/// Tokenizing records where each run starts (in UTF-8 and UTF-16) and what it is, 24 bytes a run; a token's
/// `text` is sliced from `message` only when the token is read, so a caller that wants kinds and ranges (to lay
/// a message out, say) pays for no strings.
public struct TokenizedText: RandomAccessCollection, Sendable, Equatable {
  /// Where a run starts and what it is: `code` is -1 for text, else pack << 32 | entry << 1 | (1 for emoji)
  /// (an entry index is below 2^31: a pack's entries fit in its 4 GiB).
  struct Run: Sendable, Equatable {
    var utf8: Int
    var utf16: Int
    var code: Int

    /// The run code of `pack`'s entry `entry`, an emoji or an image emoticon.
    @inline(__always)
    static func code(pack: Int, entry: Int, emoji: Bool) -> Int { pack << 32 | entry << 1 | (emoji ? 1 : 0) }
  }

  /// The message tokenized (its runs, joined, are exactly this).
  public let message: String
  /// The runs, then one more marking the message's end.
  let runs: [Run]

  init(message: String, runs: [Run]) {
    self.message = message
    self.runs = runs
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { runs.count - 1 }

  /// The token at `position`; its text shares the message's storage.
  public subscript(position: Int) -> TextToken {
    let run = runs[position]
    let next = runs[position + 1]
    // The message is native UTF-8 (made contiguous when tokenized): these offsets are O(1).
    let utf8 = message.utf8
    let lo = utf8.index(utf8.startIndex, offsetBy: run.utf8)
    let hi = utf8.index(lo, offsetBy: next.utf8 - run.utf8)
    return TextToken(
      kind: kind(at: position), text: Substring(utf8[lo..<hi]), utf8Range: run.utf8..<next.utf8,
      utf16Range: run.utf16..<next.utf16)
  }

  /// The kind of the token at `position`, without slicing its text.
  public func kind(at position: Int) -> TextToken.Kind {
    let code = runs[position].code
    if code < 0 { return .text }
    let ref = EmoticonRef(pack: code >> 32, entry: (code >> 1) & 0x7FFF_FFFF)
    return code & 1 == 0 ? .emoticon(ref) : .emoji(ref)
  }

  /// The UTF-16 range (NSRange-compatible) of the token at `position`, without slicing its text.
  public func utf16Range(at position: Int) -> Range<Int> { runs[position].utf16..<runs[position + 1].utf16 }

  /// The UTF-8 range of the token at `position`, without slicing its text.
  public func utf8Range(at position: Int) -> Range<Int> { runs[position].utf8..<runs[position + 1].utf8 }
}

/// Splits messages into text, emoticon and emoji runs, and joins them back.
public struct Tokenizer: Sendable {
  /// The catalog whose tags and emoji are recognised.
  public let catalog: Catalog
  /// The longest tag looked up, in UTF-8 bytes (longer bracketed text stays text); kept within
  /// 0...`maxTagBytesLimit`.
  public var maxTagBytes: Int {
    didSet { maxTagBytes = Self.clampedTagBytes(maxTagBytes) }
  }
  /// The largest `maxTagBytes` (16 MiB): a larger value is taken as this.
  public static let maxTagBytesLimit = 1 << 24
  /// The catalog's tags and emoji, resolved once.
  let index: TokenIndex

  /// Creates a tokenizer over `catalog`.
  ///
  /// This reads every tag and emoji of the catalog once into an in-memory hash table (128–256 bytes per key up
  /// to 65,536 keys, 64–128 beyond, plus the bytes of keys longer than 16; docs/BENCHMARKS.md gives the time for
  /// 100,000 entries): create one tokenizer per catalog and keep it.
  public init(catalog: Catalog, maxTagBytes: Int = 256) {
    self.catalog = catalog
    self.maxTagBytes = Self.clampedTagBytes(maxTagBytes)
    index = TokenIndex(catalog)
  }

  private static func clampedTagBytes(_ n: Int) -> Int { min(max(n, 0), maxTagBytesLimit) }

  /// The runs of `message`, in order; joined, they give back `message` exactly.
  public func tokenize(_ message: String) -> TokenizedText {
    var runs: [TokenizedText.Run] = []
    // Chat text averages a token every dozen or so bytes when dense with emoticons; reserving that avoids regrowth.
    runs.reserveCapacity(message.utf8.count / 12 + 4)
    var copy = message
    copy.makeContiguousUTF8()
    var end16 = 0
    copy.withUTF8 { buffer in
      end16 = scan(UnsafeRawBufferPointer(buffer)) { batch in runs.append(contentsOf: batch) }
    }
    runs.append(TokenizedText.Run(utf8: copy.utf8.count, utf16: end16, code: -1))
    return TokenizedText(message: copy, runs: runs)
  }

  /// The vector kernel that lists candidate bytes on this machine: "avx512", "avx2", "sse2" or "portable" (the
  /// widest the processor runs, or a narrower one named by the environment variable `EMOPACK_SCAN_KERNEL`).
  public static var scanKernel: String {
    switch emoscan_kernel_in_use() {
    case EMOSCAN_AVX512: "avx512"
    case EMOSCAN_AVX2: "avx2"
    case EMOSCAN_SSE2: "sse2"
    default: "portable"
    }
  }

  /// Counts emoticons and emoji without recording runs (for benchmarks and quick checks).
  public func countMatches(_ message: String) -> Int {
    var n = 0
    var copy = message
    copy.withUTF8 { buffer in
      _ = scan(UnsafeRawBufferPointer(buffer)) { batch in for run in batch where run.code >= 0 { n += 1 } }
    }
    return n
  }

  /// Plain text of `tokens`: what copy/paste puts on the pasteboard (tags for image emoticons).
  public static func plainText(_ tokens: some Sequence<TextToken>) -> String {
    var out = ""
    for t in tokens { out += t.text }
    return out
  }

  /// The scanner: one pass over UTF-8, tags and emoji looked up in the tokenizer's index; returns the UTF-16
  /// length of the whole.
  ///
  /// A C kernel (`emoscan_candidates`: AVX-512, AVX2 or SSE2, chosen at run time) lists, a range at a time, the
  /// bytes that may start a tag or an emoji and every `]`, each with its UTF-16 offset; the scan goes from one
  /// to the next, so plain text is never read byte by byte here, and a tag's `]` is the next bracket listed.
  ///
  /// `flush` receives the runs in order, a batch at a time (they are gathered in a buffer on the stack, written
  /// without branching on whether text came before a match, and handed over in bulk).
  func scan(_ bytes: UnsafeRawBufferPointer, _ flush: (UnsafeBufferPointer<TokenizedText.Run>) -> Void) -> Int {
    guard bytes.count > 0 else { return 0 }
    // A range lists at most one entry a byte, a match adds at most two runs a byte: short messages need less.
    let listed = min(Self.range, bytes.count) + Int(EMOSCAN_SLACK)
    let held = min(Self.runBatch, bytes.count + 2)
    return withUnsafeTemporaryAllocation(of: emoscan_candidate.self, capacity: listed) { list in
      withUnsafeTemporaryAllocation(of: TokenizedText.Run.self, capacity: held) { runs in
        // One loop compiled for each: without codes, none of their branches or state is in it.
        index.hasCodes
          ? scan(WithCodes.self, bytes, list.baseAddress!, runs.baseAddress!, held, flush)
          : scan(WithoutCodes.self, bytes, list.baseAddress!, runs.baseAddress!, held, flush)
      }
    }
  }

  /// Bytes listed per call of the kernel (its list has room for an 8-byte entry a byte).
  static let range = 1024
  /// Runs gathered before they are handed over.
  static let runBatch = 128

  @inline(__always)
  private func scan<Mode: ScanMode>(
    _ mode: Mode.Type, _ bytes: UnsafeRawBufferPointer, _ list: UnsafeMutablePointer<emoscan_candidate>,
    _ runs: UnsafeMutablePointer<TokenizedText.Run>, _ capacity: Int,
    _ flush: (UnsafeBufferPointer<TokenizedText.Run>) -> Void
  ) -> Int {
    var held = 0
    let n = bytes.count
    let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
    // The range listed, from `at` (UTF-16 offset `at16`).
    var at = 0
    var at16 = 0
    var textStart = 0
    var textStartU16 = 0
    // The end of the last cluster or match examined: a Character boundary, and entries before it lie inside.
    var known = 0
    let codes = Mode.codes
    while at < n {
      var units: UInt32 = 0
      let count =
        codes
        ? index.codeFirstBytes.withUnsafeBufferPointer {
          emoscan_candidates_extra(base, n, at, Self.range, list, &units, $0.baseAddress, $0.count)
        }
        : emoscan_candidates(base, n, at, Self.range, list, &units)
      var next = at &+ Self.range
      var next16 = at16 &+ Int(units)
      var k = 0
      while k < count {
        let entry = list[k]
        k &+= 1
        let i = at &+ Int(entry.offset)
        if i < known { continue }
        let b = bytes[i]
        var end: Int
        var code: Int
        var length16: Int
        var colonEntry = -1
        if codes, b == 0x3A, !index.literalStarts[0x3A] {
          // A shortcode, found like a tag: its closing ':' is the next ':' listed, passed once matched.
          let close = Self.nextColon(index, bytes, i, list, from: k, count: count, at: at, entry: &colonEntry)
          guard close > i, let found = index.shortcode(UnsafeRawBufferPointer(start: base + i, count: close &- i)),
            CharacterBoundary.endsAfterCode(bytes, close), CharacterBoundary.isBoundary(bytes, i, known: known)
          else { continue }
          (end, code, length16) = (close, found.emoticonCode, found.utf16)
          if colonEntry >= 0 { k = colonEntry &+ 1 }
        } else if codes, b != 0x3A, index.literalStarts[Int(b)],
          let (codeEnd, found) = index.literal(bytes, i, longerThan: i),
          CharacterBoundary.isBoundary(bytes, i, known: known)
        {
          // A literal code (not at ':', where shortcodes are tried too).
          (end, code, length16) = (codeEnd, found.emoticonCode, found.utf16)
        } else if codes, b == 0x3A,  // a ':' some literal code starts with: shortcodes and literals together
          let found = Self.matchCode(
            index, bytes, i, known: known,
            shortcodeEnd: Self.nextColon(index, bytes, i, list, from: k, count: count, at: at, entry: &colonEntry))
        {
          (end, code, length16) = found
        } else if b == 0x5B {  // '['
          // The next bracket listed: a ']' closes a tag, a '[' means this one opens none.
          var j = k
          while j < count {
            let x = bytes[at &+ Int(list[j].offset)]
            if x == 0x5B || x == 0x5D { break }
            j &+= 1
          }
          var close = -1
          if j < count {
            close = at &+ Int(list[j].offset)
            if bytes[close] == 0x5B { continue }
            // Nothing listed between the brackets (the usual tag): its ']' need not be visited, match or not.
            if j == k { k &+= 1 }
          } else {
            // The list ends first: look on in the bytes (rare: a tag across the range's end).
            var c = i &+ 1
            while c < min(n, i &+ maxTagBytes) {
              let x = bytes[c]
              if x == 0x5D {
                close = c
                break
              }
              if x == 0x5B { break }
              c &+= 1
            }
          }
          // A tag is whole Characters: its '[' starts one and its ']' ends one.
          guard close > i &+ 1, close < i &+ maxTagBytes,
            let found = index.tag(UnsafeRawBufferPointer(start: base + i, count: close &- i &+ 1)),
            CharacterBoundary.isStartOfBracket(bytes, i, known: known),
            CharacterBoundary.endsCluster(bytes, close &+ 1) || CharacterBoundary.endsAfterBracket(bytes, close &+ 1)
          else { continue }
          end = close &+ 1
          code = found.emoticonCode
          length16 = found.utf16
        } else if b == 0x5D {
          continue
        } else if let found = Self.emoji(index, bytes, i, known: known) {
          (end, code, length16) = found
          // A whole cluster the catalog lacks is text, and nothing inside it is looked at.
          if code < 0 {
            known = end
            continue
          }
        } else {
          continue
        }
        let start16 = at16 &+ Int(entry.utf16)
        // The text before the match is written always and kept only if there is some.
        runs[held] = TokenizedText.Run(utf8: textStart, utf16: textStartU16, code: -1)
        held &+= textStart < i ? 1 : 0
        runs[held] = TokenizedText.Run(utf8: i, utf16: start16, code: code)
        held &+= 1
        if held > capacity &- 2 {
          flush(UnsafeBufferPointer(start: runs, count: held))
          held = 0
        }
        textStartU16 = start16 &+ length16
        textStart = end
        known = end
        if end > next {
          // The match runs past the range: list again from its end.
          next = end
          next16 = textStartU16
          break
        }
      }
      at = next
      at16 = next16
    }
    if textStart < n {
      runs[held] = TokenizedText.Run(utf8: textStart, utf16: textStartU16, code: -1)
      held &+= 1
    }
    flush(UnsafeBufferPointer(start: runs, count: held))
    return at16
  }

  /// The longest code at a ':' that starts both shortcodes and literal codes.
  ///
  /// It starts and ends on `Character` boundaries; the result is its end, run code and UTF-16 length. (An emoji
  /// there is one `Character`, so never longer: the code wins.) The scan loop finds shortcodes and literal codes
  /// elsewhere on its own.
  @inline(__always)
  private static func matchCode(
    _ index: TokenIndex, _ bytes: UnsafeRawBufferPointer, _ i: Int, known: Int, shortcodeEnd: Int
  ) -> (Int, Int, Int)? {
    guard let (end, found) = index.code(bytes, i, shortcodeEnd: shortcodeEnd),
      CharacterBoundary.isBoundary(bytes, i, known: known)
    else { return nil }
    return (end, found.emoticonCode, found.utf16)
  }

  /// Past the next ':' after the one at `i` when a shortcode could end there, else -1.
  ///
  /// Within the longest shortcode, with a name between. The kernel lists every ':', so the list after entry `k`
  /// is read, not the bytes; a name with whitespace in it finds no key.
  @inline(__always)
  private static func nextColon(
    _ index: TokenIndex, _ bytes: UnsafeRawBufferPointer, _ i: Int, _ list: UnsafeMutablePointer<emoscan_candidate>,
    from k: Int,
    count: Int, at: Int, entry: inout Int
  ) -> Int {
    let longest = index.longestShortcode
    guard longest > 0 else { return -1 }
    let limit = i &+ longest
    var j = k
    while j < count {
      let c = at &+ Int(list[j].offset)
      if c >= limit { return -1 }
      if bytes[c] == 0x3A {
        entry = j
        return c > i &+ 1 ? c &+ 1 : -1
      }
      j &+= 1
    }
    // The list ends first (a shortcode across the range's end): look on in the bytes.
    var c = at &+ Self.range
    while c < min(bytes.count, limit) {
      if bytes[c] == 0x3A { return c > i &+ 1 ? c &+ 1 : -1 }
      c &+= 1
    }
    return -1
  }

  /// The emoji cluster at `i` when a `Character` that may be an emoji starts there: its end,
  /// run code (-1 when the catalog lacks it) and UTF-16 length.
  @inline(__always)
  private static func emoji(
    _ index: TokenIndex, _ bytes: UnsafeRawBufferPointer, _ i: Int, known: Int
  ) -> (
    Int, Int, Int
  )? {
    let n = bytes.count
    let b = bytes[i]
    if b < 0x80 {
      // Keycap bases (0-9, #, *) start an emoji only when followed by U+FE0F or U+20E3.
      guard i &+ 3 < n,
        (bytes[i &+ 1] == 0xEF && bytes[i &+ 2] == 0xB8 && bytes[i &+ 3] == 0x8F)
          || (bytes[i &+ 1] == 0xE2 && bytes[i &+ 2] == 0x83 && bytes[i &+ 3] == 0xA3),
        CharacterBoundary.isStart(bytes, i, UInt32(b), known: known)
      else { return nil }
      return cluster(index, bytes, i, i &+ 1)
    }
    let (scalar, length) = decodeScalar(bytes, i)
    guard mayStartEmoji(scalar) else { return nil }
    // The common case first: a pictograph that nothing after it extends: the cluster is these four bytes, no
    // variation selector in it; it matches when the catalog has it and a Character starts here (checked only
    // then: the check's branches cost more than the look-up).
    if length == 4, !(0x1F1E6...0x1F1FF).contains(scalar), CharacterBoundary.endsCluster(bytes, i &+ 4) {
      let code = index.pictograph(scalar, UnsafeRawBufferPointer(rebasing: bytes[i..<(i &+ 4)]))
      guard code != 0, CharacterBoundary.isStart(bytes, i, scalar, known: known) else { return nil }
      return (i &+ 4, code, 2)
    }
    // A longer cluster is parsed only from where a Character starts: then its end is the Character's end.
    guard CharacterBoundary.isStart(bytes, i, scalar, known: known) else { return nil }
    return cluster(index, bytes, i, i + length)
  }

  /// The grapheme cluster at `i` (its first scalar ending at `next`) as an emoji, if the catalog knows it: its
  /// end, run code and UTF-16 length.
  @inline(__always)
  private static func cluster(
    _ index: TokenIndex, _ bytes: UnsafeRawBufferPointer, _ i: Int, _ next: Int
  ) -> (
    Int, Int, Int
  )? {
    let end = clusterEnd(bytes, i, next)
    guard let found = index.emoji(UnsafeRawBufferPointer(rebasing: bytes[i..<end])) else { return (end, -1, 0) }
    return (end, found.emojiCode, found.utf16)
  }

  /// The end of the grapheme cluster starting at `start`, whose first scalar ends at `next`.
  ///
  /// Emoji grammar is parsed directly on the bytes (variation selector, skin tone, keycap, tag sequence, ZWJ
  /// chains, regional-indicator pairs); when anything else follows that could extend the cluster (combining
  /// marks), the standard library's segmentation decides on a window.
  private static func clusterEnd(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ next: Int) -> Int {
    let n = bytes.count
    var i = next
    // A regional indicator (F0 9F 87 A6–BF) pairs with the next one, and takes nothing else.
    if bytes[start] == 0xF0, bytes[start &+ 1] == 0x9F, bytes[start &+ 2] == 0x87, bytes[start &+ 3] >= 0xA6 {
      if i &+ 3 < n, bytes[i] == 0xF0, bytes[i &+ 1] == 0x9F, bytes[i &+ 2] == 0x87, bytes[i &+ 3] >= 0xA6 { i &+= 4 }
      return finishCluster(bytes, start, i)
    }
    // The scalar a ZWJ would join to, and whether only selectors and skin tones have followed it: then the two
    // scalars' verdicts settle the join.
    var base = decodeScalar(bytes, start).0
    var plain = true
    while i &+ 2 < n {
      let b0 = bytes[i]
      let b1 = bytes[i &+ 1]
      let b2 = bytes[i &+ 2]
      // U+FE0E, U+FE0F: EF B8 8E/8F; U+20E3 (keycap): E2 83 A3.
      if (b0 == 0xEF && b1 == 0xB8 && (b2 == 0x8E || b2 == 0x8F)) || (b0 == 0xE2 && b1 == 0x83 && b2 == 0xA3) {
        plain = plain && b0 == 0xEF
        i &+= 3
        continue
      }
      guard i &+ 3 < n else { break }
      let b3 = bytes[i &+ 3]
      // Skin tones U+1F3FB–1F3FF: F0 9F 8F BB–BF; tags U+E0020–E007F: F3 A0 80 A0–BF, F3 A0 81 80–BF.
      if (b0 == 0xF0 && b1 == 0x9F && b2 == 0x8F && b3 >= 0xBB)
        || (b0 == 0xF3 && b1 == 0xA0 && ((b2 == 0x80 && b3 >= 0xA0) || b2 == 0x81))
      {
        plain = plain && b0 == 0xF0
        i &+= 4
        continue
      }
      // U+200D (ZWJ): E2 80 8D, joining when a pictograph follows (other scalars: the standard library decides).
      // GB11 joins pictographs across a ZWJ only after a pictograph (not after a keycap base or a skin tone).
      if b0 == 0xE2 && b1 == 0x80 && b2 == 0x8D && i &+ 3 < n && bytes[start] >= 0x80
        && !(bytes[start] == 0xF0 && bytes[start &+ 2] == 0x8F && bytes[start &+ 3] >= 0xBB)
      {
        let (v, l) = decodeScalar(bytes, i &+ 3)
        // The standard library has the last word: a pictograph it does not count as Extended_Pictographic (such
        // as U+1F323) ends its cluster at the ZWJ.
        if v >= 0xA9, mayStartEmoji(v), !CharacterBoundary.isRegionalIndicator(v), !CharacterBoundary.isSkinTone(v),
          (plain ? CharacterBoundary.joinsAcrossZWJ(base, v) : nil)
            ?? CharacterBoundary.joinsAfterZWJ(bytes, zwjAt: i, end: i &+ 3 &+ l)
        {
          base = v
          plain = true
          i &+= 3 + l
          continue
        }
      }
      break
    }
    return finishCluster(bytes, start, i)
  }

  /// `end`, unless the next scalar could still extend the cluster: then ask the standard library.
  @inline(__always)
  private static func finishCluster(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Int {
    CharacterBoundary.endsCluster(bytes, end) ? end : finishClusterSlowly(bytes, start, end)
  }

  /// `finishCluster` past the common cases (kept out of line: it holds the Unicode property look-ups).
  @inline(never)
  private static func finishClusterSlowly(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Int {
    let (v, _) = decodeScalar(bytes, end)
    // Common scripts that never extend a cluster: CJK ideographs, CJK punctuation, Hangul, full-width forms.
    if (0x4E00...0x9FFF).contains(v) || (0x3000...0x3029).contains(v) || (0xAC00...0xD7A3).contains(v)
      || (0xFF01...0xFF5E).contains(v)
    {
      return end
    }
    // Another emoji right after this one (pictographs, flags, dingbats, misc symbols): symbols, never
    // extenders — but for the skin-tone modifiers, which extend whatever precedes them (a flag, say).
    if ((0x1F000...0x1FAFF).contains(v) && !(0x1F3FB...0x1F3FF).contains(v)) || (0x2600...0x27BF).contains(v) {
      return end
    }
    // What can extend a cluster (UAX #29 Extend, ZWJ, SpacingMark) goes to the standard library; the rest ends
    // it here.
    if let scalar = Unicode.Scalar(v) {
      let p = scalar.properties
      let mayExtend =
        p.isGraphemeExtend || p.isEmojiModifier || v == 0x0E33 || v == 0x0EB3
        || p.generalCategory == .spacingMark || p.generalCategory == .format
      if !mayExtend { return end }
    }
    // The window holds the parsed cluster and what may extend it, however long the ZWJ chain; a cluster that
    // runs to the window's end (a long run of marks) is measured again on a window twice the size.
    var window = min(bytes.count, max(start &+ 96, end &+ 32))
    while true {
      let s = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<window]), as: UTF8.self)
      guard let first = s.first else { return end }
      let clusterEnd = start + first.utf8.count
      if clusterEnd &+ 4 <= window || window == bytes.count { return clusterEnd }
      window = min(bytes.count, start &+ 2 * (window - start))
    }
  }
}

/// Whether the scan loop handles codes (a catalog with codes) or is compiled without them.
protocol ScanMode { static var codes: Bool { get } }
enum WithCodes: ScanMode { static var codes: Bool { true } }
enum WithoutCodes: ScanMode { static var codes: Bool { false } }

/// True for scalars that can begin an emoji cluster.
///
/// Pictographs, emoji-presentation characters and regional indicators qualify. The pictograph blocks, where most
/// emoji are, are checked here; the rest (CJK and Hangul ruled out by range, a bit table below U+3300, the
/// standard library's properties above) out of line.
@inline(__always)
func mayStartEmoji(_ v: UInt32) -> Bool {
  if (0x1F300...0x1F64F).contains(v) || (0x1F680...0x1F6FF).contains(v) || (0x1F900...0x1F9FF).contains(v)
    || (0x1FA70...0x1FAFF).contains(v) || (0x1F1E6...0x1F1FF).contains(v)
  {
    return true
  }
  if v < 0xA9 { return false }
  return mayStartEmojiOutsidePictographs(v)
}

/// `mayStartEmoji` for scalars outside the pictograph blocks.
@inline(never)
func mayStartEmojiOutsidePictographs(_ v: UInt32) -> Bool {
  // Common punctuation before the first emoji of the U+2000 block (‼ U+203C), and the CJK symbols block.
  if v >= 0x2000 && v < 0x203C { return false }
  if v >= 0x3000 && v < 0x4000 { return v == 0x3030 || v == 0x303D || v == 0x3297 || v == 0x3299 }
  // Kana, CJK ideographs, Hangul and the like: never emoji.
  if (0x4000...0x9FFF).contains(v) || (0xAC00...0xD7FF).contains(v) || (0xF900...0xFAFF).contains(v)
    || (0x20000...0x3029F).contains(v)
  {
    return false
  }
  if v < 0x3300 { return bmpEmojiStart[Int(v) >> 3] & (1 << (v & 7)) != 0 }
  return hasEmojiProperty(v)
}

@inline(__always)
private func hasEmojiProperty(_ v: UInt32) -> Bool {
  guard let scalar = Unicode.Scalar(v) else { return false }
  let p = scalar.properties
  return p.isEmoji || p.isEmojiPresentation
}

/// One bit per scalar below U+3300: `isEmoji || isEmojiPresentation`, computed once from the standard
/// library's Unicode data (the property look-up costs more than the rest of a token).
private let bmpEmojiStart: [UInt8] = {
  var bits = [UInt8](repeating: 0, count: 0x3300 / 8)
  for v in UInt32(0xA9)..<0x3300 where hasEmojiProperty(v) { bits[Int(v) >> 3] |= 1 << (v & 7) }
  return bits
}()

/// Decodes the UTF-8 scalar at `i` (input is valid UTF-8, as it comes from a String).
@inline(__always)
func decodeScalar(_ b: UnsafeRawBufferPointer, _ i: Int) -> (UInt32, Int) {
  let c = UInt32(b[i])
  if c < 0x80 { return (c, 1) }
  if c < 0xE0 { return (((c & 0x1F) << 6) | (UInt32(b[i &+ 1]) & 0x3F), 2) }
  if c < 0xF0 { return (((c & 0x0F) << 12) | ((UInt32(b[i &+ 1]) & 0x3F) << 6) | (UInt32(b[i &+ 2]) & 0x3F), 3) }
  return (
    ((c & 0x07) << 18) | ((UInt32(b[i &+ 1]) & 0x3F) << 12) | ((UInt32(b[i &+ 2]) & 0x3F) << 6)
      | (UInt32(b[i &+ 3]) & 0x3F), 4
  )
}
