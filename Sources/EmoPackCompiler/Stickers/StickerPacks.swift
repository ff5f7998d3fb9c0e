import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation

extension StickerExporter {
  /// The sticker packs of one pack's stickers: WhatsApp's split into animated and static ones and into runs of at
  /// most 30 (`Name`, `Name (2)` …), each checked for its sticker count; with their files.
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
      let per = rules.stickersPerPack.upperBound
      let runs = stride(from: 0, to: stickers.count, by: per).map {
        Array(stickers[$0..<min($0 + per, stickers.count)])
      }
      for (k, run) in runs.enumerated() {
        var identifier = identifierText(pack.id + (animated ? "_animated" : "") + (k > 0 ? "_\(k + 1)" : ""))
        if identifier.isEmpty { identifier = "stickers" }
        let name = String(
          (title + (animated && o.platform == .whatsapp ? " (animated)" : "") + (k > 0 ? " (\(k + 1))" : "")).prefix(
            128))
        guard rules.stickersPerPack.contains(run.count) else {
          d.error(
            .stickerPackTooSmall,
            "sticker pack '\(name)' would hold \(run.count) sticker(s); \(o.platform.rawValue) takes \(rules.stickersPerPack.lowerBound) to \(rules.stickersPerPack.upperBound)",
            at: location)
          continue
        }
        var files: [(String, [UInt8])] = []
        var stickers: [StickerReport.Sticker] = []
        for (i, m) in run.enumerated() {
          let file = String(format: "%02d", i + 1) + "." + m.fileExtension
          files.append((file, m.bytes))
          stickers.append(
            StickerReport.Sticker(
              file: file, entry: m.entry, emoji: m.emoji, bytes: m.bytes.count, animated: m.animated,
              quality: m.quality, ssim: m.ssim))
        }
        var trayBytes: Int?
        if o.platform == .whatsapp, let limit = rules.trayBytes {
          let source = run.first { $0.entry == o.tray } ?? run[0]
          let tray = Resampler(filter: .lanczos3).fit(source.still, side: 96)
          guard let png = try? SheetEncoder.encode(tray, effort: .max), png.count <= limit else {
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

  /// Writes each sticker pack's folder (a new folder renamed over the old one) and, for WhatsApp, `contents.json`
  /// listing them all.
  static func write(_ packs: [(pack: StickerReport.Pack, files: [(String, [UInt8])])], options o: StickerOptions) throws
  {
    let fm = FileManager.default
    try fm.createDirectory(atPath: o.outputDirectory, withIntermediateDirectories: true)
    var entries: [Any] = []
    for (pack, files) in packs {
      let final = o.outputDirectory + "/" + pack.folder
      let temporary = o.outputDirectory + "/." + pack.folder + ".\(getpid()).tmp"
      try? fm.removeItem(atPath: temporary)
      try fm.createDirectory(atPath: temporary, withIntermediateDirectories: true)
      for (name, bytes) in files where !name.isEmpty {
        try Data(bytes).write(to: URL(fileURLWithPath: temporary + "/" + name))
      }
      if let manifest = files.first(where: { $0.0.isEmpty })?.1,
        let object = try? JSONSerialization.jsonObject(with: Data(manifest))
      {
        entries.append(object)
      }
      if fm.fileExists(atPath: final) { try fm.removeItem(atPath: final) }
      try fm.moveItem(atPath: temporary, toPath: final)
    }
    if o.platform == .whatsapp {
      let contents: [String: Any] = ["android_play_store_link": "", "ios_app_store_link": "", "sticker_packs": entries]
      let data = try JSONSerialization.data(withJSONObject: contents, options: [.prettyPrinted, .sortedKeys])
      let path = o.outputDirectory + "/contents.json"
      try data.write(to: URL(fileURLWithPath: path + ".tmp"))
      if fm.fileExists(atPath: path) { try fm.removeItem(atPath: path) }
      try fm.moveItem(atPath: path + ".tmp", toPath: path)
    }
  }
}
