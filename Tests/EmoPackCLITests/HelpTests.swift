import Foundation
import EmoPackCompiler
import Testing

@testable import emopack

/// Every command's `--help` lists exactly the options its parser takes, older spellings only as such.
@Suite(.serialized) struct HelpTests {
  /// The options a help page lists: the words starting with '-' before an option line's text, and the older
  /// spellings it names.
  static func listed(_ help: String) -> (current: Set<String>, older: Set<String>) {
    var current = Set<String>()
    var older = Set<String>()
    for line in help.split(separator: "\n") where line.hasPrefix("  ") {
      // Option lines start their names left of the help column; wrapped text starts at it.
      guard let first = line.firstIndex(where: { $0 != " " }), line.distance(from: line.startIndex, to: first) < Command.column
      else { continue }
      let head = line.prefix(Command.column).trimmingCharacters(in: .whitespaces)
      guard head.hasPrefix("-") else { continue }
      for word in head.split(whereSeparator: { $0 == " " || $0 == "," }) where word.hasPrefix("-") {
        current.insert(String(word))
      }
    }
    // "(older spelling(s): --a, --b)" anywhere in the text (it may wrap onto the next line).
    var rest = Substring(flat(help))
    while let r = rest.range(of: "(older spelling") {
      rest = rest[r.upperBound...]
      let list = rest.drop { $0 != ":" }.dropFirst().prefix { $0 != ")" }
      for word in list.split(whereSeparator: { $0 == " " || $0 == "," }) { older.insert(String(word)) }
    }
    return (current, older)
  }

  /// The text with its lines joined and runs of spaces made one.
  static func flat(_ text: String) -> String {
    text.split(whereSeparator: { $0 == "\n" || $0 == " " }).joined(separator: " ")
  }

  @Test func everyCommandsHelpListsWhatItsParserTakes() {
    for command in Commands.all {
      let (current, older) = Self.listed(command.help)
      let parser = command.valued.union(command.switches)
      #expect(current.union(older) == parser, "\(command.name): help \(current.union(older).sorted()) parser \(parser.sorted())")
      #expect(current.isDisjoint(with: older), "\(command.name): \(current.intersection(older))")
    }
  }

  /// Each command, given each option any command knows (with a value where it takes one) and `--help`: its
  /// parser takes the option (and shows help) exactly when its help lists it.
  @Test func theParserTakesExactlyTheListedOptions() {
    Terminal.silenced = true
    defer { Terminal.silenced = false }
    let universe = Commands.all.reduce(Set<String>()) { $0.union($1.valued).union($1.switches) }.union(["--bogus"])
    for command in Commands.all {
      let (current, older) = Self.listed(command.help)
      for flag in universe.sorted() {
        let args = [flag] + (command.valued.contains(flag) ? ["1"] : []) + ["--help"]
        let status = command.run(args)
        #expect((status == 0) == current.union(older).contains(flag), "\(command.name) \(args): \(status)")
      }
    }
  }

  @Test func buildListsEverySettingAndOlderSpellingsOnlyAsSuch() {
    let help = BuildCommand.command.help
    let (current, older) = Self.listed(help)
    for flag in ["--sheet-format", "--lossy", "--lossless", "--effort", "--max-sheet-side", "--ssim-floor"] {
      #expect(current.contains(flag), "\(flag)")
    }
    #expect(older == ["--palette", "--png-effort", "--max-sheet"])
    let text = Self.flat(help)
    for setting in SettingsTable.all {
      #expect(text.contains(Self.flat(setting.summary)), "\(setting.name)")
      #expect(text.contains("(default: \(setting.defaultText))"), "\(setting.name)")
    }
  }

  @Test func exportListsEveryFormat() {
    let help = ExportCommand.command.help
    for format in ExportCommand.formats { #expect(help.contains("  \(format)  ") || help.contains(" \(format),"), "\(format)") }
    #expect(ExportCommand.formats.contains("web") && ExportCommand.formats.contains("telegram"))
  }
}

/// `emopack --version` prints the one version constant, which CHANGELOG.md and web/package.json name too.
@Suite struct VersionTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")

  @Test func theVersionIsTheChangelogsAndTheWebModulesToo() throws {
    let r = try CLI.run(["--version"])
    #expect(r.status == 0 && r.stdout == PackBuilder.toolVersion + "\n")
    #expect(r.stdout.hasPrefix("emopack \(PackBuilder.version) (writes .pack format 2."))
    let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
    #expect(newest?.hasPrefix("## \(PackBuilder.version) ") == true || newest == "## \(PackBuilder.version)", "\(newest ?? "")")
    let package = try JSONSerialization.jsonObject(
      with: Data(contentsOf: Self.root.appendingPathComponent("web/package.json"))) as? [String: Any]
    #expect(package?["version"] as? String == PackBuilder.version)
  }
}
