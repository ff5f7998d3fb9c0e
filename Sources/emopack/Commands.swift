import EmoPackCompiler

/// Every subcommand, in the order `emopack --help` lists them.
enum Commands {
  static let all: [Command] = [
    BuildCommand.command, ValidateCommand.command, InspectCommand.command, SearchCommand.command,
    PreviewCommand.command, ExportCommand.command, SiteCommands.keygen, SiteCommands.publish, SiteCommands.verify,
  ]

  /// The subcommand called `name`.
  static func named(_ name: String) -> Command? { all.first { $0.name == name } }

  /// `emopack --help`.
  static var mainHelp: String {
    var lines = [
      "emopack — compile emoticon packs for chat apps", "", "USAGE", "  emopack <command> [options] [arguments]", "",
      "COMMANDS",
    ]
    for c in all { lines.append("  " + c.name.padding(toLength: 11, withPad: " ", startingAt: 0) + c.summary) }
    lines += [
      "", "Run 'emopack <command> --help' for a command's options; every command takes --json.", "",
      "EXIT STATUS",
      "  0 success, 1 errors in the inputs, 2 usage errors, 3 a file that cannot be read or written.", "",
      "EXAMPLES", "  emopack build packs/langxiaohua", "  emopack validate --json packs/*",
      "  emopack inspect --verify build/emopack/langxiaohua.pack", "",
      "VERSION", "  \(PackBuilder.toolVersion)",
    ]
    return lines.joined(separator: "\n")
  }
}
