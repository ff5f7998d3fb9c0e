import EmoPackCompiler
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// emopack's entry point: one subcommand per file (`Commands.all`), this file only dispatches.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || ["-h", "--help", "help"].contains(arguments[0]) {
  if arguments.count > 1, let command = Commands.named(arguments[1]) {
    Terminal.out(command.help)
  } else {
    Terminal.out(Commands.mainHelp)
  }
  exit(arguments.isEmpty ? 2 : 0)
}
if arguments[0] == "--version" {
  Terminal.out(PackBuilder.toolVersion)
  exit(0)
}
guard let command = Commands.named(arguments[0]) else {
  Report.emit("emopack", json: arguments.contains("--json"), diagnostics: [Report.usage("unknown command '\(arguments[0])'")])
  Terminal.error("Run 'emopack --help' for the list of commands.")
  exit(2)
}
exit(command.run(Array(arguments.dropFirst())))
