import EmoPackCompiler
import Foundation

/// `emopack export SOURCE --format whatsapp|signal|telegram -o DIR`: sticker packs from a pack's sources.
enum StickerCommand {
  static let valued: Set<String> = [
    "-o", "--output", "--format", "--publisher", "--default-emoji", "--tray", "--keyword-locales", "--ssim-min",
    "--cldr",
  ]

  static func run(_ args: [String], platform: StickerPlatform) -> Int32 {
    do {
      let parsed = try Arguments(args, valued: valued, flags: ["--json", "--custom-emoji", "-h", "--help"])
      guard !parsed.positionals.isEmpty else { throw UsageError(message: "expected a pack folder or manifest") }
      guard let dir = parsed.value("-o", "--output") else { throw UsageError(message: "-o DIR is required") }
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
          throw UsageError(message: "--ssim-min expects a number in 0...1, got '\(text)'")
        }
        o.minimumSSIM = v
      }
      let report = StickerExporter.export(paths: parsed.positionals, options: o)
      if parsed.flag("--json") {
        Terminal.out(jsonText(report))
      } else {
        Terminal.print(report.diagnostics)
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
      return report.diagnostics.contains { $0.severity == .error } ? 1 : 0
    } catch let error as UsageError {
      Terminal.error(
        "emopack export: \(error)\nUsage: emopack export SOURCE --format whatsapp|signal|telegram -o DIR [--publisher NAME] [--default-emoji E]"
      )
      return 2
    } catch {
      Terminal.error("emopack export: error: \(error)")
      return 1
    }
  }
}
