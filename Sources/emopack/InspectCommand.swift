import EmoPackCompiler
import EmoPackFormat
import Foundation

/// `emopack inspect`.
enum InspectCommand {
  static func run(_ args: [String]) -> Int32 {
    let parsed: Arguments
    do {
      parsed = try Arguments(args, valued: [], flags: ["--json", "--verify", "-h", "--help"])
      if parsed.flag("-h", "--help") {
        Terminal.out(Help.inspect)
        return 0
      }
      guard parsed.positionals.count == 1 else { throw UsageError(message: "expected one .pack file") }
    } catch {
      Terminal.error("emopack inspect: \(error)\nUsage: emopack inspect [--json] [--verify] FILE.pack")
      return 2
    }
    let path = parsed.positionals[0]
    do throws(PackError) {
      let report = try PackInspector.inspect(path: path, verify: parsed.flag("--verify"))
      Terminal.out(parsed.flag("--json") ? jsonText(report) : PackInspector.text(report))
      if let problems = report.problems, !problems.isEmpty {
        for p in problems { Terminal.error("\(p)") }
        return 1
      }
      return 0
    } catch {
      Terminal.error("\(error.path ?? path): error: \(error.messageWithOffset)")
      return error.kind == .io ? 3 : 1
    }
  }
}
