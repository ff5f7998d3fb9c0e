import EmoPack
import EmoPackStore
import EmoSign
import EmoSite
import Foundation
import LoopbackServer
import TestSupport
import Testing

/// The store against a real HTTP server on 127.0.0.1: installs, updates, and every fault leaving the previous
/// generation current with nothing left behind.
@Suite struct StoreTests {
  @Test func aCleanInstallOpensEveryPackAndASecondRefreshFetchesOnlyTheIndex() async throws {
    let t = try StoreCase()
    let store = try t.store()
    #expect(try store.open() == nil)
    let report = try await store.refresh()
    let index = try t.site.index(t.site.v1)
    let files = Set(index.signed.packs.flatMap(\.files).map { "files/" + $0.sha256 })
    #expect(report.outcome == .installed && report.serial == 1 && report.changed == ["a", "b"])
    #expect(report.fetched.first == "index.json" && Set(report.fetched.dropFirst()) == files)
    let served = t.server.takeLog()
    #expect(report.bytesFetched == served.reduce(0) { $0 + $1.bytes })
    let held = try #require(try store.open())
    #expect(held.packs.map(\.id) == ["a", "b"] && held.serial == 1)
    #expect(held.catalog.lookup(tag: "[b-3]") != nil && held.catalog.lookup(tag: "[a-0]") != nil)
    held.close()
    let again = try await store.refresh()
    #expect(again.outcome == .upToDate && again.fetched == ["index.json"])
    #expect(t.server.takeLog().map(\.path) == ["/index.json"])
    #expect(t.leftovers().isEmpty && t.generations().count == 1)
  }

  /// The update fetches the index, the new `.pack` and the changed sheet pages: nothing of pack `a`.
  @Test func aOneEmoticonUpdateFetchesOnlyTheChangedFiles() async throws {
    let t = try StoreCase()
    let store = try t.store()
    _ = try await store.refresh()
    _ = t.server.takeLog()
    t.serve(t.site.v2)
    let report = try await store.refresh()
    let (old, new) = (try t.site.index(t.site.v1), try t.site.index(t.site.v2))
    let oldDigests = Set(old.signed.packs.flatMap(\.files).map(\.sha256))
    let changed = new.signed.packs.flatMap(\.files).filter { !oldDigests.contains($0.sha256) }
    #expect(changed.first?.name == "b.pack" && changed.count >= 2)
    #expect(report.outcome == .installed && report.serial == 2 && report.changed == ["b"])
    #expect(report.fetched == ["index.json"] + changed.map { "files/" + $0.sha256 })
    #expect(t.server.takeLog().map(\.path) == ["/index.json"] + changed.map { "/files/" + $0.sha256 })
    #expect(report.bytesFetched == t.site.v2.count + changed.reduce(0) { $0 + $1.size })
    #expect(try t.currentSerial() == 2)
    #expect(t.generations().count == 1, "the unused generation is deleted")
  }

  /// Refresh must fail with `check`, leave serial `previous` current and leave nothing behind.
  static func expectRefused(
    _ t: StoreCase, _ store: PackStore, _ check: SiteCheck, previous: Int? = 1, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    do {
      let report = try await store.refresh()
      Issue.record("\(what): accepted (\(report.outcome))", sourceLocation: sourceLocation)
    } catch {
      #expect(error.check == check, "\(what): \(error)", sourceLocation: sourceLocation)
    }
    #expect(try t.currentSerial() == previous, "\(what)", sourceLocation: sourceLocation)
    #expect(t.leftovers().isEmpty, "\(what): \(t.leftovers())", sourceLocation: sourceLocation)
  }

  /// Installed version 1, then version 2 served through `fault` on `path`.
  static func faultyUpdate(
    _ fault: LoopbackServer.Fault, on path: (StoreSite) throws -> String, stall: Double = 5
  )
    async throws -> (StoreCase, PackStore)
  {
    let t = try StoreCase()
    _ = try await t.store().refresh()
    t.serve(t.site.v2)
    t.server.setFault(fault, for: try path(t.site))
    return (t, try t.store(stall: stall))
  }

  static func bPack(_ site: StoreSite) throws -> String {
    "/files/" + (try site.index(site.v2)).signed.packs[1].files[0].sha256
  }

  static func bSheet(_ site: StoreSite) throws -> String {
    "/files/" + (try site.index(site.v2)).signed.packs[1].files.last!.sha256
  }

  @Test func aChangedIndexByteIsRefused() async throws {
    let t = try StoreCase()
    let store = try t.store()
    _ = try await store.refresh()
    // A byte of the signed part, one of the signature, one of the key id.
    let v2 = t.site.v2
    let signatureAt = try #require(String(decoding: v2, as: UTF8.self).range(of: "\"signature\":\"")).upperBound
    let offset = String(decoding: v2, as: UTF8.self).utf8.distance(
      from: String(decoding: v2, as: UTF8.self).startIndex, to: signatureAt)
    for at in [40, offset + 3, v2.count - 3] {
      try await Self.expectIndexByteRefused(t, store, at: at)
      #expect(try t.currentSerial() == 1 && t.leftovers().isEmpty)
    }
  }

  /// Version 2's index served with byte `at` changed must be refused before anything is fetched or installed.
  static func expectIndexByteRefused(_ t: StoreCase, _ store: PackStore, at: Int) async throws {
    var bytes = t.site.v2
    bytes[at] ^= 1
    t.serve(bytes)
    do {
      _ = try await store.refresh()
      Issue.record("index byte \(at) changed: accepted")
    } catch {
      #expect([.parse, .canonicalForm, .signature].contains(error.check), "byte \(at): \(error)")
    }
  }

  @Test func aChangedPackOrSheetByteIsRefused() async throws {
    let t = try StoreCase()
    let site = t.site
    _ = try await t.store().refresh()
    for path in [try Self.bPack(site), try Self.bSheet(site)] {
      for at in [0, 17, 200] {
        let store = try t.store(transport: FlippingTransport(root: site.folder, index: site.v2, flip: (path, at)))
        try await Self.expectRefused(t, store, .sha256, "\(path) byte \(at) through the transport")
      }
      t.serve(site.v2)
      t.server.setFault(.flip(offset: 5), for: path)
      try await Self.expectRefused(t, try t.store(), .sha256, "\(path) byte 5 through the server")
      t.server.clearFaults()
    }
  }

  @Test func anIndexSignedByAnUntrustedKeyIsRefused() async throws {
    let t = try StoreCase()
    let other = try SigningKey.generate()
    let store = try t.store(keys: [other.verifyingKey.bytes])
    try await Self.expectRefused(t, store, .signature, previous: nil, "an untrusted key")
    let forged = try t.site.sign(try t.site.index(t.site.v2).signed, with: other)
    t.serve(forged)
    try await Self.expectRefused(t, try t.store(), .signature, previous: nil, "signed by another key")
  }

  @Test func anOlderEqualOrRevisionLoweringIndexIsRefused() async throws {
    let t = try StoreCase(serving: \.v2)
    let store = try t.store()
    _ = try await store.refresh()
    t.serve(t.site.v1)
    try await Self.expectRefused(t, store, .serial, previous: 2, "version 1 served again")
    var same = try t.site.index(t.site.v2).signed
    same.expires = "2999-01-01T00:00:00Z"
    t.serve(try t.site.sign(same))
    try await Self.expectRefused(t, store, .serial, previous: 2, "serial 2 with other bytes")
    var lower = try t.site.index(t.site.v1).signed
    lower.serial = 3
    t.serve(try t.site.sign(lower))
    try await Self.expectRefused(t, store, .revision, previous: 2, "b's revision going down")
  }

  @Test func anExpiredIndexReportsStaleAndKeepsWhatIsInstalled() async throws {
    let t = try StoreCase()
    let store = try t.store()
    _ = try await store.refresh()
    var expired = try t.site.index(t.site.v2).signed
    expired.expires = "2020-01-01T00:00:00Z"
    t.serve(try t.site.sign(expired))
    let report = try await store.refresh()
    #expect(report.outcome == .stale(expires: "2020-01-01T00:00:00Z"))
    #expect(try t.currentSerial() == 1 && t.generations().count == 1)
  }

  @Test func truncatedLongerStalledAndFailedBodiesAreRefused() async throws {
    let cases: [(LoopbackServer.Fault, SiteCheck, Double)] = [
      (.truncate(after: 100), .transport, 5), (.end(after: 100), .size, 5), (.stall(after: 10), .timeout, 0.5),
      (.status(404), .transport, 5), (.status(500), .transport, 5),
    ]
    for (fault, check, stall) in cases {
      let (t, store) = try await Self.faultyUpdate(fault, on: Self.bSheet, stall: stall)
      let started = Date()
      try await Self.expectRefused(t, store, check, "\(fault)")
      // `.timeout` comes from the 0.5 s stall bound (the server itself gives up after 5 s: a `.transport` refusal);
      // the wall-clock bound allows for other tests holding every thread of Swift's pool for seconds.
      if check == .timeout { #expect(Date().timeIntervalSince(started) < 20, "the stall timeout is 0.5 s") }
      t.server.stop()
    }
    // A failed index fetch too.
    let (t, store) = try await Self.faultyUpdate(.status(500), on: { _ in "/index.json" })
    try await Self.expectRefused(t, store, .transport, "index.json 500")
  }

  /// A body longer than listed is cut off as soon as it passes the listed size, not read to its end.
  @Test func aLongerBodyIsCutOffWhileItStreams() async throws {
    for extra in [1, 8 << 20] {
      let (t, store) = try await Self.faultyUpdate(.extend(by: extra), on: Self.bSheet)
      do {
        _ = try await store.refresh()
        Issue.record("a body \(extra) bytes longer: accepted")
      } catch {
        #expect(error.check == .size && error.expected.hasPrefix("at most"), "\(error)")
      }
      #expect(try t.currentSerial() == 1 && t.leftovers().isEmpty)
      t.server.stop()
    }
  }

  @Test func aSignedIndexNamingAParentFolderIsRefused() async throws {
    let t = try StoreCase()
    let store = try t.store()
    _ = try await store.refresh()
    var signed = try t.site.index(t.site.v2).signed
    signed.packs[1].files[1].name = "../x"
    t.serve(try t.site.sign(signed))
    try await Self.expectRefused(t, store, .fileName, "a file named ../x")
    #expect(!FileManager.default.fileExists(atPath: t.folder + "/x"))
  }

  @Test func aFailedWriteLeavesThePreviousGeneration() async throws {
    let t = try StoreCase()
    _ = try await t.store().refresh()
    t.serve(t.site.v2)
    let full = StoreHooks { step throws(SiteError) in
      if case .write(let path) = step {
        throw SiteError(file: path, check: .install, expected: "write to succeed", found: "No space left on device")
      }
    }
    try await Self.expectRefused(t, try t.store(hooks: full), .install, "the disk full")
    #expect(try await t.store().refresh().outcome == .installed)
    #expect(try t.currentSerial() == 2)
  }

  @Test func aProcessKilledDuringInstallLeavesTheOldOrTheNewGeneration() async throws {
    try await Self.killedAt(step: 6)
  }

  /// A helper process refreshes to version 2 and dies at its `step`th install step; the next open finds version 1
  /// or 2 whole, and the next refresh installs version 2 and clears what the dead process left.
  static func killedAt(step: Int) async throws {
    let t = try StoreCase()
    _ = try await t.store().refresh()
    t.serve(t.site.v2)
    let (status, output) = try Helper.run(["die-at", String(step), t.server.url.absoluteString, t.keyHex, t.folder])
    #expect(status == 9 || output.hasPrefix("done"), "step \(step): \(status) \(output)")
    let serial = try t.currentSerial()
    #expect(serial == 1 || serial == 2, "step \(step)")
    let report = try await t.store().refresh()
    #expect(report.serial == 2)
    #expect(try t.currentSerial() == 2)
    #expect(t.leftovers().isEmpty && t.generations().count == 1, "step \(step): \(t.leftovers()) \(t.generations())")
  }

  @Test func twoProcessesRefreshingAtOnceEndWithOneGeneration() async throws {
    let t = try StoreCase(serving: \.v2)
    let go = t.folder + "/../go-" + UUID().uuidString
    let results = try Helper.race(2, ["refresh", t.server.url.absoluteString, t.keyHex, t.folder, go], go: go)
    for (status, output) in results { #expect(status == 0, "\(output)") }
    #expect(Set(results.map(\.1)) == ["installed 2\n", "upToDate 2\n"])
    #expect(try t.currentSerial() == 2 && t.generations().count == 1 && t.leftovers().isEmpty)
  }

  @Test func aGenerationOpenInAnotherProcessIsNotDeleted() async throws {
    let t = try StoreCase()
    let store = try t.store()
    _ = try await store.refresh()
    let first = try #require(t.generations().first)
    let holder = try Helper.start(["hold", t.server.url.absoluteString, t.keyHex, t.folder])
    #expect(holder.readLine() == "held 1")
    let inProcess = try #require(try store.open())
    t.serve(t.site.v2)
    _ = try await store.refresh()
    #expect(t.generations().contains(first), "held by two processes")
    inProcess.close()
    #expect(store.removeUnusedGenerations() == 0, "still held by the helper")
    #expect(t.generations().contains(first))
    #expect(holder.finish() == 0)
    #expect(store.removeUnusedGenerations() == 1)
    #expect(!t.generations().contains(first))
    #expect(try t.currentSerial() == 2)
  }
}

extension StoreCase {
  var keyHex: String { site.key.verifyingKey.bytes.map { String(format: "%02x", $0) }.joined() }
}

/// The helper process (`Tests/Helpers/StoreHelper`), built beside the test bundle.
enum Helper {
  static var path: String {
    let candidates = [
      Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
    ]
    .flatMap { [$0, $0.deletingLastPathComponent()] }
    .map { $0.appendingPathComponent("emopack-store-helper").path }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
  }

  final class Running {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()

    func readLine() -> String {
      var line = Data()
      while true {
        let byte = output.fileHandleForReading.readData(ofLength: 1)
        if byte.isEmpty || byte == Data([10]) { break }
        line += byte
      }
      return String(decoding: line, as: UTF8.self)
    }

    /// Closes its input and waits; its status.
    func finish() -> Int32 {
      try? input.fileHandleForWriting.close()
      process.waitUntilExit()
      return process.terminationStatus
    }
  }

  static func start(_ arguments: [String]) throws -> Running {
    let r = Running()
    r.process.executableURL = URL(fileURLWithPath: path)
    r.process.arguments = arguments
    r.process.standardInput = r.input
    r.process.standardOutput = r.output
    r.process.standardError = r.error
    try r.process.run()
    return r
  }

  /// Runs the helper to its end: its status, and its output then its errors.
  static func run(_ arguments: [String]) throws -> (Int32, String) {
    let r = try start(arguments)
    try? r.input.fileHandleForWriting.close()
    let out = r.output.fileHandleForReading.readDataToEndOfFile()
    let err = r.error.fileHandleForReading.readDataToEndOfFile()
    r.process.waitUntilExit()
    return (r.process.terminationStatus, String(decoding: out + err, as: UTF8.self))
  }

  /// Starts `count` helpers that each print "ready" and wait for the file `go`, then creates it.
  static func race(_ count: Int, _ arguments: [String], go: String) throws -> [(Int32, String)] {
    let running = try (0..<count).map { _ in try start(arguments) }
    for r in running { _ = r.readLine() }
    _ = FileManager.default.createFile(atPath: go, contents: Data())
    defer { try? FileManager.default.removeItem(atPath: go) }
    return running.map { r in
      try? r.input.fileHandleForWriting.close()
      let out = r.output.fileHandleForReading.readDataToEndOfFile()
      let err = r.error.fileHandleForReading.readDataToEndOfFile()
      r.process.waitUntilExit()
      return (r.process.terminationStatus, String(decoding: out + err, as: UTF8.self))
    }
  }
}
