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
  /// The longest tag looked up, in UTF-8 bytes (longer bracketed text stays text).
  public var maxTagBytes: Int
  /// The catalog's tags and emoji, resolved once.
  let index: TokenIndex

  /// Creates a tokenizer over `catalog`.
  ///
  /// This reads every tag and emoji of the catalog once into an in-memory hash table (48–96 bytes per key
  /// plus the key's bytes; docs/BENCHMARKS.md gives the time for 100,000 entries): create one tokenizer per
  /// catalog and keep it.
  public init(catalog: Catalog, maxTagBytes: Int = 256) {
    self.catalog = catalog
    self.maxTagBytes = maxTagBytes
    index = TokenIndex(catalog)
  }

  /// The runs of `message`, in order; joined, they give back `message` exactly.
  public func tokenize(_ message: String) -> TokenizedText {
    var runs: [TokenizedText.Run] = []
    // Chat text averages a token every dozen or so bytes when dense with emoticons; reserving that avoids regrowth.
    runs.reserveCapacity(message.utf8.count / 12 + 4)
    var copy = message
    copy.makeContiguousUTF8()
    var end16 = 0
    copy.withUTF8 { buffer in
      end16 = scan(UnsafeRawBufferPointer(buffer)) { code, start, start16 in
        runs.append(TokenizedText.Run(utf8: start, utf16: start16, code: code))
      }
    }
    runs.append(TokenizedText.Run(utf8: copy.utf8.count, utf16: end16, code: -1))
    return TokenizedText(message: copy, runs: runs)
  }

  /// Counts emoticons and emoji without recording runs (for benchmarks and quick checks).
  public func countMatches(_ message: String) -> Int {
    var n = 0
    var copy = message
    copy.withUTF8 { buffer in
      _ = scan(UnsafeRawBufferPointer(buffer)) { code, _, _ in if code >= 0 { n += 1 } }
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
  /// `emit(code, utf8Start, utf16Start)` is called at the start of each run (code as in `TokenizedText.Run`).
  /// A C kernel (`emoscan_candidates`: AVX2 or SSE2, chosen at run time) lists, a range at a time, the bytes
  /// that may start a tag or an emoji and every `]`, each with its UTF-16 offset; the scan goes from one to the
  /// next, so plain text is never read byte by byte here, and a tag's `]` is the next bracket in the list.
  func scan(_ bytes: UnsafeRawBufferPointer, _ emit: (Int, Int, Int) -> Void) -> Int {
    guard bytes.count > 0 else { return 0 }
    return withUnsafeTemporaryAllocation(of: emoscan_candidate.self, capacity: Self.range + 2) { list in
      scan(bytes, list.baseAddress!, emit)
    }
  }

  /// Bytes listed per call of the kernel (its entries take twice as many bytes).
  static let range = 1024

  @inline(__always)
  private func scan(
    _ bytes: UnsafeRawBufferPointer, _ list: UnsafeMutablePointer<emoscan_candidate>, _ emit: (Int, Int, Int) -> Void
  ) -> Int {
    let n = bytes.count
    let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
    // The range listed, from `at` (UTF-16 offset `at16`).
    var at = 0
    var at16 = 0
    var textStart = 0
    var textStartU16 = 0
    while at < n {
      var units: UInt32 = 0
      let count = emoscan_candidates(base, n, at, Self.range, list, &units)
      var next = at &+ Self.range
      var next16 = at16 &+ Int(units)
      // Entries before `skip` lie inside a match.
      var skip = at
      var k = 0
      while k < count {
        let entry = list[k]
        k &+= 1
        let i = at &+ Int(entry.offset)
        if i < skip { continue }
        let b = bytes[i]
        var end: Int
        var code: Int
        var length16: Int
        if b == 0x5B {  // '['
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
          guard close > i &+ 1, close < i &+ maxTagBytes,
            let found = index.tag(UnsafeRawBufferPointer(rebasing: bytes[i...close]))
          else { continue }
          end = close &+ 1
          code = found.ref.pack << 32 | found.ref.entry << 1
          length16 = found.utf16
        } else if b == 0x5D {
          continue
        } else if let found = emoji(bytes, i, b) {
          (end, code, length16) = found
        } else {
          continue
        }
        let start16 = at16 &+ Int(entry.utf16)
        if textStart < i { emit(-1, textStart, textStartU16) }
        emit(code, i, start16)
        textStartU16 = start16 &+ length16
        textStart = end
        skip = end
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
    if textStart < n { emit(-1, textStart, textStartU16) }
    return at16
  }

  /// The emoji at `i` (lead byte `b`), if the catalog knows it: its end, run code and UTF-16 length.
  @inline(__always)
  private func emoji(_ bytes: UnsafeRawBufferPointer, _ i: Int, _ b: UInt8) -> (Int, Int, Int)? {
    let n = bytes.count
    if b < 0x80 {
      // Keycap bases (0-9, #, *) start an emoji only when followed by U+FE0F or U+20E3.
      guard i + 3 < n,
        (bytes[i + 1] == 0xEF && bytes[i + 2] == 0xB8 && bytes[i + 3] == 0x8F)
          || (bytes[i + 1] == 0xE2 && bytes[i + 2] == 0x83 && bytes[i + 3] == 0xA3)
      else { return nil }
      return cluster(bytes, i)
    }
    let (scalar, length) = decodeScalar(bytes, i)
    guard mayStartEmoji(scalar) else { return nil }
    // The common case first: a pictograph followed by something that cannot extend it (ASCII or a scalar
    // below U+0300, a CJK ideograph, the end): the cluster is these four bytes, no variation selector in it.
    if length == 4 {
      let next = i + 4 < n ? bytes[i + 4] : 0
      if next < 0xCC || (next >= 0xE4 && next <= 0xE9) {
        guard let found = index.emojiWithoutSelectors(UnsafeRawBufferPointer(rebasing: bytes[i..<(i + 4)])) else {
          return nil
        }
        return (i + 4, found.ref.pack << 32 | found.ref.entry << 1 | 1, 2)
      }
    }
    return cluster(bytes, i)
  }

  /// The grapheme cluster at `i` as an emoji, if the catalog knows it: its end, run code and UTF-16 length.
  @inline(__always)
  private func cluster(_ bytes: UnsafeRawBufferPointer, _ i: Int) -> (Int, Int, Int)? {
    let end = clusterEnd(bytes, i)
    guard let found = index.emoji(UnsafeRawBufferPointer(rebasing: bytes[i..<end])) else { return nil }
    return (end, found.ref.pack << 32 | found.ref.entry << 1 | 1, found.utf16)
  }

  /// The end of the grapheme cluster starting at `i`.
  ///
  /// Emoji grammar is parsed directly (base, variation selector, skin tone, keycap, tag sequence, ZWJ
  /// chains, regional-indicator pairs); when anything else follows that could extend the cluster
  /// (combining marks), the standard library's segmentation decides on a window.
  private func clusterEnd(_ bytes: UnsafeRawBufferPointer, _ start: Int) -> Int {
    let n = bytes.count
    var i = start
    let (first, len) = decodeScalar(bytes, i)
    i += len
    if (0x1F1E6...0x1F1FF).contains(first) {
      if i < n {
        let (second, l2) = decodeScalar(bytes, i)
        if (0x1F1E6...0x1F1FF).contains(second) { i += l2 }
      }
      return finishCluster(bytes, start, i)
    }
    while i < n {
      let (v, l) = decodeScalar(bytes, i)
      if v == 0xFE0F || v == 0xFE0E || v == 0x20E3 || (0x1F3FB...0x1F3FF).contains(v) || (0xE0020...0xE007F).contains(v)
      {
        i += l
        continue
      }
      if v == 0x200D, i + l < n {
        let (next, l2) = decodeScalar(bytes, i + l)
        if next >= 0xA9, mayStartEmoji(next) || next == 0x2640 || next == 0x2642 || next == 0x2695 {
          i += l + l2
          continue
        }
      }
      break
    }
    return finishCluster(bytes, start, i)
  }

  /// `end`, unless the next scalar could still extend the cluster: then ask the standard library.
  @inline(__always)
  private func finishCluster(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Int {
    guard end < bytes.count else { return end }
    let b = bytes[end]
    if b < 0xCC { return end }  // ASCII or a scalar below U+0300: never extends a cluster
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
    var window = min(bytes.count, max(start + 96, end + 32))
    while true {
      let s = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<window]), as: UTF8.self)
      guard let first = s.first else { return end }
      let clusterEnd = start + first.utf8.count
      if clusterEnd + 4 <= window || window == bytes.count { return clusterEnd }
      window = min(bytes.count, start + 2 * (window - start))
    }
  }
}

/// True for scalars that can begin an emoji cluster.
///
/// Pictographs, emoji-presentation characters and regional indicators qualify. CJK and Hangul ranges are ruled out without a table look-up.
@inline(__always)
func mayStartEmoji(_ v: UInt32) -> Bool {
  if v < 0xA9 { return false }
  // Common punctuation before the first emoji of the U+2000 block (‼ U+203C), and the CJK symbols block.
  if v >= 0x2000 && v < 0x203C { return false }
  if v >= 0x3000 && v < 0x4000 { return v == 0x3030 || v == 0x303D || v == 0x3297 || v == 0x3299 }
  if (0x3040...0x3029F).contains(v) && v != 0x3030 && v != 0x303D && v != 0x3297 && v != 0x3299 {
    // Kana, CJK ideographs, Hangul and the like: never emoji (but for the four above).
    if v <= 0x9FFF || (0xAC00...0xD7FF).contains(v) || (0xF900...0xFAFF).contains(v) || v >= 0x20000 { return false }
  }
  if (0x1F1E6...0x1F1FF).contains(v) { return true }
  // The pictograph blocks: emoji without a table look-up.
  if (0x1F300...0x1F5FF).contains(v) || (0x1F600...0x1F64F).contains(v) || (0x1F680...0x1F6FF).contains(v)
    || (0x1F900...0x1F9FF).contains(v) || (0x1FA70...0x1FAFF).contains(v)
  {
    return true
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
  if c < 0xE0 { return (((c & 0x1F) << 6) | (UInt32(b[i + 1]) & 0x3F), 2) }
  if c < 0xF0 { return (((c & 0x0F) << 12) | ((UInt32(b[i + 1]) & 0x3F) << 6) | (UInt32(b[i + 2]) & 0x3F), 3) }
  return (
    ((c & 0x07) << 18) | ((UInt32(b[i + 1]) & 0x3F) << 12) | ((UInt32(b[i + 2]) & 0x3F) << 6)
      | (UInt32(b[i + 3]) & 0x3F), 4
  )
}
