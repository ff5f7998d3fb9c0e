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
