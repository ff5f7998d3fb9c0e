// App code as the 0.1.1 documentation showed it: opening packs by path and from bytes, the catalog's packs,
// categories, look-ups, the editing model, sprites and recents. It compiles against this version with
// deprecation warnings at most.
import EmoPack
import EmoPackSprites

public func openPacks(paths: [String], downloaded: [UInt8]) throws -> Catalog {
  let mapped = try PackReader(contentsOf: paths[0])
  let copied = try PackReader(bytes: downloaded)
  try copied.verify()
  let catalog = Catalog(packs: [mapped, copied], sheetFolders: [nil, nil])
  for pack in catalog.packs {
    _ = try pack.localizedNames()
    _ = try pack.sheets()
    _ = (pack.id, pack.version, pack.entryCount, pack.formatMajor, pack.formatMinor)
    _ = (0..<pack.entryCount).filter { pack.entryHasImage(at: $0) }
  }
  return catalog
}

public func describe(_ catalog: Catalog) throws -> [String] {
  var lines: [String] = []
  for category in catalog.categories {
    lines.append("\(category.reader.id): \(category.name(preferred: ["zh-Hans"])) \(category.count)")
    for ref in category.emoticons {
      let emoticon = try catalog.emoticon(ref)
      if let rect = emoticon.rect { lines.append("\(emoticon.insertionText) page \(rect.page) \(rect.width)") }
      let location = try catalog.sprite(ref, scale: 2)
      lines.append("\(location.sheet.fileName) \(location.x),\(location.y)")
    }
  }
  return lines
}

public func edit(_ catalog: Catalog, recents: RecentsStore) throws -> String {
  let tokenizer = Tokenizer(catalog: catalog)
  var text = EmoticonText("好[哈哈]", tokenizer: tokenizer)
  _ = text.deleteBackward(at: 2, in: .display)
  if let ref = catalog.lookup(tag: "[爱你]") {
    text.insert(try catalog.emoticon(ref), replacing: 0..<0, in: .display)
    try recents.record(packID: catalog.packs[ref.pack].id, key: try catalog.emoticon(ref).recentsKey)
  }
  _ = catalog.search("笑", locales: ["zh"]).first(24)
  _ = try SpriteSheets(catalog: catalog).pixels(of: EmoticonRef(pack: 0, entry: 0), scale: 2)
  return text.source
}
