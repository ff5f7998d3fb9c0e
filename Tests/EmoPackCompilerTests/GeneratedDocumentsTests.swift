import EmoPackCompiler
import Foundation
import Testing

/// The documents' settings tables are what `SettingsTable` generates; `RECORD=1 swift test` writes them in.
@Suite struct GeneratedDocumentsTests {
  static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs")

  @Test(arguments: ["CLI.md", "MANIFEST.md"])
  func theSettingsTableIsTheOneTheTableGenerates(_ name: String) throws {
    let url = Self.docs.appendingPathComponent(name)
    let text = try String(contentsOf: url, encoding: .utf8)
    let table = name == "CLI.md" ? SettingsDocuments.cliTable() : SettingsDocuments.manifestTable()
    let updated = try #require(
      SettingsDocuments.replacing(in: text, with: table), "docs/\(name) has no generated settings table")
    if ProcessInfo.processInfo.environment["RECORD"] == "1" {
      try updated.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(updated == text, "docs/\(name) differs from what SettingsTable generates; RECORD=1 swift test writes it")
  }

  /// Every row's flag, key and default appear in the generated tables.
  @Test func theTablesNameEveryRow() {
    let cli = SettingsDocuments.cliTable()
    let manifest = SettingsDocuments.manifestTable()
    for s in SettingsTable.all {
      #expect(cli.contains("`\(s.flag)") && cli.contains(s.defaultText), "\(s.name)")
      if let key = s.manifestKey { #expect(manifest.contains("`\(key)`"), "\(s.name)") }
    }
  }
}
