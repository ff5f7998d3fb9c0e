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

    init() {}

    /// The slot of `key` (whose words are `wa`, `wb` and hash `h`) standing for `ref`; a key longer than 16
    /// bytes is appended to `bytes`.
    init(
      _ key: UnsafeRawBufferPointer, _ wa: UInt64, _ wb: UInt64, _ h: UInt64, _ ref: EmoticonRef, bytes: inout [UInt8]
    ) {
      let utf16 = utf16Count(key)
      (length, self.utf16, pack, entry) = (UInt32(key.count), UInt32(utf16), UInt32(ref.pack), UInt32(ref.entry))
      if key.count <= 16 {
        (a, b) = (wa, wb)
      } else {
        (a, b) = (h, UInt64(bytes.count))
        bytes.append(contentsOf: key)
      }
    }

    /// True when this slot holds the `n` bytes at `p` (words `wa`, `wb`, hash `h`; long keys in `bytes`).
    @inline(__always)
    func holds(_ p: UnsafeRawPointer, _ n: Int, _ wa: UInt64, _ wb: UInt64, _ h: UInt64, _ bytes: [UInt8]) -> Bool {
      guard Int(length) == n else { return false }
      return n <= 16
        ? a == wa && b == wb
        : a == h && bytes.withUnsafeBytes { bytesEqual($0.baseAddress! + Int(b), p, count: n) }
    }

    /// What the slot stands for.
    @inline(__always)
    var found: Found { Found(ref: EmoticonRef(pack: Int(pack), entry: Int(entry)), utf16: Int(utf16)) }
  }

  /// A key found: the emoticon and the matched bytes' length in UTF-16 units.
  struct Found {
    var ref: EmoticonRef
    var utf16: Int

    /// The run code of a tag or code found.
    @inline(__always)
    var emoticonCode: Int { TokenizedText.Run.code(pack: ref.pack, entry: ref.entry, emoji: false) }
    /// The run code of an emoji found.
    @inline(__always)
    var emojiCode: Int { TokenizedText.Run.code(pack: ref.pack, entry: ref.entry, emoji: true) }
  }

  /// A table of byte-string keys (an empty key marks a free slot: no tag or emoji is empty).
  struct Table {
    private(set) var slots: [Slot]
    private(set) var bytes: [UInt8] = []
    private(set) var mask: Int
    /// Keys held.
    private(set) var count = 0

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
      // Sized for the keys expected; more than half full (a catalog that miscounts them) doubles it.
      if (count + 1) * 2 > slots.count { grow() }
      let (wa, wb) = keyWords(p, key.count)
      let h = mixKey(wa, wb, key.count)
      place(Slot(key, wa, wb, h, ref, bytes: &bytes), hash: h)
      count += 1
    }

    /// Puts `slot` in the first free slot from its hash's.
    private mutating func place(_ slot: Slot, hash h: UInt64) {
      var s = Int(truncatingIfNeeded: h) & mask
      while slots[s].length != 0 { s = (s + 1) & mask }
      slots[s] = slot
    }

    /// Twice the slots, every key placed again (a long key's slot holds its hash; a short one's is its words').
    private mutating func grow() {
      let old = slots
      slots = Array(repeating: Slot(), count: old.count * 2)
      mask = slots.count - 1
      for slot in old where slot.length != 0 {
        place(slot, hash: slot.length <= 16 ? mixKey(slot.a, slot.b, Int(slot.length)) : slot.a)
      }
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
          if e.holds(p, n, wa, wb, h, bytes) { return e.found }
          s = (s &+ 1) & mask
        }
      }
    }

    /// `key` found by its NFC form when it is not NFC itself (typed decomposed, as text from macOS often is).
    ///
    /// The UTF-16 length is the typed key's. Tags and codes are NFC in a pack (the validator's rule).
    @inline(never)
    func findComposed(_ key: UnsafeRawBufferPointer) -> Found? {
      guard let nfc = CanonicalComposition.composedUTF8(key), let found = nfc.withUnsafeBytes({ find($0) }) else {
        return nil
      }
      return Found(ref: found.ref, utf16: utf16Count(key))
    }
  }

  let tags: Table
  let emoji: Table
  /// Shortcodes, and literal codes of up to three bytes, as typed.
  let codes: Table
  /// Literal codes of four bytes or more, grouped by their first four bytes (`LiteralCodes`).
  let literals: LiteralCodes
  /// For each first byte: bit `n - 1` set when a literal code of `n` bytes (1 to 3) starts with it.
  let shortLiteralLengths: [UInt8]
  /// True when the byte starts a literal code (for ':', beside the shortcodes).
  let literalStarts: [Bool]
  /// The longest a shortcode can be typed, in bytes (0: none); a shortcode ends at the first ':' after its
  /// opening one.
  let longestShortcode: Int
  /// The distinct first bytes of codes (the scan kernel lists them too).
  let codeFirstBytes: [UInt8]
  /// The longest a tag can be typed, and a code or emoji, in UTF-8 bytes: how far a change to a message can reach
  /// into its neighbours.
  let longestTag: Int
  let longestCodeOrEmoji: Int
  /// True when some tag, or some shortcode, can be typed in another canonically equivalent spelling: only then
  /// is a miss looked up again by its NFC form.
  let tagsHaveSpellings: Bool
  let shortcodesHaveSpellings: Bool

  /// True when the catalog has codes, which can chain (`ab`, `ba` over `abab…`): an edit then re-scans until the
  /// runs before and after it agree again.
  var hasCodes: Bool { !codeFirstBytes.isEmpty }

  /// Reads every tag and emoji of `catalog` once (each resolved through `catalog.lookup`).
  init(_ catalog: Catalog) {
    var tagCount = 0
    var emojiCount = 0
    for p in catalog.readers {
      tagCount += p.tagCount
      for e in 0..<p.entryCount where p.withEmoji(ofEntry: e, { _ in }) != nil { emojiCount += 1 }
    }
    var codes = Table(expected: 16)
    var longLiterals: [(key: [UInt8], ref: EmoticonRef)] = []
    var shortLiteralLengths = [UInt8](repeating: 0, count: 256)
    var codeStarts = [Bool](repeating: false, count: 256)
    var literalStarts = [Bool](repeating: false, count: 256)
    var longestShortcode = 0
    var codeCount = 0
    for p in catalog.readers {
      for t in 0..<p.tagCount {
        let form = (try? p.keyForm(at: t)) ?? .tag
        if form != .tag, !(p.withTag(at: t) { Self.isTag(form: form, $0) } ?? true) { codeCount += 1 }
      }
    }
    if codeCount > 0 { codes = Table(expected: codeCount) }
    // The tags alone: codes have tables of their own.
    var tags = Table(expected: tagCount - codeCount)
    // Room for two forms of each (bare, and as the pack spells it).
    var emoji = Table(expected: emojiCount * 2)
    var longestTag = 0
    var tagsHaveSpellings = false
    var shortcodesHaveSpellings = false
    var longest = 0
    for p in catalog.readers {
      for t in 0..<p.tagCount {
        let form = (try? p.keyForm(at: t)) ?? .tag
        _ = p.withTag(at: t) { key in
          guard let ref = catalog.lookup(tagUTF8: key) else { return }
          if Self.isTag(form: form, key) {
            longestTag = max(longestTag, CanonicalComposition.longestEquivalentUTF8(key))
            tagsHaveSpellings = tagsHaveSpellings || CanonicalComposition.hasOtherSpellings(key)
            tags.insert(key, ref)
            return
          }
          // Codes longer than the validator allows (a pack from elsewhere) or starting with '[' are never matched.
          guard let first = key.first, (1...TokenIndex.maxCodeBytes).contains(key.count), first != 0x5B,
            first & 0xC0 != 0x80
          else { return }
          longest = max(longest, key.count)
          codeStarts[Int(first)] = true
          if form == .shortcode {
            codes.insert(key, ref)
            longestShortcode = max(longestShortcode, CanonicalComposition.longestEquivalentUTF8(key))
            shortcodesHaveSpellings = shortcodesHaveSpellings || CanonicalComposition.hasOtherSpellings(key)
            longest = max(longest, longestShortcode)
          } else if key.count < 4 {
            codes.insert(key, ref)
            literalStarts[Int(first)] = true
            shortLiteralLengths[Int(first)] |= 1 << UInt8(key.count - 1)
          } else {
            literalStarts[Int(first)] = true
            longLiterals.append((Array(key), ref))
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
    literals = LiteralCodes(longLiterals)
    self.shortLiteralLengths = shortLiteralLengths
    self.literalStarts = literalStarts
    self.longestShortcode = longestShortcode
    codeFirstBytes = (0..<256).filter { codeStarts[$0] }.map { UInt8($0) }
    self.longestTag = longestTag
    (self.tagsHaveSpellings, self.shortcodesHaveSpellings) = (tagsHaveSpellings, shortcodesHaveSpellings)
    longestCodeOrEmoji = longest
    // Every emoji key that is one four-byte scalar of the pictograph blocks, read from the table's own slots.
    var pictographs = [Int](repeating: 0, count: TokenIndex.pictographCount)
    for slot in emoji.slots where slot.length == 4 {
      var word = UInt32(truncatingIfNeeded: slot.a)
      let v = withUnsafeBytes(of: &word) { $0[0] == 0xF0 ? decodeScalar($0, 0).0 : 0 }
      let k = Int(v) - TokenIndex.firstPictograph
      guard k >= 0, k < TokenIndex.pictographCount else { continue }
      pictographs[k] = slot.found.emojiCode
    }
    self.pictographs = pictographs
  }

  /// True when a key of `form` goes to the tag table: a tag, or any key that opens with '[' whatever its form
  /// byte says (a writer never marks one a code; a damaged pack may), so every tag the catalog resolves the
  /// tokenizer finds.
  private static func isTag(form: PackKey.Form, _ key: UnsafeRawBufferPointer) -> Bool {
    form == .tag || key.first == 0x5B
  }

  /// The emoji run code of each scalar from `firstPictograph` on, as an emoji of its own (0: not in the catalog):
  /// the commonest emoji, one pictograph, is found without hashing.
  let pictographs: [Int]
  static let firstPictograph = 0x1F000
  static let pictographCount = 0x1FB00 - 0x1F000

  /// The emoji run code of the four-byte scalar `v` standing alone (its bytes `key`, no selector after it), 0
  /// when the catalog lacks it.
  @inline(__always)
  func pictograph(_ v: UInt32, _ key: UnsafeRawBufferPointer) -> Int {
    let k = Int(v) &- Self.firstPictograph
    if k >= 0 && k < Self.pictographCount { return pictographs.withUnsafeBufferPointer { $0[k] } }
    guard let found = emoji.find(key) else { return 0 }
    return found.emojiCode
  }

  /// The longest code matched, in bytes (the validator's limit).
  static let maxCodeBytes = 64

  /// The longest code at `i` in `bytes` that ends where a `Character` ends: its end and what it
  /// stands for.
  ///
  /// `shortcodeEnd` is past the next ':' when a shortcode may end there (-1: none). Literal codes are tried only
  /// when the byte at `i` starts one.
  @inline(__always)
  func code(_ bytes: UnsafeRawBufferPointer, _ i: Int, shortcodeEnd: Int) -> (end: Int, found: Found)? {
    var best: (end: Int, found: Found)? = nil
    if shortcodeEnd > i, let found = shortcode(UnsafeRawBufferPointer(rebasing: bytes[i..<shortcodeEnd])),
      CharacterBoundary.endsAfterCode(bytes, shortcodeEnd)
    {
      best = (shortcodeEnd, found)
    }
    guard literalStarts[Int(bytes[i])] else { return best }
    // Only a literal code longer than the shortcode found can replace it.
    return literal(bytes, i, longerThan: best?.end ?? i) ?? best
  }

  /// The longest literal code at `i` (whose byte starts one) ending after `floor` where a `Character` ends:
  /// longer ones from their four-byte group, then those of three bytes or fewer.
  @inline(__always)
  func literal(_ bytes: UnsafeRawBufferPointer, _ i: Int, longerThan floor: Int) -> (end: Int, found: Found)? {
    if let (end, found) = literals.longest(bytes, i, longerThan: floor) { return (end, found) }
    var lengths = shortLiteralLengths[Int(bytes[i])]
    while lengths != 0 {
      let end = i &+ 8 &- lengths.leadingZeroBitCount
      lengths &= ~(1 << UInt8(end &- i &- 1))
      guard end > floor, end <= bytes.count else { continue }
      if let found = codes.find(UnsafeRawBufferPointer(rebasing: bytes[i..<end])),
        CharacterBoundary.endsAfterCode(bytes, end)
      {
        return (end, found)
      }
    }
    return nil
  }

  /// The emoticon a tag's bytes stand for, as `Catalog.lookup(tagUTF8:)` answers (in any canonically equivalent
  /// form), and their UTF-16 length.
  @inline(__always)
  func tag(_ key: UnsafeRawBufferPointer) -> Found? {
    tags.find(key) ?? (tagsHaveSpellings ? tags.findComposed(key) : nil)
  }

  /// The emoticon a shortcode's bytes (colons included) stand for, in any canonically equivalent form, and their
  /// UTF-16 length.
  @inline(__always)
  func shortcode(_ key: UnsafeRawBufferPointer) -> Found? {
    codes.find(key) ?? (shortcodesHaveSpellings ? codes.findComposed(key) : nil)
  }

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
}

/// UTF-16 units of UTF-8 `key`: one per byte that does not continue a sequence, one more for each 4-byte lead.
func utf16Count(_ key: UnsafeRawBufferPointer) -> Int {
  var n = 0
  for b in key where b & 0xC0 != 0x80 { n += b >= 0xF0 ? 2 : 1 }
  return n
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

/// Literal codes of four bytes or more, grouped by their first four bytes.
///
/// One probe of a small table keyed by the four bytes at a position gives every code that starts with them,
/// longest first, each in a `TokenIndex.Slot` as the key tables hold keys. The groups and codes of a few thousand
/// codes stay in the first-level cache.
struct LiteralCodes {
  /// The codes starting with `prefix` (as loaded from memory) are `codes[start..<start + count]`; count 0 marks a
  /// free slot.
  struct Group {
    var prefix: UInt32 = 0
    var start: UInt32 = 0
    var count: UInt32 = 0
  }

  private(set) var groups: [Group]
  private(set) var codes: [TokenIndex.Slot] = []
  private(set) var bytes: [UInt8] = []
  let mask: Int

  /// Groups `list` (keys of four bytes or more; of a key listed twice the first stays).
  init(_ list: [(key: [UInt8], ref: EmoticonRef)]) {
    var byPrefix: [UInt32: [(key: [UInt8], ref: EmoticonRef)]] = [:]
    var seen = Set<[UInt8]>()
    for item in list where item.key.count >= 4 && seen.insert(item.key).inserted {
      let prefix = item.key.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
      byPrefix[prefix, default: []].append(item)
    }
    var n = 16
    while n < byPrefix.count * 2 { n <<= 1 }
    groups = Array(repeating: Group(), count: n)
    mask = n - 1
    for prefix in byPrefix.keys.sorted() {
      // Longest first: the first that matches is the longest.
      let members = byPrefix[prefix]!.sorted {
        $0.key.count > $1.key.count || ($0.key.count == $1.key.count && $0.key.lexicographicallyPrecedes($1.key))
      }
      let start = codes.count
      for (key, ref) in members {
        key.withUnsafeBytes { k in
          let (wa, wb) = keyWords(k.baseAddress!, key.count)
          codes.append(TokenIndex.Slot(k, wa, wb, mixKey(wa, wb, key.count), ref, bytes: &bytes))
        }
      }
      var s = LiteralCodes.slot(prefix) & mask
      while groups[s].count != 0 { s = (s + 1) & mask }
      groups[s] = Group(prefix: prefix, start: UInt32(start), count: UInt32(members.count))
    }
  }

  @inline(__always)
  private static func slot(_ prefix: UInt32) -> Int {
    Int(truncatingIfNeeded: (UInt64(prefix) &* 0x9E37_79B9_7F4A_7C15) >> 40)
  }

  /// The longest code at `i` ending after `floor` where a `Character` ends, and what it stands for.
  @inline(__always)
  func longest(_ text: UnsafeRawBufferPointer, _ i: Int, longerThan floor: Int) -> (end: Int, found: TokenIndex.Found)?
  {
    guard i &+ 4 <= text.count, let base = text.baseAddress else { return nil }
    let p = base + i
    let prefix = p.loadUnaligned(as: UInt32.self)
    return groups.withUnsafeBufferPointer { groups -> (end: Int, found: TokenIndex.Found)? in
      var s = LiteralCodes.slot(prefix) & mask
      var group = groups[s]
      while group.prefix != prefix || group.count == 0 {
        if group.count == 0 { return nil }
        s = (s &+ 1) & mask
        group = groups[s]
      }
      return codes.withUnsafeBufferPointer { codes -> (end: Int, found: TokenIndex.Found)? in
        for k in Int(group.start)..<Int(group.start &+ group.count) {
          let c = codes[k]
          let n = Int(c.length)
          let end = i &+ n
          // Shorter ones follow: none can end after `floor` once this one does not.
          if end <= floor { return nil }
          if end > text.count { continue }
          let (wa, wb) = keyWords(p, n)
          // The hash is compared only for keys longer than 16 bytes.
          if c.holds(p, n, wa, wb, n <= 16 ? 0 : mixKey(wa, wb, n), bytes)
            && CharacterBoundary.endsAfterCode(text, end)
          {
            return (end, c.found)
          }
        }
        return nil
      }
    }
  }
}
