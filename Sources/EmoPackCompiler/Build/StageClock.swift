import Dispatch
import Foundation

/// Accumulates time per stage.
struct StageClock {
  private var last = DispatchTime.now().uptimeNanoseconds
  private(set) var times: [StageTime] = []

  mutating func lap(_ stage: String) {
    let now = DispatchTime.now().uptimeNanoseconds
    let s = Double(now - last) / 1e9
    last = now
    if let i = times.firstIndex(where: { $0.stage == stage }) {
      times[i].seconds += s
    } else {
      times.append(StageTime(stage: stage, seconds: s))
    }
  }
}
