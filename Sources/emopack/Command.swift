import EmoPackCompiler

/// One option of a command: the spellings its parser takes and the line its `--help` shows, from one declaration.
struct CommandOption: Sendable {
  /// The spellings (`-o`, `--output`).
  var names: [String]
  /// The word for its value (`DIR`), or nil for an on/off flag.
  var value: String?
  /// What it does, for `--help` (wrapped to the page).
  var help: String
  /// Older spellings, still taken with a warning and shown only as such.
  var older: [String] = []

  /// An option that takes a value.
  init(_ names: [String], _ value: String, _ help: String, older: [String] = []) {
    self.names = names
    self.value = value
    self.help = help
    self.older = older
  }

  /// An on/off flag.
  init(_ names: [String], _ help: String, older: [String] = []) {
    self.names = names
    self.value = nil
    self.help = help
    self.older = older
  }
}

/// A group of options under one heading of `--help`.
struct OptionSection: Sendable {
  var title: String
  var options: [CommandOption]
}

/// A subcommand: its help page and its parser's option sets come from this one declaration.
struct Command: Sendable {
  /// The subcommand's name.
  let name: String
  /// One line for `emopack --help`.
  let summary: String
  /// The usage lines, without `emopack NAME`.
  let usage: [String]
  /// What the command does, before the options.
  let about: String
  /// The settings table's rows, shown and parsed first (build and validate), or nil.
  var settings: SettingsTable? = nil
  /// The command's own options, by section.
  let sections: [OptionSection]
  /// What follows the options (exit status, notes).
  var footer: String = ""
  /// Runs the command with its arguments; returns the exit status.
  let run: @Sendable ([String]) -> Int32

  /// Every option's section, `-h, --help` last.
  private var allSections: [OptionSection] {
    var all = sections
    all.append(OptionSection(title: "HELP", options: [CommandOption(["-h", "--help"], "This page")]))
    return all
  }

  /// The spellings that take a value.
  var valued: Set<String> {
    var out = settings?.valuedFlags ?? []
    for o in allSections.flatMap(\.options) where o.value != nil { out.formUnion(o.names + o.older) }
    return out
  }

  /// The on/off spellings.
  var switches: Set<String> {
    var out = settings?.switchFlags ?? []
    for o in allSections.flatMap(\.options) where o.value == nil { out.formUnion(o.names + o.older) }
    return out
  }

  /// The first usage line, for error messages.
  var usageLine: String { "emopack \(name) \(usage.first ?? "")" }

  /// The `--help` page.
  var help: String {
    var lines = ["emopack \(name) — \(summary)", "", "USAGE"]
    lines += usage.map { "  emopack \(name) \($0)" }
    if !about.isEmpty { lines += [""] + about.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    if let settings {
      lines += ["", "SETTINGS (a flag over the manifest's key over the default; docs/CLI.md has the table)"]
      for s in settings.rows {
        var names = s.flag + (s.placeholder.isEmpty ? "" : " " + s.placeholder)
        if let off = s.offFlag { names += ", " + off }
        var text = s.summary
        if !s.isSwitch { text += "; \(s.valuesText)" }
        text += " (default: \(s.defaultText))"
        if !s.deprecatedFlags.isEmpty {
          text += " (older spelling\(s.deprecatedFlags.count > 1 ? "s" : ""): \(s.deprecatedFlags.joined(separator: ", ")))"
        }
        lines += Self.row("    " + names, text)
      }
    }
    for section in allSections {
      lines += ["", section.title]
      for o in section.options {
        let short = o.names.filter { !$0.hasPrefix("--") }
        let long = o.names.filter { $0.hasPrefix("--") }
        var names = short.isEmpty ? "    " : short.joined(separator: ", ") + ", "
        names += long.joined(separator: ", ") + (o.value.map { " " + $0 } ?? "")
        var text = o.help
        if !o.older.isEmpty {
          text += " (older spelling\(o.older.count > 1 ? "s" : ""): \(o.older.joined(separator: ", ")))"
        }
        lines += Self.row(names, text)
      }
    }
    if !footer.isEmpty { lines += [""] + footer.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    return lines.joined(separator: "\n")
  }

  /// The help column starts here.
  static let column = 28
  /// Lines are wrapped to this width.
  static let width = 100

  /// An option's lines: its names, then its text wrapped in the help column.
  static func row(_ names: String, _ text: String) -> [String] {
    let lead = "  " + names
    var out: [String] = []
    var line = lead.padding(toLength: column, withPad: " ", startingAt: 0)
    if lead.count > column - 2 {
      out.append(lead)
      line = String(repeating: " ", count: column)
    }
    var first = true
    for word in text.split(separator: " ") {
      if !first && line.count + 1 + word.count > width {
        out.append(line)
        line = String(repeating: " ", count: column)
        first = true
      }
      line += (first ? "" : " ") + word
      first = false
    }
    out.append(line)
    return out
  }
}
