import EmoSite
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How long the store waits, in seconds.
public struct StoreTimeouts: Sendable, Equatable {
  /// The longest time without a byte from the server, while bytes are still due, before a transfer is given up.
  public var stall: Double
  /// The longest time one transfer may take in all.
  public var total: Double
  /// The longest time `refresh()` waits for another process's refresh of the same folder to finish.
  public var lock: Double

  public init(stall: Double = 30, total: Double = 600, lock: Double = 120) {
    self.stall = stall
    self.total = total
    self.lock = lock
  }
}

/// Fetches files from a site. The store's default is `URLSessionTransport`; tests and apps with their own
/// networking provide another.
public protocol PackTransport: Sendable {
  /// Fetches `url` and hands its body to `receive` piece by piece as it arrives. When `receive` throws, the
  /// transfer stops and that error is thrown. Failures of the transfer itself throw `SiteError` with the check
  /// `.transport` (no connection, an HTTP status other than 200) or `.timeout`.
  func get(
    _ url: URL, timeouts: StoreTimeouts, receive: @escaping @Sendable (Data) throws(SiteError) -> Void)
    async throws(SiteError)
}

/// Foundation's `URLSession` with a data delegate: bodies stream to the store as they arrive (FoundationNetworking
/// on Linux has no async byte streams), `Content-Length` is never used, and a transfer that stalls for
/// `timeouts.stall` seconds is cancelled.
public struct URLSessionTransport: PackTransport {
  public init() {}

  public func get(
    _ url: URL, timeouts: StoreTimeouts, receive: @escaping @Sendable (Data) throws(SiteError) -> Void
  )
    async throws(SiteError)
  {
    try await get(url, timeouts: timeouts, receive: receive, ended: { _ in })
  }

  /// `get`, calling `ended` on URLSession's delegate queue as soon as the transfer is over: the store's clock
  /// stops there rather than when the awaiting task next runs (which a busy thread pool can delay).
  func get(
    _ url: URL, timeouts: StoreTimeouts, receive: @escaping @Sendable (Data) throws(SiteError) -> Void,
    ended: @escaping @Sendable (Result<Void, SiteError>) -> Void
  ) async throws(SiteError) {
    let transfer = Transfer(url: url, stall: timeouts.stall, receive: receive, ended: ended)
    let configuration = URLSessionConfiguration.ephemeral
    // The store's clock and this transport's stall watchdog come first; URLSession's own limits only back them up.
    configuration.timeoutIntervalForRequest = timeouts.stall * 2 + 5
    configuration.timeoutIntervalForResource = timeouts.total + 30
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    let result: Result<Void, SiteError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        transfer.start(session.dataTask(with: request), continuation)
      }
    } onCancel: {
      transfer.fail(SiteError(file: url.absoluteString, check: .transport, expected: "a body", found: "cancelled"))
    }
    try result.get()
  }
}

/// One transfer's state, shared by the delegate's callbacks and the stall watchdog.
private final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let url: URL
  let stall: Double
  let receive: @Sendable (Data) throws(SiteError) -> Void
  let ended: @Sendable (Result<Void, SiteError>) -> Void
  private let lock = NSLock()
  private var task: URLSessionDataTask?
  private var continuation: CheckedContinuation<Result<Void, SiteError>, Never>?
  private var failure: SiteError?
  private var lastProgress = DispatchTime.now()
  private var watchdog: DispatchSourceTimer?

  init(
    url: URL, stall: Double, receive: @escaping @Sendable (Data) throws(SiteError) -> Void,
    ended: @escaping @Sendable (Result<Void, SiteError>) -> Void
  ) {
    self.url = url
    self.stall = stall
    self.receive = receive
    self.ended = ended
  }

  func start(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<Result<Void, SiteError>, Never>) {
    let timer = DispatchSource.makeTimerSource(queue: .global())
    let period = max(0.01, stall / 4)
    timer.schedule(deadline: .now() + period, repeating: period)
    timer.setEventHandler { [weak self] in self?.checkStall() }
    lock.withLock {
      self.task = task
      self.continuation = continuation
      lastProgress = .now()
      watchdog = timer
    }
    timer.resume()
    task.resume()
    if lock.withLock({ failure != nil }) { task.cancel() }
  }

  /// Records the first failure and stops the transfer.
  func fail(_ error: SiteError) {
    let task = lock.withLock {
      if failure == nil { failure = error }
      return self.task
    }
    task?.cancel()
  }

  private func checkStall() {
    let idle = lock.withLock { Double(DispatchTime.now().uptimeNanoseconds - lastProgress.uptimeNanoseconds) / 1e9 }
    if idle > stall {
      fail(
        SiteError(
          file: url.absoluteString, check: .timeout,
          expected: "a byte at least every \(seconds(stall)) (StoreTimeouts.stall)",
          found: "nothing for \(seconds(idle))"))
    }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    guard status == 200 else {
      fail(SiteError(file: url.absoluteString, check: .transport, expected: "HTTP 200", found: "HTTP \(status)"))
      completionHandler(.cancel)
      return
    }
    lock.withLock { lastProgress = .now() }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    guard lock.withLock({ failure == nil }) else { return }
    lock.withLock { lastProgress = .now() }
    do throws(SiteError) { try receive(data) } catch { fail(error) }
  }

  /// A transfer error in words (`timed out`, `could not connect to the server`), never a domain and a number.
  static func words(_ error: any Error) -> String {
    guard let e = error as? URLError else { return "\(error)" }
    switch e.code {
    case .timedOut: return "timed out"
    case .cannotConnectToHost: return "could not connect to the server"
    case .cannotFindHost: return "no such host"
    case .networkConnectionLost: return "the connection was lost"
    case .notConnectedToInternet: return "no network connection"
    case .cancelled: return "cancelled"
    default: return e.localizedDescription.isEmpty ? "the transfer failed" : e.localizedDescription
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let (continuation, failure, timer) = lock.withLock {
      let c = self.continuation
      self.continuation = nil
      return (c, self.failure, watchdog)
    }
    timer?.cancel()
    let result: Result<Void, SiteError>
    if let failure {
      result = .failure(failure)
    } else if let error {
      let code = (error as? URLError)?.code
      result = .failure(
        SiteError(
          file: url.absoluteString, check: code == .timedOut ? .timeout : .transport, expected: "a whole body",
          found: Self.words(error)))
    } else {
      result = .success(())
    }
    guard let continuation else { return }
    ended(result)
    continuation.resume(returning: result)
  }
}
