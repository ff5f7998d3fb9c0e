import EmoPackCompiler
import Foundation

/// `emopack export SOURCE --format whatsapp|signal|telegram -o DIR`: sticker packs from a pack's sources.
enum StickerCommand {
  static func run(_ parsed: Arguments, platform: StickerPlatform, output dir: String, json: Bool) -> Int32 {
    var o = StickerOptions(platform: platform, outputDirectory: dir)
    o.publisher = parsed.value("--publisher")
    o.defaultEmoji = parsed.value("--default-emoji")
    o.tray = parsed.value("--tray")
    o.customEmoji = parsed.flag("--custom-emoji")
    o.build.cldrDirectory = parsed.value("--cldr")
    if let locales = parsed.value("--keyword-locales") {
      o.keywordLocales = locales.split(separator: ",").map { String($0) }
    }
    if let text = parsed.value("--ssim-min") {
      guard let v = Double(text), (0...1).contains(v) else {
        return Report.usageFailure(
          ExportCommand.command, "--ssim-min expects a number in 0...1, got '\(text)'", json: json)
      }
      o.minimumSSIM = v
    }
    let report = StickerExporter.export(paths: parsed.positionals, options: o)
    if !json {
      for pack in report.packs {
        Terminal.out("\(pack.name): \(pack.stickers.count) sticker(s) → \(dir)/\(pack.folder)")
        for s in pack.stickers {
          let ssim = String(format: "%.3f", s.ssim)
          let how =
            s.quality.map { $0 == 256 ? "one 256-colour palette, SSIM \(ssim)" : "lossy q\($0), SSIM \(ssim)" }
            ?? "lossless"
          Terminal.out("  \(s.file)  \(s.entry)  \(s.emoji.joined())  \(s.bytes) bytes, \(how)")
        }
      }
    }
    var payload = report
    payload.diagnostics = []
    return Report.finish(ExportCommand.command.name, json: json, diagnostics: report.diagnostics, payload: payload)
  }
}
