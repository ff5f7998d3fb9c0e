import EmoImage
import EmoPackFormat
import Foundation

/// One pack's validation: the state its checks share as they go through the entries (the keys claimed, the emoji,
/// the images used and decoded), and the order they run in. Each concern's checks are in a file of their own:
/// keys (`Validator+Keys`), emoji (`PackValidation+Emoji`), images (`Validator+Images`), animations
/// (`Validator+Animations`, `PackValidation+Animations`), scales (`PackValidation+Scales`) and the sheet fit
/// (`PackValidation+SheetFit`).
struct PackValidation {
  let validator: Validator
  let pack: PackManifest
  var settings: PackSettings
  var d: Diagnostics
  let files: FolderListing
  /// The largest valid scale asked for (image size warnings are against it when the scales are given).
  let largestScale: Int
  /// Every image path an entry uses.
  var usedImages = Set<PathKey>()
  /// Tags and codes claimed so far, with where.
  var seenKeys: [String: DiagnosticLocation] = [:]
  /// Every code kept, for the prefix notes.
  var codeLocations: [Located<String>] = []
  /// Emoji claimed so far, by identity, with where.
  var seenEmoji: [String: DiagnosticLocation] = [:]
  /// Images checked so far, by path.
  var imageCache: [PathKey: ImageSource] = [:]

  init(validator: Validator, pack: PackManifest, settings: PackSettings, diagnostics: Diagnostics) {
    self.validator = validator
    self.pack = pack
    self.settings = settings
    d = diagnostics
    files = FolderListing(folder: pack.folder)
    largestScale = settings.scales.filter { PackLayout.scales.contains($0) }.max() ?? 1
  }

  /// Runs every check; the validated pack, or nil when there are too many entries to go on.
  mutating func run() -> ValidatedPack? {
    if pack.id.isEmpty {
      if !d.hasErrors { d.error(.emptyPackId, "pack id is empty", at: pack.location) }
    } else if !PackSettings.isPackID(pack.id) {
      d.error(
        .packIdCharacters,
        "pack id '\(pack.id)' must be 1-128 ASCII letters, digits, '.', '_' or '-' (it names the output files)",
        at: pack.location)
    }
    if pack.entries.isEmpty { d.error(.noEmoticons, "pack '\(pack.id)' has no emoticons", at: pack.location) }
    if pack.entries.count > validator.manifestLimits.maxEntries {
      d.error(
        .tooManyEmoticons,
        "pack has \(pack.entries.count) emoticons, over the limit of \(validator.manifestLimits.maxEntries)",
        at: pack.location)
      return nil
    }
    let entries = pack.entries.map { validate($0) }
    Validator.notePrefixCodes(codeLocations, diagnostics: &d)
    noteUnusedImages()
    if !settings.scalesGiven {
      let kept = Self.scalesTheSourcesGive(pack, entries, settings, &d)
      settings.set(SettingsTable.scales, .scales(kept), from: .defaultValue)
    }
    checkSheetFit(entries)
    return ValidatedPack(manifest: pack, entries: entries, settings: settings)
  }

  /// One entry: its keys, keywords, emoji, image and animation.
  mutating func validate(_ entry: ManifestEntry) -> ValidatedEntry {
    let (tags, codes, insertsCode) = keys(of: entry)
    let keywords = validator.checkKeywords(entry.keywords, diagnostics: &d)
    let emoji = self.emoji(of: entry)
    let (source, animation, still, animationFile) = images(of: entry)
    if still != nil || source != nil || animation != nil {
      if entry.tags.isEmpty && entry.codes.isEmpty {
        d.error(.imageNoTag, "image emoticon has no tag or code", at: entry.location)
      }
    } else if entry.emoji == nil && !entry.hasReaderErrors && animationFile == nil && entry.frames.isEmpty {
      d.error(.entryEmpty, "emoticon has neither an image nor an emoji", at: entry.location)
    }
    if entry.tags.count + entry.codes.count > 0xFFFF {
      d.error(.tooManyTags, "too many tags and codes", at: entry.location)
    }
    return ValidatedEntry(
      kind: source == nil && animation == nil ? .emoji : .image, tags: tags, emoji: emoji, image: source,
      animation: animation, codes: codes, insertsCode: insertsCode, keywords: keywords)
  }

  /// The entry's tags and codes, each checked and claimed in the pack's one namespace of keys, and whether
  /// choosing it inserts its code.
  mutating func keys(of entry: ManifestEntry) -> (tags: [String], codes: [String], insertsCode: Bool) {
    var tags: [String] = []
    for tag in entry.tags where validator.checkTag(tag, diagnostics: &d) {
      if claim(tag, .duplicateTag, "duplicate tag '\(tag.value)'") { tags.append(tag.value) }
    }
    var codes: [String] = []
    for code in entry.codes where validator.checkCode(code, diagnostics: &d) {
      if claim(code, .duplicateCode, "code '\(code.value)' is already a key of this pack") {
        codes.append(code.value)
        codeLocations.append(code)
      }
    }
    var insertsCode = tags.isEmpty && !codes.isEmpty
    if let insert = entry.insert {
      switch insert.value {
      case .tag where !entry.tags.isEmpty: insertsCode = false
      case .code where !entry.codes.isEmpty: insertsCode = true
      case .tag, .code:
        d.error(
          .insertForm, "insert is '\(insert.value.rawValue)' but the entry has no \(insert.value.rawValue)",
          at: insert.location)
      }
    }
    return (tags, codes, insertsCode)
  }

  /// Claims a key: false, with an error here and a note at the first, when it is claimed already.
  mutating func claim(_ key: Located<String>, _ code: DiagnosticCode, _ message: String) -> Bool {
    guard let first = seenKeys[key.value] else {
      seenKeys[key.value] = key.location
      return true
    }
    d.error(code, message, at: key.location)
    d.note(.firstDefinedHere, "'\(key.value)' first used here", at: first)
    return false
  }

  /// The entry's still source and animation, and the still image and animation file it names (checked or not).
  mutating func images(
    of entry: ManifestEntry
  ) -> (ImageSource?, ValidatedAnimation?, still: Located<String>?, animationFile: Located<String>?) {
    // An image that is a GIF or an animated PNG is the entry's animation (its still is one of its frames).
    // Every image name stands for its scale family's largest file (`ImageFamily`).
    var image = entry.image.map(resolved)
    var animationFile = entry.animationFile.map(resolved)
    if animationFile == nil, let named = image, validator.isAnimationFile(named.value, folder: pack.folder) {
      animationFile = named
      image = nil
    }
    var (source, animation) = self.animation(of: entry, file: animationFile, still: image)
    if let image {
      if let cached = imageCache[PathKey(image.value)] {
        source = cached
      } else {
        // Scales chosen from the sources warn of nothing here: they are cut to what the sources give later.
        source = checkedImage(image)
      }
      usedImages.insert(PathKey(image.value))
    }
    return (source, animation, image, animationFile)
  }

  /// `name` as its scale family's largest file.
  func resolved(_ name: Located<String>) -> Located<String> { Located(files.source(of: name.value), name.location) }

  /// The image at `name`, checked once (and remembered).
  mutating func checkedImage(_ name: Located<String>) -> ImageSource? {
    if let known = imageCache[PathKey(name.value)] { return known }
    let checked = validator.checkImage(
      name, folder: pack.folder, files: files, pointSize: settings.pointSize,
      largestScale: settings.scalesGiven ? largestScale : 0, diagnostics: &d)
    if let checked { imageCache[PathKey(name.value)] = checked }
    return checked
  }

  /// A warning for each PNG file no entry uses (the @1x/@2x siblings of a used image count as used).
  mutating func noteUnusedImages() {
    let usedStems = Set(usedImages.map { PathKey(Validator.stem($0.path)) })
    for name in files.sortedNames where name.lowercased().hasSuffix(".png") && !usedImages.contains(PathKey(name)) {
      if usedStems.contains(PathKey(Validator.stem(name))) { continue }
      d.warning(
        .imageUnused,
        "'\(name)' is not used by any emoticon",
        at: DiagnosticLocation(file: (pack.folder as NSString).appendingPathComponent(name)))
    }
  }
}
