import Dispatch
import EmoPNG
import EmoPackFormat
import Foundation

/// Builds packs: manifest → validate → decode → resample → pack → encode → write, in parallel and incrementally.
public struct PackBuilder: Sendable {
  /// emopack's version: the one place it is written (CHANGELOG.md and web/package.json name the same).
  public static let version = "0.2.0"

  /// `emopack VERSION (writes .pack format MAJOR.MINOR)`, the newest format it writes; part of every cache key.
  public static let toolVersion =
    "emopack \(version) (writes .pack format \(PackLayout.formatMajor).\(PackLayout.newestMinor))"

  /// Options in effect.
  public var options: BuildOptions

  /// Creates a builder.
  public init(options: BuildOptions) { self.options = options }

  /// Builds every pack found at `paths` into the output folder.
  public func build(
    paths: [String], progress: (@Sendable (BuildProgress) -> Void)? = nil
  ) throws(BuildError) -> BuildReport {
    let clock = Stopwatch()
    var stages = StageClock()
    var validator = Validator(
      imageLimits: options.imageLimits, manifestLimits: options.manifestLimits, decodeImages: false)
    validator.animationLimits = options.animationLimits
    var (_, validated, diagnostics) = validator.check(paths: paths, options: options)
    stages.lap(.validate)
    if diagnostics.hasErrors { throw .invalidInput(diagnostics) }

    let out = options.outputDirectory
    do {
      try FileSystem.makeDirectory(out)
      try FileSystem.makeDirectory(options.resolvedCacheDirectory(forOutput: out) + "/sprites")
    } catch {
      throw .io(error)
    }
    let lock: FileSystem.Lock
    do {
      // The output folder itself is locked: two builds into it exclude each other and nothing is left there.
      lock = try FileSystem.Lock(path: out, wait: options.waitForLock)
    } catch {
      throw .io(error)
    }
    defer { lock.unlock() }
    // What earlier versions left in the output folder: the lock file, and the cache (rebuildable) unless it is
    // the one in use.
    FileSystem.remove(out + "/.emopack.lock")
    let cache = options.resolvedCacheDirectory(forOutput: out)
    let legacyCache = out + "/.emopack-cache"
    if URL(fileURLWithPath: cache).standardizedFileURL != URL(fileURLWithPath: legacyCache).standardizedFileURL {
      try? FileManager.default.removeItem(atPath: legacyCache)
    }
    OutputCommit.removeStaleTemporaries(in: out, cache: cache)

    var reports: [PackReport] = []
    for pack in validated {
      var job = PackJob(pack: pack, options: options, progress: progress)
      let report = try job.run(stages: &stages, diagnostics: &diagnostics)
      reports.append(report)
    }
    if diagnostics.hasErrors { throw .invalidInput(diagnostics) }
    // A build system that compares times (SwiftPM's build-tool plugins) sees the folder up to date.
    if options.touchOutput {
      do { try FileSystem.touch(out) } catch { throw .io(error) }
    }
    return BuildReport(
      packs: reports, diagnostics: diagnostics.items, seconds: clock.seconds, stages: stages.times,
      peakMemoryBytes: System.peakResidentBytes)
  }
}

/// Runs `body` for 0..<count on up to `jobs` threads and returns the results in index order.
func parallelMap<T: Sendable>(_ count: Int, jobs: Int, _ body: @Sendable (Int) -> T) -> [T] {
  let results = Locked<[T?]>(Array(repeating: nil, count: count))
  parallelFor(count, jobs: jobs) { i in
    let r = body(i)
    results.withLock { $0[i] = r }
  }
  // parallelFor runs every index once, so none is left nil.
  return results.withLock { $0.compactMap { $0 } }
}
