import Dispatch
import Foundation

/// A build's stages, in order: the one set of names for the files (`PlanStage` …), the `--verbose` timings,
/// the progress bar and the documents.
package enum BuildStage: String, CaseIterable, Sendable {
  /// Find and check the manifests and images (`Validator`).
  case validate
  /// The distinct sources and the cache key; an up-to-date pack stops here.
  case plan
  /// Decode and resample every source and animation frame (or take them from the cache).
  case images
  /// Identical sprites become one.
  case share
  /// Sprites in groups, groups in page groups by content, each packed at each scale.
  case layout
  /// Each unit's sheets drawn and encoded (and, lossy, laid out again with sprites set apart).
  case sheets
  /// The `.pack` written and committed with the sheets.
  case write
}

/// Accumulates time per stage.
struct StageClock {
  private var last = DispatchTime.now().uptimeNanoseconds
  private(set) var times: [StageTime] = []

  mutating func lap(_ stage: BuildStage) {
    let now = DispatchTime.now().uptimeNanoseconds
    let s = Double(now - last) / 1e9
    last = now
    if let i = times.firstIndex(where: { $0.stage == stage.rawValue }) {
      times[i].seconds += s
    } else {
      times.append(StageTime(stage: stage.rawValue, seconds: s))
    }
  }
}
