import EmoPackFormat

/// Reads emopack's own `pack.json` / `pack.plist` (schema in docs/MANIFEST.md).
enum NativeManifestReader {
  /// The pack's own keys; the settings' keys come from the table.
  static let packKeys: Set<String> = ["id", "version", "names", "emoticons"]
  static let entryKeys: Set<String> = [
    "image", "tags", "emoji", "frames", "loop", "still", "codes", "insert", "keywords",
  ]

  static func read(
    _ root: ManifestNode, folder: String, file: String, table: SettingsTable = .standard
  ) -> (PackManifest?, Diagnostics) {
    var r = NodeReader(file: file)
    guard let members = r.object(root, "") else { return (nil, r.diagnostics) }
    let settingKeys = table.rows.flatMap { [$0.manifestKey].compactMap { $0 } + $0.deprecatedManifestKeys }
    // A key path `a.b` makes `a` a key of the pack and `b` a key of the object `a`.
    let groups = Dictionary(grouping: settingKeys.filter { $0.contains(".") }) { String($0.prefix { $0 != "." }) }
    r.unknownKeys(
      members, known: packKeys.union(settingKeys.map { String($0.prefix { $0 != "." }) }), "")
    for (group, keys) in groups.sorted(by: { $0.key < $1.key }) {
      guard let n = r.member(members, group), case .object(let inner) = n.value else { continue }
      r.unknownKeys(inner, known: Set(keys.map { String($0.dropFirst(group.count + 1)) }), group)
    }
    let rootLocation = r.location(root, "")
    var id = ""
    if let n = r.member(members, "id") {
      id = r.string(n, "id") ?? ""
    } else {
      r.diagnostics.error(.missingId, "missing required key 'id'", at: rootLocation)
    }
    var version = "1"
    if let n = r.member(members, "version") { version = r.versionText(n, "version") ?? version }
    var names: [LocalizedName] = []
    if let n = r.member(members, "names"), let locales = r.object(n, "names") {
      for (locale, value) in locales {
        if let name = r.string(value, "names.\(locale)") { names.append(LocalizedName(locale: locale, name: name)) }
      }
    }
    let settings = readSettings(members, table: table, reader: &r)
    var entries: [ManifestEntry] = []
    if let n = r.member(members, "emoticons") {
      if let items = r.array(n, "emoticons") {
        for (index, item) in items.enumerated() {
          let path = NodeReader.path("emoticons", index)
          guard let fields = r.object(item, path) else { continue }
          r.unknownKeys(fields, known: entryKeys, path)
          var entry = ManifestEntry(image: nil, tags: [], emoji: nil, location: r.location(item, path))
          let errorsBefore = r.diagnostics.errors.count
          defer {
            if r.diagnostics.errors.count > errorsBefore, !entries.isEmpty {
              entries[entries.count - 1].hasReaderErrors = true
            }
          }
          if let v = r.member(fields, "image"), let s = r.string(v, path + ".image") {
            entry.image = Located(s, r.location(v, path + ".image"))
          }
          if let v = r.member(fields, "tags") {
            if case .string(let single) = v.value {
              entry.tags = [Located(single, r.location(v, path + ".tags"))]
            } else if let list = r.array(v, path + ".tags") {
              for (t, tagNode) in list.enumerated() {
                let tagPath = NodeReader.path(path + ".tags", t)
                if let s = r.string(tagNode, tagPath) { entry.tags.append(Located(s, r.location(tagNode, tagPath))) }
              }
            }
          }
          if let v = r.member(fields, "codes"), let list = r.array(v, path + ".codes") {
            for (k, codeNode) in list.enumerated() {
              let codePath = NodeReader.path(path + ".codes", k)
              if let s = r.string(codeNode, codePath) { entry.codes.append(Located(s, r.location(codeNode, codePath))) }
            }
          }
          if let v = r.member(fields, "insert"), let s = r.string(v, path + ".insert") {
            if let form = InsertForm(rawValue: s) {
              entry.insert = Located(form, r.location(v, path + ".insert"))
            } else {
              r.diagnostics.error(
                .insertForm, "insert must be \"tag\" or \"code\", found \"\(s)\"", at: r.location(v, path + ".insert"))
            }
          }
          if let v = r.member(fields, "keywords"), let locales = r.object(v, path + ".keywords") {
            for (locale, listNode) in locales {
              let localePath = path + ".keywords." + locale
              guard let list = r.array(listNode, localePath) else { continue }
              for (k, node) in list.enumerated() {
                let keywordPath = NodeReader.path(localePath, k)
                if let s = r.string(node, keywordPath) {
                  entry.keywords.append(
                    ManifestKeyword(locale: locale, text: Located(s, r.location(node, keywordPath))))
                }
              }
            }
          }
          if let v = r.member(fields, "emoji"), let s = r.string(v, path + ".emoji") {
            entry.emoji = Located(s, r.location(v, path + ".emoji"))
          }
          if let v = r.member(fields, "frames"), let list = r.array(v, path + ".frames") {
            for (k, frameNode) in list.enumerated() {
              let framePath = NodeReader.path(path + ".frames", k)
              guard let frame = r.object(frameNode, framePath) else { continue }
              r.unknownKeys(frame, known: ["image", "delay"], framePath)
              let image = r.member(frame, "image").flatMap { n in
                r.string(n, framePath + ".image").map { Located($0, r.location(n, framePath + ".image")) }
              }
              let delay = r.member(frame, "delay").flatMap { n in
                r.integer(n, framePath + ".delay").map { Located($0, r.location(n, framePath + ".delay")) }
              }
              if let image {
                entry.frames.append(ManifestFrame(image: image, delay: delay ?? Located(100, image.location)))
              } else {
                r.diagnostics.error(.frameNoImage, "frame has no 'image'", at: r.location(frameNode, framePath))
              }
            }
          }
          if let v = r.member(fields, "loop") {
            entry.loop = r.integer(v, path + ".loop").map { Located($0, r.location(v, path + ".loop")) }
          }
          if let v = r.member(fields, "still") {
            entry.still = r.integer(v, path + ".still").map { Located($0, r.location(v, path + ".still")) }
          }
          entries.append(entry)
        }
      }
    } else {
      r.diagnostics.error(.missingEmoticons, "missing required key 'emoticons'", at: rootLocation)
    }
    let manifest = PackManifest(
      format: .native, folder: folder, manifestPath: file, location: rootLocation, id: id, version: version,
      names: names.sorted { $0.locale < $1.locale }, settings: settings, entries: entries)
    return (manifest, r.diagnostics)
  }

  /// The settings at the keys `table` names, each by its kind's JSON type, located; an older key spelling is read
  /// with a warning, and the current key wins over it.
  static func readSettings(
    _ members: [(key: String, node: ManifestNode)], table: SettingsTable, reader r: inout NodeReader
  ) -> [String: Located<Setting.Value>] {
    /// The node at a key path of one or two parts, if its parent is an object.
    func node(_ keyPath: String) -> ManifestNode? {
      let parts = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
      guard let first = r.member(members, parts[0]) else { return nil }
      guard parts.count == 2 else { return first }
      guard case .object(let inner) = first.value else { return nil }
      return r.member(inner, parts[1])
    }
    // Objects holding settings (`sheet`) must be objects.
    for group in Set(table.rows.compactMap(\.manifestKey).filter { $0.contains(".") }.map { String($0.prefix { $0 != "." }) })
      .sorted()
    {
      if let n = r.member(members, group) { _ = r.object(n, group) }
    }
    var settings: [String: Located<Setting.Value>] = [:]
    for setting in table.rows {
      guard let key = setting.manifestKey else { continue }
      for older in setting.deprecatedManifestKeys {
        guard let n = node(older) else { continue }
        r.diagnostics.warning(.deprecatedSpelling, "\(older) is deprecated; use \(key)", at: r.location(n, older))
        if node(key) == nil, let value = r.settingValue(setting, n, older) {
          settings[setting.name] = Located(value, r.location(n, older))
        }
      }
      if let n = node(key), let value = r.settingValue(setting, n, key) {
        settings[setting.name] = Located(value, r.location(n, key))
      }
    }
    return settings
  }
}
