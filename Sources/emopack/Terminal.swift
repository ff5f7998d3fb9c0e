import EmoPackCompiler
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Output helpers: standard error, terminal detection, the progress bar.
enum Terminal {
  static var stderrIsTTY: Bool { isatty(2) != 0 }

  /// When set, nothing is printed (tests that run commands in the test process).
  nonisolated(unsafe) static var silenced = false

  static func error(_ text: String) {
    if silenced { return }
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  static func out(_ text: String) {
    if silenced { return }
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// Prints diagnostics as a compiler does, in order; in each file the first three of a code are shown and
  /// the rest counted (`all` shows every one).
  static func print(_ diagnostics: [Diagnostic], all: Bool = false) {
    let colour = stderrIsTTY && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    func paint(_ severity: Diagnostic.Severity) -> String {
      guard colour else { return severity.rawValue }
      let code =
        switch severity {
        case .error: "31"
        case .warning: "33"
        case .note: "36"
        }
      return "\u{1B}[1;\(code)m\(severity.rawValue)\u{1B}[0m"
    }
    for line in DiagnosticGroups(diagnostics, limit: all ? nil : 3).lines {
      switch line {
      case .diagnostic(let d):
        error(d.description.replacingOccurrences(of: ": \(d.severity.rawValue): ", with: ": \(paint(d.severity)): "))
      case .more(let file, let code, let severity, let count):
        error(
          "\(file): \(paint(.note)): … and \(count) more \(severity.rawValue)(s) like this [\(code.rawValue)] (--all-diagnostics shows them)"
        )
      }
    }
  }
}

/// A one-line progress bar on standard error, redrawn in place.
final class ProgressBar: @unchecked Sendable {
  private let lock = NSLock()
  private var lastDraw = 0.0
  private var shown = false

  func update(_ p: BuildProgress) {
    lock.lock()
    defer { lock.unlock() }
    let now = Date().timeIntervalSince1970
    guard now - lastDraw > 0.05 || p.done == p.total else { return }
    lastDraw = now
    let width = 30
    let filled = p.total > 0 ? p.done * width / p.total : width
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    FileHandle.standardError.write(Data("\r\u{1B}[2K\(p.pack) \(p.stage) \(bar) \(p.done)/\(p.total)".utf8))
    shown = true
  }

  func finish() {
    lock.lock()
    defer { lock.unlock() }
    if shown { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
  }
}

/// JSON with sorted keys, for stable machine output.
func jsonText<T: Encodable>(_ value: T) -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
  return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
}
