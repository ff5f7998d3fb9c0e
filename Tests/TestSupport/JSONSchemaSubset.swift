import Foundation

/// Checks a JSON value against a JSON Schema, for the subset of keywords emopack's schemas use.
///
/// Keywords: `type`, `properties`, `required`, `dependentRequired`, `additionalProperties: false`, `items`, `enum`, `const`, `minimum`,
/// `maximum`, `pattern` and `$ref` to `#/$defs/…`. Any other keyword is reported, so a schema cannot silently
/// rely on one this checker ignores (`$schema`, `$id`, `title`, `description` are annotations).
/// Sendable: the parsed schema is never changed after `init`.
public struct JSONSchemaSubset: @unchecked Sendable {
  private let root: [String: Any]

  /// A schema read from JSON text.
  public init(data: Data) throws {
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw SchemaError(message: "the schema is not an object")
    }
    root = object
  }

  /// Thrown for a schema this checker cannot read.
  public struct SchemaError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
  }

  /// The ways `instance` (as `JSONSerialization` gives it) breaks the schema, each as `path: problem`.
  public func problems(_ instance: Any) -> [String] {
    var out: [String] = []
    check(instance, against: root, at: "$", into: &out)
    return out
  }

  private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]
  private static let known: Set<String> = [
    "type", "properties", "required", "dependentRequired", "additionalProperties", "items", "enum", "const", "minimum", "maximum",
    "pattern", "$ref",
  ]

  /// The JSON type names `value` has (an integer is also a number).
  private static func types(of value: Any) -> Set<String> {
    if value is NSNull { return ["null"] }
    if let n = value as? NSNumber {
      if String(cString: n.objCType) == "c" { return ["boolean"] }
      let d = n.doubleValue
      return d.rounded() == d && abs(d) < 1e15 ? ["integer", "number"] : ["number"]
    }
    if value is String { return ["string"] }
    if value is [Any] { return ["array"] }
    if value is [String: Any] { return ["object"] }
    return []
  }

  private static func equal(_ a: Any, _ b: Any) -> Bool {
    (a as? NSObject).map { $0.isEqual(b) } ?? false
  }

  private func check(_ value: Any, against schema: [String: Any], at path: String, into out: inout [String]) {
    for key in schema.keys where !Self.known.contains(key) && !Self.annotations.contains(key) {
      out.append("\(path): the schema uses '\(key)', which this checker does not know")
    }
    if let ref = schema["$ref"] as? String {
      let name = ref.hasPrefix("#/$defs/") ? String(ref.dropFirst(8)) : ""
      guard let defs = root["$defs"] as? [String: Any], let target = defs[name] as? [String: Any] else {
        out.append("\(path): unresolved $ref \(ref)")
        return
      }
      check(value, against: target, at: path, into: &out)
    }
    let types = Self.types(of: value)
    if let type = schema["type"] {
      let allowed = Set((type as? [String]) ?? [(type as? String) ?? ""])
      if allowed.isDisjoint(with: types) {
        out.append(
          "\(path): expected \(allowed.sorted().joined(separator: " or ")), found \(types.sorted().last ?? "?")")
        return
      }
    }
    if let constant = schema["const"], !Self.equal(value, constant) {
      out.append("\(path): expected \(constant), found \(value)")
    }
    if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal(value, $0) }) {
      out.append("\(path): \(value) is not one of \(options)")
    }
    if let n = value as? NSNumber, !types.contains("boolean") {
      if let min = (schema["minimum"] as? NSNumber)?.doubleValue, n.doubleValue < min {
        out.append("\(path): \(n) is under the minimum \(min)")
      }
      if let max = (schema["maximum"] as? NSNumber)?.doubleValue, n.doubleValue > max {
        out.append("\(path): \(n) is over the maximum \(max)")
      }
    }
    if let text = value as? String, let pattern = schema["pattern"] as? String,
      text.range(of: pattern, options: .regularExpression) == nil
    {
      out.append("\(path): '\(text)' does not match \(pattern)")
    }
    if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
      for (i, item) in array.enumerated() { check(item, against: items, at: "\(path)[\(i)]", into: &out) }
    }
    if let object = value as? [String: Any] {
      let properties = schema["properties"] as? [String: Any] ?? [:]
      for name in schema["required"] as? [String] ?? [] where object[name] == nil {
        out.append("\(path): missing '\(name)'")
      }
      let dependent = schema["dependentRequired"] as? [String: [String]] ?? [:]
      for (present, names) in dependent.sorted(by: { $0.key < $1.key }) where object[present] != nil {
        for name in names where object[name] == nil { out.append("\(path): missing '\(name)'") }
      }
      for (name, item) in object.sorted(by: { $0.key < $1.key }) {
        if let sub = properties[name] as? [String: Any] {
          check(item, against: sub, at: "\(path).\(name)", into: &out)
        } else if (schema["additionalProperties"] as? NSNumber).map({ !$0.boolValue }) == true {
          out.append("\(path): unexpected '\(name)'")
        }
      }
    }
  }
}
