/// The one folding of search text, used by the pack writer for keywords and by readers for queries, so both
/// compare the same way: case-, width- and (for Latin letters) accent-insensitive.
///
/// The text is first put in canonical composition (NFC, `CanonicalComposition`), so decomposed and precomposed
/// forms fold alike. Then per scalar: full-width ASCII (U+FF01–FF5E) and the ideographic space become ASCII;
/// combining diacritics (U+0300–036F) left over and variation selectors are dropped; Latin letters with a
/// canonical decomposition to an ASCII letter and marks become that letter (plus ø, đ, ħ, ł, which have none);
/// then the standard library's lowercase mapping. Whitespace runs become one space, trimmed at both ends. CJK is left as it is: simplified and
/// traditional forms are different keywords, found alike when a pack lists both.
public enum KeywordFold {
  /// `text` folded.
  public static func fold(_ text: String) -> String {
    let scalars = text.unicodeScalars
    // Text already composed (nearly all) is folded as it is, without a copy.
    return CanonicalComposition.isComposed(scalars) ? fold(scalars) : fold(CanonicalComposition.nfc(scalars))
  }

  /// `text` as search compares keys and queries: folded, then a leading `[` or `:` dropped together with the `]`
  /// or `:` that closes it at the end, and folded again (the new ends may be spaces).
  ///
  /// `[微笑]`, `:smile:` and `:smi` compare as `微笑`, `smile` and `smi`; `/::` stays `/::` (the start of `/::)`,
  /// not of `/:8-)`) and `微笑]` stays as it is; a literal code `:-)` compares as `-)`, as its query does. One
  /// character alone is kept.
  public static func compared(_ text: String) -> String {
    var q = fold(text)
    guard q.count > 1, let open = q.first, open == "[" || open == ":" else { return q }
    q.removeFirst()
    if q.count > 1, q.last == (open == "[" ? "]" : ":") { q.removeLast() }
    return fold(q)
  }

  /// Composed `scalars` folded.
  private static func fold(_ scalars: some Sequence<Unicode.Scalar>) -> String {
    var out = String.UnicodeScalarView()
    var pendingSpace = false
    for s in scalars {
      for f in fold(s) {
        if f.properties.isWhitespace {
          pendingSpace = !out.isEmpty
          continue
        }
        if pendingSpace {
          out.append(" ")
          pendingSpace = false
        }
        out.append(f)
      }
    }
    return String(out)
  }

  /// One scalar folded: none, one or (for a few lowercase mappings) several.
  static func fold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    var v = scalar.value
    if (0xFF01...0xFF5E).contains(v) { v -= 0xFEE0 }
    if v == 0x3000 { v = 0x20 }
    if (0x300...0x36F).contains(v) || (0xFE00...0xFE0F).contains(v) { return [] }
    if let base = latinBase(v) { v = base }
    guard let s = Unicode.Scalar(v) else { return [] }
    if v < 0x80 {
      return [(0x41...0x5A).contains(v) ? Unicode.Scalar(v + 0x20)! : s]
    }
    guard s.properties.changesWhenLowercased else { return [s] }
    return s.properties.lowercaseMapping.unicodeScalars.filter { !(0x300...0x36F).contains($0.value) }
  }

  /// The ASCII letter a Latin letter with diacritics folds to, or nil (for folds written in other languages, such
  /// as the HTML preview's search).
  package static func latinBase(_ v: UInt32) -> UInt32? {
    let table: [UInt8]
    let index: Int
    switch v {
    case 0xC0..<0x250:
      table = latinTables.0
      index = Int(v - 0xC0)
    case 0x1E00..<0x1F00:
      table = latinTables.1
      index = Int(v - 0x1E00)
    default: return nil
    }
    let b = table[index]
    return b == 0x2E ? nil : UInt32(b)
  }

  /// Letters without a decomposition that still fold: Ø ø Đ đ Ħ ħ Ł ł.
  static let strokeLetters: [UInt32: UInt8] = [
    0xD8: 0x4F, 0xF8: 0x6F, 0x110: 0x44, 0x111: 0x64, 0x126: 0x48, 0x127: 0x68, 0x141: 0x4C, 0x142: 0x6C,
  ]

  /// U+00C0–024F and U+1E00–1EFF: the base letter or '.', as `build-tools/gen_latin_fold.py` prints them from
  /// UnicodeData.txt (the tests compare), with `strokeLetters` added.
  static let latinTables: ([UInt8], [UInt8]) = {
    var a = Array(
      ("AAAAAA.CEEEEIIII.NOOOOO..UUUUY..aaaaaa.ceeeeiiii.nooooo..uuuuy.yAaAaAaCcCcCcCcDd..EeEeEeEeEeGgGgGgGgHh..IiIiIiIiI"
        + "...JjKk.LlLlLl....NnNnNn...OoOoOo..RrRrRrSsSsSsSsTtTt..UuUuUuUuUuUuWwYyYZzZzZz..............................."
        + "..Oo.............Uu............................AaIiOoUuUuUuUuUu.AaAa....GgKkOoOo..j...Gg..NnAa....AaAaEeEeIiIiOoO"
        + "oRrRrUuUuSsTt..Hh......AaEeOoOoOoOoYy............................").utf8)
    let b = Array(
      ("AaBbBbBbCcDdDdDdDdDdEeEeEeEeEeFfGgHhHhHhHhHhIiIiKkKkKkLlLlLlLlMmMmMmNnNnNnNnOoOoOoOoPpPpRrRrRrRrSsSsSsSsSsTtTtT"
        + "tTtUuUuUuUuUuVvVvWwWwWwWwWwXxXxYyZzZzZzhtwy......AaAaAaAaAaAaAaAaAaAaAaAaEeEeEeEeEeEeEeEeIiIiOoOoOoOoOoOoOoOoO"
        + "oOoOoOoUuUuUuUuUuUuUuYyYyYyYy......").utf8)
    for (v, letter) in strokeLetters where v < 0x250 { a[Int(v - 0xC0)] = letter }
    return (a, b)
  }()
}
