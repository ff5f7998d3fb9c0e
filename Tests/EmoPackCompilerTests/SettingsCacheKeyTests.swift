import EmoPackCompiler
import EmoPackFormat
import Foundation
import Testing

/// The cache keys are made of the resolved rows of the settings table, not by hand: a row added to the table is
/// in the key without touching the build.
@Suite struct SettingsCacheKeyTests {
  /// A manifest of one emoji entry with `sheet` members added.
  static func manifest(_ sheet: String, table: SettingsTable) throws -> PackManifest {
    let json = #"{"id": "k", "sheet": {\#(sheet)}, "emoticons": [{"emoji": "1F600"}]}"#
    let (packs, d) = ManifestLoader.read(bytes: Array(json.utf8), name: "pack.json", folder: "/k", table: table)
    #expect(!d.hasErrors, "\(d.items)")
    return try #require(packs.first)
  }

  static func settings(_ sheet: String, table: SettingsTable) throws -> PackSettings {
    var d = Diagnostics()
    let s = PackSettings.resolve(
      options: BuildOptions(), manifest: try manifest(sheet, table: table), table: table, diagnostics: &d)
    #expect(!d.hasErrors, "\(d.items)")
    return s
  }

  /// A row only this test knows: its manifest key is read, its value resolved and in the key.
  static func throwAway(_ effect: Setting.Effect) -> Setting {
    Setting(
      name: "throwAway", kind: .integer(0...9, default: 0), flag: "--throw-away", manifestKey: "sheet.throwAway",
      placeholder: "N", summary: "A setting added by a test", code: .unknownChoice, effect: effect,
      option: { _ in nil }, setOption: { _, _ in })
  }

  @Test func aSettingAddedToTheTableIsInTheCacheKey() throws {
    var table = SettingsTable.standard
    table.rows.append(Self.throwAway(.outputs))
    let one = try Self.settings(#""throwAway": 1"#, table: table)
    let two = try Self.settings(#""throwAway": 2"#, table: table)
    #expect(one.cacheKeyText != two.cacheKeyText)
    #expect(one.cacheKeyText.contains("throwAway=1") && two.cacheKeyText.contains("throwAway=2"))
    // Unknown to the standard table, the key is warned about and changes nothing.
    let (_, d) = ManifestLoader.read(
      bytes: Array(#"{"id": "k", "sheet": {"throwAway": 1}, "emoticons": [{"emoji": "1F600"}]}"#.utf8),
      name: "pack.json", folder: "/k")
    #expect(d.items.map(\.code) == [.unknownKey])
  }

  @Test func aSettingThatChangesTheSpritesIsInTheSpriteKeyToo() throws {
    var table = SettingsTable.standard
    table.rows.append(Self.throwAway(.sprites))
    let one = try Self.settings(#""throwAway": 1"#, table: table)
    let two = try Self.settings(#""throwAway": 2"#, table: table)
    #expect(one.spriteKeyText != two.spriteKeyText && one.cacheKeyText != two.cacheKeyText)
    var outputsOnly = SettingsTable.standard
    outputsOnly.rows.append(Self.throwAway(.outputs))
    #expect(
      try Self.settings(#""throwAway": 1"#, table: outputsOnly).spriteKeyText
        == Self.settings(#""throwAway": 2"#, table: outputsOnly).spriteKeyText)
  }

  /// Every row that changes the outputs changes the key when its flag does, and the sprite key exactly when it
  /// changes the sprites.
  @Test func everyStandardRowIsInTheKeysItChanges() throws {
    let base = try Self.settings("", table: .standard)
    for setting in SettingsTable.standard.rows where setting.effect != .identity {
      var options = BuildOptions()
      var d = Diagnostics()
      let text: String
      switch setting.kind {
      case .integer(let range, let def): text = String(def == range.upperBound ? range.lowerBound : range.upperBound)
      case .number(let range, let def): text = String(def == range.upperBound ? range.lowerBound : range.upperBound)
      case .scales: text = "2"
      case .choice(let names, _, let def): text = names.first { $0 != def } ?? def
      case .toggle, .tristate, .identifier, .localizedName: text = setting.flag
      }
      SettingsTable.standard.apply(
        allValues: setting.isSwitch ? [:] : [setting.flag: [text]], switches: setting.isSwitch ? [text] : [],
        to: &options, diagnostics: &d)
      var d2 = Diagnostics()
      let changed = PackSettings.resolve(
        options: options, manifest: try Self.manifest("", table: .standard), diagnostics: &d2)
      #expect(!d.hasErrors && !d2.hasErrors, "\(setting.name): \(d.items) \(d2.items)")
      #expect(changed.cacheKeyText != base.cacheKeyText, "\(setting.name) is not in the cache key")
      #expect(
        (changed.spriteKeyText != base.spriteKeyText) == (setting.effect == .sprites),
        "\(setting.name) and the sprite key")
    }
  }

  /// A value from a flag wins over the manifest's, and each keeps where it was given.
  @Test func theFlagWinsOverTheManifestAndTheOriginIsKept() throws {
    let manifest = try Self.manifest(#""padding": 3, "trimAlpha": 9"#, table: .standard)
    var options = BuildOptions()
    options.padding = 5
    var d = Diagnostics()
    let s = PackSettings.resolve(options: options, manifest: manifest, diagnostics: &d)
    #expect(s.padding == 5 && s.trimAlpha == 9 && s.maxSheetSide == 2048)
    #expect(s.origins["padding"] == .flag("--padding"))
    #expect(s.location(of: SettingsTable.trimAlpha, pack: manifest.location).keyPath == "sheet.trimAlpha")
    #expect(s.origins["maxSheetSide"] == .defaultValue)
  }

  /// An older manifest key is read with a warning; the current key wins where both are given.
  @Test func anOlderManifestKeyIsReadWithAWarning() throws {
    let (packs, d) = ManifestLoader.read(
      bytes: Array(#"{"id": "k", "sheet": {"palette": true}, "emoticons": [{"emoji": "1F600"}]}"#.utf8),
      name: "pack.json", folder: "/k")
    #expect(d.items.map(\.code) == [.deprecatedSpelling])
    #expect(d.items.first?.message == "sheet.palette is deprecated; use sheet.lossy")
    #expect(packs.first?.settings["lossy"]?.value == .on(true))
    let (both, _) = ManifestLoader.read(
      bytes: Array(#"{"id": "k", "sheet": {"palette": true, "lossy": false}, "emoticons": [{"emoji": "1F600"}]}"#.utf8),
      name: "pack.json", folder: "/k")
    #expect(both.first?.settings["lossy"]?.value == .on(false))
  }
}
