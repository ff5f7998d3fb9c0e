import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import EmoWebP
import Foundation

/// Sticker packs for WhatsApp, Signal or Telegram from a pack's full-size sources: each sticker the entry's largest
/// source centred on the platform's square with transparent margins, resampled premultiplied as the build does,
/// checked against the platform's rules before anything is written.
public enum StickerExporter {
  /// One entry made into a sticker, before it is grouped into sticker packs.
  struct Made {
    var entry: String
    var emoji: [String]
    var accessibility: String
    var animated: Bool
    var bytes: [UInt8]
    var fileExtension: String
    var quality: Int?
    var ssim: Double
    /// The resampled still (the first frame), for a tray icon.
    var still: RGBAImage
  }

  /// Exports the packs at `paths` (what `emopack build` takes); nothing is written when any rule is broken.
  public static func export(paths: [String], options o: StickerOptions) -> StickerReport {
    var d = Diagnostics()
    var report = StickerReport(platform: o.platform, packs: [], diagnostics: [])
    let validator = Validator(imageLimits: o.build.imageLimits, manifestLimits: o.build.manifestLimits)
    let (_, packs, found) = validator.check(paths: paths, options: o.build)
    d.append(contentsOf: found)
    if o.platform == .whatsapp && (o.publisher ?? "").isEmpty {
      d.error(
        .stickerNoPublisher, "WhatsApp sticker packs need a publisher: give --publisher NAME",
        at: DiagnosticLocation(file: "<command line>", keyPath: "--publisher"))
    } else if o.platform == .whatsapp, let publisher = o.publisher, publisher.count > 128 {
      d.error(
        .stickerNoPublisher, "WhatsApp's publisher is at most 128 characters, found \(publisher.count)",
        at: DiagnosticLocation(file: "<command line>", keyPath: "--publisher"))
    }
    guard !d.hasErrors else {
      report.diagnostics = d.items
      return report
    }
    var rules = o.platform.rules
    if o.platform == .telegram && o.customEmoji { rules.side = 100 }
    let emojiByKeyword = keywordEmoji(locales: o.keywordLocales, folder: o.build.cldrDirectory, diagnostics: &d)
    var written: [(pack: StickerReport.Pack, files: [(String, [UInt8])])] = []
    for pack in packs {
      var made: [Made] = []
      for (i, entry) in pack.entries.enumerated() where entry.kind == .image {
        let location =
          pack.manifest.entries.indices.contains(i) ? pack.manifest.entries[i].location : pack.manifest.location
        let name = entry.tags.first ?? entry.codes.first ?? "entry \(i)"
        if let m = make(
          entry, name: name, at: location, rules: rules, options: o, emojiByKeyword: emojiByKeyword, diagnostics: &d)
        {
          made.append(m)
        }
      }
      written += group(made, pack: pack, rules: rules, options: o, at: pack.manifest.location, diagnostics: &d)
    }
    report.packs = written.map(\.pack)
    if !d.hasErrors {
      do {
        try write(written, options: o)
      } catch {
        d.error(.ioFailed, "\(error)", at: DiagnosticLocation(file: o.outputDirectory))
        report.packs = []
      }
    } else {
      report.packs = []
    }
    report.diagnostics = d.items
    return report
  }

  /// The CLDR annotations of `locales` as folded name or keyword → emoji (the first emoji in code point order
  /// that CLDR gives that text).
  static func keywordEmoji(locales: [String], folder: String?, diagnostics d: inout Diagnostics) -> [String: String] {
    var cldr = CLDRKeywords(folder: folder ?? CLDRKeywords.defaultFolder)
    var out: [String: String] = [:]
    for locale in locales {
      guard let table = cldr.table(locale, diagnostics: &d) else { continue }
      for (emoji, a) in table.sorted(by: {
        Array($0.key.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.key.unicodeScalars.map(\.value))
      }) {
        for text in [a.name].compactMap({ $0 }) + a.keywords {
          let key = KeywordFold.fold(text)
          if out[key] == nil { out[key] = emoji }
        }
      }
    }
    return out
  }

  /// One entry's sticker, or nil with the rule it breaks as an error at the entry.
  static func make(
    _ entry: ValidatedEntry, name: String, at location: DiagnosticLocation, rules: StickerRules,
    options o: StickerOptions, emojiByKeyword: [String: String], diagnostics d: inout Diagnostics
  ) -> Made? {
    // The emoji: the entry's own, else one its keywords name in CLDR, else the default.
    var emoji: [String] = entry.emoji.map { [$0] } ?? []
    if emoji.isEmpty {
      for k in entry.keywords {
        if let e = emojiByKeyword[KeywordFold.fold(k.text)] {
          emoji = [e]
          break
        }
      }
    }
    if emoji.isEmpty, let e = o.defaultEmoji { emoji = [e] }
    if emoji.isEmpty && o.platform != .signal {
      d.error(
        .stickerNoEmoji,
        "'\(name)' has no emoji: its keywords name none in CLDR (\(o.keywordLocales.joined(separator: ", "))); give the entry an emoji, or --default-emoji",
        at: location)
      return nil
    }
    // The frames, decoded from the largest source and resampled to the platform's square.
    let frames: AnimatedImage
    let largest: (Int, Int)
    do {
      (frames, largest) = try decodeEntry(entry, options: o)
    } catch {
      d.error(.imageCorrupt, "'\(name)': \(error)", at: location)
      return nil
    }
    let side = rules.side
    if max(largest.0, largest.1) < side {
      d.warning(
        .stickerUpscaled,
        "'\(name)' is \(largest.0)x\(largest.1): upscaled \(String(format: "%.2f", Double(side) / Double(max(largest.0, largest.1))))× to \(side)x\(side)",
        at: location)
    }
    let resampler = Resampler(filter: .lanczos3)
    let canvases = frames.frames.map { resampler.fit($0.image, side: side) }
    let animated = canvases.count > 1
    let accessibility = accessibilityText(name: name, entry: entry, limit: animated ? 255 : 125)
    if animated {
      if rules.maxAnimatedBytes == 0 {
        d.error(
          .telegramAnimatedUnsupported,
          "'\(name)' animates: Telegram's animated stickers are VP9 WebM with alpha, which emopack does not write",
          at: location)
        return nil
      }
      let delays = frames.frames.map(\.delay)
      if let short = delays.firstIndex(where: { $0 < rules.minFrameMs }) {
        d.error(
          .stickerFrameTooShort,
          "'\(name)': frame \(short) lasts \(delays[short]) ms, under \(o.platform.rawValue)'s \(rules.minFrameMs) ms",
          at: location)
        return nil
      }
      let total = delays.reduce(0, +)
      if total > rules.maxDurationMs {
        d.error(
          .stickerTooLong,
          "'\(name)' lasts \(total) ms, over \(o.platform.rawValue)'s \(rules.maxDurationMs) ms", at: location)
        return nil
      }
    }
    let animation = AnimatedImage(
      width: side, height: side,
      frames: zip(canvases, frames.frames).map { AnimatedImage.Frame(image: $0, delay: $1.delay) },
      loopCount: frames.loopCount)
    let limit = animated ? rules.maxAnimatedBytes : rules.maxStaticBytes
    let encoded: StickerEncoder.Result
    do {
      encoded = try StickerEncoder.encode(
        animation, platform: o.platform, limit: limit, minimumSSIM: o.minimumSSIM)
    } catch let failure as StickerEncoder.Failure {
      d.error(
        .stickerTooLarge,
        "'\(name)' does not fit \(o.platform.rawValue)'s \(limit / 1024) KB: \(failure.message)", at: location)
      return nil
    } catch {
      d.error(.stickerTooLarge, "'\(name)': \(error)", at: location)
      return nil
    }
    return Made(
      entry: name, emoji: Array(emoji.prefix(3)), accessibility: accessibility, animated: animated,
      bytes: encoded.bytes, fileExtension: encoded.fileExtension, quality: encoded.quality, ssim: encoded.ssim,
      still: canvases[0])
  }

  /// The entry's frames from its largest source (a still is one frame) and that source's size.
  static func decodeEntry(_ entry: ValidatedEntry, options o: StickerOptions) throws -> (AnimatedImage, (Int, Int)) {
    let limits = o.build.animationLimits
    if let a = entry.animation {
      switch a.frames {
      case .file(let file, _):
        var decoded = try SourceDecoder.decodeAnimation(
          try FileSystem.read(file.path), limits: limits, pngLimits: o.build.imageLimits)
        if let loop = a.loop { decoded.loopCount = loop }
        return (decoded, (decoded.width, decoded.height))
      case .images(let images, let delays):
        var frames: [AnimatedImage.Frame] = []
        for (image, delay) in zip(images, delays) {
          frames.append(
            AnimatedImage.Frame(
              image: try SourceDecoder.decode(try FileSystem.read(image.path), limits: o.build.imageLimits),
              delay: delay))
        }
        let w = frames.map(\.image.width).max() ?? 0
        let h = frames.map(\.image.height).max() ?? 0
        return (AnimatedImage(width: w, height: h, frames: frames, loopCount: a.loop ?? 0), (w, h))
      }
    }
    guard let image = entry.image else { throw StickerEncoder.Failure(message: "no image") }
    let still = try SourceDecoder.decode(try FileSystem.read(image.path), limits: o.build.imageLimits)
    return (
      AnimatedImage(
        width: still.width, height: still.height, frames: [AnimatedImage.Frame(image: still, delay: 100)],
        loopCount: 0),
      (still.width, still.height)
    )
  }

  /// What a screen reader says: the tag's text (without its brackets), then keywords, at most `limit` characters.
  static func accessibilityText(name: String, entry: ValidatedEntry, limit: Int) -> String {
    var parts = [name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name]
    for k in entry.keywords where !parts.contains(k.text) { parts.append(k.text) }
    return String(parts.joined(separator: ", ").prefix(limit))
  }
}
