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
    var frames: Int
    var durationMs: Int
    var side: Int
    var steps: [StickerFitting.Step]
    /// The resampled still (the first frame), for a tray icon.
    var still: RGBAImage
  }

  /// Exports the packs at `paths` (what `emopack build` takes); nothing is written when any rule is broken.
  ///
  /// Stickers are made in parallel; the sticker packs go into a new folder that replaces `outputDirectory` only
  /// when everything is written (`ExportFolder`), keeping the sticker packs an earlier export of the same platform
  /// left there.
  public static func export(paths: [String], options o: StickerOptions) -> StickerReport {
    var d = Diagnostics()
    var report = StickerReport(platform: o.platform, packs: [], diagnostics: [])
    let validator = Validator(imageLimits: o.build.imageLimits, manifestLimits: o.build.manifestLimits)
    let (_, packs, found) = validator.check(paths: paths, options: o.build)
    d.append(contentsOf: found)
    checkOptions(o, diagnostics: &d)
    if let problem = outputProblem(o) { d.append(problem) }
    guard !d.hasErrors else {
      report.diagnostics = d.items
      return report
    }
    var platformRules = o.platform.rules
    if o.platform == .telegram && o.customEmoji { platformRules.side = 100 }
    let rules = platformRules
    let emojiByKeyword = keywordEmoji(locales: o.keywordLocales, folder: o.build.cldrDirectory, diagnostics: &d)
    var written: [(pack: StickerReport.Pack, files: [(String, [UInt8])])] = []
    for pack in packs {
      let images = pack.entries.indices.filter { pack.entries[$0].kind == .image }
      if images.isEmpty {
        d.error(
          .stickerNoImages,
          "pack '\(pack.id)' has no images: its \(pack.entries.count) entries are emoji only, and a sticker pack is images",
          at: pack.manifest.location)
        continue
      }
      if let tray = o.tray, o.platform == .whatsapp,
        !images.contains(where: { pack.entries[$0].tags.contains(tray) || pack.entries[$0].codes.contains(tray) })
      {
        d.error(
          .stickerOption, "--tray '\(tray)' names no entry of pack '\(pack.id)' (give one of its tags or codes)",
          at: DiagnosticLocation(file: "<command line>", keyPath: "--tray"))
        continue
      }
      // Each entry's sticker, in parallel; the diagnostics in entry order.
      let results = parallelMap(images.count, jobs: o.build.jobs) { n -> (Made?, Diagnostics) in
        let i = images[n]
        let entry = pack.entries[i]
        let location =
          pack.manifest.entries.indices.contains(i) ? pack.manifest.entries[i].location : pack.manifest.location
        let name = entry.tags.first ?? entry.codes.first ?? "entry \(i)"
        var local = Diagnostics()
        let made = make(
          entry, name: name, at: location, rules: rules, options: o, emojiByKeyword: emojiByKeyword,
          diagnostics: &local)
        return (made, local)
      }
      var made: [Made] = []
      for (m, local) in results {
        d.append(contentsOf: local)
        if let m { made.append(m) }
      }
      // A sticker refused already says why: the pack's count would only repeat it.
      guard made.count == images.count else { continue }
      written += group(made, pack: pack, rules: rules, options: o, at: pack.manifest.location, diagnostics: &d)
    }
    report.packs = written.map(\.pack)
    report.leastSSIM = written.flatMap(\.pack.stickers).map(\.ssim).min() ?? 1
    if !d.hasErrors {
      do throws(Diagnostic) {
        try write(written, options: o)
      } catch {
        d.append(error)
        report.packs = []
      }
    } else {
      report.packs = []
    }
    report.diagnostics = d.items
    return report
  }

  /// The options' own rules: WhatsApp's publisher (present, at most 128 UTF-16 units as its validator counts) and
  /// `--default-emoji` (one emoji).
  static func checkOptions(_ o: StickerOptions, diagnostics d: inout Diagnostics) {
    if o.platform == .whatsapp {
      if (o.publisher ?? "").isEmpty {
        d.error(
          .stickerNoPublisher, "WhatsApp sticker packs need a publisher: give --publisher NAME",
          at: DiagnosticLocation(file: "<command line>", keyPath: "--publisher"))
      } else if let publisher = o.publisher, publisher.utf16.count > 128 {
        d.error(
          .stickerFieldLength,
          "WhatsApp's publisher is at most 128 UTF-16 units (as its validator counts), found \(publisher.utf16.count)",
          at: DiagnosticLocation(file: "<command line>", keyPath: "--publisher"))
      }
    }
    if let e = o.defaultEmoji, emoji(e) == nil {
      d.error(
        .stickerOption, "--default-emoji '\(e)' is not one emoji (give the emoji itself, or its code points in hex)",
        at: DiagnosticLocation(file: "<command line>", keyPath: "--default-emoji"))
    }
  }

  /// `text` as one emoji, fully qualified (the emoji itself, or its code points in hex), or nil.
  static func emoji(_ text: String) -> String? {
    guard case .success(let s) = EmojiCodepoints.parse(text), s.count == 1, let first = s.unicodeScalars.first else {
      return nil
    }
    let qualified = EmojiQualification.qualified(s)
    let isEmoji =
      qualified != s || first.properties.isEmojiPresentation || s.unicodeScalars.contains("\u{FE0F}")
      || (first.properties.isEmoji && !first.isASCII && s.unicodeScalars.count > 1)
      || first.properties.isEmojiPresentation
    return isEmoji ? qualified : nil
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
    // Telegram takes no animation emopack writes: said first, and with whatever else is wrong (`--stills` sends the
    // still).
    let stillOnly = o.platform == .telegram && o.stills
    let refusedAnimation = o.platform == .telegram && !o.stills && entry.animation != nil
    if refusedAnimation {
      d.error(
        .telegramAnimatedUnsupported,
        "'\(name)' animates: Telegram's animated stickers are VP9 WebM with alpha, which emopack does not write (--stills exports each animation's still)",
        at: location)
    }
    // The emoji, fully qualified: the entry's own, else one its keywords name in CLDR, else the default.
    var emoji: [String] = entry.emoji.map { [EmojiQualification.qualified($0)] } ?? []
    if emoji.isEmpty {
      for k in entry.keywords {
        if let e = emojiByKeyword[KeywordFold.fold(k.text)] {
          emoji = [EmojiQualification.qualified(e)]
          break
        }
      }
    }
    if emoji.isEmpty, let e = o.defaultEmoji.flatMap(Self.emoji) { emoji = [e] }
    if emoji.isEmpty && o.platform != .signal {
      d.error(
        .stickerNoEmoji,
        "'\(name)' has no emoji: its keywords name none in CLDR (\(o.keywordLocales.joined(separator: ", "))); give the entry an emoji, or --default-emoji",
        at: location)
      return nil
    }
    if refusedAnimation { return nil }
    // The frames, decoded from the largest source and resampled to the platform's square.
    var frames: AnimatedImage
    let largest: (Int, Int)
    do {
      (frames, largest) = try decodeEntry(entry, options: o)
    } catch {
      d.error(.imageCorrupt, "'\(name)': \(error)", at: location)
      return nil
    }
    if stillOnly && frames.frames.count > 1 {
      let still = min(entry.animation?.still ?? 0, frames.frames.count - 1)
      frames.frames = [frames.frames[still]]
    }
    let side = rules.side
    if max(largest.0, largest.1) < side {
      d.warning(
        .stickerUpscaled,
        "'\(name)' is \(largest.0)x\(largest.1): upscaled \(String(format: "%.2f", Double(side) / Double(max(largest.0, largest.1))))× to \(side)x\(side)",
        at: location)
    }
    let resampler = Resampler(filter: .lanczos3)
    var animation = AnimatedImage(
      width: side, height: side,
      frames: frames.frames.map { AnimatedImage.Frame(image: resampler.fit($0.image, side: side), delay: $0.delay) },
      loopCount: frames.loopCount)
    let animated = animation.frames.count > 1
    if animated {
      guard let timed = timed(animation, rules: rules, options: o, name: name, at: location, diagnostics: &d) else {
        return nil
      }
      animation = timed
    }
    let accessibility = accessibilityText(name: name, entry: entry, limit: animated ? 255 : 125)
    let limit = animated ? rules.maxAnimatedBytes : rules.maxStaticBytes
    let fitted: StickerFitting.Fitted
    do throws(StickerFitting.Refusal) {
      fitted = try StickerFitting.fit(animation, platform: o.platform, limit: limit, minimumSSIM: o.minimumSSIM)
    } catch {
      d.error(
        .stickerTooLarge,
        "'\(name)' does not fit \(o.platform.rawValue)'s \(limit / 1024) KB at SSIM \(o.minimumSSIM): \(error.summary)",
        at: location)
      return nil
    }
    return Made(
      entry: name, emoji: Array(emoji.prefix(3)), accessibility: accessibility, animated: animated,
      bytes: fitted.bytes, fileExtension: fitted.fileExtension, quality: fitted.quality, ssim: fitted.ssim,
      frames: fitted.frames, durationMs: animation.duration, side: fitted.side, steps: fitted.steps,
      still: animation.frames[0].image)
  }

  /// An animation's frames within its platform's times: a frame shorter than the minimum shown with the frame
  /// before it (a note), and an animation over the longest sped up or trimmed to fit (a warning) or refused, as
  /// `--too-long` says; nil when refused.
  static func timed(
    _ a: AnimatedImage, rules: StickerRules, options o: StickerOptions, name: String, at location: DiagnosticLocation,
    diagnostics d: inout Diagnostics
  ) -> AnimatedImage? {
    var out = a
    let total = a.duration
    if total > rules.maxDurationMs {
      switch o.tooLong {
      case .refuse:
        d.error(
          .stickerTooLong,
          "'\(name)' lasts \(total) ms, over \(o.platform.rawValue)'s \(rules.maxDurationMs) ms (--too-long speed or trim fits it)",
          at: location)
        return nil
      case .speed:
        // Every frame's time cut in proportion, rounded down so the whole stays within the limit.
        for k in out.frames.indices {
          out.frames[k].delay = out.frames[k].delay * rules.maxDurationMs / total
        }
        d.warning(
          .stickerTooLong,
          "'\(name)' lasts \(total) ms, over \(o.platform.rawValue)'s \(rules.maxDurationMs) ms: played \(String(format: "%.2f", Double(total) / Double(rules.maxDurationMs)))× faster",
          at: location)
      case .trim:
        var time = 0
        var kept: [AnimatedImage.Frame] = []
        for f in a.frames where time < rules.maxDurationMs {
          var f = f
          f.delay = min(f.delay, rules.maxDurationMs - time)
          time += f.delay
          kept.append(f)
        }
        out.frames = kept
        d.warning(
          .stickerTooLong,
          "'\(name)' lasts \(total) ms, over \(o.platform.rawValue)'s \(rules.maxDurationMs) ms: trimmed to its first \(kept.count) frames",
          at: location)
      }
    }
    // Frames shorter than the platform's minimum (speed-ups included) are shown with the frame before them.
    var merged: [AnimatedImage.Frame] = []
    var short = 0
    for f in out.frames {
      if f.delay < rules.minFrameMs, !merged.isEmpty {
        merged[merged.count - 1].delay += f.delay
        short += 1
      } else {
        merged.append(f)
      }
    }
    if let first = merged.first, first.delay < rules.minFrameMs {
      merged[0].delay = rules.minFrameMs
      short += 1
    }
    if short > 0 {
      d.note(
        .stickerFrameTooShort,
        "'\(name)': \(short) frame(s) shorter than \(o.platform.rawValue)'s \(rules.minFrameMs) ms are shown with the frame before",
        at: location)
    }
    out.frames = merged
    return out
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
    guard let image = entry.image else { throw NoImage() }
    let still = try SourceDecoder.decode(try FileSystem.read(image.path), limits: o.build.imageLimits)
    return (
      AnimatedImage(
        width: still.width, height: still.height, frames: [AnimatedImage.Frame(image: still, delay: 100)],
        loopCount: 0),
      (still.width, still.height)
    )
  }

  /// An image entry without an image (validation never gives one).
  struct NoImage: Error, CustomStringConvertible {
    var description: String { "the entry has no image" }
  }

  /// What a screen reader says: the tag's text (without its brackets), then keywords, at most `limit` characters.
  static func accessibilityText(name: String, entry: ValidatedEntry, limit: Int) -> String {
    var parts = [name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name]
    for k in entry.keywords where !parts.contains(k.text) { parts.append(k.text) }
    return String(parts.joined(separator: ", ").prefix(limit))
  }
}
