import EmoPackCompiler
import Foundation

/// `emopack validate`.
enum ValidateCommand {
  static let command = Command(
    name: "validate", summary: "Check packs and print every problem, without building", usage: ["[options] PACK..."],
    about: """
      Prints every problem as 'file:line:column: severity: message' (or 'file: key.path: severity: message'
      where no line is known) and decodes every image. Takes every setting build takes and runs the same checks,
      so the two accept and reject the same packs.
      """,
    settings: .standard,
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: BuildCommand.keywords + [
          CommandOption(["--json"], "One JSON object on standard output: the diagnostics and the counts"),
          CommandOption(
            ["--all-diagnostics"], "Print every diagnostic (by default, in each file, three of a code and a count)"),
        ]),
      BuildCommand.limits,
    ],
    footer: "EXIT STATUS\n  0 no errors, 1 errors, 2 usage errors.",
    run: run)

  /// What `validate --json` prints beside the diagnostics.
  struct Summary: Encodable {
    var packs: Int
    var errors: Int
    var warnings: Int
  }

  static func run(_ args: [String]) -> Int32 {
    let parsed: Arguments
    var options = BuildOptions()
    var flagDiagnostics = Diagnostics()
    let json = args.contains("--json")
    do {
      parsed = try Arguments(args, valued: command.valued, flags: command.switches)
      if parsed.flag("-h", "--help") {
        Terminal.out(command.help)
        return 0
      }
      flagDiagnostics = try BuildCommand.apply(parsed, to: &options)
      guard !parsed.positionals.isEmpty else { throw UsageError(message: "no pack given") }
    } catch {
      return Report.usageFailure(command, "\(error)", json: json)
    }
    if flagDiagnostics.hasErrors {
      Report.emit(
        command.name, json: json, diagnostics: flagDiagnostics.items,
        payload: Summary(packs: 0, errors: flagDiagnostics.errors.count, warnings: 0))
      Terminal.error("Usage: \(command.usageLine)   (emopack validate --help)")
      return 2
    }
    let validator = Validator(
      imageLimits: options.imageLimits, manifestLimits: options.manifestLimits, decodeImages: true)
    let (manifests, _, checked) = validator.check(paths: parsed.positionals, options: options)
    var diagnostics = flagDiagnostics
    diagnostics.append(contentsOf: checked)
    let e = diagnostics.items.filter { $0.severity == .error }.count
    let w = diagnostics.items.filter { $0.severity == .warning }.count
    Report.emit(
      command.name, json: json, diagnostics: diagnostics.items,
      payload: Summary(packs: manifests.count, errors: e, warnings: w), all: parsed.flag("--all-diagnostics"))
    if !json { Terminal.error("\(manifests.count) pack(s) checked: \(e) error(s), \(w) warning(s)") }
    return diagnostics.hasErrors ? 1 : 0
  }
}
