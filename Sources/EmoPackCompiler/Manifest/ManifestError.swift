import Foundation

/// A manifest that could not be read at all: too large, unreadable, or its syntax is broken.
public struct ManifestError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Which of those.
  public let code: DiagnosticCode
  /// The file.
  public let file: String
  /// 1-based line, where known.
  public let line: Int?
  /// 1-based column, where known.
  public let column: Int?
  /// What is wrong.
  public let message: String

  /// Creates an error.
  public init(file: String, line: Int?, column: Int?, code: DiagnosticCode = .manifestSyntax, _ message: String) {
    self.code = code
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// The error as a diagnostic.
  public var diagnostic: Diagnostic {
    Diagnostic(.error, code, file: file, line: line, column: column, message)
  }

  public var description: String { diagnostic.description }
}
