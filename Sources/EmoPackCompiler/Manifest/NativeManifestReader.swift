import EmoPackFormat

/// Reads emopack's own `pack.json` / `pack.plist` (schema in docs/MANIFEST.md).
enum NativeManifestReader {
  static let packKeys: Set<String> = ["id", "version", "names", "size", "scales", "filter", "sheet", "emoticons"]
  static let sheetKeys: Set<String> = [
    "maxSide", "padding", "powerOfTwo", "exactColors", "trim", "trimAlpha", "palette", "lossy", "format",
  ]
  static let entryKeys: Set<String> = [
    "image", "tags", "emoji", "frames", "loop", "still", "codes", "insert", "keywords",
  ]

  static func read(_ root: ManifestNode, folder: String, file: String) -> (PackManifest?, Diagnostics) {
    var r = NodeReader(file: file)
    guard let members = r.object(root, "") else { return (nil, r.diagnostics) }
    r.unknownKeys(members, known: packKeys, "")
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
    var size = 32
    if let n = r.member(members, "size") { size = r.integer(n, "size") ?? size }
    var sizeLocation = r.location(r.member(members, "size") ?? root, "size")
    if r.member(members, "size") == nil { sizeLocation = rootLocation }
    var scales = [1, 2, 3]
    var scalesLocation = rootLocation
    if let n = r.member(members, "scales"), let items = r.array(n, "scales") {
      scalesLocation = r.location(n, "scales")
      scales = items.enumerated().compactMap { r.integer($0.element, NodeReader.path("scales", $0.offset)) }
    }
    var options = ManifestOptions()
    if let n = r.member(members, "filter"), let name = r.string(n, "filter") {
      if let filter = ResamplingFilter(name: name) {
        options.filter = Located(filter, r.location(n, "filter"))
      } else {
        r.diagnostics.error(
          .unknownFilter, "unknown filter '\(name)' (expected \(ResamplingFilter.allNames.joined(separator: ", ")))",
          at: r.location(n, "filter"))
      }
    }
    if let n = r.member(members, "sheet"), let sheet = r.object(n, "sheet") {
      r.unknownKeys(sheet, known: sheetKeys, "sheet")
      if let v = r.member(sheet, "maxSide") {
        options.maxSheetSide = r.integer(v, "sheet.maxSide").map { Located($0, r.location(v, "sheet.maxSide")) }
      }
      if let v = r.member(sheet, "padding") {
        options.padding = r.integer(v, "sheet.padding").map { Located($0, r.location(v, "sheet.padding")) }
      }
      if let v = r.member(sheet, "powerOfTwo") {
        options.powerOfTwo = r.bool(v, "sheet.powerOfTwo").map { Located($0, r.location(v, "sheet.powerOfTwo")) }
      }
      if let v = r.member(sheet, "exactColors") {
        options.exactColors = r.bool(v, "sheet.exactColors").map { Located($0, r.location(v, "sheet.exactColors")) }
      }
      if let v = r.member(sheet, "trim") {
        options.trim = r.bool(v, "sheet.trim").map { Located($0, r.location(v, "sheet.trim")) }
      }
      if let v = r.member(sheet, "trimAlpha") {
        options.trimAlpha = r.integer(v, "sheet.trimAlpha").map { Located($0, r.location(v, "sheet.trimAlpha")) }
      }
      // `lossy` is the key's name; `palette` is its older spelling.
      for key in ["palette", "lossy"] {
        if let v = r.member(sheet, key) {
          options.palette = r.bool(v, "sheet.\(key)").map { Located($0, r.location(v, "sheet.\(key)")) }
        }
      }
      if let v = r.member(sheet, "format"), let name = r.string(v, "sheet.format") {
        if let format = SheetFormat.named(name) {
          options.sheetFormat = Located(format, r.location(v, "sheet.format"))
        } else {
          r.diagnostics.error(
            .unknownChoice, "sheet.format '\(name)' is not png or webp", at: r.location(v, "sheet.format"))
        }
      }
    }
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
    var manifest = PackManifest(
      format: .native, folder: folder, manifestPath: file, location: rootLocation, id: id, version: version,
      names: names.sorted { $0.locale < $1.locale }, pointSize: size, scales: scales, options: options,
      entries: entries)
    manifest.sizeLocation = sizeLocation
    manifest.scalesLocation = scalesLocation
    manifest.scalesGiven = r.member(members, "scales") != nil
    return (manifest, r.diagnostics)
  }
}
