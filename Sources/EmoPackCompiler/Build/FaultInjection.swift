import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A test hook that kills the process at a chosen step of the build's file writing, as `kill -9` would.
///
/// With `EMOPACK_FAULT_KILL_AT=N` the process sends itself SIGKILL on its Nth step (each open, half-written file,
/// flush, rename and cache write counts one). When the process ends before step N it prints
/// `emopack: fault injection: K step(s)` on standard error, so a test learns how many points a build has.
/// Without the variable every step is one load of a constant.
enum FaultInjection {
  private static let target: Int? = {
    guard let text = ProcessInfo.processInfo.environment["EMOPACK_FAULT_KILL_AT"], let n = Int(text), n > 0 else {
      return nil
    }
    atexit {
      let line = "emopack: fault injection: \(FaultInjection.steps.withLock { $0 }) step(s)\n"
      FileHandle.standardError.write(Data(line.utf8))
    }
    return n
  }()
  private static let steps = Locked<Int>(0)

  /// Counts one step, and kills the process when it is the chosen one.
  static func step() {
    guard let target else { return }
    let n = steps.add(1)
    if n == target { kill(getpid(), SIGKILL) }
  }
}
