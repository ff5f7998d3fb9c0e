import EmoPackFormat

/// Every tag and emoji of a catalog, resolved once, in open-addressing tables keyed by a fast hash.
///
/// The packs' own indexes hash with FNV-1a, one byte after another, and go through a tag record and a string
/// reference to compare; this table hashes eight bytes at a time and holds each key (in its slot when it has 16
/// bytes or fewer) next to its result. Each entry is what `Catalog.lookup` answers for that key (found through the catalog itself while building), so the tokenizer resolves tags and
/// emoji exactly as the catalog does, first pack in tab order winning. Emoji keys are stored without variation
/// selectors, as the catalog compares them, and also as each pack spells them when that has selectors (each
/// resolved through the catalog the same way), so the usual fully-qualified form is found as typed.
final class TokenIndex: Sendable {
  /// One key and what it stands for.
  ///
  /// A key of up to 16 bytes is held in `a` and `b` (the words its hash is made of, which determine it), so
  /// finding it reads no other memory; a longer one holds its hash in `a` and its offset in `bytes` in `b`.
  struct Slot {
    var a: UInt64 = 0
    var b: UInt64 = 0
    var length: UInt32 = 0
    /// The key's length in UTF-16 units (what the tokenizer would otherwise count for every match).
    var utf16: UInt32 = 0
    var pack: UInt32 = 0
    var entry: UInt32 = 0
  }

  /// A key found: the emoticon and the matched bytes' length in UTF-16 units.
  struct Found {
    var ref: EmoticonRef
    var utf16: Int
  }

  /// A table of byte-string keys (an empty key marks a free slot: no tag or emoji is empty).
  struct Table {
    private(set) var slots: [Slot]
    private(set) var bytes: [UInt8] = []
    let mask: Int

    init(expected: Int) {
      // At most a quarter full up to 65,536 keys (a hit is nearly always the first slot probed), at most half
      // full beyond, to bound the memory.
      var n = 16
      while n < expected * (expected <= 1 << 16 ? 4 : 2) { n <<= 1 }
      slots = Array(repeating: Slot(), count: n)
      mask = n - 1
    }

    /// Adds `key` with `ref` unless the key is empty or already present (the first one stays).
    mutating func insert(_ key: UnsafeRawBufferPointer, _ ref: EmoticonRef) {
      guard let p = key.baseAddress, !key.isEmpty else { return }
      if find(key) != nil { return }
      let (wa, wb) = keyWords(p, key.count)
      let h = mixKey(wa, wb, key.count)
      var s = Int(truncatingIfNeeded: h) & mask
      while slots[s].length != 0 { s = (s + 1) & mask }
      // UTF-16 units: one per byte that does not continue a sequence, one more for each 4-byte lead.
      var utf16 = 0
      for b in key where b & 0xC0 != 0x80 { utf16 += b >= 0xF0 ? 2 : 1 }
      var slot = Slot(length: UInt32(key.count), utf16: UInt32(utf16), pack: UInt32(ref.pack), entry: UInt32(ref.entry))
      if key.count <= 16 {
        (slot.a, slot.b) = (wa, wb)
      } else {
        (slot.a, slot.b) = (h, UInt64(bytes.count))
        bytes.append(contentsOf: key)
      }
      slots[s] = slot
    }

    /// The emoticon for `key` and the key's UTF-16 length, or nil.
    @inline(__always)
    func find(_ key: UnsafeRawBufferPointer) -> Found? {
      guard let p = key.baseAddress else { return nil }
      let n = key.count
      let (wa, wb) = keyWords(p, n)
      let h = mixKey(wa, wb, n)
      return slots.withUnsafeBufferPointer { slots in
        var s = Int(truncatingIfNeeded: h) & mask
        while true {
          let e = slots[s]
          if e.length == 0 { return nil }
          if Int(e.length) == n {
            let same =
              n <= 16
              ? e.a == wa && e.b == wb
              : e.a == h && bytes.withUnsafeBytes { bytesEqual($0.baseAddress! + Int(e.b), p, count: n) }
            if same { return Found(ref: EmoticonRef(pack: Int(e.pack), entry: Int(e.entry)), utf16: Int(e.utf16)) }
          }
          s = (s &+ 1) & mask
        }
      }
    }
  }

  let tags: Table
  let emoji: Table
  /// Codes (literal and shortcodes), as typed.
  let codes: Table
  /// For the first two bytes of a literal code (hashed, `codePairSlot`): bit `n - 1` set when a code of `n` bytes
  /// (at most 64) starts with them; one-byte codes in bit 0 of every slot of their byte.
  let codeLengths: [UInt64]
  /// True when the byte starts some code (a literal code, or ':' for shortcodes).
  let codeStarts: [Bool]
  /// The longest shortcode in bytes (0: none); a shortcode ends at the first ':' after its opening one.
  let longestShortcode: Int
  /// One bit per `codeFilterKey` of every code: most lengths tried at a code's first byte are ruled out here,
  /// in 8 KiB that stay in cache, before the table is probed.
  let codeFilter: [UInt64]
  /// The distinct first bytes of codes (the scan kernel lists them too).
  let codeFirstBytes: [UInt8]
  /// The longest tag, code or emoji, in UTF-8 bytes: how far a change to a message can reach into its neighbours.
  let longestKey: Int
  /// True when the catalog has codes, which can chain (`ab`, `ba` over `abab…`): an edit then re-scans until the
  /// runs before and after it agree again.
  var hasCodes: Bool { !codeFirstBytes.isEmpty }

  /// Reads every tag and emoji of `catalog` once (each resolved through `catalog.lookup`).
  init(_ catalog: Catalog) {
    var tagCount = 0
    var emojiCount = 0
    for p in catalog.packs {
      tagCount += p.tagCount
      for e in 0..<p.entryCount where p.withEmoji(ofEntry: e, { _ in }) != nil { emojiCount += 1 }
    }
    var tags = Table(expected: tagCount)
    var codes = Table(expected: 16)
    var codeLengths = [UInt64](repeating: 0, count: TokenIndex.codePairSlots)
    var oneByteCodes = Set<UInt8>()
    var codeStarts = [Bool](repeating: false, count: 256)
    var longestShortcode = 0
    var codeFilter = [UInt64](repeating: 0, count: 1024)
    var codeCount = 0
    for p in catalog.packs {
      for t in 0..<p.tagCount where ((try? p.keyForm(at: t)) ?? .tag) != .tag { codeCount += 1 }
    }
    if codeCount > 0 { codes = Table(expected: codeCount) }
    // Room for two forms of each (bare, and as the pack spells it).
    var emoji = Table(expected: emojiCount * 2)
    var longest = 0
    for p in catalog.packs {
      for t in 0..<p.tagCount {
        let form = (try? p.keyForm(at: t)) ?? .tag
        _ = p.withTag(at: t) { key in
          guard let ref = catalog.lookup(tagUTF8: key) else { return }
          // A key that opens with '[' is looked up as a tag whatever its form byte says (a writer never marks one
          // a code; a damaged pack may), so every tag the catalog resolves the tokenizer finds.
          if form == .tag || key.first == 0x5B {
            longest = max(longest, key.count)
            tags.insert(key, ref)
            return
          }
          // Codes longer than the validator allows (a pack from elsewhere) or starting with '[' are never matched.
          guard let first = key.first, (1...TokenIndex.maxCodeBytes).contains(key.count), first != 0x5B,
            first & 0xC0 != 0x80
          else { return }
          longest = max(longest, key.count)
          codes.insert(key, ref)
          let f = TokenIndex.codeFilterKey(key, 0, key.count)
          codeFilter[f >> 6] |= 1 << UInt64(f & 63)
          codeStarts[Int(first)] = true
          if form == .shortcode {
            longestShortcode = max(longestShortcode, key.count)
          } else {
            if key.count == 1 {
              oneByteCodes.insert(first)
            } else {
              codeLengths[TokenIndex.codePairSlot(first, key[1])] |= 1 << UInt64(key.count - 1)
            }
          }
        }
      }
      for e in 0..<p.entryCount {
        _ = p.withEmoji(ofEntry: e) { key in
          longest = max(longest, key.count)
          guard let ref = catalog.lookup(emojiUTF8: key) else { return }
          withoutVariationSelectors(key) { emoji.insert($0, ref) }
          // The form with its selectors too, as typed most often (❤️): found without taking them out.
          if key.contains(0xEF) { emoji.insert(key, ref) }
        }
      }
    }
    self.tags = tags
    self.emoji = emoji
    self.codes = codes
    for b in oneByteCodes { for second in 0..<256 { codeLengths[TokenIndex.codePairSlot(b, UInt8(second))] |= 1 } }
    self.codeLengths = codeLengths
    self.codeFilter = codeFilter
    self.codeStarts = codeStarts
    self.longestShortcode = longestShortcode
    codeFirstBytes = (0..<256).filter { codeStarts[$0] }.map { UInt8($0) }
    longestKey = longest
  }

  /// The longest code matched, in bytes (the validator's limit).
  static let maxCodeBytes = 64

  /// The code found at `i` in `bytes`, longest first, that ends where `ends` says a `Character` ends.
  ///
  /// Returns its end and what it stands for. `lengths` are the literal codes' lengths for the byte at `i` (`codeLengths`);
  /// `shortcodeEnd` is past the next ':' when a shortcode may end there (-1: none).
  @inline(__always)
  func code(
    _ bytes: UnsafeRawBufferPointer, _ i: Int, lengths allLengths: UInt64, shortcodeEnd firstEnd: Int,
    ends: (Int) -> Bool
  ) -> (end: Int, found: Found)? {
    var shortcodeEnd = firstEnd
    var lengths = allLengths
    let room = bytes.count - i
    if room < 64 { lengths &= (1 << UInt64(room)) - 1 }
    // Longest first: the shortcode when it is longer than the literal codes left, else the next literal length.
    while true {
      let literal = lengths == 0 ? -1 : i + 64 - lengths.leadingZeroBitCount
      let end: Int
      if shortcodeEnd > literal {
        end = shortcodeEnd
        shortcodeEnd = -1
      } else if literal > i {
        end = literal
        lengths &= ~(1 << UInt64(literal - i - 1))
      } else {
        return nil
      }
      let f = Self.codeFilterKey(bytes, i, end)
      guard codeFilter.withUnsafeBufferPointer({ $0[f >> 6] >> UInt64(f & 63) & 1 != 0 }) else { continue }
      if let found = codes.find(UnsafeRawBufferPointer(rebasing: bytes[i..<end])), ends(end) {
        return (end, found)
      }
    }
  }

  /// Slots of `codeLengths`.
  static let codePairSlots = 4096

  /// The `codeLengths` slot of a code's first two bytes.
  @inline(__always)
  static func codePairSlot(_ first: UInt8, _ second: UInt8) -> Int {
    Int((UInt32(first) &* 0x9E37_79B1 ^ UInt32(second) &* 0x85EB_CA6B) >> 20)
  }

  /// The literal codes' lengths that may start at `i` (by its first two bytes).
  @inline(__always)
  func codeLengths(at i: Int, in bytes: UnsafeRawBufferPointer) -> UInt64 {
    let second = i &+ 1 < bytes.count ? bytes[i &+ 1] : 0
    let slot = Self.codePairSlot(bytes[i], second)
    return codeLengths.withUnsafeBufferPointer { $0[slot] }
  }

  /// A code's bit in `codeFilter`: its length, second and last bytes, mixed into 16 bits.
  @inline(__always)
  static func codeFilterKey(_ bytes: UnsafeRawBufferPointer, _ i: Int, _ end: Int) -> Int {
    let n = UInt32(end &- i)
    let second = n > 1 ? UInt32(bytes[i &+ 1]) : 0
    let h = (n &* 0x9E37_79B1) ^ (second &* 0x85EB_CA6B) ^ (UInt32(bytes[end &- 1]) &* 0xC2B2_AE35)
    return Int((h ^ (h >> 16)) & 0xFFFF)
  }

  /// The emoticon a tag's bytes stand for, as `Catalog.lookup(tagUTF8:)` answers, and their UTF-16 length.
  @inline(__always)
  func tag(_ key: UnsafeRawBufferPointer) -> Found? { tags.find(key) }

  /// The emoticon an emoji's bytes stand for, variation selectors ignored, as `Catalog.lookup(emojiUTF8:)`
  /// answers, and their UTF-16 length (selectors included).
  @inline(__always)
  func emoji(_ key: UnsafeRawBufferPointer) -> Found? {
    // The key as typed first: the bare forms and each pack's own form with selectors are in the table.
    if let found = emoji.find(key) { return found }
    // Else with variation selectors (EF B8 8E/8F) left out; a key without an 0xEF byte holds none.
    for b in key where b == 0xEF {
      return withoutVariationSelectors(key) { bare in
        // Each selector left out is three bytes and one UTF-16 unit.
        emoji.find(bare).map { Found(ref: $0.ref, utf16: $0.utf16 + (key.count - bare.count) / 3) }
      }
    }
    return nil
  }

  /// `emoji(_:)` for a key known to hold no variation selector.
  @inline(__always)
  func emojiWithoutSelectors(_ key: UnsafeRawBufferPointer) -> Found? { emoji.find(key) }
}

/// `body` over `key` with U+FE0E and U+FE0F left out.
func withoutVariationSelectors<R>(_ key: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> R) -> R {
  withUnsafeTemporaryAllocation(byteCount: max(key.count, 1), alignment: 8) { buffer in
    var n = 0
    var i = 0
    while i < key.count {
      if i + 2 < key.count, key[i] == 0xEF, key[i + 1] == 0xB8, key[i + 2] == 0x8E || key[i + 2] == 0x8F {
        i += 3
        continue
      }
      buffer[n] = key[i]
      n += 1
      i += 1
    }
    return body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<n]))
  }
}

/// The two words a key's hash is made of.
///
/// For up to 16 bytes, its first and last eight (or four, or three bytes), which with the length determine the
/// key; for longer keys, the words but the last folded together, and the last. Never reads outside the key.
@inline(__always)
func keyWords(_ p: UnsafeRawPointer, _ n: Int) -> (UInt64, UInt64) {
  if n >= 8 {
    var a = p.loadUnaligned(as: UInt64.self)
    var k = 8
    while k &+ 8 < n {
      a = (a &* 0x9E37_79B9_7F4A_7C15) ^ p.loadUnaligned(fromByteOffset: k, as: UInt64.self)
      k &+= 8
    }
    return (a, p.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))
  }
  if n >= 4 {
    return (UInt64(p.loadUnaligned(as: UInt32.self)), UInt64(p.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)))
  }
  guard n > 0 else { return (0, 0) }
  let b = p.assumingMemoryBound(to: UInt8.self)
  return (UInt64(b[0]) | UInt64(b[n >> 1]) << 8 | UInt64(b[n &- 1]) << 16, 0)
}

/// A 64-bit hash of `n` bytes at `p`.
@inline(__always)
func keyHash(_ p: UnsafeRawPointer, _ n: Int) -> UInt64 {
  let (a, b) = keyWords(p, n)
  return mixKey(a, b, n)
}

@inline(__always)
private func mixKey(_ a: UInt64, _ b: UInt64, _ n: Int) -> UInt64 {
  var h = (a ^ 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
  h ^= (b &+ UInt64(n)) &* 0x94D0_49BB_1331_11EB
  // A second multiply spreads the high bits into the low ones the slot is taken from: keys that differ only in
  // a few bytes (`[表情1]`, `[表情2]`, …) would otherwise cluster.
  h ^= h &>> 31
  h &*= 0xD6E8_FEB8_6659_FD93
  return h ^ (h &>> 32)
}
