/// The settings tables of docs/CLI.md and docs/MANIFEST.md, written from `SettingsTable` (a test compares the
/// documents with them; `RECORD=1 swift test` writes them in).
package enum SettingsDocuments {
  /// The line before a generated table.
  package static let begin = "<!-- generated from SettingsTable: edit the table, then RECORD=1 swift test -->"
  /// The line after it.
  package static let end = "<!-- end of generated table -->"

  /// docs/CLI.md's table: every setting by its flag.
  package static func cliTable(_ table: SettingsTable = .standard) -> String {
    var lines = [
      "| flag | values | default | manifest key | changes | code | what it does |",
      "|---|---|---|---|---|---|---|",
    ]
    for s in table.rows {
      var flag = "`\(s.flag)\(s.placeholder.isEmpty ? "" : " " + s.placeholder)`"
      if let off = s.offFlag { flag += ", `\(off)`" }
      if !s.deprecatedFlags.isEmpty { flag += " (older: \(s.deprecatedFlags.map { "`\($0)`" }.joined(separator: ", ")))" }
      let key = s.manifestKey.map { "`\($0)`" } ?? "—"
      lines.append(
        "| \(flag) | \(cell(s.valuesText)) | \(cell(s.defaultText)) | \(key) | \(effect(s.effect)) | `\(s.code.rawValue)` | \(cell(s.summary)) |"
      )
    }
    return lines.joined(separator: "\n")
  }

  /// docs/MANIFEST.md's table: the settings a manifest can give, by key.
  package static func manifestTable(_ table: SettingsTable = .standard) -> String {
    var lines = ["| key | type | values | default | flag | what it does |", "|---|---|---|---|---|---|"]
    for s in table.rows {
      guard let key = s.manifestKey else { continue }
      var name = "`\(key)`"
      if !s.deprecatedManifestKeys.isEmpty {
        name += " (older: \(s.deprecatedManifestKeys.map { "`\($0)`" }.joined(separator: ", ")))"
      }
      lines.append(
        "| \(name) | \(type(s.kind)) | \(cell(manifestValues(s))) | \(cell(s.defaultText)) | `\(s.flag)` | \(cell(s.summary)) |"
      )
    }
    return lines.joined(separator: "\n")
  }

  /// `document` with the text between `begin` and `end` replaced by `table`, or nil when it has no such place.
  package static func replacing(in document: String, with table: String) -> String? {
    guard let b = document.range(of: begin), let e = document.range(of: end, range: b.upperBound..<document.endIndex)
    else { return nil }
    return String(document[..<b.upperBound]) + "\n" + table + "\n" + String(document[e.lowerBound...])
  }

  /// The values as a manifest writes them.
  private static func manifestValues(_ s: Setting) -> String {
    switch s.kind {
    case .toggle: "true, false"
    case .tristate(let on, let off, let neither): "true (\(on)), false (\(off)); absent: \(neither)"
    case .scales: "each in 1...4, none twice"
    default: s.valuesText
    }
  }

  private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

  private static func effect(_ e: Setting.Effect) -> String {
    switch e {
    case .sprites: "sprites, sheets"
    case .outputs: "sheets, .pack"
    case .identity: "the pack's id or names"
    }
  }

  private static func type(_ kind: Setting.Kind) -> String {
    switch kind {
    case .integer: "integer"
    case .number: "number"
    case .scales: "array of integers"
    case .choice, .identifier: "string"
    case .toggle, .tristate: "boolean"
    case .localizedName: "object"
    }
  }
}
