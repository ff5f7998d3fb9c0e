import EmoPackCompiler
import EmoPackFormat
import Foundation
import TestSupport
import Testing

/// Image names that look the same but are other bytes (`é` against `e` + U+0301, NFC against NFD): two files to
/// the file system, so two files to the build.
@Suite struct NormalizedNamesTests {
  static let composed = "caf\u{E9}.png"
  static let decomposed = "cafe\u{301}.png"

  /// A pack folder with a file per name (each its own generated PNG) and `pack.json` naming `images`, tagged
  /// `[a]`, `[b]`, ….
  static func pack(files: [String], images: [String]) throws -> String {
    let dir = Support.tempDir("nfc") + "/nfc"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for (i, name) in files.enumerated() { try Support.writePNG(Support.generated(i, side: 32), to: dir + "/" + name) }
    let entries = images.enumerated().map { i, name in
      #"{"image": "\#(name)", "tags": ["[\#(Character(Unicode.Scalar(0x61 + UInt8(i))))]"]}"#
    }
    let json =
      #"{"id": "nfc", "version": "1", "size": 16, "scales": [1], "emoticons": [\#(entries.joined(separator: ", "))]}"#
    try json.write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    // The file system holds both names, byte for byte.
    let listed = try FileManager.default.contentsOfDirectory(atPath: dir).map { Array($0.utf8) }
    for name in files { #expect(listed.contains(Array(name.utf8))) }
    return dir
  }

  @Test func twoFilesWhoseNamesAreCanonicallyEquivalentStayTwoImages() throws {
    let names = [Self.composed, Self.decomposed]
    let dir = try Self.pack(files: names, images: names)
    let (report, out) = try Support.build(dir, label: "nfc-out")
    #expect(report.packs.count == 1)
    let reader = try PackFileReader(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: out + "/nfc.pack"))))
    let contents = try reader.contents()
    #expect(contents.entries.count == 2)
    #expect(contents.images.count == 2, "each entry shows its own file")
    #expect(try reader.imageIndex(ofEntry: 0) != reader.imageIndex(ofEntry: 1))
  }

  @Test func aNameSpelledTheOtherWayIsReportedAsSuch() throws {
    let dir = try Self.pack(files: [Self.composed], images: [Self.decomposed])
    let (packs, d0) = ManifestLoader.load(dir)
    let (_, d) = Validator().validate(packs)
    #expect(!d0.hasErrors)
    let errors = d.items.filter { $0.severity == .error }
    #expect(errors.map(\.code) == [.imageNormalization])
    #expect(
      errors.first?.message
        == "image '\(Self.decomposed)' not found; '\(Self.composed)' looks the same but is spelled with other code "
        + "points (U+0301 against U+00E9): one of them is NFC, the other NFD")
  }

  /// Tags and codes must be NFC by Unicode's rules (the runtime matches them typed in any equivalent form): a
  /// syllable followed by a trailing jamo (U+AC00 U+11A8, which composes to U+AC01; Foundation on Linux leaves it)
  /// and an accent after its letter are each reported with the NFC spelling; the NFC ones pass.
  @Test func tagsAndCodesNotInNFCAreReportedWithTheirNFC() throws {
    let dir = Support.tempDir("nfc-keys") + "/keys"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try Support.writePNG(Support.generated(0, side: 32), to: dir + "/a.png")
    let json = """
      {"id": "keys", "version": "1", "size": 16, "scales": [1], "emoticons": [
        {"image": "a.png", "tags": ["[\u{AC00}\u{11A8}]", "[\u{AC01}]"], "codes": [":\u{AC00}\u{11A8}:", "/cafe\u{301}", ":\u{AC01}:"]}
      ]}
      """
    try json.write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    let (packs, d0) = ManifestLoader.load(dir)
    #expect(!d0.hasErrors, "\(d0.items)")
    let (_, d) = Validator().validate(packs)
    let errors = d.items.filter { $0.severity == .error }
    #expect(errors.map(\.code) == [.tagNotNfc, .codeForm, .codeForm])
    #expect(
      errors.map(\.message) == [
        "tag '[\u{AC00}\u{11A8}]' is not in Unicode NFC (write it as '[\u{AC01}]')",
        "code ':\u{AC00}\u{11A8}:' is not in Unicode NFC (write it as ':\u{AC01}:')",
        "code '/cafe\u{301}' is not in Unicode NFC (write it as '/caf\u{E9}')",
      ])
  }
}
