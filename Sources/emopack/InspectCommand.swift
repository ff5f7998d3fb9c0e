import EmoPackCompiler
import EmoPackFormat
import Foundation

/// `emopack inspect`.
enum InspectCommand {
  static let command = Command(
    name: "inspect", summary: "Show what a .pack file holds, and verify it", usage: ["[options] FILE.pack"],
    about: """
      Prints the pack's id, names, version, point size, scales, sheets with their dimensions and occupancy, then a
      table of entries.
      """,
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: [
          CommandOption(
            ["--json"],
            "The same as one JSON object (docs/inspect.schema.json), also when the pack cannot be read"),
          CommandOption(
            ["--verify"],
            "Also check the checksum, every record and index, and the sheets beside the pack (present, same size, SHA-256 and dimensions)"
          ),
        ])
    ],
    footer: """
      EXIT STATUS
        0 when sound, 1 when the file or a sheet is not what the pack says (the diagnostic gives the byte offset or
        the sheet), 2 on usage errors, 3 when the file cannot be read.
      """,
    run: run)

  static func run(_ args: [String]) -> Int32 {
    let json = args.contains("--json")
    let parsed: Arguments
    do {
      parsed = try Arguments(args, valued: command.valued, flags: command.switches)
      if parsed.flag("-h", "--help") {
        Terminal.out(command.help)
        return 0
      }
      guard parsed.positionals.count == 1 else { throw UsageError(message: "expected one .pack file") }
    } catch {
      return Report.usageFailure(command, "\(error)", json: json)
    }
    let path = parsed.positionals[0]
    do throws(PackError) {
      let report = try PackInspector.inspect(path: path, verify: parsed.flag("--verify"))
      let problems = report.problems ?? []
      if json {
        Report.emit(command.name, json: true, diagnostics: [], payload: report)
        Terminal.print(problems)
      } else {
        Terminal.out(PackInspector.text(report))
        Terminal.print(problems)
      }
      return problems.contains { $0.severity == .error } ? 1 : 0
    } catch {
      return Report.finish(command.name, json: json, diagnostics: [error.diagnostic(file: path)])
    }
  }
}
