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
  /// The run's exact text in the message (the tag or emoji as typed).
  public var text: String
  /// Range in UTF-8 code units of the message.
  public var utf8Range: Range<Int>
  /// Range in UTF-16 code units (NSRange-compatible), for UI text views.
  public var utf16Range: Range<Int>
}

/// Splits messages into text, emoticon and emoji runs, and joins them back.
public struct Tokenizer: Sendable {
  /// The catalog whose tags and emoji are recognised.
  public let catalog: Catalog
  /// The longest tag looked up, in UTF-8 bytes (longer bracketed text stays text).
  public var maxTagBytes: Int

  /// Creates a tokenizer over `catalog`.
  public init(catalog: Catalog, maxTagBytes: Int = 256) {
    self.catalog = catalog
    self.maxTagBytes = maxTagBytes
  }

  /// The runs of `message`, in order; joined, they give back `message` exactly.
  public func tokenize(_ message: String) -> [TextToken] {
    var tokens: [TextToken] = []
    var copy = message
    copy.withUTF8 { buffer in
      scan(UnsafeRawBufferPointer(buffer)) { kind, start, end, u16Start, u16End in
        let text = String(
          decoding: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[start..<end]), as: UTF8.self)
        tokens.append(TextToken(kind: kind, text: text, utf8Range: start..<end, utf16Range: u16Start..<u16End))
      }
    }
    return tokens
  }

  /// Counts emoticons and emoji without building tokens (for benchmarks and quick checks).
  public func countMatches(_ message: String) -> Int {
    var n = 0
    var copy = message
    copy.withUTF8 { buffer in
      scan(UnsafeRawBufferPointer(buffer)) { kind, _, _, _, _ in if kind != .text { n += 1 } }
    }
    return n
  }

  /// Plain text of `tokens`: what copy/paste puts on the pasteboard (tags for image emoticons).
  public static func plainText(_ tokens: [TextToken]) -> String {
    var out = ""
    for t in tokens { out += t.text }
    return out
  }

  /// The scanner: one pass over UTF-8, tags by hash lookup, emoji by grapheme cluster.
  func scan(
    _ bytes: UnsafeRawBufferPointer, _ emit: (TextToken.Kind, Int, Int, Int, Int) -> Void
  ) {
    let n = bytes.count
    var i = 0
    var u16 = 0
    var textStart = 0
    var textStartU16 = 0
    // Open '[' positions are retried only once: remember where the last failed search ended.
    while i < n {
      let b = bytes[i]
      if b == 0x5B {  // '['
        // The tag ends at the first ']' unless another '[' comes first.
        var j = i + 1
        var close = -1
        let limit = min(n, i + maxTagBytes)
        while j < limit {
          let c = bytes[j]
          if c == 0x5D {
            close = j
            break
          }
          if c == 0x5B { break }
          j += 1
        }
        if close > i + 1,
          let ref = catalog.lookup(tagUTF8: UnsafeRawBufferPointer(rebasing: bytes[i...close]))
        {
          let tagU16 = utf16Length(bytes, i, close + 1)
          if textStart < i { emit(.text, textStart, i, textStartU16, u16) }
          emit(.emoticon(ref), i, close + 1, u16, u16 + tagU16)
          u16 += tagU16
          i = close + 1
          textStart = i
          textStartU16 = u16
          continue
        }
        i += 1
        u16 += 1
        continue
      }
      if b < 0x80 {
        // Only keycap bases (0-9, #, *) followed by U+FE0F or U+20E3 can start an emoji among ASCII bytes.
        if (b >= 0x30 && b <= 0x39) || b == 0x23 || b == 0x2A, i + 3 < n,
          (bytes[i + 1] == 0xEF && bytes[i + 2] == 0xB8 && bytes[i + 3] == 0x8F)
            || (bytes[i + 1] == 0xE2 && bytes[i + 2] == 0x83 && bytes[i + 3] == 0xA3)
        {
          if matchEmoji(bytes, &i, &u16, &textStart, &textStartU16, emit) { continue }
        }
        i += 1
        u16 += 1
        continue
      }
      let (scalar, length) = decodeScalar(bytes, i)
      if mayStartEmoji(scalar) {
        if matchEmoji(bytes, &i, &u16, &textStart, &textStartU16, emit) { continue }
      }
      i += length
      u16 += scalar >= 0x10000 ? 2 : 1
    }
    if textStart < n { emit(.text, textStart, n, textStartU16, u16) }
  }

  /// Takes the grapheme cluster at `i` and emits it as an emoji if the catalog knows it.
  @inline(__always)
  private func matchEmoji(
    _ bytes: UnsafeRawBufferPointer, _ i: inout Int, _ u16: inout Int, _ textStart: inout Int,
    _ textStartU16: inout Int,
    _ emit: (TextToken.Kind, Int, Int, Int, Int) -> Void
  ) -> Bool {
    let end = clusterEnd(bytes, i)
    guard let ref = catalog.lookup(emojiUTF8: UnsafeRawBufferPointer(rebasing: bytes[i..<end])) else { return false }
    let len16 = utf16Length(bytes, i, end)
    if textStart < i { emit(.text, textStart, i, textStartU16, u16) }
    emit(.emoji(ref), i, end, u16, u16 + len16)
    i = end
    u16 += len16
    textStart = i
    textStartU16 = u16
    return true
  }

  /// The end of the grapheme cluster starting at `i`, using the standard library's segmentation on a window.
  private func clusterEnd(_ bytes: UnsafeRawBufferPointer, _ i: Int) -> Int {
    let window = min(bytes.count, i + 96)
    let s = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[i..<window]), as: UTF8.self)
    guard let first = s.first else { return i + 1 }
    return i + first.utf8.count
  }
}

/// True for scalars that can begin an emoji cluster: pictographs, emoji-presentation characters and
/// regional indicators. CJK and Hangul ranges are ruled out without a table look-up.
@inline(__always)
func mayStartEmoji(_ v: UInt32) -> Bool {
  if v < 0xA9 { return false }
  if (0x3040...0x3029F).contains(v) && v != 0x3030 && v != 0x303D && v != 0x3297 && v != 0x3299 {
    // Kana, CJK ideographs, Hangul and the like: never emoji (but for the four above).
    if v <= 0x9FFF || (0xAC00...0xD7FF).contains(v) || (0xF900...0xFAFF).contains(v) || v >= 0x20000 { return false }
  }
  if (0x1F1E6...0x1F1FF).contains(v) { return true }
  guard let scalar = Unicode.Scalar(v) else { return false }
  let p = scalar.properties
  return p.isEmoji || p.isEmojiPresentation
}

/// Decodes the UTF-8 scalar at `i` (input is valid UTF-8, as it comes from a String).
@inline(__always)
func decodeScalar(_ b: UnsafeRawBufferPointer, _ i: Int) -> (UInt32, Int) {
  let c = UInt32(b[i])
  if c < 0xE0 { return (((c & 0x1F) << 6) | (UInt32(b[i + 1]) & 0x3F), 2) }
  if c < 0xF0 { return (((c & 0x0F) << 12) | ((UInt32(b[i + 1]) & 0x3F) << 6) | (UInt32(b[i + 2]) & 0x3F), 3) }
  return (
    ((c & 0x07) << 18) | ((UInt32(b[i + 1]) & 0x3F) << 12) | ((UInt32(b[i + 2]) & 0x3F) << 6)
      | (UInt32(b[i + 3]) & 0x3F), 4
  )
}

/// UTF-16 length of the valid UTF-8 bytes in `start..<end`.
@inline(__always)
func utf16Length(_ b: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Int {
  var n = 0
  var k = start
  while k < end {
    let c = b[k]
    if c & 0xC0 != 0x80 { n += c >= 0xF0 ? 2 : 1 }
    k += 1
  }
  return n
}
