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

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, file: String, line: Int? = nil, column: Int? = nil, keyPath: String? = nil, _ message: String
  ) {
    self.severity = severity
    self.file = file
    self.line = line
    self.column = column
    self.keyPath = keyPath
    self.message = message
  }

  /// `file:line:column: error: message`, or `file: key.path: error: message` when no line is known.
  public var description: String {
    if let line {
      return "\(file):\(line):\(column ?? 1): \(severity.rawValue): \(message)"
    }
    if let keyPath, !keyPath.isEmpty {
      return "\(file): \(keyPath): \(severity.rawValue): \(message)"
    }
    return "\(file): \(severity.rawValue): \(message)"
  }
}

/// A growing list of diagnostics; order of insertion is kept.
public struct Diagnostics: Sendable, Equatable {
  /// All diagnostics so far.
  public private(set) var items: [Diagnostic] = []

  /// Creates an empty list.
  public init() {}

  /// True when any diagnostic is an error.
  public var hasErrors: Bool { items.contains { $0.severity == .error } }

  /// The errors only.
  public var errors: [Diagnostic] { items.filter { $0.severity == .error } }

  /// Appends a diagnostic.
  public mutating func append(_ d: Diagnostic) { items.append(d) }

  /// Appends all of `other`.
  public mutating func append(contentsOf other: Diagnostics) { items += other.items }

  /// Appends all of `other`.
  public mutating func append(contentsOf other: [Diagnostic]) { items += other }

  /// Appends an error at `location`.
  public mutating func error(_ message: String, at location: DiagnosticLocation) {
    items.append(location.diagnostic(.error, message))
  }

  /// Appends a warning at `location`.
  public mutating func warning(_ message: String, at location: DiagnosticLocation) {
    items.append(location.diagnostic(.warning, message))
  }

  /// Appends a note at `location`.
  public mutating func note(_ message: String, at location: DiagnosticLocation) {
    items.append(location.diagnostic(.note, message))
  }
}

/// Where in a file a value sits: a line and column when the format gives them, and always a key path.
public struct DiagnosticLocation: Equatable, Hashable, Sendable {
  /// The file.
  public var file: String
  /// 1-based line, if known.
  public var line: Int?
  /// 1-based column, if known.
  public var column: Int?
  /// The key path.
  public var keyPath: String

  /// Creates a location.
  public init(file: String, line: Int? = nil, column: Int? = nil, keyPath: String = "") {
    self.file = file
    self.line = line
    self.column = column
    self.keyPath = keyPath
  }

  func diagnostic(_ severity: Diagnostic.Severity, _ message: String) -> Diagnostic {
    Diagnostic(severity, file: file, line: line, column: column, keyPath: keyPath.isEmpty ? nil : keyPath, message)
  }
}

extension Diagnostic: Error {}
