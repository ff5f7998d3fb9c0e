import EmoPackCompiler
import Foundation

/// `emopack build`.
enum BuildCommand {
  /// Options that take a value: the settings table's, then the output, cache, jobs, locales and limits.
  static let valued: Set<String> = SettingsTable.valuedFlags.union([
    "-o", "--output", "--cache", "-j", "--jobs", "--max-image-side", "--max-image-bytes", "--max-entries",
    "--max-tag-bytes", "--max-manifest-bytes", "--max-sheet-pixels", "--keyword-locales", "--cldr",
  ])
  /// On/off flags: the settings table's, then the build's own.
  static let flags: Set<String> = SettingsTable.booleanFlags.union([
    "--single-page", "--no-wait", "-q", "--quiet", "-v", "--verbose", "--json", "--all-diagnostics",
    "--touch-output", "-h", "--help",
  ])

  static func run(_ args: [String]) -> Int32 {
    let parsed: Arguments
    var options = BuildOptions()
    var flagDiagnostics = Diagnostics()
    do {
      parsed = try Arguments(args, valued: valued, flags: flags)
      if parsed.flag("-h", "--help") {
        Terminal.out(Help.build)
        return 0
      }
      flagDiagnostics = try apply(parsed, to: &options)
      guard !parsed.positionals.isEmpty else { throw UsageError(message: "no pack given") }
    } catch {
      if args.contains("--json") {
        let usage = Diagnostic(.error, .usage, file: "<command line>", "\(error)")
        Terminal.out(jsonText(BuildReport(packs: [], diagnostics: [usage], seconds: 0, stages: [])))
      }
      Terminal.error("emopack build: \(error)\nUsage: emopack build [options] PACK...   (emopack build --help)")
      return 2
    }
    let quiet = parsed.flag("-q", "--quiet")
    let json = parsed.flag("--json")
    // A setting's bad value is a usage error (exit 2), reported at its flag with the setting's code.
    if flagDiagnostics.hasErrors {
      Terminal.print(flagDiagnostics.items, all: true)
      if json {
        Terminal.out(jsonText(BuildReport(packs: [], diagnostics: flagDiagnostics.items, seconds: 0, stages: [])))
      }
      Terminal.error("Usage: emopack build [options] PACK...   (emopack build --help)")
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
          "  \(s.file)  \(s.width)×\(s.height)  \(bytes(s.bytes))\(s.palette ? " palette" : "")  sprites \(percent(s.spriteFraction)), packing \(percent(s.packingEfficiency))"
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
