import EmoPackCompiler
import Foundation

/// What every command prints: its diagnostics on standard error, as a compiler does, and with `--json` one object
/// on standard output that carries `diagnostics` whatever happened.
enum Report {
  /// Prints `diagnostics` (every one when `all`) and, with `json`, one object: the members of `payload` (an
  /// `Encodable` value encoding an object) with `command` and `diagnostics` added.
  static func emit(
    _ command: String, json: Bool, diagnostics: [Diagnostic], payload: (any Encodable)? = nil, all: Bool = true
  ) {
    Terminal.print(diagnostics, all: all)
    guard json else { return }
    var object: [String: Any] = [:]
    if let payload, let data = try? JSONEncoder().encode(AnyEncodable(payload)),
      let members = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    {
      object = members
    }
    object["command"] = command
    let encoder = JSONEncoder()
    object["diagnostics"] = (try? JSONSerialization.jsonObject(with: encoder.encode(diagnostics))) ?? []
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]))
      ?? Data("{}".utf8)
    Terminal.out(String(decoding: data, as: UTF8.self))
  }

  /// The exit status the diagnostics call for: 2 for a usage error, 3 for a file that cannot be read or written,
  /// 1 for any other error, else 0.
  static func status(_ diagnostics: [Diagnostic]) -> Int32 {
    let errors = diagnostics.filter { $0.severity == .error }.map(\.code)
    if errors.contains(.usage) { return 2 }
    if errors.contains(where: { [.ioFailed, .packUnreadable].contains($0) }) { return 3 }
    return errors.isEmpty ? 0 : 1
  }

  /// A usage error as a diagnostic at the command line.
  static func usage(_ message: String) -> Diagnostic {
    Diagnostic(.error, .usage, file: "<command line>", message)
  }

  /// Reports a usage error of `command`: the diagnostic, the usage line and where help is; returns 2.
  static func usageFailure(_ command: Command, _ message: String, json: Bool) -> Int32 {
    emit(command.name, json: json, diagnostics: [usage(message)])
    Terminal.error("Usage: \(command.usageLine)   (emopack \(command.name) --help)")
    return 2
  }

  /// Prints the diagnostics and returns the status they call for.
  static func finish(
    _ command: String, json: Bool, diagnostics: [Diagnostic], payload: (any Encodable)? = nil, all: Bool = true
  ) -> Int32 {
    emit(command, json: json, diagnostics: diagnostics, payload: payload, all: all)
    return status(diagnostics)
  }
}

/// Any encodable value, for encoding an existential.
private struct AnyEncodable: Encodable {
  let value: any Encodable
  init(_ value: any Encodable) { self.value = value }
  func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
