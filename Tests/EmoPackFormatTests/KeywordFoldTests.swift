import EmoPackFormat
import Foundation
import Testing

/// `KeywordFold` against Unicode's own data (Debian's unicode-data, read at test time).
@Suite struct KeywordFoldTests {
  static let path = ProcessInfo.processInfo.environment["UNICODE_DATA_TXT"] ?? "/usr/share/unicode/UnicodeData.txt"

  /// Every Latin letter of U+00C0–024F and U+1E00–1EFF whose canonical decomposition starts with an ASCII
  /// letter followed by marks folds to that letter; every other scalar there keeps its own form, but for the
  /// stroke letters, which have no decomposition.
  @Test func latinLettersFoldAsUnicodeDecomposesThem() throws {
    let text = try String(contentsOfFile: Self.path, encoding: .utf8)
    var decomposition: [UInt32: [UInt32]] = [:]
    for line in text.split(separator: "\n") {
      let f = line.split(separator: ";", omittingEmptySubsequences: false)
      guard f.count > 5, let v = UInt32(f[0], radix: 16), !f[5].isEmpty, !f[5].hasPrefix("<") else { continue }
      decomposition[v] = f[5].split(separator: " ").compactMap { UInt32($0, radix: 16) }
    }
    func base(_ v: UInt32) -> UInt32 { decomposition[v].map { base($0[0]) } ?? v }
    let strokes: Set<UInt32> = [0xD8, 0xF8, 0x110, 0x111, 0x126, 0x127, 0x141, 0x142]
    var folded = 0
    for v in Array(UInt32(0xC0)..<0x250) + Array(UInt32(0x1E00)..<0x1F00) {
      let b = base(v)
      let expected: UInt32? =
        b != v && b < 0x80 && Unicode.Scalar(b)!.properties.isAlphabetic ? b : nil
      if strokes.contains(v) {
        #expect(KeywordFold.latinBase(v) != nil, "U+\(String(v, radix: 16))")
      } else {
        #expect(KeywordFold.latinBase(v) == expected, "U+\(String(v, radix: 16))")
      }
      if expected != nil { folded += 1 }
    }
    #expect(folded > 400)
  }

  @Test func foldsWidthCaseMarksAndSpaces() {
    #expect(KeywordFold.fold("ＳＭＩＬＥ") == "smile")
    #expect(KeywordFold.fold("Crème Brûlée") == "creme brulee")
    #expect(KeywordFold.fold("Cre\u{300}me") == "creme")
    #expect(KeywordFold.fold("  a \t\n b\u{3000}") == "a b")
    #expect(KeywordFold.fold("Łódź") == "lodz")
    #expect(KeywordFold.fold("ΑΒΓ") == "αβγ")
    #expect(KeywordFold.fold("❤️") == "❤")
    // CJK is left as it is: simplified and traditional stay distinct.
    #expect(KeywordFold.fold("爱愛") == "爱愛")
    #expect(KeywordFold.fold("") == "" && KeywordFold.fold(" \u{301} ") == "")
  }

  /// Decomposed and precomposed forms fold alike; outside Latin a letter keeps its marks (й is not и).
  @Test func foldsCanonicalEquivalentsAlike() {
    for (decomposed, precomposed) in [
      ("か\u{3099}っこう", "がっこう"), ("\u{1100}\u{1161}\u{11A8}", "각"), ("ε\u{301}λα", "έλα"),
      ("\u{418}\u{306}", "й"), ("Cafe\u{301}", "café"), ("\u{212B}", "å"), ("\u{F900}", "\u{8C48}"),
    ] {
      #expect(KeywordFold.fold(decomposed) == KeywordFold.fold(precomposed), "\(decomposed)")
    }
    #expect(KeywordFold.fold("\u{418}\u{306}") != KeywordFold.fold("и"))
    #expect(KeywordFold.fold("Cafe\u{301}") == "cafe" && KeywordFold.fold("\u{212B}") == "a")
  }
}
