import EmoPack
import EmoPackCompiler
import EmoPackPreview
import Foundation

/// `emopack preview` and `emopack export`.
enum PreviewCommand {
  static func run(_ args: [String]) -> Int32 {
    let parsed: Arguments
    do {
      parsed = try Arguments(args, valued: ["-o", "--output", "--recents", "--scale"], flags: ["-h", "--help"])
      if parsed.flag("-h", "--help") {
        Terminal.out(Help.preview)
        return 0
      }
      guard !parsed.positionals.isEmpty else { throw UsageError(message: "no .pack given") }
      guard let out = parsed.value("-o", "--output"), out.hasSuffix(".html") || out.hasSuffix(".png") else {
        throw UsageError(message: "-o must name an .html or a .png file")
      }
      let scale = try parsed.int("--scale", in: 1...4) ?? 2
      let packs = try parsed.positionals.map { try PreviewPack(path: $0) }
      var recents: [EmoticonRef]?
      if let db = parsed.value("--recents") {
        do {
          recents = try RecentsStore(path: db).emoticons(in: Catalog(packs: packs.map(\.reader)))
        } catch {
          Terminal.error("emopack preview: warning: recents not shown: \(error)")
        }
      }
      let bytes: [UInt8] =
        out.hasSuffix(".html")
        ? Array(try HTMLPreview.render(packs, recents: recents).utf8) : try ContactSheet.png(packs, scale: scale)
      do { try FileSystem.replace(out, with: bytes) } catch {
        Terminal.error("emopack preview: error: \(error)")
        return 3
      }
      Terminal.out("wrote \(out) (\(bytes.count) bytes)")
      return 0
    } catch let error as UsageError {
      Terminal.error("emopack preview: \(error)\nUsage: emopack preview PACK.pack… -o preview.html|preview.png")
      return 2
    } catch {
      Terminal.error("emopack preview: error: \(error)")
      return 1
    }
  }

  static func export(_ args: [String]) -> Int32 {
    // Sticker formats take a pack's sources, the others a built pack.
    if let i = args.firstIndex(of: "--format"), i + 1 < args.count,
      let platform = StickerPlatform(rawValue: args[i + 1])
    {
      return StickerCommand.run(args, platform: platform)
    }
    if let inline = args.first(where: { $0.hasPrefix("--format=") }),
      let platform = StickerPlatform(rawValue: String(inline.dropFirst("--format=".count)))
    {
      return StickerCommand.run(args, platform: platform)
    }
    do {
      let parsed = try Arguments(args, valued: ["-o", "--output", "--format"], flags: ["-h", "--help"])
      if parsed.flag("-h", "--help") {
        Terminal.out(Help.export)
        return 0
      }
      guard let name = parsed.value("--format"), let format = ExportFormat(rawValue: name) else {
        throw UsageError(
          message:
            "--format must be one of \((ExportFormat.allCases.map(\.rawValue) + StickerPlatform.allCases.map(\.rawValue)).joined(separator: ", "))"
        )
      }
      guard let dir = parsed.value("-o", "--output") else { throw UsageError(message: "-o DIR is required") }
      if format == .web {
        guard !parsed.positionals.isEmpty else { throw UsageError(message: "expected .pack files") }
        return try exportWeb(parsed.positionals, to: dir)
      }
      guard parsed.positionals.count == 1 else { throw UsageError(message: "expected one .pack file") }
      let pack = try PreviewPack(path: parsed.positionals[0])
      let files = try Exporter.files(pack, format: format)
      do {
        try FileSystem.makeDirectory(dir)
        for (file, bytes) in files {
          try FileSystem.replace(dir + "/" + file, with: bytes)
          Terminal.out("wrote \(dir)/\(file)")
        }
        // A pack without images (emoji only) has no sheets: TexturePacker JSON has nothing to describe.
        if files.isEmpty { Terminal.out("nothing to write: \(parsed.positionals[0]) has no sheets (no images)") }
      } catch {
        Terminal.error("emopack export: error: \(error)")
        return 3
      }
      return 0
    } catch let error as UsageError {
      Terminal.error(
        "emopack export: \(error)\nUsage: emopack export PACK.pack --format texturepacker-json|css -o DIR, or PACK.pack... --format web -o DIR"
      )
      return 2
    } catch {
      Terminal.error("emopack export: error: \(error)")
      return 1
    }
  }

  /// `--format web`: every file into a new folder beside `dir`, which then takes `dir`'s place (an earlier export
  /// stays whole until the new one is complete).
  static func exportWeb(_ paths: [String], to dir: String) throws -> Int32 {
    let files = try WebExport.files(try paths.map { path throws(PreviewError) in try PreviewPack(path: path) })
    let staging = dir + ".emopack-\(getpid()).tmp"
    let fm = FileManager.default
    try? fm.removeItem(atPath: staging)
    do {
      for (file, bytes) in files {
        let path = staging + "/" + file
        try fm.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
      }
      let old = dir + ".emopack-\(getpid()).old"
      if fm.fileExists(atPath: dir) { try fm.moveItem(atPath: dir, toPath: old) }
      try fm.moveItem(atPath: staging, toPath: dir)
      try? fm.removeItem(atPath: old)
    } catch {
      try? fm.removeItem(atPath: staging)
      Terminal.error("emopack export: error: \(dir): \(error)")
      return 3
    }
    Terminal.out("wrote \(dir): \(paths.count) pack(s), the web runtime and index.html (\(files.count) files)")
    return 0
  }
}
