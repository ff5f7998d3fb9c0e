import Foundation
import TestSupport
import Testing

@testable import EmoPackFormat

/// `CanonicalComposition` against Unicode's own conformance data (NormalizationTest.txt from Debian's
/// unicode-data) and against the standard library's NFC, a second implementation. (Foundation on Linux is no
/// reference: it leaves a syllable and a trailing jamo, U+AC00 U+11A8, apart, where NFC gives U+AC01.)
@Suite struct CanonicalCompositionTests {
  static let path =
    ProcessInfo.processInfo.environment["NORMALIZATION_TEST_TXT"] ?? "/usr/share/unicode/NormalizationTest.txt.bz2"

  /// NormalizationTest.txt's lines (bzip2-compressed as Debian ships it), each as its five columns of scalars.
  static func cases() throws -> (lines: [[[UInt32]]], partOne: Set<UInt32>) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/bzcat")
    p.arguments = [path]
    let pipe = Pipe()
    p.standardOutput = pipe
    try p.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    #expect(p.terminationStatus == 0, "bzcat \(path) (build-tools/setup.sh installs bzip2 and unicode-data)")
    var lines: [[[UInt32]]] = []
    var partOne = Set<UInt32>()
    var part = ""
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      if line.hasPrefix("@") {
        part = String(line.split(separator: " ")[0])
        continue
      }
      let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let columns = body.split(separator: ";", omittingEmptySubsequences: false).prefix(5).map {
        $0.split(separator: " ").compactMap { UInt32($0, radix: 16) }
      }
      guard columns.count == 5, !columns[0].isEmpty else { continue }
      lines.append(columns)
      if part == "@Part1" { partOne.insert(columns[0][0]) }
    }
    return (lines, partOne)
  }

  static func nfc(_ scalars: [UInt32]) -> [UInt32] {
    var s = String.UnicodeScalarView()
    for v in scalars { s.append(Unicode.Scalar(v)!) }
    return CanonicalComposition.nfc(s).map(\.value)
  }

  /// c2 == NFC(c1) == NFC(c2) == NFC(c3) and c4 == NFC(c4) == NFC(c5) on every line; every scalar Part 1 does
  /// not list is its own NFC.
  @Test func agreesWithUnicodesConformanceTest() throws {
    let (lines, partOne) = try Self.cases()
    #expect(lines.count > 18_000)
    var failures = 0
    for c in lines {
      let ok =
        Self.nfc(c[0]) == c[1] && Self.nfc(c[1]) == c[1] && Self.nfc(c[2]) == c[1] && Self.nfc(c[3]) == c[3]
        && Self.nfc(c[4]) == c[3]
      if !ok {
        failures += 1
        if failures <= 5 { Issue.record("NFC of \(c.map { $0.map { String($0, radix: 16) } })") }
      }
    }
    #expect(failures == 0)
    var changed: [UInt32] = []
    for v in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(v) && !partOne.contains(v) {
      if Self.nfc([v]) != [v] { changed.append(v) }
    }
    #expect(changed.isEmpty, "\(changed.prefix(5).map { String($0, radix: 16) })")
  }

  /// Random mixes of starters that compose, combining marks in every order, jamo and kana voicing marks: as the
  /// standard library composes them (the NFC it compares and hashes strings by), canonically equivalent to the
  /// input, and NFC again when composed twice.
  @Test func agreesWithTheStandardLibraryOnRandomMixes() {
    let pool: [UInt32] = [
      0x41, 0x61, 0x45, 0x65, 0x4F, 0x6F, 0x55, 0x3B1, 0x3B5, 0x3C9, 0x438, 0x435, 0x300, 0x301, 0x302, 0x303, 0x308,
      0x323, 0x327, 0x328, 0x31B, 0x345, 0x342, 0x1100, 0x1112, 0x1161, 0x1175, 0x11A8, 0x11C2, 0xAC00, 0xAC01, 0x304B,
      0x3099, 0x309A, 0x30CF, 0x928, 0x93C, 0x9C7, 0x9BE, 0x9D7, 0x1E36, 0x1EA0, 0x2126, 0x212B, 0xF900, 0x20, 0x4E00,
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    var differ = 0
    for _ in 0..<20_000 {
      var s = String.UnicodeScalarView()
      for _ in 0..<(1 + next() % 8) { s.append(Unicode.Scalar(pool[next() % pool.count])!) }
      let expected = String(decoding: String(s)._nfcCodeUnits, as: UTF8.self).unicodeScalars.map(\.value)
      var composed = String.UnicodeScalarView()
      composed.append(contentsOf: CanonicalComposition.nfc(s))
      let again = CanonicalComposition.nfc(composed).map(\.value)
      if composed.map(\.value) != expected || String(composed) != String(s) || again != expected {
        differ += 1
        if differ <= 5 { Issue.record("NFC of \(s.map { String($0.value, radix: 16) })") }
      }
    }
    #expect(differ == 0)
  }

  /// `composedUTF8`, which reads bytes (the runtime's tag look-up), gives each conformance line's NFC column when it
  /// differs from the input and nil when the input is NFC already, after hyphens of every length up to 17 (the
  /// eight-byte step) and before a CJK ideograph; the string form `nfc(_:)` agrees.
  @Test func composedBytesAgreeWithUnicodesConformanceTest() throws {
    let (lines, _) = try Self.cases()
    var failures = 0
    for (n, c) in lines.enumerated() {
      for (column, target) in [(0, 1), (1, 1), (2, 1), (3, 3), (4, 3)] {
        let pad = String(repeating: "-", count: (n + column) % 18)
        func text(_ scalars: [UInt32]) -> String {
          var s = String.UnicodeScalarView()
          for v in scalars { s.append(Unicode.Scalar(v)!) }
          return pad + String(s) + "中"
        }
        let input = Array(text(c[column]).utf8)
        let expected = Array(text(c[target]).utf8)
        let got = input.withUnsafeBytes { CanonicalComposition.composedUTF8($0) }
        let ok =
          got == (input == expected ? nil : expected)
          && Array(CanonicalComposition.nfc(text(c[column])).utf8) == expected
        if !ok {
          failures += 1
          if failures <= 5 {
            Issue.record("line \(n) column \(column + 1): \(input) gave \(String(describing: got)), not \(expected)")
          }
        }
      }
    }
    #expect(failures == 0)
  }

  /// Bytes that are not UTF-8 (a lead byte cut off, a stray continuation, 0xF8–0xFF) give nil and read nothing
  /// past their end.
  @Test func composedBytesRejectMalformedUTF8() {
    for bytes: [UInt8] in [
      [0xCC], [0xE3, 0x81], [0x65, 0xCC], [0x65, 0xCC, 0x81, 0xFF], [0xF8, 0x80, 0x80, 0x80], [0x80, 0xCC, 0x81],
      [0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0xE1, 0x84],
    ] {
      #expect(bytes.withUnsafeBytes { CanonicalComposition.composedUTF8($0) } == nil, "\(bytes)")
    }
    // The same accent after a valid letter composes.
    #expect(([0x65, 0xCC, 0x81] as [UInt8]).withUnsafeBytes { CanonicalComposition.composedUTF8($0) } == [0xC3, 0xA9])
  }

  /// No spelling of a scalar in `ranges` is longer than `longestEquivalentUTF8` says for its NFC form.
  ///
  /// The spellings: the scalar itself (a singleton such as U+212A for K, U+1FBE for ι) and its full
  /// decomposition, NFC from the standard library and NFD from Foundation; the bound is reached by one of them or
  /// by a mix, never above the sum of its parts' bounds.
  static func longestSpellingBounds(_ ranges: [ClosedRange<UInt32>]) {
    var failures = 0
    var reached = 0
    for v in ranges.joined() where !(0xD800...0xDFFF).contains(v) {
      let u = String(Unicode.Scalar(v)!)
      let nfc = Array(String(decoding: u._nfcCodeUnits, as: UTF8.self).utf8)
      let nfd = u.decomposedStringWithCanonicalMapping.utf8.count
      let bound = nfc.withUnsafeBytes { CanonicalComposition.longestEquivalentUTF8($0) }
      if bound < u.utf8.count || bound < nfd || bound < nfc.count {
        failures += 1
        if failures <= 5 {
          Issue.record("U+\(String(v, radix: 16)): bound \(bound), itself \(u.utf8.count), NFD \(nfd)")
        }
      }
      if bound > nfc.count { reached += 1 }
    }
    #expect(failures == 0)
    // The 11,172 Hangul syllables and the precomposed letters have longer spellings.
    #expect(reached > 12_000)
    func bound(_ s: String) -> Int { Array(s.utf8).withUnsafeBytes { CanonicalComposition.longestEquivalentUTF8($0) } }
    #expect(bound("K") == 3 && bound("k") == 1 && bound("\u{AC00}") == 6 && bound("\u{AC01}") == 9)
    #expect(bound("\u{390}") == 7 && bound("[caf\u{E9}]") == 8 && bound("\u{4E00}") == 3)
  }

  /// The planes that hold every decomposition: the BMP, the SMP and the CJK compatibility supplement
  /// (`CanonicalCompositionStressTests` takes every scalar).
  @Test func longestSpellingBoundsEverySpelling() {
    Self.longestSpellingBounds([0...0x1FFFF, 0x2F800...0x2FA1F])
  }
}

/// The spelling bound over every scalar.
@Suite(.tags(.stress), .stressOnly) struct CanonicalCompositionStressTests {
  @Test func longestSpellingBoundsEverySpellingOfEveryScalar() {
    CanonicalCompositionTests.longestSpellingBounds([0...0x10FFFF])
  }
}
