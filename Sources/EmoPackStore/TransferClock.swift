import EmoSite
import Foundation

/// The store's own clock over one transfer: it ends the transfer with `.timeout` when nothing arrives for
/// `timeouts.stall` seconds while bytes are still due or the whole has not arrived after `timeouts.total`, whatever the transport does, and
/// refuses anything the transport hands over after that.
final class TransferClock: @unchecked Sendable {
  let url: URL
  /// The listed size, when known (files; the index has none).
  let size: Int?
  let timeouts: StoreTimeouts
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Result<Void, SiteError>, Never>?
  private var failure: SiteError?
  private var finished = false
  private var bytes = 0
  /// When the transfer began (nil until the transport is called: a busy thread pool is not the server's delay).
  private var start: DispatchTime?
  private var last = DispatchTime.now()
  private var timer: DispatchSourceTimer?
  private var cancel: (@Sendable () -> Void)?

  init(url: URL, size: Int?, timeouts: StoreTimeouts) {
    self.url = url
    self.size = size
    self.timeouts = timeouts
  }

  /// Starts the clock; `continuation` is resumed once, by the transfer's end or a timeout.
  func begin(_ continuation: CheckedContinuation<Result<Void, SiteError>, Never>) {
    let period = max(0.01, min(timeouts.stall, timeouts.total) / 8)
    let t = DispatchSource.makeTimerSource(queue: .global())
    t.schedule(deadline: .now() + period, repeating: period)
    t.setEventHandler { [weak self] in self?.tick() }
    lock.withLock {
      self.continuation = continuation
      timer = t
    }
    t.resume()
  }

  /// The transport is being called: the clock counts from now.
  func started() {
    lock.withLock {
      start = .now()
      last = .now()
    }
  }

  /// What stops the transport when the clock runs out (cancelling its task).
  func onTimeout(_ body: @escaping @Sendable () -> Void) {
    let now = lock.withLock {
      cancel = body
      return finished
    }
    if now { body() }
  }

  /// Counts `count` bytes arrived; throws once the transfer has ended (a late piece is refused).
  func progress(_ count: Int) throws(SiteError) {
    let late: SiteError? = lock.withLock {
      guard !finished else {
        return failure
          ?? SiteError(
            file: url.absoluteString, check: .transport, expected: "no more bytes", found: "bytes after the end")
      }
      bytes += count
      last = .now()
      return nil
    }
    if let late { throw late }
  }

  /// The transport returned (or threw).
  func end(_ result: Result<Void, SiteError>) { finish(result) }

  private func finish(_ result: Result<Void, SiteError>) {
    let (c, t, stop):
      (CheckedContinuation<Result<Void, SiteError>, Never>?, DispatchSourceTimer?, (@Sendable () -> Void)?) =
        lock.withLock {
          guard !finished else { return (nil, nil, nil) }
          finished = true
          if case .failure(let e) = result { failure = e }
          let c = continuation
          continuation = nil
          return (c, timer, { if case .failure = result { return cancel } else { return nil } }())
        }
    t?.cancel()
    c?.resume(returning: result)
    stop?()
  }

  private func tick() {
    let state: (Double, Double, Int)? = lock.withLock {
      guard let start else { return nil }
      let now = DispatchTime.now().uptimeNanoseconds
      return (Double(now - start.uptimeNanoseconds) / 1e9, Double(now - last.uptimeNanoseconds) / 1e9, bytes)
    }
    guard let (elapsed, idle, got) = state else { return }
    let progress = size.map { "\(grouped(got)) of \(grouped($0)) bytes" } ?? "\(grouped(got)) bytes"
    if elapsed > timeouts.total {
      finish(
        .failure(
          SiteError(
            file: url.absoluteString, check: .timeout,
            expected: "the whole body within \(seconds(timeouts.total)) (StoreTimeouts.total)",
            found: "timed out after \(seconds(timeouts.total)) with \(progress)")))
    } else if idle > timeouts.stall && got != size {
      // Once every listed byte is in, only the transport's return is pending: `total` bounds that, not `stall`.
      finish(
        .failure(
          SiteError(
            file: url.absoluteString, check: .timeout,
            expected: "a byte at least every \(seconds(timeouts.stall)) (StoreTimeouts.stall)",
            found: "nothing for \(seconds(idle)) after \(progress)")))
    }
  }
}

/// `4,096`: a count with thousands separated, as the store's messages write them.
func grouped(_ n: Int) -> String {
  let digits = Array(String(n))
  var out = ""
  for (i, d) in digits.enumerated() {
    if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
    out.append(d)
  }
  return out
}

/// `3 s`, `2.5 s`.
func seconds(_ s: Double) -> String {
  s == s.rounded() ? "\(Int(s)) s" : String(format: "%.1f s", s)
}
