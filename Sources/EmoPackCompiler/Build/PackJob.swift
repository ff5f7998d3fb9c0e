import EmoImage
import EmoPackFormat
import Foundation

/// Builds one validated pack.
struct PackJob {
  let pack: ValidatedPack
  let settings: PackSettings
  let options: BuildOptions
  let progress: (@Sendable (BuildProgress) -> Void)?

  init(
    pack: ValidatedPack, options: BuildOptions, progress: (@Sendable (BuildProgress) -> Void)?
  ) {
    self.pack = pack
    settings = pack.settings
    self.options = options
    self.progress = progress
  }

  var out: String { options.outputDirectory }
  var packPath: String { out + "/" + pack.id + ".pack" }

  /// Builds the pack in stages (`BuildStage`), each in its own file and taking and returning a small value: plan,
  /// images, share, layout, sheets, write. An up-to-date pack stops after the plan.
  mutating func run(stages: inout StageClock, diagnostics: inout Diagnostics) throws(BuildError) -> PackReport {
    let plan = try self.plan()
    let cache = BuildCache(directory: options.resolvedCacheDirectory(forOutput: out))
    if let last = cache.key(for: pack.id), last.key == plan.cacheKey,
      let report = upToDateReport(packDigest: last.packDigest)
    {
      stages.lap(.plan)
      return report
    }
    stages.lap(.plan)
    try checkSpritePixels(sources: plan.sources.count)
    let made = try makeSprites(plan, cache: cache, diagnostics: &diagnostics)
    let animated = try makeAnimationFrames(plan, diagnostics: &diagnostics)
    stages.lap(.images)
    let shared = try share(made, animated, plan)
    stages.lap(.share)
    let laidOut = try layOut(shared, plan)
    stages.lap(.layout)
    let sheets = try makeSheets(laidOut, shared)
    stages.lap(.sheets)
    noteLossyOutcome(sheets, shared, diagnostics: &diagnostics)
    let output = try assemble(plan, shared, laidOut, sheets, animatedFiles: animated)
    let written = try write(output, key: plan.cacheKey, cache: cache)
    stages.lap(.write)
    return PackReport(
      id: pack.id, packFile: packPath, packBytes: output.packBytes.count, entries: output.contents.entries.count,
      uniqueSprites: shared.sprites.count, sheets: output.sheetReports, upToDate: false,
      imagesProcessed: made.processed + animated.count, imagesFromCache: made.fromCache, bytesWritten: written)
  }

  /// A note per scale that set sprites apart in the lossy mode, naming each with the SSIM its palette group's
  /// palette reached.
  func noteLossyOutcome(_ sheets: Sheets, _ shared: Shared, diagnostics: inout Diagnostics) {
    for scale in settings.scales {
      let apart = sheets.apart.filter { $0.scale == scale }
      guard !apart.isEmpty else { continue }
      let total = sheets.units.filter { $0.scale == scale }.reduce(0) { $0 + $1.origins.count }
      let named = apart.prefix(5).map { "\(shared.names[$0.sprite]) (SSIM \(String(format: "%.4f", ($0.ssim * 10_000).rounded(.down) / 10_000)))" }
      let how =
        "the palette they share with other sprites does not hold them at the SSIM floor of \(settings.ssimFloor): each goes on a sheet with a palette of its own, or a lossless one"
      diagnostics.note(
        .lossySetApart,
        "at \(scale)x, \(apart.count) of \(total) sprite(s) — \(named.joined(separator: ", "))\(apart.count > 5 ? ", …" : "") — \(how)",
        at: pack.manifest.location)
    }
  }
}
