import Dispatch
import Foundation

/// Measures wall time.
struct Stopwatch {
  let start = DispatchTime.now().uptimeNanoseconds
  var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}
