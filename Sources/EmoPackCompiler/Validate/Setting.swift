import EmoPackFormat

/// Every build setting declared once: its manifest key, its flag, its type and range, its default and the code of
/// the diagnostic for a bad value.
///
/// The command line hands flags over as text; `SettingsTable.apply` parses them by each setting's kind, reporting
/// a problem at the flag, and the setting's own `assign` stores the value in `BuildOptions`; and `PackSettings.resolve` checks manifest keys against the same ranges. `build` and
/// `validate` take the same flags.
package struct Setting: Sendable {
  /// What a value may be.
  package enum Kind: Sendable {
    /// A whole number in a range, and its default.
    case integer(ClosedRange<Int>, default: Int)
    /// A number in a range, and its default.
    case number(ClosedRange<Double>, default: Double)
    /// Scales separated by commas, each in 1...4.
    case scales
    /// One of some names.
    case choice([String])
    /// On when given (and off by `offFlag`).
    case flag
    /// A pack id: 1-128 ASCII letters, digits, '.', '_' or '-', not starting with '.'.
    case identifier
    /// `LOCALE=TEXT`, given once per locale.
    case localizedName
  }

  /// The concept's name, used in code (`PackSettings`) and in the documents.
  package let name: String
  /// The manifest key (native `pack.json` / `pack.plist`), if a manifest can set it.
  package let manifestKey: String?
  /// The flag.
  package let flag: String
  /// The flag that turns an on/off setting off, if any.
  package let offFlag: String?
  /// Older spellings of the flag, still accepted with a deprecation warning.
  package let deprecatedFlags: [String]
  /// What a value may be.
  package let kind: Kind
  /// The default, as `--help` and the documents show it.
  package let defaultText: String
  /// The code of the diagnostic for a value out of range or unknown.
  package let code: DiagnosticCode
  /// One line for `--help`.
  package let summary: String
  /// Stores a value parsed from the flag in the build options; false when the value is not one it takes (a name).
  let assign: @Sendable (Value, inout BuildOptions) -> Bool

  /// A flag's value, parsed by the setting's kind.
  enum Value {
    case integer(Int)
    case number(Double)
    case scales([Int])
    case name(String)
    case on(Bool)
    case localizedName(LocalizedName)
  }

  /// The range of a whole-number setting (else 0...0).
  package var integerRange: ClosedRange<Int> {
    if case .integer(let r, _) = kind { r } else { 0...0 }
  }

  /// The range of a number setting (else 0...0).
  package var numberRange: ClosedRange<Double> {
    if case .number(let r, _) = kind { r } else { 0...0 }
  }

  /// The default of a number setting (else 0).
  package var numberDefault: Double {
    if case .number(_, let d) = kind { d } else { 0 }
  }

  /// The default of a whole-number setting (else 0).
  package var integerDefault: Int {
    if case .integer(_, let d) = kind { d } else { 0 }
  }
}
