import EmoPackFormat
import Foundation

/// Reads NetEase NIM's `emoji.plist`: an array of catalogs, each a pack.
enum NIMManifestReader {
  static let catalogKeys: Set<String> = ["info", "data"]
  static let infoKeys: Set<String> = ["id", "title", "normal", "pressed"]
  static let entryKeys: Set<String> = ["id", "tag", "file", "unicode"]

  static func read(
    _ root: ManifestNode, folder: String, file: String, files: FolderListing
  ) -> ([PackManifest], Diagnostics) {
    var r = NodeReader(file: file)
    guard let catalogs = r.array(root, "") else { return ([], r.diagnostics) }
    var packs: [PackManifest] = []
    for (c, catalog) in catalogs.enumerated() {
      let cpath = "[\(c)]"
      guard let members = r.object(catalog, cpath) else { continue }
      r.unknownKeys(members, known: catalogKeys, cpath)
      var id = ""
      var names: [LocalizedName] = []
      if let info = r.member(members, "info"), let fields = r.object(info, cpath + ".info") {
        r.unknownKeys(fields, known: infoKeys, cpath + ".info")
        if let n = r.member(fields, "id") { id = r.string(n, cpath + ".info.id") ?? "" }
        if let n = r.member(fields, "title"), let t = r.string(n, cpath + ".info.title") {
          names.append(LocalizedName(locale: "zh-Hans", name: t))
        }
      } else if r.member(members, "info") == nil {
        r.diagnostics.error(.nimCatalogNoInfo, "catalog has no 'info'", at: r.location(catalog, cpath))
      }
      if id.isEmpty && r.member(members, "info") != nil {
        r.diagnostics.error(.nimCatalogNoId, "catalog info has no 'id'", at: r.location(catalog, cpath + ".info"))
      }
      var entries: [ManifestEntry] = []
      if let data = r.member(members, "data"), let items = r.array(data, cpath + ".data") {
        for (index, item) in items.enumerated() {
          let path = "\(cpath).data[\(index)]"
          guard let fields = r.object(item, path) else { continue }
          r.unknownKeys(fields, known: entryKeys, path)
          var entry = ManifestEntry(image: nil, tags: [], emoji: nil, location: r.location(item, path))
          if let n = r.member(fields, "tag"), let t = r.string(n, path + ".tag") {
            entry.tags = [Located(t, r.location(n, path + ".tag"))]
          }
          if let n = r.member(fields, "file"), let f = r.string(n, path + ".file"), !f.isEmpty {
            entry.image = Located(f, r.location(n, path + ".file"))
          }
          if let n = r.member(fields, "unicode"), let u = r.string(n, path + ".unicode"), !u.isEmpty {
            entry.emoji = Located(u, r.location(n, path + ".unicode"))
          }
          if entry.image == nil && entry.emoji == nil {
            r.diagnostics.error(.nimEntryEmpty, "entry has neither 'file' nor 'unicode'", at: r.location(item, path))
          }
          entries.append(entry)
        }
      } else if r.member(members, "data") == nil {
        r.diagnostics.error(.nimCatalogNoData, "catalog has no 'data'", at: r.location(catalog, cpath))
      }
      let location = r.location(catalog, cpath)
      packs.append(
        PackManifest(
          format: .nim, folder: folder, manifestPath: file, location: location, id: id, version: "1", names: names,
          entries: entries))
    }
    if catalogs.isEmpty {
      r.diagnostics.error(.nimNoCatalogs, "emoji.plist holds no catalogs", at: r.location(root, ""))
    }
    return (packs, r.diagnostics)
  }
}
