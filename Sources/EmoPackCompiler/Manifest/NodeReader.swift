import EmoPackFormat

/// Reads typed fields out of a manifest tree, reporting wrong types and unknown keys as diagnostics.
struct NodeReader {
  let file: String
  var diagnostics = Diagnostics()

  init(file: String) { self.file = file }

  func location(_ node: ManifestNode?, _ keyPath: String) -> DiagnosticLocation {
    DiagnosticLocation(file: file, line: node?.line, column: node?.column, keyPath: keyPath)
  }

  static func path(_ base: String, _ key: String) -> String { base.isEmpty ? key : "\(base).\(key)" }
  static func path(_ base: String, _ index: Int) -> String { "\(base)[\(index)]" }

  /// Members of an object, or an error when `node` is something else.
  mutating func object(_ node: ManifestNode, _ keyPath: String) -> [(key: String, node: ManifestNode)]? {
    if case .object(let members) = node.value {
      var seen = Set<String>()
      for m in members where !seen.insert(m.key).inserted {
        diagnostics.warning(
          .duplicateKey,
          "duplicate key '\(m.key)'; the last value is ignored", at: location(m.node, Self.path(keyPath, m.key)))
      }
      return members
    }
    diagnostics.error(.expectedObject, "expected an object, found \(node.typeName)", at: location(node, keyPath))
    return nil
  }

  mutating func array(_ node: ManifestNode, _ keyPath: String) -> [ManifestNode]? {
    if case .array(let items) = node.value { return items }
    diagnostics.error(.expectedArray, "expected an array, found \(node.typeName)", at: location(node, keyPath))
    return nil
  }

  mutating func string(_ node: ManifestNode, _ keyPath: String) -> String? {
    if case .string(let s) = node.value { return s }
    diagnostics.error(.expectedString, "expected a string, found \(node.typeName)", at: location(node, keyPath))
    return nil
  }

  mutating func integer(_ node: ManifestNode, _ keyPath: String) -> Int? {
    switch node.value {
    case .integer(let v): return v
    case .real(let d) where d == d.rounded() && abs(d) < 1e15: return Int(d)
    default:
      diagnostics.error(.expectedInteger, "expected an integer, found \(node.typeName)", at: location(node, keyPath))
      return nil
    }
  }

  mutating func bool(_ node: ManifestNode, _ keyPath: String) -> Bool? {
    switch node.value {
    case .bool(let b): return b
    case .integer(let v) where v == 0 || v == 1: return v == 1
    default:
      diagnostics.error(.expectedBoolean, "expected a boolean, found \(node.typeName)", at: location(node, keyPath))
      return nil
    }
  }

  /// Text of a version that may be written as a string, an integer or a real.
  mutating func versionText(_ node: ManifestNode, _ keyPath: String) -> String? {
    switch node.value {
    case .string(let s): return s
    case .integer(let v): return String(v)
    case .real(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    default:
      diagnostics.error(
        .expectedVersion, "expected a version (string or number), found \(node.typeName)", at: location(node, keyPath))
      return nil
    }
  }

  /// Warns about members whose keys are not in `known`.
  mutating func unknownKeys(_ members: [(key: String, node: ManifestNode)], known: Set<String>, _ keyPath: String) {
    for m in members where !known.contains(m.key) {
      diagnostics.warning(
        .unknownKey, "unknown key '\(m.key)' is ignored", at: location(m.node, Self.path(keyPath, m.key)))
    }
  }

  /// The first member named `key`.
  func member(_ members: [(key: String, node: ManifestNode)], _ key: String) -> ManifestNode? {
    members.first { $0.key == key }?.node
  }
}

extension NodeReader {
  /// A setting's value from its manifest node, read by the JSON type its kind takes (range and choices are
  /// `Setting.check`'s, in `PackSettings.resolve`).
  mutating func settingValue(_ setting: Setting, _ node: ManifestNode, _ keyPath: String) -> Setting.Value? {
    switch setting.kind {
    case .integer: return integer(node, keyPath).map { .integer($0) }
    case .number:
      switch node.value {
      case .integer(let n): return .number(Double(n))
      case .real(let x): return .number(x)
      default:
        diagnostics.error(.expectedNumber, "expected a number, found \(node.typeName)", at: location(node, keyPath))
        return nil
      }
    case .scales:
      guard let items = array(node, keyPath) else { return nil }
      let list = items.enumerated().compactMap { integer($0.element, Self.path(keyPath, $0.offset)) }
      return list.count == items.count ? .scales(list) : nil
    case .choice, .identifier: return string(node, keyPath).map { .name($0) }
    case .toggle: return bool(node, keyPath).map { .on($0) }
    case .tristate(let on, let off, _): return bool(node, keyPath).map { .name($0 ? on : off) }
    case .localizedName:
      guard let members = object(node, keyPath) else { return nil }
      return .localizedNames(
        members.compactMap { m in
          string(m.node, Self.path(keyPath, m.key)).map { LocalizedName(locale: m.key, name: $0) }
        })
    }
  }
}
