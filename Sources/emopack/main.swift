import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// emopack's entry point: one subcommand per file, this file only dispatches.
let commands: [String: ([String]) -> Int32] = [
  "build": BuildCommand.run,
  "validate": ValidateCommand.run,
  "inspect": InspectCommand.run,
  "search": SearchCommand.run,
  "preview": PreviewCommand.run,
  "export": PreviewCommand.export,
  "keygen": SiteCommands.keygen,
  "publish": SiteCommands.publish,
  "verify": SiteCommands.verify,
]

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || ["-h", "--help", "help"].contains(arguments[0]) {
  if arguments.count > 1, let name = Optional(arguments[1]), let help = Help.subcommands[name] {
    Terminal.out(help)
  } else {
    Terminal.out(Help.main)
  }
  exit(arguments.isEmpty ? 2 : 0)
}
if arguments[0] == "--version" {
  Terminal.out(Help.version)
  exit(0)
}
guard let command = commands[arguments[0]] else {
  Terminal.error("emopack: unknown command '\(arguments[0])'\nRun 'emopack --help' for the list of commands.")
  exit(2)
}
exit(command(Array(arguments.dropFirst())))
