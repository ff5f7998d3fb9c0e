/// Unicode's canonical composition (Normalization Form C), from tables generated out of Unicode's own data
/// (`CanonicalCompositionData.swift`), so that a fold is the same on every machine whatever its toolchain.
///
/// Search folds NFC text: a keyword written decomposed (`か` + U+3099, Hangul as jamo, as macOS file names
/// give them) and the same keyword typed precomposed (`が`, `가`) fold alike. The validator requires tags and codes
/// in this form, and the runtime finds a tag or shortcode typed in any canonically equivalent one.
package enum CanonicalComposition {
  /// `text` in NFC (text already composed comes back as it is).
  package static func nfc(_ text: String) -> String {
    let scalars = text.unicodeScalars
    return isComposed(scalars) ? text : String(String.UnicodeScalarView(nfc(scalars)))
  }

  /// The NFC form of the UTF-8 `bytes` when it differs from them; nil when they are NFC already (read on the
  /// bytes, without a copy: ASCII, CJK and Hangul syllables decide at once) or are not valid UTF-8.
  package static func composedUTF8(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
    guard !isComposedUTF8(bytes), let text = String(validating: bytes, as: UTF8.self) else { return nil }
    // A mark after a starter it does not compose with is NFC too.
    let composed = Array(nfc(text).utf8)
    return composed.elementsEqual(bytes) ? nil : composed
  }

  /// The most UTF-8 bytes any canonically equivalent spelling of the (NFC) text in `bytes` can take: how far a
  /// typed key can reach (Hangul syllables as jamo take three times their bytes; `ΐ` as U+1FBE U+0308 U+0301,
  /// 3.5 times).
  package static func longestEquivalentUTF8(_ bytes: UnsafeRawBufferPointer) -> Int {
    let tables = Tables.shared
    var total = 0
    var i = 0
    while i < bytes.count {
      let (v, length) = scalar(bytes, at: i)
      total += tables.longestSpelling(v, length)
      i &+= length
    }
    return total
  }

  /// True when some scalar of `bytes` has another canonically equivalent spelling, alone or beside a neighbour.
  ///
  /// That is a Hangul syllable, a scalar that decomposes or that a singleton stands for (U+212A for K), a mark that can
  /// be reordered. A catalog whose keys have none is matched byte for byte with nothing lost.
  package static func hasOtherSpellings(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let tables = Tables.shared
    var i = 0
    while i < bytes.count {
      let (v, length) = scalar(bytes, at: i)
      if tables.hasOtherSpelling(v) { return true }
      i &+= length
    }
    return false
  }

  /// The scalar at `i` and its length in bytes (a malformed sequence reads as some scalar, never past the end).
  @inline(__always)
  static func scalar(_ bytes: UnsafeRawBufferPointer, at i: Int) -> (UInt32, Int) {
    let c = UInt32(bytes[i])
    if c < 0x80 { return (c, 1) }
    let length = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4
    var v = c & (0x7F >> UInt32(length))
    var k = 1
    while k < length, i &+ k < bytes.count {
      v = v << 6 | (UInt32(bytes[i &+ k]) & 0x3F)
      k &+= 1
    }
    return (v, length)
  }

  /// True when every scalar of `bytes` is inert to composition (bytes under 0xCC are below U+0300, all inert);
  /// a malformed sequence reads as some scalar and never past the end.
  static func isComposedUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let n = bytes.count
    var i = 0
    while i < n {
      // ASCII eight bytes at a time.
      if i &+ 8 <= n, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
        i &+= 8
        continue
      }
      let c = UInt32(bytes[i])
      if c < 0xCC {
        i &+= 1
        continue
      }
      let (v, length) = scalar(bytes, at: i)
      i &+= length
      // CJK ideographs and Hangul syllables (the usual tag text) without the tables.
      if (0x3400...0x9FFF).contains(v) || (0xAC00...0xD7A3).contains(v) { continue }
      if !Tables.shared.isInert(v) { return false }
    }
    return true
  }

  /// True when `scalars` hold nothing composition could change: they are NFC already (most text: ASCII, CJK,
  /// Hangul syllables).
  static func isComposed(_ scalars: String.UnicodeScalarView) -> Bool {
    let tables = Tables.shared
    return !scalars.contains { !tables.isInert($0.value) }
  }

  /// `scalars` in NFC.
  static func nfc(_ scalars: String.UnicodeScalarView) -> [Unicode.Scalar] {
    guard !isComposed(scalars) else { return Array(scalars) }
    let tables = Tables.shared
    var d: [UInt32] = []
    for s in scalars { tables.decompose(s.value, into: &d) }
    tables.reorder(&d)
    tables.compose(&d)
    return d.compactMap(Unicode.Scalar.init)
  }

  /// The tables, parsed once from the generated text.
  struct Tables: Sendable {
    static let shared = Tables()

    let decompositions: [UInt32: (UInt32, UInt32?)]
    /// Composite for a pair (`first << 21 | second`), exclusions left out.
    let compositions: [UInt64: UInt32]
    let combiningClasses: [UInt32: UInt8]
    /// Scalars that composition could change or that may combine with what precedes them.
    let active: Set<UInt32>
    /// The longest equivalent spelling in bytes of each scalar for which it exceeds its own UTF-8 length (a
    /// decomposition, or a singleton such as U+212A standing for it), but for Hangul syllables; `spelledLonger`
    /// has a bit for each such scalar below U+10000.
    let longerSpellings: [UInt32: Int]
    let spelledLonger: [UInt64]
    /// Scalars with another spelling (`hasOtherSpellings`), Hangul syllables aside.
    let otherSpellings: Set<UInt32>

    init() {
      func hex(_ s: Substring) -> UInt32 { UInt32(s, radix: 16) ?? 0 }
      func ranges(_ s: Substring) -> ClosedRange<UInt32> {
        let parts = s.split(separator: "-")
        return hex(parts[0])...hex(parts.last!)
      }
      var excluded = Set<UInt32>()
      for item in CanonicalComposition.exclusionText.split(whereSeparator: \.isWhitespace) {
        for v in ranges(item) { excluded.insert(v) }
      }
      var classes: [UInt32: UInt8] = [:]
      for item in CanonicalComposition.combiningClassText.split(whereSeparator: \.isWhitespace) {
        let parts = item.split(separator: ":")
        for v in ranges(parts[0]) { classes[v] = UInt8(parts[1]) ?? 0 }
      }
      var decompositions: [UInt32: (UInt32, UInt32?)] = [:]
      var compositions: [UInt64: UInt32] = [:]
      var active = excluded.union(classes.keys)
      for item in CanonicalComposition.decompositionText.split(whereSeparator: \.isWhitespace) {
        let parts = item.split(separator: "=")
        let target = parts[1].split(separator: "+").map(hex)
        let v = hex(parts[0])
        decompositions[v] = (target[0], target.count > 1 ? target[1] : nil)
        if target.count > 1, !excluded.contains(v) {
          compositions[UInt64(target[0]) << 21 | UInt64(target[1])] = v
          active.insert(target[1])
        }
        if target.count == 1 { active.insert(v) }
      }
      // Hangul vowel and trailing jamo join the syllable before them.
      for v in UInt32(0x1161)...0x1175 { active.insert(v) }
      for v in UInt32(0x11A8)...0x11C2 { active.insert(v) }
      (self.decompositions, self.compositions, combiningClasses, self.active) =
        (decompositions, compositions, classes, active)
      (longerSpellings, spelledLonger) = Self.longerSpellings(decompositions)
      let singletonTargets = decompositions.values.compactMap { $0.1 == nil ? $0.0 : nil }
      otherSpellings = Set(decompositions.keys).union(singletonTargets).union(classes.keys)
    }

    func hasOtherSpelling(_ v: UInt32) -> Bool {
      (v >= Self.sBase && v < Self.sBase + Self.sCount) || otherSpellings.contains(v)
    }

    static func utf8Length(_ v: UInt32) -> Int { v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4 }

    /// The longest spelling of each scalar: itself, a singleton that decomposes to it, or its decomposition's
    /// parts each spelled longest.
    static func longerSpellings(_ decompositions: [UInt32: (UInt32, UInt32?)]) -> ([UInt32: Int], [UInt64]) {
      var aliases: [UInt32: Int] = [:]
      for (v, (a, b)) in decompositions where b == nil {
        var target = a
        while let (next, second) = decompositions[target], second == nil { target = next }
        aliases[target] = max(aliases[target] ?? 0, utf8Length(v))
      }
      var memo: [UInt32: Int] = [:]
      func longest(_ v: UInt32) -> Int {
        if let known = memo[v] { return known }
        var n = max(utf8Length(v), aliases[v] ?? 0)
        if let (a, b) = decompositions[v] { n = max(n, longest(a) + (b.map(longest) ?? 0)) }
        memo[v] = n
        return n
      }
      var out: [UInt32: Int] = [:]
      var bits = [UInt64](repeating: 0, count: 0x10000 / 64)
      for v in Set(decompositions.keys).union(aliases.keys) where longest(v) > utf8Length(v) {
        out[v] = longest(v)
        if v < 0x10000 { bits[Int(v) >> 6] |= 1 << (v & 63) }
      }
      return (out, bits)
    }

    /// The longest spelling of `v` (`length` bytes as written) in bytes.
    @inline(__always)
    func longestSpelling(_ v: UInt32, _ length: Int) -> Int {
      let s = v &- Self.sBase
      if v >= Self.sBase, s < Self.sCount { return s % Self.tCount == 0 ? 6 : 9 }
      if v < 0x10000, spelledLonger[Int(v) >> 6] & (1 << (v & 63)) == 0 { return length }
      return longerSpellings[v] ?? length
    }

    /// True when `v` neither changes under composition nor combines with what precedes it.
    @inline(__always)
    func isInert(_ v: UInt32) -> Bool {
      v < 0x300 || (0x3400...0x9FFF).contains(v) || (0xAC00...0xD7A3).contains(v) || !active.contains(v)
    }

    func combiningClass(_ v: UInt32) -> UInt8 { v < 0x300 ? 0 : combiningClasses[v] ?? 0 }

    // Hangul syllables: 19 leading × 21 vowel × 28 trailing (the first "none") jamo.
    static let (sBase, lBase, vBase, tBase): (UInt32, UInt32, UInt32, UInt32) = (0xAC00, 0x1100, 0x1161, 0x11A7)
    static let (lCount, vCount, tCount): (UInt32, UInt32, UInt32) = (19, 21, 28)
    static let sCount = lCount * vCount * tCount

    /// Appends the full canonical decomposition of `v`.
    func decompose(_ v: UInt32, into out: inout [UInt32]) {
      let s = v &- Self.sBase
      if v >= Self.sBase, s < Self.sCount {
        out.append(Self.lBase + s / (Self.vCount * Self.tCount))
        out.append(Self.vBase + (s % (Self.vCount * Self.tCount)) / Self.tCount)
        if s % Self.tCount != 0 { out.append(Self.tBase + s % Self.tCount) }
        return
      }
      guard let (a, b) = decompositions[v] else {
        out.append(v)
        return
      }
      decompose(a, into: &out)
      if let b { decompose(b, into: &out) }
    }

    /// Sorts each run of non-starters by combining class, keeping the order of equal classes.
    func reorder(_ d: inout [UInt32]) {
      var i = 0
      while i < d.count {
        guard combiningClass(d[i]) != 0 else {
          i += 1
          continue
        }
        var j = i
        while j < d.count, combiningClass(d[j]) != 0 { j += 1 }
        if j - i > 1 {
          let sorted = d[i..<j].enumerated().sorted {
            (combiningClass($0.element), $0.offset) < (combiningClass($1.element), $1.offset)
          }
          d.replaceSubrange(i..<j, with: sorted.map(\.element))
        }
        i = j
      }
    }

    /// The primary composite of `a` and `b`, if any.
    func composite(_ a: UInt32, _ b: UInt32) -> UInt32? {
      if a >= Self.lBase, a < Self.lBase + Self.lCount, b >= Self.vBase, b < Self.vBase + Self.vCount {
        return Self.sBase + ((a - Self.lBase) * Self.vCount + (b - Self.vBase)) * Self.tCount
      }
      let s = a &- Self.sBase
      if a >= Self.sBase, s < Self.sCount, s % Self.tCount == 0, b > Self.tBase, b < Self.tBase + Self.tCount {
        return a + (b - Self.tBase)
      }
      return compositions[UInt64(a) << 21 | UInt64(b)]
    }

    /// Composes decomposed, reordered `d` in place (UAX #15's canonical composition algorithm).
    func compose(_ d: inout [UInt32]) {
      guard !d.isEmpty else { return }
      var starter = 0
      // 256: no starter yet, so nothing composes with what comes first.
      var lastClass = combiningClass(d[0]) == 0 ? 0 : 256
      var kept = 1
      for i in 1..<d.count {
        let c = d[i]
        let cc = Int(combiningClass(c))
        if lastClass < cc || lastClass == 0, let composite = composite(d[starter], c) {
          d[starter] = composite
          continue
        }
        if cc == 0 { starter = kept }
        lastClass = cc
        d[kept] = c
        kept += 1
      }
      d.removeSubrange(kept...)
    }
  }
}

extension CanonicalComposition {
  /// The tables' source text, whitespace runs as single spaces, for runtimes in other languages (the web module's
  /// generated data) to compose exactly as this one does.
  package static var tablesText: (version: String, decompositions: String, exclusions: String, classes: String) {
    func squeezed(_ s: String) -> String { s.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
    return ("15.0", squeezed(decompositionText), squeezed(exclusionText), squeezed(combiningClassText))
  }
}
