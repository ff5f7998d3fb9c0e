import EmoPackCompiler
import Foundation
import Testing

/// Every setting of `SettingsTable` through both commands' argument parsing: `build` and `validate` accept the
/// same values and refuse the same ones, with the setting's code, at the flag.
@Suite struct SettingsTableTests {
  /// A valid value and invalid values for a setting (none invalid for on/off flags).
  static func values(_ s: Setting) -> (valid: [String], invalid: [String]) {
    switch s.kind {
    case .integer(let r, let d): ([String(d), String(r.upperBound)], [String(r.upperBound + 1), "x"])
    case .number(let r, let d): ([String(d), String(r.lowerBound)], [String(r.upperBound + 1), "nan?"])
    case .scales: (["1,2", "2"], ["1,9", "1,,2"])
    case .choice(let names, _, _): ([names[0]], ["nope"])
    case .toggle, .tristate: ([], [])
    case .identifier: (["renamed", "a.b_c-1"], [".hidden", "has space"])
    case .localizedName: (["en=Renamed", "zh-Hans=新名字"], ["english", "=x", "en="])
    }
  }

  /// The code a bad value gets: the setting's, but the scales' own for their list rules.
  static func expectedCode(_ s: Setting, _ value: String) -> String {
    if case .scales = s.kind, value == "1,9" { return DiagnosticCode.scaleRange.rawValue }
    return s.code.rawValue
  }

  /// The exit status and the error codes of `command` (build or validate) with `extra` on a small good pack.
  static func verdict(_ command: String, _ pack: String, _ extra: [String]) throws -> (Int32, [String], String) {
    let out = CLI.tempDir("table-out")
    let args = [command, pack, "--json"] + (command == "build" ? ["-o", out, "--effort", "fast"] : []) + extra
    let r = try CLI.run(args)
    let parsed = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
    let items = (parsed as? [[String: Any]]) ?? ((parsed as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
    let codes = items.filter { $0["severity"] as? String == "error" }.compactMap { $0["code"] as? String }
    return (r.status, codes.sorted(), r.stderr)
  }

  @Test func buildAndValidateAgreeOnEverySetting() throws {
    let pack = CLI.tempDir("table") + "/pack"
    try CLI.makePack(pack, count: 2, side: 96)
    #expect(SettingsTable.all.count >= 13)
    for setting in SettingsTable.all {
      let (valid, invalid) = Self.values(setting)
      var cases: [[String]] = valid.map { [setting.flag, $0] }
      if setting.isSwitch { cases = [[setting.flag]] + (setting.offFlag.map { [[$0]] } ?? []) }
      for args in cases {
        let build = try Self.verdict("build", pack, args)
        let validate = try Self.verdict("validate", pack, args)
        // Accepted by both parsers; what the pack then makes of it (a 1024-point size needs bigger sheets) is the
        // same verdict in both.
        #expect(build.0 != 2 && build.0 == validate.0 && build.1 == validate.1, "\(args): \(build) / \(validate)")
      }
      for value in invalid {
        let args = [setting.flag, value]
        let build = try Self.verdict("build", pack, args)
        let validate = try Self.verdict("validate", pack, args)
        #expect(build.0 == 2 && validate.0 == 2, "\(args): \(build.0) \(validate.0)")
        let code = Self.expectedCode(setting, value)
        #expect(build.1 == [code] && validate.1 == build.1, "\(args): \(build.1) \(validate.1)")
        let located = "<command line>: \(setting.flag): error: \(setting.flag) "
        #expect(build.2.contains(located) && validate.2.contains(located), "\(args): \(build.2)")
      }
    }
  }

  /// An older flag spelling still works, with a warning naming the new one; the later of two opposite flags wins.
  @Test func deprecatedSpellingsAndOppositeFlags() throws {
    let root = CLI.tempDir("table-old")
    try CLI.makePack(root + "/pack", count: 2)
    let old = try CLI.run(["build", root + "/pack", "-o", root + "/out", "--max-sheet", "512", "--effort", "fast"])
    #expect(old.status == 0 && old.stderr.contains("--max-sheet is deprecated; use --max-sheet-side"), "\(old.stderr)")
    let validate = try CLI.run(["validate", "--max-sheet", "512", root + "/pack"])
    #expect(validate.status == 0 && validate.stderr.contains("--max-sheet is deprecated"))
    let last = try CLI.run(["build", root + "/pack", "-o", root + "/p", "--lossless", "--palette", "--json"])
    #expect(last.stderr.contains("--palette is deprecated; use --lossy"), "\(last.stderr)")
    let effort = try CLI.run(["build", root + "/pack", "-o", root + "/e", "--png-effort", "fast", "-q"])
    #expect(effort.status == 0 && effort.stderr.contains("--png-effort is deprecated; use --effort"))
    let report = try JSONSerialization.jsonObject(with: Data(last.stdout.utf8)) as? [String: Any]
    let sheets = ((report?["packs"] as? [[String: Any]])?.first?["sheets"] as? [[String: Any]]) ?? []
    #expect(!sheets.isEmpty && sheets.allSatisfy { $0["lossy"] as? Bool == true }, "\(last.stdout)")
  }

  /// A cell too large for the sheet side is reported where the side was given: at the flag, or at the manifest key.
  @Test func aSheetTooSmallIsReportedWhereItsSideWasGiven() throws {
    let root = CLI.tempDir("table-small")
    try CLI.makePack(root + "/pack", count: 2)
    let flag = try CLI.run(["validate", root + "/pack", "--max-sheet-side", "20"])
    #expect(flag.status == 1 && flag.stderr.contains("<command line>: --max-sheet-side: error: a 16-point emoticon"))
    let manifest = try String(contentsOfFile: root + "/pack/pack.json", encoding: .utf8)
    try manifest.replacingOccurrences(of: #""size": 16"#, with: #""size": 16, "sheet": {"maxSide": 20}"#)
      .write(toFile: root + "/pack/pack.json", atomically: true, encoding: .utf8)
    let key = try CLI.run(["build", root + "/pack", "-o", root + "/out"])
    #expect(key.status == 1 && key.stderr.contains("pack.json:1:"), "\(key.stderr)")
    #expect(key.stderr.contains("error: a 16-point emoticon with a 1-point ring"), "\(key.stderr)")
  }
}
