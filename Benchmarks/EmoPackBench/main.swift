import Dispatch
import EmoPNG
import EmoPack
import EmoPackCompiler
import EmoPackFormat
import Foundation

// emopack-bench: every stage against its floor and the runtime against today's regex, in one run, or one suite
// of `suites` alone. swift run -c release emopack-bench [--quick] [--count N] [--reps R] [--json FILE] [--keep DIR]

let arguments = Array(CommandLine.arguments.dropFirst())
nonisolated func option(_ name: String) -> String? {
  guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
  return arguments[i + 1]
}
let quick = arguments.contains("--quick")
let count = Int(option("--count") ?? "") ?? (quick ? 120 : 1000)
let reps = Int(option("--reps") ?? "") ?? (quick ? 1 : 3)
let jsonPath = option("--json")
let work = option("--keep") ?? (FileManager.default.temporaryDirectory.path + "/emopack-bench-\(getpid())")
let cores = System.coreCount

/// A part of the bench that runs alone: its flag (with the word for its value, if it takes one), what it measures,
/// and how; like the CLI's command table, the usage and the argument check are made from these.
struct BenchSuite {
  let flag: String
  var value: String? = nil
  let summary: String
  let run: (String?) throws -> Void
}

/// Runs `body` with the work folder made, then removes it unless `--keep` names it.
func inWorkFolder(_ body: () throws -> Void) throws {
  try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
  try body()
  if option("--keep") == nil { try? FileManager.default.removeItem(atPath: work) }
}

let suites: [BenchSuite] = [
  BenchSuite(flag: "--tokenize-only", value: "ROUNDS", summary: "the runtime's tokenizer alone (for a profiler)") {
    try tokenizeOnly(rounds: Int($0 ?? "") ?? 1)
  },
  BenchSuite(flag: "--codes-tokenize-only", value: "ROUNDS", summary: "the tokenizer on codes alone") {
    try codesTokenizeOnly(rounds: Int($0 ?? "") ?? 1)
  },
  BenchSuite(flag: "--edits-only", value: "N", summary: "N delete-and-insert pairs in a message (for a profiler)") {
    try editsOnly(Int($0 ?? "") ?? 1)
  },
  BenchSuite(flag: "--codes-only", summary: "codes and search") { _ in
    try inWorkFolder { printTable("Codes and search", try codeAndSearchSamples(work: work, reps: reps, quick: quick)) }
  },
  BenchSuite(flag: "--publish-only", summary: "signed sites and the store over loopback (--count N)") { _ in
    try inWorkFolder { printTable("Signed sites", try publishSamples(work: work, count: count, reps: reps)) }
  },
  BenchSuite(
    flag: "--layout-only",
    summary: "the sheet layouts: bytes one edit republishes, the store's update, the animated chat fixture (--count N)"
  ) { _ in
    try inWorkFolder { printTable("Sheet layouts", try layoutSamples(work: work, count: count, reps: reps)) }
  },
  BenchSuite(
    flag: "--lossy-only",
    summary: "the lossy modes against lossless: time, bytes, sprites kept lossy, least SSIM (--count N)"
  ) { _ in
    try inWorkFolder { printTable("Lossy sheets", try lossySamples(work: work, count: count, reps: reps)) }
  },
  BenchSuite(flag: "--stickers-only", summary: "sticker exports") { _ in
    try inWorkFolder { printTable("Sticker exports", try stickerSamples(work: work, quick: quick)) }
  },
  BenchSuite(flag: "--webp-only", summary: "WebP sheets (--count N)") { _ in
    try inWorkFolder {
      printTable("WebP sheets", try webpSamples(work: work, count: count, reps: reps, quick: quick))
    }
  },
  BenchSuite(flag: "--animated-only", summary: "animated builds") { _ in
    printTable("Animated builds", try animatedSamples(work: work, count: quick ? 12 : 100, frames: 20, reps: reps))
  },
  BenchSuite(
    flag: "--palette-only", value: "PACK",
    summary:
      "the quantizer alone on a lossless pack's sheets against pngquant (--palette-build PACK --colors N --dither Q,Q)"
  ) { pack in
    var q = PaletteQuantizer()
    if let c = option("--colors").flatMap(Int.init) { q.maxColors = c }
    if let d = option("--dither") { q.ditherStrengths = d.split(separator: ",").compactMap { Int($0) } }
    let path = pack ?? "."
    printTable(
      "Palette",
      try paletteSamples(
        (path as NSString).lastPathComponent, pack: path, paletteBuild: option("--palette-build"),
        pngquant: which("pngquant"), quantizer: q))
  },
  BenchSuite(flag: "--memory-only", summary: "the CLI's peak memory for N/4, N and 2N sources (--count N)") { _ in
    let emopack =
      option("--emopack")
      ?? (URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/emopack")
    try inWorkFolder {
      printTable(
        "Peak memory",
        try peakMemorySamples(
          emopack: emopack, counts: [max(1, count / 4), count, count * 2], work: work, existing: nil))
    }
  },
]

// Options that take a value, and flags; anything else (`--help` too) prints the usage instead of starting a run of
// several minutes.
let valueOptions: Set<String> = Set(suites.filter { $0.value != nil }.map(\.flag)).union([
  "--count", "--reps", "--json", "--keep", "--emopack", "--palette-build", "--colors", "--dither",
])
let flags: Set<String> = Set(suites.filter { $0.value == nil }.map(\.flag)).union(["--quick"])
do {
  var k = 0
  var problem: String? = nil
  while k < arguments.count, problem == nil {
    let a = arguments[k]
    if valueOptions.contains(a) {
      if k + 1 == arguments.count { problem = "\(a) needs a value" }
      k += 2
    } else if flags.contains(a) {
      k += 1
    } else {
      problem = a == "--help" || a == "-h" ? "" : "unknown argument '\(a)'"
    }
  }
  if let problem {
    if !problem.isEmpty { FileHandle.standardError.write(Data("emopack-bench: \(problem)\n".utf8)) }
    let parts = suites.map {
      "  \($0.flag)\($0.value.map { " " + $0 } ?? "")".padding(toLength: 30, withPad: " ", startingAt: 0) + " "
        + $0.summary
    }
    print(
      """
      usage: emopack-bench [--quick] [--count N] [--reps R] [--json FILE] [--keep DIR] [--emopack PATH]
             emopack-bench SUITE
      A full run (no suite named) takes about 26 minutes on 2 cores; --quick about a minute. docs/BENCHMARKS.md
      says what each figure measures. The suites:
      \(parts.joined(separator: "\n"))
      """)
    exit(problem.isEmpty ? 0 : 2)
  }
}
if let suite = suites.first(where: { arguments.contains($0.flag) }) {
  try suite.run(option(suite.flag))
  exit(0)
}

/// Peak memory of the CLI (its own VmHWM, reported in --json) building generated packs of each count.
///
/// With the raw size of the sheets each build held: what memory beyond the sheets is needed, and that it does
/// not grow with the number of entries. `existing` is a pack already written (its count and folder).
func peakMemorySamples(emopack: String, counts: [Int], work: String, existing: (Int, String)?) throws -> [Sample] {
  guard FileManager.default.isExecutableFile(atPath: emopack) else {
    print("(no emopack binary at \(emopack): peak memory not measured)")
    return []
  }
  var out: [Sample] = []
  for n in counts {
    var dir = work + "/mem-src-\(n)"
    if let existing, existing.0 == n {
      dir = existing.1
    } else {
      _ = try ArtGenerator.writePack(folder: dir, count: n, side: 160, seed: 2026)
    }
    let (status, output) = runCapturing(
      emopack, ["build", dir, "-o", work + "/mem-\(n)", "--cache", work + "/mem-\(n).cache", "--json"])
    let json = (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any]
    let peak = Double(json?["peakMemoryBytes"] as? Int ?? 0) / 1_048_576
    let sheets = ((json?["packs"] as? [[String: Any]])?.first?["sheets"] as? [[String: Any]]) ?? []
    let raw = Double(sheets.reduce(0) { $0 + ($1["width"] as? Int ?? 0) * ($1["height"] as? Int ?? 0) * 4 }) / 1_048_576
    out.append(
      Sample(
        name: "peak memory, \(n) sources (CLI)", unit: "MiB", value: peak,
        note: status != 0 ? "exit \(status)" : "raw sheets \(fmt(raw)) MiB"))
    out.append(
      Sample(name: "  peak minus raw sheets, \(n) sources", unit: "MiB", value: peak - raw, note: "not to grow with N"))
  }
  return out
}

var results: [String: [Sample]] = [:]

print("# emopack-bench: \(count) sources of 160×160, 32 pt at 1x/2x/3x, \(reps) repetition(s), \(cores) cores")
print(
  "machine: \(ProcessInfo.processInfo.operatingSystemVersionString); libpng \(Zlib.libpngVersion); libdeflate \(Zlib.libdeflateVersion)"
)

// MARK: - Inputs
let packDir = work + "/pack"
try? FileManager.default.removeItem(atPath: work)
let sources = try ArtGenerator.writePack(folder: packDir, count: count, side: 160, seed: 2026)
let sourceBytes = sources.map { [UInt8](FileManager.default.contents(atPath: $0)!) }

// MARK: - Build
func buildOnce(effort: Effort, out: String) throws -> BuildReport {
  try? FileManager.default.removeItem(atPath: out)
  try? FileManager.default.removeItem(atPath: out + ".cache")
  var o = BuildOptions(outputDirectory: out)
  o.cacheDirectory = out + ".cache"
  o.effort = effort
  return try PackBuilder(options: o).build(paths: [packDir])
}

var buildSamples: [Sample] = []
var lastReport: BuildReport?
var fullBuildTimes: [Double] = []
var sheetBytesByEffort: [Effort: Int] = [:]
for effort in quick ? [Effort.default] : [.fast, .default] {
  var totals: [Double] = []
  var stages: [String: [Double]] = [:]
  for _ in 0..<reps {
    let t = now()
    let report = try buildOnce(effort: effort, out: work + "/out-\(effort.rawValue)")
    totals.append(now() - t)
    for s in report.stages { stages[s.stage, default: []].append(s.seconds) }
    if effort == .default { lastReport = report }
    sheetBytesByEffort[effort] = report.packs[0].sheets.reduce(0) { $0 + $1.bytes }
  }
  if effort == .default { fullBuildTimes = totals }
  buildSamples.append(Sample(name: "build total (effort \(effort.rawValue))", unit: "s", values: totals))
  for stage in ["validate", "images", "pack", "encode", "write"] {
    buildSamples.append(Sample(name: "  stage \(stage) (\(effort.rawValue))", unit: "s", values: stages[stage] ?? [0]))
  }
}
let report = lastReport!
let sheetFiles = report.packs[0].sheets.map { work + "/out-default/" + $0.file }
let sheetBytes = report.packs[0].sheets.reduce(0) { $0 + $1.bytes }
if let fast = sheetBytesByEffort[.fast] {
  buildSamples.append(Sample(name: "sheet bytes (fast)", unit: "bytes", value: Double(fast)))
}
buildSamples.append(Sample(name: "sheet bytes (default)", unit: "bytes", value: Double(sheetBytes)))
let occupancy = report.packs[0].sheets.map(\.packingEfficiency)
buildSamples.append(Sample(name: "packing efficiency", unit: "%", values: occupancy.map { $0 * 100 }))
buildSamples.append(
  Sample(name: "sprite occupancy", unit: "%", values: report.packs[0].sheets.map { $0.spriteFraction * 100 }))

// No-op rebuild.
var o = BuildOptions(outputDirectory: work + "/out-default")
o.cacheDirectory = work + "/out-default.cache"
let noop = try time(reps) { _ = try PackBuilder(options: o).build(paths: [packDir]) }
let fullMedian = fullBuildTimes.sorted()[fullBuildTimes.count / 2]
buildSamples.append(Sample(name: "no-op rebuild", unit: "s", values: noop))
buildSamples.append(
  Sample(name: "no-op rebuild / full build", unit: "%", values: noop.map { $0 / fullMedian * 100 }, note: "target ≤ 5%")
)

let emopack =
  option("--emopack") ?? (URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/emopack")
buildSamples += try peakMemorySamples(
  emopack: emopack, counts: quick ? [max(1, count / 4), count] : [max(1, count / 4), count, count * 2], work: work,
  existing: (count, packDir))
results["build"] = buildSamples
printTable("Build", buildSamples)

// MARK: - Floor: libpng decoding of the sources + deflate of the produced sheets' raw rows.
// Two floors: with the compressor and level the effort uses (libdeflate 10 for default, 6 for fast), which is
// the "same settings" floor, and with zlib level 9 (libpng's own best), for comparison over time.
var floorSamples: [Sample] = []
var sheetRaw: [[UInt8]] = []
for path in sheetFiles {
  let image = try PNGDecoder.decode(
    [UInt8](FileManager.default.contents(atPath: path)!),
    limits: PNGLimits(maxWidth: 8192, maxHeight: 8192, maxPixelBytes: 1 << 30)
  ).image
  // Raw PNG rows: a filter byte then the pixels.
  var raw: [UInt8] = []
  raw.reserveCapacity(image.height * (image.width * 4 + 1))
  for y in 0..<image.height {
    raw.append(0)
    raw += image.pixels[(y * image.width * 4)..<((y + 1) * image.width * 4)]
  }
  sheetRaw.append(raw)
}
// Largest sheets first, as the build schedules them.
let rawCopy = sheetRaw.sorted { $0.count > $1.count }
enum FloorDeflate { case libdeflate(Int), zlib9 }
func floorOnce(parallel: Bool, _ deflate: FloorDeflate) -> Double {
  let t = now()
  let jobs = parallel ? cores : 1
  let next = Locked<Int>(0)
  DispatchQueue.concurrentPerform(iterations: jobs) { _ in
    while true {
      let i = next.add(1) - 1
      if i >= sourceBytes.count + rawCopy.count { break }
      if i < rawCopy.count {
        switch deflate {
        case .libdeflate(let level): _ = Zlib.libdeflate(rawCopy[i], level: level)
        case .zlib9: _ = Zlib.deflate(rawCopy[i], level: 9, strategy: .default, memLevel: 9)
        }
      } else {
        _ = try? PNGDecoder.decode(sourceBytes[i - rawCopy.count])
      }
    }
  }
  return now() - t
}
func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
let defaultLevel = Effort.default.singlePassOptions.level
let fastLevel = Effort.fast.singlePassOptions.level
// The target's ratio: default builds and their floor timed in turn, so both span the same stretch of the run.
var pairedBuildTimes: [Double] = []
var floorDefault: [Double] = []
for _ in 0..<reps {
  let t = now()
  _ = try buildOnce(effort: .default, out: work + "/out-paired")
  pairedBuildTimes.append(now() - t)
  floorDefault.append(floorOnce(parallel: true, .libdeflate(defaultLevel)))
}
let floorZlib = (0..<reps).map { _ in floorOnce(parallel: true, .zlib9) }
floorSamples.append(
  Sample(
    name: "floor, \(cores) cores (decode + libdeflate \(defaultLevel))", unit: "s", values: floorDefault,
    note: "default's settings"))
floorSamples.append(
  Sample(
    name: "floor, 1 core (decode + libdeflate \(defaultLevel))", unit: "s",
    values: (0..<reps).map { _ in floorOnce(parallel: false, .libdeflate(defaultLevel)) }))
floorSamples.append(
  Sample(name: "floor, \(cores) cores (decode + zlib level 9)", unit: "s", values: floorZlib, note: "libpng's best"))
// What the same rows weigh when deflated by zlib level 9 (the zlib floor's output, IDAT data only).
let zlibSizes = Locked<Int>(0)
DispatchQueue.concurrentPerform(iterations: rawCopy.count) { i in
  let n = Zlib.deflate(rawCopy[i], level: 9, strategy: .default, memLevel: 9)?.count ?? 0
  zlibSizes.withLock { $0 += n }
}
floorSamples.append(
  Sample(
    name: "zlib level 9 output of the same rows", unit: "bytes", value: Double(zlibSizes.withLock { $0 }),
    note: "default's sheets: \(sheetBytes)"))
/// The build's ratio to the floor with its own settings and to the zlib level 9 floor.
func floorRatios(_ effort: String, _ build: [Double], sameSettings: [Double], note: String = "") -> [Sample] {
  [
    Sample(
      name: "build (\(effort)) / floor, same settings", unit: "×", values: build.map { $0 / median(sameSettings) },
      note: note),
    Sample(name: "build (\(effort)) / floor, zlib level 9", unit: "×", values: build.map { $0 / median(floorZlib) }),
  ]
}
floorSamples += floorRatios(
  "default", pairedBuildTimes, sameSettings: floorDefault, note: "target ≤ 1.3; builds timed in turn with the floor")
if !quick, let fast = buildSamples.first(where: { $0.name == "build total (effort fast)" }) {
  let floorFast = (0..<reps).map { _ in floorOnce(parallel: true, .libdeflate(fastLevel)) }
  floorSamples.append(
    Sample(
      name: "floor, \(cores) cores (decode + libdeflate \(fastLevel))", unit: "s", values: floorFast,
      note: "fast's settings"))
  floorSamples += floorRatios("fast", [fast.min, fast.median, fast.max], sameSettings: floorFast)
}
results["floor"] = floorSamples
printTable("Floor", floorSamples)

// MARK: - Sheet bytes against optipng -o2
// `optipng -o2 -force` writes its best trial whatever its input: what optipng achieves on the same pixels (the
// same file it makes from a neutral encoding). Without -force optipng keeps its input when it cannot do
// better, so "our sheets after optipng" is, per sheet, the smaller of ours and its best: that total equals ours
// only when optipng improves no sheet at all, the stricter check.
struct OptipngComparison {
  var ours = 0
  var theirs = 0
  var improved = 0
  var afterOptipng = 0
  var sheets = 0
}
func compareWithOptipng(_ optipng: String, _ paths: [String]) -> OptipngComparison {
  let sizes = Locked<[Int: (Int, Int)]>([:])
  DispatchQueue.concurrentPerform(iterations: paths.count) { i in
    let out = paths[i] + ".optipng.png"
    try? FileManager.default.removeItem(atPath: out)
    _ = runCapturing(optipng, ["-o2", "-force", "-quiet", "-out", out, paths[i]])
    let ours = (try? FileManager.default.attributesOfItem(atPath: paths[i])[.size] as? Int) ?? 0
    let theirs = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
    sizes.withLock { $0[i] = (ours, theirs) }
  }
  var c = OptipngComparison()
  for (ours, theirs) in sizes.withLock({ $0.values }) {
    c.ours += ours
    c.theirs += theirs
    c.afterOptipng += min(ours, theirs)
    if theirs < ours { c.improved += 1 }
    c.sheets += 1
  }
  return c
}
func optipngSamples(_ label: String, _ c: OptipngComparison, note: String = "") -> [Sample] {
  [
    Sample(name: "sheet bytes, emopack \(label)", unit: "bytes", value: Double(c.ours), note: note),
    Sample(name: "  optipng -o2 on the same pixels (its best)", unit: "bytes", value: Double(c.theirs)),
    Sample(
      name: "  emopack \(label) / optipng", unit: "×", value: Double(c.ours) / Double(max(c.theirs, 1)),
      note: "target ≤ 1.0"),
    Sample(
      name: "  our sheets after optipng -o2", unit: "bytes", value: Double(c.afterOptipng),
      note: "optipng improves \(c.improved) of \(c.sheets)"),
    Sample(
      name: "  emopack \(label) / (ours after optipng)", unit: "×",
      value: Double(c.ours) / Double(max(c.afterOptipng, 1)),
      note: "1.0 = nothing to improve"),
  ]
}
var optSamples: [Sample] = []
if let optipng = which("optipng") {
  optSamples += optipngSamples("default", compareWithOptipng(optipng, sheetFiles))
} else {
  print("\n(optipng is not installed: sheet bytes not compared; apt-get install optipng)")
}
// Max effort against optipng -o2, on a quarter of the pack (max tries 15 encodings a sheet).
if let optipng = which("optipng"), !quick {
  let quarterDir = work + "/quarter"
  if !FileManager.default.fileExists(atPath: quarterDir) {
    _ = try ArtGenerator.writePack(folder: quarterDir, count: max(1, count / 4), side: 160, seed: 2026)
  }
  var o = BuildOptions(outputDirectory: work + "/out-max")
  o.effort = .max
  let t = now()
  let maxReport = try PackBuilder(options: o).build(paths: [quarterDir])
  let seconds = now() - t
  let paths = maxReport.packs[0].sheets.map { work + "/out-max/" + $0.file }
  optSamples += optipngSamples(
    "max (\(max(1, count / 4)) sources)", compareWithOptipng(optipng, paths), note: "build \(fmt(seconds)) s")
}
results["optipng"] = optSamples
if !optSamples.isEmpty { printTable("Sheet bytes", optSamples) }

// MARK: - Compact output: trimming, the palette mode against pngquant, the Weibo pack against its sources
var compact: [Sample] = []
let pngquant = which("pngquant")
if pngquant == nil {
  print("\n(pngquant is not installed: the palette mode is not compared; apt-get install pngquant)")
}
let marginDir = work + "/margins"
_ = try ArtGenerator.writePack(folder: marginDir, count: count, side: 160, seed: 2027, margins: true)
func compactBuild(_ pack: String, _ out: String, _ edit: (inout BuildOptions) -> Void) throws -> (BuildReport, Double) {
  try? FileManager.default.removeItem(atPath: out)
  try? FileManager.default.removeItem(atPath: out + ".cache")
  var o = BuildOptions(outputDirectory: out)
  o.cacheDirectory = out + ".cache"
  edit(&o)
  let t = now()
  let r = try PackBuilder(options: o).build(paths: [pack])
  return (r, now() - t)
}
// Build time of the palette mode against the lossless default, on the generated pack.
var losslessTimes: [Double] = []
var paletteTimes: [Double] = []
for _ in 0..<reps {
  losslessTimes.append(try compactBuild(packDir, work + "/compact-lossless", { _ in }).1)
  paletteTimes.append(try compactBuild(packDir, work + "/compact-palette", { $0.lossy = true }).1)
}
for (label, pack) in [("generated", packDir), ("with margins", marginDir)] {
  let (trimmed, _) = try compactBuild(pack, work + "/compact-trim", { $0.trim = .always })
  let (whole, _) = try compactBuild(pack, work + "/compact-whole", { $0.trim = .never })
  let (auto, _) = try compactBuild(pack, work + "/compact-auto", { _ in })
  let pixels = { (r: BuildReport) in Double(r.packs[0].sheets.reduce(0) { $0 + $1.width * $1.height }) }
  let bytes = { (r: BuildReport) in Double(r.packs[0].sheets.reduce(0) { $0 + $1.bytes }) }
  compact += [
    Sample(name: "\(label): sheet pixels untrimmed", unit: "px", value: pixels(whole)),
    Sample(
      name: "\(label): sheet pixels trimmed", unit: "px", value: pixels(trimmed),
      note: "\(fmt(pixels(trimmed) / pixels(whole) * 100))% of untrimmed"),
    Sample(name: "\(label): sheet bytes untrimmed", unit: "bytes", value: bytes(whole)),
    Sample(
      name: "\(label): sheet bytes trimmed", unit: "bytes", value: bytes(trimmed),
      note: "\(fmt(bytes(trimmed) / bytes(whole) * 100))% of untrimmed"),
    Sample(
      name: "\(label): sheet bytes, default (auto: trimmed where it saves 15% of pixels)", unit: "bytes",
      value: bytes(auto), note: "\(fmt(pixels(auto) / pixels(whole) * 100))% of the untrimmed pixels"),
    Sample(
      name: "\(label): sprite occupancy / packing (trimmed)", unit: "%",
      values: trimmed.packs[0].sheets.map { $0.spriteFraction * 100 },
      note: "packing " + trimmed.packs[0].sheets.map { fmt($0.packingEfficiency * 100) }.joined(separator: ", ")),
  ]
  // The generated pack's palette build is the last one timed above.
  let palette = work + "/compact-palette" + (pack == packDir ? "" : "-margins")
  if pack != packDir { _ = try compactBuild(pack, palette, { $0.lossy = true }) }
  compact += try paletteSamples(
    label, pack: work + "/compact-auto/bench.pack", paletteBuild: palette + "/bench.pack", pngquant: pngquant)
}
let lossMedian = losslessTimes.sorted()[losslessTimes.count / 2]
compact += [
  Sample(name: "build, lossless default", unit: "s", values: losslessTimes),
  Sample(
    name: "build, palette mode", unit: "s", values: paletteTimes,
    note: "\(fmt(paletteTimes.sorted()[paletteTimes.count / 2] / lossMedian))× the lossless build"),
]
// The Weibo pack as Weibo ships it (the compactness test's fixture) against its source PNGs.
let weibo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../../Tests/EmoPackCompilerTests/Fixtures/packs/weibo-shipped").standardized.path
if let names = try? FileManager.default.contentsOfDirectory(atPath: weibo) {
  let sourceBytes = names.filter { $0.hasSuffix(".png") }.reduce(0) {
    $0 + (FileManager.default.contents(atPath: weibo + "/" + $1)?.count ?? 0)
  }
  for (mode, palette) in [("lossless", false), ("palette", true)] {
    let (r, _) = try compactBuild(weibo, work + "/weibo-\(mode)", { $0.lossy = palette })
    let sheets = r.packs[0].sheets.reduce(0) { $0 + $1.bytes }
    let total = sheets + r.packs[0].packBytes
    compact.append(
      Sample(
        name: "Weibo pack (1x + 2x sources \(sourceBytes) bytes), \(mode): .pack + sheets", unit: "bytes",
        value: Double(total),
        note:
          "\(fmt(Double(total) / Double(sourceBytes) * 100))% of the sources (sheets alone \(fmt(Double(sheets) / Double(sourceBytes) * 100))%); scales \(r.packs[0].sheets.map(\.scale))"
      ))
  }
}
// The palette mode's Weibo pack (three hard sprites among 40): bytes against its sources and pngquant, and the
// sprites' SSIM, so that setting hard sprites apart is seen to keep the rest on a palette.
let weiboPalette = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../../Tests/EmoPackCompilerTests/Fixtures/packs/weibo-palette").standardized.path
if let names = try? FileManager.default.contentsOfDirectory(atPath: weiboPalette) {
  let sourceBytes = names.filter { $0.hasSuffix(".png") }.reduce(0) {
    $0 + (FileManager.default.contents(atPath: weiboPalette + "/" + $1)?.count ?? 0)
  }
  _ = try compactBuild(weiboPalette, work + "/weibo-palette-lossless", { _ in })
  let (r, _) = try compactBuild(weiboPalette, work + "/weibo-palette-palette", { $0.lossy = true })
  let total = r.packs[0].sheets.reduce(0) { $0 + $1.bytes } + r.packs[0].packBytes
  let apart = r.packs[0].sheets.filter(\.setApart)
  compact.append(
    Sample(
      name: "Weibo palette pack (sources \(sourceBytes) bytes), palette: .pack + sheets", unit: "bytes",
      value: Double(total),
      note:
        "\(fmt(Double(total) / Double(sourceBytes) * 100))% of the sources; \(apart.reduce(0) { $0 + $1.sprites }) sprite(s) set apart on \(apart.count) sheet(s), \(apart.reduce(0) { $0 + $1.bytes }) bytes"
    ))
  compact += try paletteSamples(
    "Weibo palette pack", pack: work + "/weibo-palette-lossless/palette.pack",
    paletteBuild: work + "/weibo-palette-palette/palette.pack", pngquant: pngquant)
}
results["compact"] = compact
printTable("Compact output", compact)

// MARK: - WebP
let webpFigures = try webpSamples(work: work, count: quick ? 60 : count, reps: reps, quick: quick)
results["webp"] = webpFigures
printTable("WebP sheets", webpFigures)
let publishFigures = try publishSamples(work: work, count: count, reps: reps)
results["publish"] = publishFigures
printTable("Signed sites", publishFigures)
// Quick: the ladder fixture alone, with the tests' checks (CI's release check of the sticker ladder).
let stickerFigures = try stickerSamples(work: work, quick: quick)
results["stickers"] = stickerFigures
printTable("Sticker exports", stickerFigures)

// MARK: - Animated builds
let animatedFigures = try animatedSamples(work: work, count: quick ? 12 : 100, frames: 20, reps: reps)
results["animated"] = animatedFigures
printTable("Animated builds", animatedFigures)

// MARK: - Runtime
var runtime: [Sample] = []
func syntheticPack(_ n: Int) -> PackContents {
  let perRow = 256
  var entries: [PackEntry] = []
  var images: [PackImage] = []
  entries.reserveCapacity(n)
  for i in 0..<n {
    let page = i / (perRow * perRow)
    let k = i % (perRow * perRow)
    let emoji: String? =
      i < 1000 ? String(UnicodeScalar(0x1F600 + i % 80)!) + String(repeating: "\u{200D}\u{1F525}", count: i / 80) : nil
    images.append(
      PackImage(placements: [
        SpritePlacement(sheet: page, x: (k % perRow) * 8, y: (k / perRow) * 8, width: 8, height: 8)
      ]))
    entries.append(PackEntry(kind: .image, tags: ["[表情\(i)]", "[e\(i)]"], emoji: emoji, image: i))
  }
  let pages = (n + perRow * perRow - 1) / (perRow * perRow)
  return PackContents(
    id: "p\(n)", version: "1", names: [], pointSize: 8, scales: [1],
    sheets: (0..<pages).map {
      SheetRecord(
        fileName: "p\($0).png", scale: 1, page: $0, width: perRow * 8, height: perRow * 8, byteSize: 1,
        sha256: [UInt8](repeating: 0, count: 32))
    },
    images: images, entries: entries)
}
var openMedians: [Int: Double] = [:]
for n in [100, 10_000, 100_000] {
  let path = work + "/open-\(n).pack"
  try Data(try PackWriter.write(syntheticPack(n))).write(to: URL(fileURLWithPath: path))
  let perOpen = (0..<max(reps, 5)).map { _ -> Double in
    let iterations = 2000
    let t = now()
    for _ in 0..<iterations { _ = try? PackFileReader(contentsOf: path) }
    return (now() - t) / Double(iterations)
  }
  openMedians[n] = perOpen.sorted()[perOpen.count / 2]
  runtime.append(Sample(name: "open a \(n)-entry pack (mmap)", unit: "µs", values: perOpen.map { $0 * 1e6 }))
}
runtime.append(
  Sample(
    name: "open 100,000 / open 100", unit: "×", value: openMedians[100_000]! / openMedians[100]!, note: "target ≤ 2"))

let big = try PackFileReader(contentsOf: work + "/open-100000.pack")
let catalog = Catalog(packs: [big])
let tags = (0..<10_000).map { "[表情\($0 * 7 % 100_000)]" }
let tagRate = (0..<max(reps, 3)).map { _ -> Double in
  let t = now()
  var hits = 0
  for tag in tags where catalog.lookup(tag: tag) != nil { hits += 1 }
  precondition(hits == tags.count)
  return Double(tags.count) / (now() - t)
}
runtime.append(Sample(name: "lookups by tag", unit: "M/s", values: tagRate.map { $0 / 1e6 }))
let emojiKeys = (0..<1000).map {
  String(UnicodeScalar(0x1F600 + $0 % 80)!) + String(repeating: "\u{200D}\u{1F525}", count: $0 / 80)
}
let emojiRate = (0..<max(reps, 3)).map { _ -> Double in
  let t = now()
  var hits = 0
  for _ in 0..<10 { for e in emojiKeys where catalog.lookup(emoji: e) != nil { hits += 1 } }
  precondition(hits == emojiKeys.count * 10)
  return Double(emojiKeys.count * 10) / (now() - t)
}
runtime.append(Sample(name: "lookups by emoji", unit: "M/s", values: emojiRate.map { $0 / 1e6 }))
// The tokenizer reads every tag and emoji of its catalog once, into its own table.
let tokenizerInit = (0..<max(reps, 3)).map { _ -> Double in
  let t = now()
  let tokenizer = Tokenizer(catalog: catalog)
  precondition(tokenizer.countMatches("[表情1]") == 1)
  return (now() - t) * 1e3
}
runtime.append(
  Sample(name: "Tokenizer(catalog:), 100,000 entries", unit: "ms", values: tokenizerInit, note: "once per catalog"))

// A chat corpus: Chinese and Latin text, known and unknown tags, emoji with ZWJ and skin tones.
let chatPack = try PackFileReader(contentsOf: work + "/out-default/bench.pack")
let emojiPack = try PackFileReader(
  bytes: try PackWriter.write(
    PackContents(
      id: "emoji", version: "1", names: [], pointSize: 32, scales: [1], sheets: [],
      images: [],
      entries: ["😀", "😂", "👍🏽", "👨‍👩‍👧‍👦", "❤️", "🇨🇳", "🙏", "🔥"].map { PackEntry(kind: .emoji, tags: [], emoji: $0, image: nil) }
    )
  ))
let chatCatalog = Catalog(packs: [chatPack, emojiPack])
let corpusBytes = quick ? 200_000 : 2_000_000
let (dense, messages, tagged) = chatCorpora(tags: count, bytes: corpusBytes)
var g = ArtGenerator(seed: 100)
let tokenizer = Tokenizer(catalog: chatCatalog)
// Today's approach: NSRegularExpression for \[[^ \[\]]+?\] plus a dictionary of tags (emoji not handled).
var dictionary: [String: Int] = [:]
for i in 0..<chatPack.entryCount { for tag in try chatPack.entry(at: i).tags { dictionary[tag] = i } }
let regex = try NSRegularExpression(pattern: "\\[[^ \\[\\]]+?\\]")
for (label, corpus) in [("dense", dense), ("messages", messages), ("tags", tagged)] {
  let megabytes = Double(corpus.utf8.count) / 1_048_576
  var tokenCount = 0
  // The regex takes some 15 times as long as the tokenizer: each round times it once and the tokenizer's three
  // figures five times each, so both sides of the ratio span the same stretch of the run.
  let timed = interleavedSamples(
    rounds: max(reps, 3),
    [
      (
        5,
        {
          let t = now()
          tokenCount = tokenizer.tokenize(corpus).count
          return megabytes / (now() - t)
        }
      ),
      // What rendering every token costs on top: its kind, UTF-16 range and text (a Substring of the message).
      (
        5,
        {
          let t = now()
          var units = 0
          for token in tokenizer.tokenize(corpus) {
            if token.kind != .text { units += token.utf16Range.count }
            units += token.text.utf8.count
          }
          precondition(units > corpus.utf8.count)
          return megabytes / (now() - t)
        }
      ),
      (
        5,
        {
          let t = now()
          precondition(tokenizer.countMatches(corpus) > 0)
          return megabytes / (now() - t)
        }
      ),
      (1, { regexRates(regex, dictionary, corpus, reps: 1)[0] }),
    ])
  let (ours, readAll, scanOnly, baseline) = (timed[0], timed[1], timed[2], timed[3])
  let ourMedian = ours.sorted()[ours.count / 2]
  let baseMedian = baseline.sorted()[baseline.count / 2]
  runtime.append(
    Sample(
      name: "tokenize, \(label) corpus", unit: "MB/s", values: ours,
      note: "\(fmt(megabytes)) MB, \(tokenCount) tokens, \(Tokenizer.scanKernel)"))
  runtime.append(
    Sample(name: "  tokenize and read every token, \(label)", unit: "MB/s", values: readAll, note: "kind, range, text"))
  runtime.append(Sample(name: "  scan only (no tokens), \(label)", unit: "MB/s", values: scanOnly))
  runtime.append(
    Sample(
      name: "  regex baseline (tags only), \(label)", unit: "MB/s", values: baseline,
      note: "NSRegularExpression + dictionary"))
  runtime.append(
    Sample(
      name: "  tokenize / regex, \(label)", unit: "×", value: ourMedian / baseMedian,
      note: label == "tags" ? "no emoji: not the target's corpus" : "target ≥ 20"))
  runtime.append(
    Sample(
      name: "  tokenize and read every token / regex, \(label)", unit: "×",
      value: readAll.sorted()[readAll.count / 2] / baseMedian))
}

let message = "今天[表情1]天气不错👍🏽我们一起吃饭吧[表情2]哈哈😂see you明天见👨‍👩‍👧‍👦"
let deleteTimes = (0..<max(reps, 3)).map { _ -> Double in
  let n = 20_000
  let t = now()
  for _ in 0..<n { _ = tokenizer.deleteBackward(in: message, at: message.utf16.count) }
  return (now() - t) / Double(n) * 1e6
}
runtime.append(Sample(name: "deleteBackward (short message)", unit: "µs/op", values: deleteTimes))
let smile = try chatCatalog.emoticon(chatCatalog.lookup(tag: "[表情3]")!)
let insertTimes = (0..<max(reps, 3)).map { _ -> Double in
  let n = 20_000
  let t = now()
  for _ in 0..<n { _ = tokenizer.insert(smile, into: message, at: 5) }
  return (now() - t) / Double(n) * 1e6
}
runtime.append(Sample(name: "insert (short message)", unit: "µs/op", values: insertTimes))

// The editing model: the delete key and an insertion at the end of a 1 MB message against the same edit in a short
// one (36 characters, kept between 20 and 200), each timed edit applied to the result of the one before.
let shortMessage = String(message.prefix(36))
var longMessage = ""
while longMessage.utf8.count < 1 << 20 { longMessage += dense.isEmpty ? message : String(dense.prefix(4096)) }
/// Microseconds per edit: `edit` on `model`, timed one at a time; `reset` (untimed) keeps the length steady.
func timeEdits(
  _ start: String, _ edit: (inout EmoticonText) -> Void, reset: (inout EmoticonText) -> Void
) -> [Double] {
  (0..<max(reps, 3)).map { _ -> Double in
    var model = EmoticonText(start, tokenizer: tokenizer)
    let n = 4_000
    var total = 0.0
    for _ in 0..<n {
      let t = now()
      edit(&model)
      total += now() - t
      reset(&model)
    }
    return total / Double(n) * 1e6
  }
}
let deleteAtEnd: (inout EmoticonText) -> Void = { m in m.deleteBackward(at: m.sourceUTF16Count, in: .source) }
let insertAtEnd: (inout EmoticonText) -> Void = { m in
  m.insert(smile, replacing: m.sourceUTF16Count..<m.sourceUTF16Count, in: .source)
}
let refill: (inout EmoticonText) -> Void = { m in
  if m.sourceUTF16Count < 20 { m.replace(m.sourceUTF16Count..<m.sourceUTF16Count, in: .source, with: shortMessage) }
}
let trim: (inout EmoticonText) -> Void = { m in
  if m.sourceUTF16Count > 200 { m.replace(0..<m.sourceUTF16Count, in: .source, with: shortMessage) }
}
for (label, edit, reset) in [("deleteBackward", deleteAtEnd, refill), ("insert", insertAtEnd, trim)] {
  let short = timeEdits(shortMessage, edit, reset: reset)
  let long = timeEdits(longMessage, edit, reset: { _ in })
  runtime.append(Sample(name: "EmoticonText \(label), short message", unit: "µs/op", values: short))
  runtime.append(Sample(name: "EmoticonText \(label), end of 1 MB", unit: "µs/op", values: long))
  runtime.append(
    Sample(
      name: "  1 MB / short message, \(label)", unit: "×", value: median(long) / median(short), note: "target ≤ 2"))
}

// The display model over the dense corpus: building the model and its display string, and mapping offsets.
let displayTokens = tokenizer.tokenize(dense).count
let buildDisplay = (0..<max(reps, 3)).map { _ -> Double in
  let t = now()
  let model = EmoticonText(dense, tokenizer: tokenizer)
  precondition(model.display.utf16.count == model.displayUTF16Count)
  return (now() - t) / Double(displayTokens) * 1e9
}
runtime.append(
  Sample(
    name: "display string (model + string), dense corpus", unit: "ns/token", values: buildDisplay,
    note: "\(displayTokens) tokens"))
let mapModel = EmoticonText(dense, tokenizer: tokenizer)
let probes = (0..<20_000).map { _ in Int(g.next() % UInt64(mapModel.sourceUTF16Count + 1)) }
let mapTimes = (0..<max(reps, 3)).map { _ -> Double in
  let t = now()
  var sum = 0
  for p in probes { sum &+= mapModel.sourceOffset(forDisplayOffset: mapModel.displayOffset(forSourceOffset: p)) }
  precondition(sum != 1)
  return (now() - t) / Double(probes.count * 2) * 1e9
}
runtime.append(Sample(name: "offset mapping, either way, dense corpus", unit: "ns/op", values: mapTimes))
results["runtime"] = runtime
printTable("Runtime", runtime)

// MARK: - Codes and search
let codeFigures = try codeAndSearchSamples(work: work, reps: reps, quick: quick)
results["codes"] = codeFigures
printTable("Codes and search", codeFigures)

if let jsonPath {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  try encoder.encode(results).write(to: URL(fileURLWithPath: jsonPath))
  print("\nwrote \(jsonPath)")
}
if option("--keep") == nil { try? FileManager.default.removeItem(atPath: work) }
