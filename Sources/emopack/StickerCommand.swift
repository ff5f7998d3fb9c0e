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
    o.stills = parsed.flag("--stills")
    if let text = parsed.value("--too-long") {
      guard let v = StickerOptions.TooLong(rawValue: text) else {
        let all = StickerOptions.TooLong.allCases.map(\.rawValue).joined(separator: ", ")
        return Report.usageFailure(ExportCommand.command, "--too-long expects one of \(all), got '\(text)'", json: json)
      }
      o.tooLong = v
    }
    if o.stills && platform != .telegram {
      return Report.usageFailure(
        ExportCommand.command, "--stills is for telegram (\(platform.rawValue) takes animations)", json: json)
    }
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
          Terminal.out("  \(s.file)  \(s.entry)  \(s.emoji.joined())  \(s.bytes) bytes, \(how(s))")
        }
      }
      if !report.packs.isEmpty {
        Terminal.out("least SSIM at display times: \(String(format: "%.4f", report.leastSSIM))")
      }
    }
    var payload = report
    payload.diagnostics = []
    return Report.finish(ExportCommand.command.name, json: json, diagnostics: report.diagnostics, payload: payload)
  }

  /// `lossy q70, 9 frames, SSIM 0.962` — the step kept and what it reached.
  static func how(_ s: StickerReport.Sticker) -> String {
    var parts = [s.steps.last?.step ?? (s.quality == nil ? "lossless" : "lossy")]
    if let q = s.quality, q <= 100 { parts[0] += " q\(q)" }
    if s.animated { parts.append("\(s.frames) frames, \(s.durationMs) ms") }
    if s.side != 512 && s.side != 0 { parts.append("\(s.side) px") }
    if s.ssim < 1 { parts.append("SSIM " + String(format: "%.3f", s.ssim)) }
    return parts.joined(separator: ", ")
  }
}
