import EmoPackCompiler
import Foundation

/// `emopack build`.
enum BuildCommand {
  /// The limits `build` and `validate` both take, with the defaults of `BuildOptions`.
  static let limits: OptionSection = {
    let o = BuildOptions()
    return OptionSection(
      title: "LIMITS (checked before the cost is paid)",
      options: [
        CommandOption(["--max-image-side"], "N", "Largest source width or height (default \(o.imageLimits.maxWidth))"),
        CommandOption(
          ["--max-image-bytes"], "N",
          "Largest decoded source, width × height × 4 (default \(o.imageLimits.maxPixelBytes >> 20) MiB)"),
        CommandOption(["--max-entries"], "N", "Most emoticons in a pack (default \(o.manifestLimits.maxEntries))"),
        CommandOption(["--max-tag-bytes"], "N", "Longest tag in UTF-8 bytes (default \(o.manifestLimits.maxTagBytes))"),
        CommandOption(
          ["--max-manifest-bytes"], "N", "Largest manifest file (default \(o.manifestLimits.maxBytes >> 20) MiB)"),
        CommandOption(
          ["--max-sheet-pixels"], "N",
          "Most sheet pixels of a pack, all scales (default \(o.maxTotalSheetPixels >> 20) Mi)"),
      ])
  }()

  /// The CLDR options `build` and `validate` both take.
  static let keywords = [
    CommandOption(
      ["--keyword-locales"], "L",
      "Add CLDR emoji names and keywords for these locales, comma-separated (zh is Simplified Chinese: zh,zh-Hant,en; default: none)"
    ),
    CommandOption(
      ["--cldr"], "DIR",
      "CLDR's common folder (default: $EMOPACK_CLDR_DIR, else /usr/share/unicode/cldr/common from Debian's unicode-cldr-core)"
    ),
  ]

  static let command = Command(
    name: "build", summary: "Validate packs and compile them to a .pack file and sprite sheets",
    usage: ["[options] PACK..."],
    about: """
      A PACK is a folder holding a manifest (pack.json, pack.plist, Weibo's info.plist or info.json, a Weibo
      bundle's emoticons.plist, NetEase's emoji.plist, or a code-list info.plist), or the manifest file itself.
      Every pack is validated first; any error stops the build before anything is written. Outputs are
      DIR/<id>.pack and its sheets, one per scale and page, named by content (the .pack's rename is the single
      commit point of a build); a pack without images (emoji only) is its .pack alone.
      """,
    settings: .standard,
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: [
          CommandOption(["-o", "--output"], "DIR", "Output folder (default: \(BuildOptions().outputDirectory))")
        ] + keywords + [
          CommandOption(["--single-page"], "Fail if a pack needs more than one sheet per scale"),
          CommandOption(
            ["--cache"], "DIR",
            "Build cache (default: $EMOPACK_CACHE_DIR, else ~/.cache/emopack, one folder per output folder; never inside the output; safe to delete)"
          ),
          CommandOption(["-j", "--jobs"], "N", "Parallel jobs (default: all cores)"),
        ]),
      limits,
      OptionSection(
        title: "OUTPUT AND WAITING",
        options: [
          CommandOption(["--no-wait"], "Fail at once if another build holds the output folder"),
          CommandOption(
            ["--touch-output"],
            "Set the output folder's time after every successful build (for build systems that declare the folder as the output: the SwiftPM plugin)"
          ),
          CommandOption(["-q", "--quiet"], "No progress bar and no summary"),
          CommandOption(["-v", "--verbose"], "Per-stage timings and peak memory"),
          CommandOption(["--json"], "The build report as one JSON object on standard output"),
          CommandOption(
            ["--all-diagnostics"], "Print every diagnostic (by default, in each file, three of a code and a count)"),
        ]),
    ],
    footer: """
      A second build with nothing changed does no image work and touches no file. Changing one image redoes that
      image's resampling, then lays out and encodes the sheet pages that hold it.
      """,
    run: run)

  static func run(_ args: [String]) -> Int32 {
    let parsed: Arguments
    var options = BuildOptions()
    var flagDiagnostics = Diagnostics()
    let json = args.contains("--json")
    do {
      parsed = try Arguments(args, valued: command.valued, flags: command.switches)
      if parsed.flag("-h", "--help") {
        Terminal.out(command.help)
        return 0
      }
      flagDiagnostics = try apply(parsed, to: &options)
      guard !parsed.positionals.isEmpty else { throw UsageError(message: "no pack given") }
    } catch {
      if json {
        let usage = Report.usage("\(error)")
        Terminal.print([usage])
        Terminal.out(jsonText(BuildReport(packs: [], diagnostics: [usage], seconds: 0, stages: [])))
        Terminal.error("Usage: \(command.usageLine)   (emopack build --help)")
        return 2
      }
      return Report.usageFailure(command, "\(error)", json: false)
    }
    let quiet = parsed.flag("-q", "--quiet")
    // A setting's bad value is a usage error (exit 2), reported at its flag with the setting's code.
    if flagDiagnostics.hasErrors {
      Terminal.print(flagDiagnostics.items, all: true)
      if json {
        Terminal.out(jsonText(BuildReport(packs: [], diagnostics: flagDiagnostics.items, seconds: 0, stages: [])))
      }
      Terminal.error("Usage: \(command.usageLine)   (emopack build --help)")
      return 2
    }
    Terminal.print(flagDiagnostics.items, all: true)
    let bar = (!quiet && !json && Terminal.stderrIsTTY) ? ProgressBar() : nil
    let builder = PackBuilder(options: options)
    var progress: (@Sendable (BuildProgress) -> Void)?
    if let bar { progress = { bar.update($0) } }
    do throws(BuildError) {
      let report = try builder.build(paths: parsed.positionals, progress: progress)
      bar?.finish()
      Terminal.print(report.diagnostics, all: parsed.flag("--all-diagnostics"))
      if json {
        Terminal.out(jsonText(report))
      } else if !quiet {
        Terminal.out(summary(report, verbose: parsed.flag("-v", "--verbose")))
      }
      return 0
    } catch {
      bar?.finish()
      // Every failure is coded diagnostics; with --json they are also the report's, with no pack.
      let diagnostics = error.diagnostics
      Terminal.print(diagnostics, all: parsed.flag("--all-diagnostics"))
      if json { Terminal.out(jsonText(BuildReport(packs: [], diagnostics: diagnostics, seconds: 0, stages: []))) }
      if case .invalidInput = error {
        Terminal.error(
          "emopack build: \(diagnostics.filter { $0.severity == .error }.count) error(s); nothing was written")
      } else {
        Terminal.error("emopack build: stopped; the outputs of the last good build are kept")
      }
      return error.exitCode
    }
  }

  /// Applies the arguments to `o`: the settings through `SettingsTable.apply` (their problems come back as
  /// diagnostics at the flag), the rest here.
  static func apply(_ a: Arguments, to o: inout BuildOptions) throws -> Diagnostics {
    var d = Diagnostics()
    SettingsTable.apply(allValues: a.allValues, switches: a.flagOrder, to: &o, diagnostics: &d)
    if let out = a.value("-o", "--output") { o.outputDirectory = out }
    if a.flag("--no-wait") { o.waitForLock = false }
    if a.flag("--touch-output") { o.touchOutput = true }
    if a.flag("--single-page") { o.singlePage = true }
    if let c = a.value("--cache") { o.cacheDirectory = c }
    if let k = a.value("--keyword-locales") {
      o.keywordLocales = k.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter {
        !$0.isEmpty
      }
    }
    if let c = a.value("--cldr") { o.cldrDirectory = c }
    if let j = try a.int("--jobs", in: 1...256) ?? a.int("-j", in: 1...256) { o.jobs = j }
    if let v = try a.int("--max-image-side", in: 1...65_535) {
      o.imageLimits.maxWidth = v
      o.imageLimits.maxHeight = v
    }
    if let v = try a.int("--max-image-bytes", in: 4...(1 << 34)) { o.imageLimits.maxPixelBytes = v }
    if let v = try a.int("--max-entries", in: 1...65_535) { o.manifestLimits.maxEntries = v }
    if let v = try a.int("--max-tag-bytes", in: 3...4096) { o.manifestLimits.maxTagBytes = v }
    if let v = try a.int("--max-manifest-bytes", in: 1...(1 << 30)) { o.manifestLimits.maxBytes = v }
    if let v = try a.int("--max-sheet-pixels", in: 1...(1 << 34)) { o.maxTotalSheetPixels = v }
    return d
  }

  static func summary(_ r: BuildReport, verbose: Bool) -> String {
    var lines: [String] = []
    for p in r.packs {
      if p.upToDate {
        lines.append("\(p.id): up to date (\(p.packFile), \(p.entries) entries)")
        continue
      }
      lines.append("\(p.id): \(p.entries) entries, \(p.uniqueSprites) sprites → \(p.packFile) (\(bytes(p.packBytes)))")
      for s in p.sheets {
        lines.append(
          "  \(s.file)  \(s.width)×\(s.height)  \(bytes(s.bytes))\(s.lossy ? " lossy" : "")  sprites \(percent(s.spriteFraction)), packing \(percent(s.packingEfficiency))"
        )
      }
      lines.append(
        "  images: \(p.imagesProcessed) processed, \(p.imagesFromCache) from cache; \(bytes(p.bytesWritten)) written")
    }
    if verbose {
      lines.append(
        "stages: " + r.stages.map { "\($0.stage) \(String(format: "%.3f", $0.seconds))s" }.joined(separator: ", "))
    }
    lines.append("built \(r.packs.count) pack(s) in \(String(format: "%.2f", r.seconds))s")
    return lines.joined(separator: "\n")
  }

  static func bytes(_ n: Int) -> String {
    n >= 1 << 20
      ? String(format: "%.1f MiB", Double(n) / 1_048_576)
      : n >= 1024 ? String(format: "%.1f KiB", Double(n) / 1024) : "\(n) B"
  }

  static func percent(_ v: Double) -> String { String(format: "%.1f%%", v * 100) }
}
