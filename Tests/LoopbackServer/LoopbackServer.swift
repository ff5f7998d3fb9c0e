import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 file server on 127.0.0.1 for tests and the bench: serves a folder, one request per
/// connection, with faults injected per path. Every connection is bounded in time (5 s of silence, 5 s of
/// stalling), and `stop()` ends them all.
public final class LoopbackServer: @unchecked Sendable {
  /// A fault served instead of a path's plain bytes.
  public enum Fault: Sendable, Equatable {
    /// An empty response with this status.
    case status(Int)
    /// The full `Content-Length`, then only this many bytes, then the connection closes.
    case truncate(after: Int)
    /// No `Content-Length`, only this many bytes, then the connection closes: a body that looks whole.
    case end(after: Int)
    /// This many bytes more than the file has (`Content-Length` says so).
    case extend(by: Int)
    /// This many bytes, then nothing until the client gives up (or 5 s pass).
    case stall(after: Int)
    /// The byte at this offset with its lowest bit flipped.
    case flip(offset: Int)
    /// These bytes instead of the file's.
    case body([UInt8])
    /// The whole body, a piece of `bytes` every `interval` seconds (a slow link), for at most 60 s.
    case trickle(bytes: Int, interval: Double)
  }

  /// One request served: its path and the body bytes written.
  public struct Served: Sendable, Equatable {
    public var path: String
    public var bytes: Int
  }

  public let root: String
  public let port: Int
  private let listener: Int32
  private let lock = NSLock()
  private var faults: [String: Fault] = [:]
  private var log: [Served] = []
  private var stopped = false
  private let stopSignal = DispatchSemaphore(value: 0)
  private let group = DispatchGroup()

  /// Serves `root` on a free port of 127.0.0.1.
  public init(root: String) throws {
    self.root = root
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    guard bound == 0, listen(fd, 64) == 0 else {
      close(fd)
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    listener = fd
    port = Int(UInt16(bigEndian: address.sin_port))
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// `http://127.0.0.1:PORT/`.
  public var url: URL { URL(string: "http://127.0.0.1:\(port)/")! }

  /// Serves `fault` for `path` (such as `/index.json`) from now on; nil serves the file again.
  public func setFault(_ fault: Fault?, for path: String) { lock.withLock { faults[path] = fault } }

  /// Clears every fault.
  public func clearFaults() { lock.withLock { faults = [:] } }

  /// The requests served since the last call, in order.
  public func takeLog() -> [Served] {
    lock.withLock {
      defer { log = [] }
      return log
    }
  }

  /// Stops accepting, ends stalled connections and waits for every connection to finish.
  public func stop() {
    let first = lock.withLock {
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    for _ in 0..<1024 { stopSignal.signal() }
    _ = group.wait(timeout: .now() + 10)
  }

  deinit { stop() }

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if errno == EINTR { continue }
        return
      }
      if lock.withLock({ stopped }) {
        close(client)
        return
      }
      group.enter()
      Thread { [self] in
        serve(client)
        close(client)
        group.leave()
      }.start()
    }
  }

  private func serve(_ client: Int32) {
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var request: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while request.count < 16_384, !request.ends(with: [13, 10, 13, 10]) {
      let n = recv(client, &buffer, buffer.count, 0)
      guard n > 0 else { return }
      request += buffer[..<n]
    }
    let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self).split(separator: " ")
    guard line.count >= 2, line[0] == "GET" else { return respond(client, status: 405, path: "?") }
    let path = String(line[1].split(separator: "?", maxSplits: 1).first ?? "")
    let fault = lock.withLock { faults[path] }
    if case .status(let code) = fault { return respond(client, status: code, path: path) }
    guard !path.split(separator: "/").contains(".."),
      var body = FileManager.default.contents(atPath: root + path).map([UInt8].init)
    else { return respond(client, status: 404, path: path) }
    var length = body.count
    var send = body.count
    var stallAfter: Int?
    var framed = true
    switch fault {
    case .end(let after): (send, framed) = (min(after, body.count), false)
    case .truncate(let after): send = min(after, body.count)
    case .extend(let extra):
      body += [UInt8](repeating: 0x41, count: extra)
      (length, send) = (body.count, body.count)
    case .stall(let after): (send, stallAfter) = (min(after, body.count), after)
    case .flip(let offset) where offset < body.count: body[offset] ^= 1
    case .body(let bytes): (body, length, send) = (bytes, bytes.count, bytes.count)
    default: break
    }
    let head =
      "HTTP/1.1 200 OK\r\n" + (framed ? "Content-Length: \(length)\r\n" : "")
      + "Content-Type: application/octet-stream\r\nConnection: close\r\n\r\n"
    if case .trickle(let piece, let interval) = fault {
      guard write(client, Array(head.utf8)) else { return }
      var offset = 0
      let deadline = Date().addingTimeInterval(60)
      while offset < body.count, Date() < deadline, !lock.withLock({ stopped }) {
        let end = min(offset + max(1, piece), body.count)
        guard write(client, Array(body[offset..<end])) else { return }
        offset = end
        Thread.sleep(forTimeInterval: interval)
      }
      lock.withLock { log.append(Served(path: path, bytes: offset)) }
      return
    }
    guard write(client, Array(head.utf8)), write(client, Array(body[..<send])) else { return }
    lock.withLock { log.append(Served(path: path, bytes: send)) }
    if stallAfter != nil { _ = stopSignal.wait(timeout: .now() + 5) }
  }

  private func respond(_ client: Int32, status: Int, path: String) {
    let head = "HTTP/1.1 \(status) Status\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    _ = write(client, Array(head.utf8))
    lock.withLock { log.append(Served(path: path, bytes: 0)) }
  }

  private func write(_ client: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard n > 0 else { return false }
      offset += n
    }
    return true
  }
}

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
