import EmoPack
import EmoPackFormat
import Foundation
import Testing

/// Conformance against Unicode's own list of emoji sequences, `emoji-test.txt` (Debian's `unicode-data`,
/// installed by `build-tools/setup.sh`; read here, not copied into the repository).
@Suite struct EmojiTestConformanceTests {
  struct Line {
    var sequence: String
    var status: String
    var isZWJ: Bool { sequence.unicodeScalars.contains("\u{200D}") }
    /// The sequence without U+FE0F: the same for all qualifications of one emoji.
    var bare: String { String(String.UnicodeScalarView(sequence.unicodeScalars.filter { $0 != "\u{FE0F}" })) }
  }

  static let path = ProcessInfo.processInfo.environment["EMOJI_TEST_TXT"] ?? "/usr/share/unicode/emoji/emoji-test.txt"

  static func lines() throws -> [Line] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var out: [Line] = []
    for raw in text.split(separator: "\n") where !raw.hasPrefix("#") {
      let fields = raw.split(separator: ";", maxSplits: 1)
      guard fields.count == 2 else { continue }
      let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
      let status = fields[1].split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
      out.append(Line(sequence: String(String.UnicodeScalarView(scalars)), status: status))
    }
    return out
  }

  /// A catalog of one pack holding the fully-qualified and component sequences (minus ZWJ ones if asked).
  static func catalog(_ lines: [Line], zwj: Bool) throws -> Catalog {
    let stored = lines.filter { ($0.status == "fully-qualified" || $0.status == "component") && (zwj || !$0.isZWJ) }
    let reader = try PackFileReader(
      bytes: try PackWriter.write(
        PackContents(
          id: "emoji", version: "1", names: [], pointSize: 32, scales: [1], sheets: [],
          images: [], entries: stored.map { PackEntry(kind: .emoji, tags: [], emoji: $0.sequence, image: nil) })))
    return Catalog(packs: [reader])
  }

  @Test func theFileIsThereAndComplete() throws {
    let lines = try Self.lines()
    #expect(lines.count > 4000, "\(Self.path) has \(lines.count) sequences")
    #expect(Set(lines.map(\.status)) == ["component", "fully-qualified", "minimally-qualified", "unqualified"])
  }

  /// Every sequence, whatever its qualification, is one emoji token of the entry its fully-qualified form has,
  /// alone and between text; the delete key after it removes exactly it.
  @Test func everySequenceIsOneTokenOfItsEntry() throws {
    let lines = try Self.lines()
    let catalog = try Self.catalog(lines, zwj: true)
    let tokenizer = Tokenizer(catalog: catalog)
    var entryOfBare: [String: Int] = [:]
    for (i, line) in lines.filter({ $0.status == "fully-qualified" || $0.status == "component" }).enumerated() {
      entryOfBare[line.bare] = i
    }
    var checked = 0
    for line in lines {
      guard let entry = entryOfBare[line.bare] else {
        Issue.record("no fully-qualified form for \(line.sequence.unicodeScalars.map(\.value))")
        continue
      }
      let expected = TextToken.Kind.emoji(EmoticonRef(pack: 0, entry: entry))
      let name = "\(line.status) \(line.sequence.unicodeScalars.map { String($0.value, radix: 16) })"
      #expect(tokenizer.tokenize(line.sequence).map(\.kind) == [expected], "\(name)")
      // After a line feed (no grapheme rule joins across it) and before text.
      let message = "\n" + line.sequence + "x"
      let tokens = tokenizer.tokenize(message)
      #expect(tokens.map(\.kind) == [.text, expected, .text], "\(name)")
      let end = 1 + line.sequence.utf16.count
      let edit = tokenizer.deleteBackward(in: message, at: end)
      #expect(edit.text == "\nx" && edit.cursor == 1, "\(name)")
      checked += 1
    }
    #expect(checked == lines.count)
  }

  /// With every single emoji but no ZWJ sequence in the catalog, every ZWJ sequence is one whole run of text:
  /// no known emoji is cut out of it.
  @Test func zwjSequencesTheCatalogLacksAreWholeText() throws {
    let lines = try Self.lines()
    let tokenizer = Tokenizer(catalog: try Self.catalog(lines, zwj: false))
    var checked = 0
    for line in lines where line.isZWJ {
      let name = "\(line.status) \(line.sequence.unicodeScalars.map { String($0.value, radix: 16) })"
      #expect(tokenizer.tokenize(line.sequence).map(\.kind) == [.text], "\(name)")
      #expect(tokenizer.tokenize("a" + line.sequence + "b").map(\.kind) == [.text], "\(name)")
      let edit = tokenizer.deleteBackward(in: "a" + line.sequence, at: 1 + line.sequence.utf16.count)
      #expect(edit.text == "a", "\(name)")
      checked += 1
    }
    #expect(checked > 1000)
  }
}
