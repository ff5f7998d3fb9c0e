/// One problem found in a pack, located like a compiler's diagnostic.
public struct Diagnostic: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// How serious the problem is.
  public enum Severity: String, Sendable, Codable, Comparable {
    case error, warning, note

    private var rank: Int {
      switch self {
      case .error: return 0
      case .warning: return 1
      case .note: return 2
      }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
  }

  /// Error, warning or note.
  public var severity: Severity
  /// The stable code of the message's template.
  public var code: DiagnosticCode
  /// The file the problem is in.
  public var file: String
  /// 1-based line, where known.
  public var line: Int?
  /// 1-based column, where known.
  public var column: Int?
  /// The key path inside the manifest (`emoticons[3].tags[0]`), where no line is known or as extra context.
  public var keyPath: String?
  /// The sentence users read.
  public var message: String
  /// The byte offset in a binary file (a `.pack`), where the problem is there.
  public var offset: Int?
  /// What was expected, where the check compares two values (a size, a digest, dimensions).
  public var expected: String?
  /// What was found instead.
  public var found: String?

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, _ code: DiagnosticCode, file: String, line: Int? = nil, column: Int? = nil,
    keyPath: String? = nil, _ message: String
  ) {
    self.severity = severity
    self.code = code
    self.file = file
    self.line = line
    self.column = column
    self.keyPath = keyPath
    self.message = message
  }

  /// `file:line:column: error: message`, `file: key.path: error: message` when no line is known, or
  /// `file: byte N: error: message` in a binary file.
  public var description: String {
    if let offset { return "\(file): byte \(offset): \(severity.rawValue): \(message)" }
    if let line {
      return "\(file):\(line):\(column ?? 1): \(severity.rawValue): \(message)"
    }
    if let keyPath, !keyPath.isEmpty {
      return "\(file): \(keyPath): \(severity.rawValue): \(message)"
    }
    return "\(file): \(severity.rawValue): \(message)"
  }
}

extension Diagnostic: Error {}
