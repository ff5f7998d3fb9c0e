import EmoPackFormat

/// One build setting, declared once in `SettingsTable`: its value's type with the default and the range or
/// choices, its flag and older spellings, its manifest key, its help line, its diagnostic code, and whether it
/// changes the outputs.
///
/// Flags are parsed and checked by `SettingsTable.apply`, manifest values by `PackSettings.resolve`, both through
/// `parse` and `check` here; `build`, `validate`, `--help`, the documents and the cache key all read these rows.
package struct Setting: Sendable {
  /// The type of a setting's value, with its default and its range or choices.
  package enum Kind: Sendable {
    /// A whole number in a range.
    case integer(ClosedRange<Int>, default: Int)
    /// A number in a range.
    case number(ClosedRange<Double>, default: Double)
    /// Scales, each in 1...4 and none twice; when none are given the validator keeps those every source has the
    /// pixels for, of `default`.
    case scales(default: [Int])
    /// One of some names (older names in `aliases`, mapped to their current name).
    case choice([String], aliases: [String: String] = [:], default: String)
    /// On or off: the flag turns it on, the off flag off; a manifest gives a boolean.
    case toggle(default: Bool)
    /// Three states: the flag gives `on`, the off flag `off`, a manifest boolean either; absent, `neither`.
    case tristate(on: String, off: String, neither: String)
    /// A pack id: 1-128 ASCII letters, digits, '.', '_' or '-', not starting with '.'.
    case identifier
    /// `LOCALE=TEXT`, given once per locale.
    case localizedName
  }

  /// A setting's value, parsed once by its kind.
  package enum Value: Sendable, Equatable, Hashable {
    case integer(Int)
    case number(Double)
    case scales([Int])
    case name(String)
    case on(Bool)
    case localizedNames([LocalizedName])

    /// The value as the cache key, `--json` and the documents write it.
    package var text: String {
      switch self {
      case .integer(let n): String(n)
      case .number(let x): x.formatted()
      case .scales(let list): list.map(String.init).joined(separator: ",")
      case .name(let name): name
      case .on(let on): on ? "true" : "false"
      case .localizedNames(let names): names.map { "\($0.locale)=\($0.name)" }.joined(separator: "\u{1F}")
      }
    }
  }

  /// What a setting changes.
  package enum Effect: Sendable, Equatable {
    /// The resampled sprites (and so everything after them): part of the sprite cache's key and the build's.
    case sprites
    /// The sheets or the `.pack`: part of the build's cache key.
    case outputs
    /// Which pack is built and what it is called: the pack's id and names, which the cache key holds as such.
    case identity
  }

  /// Where a setting's value came from.
  package enum Origin: Sendable, Equatable {
    /// A flag on the command line (or the same field of `BuildOptions`).
    case flag(String)
    /// A manifest key, where it is written.
    case manifest(DiagnosticLocation)
    /// The table's default.
    case defaultValue

    /// Where a problem with the value is reported: the flag, the manifest key, or the pack as a whole.
    package func location(pack: DiagnosticLocation) -> DiagnosticLocation {
      switch self {
      case .flag(let flag): SettingsTable.location(of: flag)
      case .manifest(let location): location
      case .defaultValue: pack
      }
    }
  }

  /// The concept's one name: in code (`PackSettings`), in `--json` and in the documents.
  package let name: String
  /// The value's type, default and range.
  package let kind: Kind
  /// The flag.
  package let flag: String
  /// The flag that turns an on/off setting off, if any.
  package let offFlag: String?
  /// Older spellings of the flag, still accepted with a `deprecated-spelling` warning.
  package let deprecatedFlags: [String]
  /// The key in a native manifest (`sheet.padding`), if a manifest can set it.
  package let manifestKey: String?
  /// Older spellings of the manifest key, still read with a `deprecated-spelling` warning.
  package let deprecatedManifestKeys: [String]
  /// The word for the value in `--help` (`POINTS`), empty for on/off flags.
  package let placeholder: String
  /// One line for `--help` and the documents.
  package let summary: String
  /// The default in words, where it is not a value (the scales the sources give, the manifest's id).
  package let defaultWords: String?
  /// The code of the diagnostic for a value out of range or unknown.
  package let code: DiagnosticCode
  /// The code for a whole number under the range, where it differs from `code`.
  package let codeBelow: DiagnosticCode?
  /// What the setting changes; every setting that changes the outputs is in the cache key.
  package let effect: Effect
  /// The value of this setting in `BuildOptions` (what a flag set), or nil when not given there.
  package let option: @Sendable (BuildOptions) -> Value?
  /// Stores a value in `BuildOptions` (for a flag).
  package let setOption: @Sendable (Value, inout BuildOptions) -> Void

  /// A row; the parameters are the properties of the same names.
  package init(
    name: String, kind: Kind, flag: String, offFlag: String? = nil, deprecatedFlags: [String] = [],
    manifestKey: String? = nil, deprecatedManifestKeys: [String] = [], placeholder: String = "", summary: String,
    defaultWords: String? = nil, code: DiagnosticCode, codeBelow: DiagnosticCode? = nil, effect: Effect,
    option: @escaping @Sendable (BuildOptions) -> Value?,
    setOption: @escaping @Sendable (Value, inout BuildOptions) -> Void
  ) {
    self.name = name
    self.kind = kind
    self.flag = flag
    self.offFlag = offFlag
    self.deprecatedFlags = deprecatedFlags
    self.manifestKey = manifestKey
    self.deprecatedManifestKeys = deprecatedManifestKeys
    self.placeholder = placeholder
    self.summary = summary
    self.defaultWords = defaultWords
    self.code = code
    self.codeBelow = codeBelow
    self.effect = effect
    self.option = option
    self.setOption = setOption
  }

  /// The default value, or nil where the default is not a value (`defaultWords`).
  package var defaultValue: Value? {
    switch kind {
    case .integer(_, let d): .integer(d)
    case .number(_, let d): .number(d)
    case .scales(let d): .scales(d)
    case .choice(_, _, let d): .name(d)
    case .toggle(let d): .on(d)
    case .tristate(_, _, let neither): .name(neither)
    case .identifier, .localizedName: nil
    }
  }

  /// The default as `--help` and the documents show it.
  package var defaultText: String { defaultWords ?? defaultValue.map(Self.words) ?? "" }

  /// The values the setting takes, in words (`0...64`, `png, webp`, `on/off`).
  package var valuesText: String {
    switch kind {
    case .integer(let r, _): "\(r.lowerBound)...\(r.upperBound)"
    case .number(let r, _): "\(r.lowerBound.formatted())...\(r.upperBound.formatted())"
    case .scales: "1...4, comma-separated"
    case .choice(let names, _, _): names.joined(separator: ", ")
    case .toggle: "on/off"
    case .tristate(let on, let off, let neither): "\(on), \(off) or \(neither)"
    case .identifier: "1-128 of A-Z a-z 0-9 . _ -"
    case .localizedName: "LOCALE=TEXT"
    }
  }

  /// The flags that set this setting: the flag, the off flag, then the older spellings.
  package var allFlags: [String] { [flag] + (offFlag.map { [$0] } ?? []) + deprecatedFlags }

  /// True when the flag takes no value.
  package var isSwitch: Bool {
    switch kind {
    case .toggle, .tristate: true
    default: false
    }
  }

  /// A value in words for people: `on`/`off` for switches, else its text.
  static func words(_ value: Value) -> String {
    if case .on(let on) = value { return on ? "on" : "off" }
    return value.text
  }

  /// The value a flag's text gives, or what is wrong with the text (`expects …`).
  package func parse(flagText text: String) -> Result<Value, Problem> {
    switch kind {
    case .integer:
      guard let v = Int(text) else { return .failure(Problem(code: code, "expects a whole number in \(valuesText)")) }
      return check(.integer(v))
    case .number:
      guard let v = Double(text), v.isFinite else {
        return .failure(Problem(code: code, "expects a number in \(valuesText)"))
      }
      return check(.number(v))
    case .scales:
      let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
      let values = parts.compactMap { $0 }
      guard values.count == parts.count else {
        return .failure(Problem(code: code, "expects scales in 1...4 separated by commas"))
      }
      return check(.scales(values))
    case .choice, .identifier:
      return check(.name(text))
    case .toggle:
      return .success(.on(text != offFlag))
    case .tristate(let on, let off, _):
      return .success(.name(text == offFlag ? off : on))
    case .localizedName:
      guard let eq = text.firstIndex(of: "="), PackSettings.isLocale(String(text[..<eq])),
        !text[text.index(after: eq)...].trimmingCharacters(in: .whitespaces).isEmpty
      else { return .failure(Problem(code: code, "expects LOCALE=TEXT with a BCP 47 locale such as zh-Hans")) }
      return .success(
        .localizedNames([LocalizedName(locale: String(text[..<eq]), name: String(text[text.index(after: eq)...]))]))
    }
  }

  /// The value if it is in range (choices by their current name), or what is wrong with it.
  package func check(_ value: Value) -> Result<Value, Problem> {
    switch (kind, value) {
    case (.integer(let range, _), .integer(let v)):
      guard range.contains(v) else {
        return .failure(
          Problem(code: v < range.lowerBound ? codeBelow ?? code : code, "expects a whole number in \(valuesText)"))
      }
    case (.number(let range, _), .number(let v)):
      guard range.contains(v) else { return .failure(Problem(code: code, "expects a number in \(valuesText)")) }
    case (.scales, .scales(let list)):
      // A bad list stands for its good scales, so that the checks after it read the pack as asked.
      let good = Array(Set(list.filter { PackLayout.scales.contains($0) })).sorted()
      let fallback: Value? = good.isEmpty ? nil : .scales(good)
      if list.isEmpty { return .failure(Problem(code: .noScales, "expects at least one scale")) }
      if list.contains(where: { !PackLayout.scales.contains($0) }) {
        return .failure(Problem(code: .scaleRange, "expects scales in \(PackLayout.scales)", fallback: fallback))
      }
      if Set(list).count != list.count {
        return .failure(Problem(code: .scaleTwice, "expects each scale once", fallback: fallback))
      }
      return .success(.scales(list.sorted()))
    case (.choice(let names, let aliases, _), .name(let name)):
      let key = aliases[name.lowercased()] ?? name.lowercased()
      guard let canonical = names.first(where: { $0 == key }) else {
        return .failure(Problem(code: code, "expects one of \(names.joined(separator: ", "))"))
      }
      return .success(.name(canonical))
    case (.identifier, .name(let id)):
      guard EmoPackFormat.isPackID(id) else {
        return .failure(Problem(code: code, "expects 1-128 ASCII letters, digits, '.', '_' or '-' (not starting with '.')"))
      }
    default:
      break
    }
    return .success(value)
  }

  /// What is wrong with a value: the code and the words after the flag or key (`expects …`).
  package struct Problem: Error, Equatable, Sendable {
    /// The diagnostic's code.
    package var code: DiagnosticCode
    /// What was expected, in words.
    package var words: String
    /// What stands in for the value while validation goes on (else the default).
    package var fallback: Value?

    init(code: DiagnosticCode, _ words: String, fallback: Value? = nil) {
      self.code = code
      self.words = words
      self.fallback = fallback
    }
  }
}
