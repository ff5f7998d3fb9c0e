import Foundation

/// A parsed manifest document: JSON or property list, with positions where the format gives them.
public struct ManifestNode: Sendable {
  /// The value kinds of JSON and plists together.
  public indirect enum Value: Sendable {
    case object([(key: String, node: ManifestNode)])
    case array([ManifestNode])
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case null
    case other(String)
  }

  /// The value.
  public var value: Value
  /// 1-based line, for JSON.
  public var line: Int?
  /// 1-based column, for JSON.
  public var column: Int?

  /// Creates a node.
  public init(_ value: Value, line: Int? = nil, column: Int? = nil) {
    self.value = value
    self.line = line
    self.column = column
  }

  /// A word for the value's type, used in messages ("expected a string, found an array").
  public var typeName: String {
    switch value {
    case .object: return "an object"
    case .array: return "an array"
    case .string: return "a string"
    case .integer: return "an integer"
    case .real: return "a number"
    case .bool: return "a boolean"
    case .null: return "null"
    case .other(let kind): return kind
    }
  }

  /// The member `key` of an object.
  public subscript(key: String) -> ManifestNode? {
    if case .object(let members) = value { return members.first { $0.key == key }?.node }
    return nil
  }

  /// The string value, if this is a string.
  public var string: String? {
    if case .string(let s) = value { return s }
    return nil
  }
}

/// Limits on manifests, checked before the cost is paid.
public struct ManifestLimits: Sendable, Equatable {
  /// Largest manifest file in bytes.
  public var maxBytes: Int = 16 << 20
  /// Deepest nesting of arrays and objects.
  public var maxDepth: Int = 64
  /// Most entries in one pack.
  public var maxEntries: Int = 65_535
  /// Longest tag in UTF-8 bytes.
  public var maxTagBytes: Int = 256

  /// Creates the default limits.
  public init() {}
}

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
