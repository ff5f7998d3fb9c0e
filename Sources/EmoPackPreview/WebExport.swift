import Foundation

/// `emopack export PACK... --format web`: the packs with their sheets, the web runtime (docs/WEB.md) and an
/// example page with the keyboard and a message field.
package enum WebExport {
  /// The files, by path under the output folder: `packs/ID/` (each `.pack` with its sheets), `packs.json` (what
  /// the page loads), `emopack/emopack.js` (the web runtime as one ES module) and `index.html` with `example.js`.
  package static func files(_ packs: [PreviewPack]) throws(PreviewError) -> [(name: String, bytes: [UInt8])] {
    var out: [(String, [UInt8])] = []
    var listed: [String] = []
    var ids = Set<String>()
    for pack in packs {
      let id = pack.reader.id
      guard ids.insert(id).inserted else { throw PreviewError(path: pack.path, "pack '\(id)' is given twice", cause: .conflict) }
      let file = "packs/\(id)/\(id).pack"
      guard let bytes = FileManager.default.contents(atPath: pack.path) else {
        throw PreviewError(path: pack.path, "cannot be read")
      }
      out.append((file, [UInt8](bytes)))
      var sheets: [String] = []
      for (i, sheet) in pack.sheets.enumerated() {
        out.append(("packs/\(id)/\(sheet.fileName)", try pack.sheetBytes(i)))
        sheets.append(Exporter.jsonString("packs/\(id)/\(sheet.fileName)"))
      }
      listed.append(
        "{\"id\": \(Exporter.jsonString(id)), \"file\": \(Exporter.jsonString(file)), \"sheets\": [\(sheets.joined(separator: ", "))]}"
      )
    }
    out.append(("packs.json", Array("{\"packs\": [\n  \(listed.joined(separator: ",\n  "))\n]}\n".utf8)))
    for (path, bytes) in WebModule.files { out.append((path, bytes)) }
    return out
  }
}
