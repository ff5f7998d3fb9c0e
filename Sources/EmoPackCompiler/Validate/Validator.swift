import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import EmoWebP
import Foundation

/// Checks manifests against everything emopack promises, reporting every problem in one run.
public struct Validator: Sendable {
  /// Limits on images and manifests.
  public var imageLimits: PNGLimits
  /// Limits on manifests.
  public var manifestLimits: ManifestLimits
  /// Limits on animations (frames, duration, pixels), checked by a first pass that decodes nothing.
  public var animationLimits: AnimationLimits = .default
  /// Decode every image fully (finds corrupt image data, not only bad headers).
  public var decodeImages: Bool

  /// Creates a validator.
  public init(imageLimits: PNGLimits = .default, manifestLimits: ManifestLimits = .init(), decodeImages: Bool = true) {
    self.imageLimits = imageLimits
    self.manifestLimits = manifestLimits
    self.decodeImages = decodeImages
  }

  /// The diagnostics of validating the packs at `paths` with `options`: what `emopack validate` prints.
  public func diagnose(paths: [String], options: BuildOptions = BuildOptions()) -> Diagnostics {
    check(paths: paths, options: options).diagnostics
  }

  /// Loads the manifests at `paths` and validates every pack they describe with `options`: what `emopack validate`
  /// and `emopack build` both do first, so they agree.
  package func check(
    paths: [String], options: BuildOptions
  ) -> (
    manifests: [PackManifest], packs: [ValidatedPack], diagnostics: Diagnostics
  ) {
    var diagnostics = Diagnostics()
    var manifests: [PackManifest] = []
    for path in paths {
      let (packs, d) = ManifestLoader.load(path, limits: options.manifestLimits)
      manifests += packs
      diagnostics.append(contentsOf: d)
    }
    let (validated, d) = validate(manifests, options: options)
    diagnostics.append(contentsOf: d)
    if manifests.isEmpty && !diagnostics.hasErrors {
      diagnostics.append(Diagnostic(.error, .noPack, file: paths.first ?? ".", "no pack found"))
    }
    return (manifests, validated, diagnostics)
  }

  /// Validates packs built together (tags must be unique across them); returns those without errors.
  ///
  /// Each pack's settings are resolved here from `options` over its manifest over the defaults (the one place
  /// they are), so `emopack validate` and `emopack build` accept and reject the same packs.
  package func validate(
    _ packs: [PackManifest], options: BuildOptions = BuildOptions()
  ) -> (
    packs: [ValidatedPack], diagnostics: Diagnostics
  ) {
    var all = Diagnostics()
    var out: [ValidatedPack] = []
    var tagOwners: [String: (pack: String, location: DiagnosticLocation)] = [:]
    var ids: [String: DiagnosticLocation] = [:]
    var cldr = CLDRKeywords(folder: options.cldrDirectory ?? CLDRKeywords.defaultFolder)
    var packs = packs
    // `--id` and `--name` name one pack: over the manifest's values when one pack is built, an error otherwise.
    let perPack = [options.packID.map { _ in "--id" }, options.names.isEmpty ? nil : "--name"].compactMap { $0 }
    if packs.count > 1, let flag = perPack.first {
      all.error(
        .onePackSetting, "\(flag) names one pack, but \(packs.count) packs are built together",
        at: SettingsTable.location(of: flag))
      return ([], all)
    }
    for i in packs.indices {
      if let id = options.packID { packs[i].id = id }
      for name in options.names {
        packs[i].names.removeAll { $0.locale == name.locale }
        packs[i].names.append(name)
      }
      packs[i].names.sort { $0.locale < $1.locale }
    }
    for pack in packs {
      var d = Diagnostics()
      let settings = PackSettings.resolve(options: options, manifest: pack, diagnostics: &d)
      var validated = validate(pack, settings: settings, diagnostics: &d)
      if let first = ids[pack.id], !pack.id.isEmpty {
        d.error(.duplicatePackId, "pack id '\(pack.id)' is used by two packs built together", at: pack.location)
        d.note(.firstDefinedHere, "'\(pack.id)' first defined here", at: first)
      } else {
        ids[pack.id] = pack.location
      }
      for entry in pack.entries {
        for tag in entry.tags + entry.codes {
          if let owner = tagOwners[tag.value], owner.pack != pack.id {
            let isCode = !entry.tags.contains(tag)
            d.error(
              isCode ? .duplicateCode : .tagAcrossPacks,
              "duplicate \(isCode ? "code" : "tag") '\(tag.value)': pack '\(owner.pack)' already uses it",
              at: tag.location)
            d.note(.firstDefinedHere, "'\(tag.value)' first used here", at: owner.location)
          } else if tagOwners[tag.value] == nil {
            tagOwners[tag.value] = (pack.id, tag.location)
          }
        }
      }
      if !options.keywordLocales.isEmpty, var v = validated {
        cldr.annotate(&v, locales: options.keywordLocales, diagnostics: &d)
        validated = v
      }
      if d.hasErrors { validated = nil }
      all.append(contentsOf: d)
      if let validated { out.append(validated) }
    }
    return (out, all)
  }

  private func validate(
    _ pack: PackManifest, settings given: PackSettings, diagnostics d: inout Diagnostics
  ) -> ValidatedPack? {
    var settings = given
    let pointSize = settings.pointSize
    let scales = settings.scales
    if pack.id.isEmpty {
      if !d.hasErrors { d.error(.emptyPackId, "pack id is empty", at: pack.location) }
    } else if !PackSettings.isPackID(pack.id) {
      d.error(
        .packIdCharacters,
        "pack id '\(pack.id)' must be 1-128 ASCII letters, digits, '.', '_' or '-' (it names the output files)",
        at: pack.location)
    }
    if pack.entries.isEmpty { d.error(.noEmoticons, "pack '\(pack.id)' has no emoticons", at: pack.location) }
    if pack.entries.count > manifestLimits.maxEntries {
      d.error(
        .tooManyEmoticons,
        "pack has \(pack.entries.count) emoticons, over the limit of \(manifestLimits.maxEntries)", at: pack.location)
      return nil
    }
    let largestScale = scales.filter { PackLayout.scales.contains($0) }.max() ?? 1
    let files = FolderListing(folder: pack.folder)
    var usedImages = Set<PathKey>()
    var seenTags: [String: DiagnosticLocation] = [:]
    var codeLocations: [Located<String>] = []
    var seenEmoji: [String: DiagnosticLocation] = [:]
    var entries: [ValidatedEntry] = []
    var imageCache: [PathKey: ImageSource] = [:]
    for entry in pack.entries {
      var tags: [String] = []
      // Tags and codes share one namespace: a key claimed twice is an error at the second, noted at the first.
      func claim(_ key: Located<String>, _ code: DiagnosticCode, _ message: String) -> Bool {
        guard let first = seenTags[key.value] else {
          seenTags[key.value] = key.location
          return true
        }
        d.error(code, message, at: key.location)
        d.note(.firstDefinedHere, "'\(key.value)' first used here", at: first)
        return false
      }
      for tag in entry.tags where checkTag(tag, diagnostics: &d) {
        if claim(tag, .duplicateTag, "duplicate tag '\(tag.value)'") { tags.append(tag.value) }
      }
      var codes: [String] = []
      for code in entry.codes where checkCode(code, diagnostics: &d) {
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
      let keywords = checkKeywords(entry.keywords, diagnostics: &d)
      var emoji: String?
      if let e = entry.emoji {
        switch EmojiCodepoints.parse(e.value) {
        case .failure(let box):
          d.error(.emojiInvalid, EmojiCodepoints.message(box.failure, text: e.value), at: e.location)
        case .success(let s):
          if s.count != 1 {
            d.error(
              .emojiNotOneCluster,
              "emoji '\(e.value)' (\(EmojiCodepoints.hex(s))) is \(s.count) characters, not one grapheme cluster",
              at: e.location)
          } else if let first = seenEmoji[EmojiCodepoints.identity(s)] {
            d.error(.emojiTwice, "emoji \(EmojiCodepoints.hex(s)) is claimed twice", at: e.location)
            d.note(.firstDefinedHere, "first claimed here", at: first)
          } else {
            seenEmoji[EmojiCodepoints.identity(s)] = e.location
            emoji = s
          }
        }
      }
      var source: ImageSource?
      var animation: ValidatedAnimation?
      // An image that is a GIF or an animated PNG is the entry's animation (its still is one of its frames).
      // Every image name stands for its scale family's largest file (`ImageFamily`).
      func resolved(_ name: Located<String>) -> Located<String> { Located(files.source(of: name.value), name.location) }
      var image = entry.image.map(resolved)
      var animationFile = entry.animationFile.map(resolved)
      if animationFile == nil, let named = image, isAnimationFile(named.value, folder: pack.folder) {
        animationFile = named
        image = nil
      }
      if let file = animationFile {
        if let a = checkAnimationFile(file, folder: pack.folder, files: files, pointSize: pointSize, diagnostics: &d) {
          animation = ValidatedAnimation(frames: .file(a.source, frameCount: a.frames), loop: nil, still: nil)
          usedImages.insert(PathKey(file.value))
        }
      } else if !entry.frames.isEmpty {
        var images: [ImageSource] = []
        var delays: [Int] = []
        for var frame in entry.frames {
          frame.image = resolved(frame.image)
          let checked =
            imageCache[PathKey(frame.image.value)]
            ?? checkImage(
              frame.image, folder: pack.folder, files: files, pointSize: pointSize,
              largestScale: settings.scalesGiven ? largestScale : 0, diagnostics: &d)
          if let checked {
            imageCache[PathKey(frame.image.value)] = checked
            images.append(checked)
          }
          usedImages.insert(PathKey(frame.image.value))
          if !(1...65535).contains(frame.delay.value) {
            d.error(
              .frameDelayRange, "frame delay \(frame.delay.value) ms is not in 1...65535", at: frame.delay.location)
          }
          delays.append(frame.delay.value)
        }
        if images.count == entry.frames.count {
          animation = ValidatedAnimation(frames: .images(images, delays: delays), loop: nil, still: nil)
        }
      }
      if var a = animation {
        if let loop = entry.loop {
          if (0...65535).contains(loop.value) {
            a.loop = loop.value
          } else {
            d.error(.loopRange, "loop \(loop.value) is not in 0...65535 (total plays, 0 forever)", at: loop.location)
          }
        }
        let count: Int
        switch a.frames {
        case .file(_, let n): count = n
        case .images(let images, _): count = images.count
        }
        if let still = entry.still, let own = image {
          // The still is one thing: the entry's own still image, or the frame `still` names.
          d.error(
            .stillConflict,
            "the entry has a still image ('\(own.value)') and 'still' \(still.value): give one of them",
            at: still.location)
          d.error(
            .stillConflict, "the entry has 'still' \(still.value) and this still image: give one of them",
            at: own.location)
        } else if let still = entry.still {
          if (0..<count).contains(still.value) {
            a.still = still.value
          } else {
            d.error(.stillRange, "still \(still.value) is not a frame index (0..<\(count))", at: still.location)
          }
        }
        animation = a
        // One frame given as an image is a still (a one-frame GIF or APNG is made a still by the build).
        if count == 1, image == nil, case .images(let images, _) = a.frames {
          source = images[0]
          animation = nil
        }
      }
      if let image {
        if let cached = imageCache[PathKey(image.value)] {
          source = cached
        } else {
          // Scales chosen from the sources warn of nothing here: they are cut to what the sources give below.
          source = checkImage(
            image, folder: pack.folder, files: files, pointSize: pointSize,
            largestScale: settings.scalesGiven ? largestScale : 0, diagnostics: &d)
          if let source { imageCache[PathKey(image.value)] = source }
        }
        usedImages.insert(PathKey(image.value))
        if entry.tags.isEmpty && entry.codes.isEmpty {
          d.error(.imageNoTag, "image emoticon has no tag or code", at: entry.location)
        }
      } else if animation != nil || source != nil {
        if entry.tags.isEmpty && entry.codes.isEmpty {
          d.error(.imageNoTag, "image emoticon has no tag or code", at: entry.location)
        }
      } else if entry.emoji == nil && !entry.hasReaderErrors && animationFile == nil && entry.frames.isEmpty {
        d.error(.entryEmpty, "emoticon has neither an image nor an emoji", at: entry.location)
      }
      if entry.tags.count + entry.codes.count > 0xFFFF {
        d.error(.tooManyTags, "too many tags and codes", at: entry.location)
      }
      entries.append(
        ValidatedEntry(
          kind: source == nil && animation == nil ? .emoji : .image, tags: tags, emoji: emoji, image: source,
          animation: animation, codes: codes, insertsCode: insertsCode, keywords: keywords))
    }
    Self.notePrefixCodes(codeLocations, diagnostics: &d)
    // PNG files nobody uses (the @1x/@2x siblings of a used image count as used).
    let usedStems = Set(usedImages.map { PathKey(Self.stem($0.path)) })
    for name in files.sortedNames where name.lowercased().hasSuffix(".png") && !usedImages.contains(PathKey(name)) {
      if usedStems.contains(PathKey(Self.stem(name))) { continue }
      d.warning(
        .imageUnused,
        "'\(name)' is not used by any emoticon",
        at: DiagnosticLocation(file: (pack.folder as NSString).appendingPathComponent(name)))
    }
    if !settings.scalesGiven {
      settings.set(
        SettingsTable.scales, .scales(scalesTheSourcesGive(pack, entries, settings, &d)), from: .defaultValue)
    }
    // What the packer needs: an untrimmed cell with its ring fits the largest sheet side at every scale (unless
    // the size or the sheet settings are wrong already: that error says it).
    let settingErrors: Set<DiagnosticCode> = [.sizeTooLarge, .sizeNotPositive, .maxSheetRange, .paddingRange]
    if entries.contains(where: { $0.kind == .image }), !d.errors.contains(where: { settingErrors.contains($0.code) }) {
      for scale in settings.scales where settings.cellSide(scale: scale) > settings.maxSheetSide(scale: scale) {
        d.error(
          .sheetTooSmall,
          "a \(settings.pointSize)-point emoticon with a \(settings.padding)-point ring is \(settings.cellSide(scale: scale)) px at \(scale)x, over the largest sheet side of \(settings.maxSheetSide(scale: scale)) px there (sheet.maxSide / --max-sheet-side is \(settings.maxSheetSide))",
          at: settings.location(of: SettingsTable.maxSheetSide, pack: pack.location))
        break
      }
    }
    return ValidatedPack(manifest: pack, entries: entries, settings: settings)
  }

  /// The scales every source has the pixels for (at least size × scale on each side), of those asked.
  ///
  /// The others are left out with one note naming the sources short of them. When none is, the smallest scale
  /// is kept, with a warning for each source short of it.
  private func scalesTheSourcesGive(
    _ pack: PackManifest, _ entries: [ValidatedEntry], _ settings: PackSettings, _ d: inout Diagnostics
  ) -> [Int] {
    var seen = Set<String>()
    let sources = entries.flatMap { [$0.image].compactMap { $0 } + ($0.animation?.sources ?? []) }.filter {
      seen.insert($0.path).inserted
    }
    guard !sources.isEmpty, let smallest = settings.scales.first else { return settings.scales }
    func short(_ scale: Int) -> [ImageSource] {
      sources.filter { min($0.width, $0.height) < settings.pointSize * scale }
    }
    var kept = settings.scales.filter { short($0).isEmpty }
    if kept.isEmpty {
      kept = [smallest]
      let side = settings.pointSize * smallest
      for s in short(smallest) {
        d.warning(
          .imageSmall,
          "image '\(s.relativePath)' is \(s.width)x\(s.height), smaller than \(side)x\(side) (size \(settings.pointSize) × scale \(smallest)): it will be upscaled and look blurry",
          at: s.location)
      }
    }
    let left = settings.scales.filter { !kept.contains($0) }
    if let first = left.first {
      let shortOfFirst = short(first)
      let examples = shortOfFirst.prefix(3).map { "\($0.relativePath) \($0.width)x\($0.height)" }
        .joined(separator: ", ")
      let all = settings.scales.map(String.init).joined(separator: ", ")
      d.note(
        .scalesLeftOut,
        "\(left.map { "\($0)x" }.joined(separator: ", ")) not built: \(shortOfFirst.count) source(s) have fewer than "
          + "\(settings.pointSize * first)x\(settings.pointSize * first) pixels (\(examples)\(shortOfFirst.count > 3 ? ", …" : "")); "
          + "name the scales to build them anyway (\"scales\": [\(all)] in the manifest, or --scales \(all.replacingOccurrences(of: " ", with: "")))",
        at: pack.location)
    }
    return kept
  }

  /// `name`'s non-ASCII scalars as `U+…` joined by spaces, for telling apart names that look the same.
  static func codePoints(_ name: String) -> String {
    name.unicodeScalars.filter { $0.value >= 0x80 }.map { scalar -> String in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }.joined(separator: " ")
  }

  /// `a@2x.png` and `a.png` share the stem `a` (their `ImageFamily` base).
  static func stem(_ name: String) -> String { ImageFamily.split(name).base }

  /// Codes are any text on one line that a scan can find whole: not empty, no control character, not a tag's
  /// '[', at most 64 bytes, NFC, and starting and ending where a `Character` does whatever is around it.
  private func checkCode(_ code: Located<String>, diagnostics d: inout Diagnostics) -> Bool {
    let c = code.value
    if c.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
      d.error(.codeEmpty, "code '\(c)' is empty or whitespace only", at: code.location)
      return false
    }
    func reject(_ why: String) -> Bool {
      d.error(.codeForm, "code '\(c.debugDescription.dropFirst().dropLast())' \(why)", at: code.location)
      return false
    }
    if c.unicodeScalars.contains(where: {
      $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
    }) {
      return reject("contains a line break or control character")
    }
    if c.utf8.count > Self.maxCodeBytes {
      return reject("is \(c.utf8.count) bytes, over the limit of \(Self.maxCodeBytes)")
    }
    if c.hasPrefix("[") { return reject("starts with '[', which opens a bracket tag (list it in 'tags')") }
    let nfc = CanonicalComposition.nfc(c)
    if !Array(c.utf8).elementsEqual(nfc.utf8) { return reject("is not in Unicode NFC (write it as '\(nfc)')") }
    // A mark at its start would join the text before it; a prepend mark or joiner at its end, the text after.
    if ("a" + c).count != c.count + 1 { return reject("starts with a mark that joins the character before it") }
    if (c + "a").count != c.count + 1 || (c + "\u{1F600}").count != c.count + 1 {
      return reject("ends with a mark that joins the character after it")
    }
    // `:bad name:` reads as a shortcode but is not one: say how it will be matched.
    if c.unicodeScalars.count >= 3, c.hasPrefix(":"), c.hasSuffix(":"), PackKey.Form(code: c) == .code {
      d.note(
        .codeLiteralColons,
        "code '\(c)' has whitespace or ':' between its colons: it is a literal code, matched exactly as written, not a shortcode (':name:' has neither)",
        at: code.location)
    }
    // Letters alone (下面, "below") are words: any message that says them would show the emoticon.
    if c.allSatisfy({ !$0.isPunctuation && !$0.isSymbol && !$0.isWhitespace }) {
      d.warning(
        .codeLettersOnly,
        "code '\(c)' is only letters, with no punctuation or symbol such as '/', ':' or '[' to set it off: every message that says '\(c)' will show this emoticon",
        at: code.location)
    }
    return true
  }

  /// The longest code, in UTF-8 bytes (the runtime's scan looks this far for one).
  static let maxCodeBytes = 64

  /// A note for each code that is a proper prefix of another (with one example): where both fit, the longer wins.
  static func notePrefixCodes(_ codes: [Located<String>], diagnostics d: inout Diagnostics) {
    let sorted = codes.sorted { Array($0.value.utf8).lexicographicallyPrecedes(Array($1.value.utf8)) }
    for (a, b) in zip(sorted, sorted.dropFirst()) where b.value.utf8.starts(with: a.value.utf8) && a.value != b.value {
      d.note(
        .codePrefix,
        "code '\(a.value)' is a prefix of '\(b.value)': in '\(b.value)' the longer code is matched, '\(a.value)' only where '\(b.value)' does not fit",
        at: a.location)
    }
  }

  /// The manifest's keywords, checked: locales as BCP 47 tags, texts not empty, without controls, at most 256 bytes.
  private func checkKeywords(_ keywords: [ManifestKeyword], diagnostics d: inout Diagnostics) -> [PackKeyword] {
    var out: [PackKeyword] = []
    var badLocales = Set<String>()
    for k in keywords {
      let locale = k.locale
      if !PackSettings.isLocale(locale) {
        if badLocales.insert(locale).inserted {
          d.error(
            .keywordLocale, "keyword locale '\(locale)' is not a BCP 47 tag (like 'zh-Hans' or 'en')",
            at: k.text.location)
        }
        continue
      }
      let t = k.text.value.trimmingSpaces
      if t.isEmpty || t.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        || t.utf8.count > 256
      {
        d.error(
          .keywordInvalid,
          "keyword '\(k.text.value.debugDescription.dropFirst().dropLast())' is empty, has a control character or is over 256 bytes",
          at: k.text.location)
        continue
      }
      out.append(PackKeyword(text: t, locale: locale, source: .manifest))
    }
    return out
  }

  private func checkTag(_ tag: Located<String>, diagnostics d: inout Diagnostics) -> Bool {
    let t = tag.value
    if t.utf8.count > manifestLimits.maxTagBytes {
      d.error(
        .tagTooLong, "tag is \(t.utf8.count) bytes, over the limit of \(manifestLimits.maxTagBytes)", at: tag.location)
      return false
    }
    if t.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      d.error(
        .tagControl, "tag '\(t.debugDescription.dropFirst().dropLast())' contains a control character", at: tag.location
      )
      return false
    }
    if t != t.trimmingSpaces {
      d.error(.tagWhitespace, "tag '\(t)' has whitespace at its ends", at: tag.location)
      return false
    }
    guard t.hasPrefix("["), t.hasSuffix("]"), t.count >= 2 else {
      d.error(.tagForm, "tag '\(t)' must be one '[' … ']' (like '[哈哈]')", at: tag.location)
      return false
    }
    let inner = String(t.dropFirst().dropLast())
    if inner.isEmpty {
      d.error(.tagEmpty, "tag '\(t)' has no text between its brackets", at: tag.location)
      return false
    }
    if inner.contains("[") || inner.contains("]") {
      d.error(.tagInnerBracket, "tag '\(t)' must be one '[' … ']' with no brackets inside", at: tag.location)
      return false
    }
    if inner != inner.trimmingSpaces {
      d.error(.tagInnerWhitespace, "tag '\(t)' has whitespace at the ends of its text", at: tag.location)
      return false
    }
    let nfc = CanonicalComposition.nfc(t)
    if !Array(t.utf8).elementsEqual(nfc.utf8) {
      d.error(.tagNotNfc, "tag '\(t)' is not in Unicode NFC (write it as '\(nfc)')", at: tag.location)
      return false
    }
    return true
  }

  /// True when `name` in `folder` is a GIF or an animated PNG (by its bytes).
  private func isAnimationFile(_ name: String, folder: String) -> Bool {
    guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return false }
    let path = (folder as NSString).appendingPathComponent(name)
    // An APNG's acTL comes before IDAT, within the first few hundred bytes.
    guard let head = try? FileSystem.readPrefix(path, count: 4096) else { return false }
    return GIFDecoder.isGIF(head) || APNGDecoder.isAnimatedPrefix(head) || WebPDecoder.isAnimatedPrefix(head)
  }

  /// Checks a GIF or APNG file with a first pass that decodes nothing: structure, frame count, canvas, limits.
  private func checkAnimationFile(
    _ file: Located<String>, folder: String, files: FolderListing, pointSize: Int, diagnostics d: inout Diagnostics
  ) -> (source: ImageSource, frames: Int)? {
    guard var checked = scanAnimationFile(file, folder: folder, diagnostics: &d) else { return nil }
    // Siblings drawn exactly for a scale are used as drawn when they are the same animation (frames and delays).
    for (scale, name) in files.family(of: file.value)?.members ?? [] {
      let side = pointSize * scale
      if name == file.value {
        if checked.source.width == side && checked.source.height == side {
          checked.source.variants.append(ScaleVariant(scale: scale, relativePath: name, path: checked.source.path))
        }
        continue
      }
      var quiet = Diagnostics()
      guard let sibling = scanAnimationFile(Located(name, file.location), folder: folder, diagnostics: &quiet),
        sibling.source.width == side, sibling.source.height == side
      else { continue }
      if sibling.delays == checked.delays {
        checked.source.variants.append(
          ScaleVariant(scale: scale, relativePath: name, path: sibling.source.path))
      } else {
        d.note(
          .animationVariantDiffers,
          "'\(name)' is drawn for \(scale)x but its \(sibling.delays.count) frames (\(sibling.delays.reduce(0, +)) ms) differ from the \(checked.delays.count) frames (\(checked.delays.reduce(0, +)) ms) of '\(file.value)': \(scale)x is resampled from '\(file.value)'",
          at: file.location)
      }
    }
    return (checked.source, checked.delays.count)
  }

  /// The first pass over one GIF or APNG: its canvas and each frame's delay.
  private func scanAnimationFile(
    _ file: Located<String>, folder: String, diagnostics d: inout Diagnostics
  ) -> (source: ImageSource, delays: [Int])? {
    let name = file.value
    if name.hasPrefix("/") || name.split(separator: "/").contains("..") {
      d.error(.imageOutside, "animation '\(name)' points outside the pack folder", at: file.location)
      return nil
    }
    let path = (folder as NSString).appendingPathComponent(name)
    guard FileSystem.isInside(path, folder: folder) else {
      d.error(
        .imageSymlinkOutside, "animation '\(name)' is a symlink pointing outside the pack folder", at: file.location)
      return nil
    }
    let bytes: [UInt8]
    do { bytes = try FileSystem.read(path) } catch {
      d.error(.imageUnreadable, "animation '\(name)' cannot be read: \(error.reason)", at: file.location)
      return nil
    }
    let source = { (w: Int, h: Int) in
      ImageSource(relativePath: name, path: path, width: w, height: h, location: file.location)
    }
    if WebPDecoder.isWebP(bytes) {
      do throws(WebPError) {
        let info = try WebPInfo(bytes, limits: animationLimits)
        return (source(info.width, info.height), info.isAnimated ? info.delays : [100])
      } catch {
        let code: DiagnosticCode = error.kind == .tooLarge ? .animationTooLarge : .animationCorrupt
        d.error(code, "animation '\(name)': \(error.message)", at: file.location)
        return nil
      }
    }
    if GIFDecoder.isGIF(bytes) {
      do throws(GIFError) {
        let scan = try GIFScan(bytes, limits: animationLimits)
        guard !scan.delays.isEmpty else { throw GIFError(.malformed, "the GIF has no image") }
        return (source(scan.width, scan.height), scan.delays)
      } catch {
        let code: DiagnosticCode = error.kind == .tooLarge ? .animationTooLarge : .animationCorrupt
        d.error(code, "animation '\(name)': \(error.message)", at: file.location)
        return nil
      }
    }
    do throws(PNGError) {
      let summary = try APNGDecoder.summary(bytes, limits: animationLimits)
      return (source(summary.width, summary.height), summary.delays)
    } catch {
      let code: DiagnosticCode = error.kind == .tooLarge ? .animationTooLarge : .animationCorrupt
      d.error(code, "animation '\(name)': \(error.message)", at: file.location)
      return nil
    }
  }

  private func checkImage(
    _ image: Located<String>, folder: String, files: FolderListing, pointSize: Int, largestScale: Int,
    diagnostics d: inout Diagnostics
  ) -> ImageSource? {
    let name = image.value
    if name.isEmpty {
      d.error(.imageNameEmpty, "image name is empty", at: image.location)
      return nil
    }
    if name.contains("\0") {
      d.error(.imageNameNul, "image name contains a NUL byte", at: image.location)
      return nil
    }
    if name.utf8.count > 1024 || name.split(separator: "/").contains(where: { $0.utf8.count > 255 }) {
      d.error(.imageNameLong, "image name is too long", at: image.location)
      return nil
    }
    if name.hasPrefix("/") || name.hasPrefix("~") {
      d.error(
        .imageAbsolute, "image '\(name)' is an absolute path; images must be inside the pack folder", at: image.location
      )
      return nil
    }
    if name.split(separator: "/").contains("..") {
      d.error(.imageOutside, "image '\(name)' points outside the pack folder", at: image.location)
      return nil
    }
    let path = (folder as NSString).appendingPathComponent(name)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      if let match = files.sortedNames.first(where: { $0 == name }) {
        // Canonically equivalent but other bytes: a name composed one way and the file the other (macOS writes
        // names decomposed).
        d.error(
          .imageNormalization,
          "image '\(name)' not found; '\(match)' looks the same but is spelled with other code points "
            + "(\(Self.codePoints(name)) against \(Self.codePoints(match))): one of them is NFC, the other NFD",
          at: image.location)
      } else if let match = files.sortedNames.first(where: { $0.lowercased() == name.lowercased() }) {
        d.error(
          .imageCase,
          "image '\(name)' not found; '\(match)' differs only in case (names are case-sensitive)", at: image.location)
      } else {
        d.error(.imageMissing, "image '\(name)' not found", at: image.location)
      }
      return nil
    }
    if isDirectory.boolValue {
      d.error(.imageFolder, "image '\(name)' is a folder, not a PNG file", at: image.location)
      return nil
    }
    guard FileSystem.isInside(path, folder: folder) else {
      d.error(.imageSymlinkOutside, "image '\(name)' is a symlink pointing outside the pack folder", at: image.location)
      return nil
    }
    let bytes: [UInt8]
    do {
      // Without decoding, the signature and IHDR (33 bytes) are all that is needed.
      bytes = decodeImages ? try FileSystem.read(path) : try FileSystem.readPrefix(path, count: 64)
    } catch {
      d.error(.imageUnreadable, "image '\(name)' cannot be read: \(error.reason)", at: image.location)
      return nil
    }
    let header: (width: Int, height: Int)
    if WebPDecoder.isWebP(bytes) {
      // A WebP still: its headers against the same limits, decoded when images are.
      do throws(WebPError) {
        let info = try WebPInfo(bytes, limits: SourceDecoder.limits(imageLimits))
        if decodeImages { _ = try WebPDecoder.decode(bytes, limits: SourceDecoder.limits(imageLimits)) }
        header = (info.width, info.height)
      } catch {
        switch error.kind {
        case .tooLarge: d.error(.imageTooLarge, "image '\(name)' is too large: \(error.message)", at: image.location)
        default: d.error(.imageCorrupt, "image '\(name)' is a corrupt WebP: \(error.message)", at: image.location)
        }
        return nil
      }
    } else {
      do {
        let png = try PNGDecoder.header(of: bytes)
        try PNGDecoder.check(png, against: imageLimits)
        if decodeImages { _ = try PNGDecoder.decode(bytes, limits: imageLimits) }
        header = (png.width, png.height)
      } catch {
        switch error.kind {
        case .notPNG:
          d.error(.imageNotPng, "image '\(name)' is not a PNG or WebP file (\(error.message))", at: image.location)
        case .tooLarge: d.error(.imageTooLarge, "image '\(name)' is too large: \(error.message)", at: image.location)
        default: d.error(.imageCorrupt, "image '\(name)' is a corrupt PNG: \(error.message)", at: image.location)
        }
        return nil
      }
    }
    let needed = pointSize * largestScale
    if header.width < needed || header.height < needed {
      d.warning(
        .imageSmall,
        "image '\(name)' is \(header.width)x\(header.height), smaller than \(needed)x\(needed) (size \(pointSize) × scale \(largestScale)): it will be upscaled and look blurry",
        at: image.location)
    }
    if header.width != header.height {
      d.warning(
        .imageNotSquare,
        "image '\(name)' is \(header.width)x\(header.height), not square: it will be fitted inside the square, centred, with transparent margins",
        at: image.location)
    }
    var source = ImageSource(
      relativePath: name, path: path, width: header.width, height: header.height, location: image.location)
    source.variants = scaleVariants(of: source, folder: folder, files: files, pointSize: pointSize)
    return source
  }

  /// The image's siblings drawn exactly for a scale (`size × scale` square PNGs, the image itself included);
  /// others of its family are resampled from the largest as before.
  private func scaleVariants(
    of image: ImageSource, folder: String, files: FolderListing, pointSize: Int
  ) -> [ScaleVariant] {
    (files.family(of: image.relativePath)?.members ?? []).compactMap { scale, name in
      let path = (folder as NSString).appendingPathComponent(name)
      let side = pointSize * scale
      if name == image.relativePath {
        return image.width == side && image.height == side
          ? ScaleVariant(scale: scale, relativePath: name, path: path) : nil
      }
      guard FileSystem.isInside(path, folder: folder), let bytes = try? FileSystem.readPrefix(path, count: 64),
        let header = SourceDecoder.size(bytes), header.width == side, header.height == side
      else { return nil }
      return ScaleVariant(scale: scale, relativePath: name, path: path)
    }
  }
}
