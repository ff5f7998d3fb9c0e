/// A parsed manifest document: JSON or property list, with positions where the format gives them.
package struct ManifestNode: Sendable {
  /// The value kinds of JSON and plists together.
  package indirect enum Value: Sendable {
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
  package var value: Value
  /// 1-based line, for JSON.
  package var line: Int?
  /// 1-based column, for JSON.
  package var column: Int?

  /// Creates a node.
  package init(_ value: Value, line: Int? = nil, column: Int? = nil) {
    self.value = value
    self.line = line
    self.column = column
  }

  /// A word for the value's type, used in messages ("expected a string, found an array").
  package var typeName: String {
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
  package subscript(key: String) -> ManifestNode? {
    if case .object(let members) = value { return members.first { $0.key == key }?.node }
    return nil
  }

  /// The string value, if this is a string.
  package var string: String? {
    if case .string(let s) = value { return s }
    return nil
  }
}
