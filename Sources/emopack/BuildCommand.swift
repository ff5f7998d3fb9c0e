import EmoPackCompiler
import Foundation

/// `emopack build`.
enum BuildCommand {
  static let valued: Set<String> = [
    "-o", "--output", "--size", "--scales", "--max-sheet", "--padding", "--filter", "--png-effort", "--cache", "-j",
    "--jobs", "--max-image-side", "--max-image-bytes", "--max-entries", "--max-tag-bytes", "--max-manifest-bytes",
    "--max-sheet-pixels", "--trim-alpha", "--ssim-floor", "--keyword-locales", "--cldr",
  ]
  static let flags: Set<String> = [
    "--power-of-two", "--exact-colors", "--stable-names", "--single-page", "--no-wait", "-q", "--quiet", "-v",
    "--verbose", "--json", "--all-diagnostics", "--touch-output", "--no-trim", "--trim", "--palette", "--lossless",
    "-h", "--help",
  ]

  static func run(_ args: [String]) -> Int32 {
    let parsed: Arguments
    var options = BuildOptions()
    do {
      parsed = try Arguments(args, valued: valued, flags: flags)
      if parsed.flag("-h", "--help") {
        Terminal.out(Help.build)
        return 0
      }
      try apply(parsed, to: &options)
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

  static func apply(_ a: Arguments, to o: inout BuildOptions) throws {
    if let out = a.value("-o", "--output") { o.outputDirectory = out }
    o.pointSize = try a.int("--size", in: 1...1024)
    if let list = a.value("--scales") {
      let parts = list.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
      guard !parts.isEmpty, parts.count == list.split(separator: ",").count, parts.allSatisfy({ (1...4).contains($0) })
      else {
        throw UsageError(message: "--scales expects scales in 1...4 separated by commas, got '\(list)'")
      }
      o.scales = parts
    }
    o.maxSheet = try a.int("--max-sheet", in: PackSettings.maxSheetRange)
    o.padding = try a.int("--padding", in: PackSettings.paddingRange)
    if let f = a.value("--filter") {
      guard let filter = ResamplingFilter(name: f) else {
        throw UsageError(
          message: "unknown filter '\(f)' (expected \(ResamplingFilter.allNames.joined(separator: ", ")))")
      }
      o.filter = filter
    }
    if let e = a.value("--png-effort") {
      guard let effort = PNGEffort(rawValue: e) else {
        throw UsageError(message: "--png-effort expects fast, default or max, got '\(e)'")
      }
      o.pngEffort = effort
    }
    if a.flag("--power-of-two") { o.powerOfTwo = true }
    if a.flag("--exact-colors") { o.exactColors = true }
    if a.flag("--stable-names") { o.stableSheetNames = true }
    if a.flag("--no-wait") { o.waitForLock = false }
    if a.flag("--touch-output") { o.touchOutput = true }
    if a.flag("--single-page") { o.singlePage = true }
    if a.flag("--no-trim") { o.trim = .never }
    if a.flag("--trim") { o.trim = .always }
    o.trimAlphaThreshold = try a.int("--trim-alpha", in: PackSettings.trimAlphaRange)
    if a.flag("--palette") { o.palette = true }
    if a.flag("--lossless") { o.palette = false }
    if let f = a.value("--ssim-floor") {
      guard let v = Double(f), PackSettings.ssimFloorRange.contains(v) else {
        throw UsageError(message: "--ssim-floor expects a number in 0...1, got '\(f)'")
      }
      o.ssimFloor = v
    }
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
