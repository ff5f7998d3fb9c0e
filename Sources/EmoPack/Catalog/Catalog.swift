import EmoPackFormat

/// Identifies one emoticon: a pack's position in the catalog and the entry's position in the pack.
public struct EmoticonRef: Hashable, Sendable, Codable, Comparable {
  /// The pack (category) index in tab order.
  public var pack: Int
  /// The entry index in keyboard order.
  public var entry: Int

  /// Creates a reference.
  public init(pack: Int, entry: Int) {
    self.pack = pack
    self.entry = entry
  }

  public static func < (a: EmoticonRef, b: EmoticonRef) -> Bool { (a.pack, a.entry) < (b.pack, b.entry) }
}

/// An emoticon's details.
public struct Emoticon: Sendable, Equatable {
  /// Where it is.
  public var ref: EmoticonRef
  /// The pack's id.
  public var packID: String
  /// Image or emoji-only.
  public var kind: PackEntry.Kind
  /// Tags, primary first.
  public var tags: [String]
  /// The emoji it stands for, if any.
  public var emoji: String?
  /// The still image's placement at each of the pack's scales, for image emoticons (`Catalog.sprite` gives
  /// the one for a scale with its sheet).
  public var image: PackImage?
  /// Codes beside the tags (`/微笑`, `:smile:`).
  public var codes: [String] = []
  /// True when inserting types the first code (the manifest's `insert`, or an entry without tags).
  public var insertsCode = false
  /// Search keywords with their locales (the manifest's and CLDR's; the keys themselves are searched too).
  public var keywords: [PackKeyword] = []

  /// What inserting this emoticon types: its primary tag (or first code, as the manifest says), or its emoji
  /// for emoji-only entries.
  public var insertionText: String {
    (insertsCode ? codes.first ?? tags.first : tags.first ?? codes.first) ?? emoji ?? ""
  }

  /// The key recents are stored under: what inserting types, or the emoji.
  public var recentsKey: String { insertionText }

  /// The smallest scale the pack was drawn at (the first of `image.placements`).
  var firstScale = 1

  /// The still's rectangle at the pack's smallest scale, in points (multiply by the scale); `page` is the sheet
  /// page. A trimmed sprite's offset in its square is not included: `Catalog.sprite(_:scale:)` has it.
  @available(*, deprecated, message: "use Catalog.sprite(_:scale:), which gives the sheet and the trim offset")
  public var rect: SpriteRect? {
    guard let p = image?.placements.first, firstScale > 0 else { return nil }
    let s = firstScale
    return SpriteRect(
      page: p.sheet, x: p.x / s, y: p.y / s, width: (p.width + s - 1) / s, height: (p.height + s - 1) / s)
  }
}

/// A tag claimed by two packs: the first pack in tab order wins.
public struct TagCollision: Sendable, Equatable {
  /// The tag.
  public var tag: String
  /// The pack whose entry the tag resolves to.
  public var winner: String
  /// The pack whose entry is shadowed.
  public var shadowed: String

  /// Creates a collision record.
  public init(tag: String, winner: String, shadowed: String) {
    self.tag = tag
    self.winner = winner
    self.shadowed = shadowed
  }
}

/// The packs an app shows, in tab order, with lookups by tag and by emoji.
///
/// Packs are memory-mapped and opened in O(1); lookups go through each pack's hash index in tab order, so a
/// tag present in several packs resolves to the first.
public struct Catalog: Sendable {
  /// The packs' format readers in tab order: what look-ups, search and the tokenizer go through.
  package let readers: [PackFileReader]
  /// The folder holding each pack's sheets (beside its `.pack`), in tab order; nil for packs given in memory.
  public let sheetFolders: [String?]

  /// A catalog over already opened packs, with the folders their sheets are in when known.
  public init(packs: [EmoticonPack], sheetFolders: [String?] = []) {
    self.init(packs: packs.map(\.reader), sheetFolders: sheetFolders)
  }

  /// A catalog over format readers (the compiler's tools and tests open packs this way).
  package init(packs readers: [PackFileReader], sheetFolders: [String?] = []) {
    self.readers = readers
    self.sheetFolders = readers.indices.map { $0 < sheetFolders.count ? sheetFolders[$0] : nil }
  }

  /// Opens (memory-maps) the packs at `paths`, in tab order; each pack's sheets are looked for beside it.
  public init(paths: [String]) throws(PackError) {
    var readers: [PackFileReader] = []
    for p in paths { readers.append(try PackFileReader(contentsOf: p)) }
    self.readers = readers
    sheetFolders = paths.map { parentFolder(of: $0) }
  }

  /// The packs in tab order.
  public var packs: [EmoticonPack] { readers.map(EmoticonPack.init) }

  /// The categories (packs) with their localized names.
  public var categories: [Category] {
    readers.enumerated().map { Category(index: $0.offset, pack: EmoticonPack($0.element)) }
  }

  /// The emoticon for a tag (any alias) or code, in any canonically equivalent form (`[café]` typed with a
  /// combining accent finds the NFC tag), or nil.
  public func lookup(tag: String) -> EmoticonRef? {
    var t = tag
    return t.withUTF8 { lookup(tagUTF8: UnsafeRawBufferPointer($0)) }
  }

  /// The emoticon for an emoji (variation selectors ignored), or nil.
  public func lookup(emoji: String) -> EmoticonRef? {
    var e = emoji
    return e.withUTF8 { lookup(emojiUTF8: UnsafeRawBufferPointer($0)) }
  }

  /// Tag lookup on UTF-8 bytes: the bytes as they are, then their NFC form.
  @inline(__always)
  package func lookup(tagUTF8 bytes: UnsafeRawBufferPointer) -> EmoticonRef? {
    // Indexing borrows each reader in place; `for p in readers` would copy it (a retain and a release per pack).
    for i in readers.indices {
      if let e = readers[i].entryIndex(forTagUTF8: bytes) { return EmoticonRef(pack: i, entry: e) }
    }
    return lookupComposed(tagUTF8: bytes)
  }

  /// `lookup(tagUTF8:)` by the NFC form of bytes that are not NFC (a tag typed decomposed); nil for the rest.
  @inline(never)
  private func lookupComposed(tagUTF8 bytes: UnsafeRawBufferPointer) -> EmoticonRef? {
    guard let nfc = CanonicalComposition.composedUTF8(bytes) else { return nil }
    return nfc.withUnsafeBytes { nfc in
      for i in readers.indices {
        if let e = readers[i].entryIndex(forTagUTF8: nfc) { return EmoticonRef(pack: i, entry: e) }
      }
      return nil
    }
  }

  /// Emoji lookup on UTF-8 bytes.
  @inline(__always)
  package func lookup(emojiUTF8 bytes: UnsafeRawBufferPointer) -> EmoticonRef? {
    for i in readers.indices {
      if let e = readers[i].entryIndex(forEmojiUTF8: bytes) { return EmoticonRef(pack: i, entry: e) }
    }
    return nil
  }

  /// The details of `ref`.
  public func emoticon(_ ref: EmoticonRef) throws(PackError) -> Emoticon {
    guard ref.pack >= 0, ref.pack < readers.count else {
      throw PackError(.outOfBounds, at: 0, "pack \(ref.pack) requested of \(readers.count)")
    }
    let pack = readers[ref.pack]
    let e = try pack.entry(at: ref.entry)
    return Emoticon(
      ref: ref, packID: pack.id, kind: e.kind, tags: e.tags, emoji: e.emoji,
      image: try e.image.map { i throws(PackError) in try pack.image(at: i) }, codes: e.codes,
      insertsCode: e.insertsCode, keywords: e.keywords, firstScale: pack.scales.first ?? 1)
  }

  /// The emoticon stored in recents under pack id and key, if it still exists.
  public func lookup(packID: String, key: String) -> EmoticonRef? {
    guard let p = readers.firstIndex(where: { $0.id == packID }) else { return nil }
    if let e = readers[p].entryIndex(forTag: key) ?? readers[p].entryIndex(forEmoji: key) {
      return EmoticonRef(pack: p, entry: e)
    }
    return nil
  }

  /// Every tag claimed by more than one pack.
  ///
  /// This walks all tags: call it once, in debug builds for instance.
  public func collisions() -> [TagCollision] {
    var owner: [String: String] = [:]
    var out: [TagCollision] = []
    for p in readers {
      for i in 0..<p.entryCount {
        guard let entry = try? p.entry(at: i) else { continue }
        for tag in entry.tags {
          if let first = owner[tag] {
            if first != p.id { out.append(TagCollision(tag: tag, winner: first, shadowed: p.id)) }
          } else {
            owner[tag] = p.id
          }
        }
      }
    }
    return out
  }
}

/// A pack seen as a keyboard category (tab).
public struct Category: Sendable {
  /// Position in tab order.
  public let index: Int
  /// The pack.
  public let pack: EmoticonPack

  /// The pack id.
  public var id: String { pack.id }

  /// Number of emoticons.
  public var count: Int { pack.count }

  /// All emoticons in keyboard order.
  public var emoticons: [EmoticonRef] { (0..<count).map { EmoticonRef(pack: index, entry: $0) } }

  /// The pack, under the name it had before packs had their own type.
  @available(*, deprecated, renamed: "pack")
  public var reader: EmoticonPack { pack }

  /// The name for the first matching locale in `preferred` (exact, then shorter prefixes), else English,
  /// else the first name, else the id.
  public func name(preferred: [String]) -> String {
    let names = (try? pack.names()) ?? []
    for locale in preferred {
      // zh-Hant-TW, then zh-Hant, then zh (matching any zh-…).
      var parts = locale.split(separator: "-").map(String.init)
      while !parts.isEmpty {
        let tag = parts.joined(separator: "-")
        if let n = names.first(where: { $0.locale == tag }) { return n.name }
        if parts.count == 1, let n = names.first(where: { $0.locale.hasPrefix(tag + "-") }) { return n.name }
        parts.removeLast()
      }
    }
    return names.first(where: { $0.locale == "en" })?.name ?? names.first?.name ?? pack.id
  }
}
