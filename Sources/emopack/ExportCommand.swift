import EmoPackCompiler
import EmoPackPreview
import Foundation

/// `emopack export`: sheets and metadata for web and game engines from built packs, or sticker packs from a pack's
/// sources.
enum ExportCommand {
  /// Every format, pack formats first.
  static let formats = ExportFormat.allCases.map(\.rawValue) + StickerPlatform.allCases.map(\.rawValue)

  static let command = Command(
    name: "export",
    summary: "Write web, TexturePacker or CSS exports of packs, or WhatsApp, Signal and Telegram stickers",
    usage: [
      "PACK.pack --format texturepacker-json|css -o DIR", "PACK.pack... --format web -o DIR",
      "SOURCE --format whatsapp|signal|telegram -o DIR [options]",
    ],
    about: """
      FORMATS
        texturepacker-json   One JSON hash per sheet (frames keyed by primary tag), as Phaser, PixiJS and others
                             load it, with the sheets copied beside
        css                  <id>.css: .emo-<id> sets the size, .emo-<id>-<index> places each emoticon, with
                             image-set() choosing the 1x/2x/3x sheet; the sheets copied beside
        web                  The packs with their sheets, the web runtime (emopack/*.js), packs.json and an example
                             page (index.html); written as a new folder that replaces DIR when complete
        whatsapp             contents.json and a folder per sticker pack: 512x512 WebP, a 96x96 tray icon
        signal               512x512 PNG and APNG stickers
        telegram             512x512 WebP stills (--custom-emoji: 100x100)
      A sticker SOURCE is what `emopack build` takes: stickers come from the full-size sources. Every platform
      rule is checked before anything is written (docs/CLI.md lists them). A sticker over its byte limit climbs a
      ladder, each step only as far as it must: lossless, lossy (WebP), merged frames, dropped frames, and for
      Signal palette frames and a smaller square; every frame shown keeps --ssim-min. Sticker packs go into -o DIR,
      which keeps earlier sticker packs of the same platform and any file of yours.
      """,
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: [
          CommandOption(["--format"], "FORMAT", "One of \(formats.joined(separator: ", "))"),
          CommandOption(["-o", "--output"], "DIR", "The folder to write"),
          CommandOption(["--json"], "What was written as one JSON object"),
        ]),
      OptionSection(
        title: "STICKER OPTIONS (whatsapp, signal, telegram)",
        options: [
          CommandOption(["--publisher"], "NAME", "WhatsApp's publisher (required there)"),
          CommandOption(
            ["--default-emoji"], "E",
            "The emoji of entries that have none and whose keywords name none in CLDR"),
          CommandOption(
            ["--keyword-locales"], "L", "CLDR locales whose names and keywords give entries an emoji (default en)"),
          CommandOption(["--cldr"], "DIR", "CLDR's common folder (as for emopack build)"),
          CommandOption(
            ["--tray"], "ENTRY", "The entry (a tag or code) whose still is WhatsApp's tray icon (default: the first)"),
          CommandOption(
            ["--ssim-min"], "F",
            "The least SSIM a sticker encoded lossily to fit a byte limit keeps, 0...1 (default \(StickerOptions.defaultMinimumSSIM))"
          ),
          CommandOption(
            ["--too-long"], "speed|trim|refuse",
            "An animation longer than the platform allows: played faster to fit (default), cut, or refused"),
          CommandOption(
            ["--stills"], "Telegram: each animated entry as its still (Telegram takes no animation emopack writes)"),
          CommandOption(["--custom-emoji"], "Telegram custom emoji (100x100) instead of stickers"),
        ]),
    ],
    footer: """
      EXIT STATUS
        0 written, 1 a pack or a platform rule refuses the export (nothing is written), 2 usage errors, 3 a file
        that cannot be read or written.
      """,
    run: run)

  /// The sticker-only options.
  static let stickerOnly = Set(command.sections[1].options.flatMap(\.names))

  /// What `export --json` prints for the pack formats beside the diagnostics.
  struct Written: Encodable {
    var format: String
    var output: String
    var files: [String]
  }

  static func run(_ args: [String]) -> Int32 {
    let json = args.contains("--json")
    let parsed: Arguments
    let dir: String
    let format: String
    do {
      parsed = try Arguments(args, valued: command.valued, flags: command.switches)
      if parsed.flag("-h", "--help") {
        Terminal.out(command.help)
        return 0
      }
      guard let f = parsed.value("--format"), formats.contains(f) else {
        throw UsageError(message: "--format must be one of \(formats.joined(separator: ", "))")
      }
      format = f
      guard let o = parsed.value("-o", "--output") else { throw UsageError(message: "-o DIR is required") }
      dir = o
      guard !parsed.positionals.isEmpty else { throw UsageError(message: "expected what to export") }
      if StickerPlatform(rawValue: format) == nil,
        let flag = args.first(where: { stickerOnly.contains($0.split(separator: "=").first.map(String.init) ?? $0) })
      {
        throw UsageError(message: "\(flag) is for sticker formats (whatsapp, signal, telegram), not \(format)")
      }
    } catch {
      return Report.usageFailure(command, "\(error)", json: json)
    }
    if let platform = StickerPlatform(rawValue: format) {
      return StickerCommand.run(parsed, platform: platform, output: dir, json: json)
    }
    let kind = ExportFormat(rawValue: format) ?? .web
    do throws(PreviewError) {
      if kind == .web {
        let packs = try parsed.positionals.map { path throws(PreviewError) in try PreviewPack(path: path) }
        let files = try WebExport.files(packs)
        do throws(Diagnostic) {
          try ExportFolder.write(files, to: dir, description: "emopack export --format web\n")
        } catch {
          return Report.finish(command.name, json: json, diagnostics: [error])
        }
        if !json {
          Terminal.out("wrote \(dir): \(packs.count) pack(s), the web runtime and index.html (\(files.count) files)")
        }
        return Report.finish(
          command.name, json: json, diagnostics: [],
          payload: Written(format: format, output: dir, files: files.map(\.name)))
      }
      guard parsed.positionals.count == 1 else {
        return Report.usageFailure(command, "\(format) takes one .pack file", json: json)
      }
      let pack = try PreviewPack(path: parsed.positionals[0])
      let files = try Exporter.files(pack, format: kind)
      do throws(FileSystemError) {
        try FileSystem.makeDirectory(dir)
        for (file, bytes) in files {
          try FileSystem.replace(dir + "/" + file, with: bytes)
          if !json { Terminal.out("wrote \(dir)/\(file)") }
        }
      } catch {
        return Report.finish(command.name, json: json, diagnostics: [error.diagnostic])
      }
      // A pack without images (emoji only) has no sheets: TexturePacker JSON has nothing to describe.
      if files.isEmpty && !json {
        Terminal.out("nothing to write: \(parsed.positionals[0]) has no sheets (no images)")
      }
      return Report.finish(
        command.name, json: json, diagnostics: [], payload: Written(format: format, output: dir, files: files.map(\.0)))
    } catch {
      return Report.finish(command.name, json: json, diagnostics: [error.diagnostic])
    }
  }
}
