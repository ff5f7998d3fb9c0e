import EmoPackCompiler
import Foundation
import Testing

/// `emopack validate` and `emopack build` resolve settings in one place (`PackSettings.resolve`, called by the
/// validator), so they accept and reject exactly the same packs for every manifest setting and every option
/// both take.
@Suite struct SettingsAgreementTests {
  /// A copy of the native fixture with `edit` applied to its manifest's JSON object.
  static func pack(_ edit: (inout [String: Any]) -> Void) throws -> String {
    let dir = Support.tempDir("agree") + "/native"
    try FileManager.default.copyItem(atPath: Support.fixture("packs/native"), toPath: dir)
    let url = URL(fileURLWithPath: dir + "/pack.json")
    var json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
    edit(&json)
    try JSONSerialization.data(withJSONObject: json).write(to: url)
    return dir
  }

  /// The error codes each command reports for the pack at `path` with `options`.
  static func verdicts(
    _ path: String, _ options: BuildOptions
  ) -> (validate: Set<DiagnosticCode>, build: Set<DiagnosticCode>) {
    let (_, _, checked) = Validator(imageLimits: options.imageLimits, manifestLimits: options.manifestLimits)
      .check(paths: [path], options: options)
    let validate = Set(checked.errors.map(\.code))
    var o = options
    o.outputDirectory = Support.tempDir("agree-out")
    o.cacheDirectory = Support.tempDir("agree-cache")
    var build: Set<DiagnosticCode> = []
    do throws(BuildError) {
      _ = try PackBuilder(options: o).build(paths: [path])
    } catch {
      build = Set(error.diagnostics.filter { $0.severity == .error }.map(\.code))
    }
    return (validate, build)
  }

  nonisolated(unsafe) static let manifestCases: [(String, (inout [String: Any]) -> Void, DiagnosticCode?)] = [
    ("as is", { _ in }, nil),
    ("size 0", { $0["size"] = 0 }, .sizeNotPositive),
    ("size 2000", { $0["size"] = 2000 }, .sizeTooLarge),
    ("no scales", { $0["scales"] = [Int]() }, .noScales),
    ("scale 5", { $0["scales"] = [1, 5] }, .scaleRange),
    ("scale twice", { $0["scales"] = [2, 2] }, .scaleTwice),
    ("sheet.maxSide 0", { $0["sheet"] = ["maxSide": 0] }, .maxSheetRange),
    ("sheet.maxSide 9000", { $0["sheet"] = ["maxSide": 9000] }, .maxSheetRange),
    ("sheet.maxSide 512", { $0["sheet"] = ["maxSide": 512] }, nil),
    // 16-point emoticons with a 1-point ring: 36 px cells at 2x, 18 at 1x (which gets half the side).
    ("sheet.maxSide 16", { $0["sheet"] = ["maxSide": 16] }, .sheetTooSmall),
    ("sheet.maxSide 35", { $0["sheet"] = ["maxSide": 35] }, .sheetTooSmall),
    ("sheet.maxSide 36", { $0["sheet"] = ["maxSide": 36] }, nil),
    ("sheet.padding -1", { $0["sheet"] = ["padding": -1] }, .paddingRange),
    ("sheet.padding 65", { $0["sheet"] = ["padding": 65] }, .paddingRange),
    ("sheet.padding 0", { $0["sheet"] = ["padding": 0] }, nil),
    ("filter nope", { $0["filter"] = "nope" }, .unknownFilter),
    ("filter box", { $0["filter"] = "box" }, nil),
    ("sheet.powerOfTwo", { $0["sheet"] = ["powerOfTwo": true, "exactColors": true] }, nil),
  ]

  @Test(arguments: 0..<manifestCases.count) func everyManifestSetting(_ k: Int) throws {
    let (name, edit, expected) = Self.manifestCases[k]
    let (validate, build) = Self.verdicts(try Self.pack(edit), BuildOptions())
    #expect(validate == build, "\(name)")
    #expect(validate == Set(expected.map { [$0] } ?? []), "\(name)")
  }

  /// The options both commands take (size, scales, limits), over a pack that is fine as it is.
  @Test func everySharedOption() throws {
    let path = try Self.pack { _ in }
    var cases: [(String, BuildOptions, DiagnosticCode?)] = []
    var o = BuildOptions()
    o.pointSize = 2000
    cases.append(("--size 2000", o, .sizeTooLarge))
    o = BuildOptions()
    o.scales = [1, 2, 3]
    cases.append(("--scales 1,2,3", o, nil))
    o = BuildOptions()
    o.manifestLimits.maxEntries = 2
    cases.append(("--max-entries 2", o, .tooManyEmoticons))
    o = BuildOptions()
    o.manifestLimits.maxTagBytes = 4
    cases.append(("--max-tag-bytes 4", o, .tagTooLong))
    o = BuildOptions()
    o.manifestLimits.maxBytes = 10
    cases.append(("--max-manifest-bytes 10", o, .manifestTooLarge))
    for (name, options, expected) in cases {
      let (validate, build) = Self.verdicts(path, options)
      #expect(validate == build, "\(name)")
      #expect(validate == Set(expected.map { [$0] } ?? []), "\(name)")
    }
  }
}

/// Every row of `SettingsTable` stores what its flag says: a valid value changes the build options.
@Suite struct SettingsTableRowTests {
  @Test func everySettingsFlagChangesTheOptions() {
    for setting in SettingsTable.all {
      var cases: [(values: [String: String], switches: [String])] = []
      switch setting.kind {
      case .integer(let range, _): cases = [([setting.flag: String(range.upperBound)], [])]
      case .number(let range, _): cases = [([setting.flag: String(range.lowerBound)], [])]
      case .scales: cases = [([setting.flag: "2"], [])]
      case .choice(let names, _, let d): cases = [([setting.flag: names.last { $0 != d } ?? ""], [])]
      case .toggle, .tristate: cases = [([:], [setting.flag])] + (setting.offFlag.map { [([:], [$0])] } ?? [])
      case .identifier: cases = [([setting.flag: "renamed"], [])]
      case .localizedName: cases = [([setting.flag: "en=Renamed"], [])]
      }
      for (values, switches) in cases {
        var options = BuildOptions()
        var d = Diagnostics()
        SettingsTable.apply(values: values, switches: switches, to: &options, diagnostics: &d)
        #expect(!d.hasErrors, "\(values) \(switches): \(d.items)")
        #expect(options != BuildOptions(), "\(values) \(switches) changed nothing")
      }
    }
  }
}
