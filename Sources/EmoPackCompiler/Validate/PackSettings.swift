import EmoPNG
import EmoPackFormat

/// The settings one pack is built with: every row of `SettingsTable` resolved once, the flag over the manifest
/// over the default, each with where it came from.
package struct PackSettings: Sendable, Equatable {
  /// Point size.
  package var pointSize: Int { integer(SettingsTable.size) }
  /// Scales, ascending.
  package var scales: [Int] {
    if case .scales(let list) = value(SettingsTable.scales) { return list }
    return []
  }
  /// Largest sheet side in pixels at the largest scale.
  package var maxSheetSide: Int { integer(SettingsTable.maxSheetSide) }
  /// Padding ring, in points.
  package var padding: Int { integer(SettingsTable.padding) }
  /// The resampling filter.
  package var filter: ResamplingFilter { ResamplingFilter(name: name(SettingsTable.filter)) ?? .lanczos3 }
  /// Power-of-two sheets.
  package var powerOfTwo: Bool { on(SettingsTable.powerOfTwo) }
  /// Exact straight colours in translucent pixels (else their premultiplied form when smaller).
  package var exactColors: Bool { on(SettingsTable.exactColors) }
  /// How hard the encoders work.
  package var effort: Effort { Effort(rawValue: name(SettingsTable.effort)) ?? .default }
  /// Stable sheet names.
  package var stableSheetNames: Bool { on(SettingsTable.stableNames) }
  /// When transparent borders are cut from sprites.
  package var trim: TrimMode { TrimMode(rawValue: name(SettingsTable.trim)) ?? .auto }
  /// Border pixels with alpha at most this are cut (0: only fully transparent ones).
  package var trimAlpha: Int { integer(SettingsTable.trimAlpha) }
  /// Lossy sheets, every sprite held to `ssimFloor`.
  package var lossy: Bool { on(SettingsTable.lossy) }
  /// The least SSIM every sprite of a lossy sheet keeps.
  package var ssimFloor: Double {
    if case .number(let x) = value(SettingsTable.ssimFloor) { return x }
    return 1
  }
  /// How sprites are put on sheets.
  package var layout: SheetLayout { SheetLayout(rawValue: name(SettingsTable.layout)) ?? .pages }
  /// The sheet file format.
  package var sheetFormat: SheetFormat { SheetFormat.named(name(SettingsTable.sheetFormat)) ?? .png }
  /// Each row's value by its name, as resolved (the cache keys are made of these).
  package private(set) var values: [String: Setting.Value] = [:]
  /// Where each row's value came from, by its name.
  package private(set) var origins: [String: Setting.Origin] = [:]
  /// What each row changes, by its name.
  private var effects: [String: Setting.Effect] = [:]

  /// True when the flags or the manifest name the scales; else the validator keeps only those every source
  /// has the pixels for.
  package var scalesGiven: Bool { origins[SettingsTable.scales.name].map { $0 != .defaultValue } ?? false }

  /// The settings of `table` at their defaults.
  package init(table: SettingsTable = .standard) {
    for setting in table.rows where setting.effect != .identity {
      if let value = setting.defaultValue { set(setting, value, from: .defaultValue) }
    }
  }

  /// `setting`'s value (its default where none was resolved).
  package func value(_ setting: Setting) -> Setting.Value? { values[setting.name] ?? setting.defaultValue }

  private func integer(_ setting: Setting) -> Int {
    if case .integer(let n) = value(setting) { return n }
    return 0
  }

  private func name(_ setting: Setting) -> String {
    if case .name(let n) = value(setting) { return n }
    return ""
  }

  private func on(_ setting: Setting) -> Bool {
    if case .on(let b) = value(setting) { return b }
    return false
  }

  /// Stores `value` for `setting` from `origin`.
  package mutating func set(_ setting: Setting, _ value: Setting.Value, from origin: Setting.Origin) {
    values[setting.name] = value
    origins[setting.name] = origin
    effects[setting.name] = setting.effect
  }

  /// Where `setting`'s value was given (the pack's location when it is the default).
  package func location(of setting: Setting, pack: DiagnosticLocation) -> DiagnosticLocation {
    (origins[setting.name] ?? .defaultValue).location(pack: pack)
  }

  /// True for a pack id: 1-128 ASCII letters, digits, '.', '_' or '-', not starting with '.' (it names files).
  package static func isPackID(_ id: String) -> Bool { EmoPackFormat.isPackID(id) }

  /// True for a well-formed BCP 47 tag as packs use them (`zh-Hans`, `en`, `pt-BR`).
  package static func isLocale(_ locale: String) -> Bool {
    let parts = locale.split(separator: "-", omittingEmptySubsequences: false)
    return !parts.isEmpty
      && parts.allSatisfy {
        !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      }
      && parts[0].count >= 2 && parts[0].count <= 3 && parts[0].allSatisfy(\.isLetter)
  }

  /// Resolves every row of `table` in one loop: the value `options` gives (a flag), else the manifest's, else the
  /// default; each checked once by its row, a bad one reported where it was given and replaced by the default so
  /// that validation goes on.
  package static func resolve(
    options: BuildOptions, manifest: PackManifest, table: SettingsTable = .standard, diagnostics d: inout Diagnostics
  ) -> PackSettings {
    var settings = PackSettings(table: table)
    for setting in table.rows where setting.effect != .identity {
      var candidates: [(Setting.Value, Setting.Origin, String)] = []
      if let value = setting.option(options) { candidates.append((value, .flag(setting.flag), setting.flag)) }
      if let given = manifest.settings[setting.name] {
        candidates.append((given.value, .manifest(given.location), given.location.keyPath))
      }
      guard let (value, origin, name) = candidates.first else { continue }
      switch setting.check(value) {
      case .success(let checked):
        settings.set(setting, checked, from: origin)
      case .failure(let problem):
        // The default stands in, still marked as given, so that what follows reads the pack as asked.
        let found = value.text.isEmpty ? "none" : value.text
        d.error(problem.code, "\(name) \(problem.words), found \(found)", at: origin.location(pack: manifest.location))
        if let fallback = problem.fallback ?? setting.defaultValue { settings.set(setting, fallback, from: origin) }
      }
    }
    return settings
  }

  /// The settings that change the sprites, as text: part of each source's key in the sprite cache.
  package var spriteKeyText: String { keyText { $0 == .sprites } }

  /// Every setting that changes the outputs, as text: part of the build's cache key.
  package var cacheKeyText: String { keyText { $0 != .identity } }

  private func keyText(_ include: (Setting.Effect) -> Bool) -> String {
    values.keys.sorted().compactMap { name in
      guard let value = values[name], let effect = effects[name], include(effect) else { return nil }
      return "\(name)=\(value.text)"
    }.joined(separator: " ")
  }

  /// The largest sheet side at `scale`, in pixels: `maxSheetSide` is the largest scale's, and smaller scales get the
  /// same share of it (so untrimmed packs have the same pages at every scale, and small sheets stay narrow
  /// enough for unfiltered rows to compress well).
  package func maxSheetSide(scale: Int) -> Int {
    max(1, maxSheetSide * scale / (scales.last ?? 1))
  }

  /// The ring around each sprite at `scale`, in pixels.
  package func ring(scale: Int) -> Int { padding * scale }

  /// The side of an untrimmed sprite with its ring (on both sides) at `scale`, in pixels.
  package func cellSide(scale: Int) -> Int { pointSize * scale + 2 * ring(scale: scale) }
}
