import EmoGIF
import EmoImage
import EmoPNG
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

  /// Builds the pack in stages, each in its own file and taking and returning a small value: plan, decode and
  /// resample, share, lay out, draw, encode, assemble and write. An up-to-date pack stops after the plan.
  mutating func run(stages: inout StageClock, diagnostics: inout Diagnostics) throws(BuildError) -> PackReport {
    let plan = try self.plan()
    let cache = BuildCache(directory: options.resolvedCacheDirectory(forOutput: out))
    if let last = cache.key(for: pack.id), last.key == plan.cacheKey,
      let report = upToDateReport(packDigest: last.packDigest)
    {
      stages.lap("validate")
      return report
    }
    stages.lap("validate")
    try checkSpritePixels(sources: plan.sources.count)
    let made = try makeSprites(plan, cache: cache, diagnostics: &diagnostics)
    let animated = try makeAnimationFrames(plan, diagnostics: &diagnostics)
    stages.lap("images")
    var shared = try share(made, animated, plan)
    let trimmedScales = chooseTrimming(&shared)
    // Lay out, draw and encode; the palette mode may lay some scales out again (PaletteRelayout), and sheets
    // encoded before are taken from `earlier`: a scale laid out again with the same divisor gives the same sheets.
    var relayout = PaletteRelayout(
      scales: settings.scales.count, sprites: shared.sprites.count, palette: settings.lossy,
      ssimFloor: settings.ssimFloor)
    var earlier: [EncodingKey: EncodedSheet] = [:]
    var laidOut = try layOut(shared, plan, choices: relayout.choices)
    stages.lap("pack")
    var notes = Diagnostics()
    var encoded = try encode(
      try draw(laidOut, shared), laidOut, choices: relayout.choices, earlier: &earlier, diagnostics: &notes)
    stages.lap("encode")
    for _ in 1..<PaletteRelayout.maxLayouts {
      guard let choices = relayout.next(after: encoded, earlier: earlier) else { break }
      laidOut = try layOut(shared, plan, choices: choices)
      stages.lap("pack")
      notes = Diagnostics()
      encoded = try encode(
        try draw(laidOut, shared), laidOut, choices: choices, earlier: &earlier, diagnostics: &notes)
      stages.lap("encode")
    }
    noteSetApart(laidOut, encoded, diagnostics: &notes)
    diagnostics.append(contentsOf: notes)
    let output = try assemble(
      plan, shared, laidOut, encoded, trimmed: !trimmedScales.isEmpty, animatedFiles: animated)
    let written = try write(output, key: plan.cacheKey, cache: cache)
    stages.lap("write")
    return PackReport(
      id: pack.id, packFile: packPath, packBytes: output.packBytes.count, entries: output.contents.entries.count,
      uniqueSprites: shared.sprites.count, sheets: output.sheetReports, upToDate: false,
      imagesProcessed: made.processed + animated.count, imagesFromCache: made.fromCache, bytesWritten: written)
  }
}
