import EmoSite
import Foundation
import TestSupport
import Testing

/// The store's faults exhaustively: every byte of the index through the server, every byte of a `.pack` and a
/// sheet through an injected transport plus a seeded sample through the server, and every install step killed.
@Suite(.tags(.stress), .stressOnly) struct StoreStressTests {
  @Test func everyIndexByteChangedThroughTheServerIsRefused() async throws {
    let t = try StoreCase()
    let store = try t.store()
    _ = try await store.refresh()
    for at in t.site.v2.indices { try await StoreTests.expectIndexByteRefused(t, store, at: at) }
    #expect(try t.currentSerial() == 1 && t.leftovers().isEmpty && t.generations().count == 1)
  }

  @Test func everyPackAndSheetByteChangedIsRefused() async throws {
    let t = try StoreCase()
    let site = t.site
    _ = try await t.store().refresh()
    var random = SplitMix(seed: 49)
    for path in [try StoreTests.bPack(site), try StoreTests.bSheet(site)] {
      let size = try #require(FileManager.default.contents(atPath: site.folder + path)).count
      for at in 0..<size {
        let store = try t.store(transport: FlippingTransport(root: site.folder, index: site.v2, flip: (path, at)))
        do {
          _ = try await store.refresh()
          Issue.record("\(path) byte \(at): accepted")
        } catch {
          #expect(error.check == .sha256, "\(path) byte \(at): \(error)")
        }
      }
      t.serve(site.v2)
      for _ in 0..<25 {
        let at = Int(random.next() % UInt64(size))
        t.server.setFault(.flip(offset: at), for: path)
        try await StoreTests.expectRefused(t, try t.store(), .sha256, "\(path) byte \(at) through the server")
      }
      t.server.clearFaults()
    }
    #expect(try t.currentSerial() == 1 && t.leftovers().isEmpty && t.generations().count == 1)
  }

  @Test func everyInstallStepKilled() async throws {
    let t = try StoreCase()
    _ = try await t.store().refresh()
    t.serve(t.site.v2)
    // The number of steps of a whole update, as the helper counts them.
    let scratch = try StoreCase()
    _ = try await scratch.store().refresh()
    scratch.serve(scratch.site.v2)
    let (_, output) = try Helper.run(
      ["die-at", "100000", scratch.server.url.absoluteString, scratch.keyHex, scratch.folder])
    let steps = try #require(
      Int(output.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
    #expect(steps > 8, "\(output)")
    for step in 1...steps { try await StoreTests.killedAt(step: step) }
  }
}

/// The store's clock when Swift's thread pool is busy, as in an app (or a test run) doing long synchronous work
/// beside a refresh: holding every thread of the pool blocks the other tests of the process, so it is a stress case.
@Suite(.tags(.stress), .stressOnly) struct StoreBusyPoolStressTests {
  /// The index (no listed size) trickles in and its transfer ends while every pool thread is held for 3 s: the
  /// awaiting task resumes late, and that is not a stall of the server.
  @Test func aTransferEndingWhileThePoolIsHeldIsNotAStall() async throws {
    let t = try StoreCase()
    t.server.setFault(.trickle(bytes: 256, interval: 0.1), for: "/index.json")
    let store = try t.store(stall: 1)
    let refresh = Task { try await store.refresh() }
    try await Task.sleep(for: .milliseconds(150))
    let held = Date()
    let holders = (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
      Task.detached { Self.hold(seconds: 3) }
    }
    for h in holders { await h.value }
    let report = try await refresh.value
    #expect(report.outcome == .installed)
    #expect(t.server.takeLog().first { $0.path == "/index.json" }.map { $0.bytes > 256 } == true)
    #expect(Date().timeIntervalSince(held) >= 3)
  }

  /// Synchronous work: the calling thread is held.
  static func hold(seconds: Double) { Thread.sleep(forTimeInterval: seconds) }
}
