import EmoPackFormat
import Foundation

/// Reads Weibo's emoticon bundles as they ship: `info.plist` (or `info.json`) beside @1x/@2x/@3x PNGs.
enum WeiboManifestReader {
  static let packKeys: Set<String> = [
    "id", "version", "group_name_cn", "group_name_tw", "group_name_en", "display_only", "group_type", "emoticons",
  ]
  static let entryKeys: Set<String> = ["chs", "cht", "png", "gif", "type", "code"]

  static func read(
    _ root: ManifestNode, folder: String, file: String, files: FolderListing
  ) -> (PackManifest?, Diagnostics) {
    var r = NodeReader(file: file)
    guard let members = r.object(root, "") else { return (nil, r.diagnostics) }
    r.unknownKeys(members, known: packKeys, "")
    let rootLocation = r.location(root, "")
    var id = ""
    if let n = r.member(members, "id") {
      // Some bundles write the id as a number.
      if case .integer(let v) = n.value { id = String(v) } else { id = r.string(n, "id") ?? "" }
    } else {
      r.diagnostics.error(.missingId, "missing required key 'id'", at: rootLocation)
    }
    var version = "1"
    if let n = r.member(members, "version") { version = r.versionText(n, "version") ?? version }
    var names: [LocalizedName] = []
    for (key, locale) in [("group_name_cn", "zh-Hans"), ("group_name_tw", "zh-Hant"), ("group_name_en", "en")] {
      if let n = r.member(members, key), let s = r.string(n, key), !s.isEmpty {
        names.append(LocalizedName(locale: locale, name: s))
      }
    }
    if let n = r.member(members, "display_only") { _ = r.bool(n, "display_only") }
    var entries: [ManifestEntry] = []
    if let n = r.member(members, "emoticons") {
      if let items = r.array(n, "emoticons") {
        for (index, item) in items.enumerated() {
          let path = NodeReader.path("emoticons", index)
          guard let fields = r.object(item, path) else { continue }
          r.unknownKeys(fields, known: entryKeys, path)
          if let e = entry(fields, item: item, path: path, reader: &r, files: files) { entries.append(e) }
        }
      }
    } else {
      r.diagnostics.error(.missingEmoticons, "missing required key 'emoticons'", at: rootLocation)
    }
    let manifest = PackManifest(
      format: .weibo, folder: folder, manifestPath: file, location: rootLocation, id: id, version: version,
      names: names.sorted { $0.locale < $1.locale }, entries: entries)
    return (manifest, r.diagnostics)
  }

  private static func entry(
    _ fields: [(key: String, node: ManifestNode)], item: ManifestNode, path: String, reader r: inout NodeReader,
    files: FolderListing
  ) -> ManifestEntry? {
    func text(_ key: String) -> (String, ManifestNode)? {
      guard let n = r.member(fields, key) else { return nil }
      if case .integer(let v) = n.value { return (String(v), n) }
      guard let s = r.string(n, "\(path).\(key)") else { return nil }
      return (s, n)
    }
    var entry = ManifestEntry(image: nil, tags: [], emoji: nil, location: r.location(item, path))
    let png = text("png").flatMap { $0.0.isEmpty ? nil : $0 }
    let code = text("code").flatMap { $0.0.isEmpty ? nil : $0 }
    // `type` is "0" (image) or "1" (emoji), sometimes an integer, sometimes empty: then the fields decide.
    var isEmoji = png == nil && code != nil
    if let (t, node) = text("type"), !t.isEmpty {
      switch t {
      case "0": isEmoji = false
      case "1": isEmoji = true
      default:
        r.diagnostics.error(
          .weiboType,
          "type must be \"0\" (image) or \"1\" (emoji), found \"\(t)\"", at: r.location(node, "\(path).type"))
        return nil
      }
    }
    for (key, locale) in [("chs", "zh-Hans"), ("cht", "zh-Hant")] {
      guard let (tag, node) = text(key), !tag.isEmpty else { continue }
      let location = r.location(node, "\(path).\(key)")
      if !entry.tags.contains(where: { $0.value == tag }) { entry.tags.append(Located(tag, location)) }
      // The name between the brackets is the entry's keyword in that script.
      if tag.hasPrefix("["), tag.hasSuffix("]"), tag.count > 2 {
        entry.keywords.append(
          ManifestKeyword(locale: locale, text: Located(String(tag.dropFirst().dropLast()), location)))
      }
    }
    if let (c, node) = code { entry.emoji = Located(c, r.location(node, "\(path).code")) }
    if !isEmoji {
      if let (name, node) = png {
        entry.image = Located(name, r.location(node, "\(path).png"))
      } else {
        r.diagnostics.error(.weiboNoPng, "image emoticon has no 'png'", at: r.location(item, path))
      }
    }
    if let (gif, node) = text("gif"), !gif.isEmpty {
      if files.family(of: gif) != nil {
        entry.animationFile = Located(gif, r.location(node, "\(path).gif"))
      } else {
        r.diagnostics.note(
          .gifIgnored, "gif '\(gif)' is missing: the entry is the still png", at: r.location(node, "\(path).gif"))
      }
    }
    return entry
  }
}
