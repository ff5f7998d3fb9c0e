import EmoPackFormat
import Foundation

/// Reads the code-list `info.plist` of YYText-style bundles (the QQ set): a root array of one-key dictionaries,
/// each a legacy code and the base name of its image, `[{"/微笑": "024"}, …]`, with `024@2x.gif` (animated) and
/// `024@2x.png` (its still) beside it.
enum CodeListManifestReader {
  /// Whether most items have the shape: a list with a few bad items is still read as a code list (and the bad
  /// ones reported), where a NetEase `emoji.plist` (an array of catalogs) has none.
  static func looksLikeCodeList(_ root: ManifestNode) -> Bool {
    guard case .array(let items) = root.value, !items.isEmpty else { return false }
    let shaped = items.filter { item in
      guard case .object(let members) = item.value, members.count == 1 else { return false }
      if case .string = members[0].node.value { return true }
      return false
    }
    return shaped.count * 2 > items.count
  }

  static func read(
    _ root: ManifestNode, folder: String, file: String, files: FolderListing
  ) -> (PackManifest?, Diagnostics) {
    var r = NodeReader(file: file)
    guard let items = r.array(root, "") else { return (nil, r.diagnostics) }
    var entries: [ManifestEntry] = []
    var pointSize: Int?
    for (index, item) in items.enumerated() {
      let path = NodeReader.path("", index)
      guard case .object(let members) = item.value, members.count == 1,
        case .string(let name) = members[0].node.value
      else {
        r.diagnostics.error(
          .codeListItem,
          "item is \(item.typeName == "an object" ? "a dictionary of \(item.objectCount) keys" : item.typeName), expected one key (a code) whose value is an image name",
          at: r.location(item, path))
        continue
      }
      let code = members[0].key
      let codePath = path + "." + code
      let location = r.location(members[0].node, codePath)
      var entry = ManifestEntry(image: nil, tags: [], emoji: nil, location: r.location(item, path))
      // The code is the entry's key, checked and claimed like a native `codes` entry.
      entry.codes = [Located(code, location)]
      if code.hasPrefix("/"), code.count > 1, code.dropFirst().allSatisfy(\.isLetter) {
        entry.keywords = [ManifestKeyword(locale: "zh-Hans", text: Located(String(code.dropFirst()), location))]
      }
      let images = self.images(named: name, files: files)
      if images.animation == nil && images.still == nil {
        r.diagnostics.error(
          .imageMissing,
          "image '\(name)' not found (looked for \(name).gif, \(name).png and their @2x, @3x and @4x)", at: location)
        entry.hasReaderErrors = true
      }
      entry.animationFile = images.animation.map { Located($0, location) }
      entry.image = images.still.map { Located($0, location) }
      if pointSize == nil, let size = images.pointSize(folder: folder) { pointSize = size }
      entries.append(entry)
    }
    let base = ((folder as NSString).lastPathComponent as NSString).deletingPathExtension
    // The point size is the largest image's, at its scale; the scales are chosen from the sources.
    var settings: [String: Located<Setting.Value>] = [:]
    if let pointSize { settings[SettingsTable.size.name] = Located(.integer(pointSize), r.location(root, "")) }
    let manifest = PackManifest(
      format: .codeList, folder: folder, manifestPath: file, location: r.location(root, ""), id: packID(base),
      version: "1", names: [LocalizedName(locale: "en", name: base)], settings: settings, entries: entries)
    return (manifest, r.diagnostics)
  }

  /// The image files a code-list value names: a GIF (or APNG) family for the animation, a PNG family for the
  /// still. A value with an extension names that family alone.
  static func images(named name: String, files: FolderListing) -> Images {
    if ImageFamily.split(name).ext.isEmpty {
      return Images(
        animation: files.family(of: name + ".gif")?.largest?.name,
        still: files.family(of: name + ".png")?.largest?.name,
        files: files)
    }
    let found = files.family(of: name)?.largest?.name
    return name.lowercased().hasSuffix(".gif")
      ? Images(animation: found, still: nil, files: files) : Images(animation: nil, still: found, files: files)
  }

  struct Images {
    var animation: String?
    var still: String?
    let files: FolderListing

    /// The point size the files are drawn at: the largest file's side over its scale (`48` px `@2x` is 24 pt).
    func pointSize(folder: String) -> Int? {
      guard let name = animation ?? still, let family = files.family(of: name), let largest = family.largest else {
        return nil
      }
      let path = (folder as NSString).appendingPathComponent(largest.name)
      guard let head = try? FileSystem.readPrefix(path, count: 32) else { return nil }
      let side: Int
      if head.count >= 24, head.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
        side = Int(head[16]) << 24 | Int(head[17]) << 16 | Int(head[18]) << 8 | Int(head[19])
      } else if head.count >= 10, head.starts(with: Array("GIF".utf8)) {
        side = Int(head[6]) | Int(head[7]) << 8
      } else {
        return nil
      }
      let size = side / largest.scale
      return PackLayout.pointSizes.contains(size) && side % largest.scale == 0 ? size : nil
    }
  }

  /// A folder name as a pack id: letters, digits, '.', '_' and '-', others as '-'; `pack` when nothing is left.
  static func packID(_ name: String) -> String {
    var id = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "-" })
    while id.hasPrefix(".") { id.removeFirst() }
    id = String(id.prefix(128))
    return id.isEmpty ? "pack" : id
  }
}

extension ManifestNode {
  /// The number of members of an object (0 for other values).
  var objectCount: Int {
    if case .object(let members) = value { return members.count }
    return 0
  }
}
