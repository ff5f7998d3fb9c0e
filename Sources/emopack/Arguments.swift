/// A usage error: exit code 2.
struct UsageError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// Command-line arguments: options may come before or after positionals; `--` ends options.
struct Arguments {
  private(set) var positionals: [String] = []
  private var values: [String: [String]] = [:]
  private var flags: Set<String> = []
  /// Every flag given, in order (the last of two opposites wins).
  private(set) var flagOrder: [String] = []
  /// The last value of each valued option.
  var lastValues: [String: String] { values.compactMapValues(\.last) }
  /// Every value of each valued option, in the order given.
  var allValues: [String: [String]] { values }

  /// Parses `args` given the option names that take a value and the boolean flags.
  init(_ args: [String], valued: Set<String>, flags known: Set<String>) throws {
    var i = 0
    var onlyPositionals = false
    while i < args.count {
      let a = args[i]
      i += 1
      if onlyPositionals || !a.hasPrefix("-") || a == "-" {
        positionals.append(a)
        continue
      }
      if a == "--" {
        onlyPositionals = true
        continue
      }
      var name = a
      var inline: String?
      if let eq = a.firstIndex(of: "="), a.hasPrefix("--") {
        name = String(a[..<eq])
        inline = String(a[a.index(after: eq)...])
      }
      if valued.contains(name) {
        let value: String
        if let inline {
          value = inline
        } else {
          guard i < args.count else { throw UsageError(message: "option \(name) needs a value") }
          value = args[i]
          i += 1
        }
        // No option means anything by an empty value (`-o ""` is a slip, not the current folder).
        guard !value.isEmpty else { throw UsageError(message: "option \(name) needs a value, got an empty one") }
        values[name, default: []].append(value)
      } else if known.contains(name) {
        if inline != nil { throw UsageError(message: "option \(name) takes no value") }
        flags.insert(name)
        flagOrder.append(name)
      } else {
        throw UsageError(message: "unknown option '\(a)'")
      }
    }
  }

  func flag(_ names: String...) -> Bool { names.contains { flags.contains($0) } }

  func value(_ names: String...) -> String? {
    for n in names { if let v = values[n]?.last { return v } }
    return nil
  }

  func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
    guard let v = value(name) else { return nil }
    guard let i = Int(v), range.contains(i) else {
      throw UsageError(
        message: "\(name) expects a whole number in \(range.lowerBound)...\(range.upperBound), got '\(v)'")
    }
    return i
  }
}
