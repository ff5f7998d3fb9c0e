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
  public mutating func error(_ code: DiagnosticCode, _ message: String, at location: DiagnosticLocation) {
    items.append(location.diagnostic(.error, code, message))
  }

  /// Appends a warning at `location`.
  public mutating func warning(_ code: DiagnosticCode, _ message: String, at location: DiagnosticLocation) {
    items.append(location.diagnostic(.warning, code, message))
  }

  /// Appends a note at `location`.
  public mutating func note(_ code: DiagnosticCode, _ message: String, at location: DiagnosticLocation) {
    items.append(location.diagnostic(.note, code, message))
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

  func diagnostic(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String) -> Diagnostic {
    Diagnostic(
      severity, code, file: file, line: line, column: column, keyPath: keyPath.isEmpty ? nil : keyPath, message)
  }
}

extension Diagnostic: Error {}

/// Diagnostics as a person reads them: in each file, the first `limit` of a code are kept and the rest are
/// counted.
public struct DiagnosticGroups: Sendable, Equatable {
  /// One line of output: a diagnostic, or a count of those of its code left out in its file.
  public enum Line: Sendable, Equatable {
    /// A diagnostic shown.
    case diagnostic(Diagnostic)
    /// `count` more of `code` in `file` were left out.
    case more(file: String, code: DiagnosticCode, severity: Diagnostic.Severity, count: Int)
  }

  /// The lines, in the diagnostics' order, each count right after the last shown diagnostic of its group.
  public let lines: [Line]

  /// Groups `diagnostics` by file and code, keeping the first `limit` of each (nil: keep all).
  ///
  /// A note right after a kept diagnostic stays with it.
  public init(_ diagnostics: [Diagnostic], limit: Int? = 3) {
    struct Key: Hashable {
      var file: String
      var code: DiagnosticCode
    }
    var seen: [Key: Int] = [:]
    var lastShown: [Key: Int] = [:]
    var out: [Line] = []
    var keptPrevious = true
    for d in diagnostics {
      // A note that follows a diagnostic goes with it (`first used here`).
      if d.severity == .note, d.code == .firstDefinedHere {
        if keptPrevious { out.append(.diagnostic(d)) }
        continue
      }
      let key = Key(file: d.file, code: d.code)
      let n = seen[key, default: 0]
      seen[key] = n + 1
      keptPrevious = limit.map { n < $0 } ?? true
      if keptPrevious {
        out.append(.diagnostic(d))
        lastShown[key] = out.count - 1
      }
    }
    guard let limit else {
      lines = out
      return
    }
    // Counts go after the last shown diagnostic of their group.
    var inserts: [(Int, Line)] = []
    for (key, n) in seen where n > limit {
      guard let at = lastShown[key], case .diagnostic(let d) = out[at] else { continue }
      inserts.append((at + 1, .more(file: key.file, code: key.code, severity: d.severity, count: n - limit)))
    }
    for (at, line) in inserts.sorted(by: { $0.0 > $1.0 }) { out.insert(line, at: at) }
    lines = out
  }
}
