import Foundation

/// A value shared by the build's threads, guarded by an `NSLock`, which every system the package supports has
/// (macOS 13 included).
package final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// Guards `value`.
  package init(_ value: Value) { self.value = value }

  /// Runs `body` with the value while holding the lock.
  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  /// Adds `n` to a count and returns the new count.
  package func add(_ n: Int) -> Int where Value == Int {
    withLock {
      $0 += n
      return $0
    }
  }
}
