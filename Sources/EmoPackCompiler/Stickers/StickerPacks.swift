import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation

extension StickerExporter {
  /// The sticker packs of one pack's stickers: WhatsApp's split into animated and static ones (it never mixes
  /// them) and, past 30, into packs as even as they can be (31: 16 and 15); each with its files.
  static func group(
    _ made: [Made], pack: ValidatedPack, rules: StickerRules, options o: StickerOptions,
    at location: DiagnosticLocation,
    diagnostics d: inout Diagnostics
  ) -> [(pack: StickerReport.Pack, files: [(String, [UInt8])])] {
    let names = pack.manifest.names
    let title = names.first { $0.locale == "en" }?.name ?? names.first?.name ?? pack.id
    let kinds: [[Made]] =
      o.platform == .whatsapp
      ? [made.filter { !$0.animated }, made.filter(\.animated)].filter { !$0.isEmpty } : [made]
    var out: [(StickerReport.Pack, [(String, [UInt8])])] = []
    for stickers in kinds {
      let animated = stickers.first?.animated ?? false
      if stickers.count < rules.stickersPerPack.lowerBound {
        let what = o.platform == .whatsapp ? (animated ? " animated" : " still") : ""
        d.error(
          .stickerPackTooSmall,
          "pack '\(pack.id)' has \(stickers.count)\(what) sticker(s); a \(o.platform.rawValue) sticker pack holds \(rules.stickersPerPack.lowerBound) to \(rules.stickersPerPack.upperBound)\(o.platform == .whatsapp ? " and never mixes still and animated ones" : "")",
          at: location)
        continue
      }
      let runs = evenRuns(stickers, most: rules.stickersPerPack.upperBound)
      for (k, run) in runs.enumerated() {
        var identifier = identifierText(pack.id + (animated ? "_animated" : "") + (k > 0 ? "_\(k + 1)" : ""))
        if identifier.isEmpty { identifier = "stickers" }
        let suffix = (animated && o.platform == .whatsapp ? " (animated)" : "") + (k > 0 ? " (\(k + 1))" : "")
        let name = utf16Prefix(title, 128 - suffix.utf16.count) + suffix
        var files: [(String, [UInt8])] = []
        var stickers: [StickerReport.Sticker] = []
        for (i, m) in run.enumerated() {
          let file = String(format: "%02d", i + 1) + "." + m.fileExtension
          files.append((file, m.bytes))
          stickers.append(
            StickerReport.Sticker(
              file: file, entry: m.entry, emoji: m.emoji, bytes: m.bytes.count, animated: m.animated,
              quality: m.quality, ssim: m.ssim, frames: m.frames, durationMs: m.durationMs, side: m.side,
              steps: m.steps.map {
                .init(step: $0.step, bytes: $0.bytes, ssim: $0.ssim, fits: $0.fits, detail: $0.detail)
              }))
        }
        var trayBytes: Int?
        if o.platform == .whatsapp, let limit = rules.trayBytes {
          let source = run.first { $0.entry == o.tray } ?? run[0]
          let tray = Resampler(filter: .lanczos3).fit(source.still, side: 96)
          guard let png = try? SheetEncoder.encode(tray, effort: .default), png.count <= limit else {
            d.error(.stickerTooLarge, "the tray icon of '\(name)' does not fit in \(limit / 1024) KB", at: location)
            continue
          }
          files.append(("tray.png", png))
          trayBytes = png.count
        }
        let manifest = manifestJSON(
          identifier: identifier, name: name, animated: animated, stickers: stickers, run: run, files: files,
          options: o)
        files.append((o.platform == .whatsapp ? "" : "stickers.json", manifest))
        out.append(
          (
            StickerReport.Pack(
              identifier: identifier, name: name, folder: identifier, animated: animated, stickers: stickers,
              trayBytes: trayBytes), files
          ))
      }
    }
    return out
  }

  /// `items` in the fewest runs of at most `most`, as even as they can be (the first ones one longer).
  static func evenRuns<T>(_ items: [T], most: Int) -> [[T]] {
    let count = (items.count + most - 1) / most
    guard count > 1 else { return [items] }
    var out: [[T]] = []
    var start = 0
    for k in 0..<count {
      let n = items.count / count + (k < items.count % count ? 1 : 0)
      out.append(Array(items[start..<(start + n)]))
      start += n
    }
    return out
  }

  /// The longest prefix of `s` (whole characters) of at most `units` UTF-16 units.
  static func utf16Prefix(_ s: String, _ units: Int) -> String {
    var out = ""
    for c in s {
      if out.utf16.count + c.utf16.count > units { break }
      out.append(c)
    }
    return out
  }

  /// WhatsApp's identifier characters (`a-z A-Z 0-9 _ - . , '` and space), at most 128.
  static func identifierText(_ s: String) -> String {
    String(s.filter { $0.isASCII && ($0.isLetter || $0.isNumber || "_-., '".contains($0)) }.prefix(128))
  }

  /// The sticker pack's entry in WhatsApp's `contents.json` (written together by `write`), or the `stickers.json`
  /// beside Signal's and Telegram's files: each file with its emoji and text.
  static func manifestJSON(
    identifier: String, name: String, animated: Bool, stickers: [StickerReport.Sticker], run: [Made],
    files: [(String, [UInt8])], options o: StickerOptions
  ) -> [UInt8] {
    // The data version changes whenever a sticker's bytes do.
    var all: [UInt8] = []
    for (_, bytes) in files { all += SHA256.hash(bytes) }
    let version = hexString(SHA256.hash(all).prefix(8))
    var pack: [String: Any] = [
      "identifier": identifier, "name": name, "publisher": o.publisher ?? "", "image_data_version": version,
      "animated_sticker_pack": animated, "avoid_cache": false, "publisher_email": "", "publisher_website": "",
      "privacy_policy_website": "", "license_agreement_website": "",
      "stickers": zip(stickers, run).map { s, m in
        ["image_file": s.file, "emojis": s.emoji, "accessibility_text": m.accessibility] as [String: Any]
      },
    ]
    if o.platform == .whatsapp { pack["tray_image_file"] = "tray.png" }
    let data = (try? JSONSerialization.data(withJSONObject: pack, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    return [UInt8](data)
  }

  /// Writes every sticker pack's folder and, for WhatsApp, `contents.json` listing them, as one new folder that takes
  /// `outputDirectory`'s place when complete (`ExportFolder`: a folder emopack did not write is refused). The
  /// sticker packs an earlier export of the same platform left there stay, and stay listed, unless this export
  /// writes packs of the same identifiers; another platform's export there is refused.
  static func write(
    _ packs: [(pack: StickerReport.Pack, files: [(String, [UInt8])])], options o: StickerOptions
  ) throws(Diagnostic) {
    let dir = o.outputDirectory
    var files: [(name: String, bytes: [UInt8])] = []
    var listed: [String] = []
    var entries: [Any] = []
    let mine = Set(packs.map(\.pack.folder))
    // What an earlier export of this platform left, minus what this one rewrites.
    if let problem = outputProblem(o) { throw problem }
    if case .export(let marker) = ExportFolder.existing(dir) {
      let lines = marker.split(separator: "\n").map(String.init)
      let earlier = lines.dropFirst().filter { $0.hasPrefix("pack ") }.map { String($0.dropFirst(5)) }
      let oldContents =
        (try? JSONSerialization.jsonObject(with: Data(FileSystem.read(dir + "/contents.json")))) as? [String: Any]
      let oldEntries = oldContents?["sticker_packs"] as? [[String: Any]] ?? []
      for folder in earlier where !mine.contains(folder) {
        // The files the earlier export wrote there (a user's own files are carried over by `ExportFolder`).
        let names =
          ExportFolder.ownFiles(marker).map { own in own.filter { $0.hasPrefix(folder + "/") }.sorted() }
          ?? ((try? FileManager.default.contentsOfDirectory(atPath: dir + "/" + folder)) ?? []).sorted().map {
            folder + "/" + $0
          }
        for name in names {
          do throws(FileSystemError) {
            files.append((name, try FileSystem.read(dir + "/" + name)))
          } catch {
            throw error.diagnostic
          }
        }
        listed.append(folder)
        if let entry = oldEntries.first(where: { $0["identifier"] as? String == folder }) { entries.append(entry) }
      }
    }
    for (pack, packFiles) in packs {
      for (name, bytes) in packFiles where !name.isEmpty { files.append((pack.folder + "/" + name, bytes)) }
      if let manifest = packFiles.first(where: { $0.0.isEmpty })?.1,
        let object = try? JSONSerialization.jsonObject(with: Data(manifest))
      {
        entries.append(object)
      }
      listed.append(pack.folder)
    }
    if o.platform == .whatsapp {
      let contents: [String: Any] = ["android_play_store_link": "", "ios_app_store_link": "", "sticker_packs": entries]
      let data =
        (try? JSONSerialization.data(withJSONObject: contents, options: [.prettyPrinted, .sortedKeys])) ?? Data()
      files.append(("contents.json", [UInt8](data)))
    }
    let marker = ([Self.markerTitle(o.platform)] + listed.map { "pack " + $0 }).joined(separator: "\n") + "\n"
    try ExportFolder.write(files, to: dir, description: marker)
  }

  /// Why `outputDirectory` cannot take this export, checked before any sticker is made: a file, a folder emopack
  /// did not write, or another kind of export.
  static func outputProblem(_ o: StickerOptions) -> Diagnostic? {
    switch ExportFolder.existing(o.outputDirectory) {
    case .nothing: return nil
    case .foreign:
      return Diagnostic(
        .error, .exportConflict, file: o.outputDirectory,
        "is not an export of emopack's (no \(ExportFolder.marker) in it): choose a new or empty folder; nothing was written"
      )
    case .export(let marker):
      let first = marker.split(separator: "\n").first.map(String.init) ?? ""
      guard first == markerTitle(o.platform) else {
        return Diagnostic(
          .error, .exportConflict, file: o.outputDirectory,
          "holds another kind of export ('\(first)'): one folder holds one platform's sticker packs; choose another folder"
        )
      }
      return nil
    }
  }

  /// The first line of a sticker export's marker.
  static func markerTitle(_ platform: StickerPlatform) -> String { "emopack export --format \(platform.rawValue)" }
}
