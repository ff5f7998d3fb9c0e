import EmoPackCompiler
import Foundation

/// `emopack validate`.
enum ValidateCommand {
  static func run(_ args: [String]) -> Int32 {
    let parsed: Arguments
    var options = BuildOptions()
    var flagDiagnostics = Diagnostics()
    do {
      // Every flag that changes what is valid: the settings table's, the limits and the CLDR locales.
      parsed = try Arguments(
        args,
        valued: SettingsTable.valuedFlags.union([
          "--max-image-side", "--max-image-bytes", "--max-entries", "--max-tag-bytes", "--max-manifest-bytes",
          "--max-sheet-pixels", "--keyword-locales", "--cldr",
        ]), flags: SettingsTable.booleanFlags.union(["--json", "--all-diagnostics", "-h", "--help"]))
      if parsed.flag("-h", "--help") {
        Terminal.out(Help.validate)
        return 0
      }
      flagDiagnostics = try BuildCommand.apply(parsed, to: &options)
      guard !parsed.positionals.isEmpty else { throw UsageError(message: "no pack given") }
    } catch {
      Terminal.error("emopack validate: \(error)\nUsage: emopack validate [--json] PACK...")
      return 2
    }
    if flagDiagnostics.hasErrors {
      Terminal.print(flagDiagnostics.items, all: true)
      if parsed.flag("--json") { Terminal.out(jsonText(flagDiagnostics.items)) }
      Terminal.error("Usage: emopack validate [--json] [options] PACK...")
      return 2
    }
    let validator = Validator(
      imageLimits: options.imageLimits, manifestLimits: options.manifestLimits, decodeImages: true)
    let (manifests, _, checked) = validator.check(paths: parsed.positionals, options: options)
    var diagnostics = flagDiagnostics
    diagnostics.append(contentsOf: checked)
    if parsed.flag("--json") {
      Terminal.out(jsonText(diagnostics.items))
    } else {
      Terminal.print(diagnostics.items, all: parsed.flag("--all-diagnostics"))
      let e = diagnostics.items.filter { $0.severity == .error }.count
      let w = diagnostics.items.filter { $0.severity == .warning }.count
      Terminal.error("\(manifests.count) pack(s) checked: \(e) error(s), \(w) warning(s)")
    }
    return diagnostics.hasErrors ? 1 : 0
  }
}
