import EmoPackCompiler
import Foundation

/// `emopack validate`.
enum ValidateCommand {
  static func run(_ args: [String]) -> Int32 {
    let parsed: Arguments
    var options = BuildOptions()
    do {
      parsed = try Arguments(
        args,
        valued: [
          "--size", "--scales", "--max-image-side", "--max-image-bytes", "--max-entries", "--max-tag-bytes",
          "--max-manifest-bytes", "--keyword-locales", "--cldr",
        ], flags: ["--json", "--all-diagnostics", "-h", "--help"])
      if parsed.flag("-h", "--help") {
        Terminal.out(Help.validate)
        return 0
      }
      try BuildCommand.apply(parsed, to: &options)
      guard !parsed.positionals.isEmpty else { throw UsageError(message: "no pack given") }
    } catch {
      Terminal.error("emopack validate: \(error)\nUsage: emopack validate [--json] PACK...")
      return 2
    }
    let validator = Validator(
      imageLimits: options.imageLimits, manifestLimits: options.manifestLimits, decodeImages: true)
    let (manifests, _, diagnostics) = validator.check(paths: parsed.positionals, options: options)
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
