import EmoPack
import Foundation
import TestSupport
import Testing

@Suite struct RecentsTests {
  static func tempPath() -> String {
    TemporaryFolder.file("recents", extension: "sqlite")
  }

  /// A clock the test controls.
  final class FakeClock: Sendable {
    let now = LockedClock(1_000)
    func tick(_ ms: Int64 = 1) { now.withLock { $0 += ms } }
    var function: @Sendable () -> Int64 { { [self] in self.now.withLock { $0 } } }
  }

  @Test func mostRecentFirstAndTiesByUses() throws {
    let path = Self.tempPath()
    let clock = FakeClock()
    let store = try RecentsStore(path: path, clock: clock.function)
    try store.record(packID: "default", key: "[哈哈]")
    clock.tick()
    try store.record(packID: "default", key: "[爱你]")
    try store.record(packID: "default", key: "[心]")
    try store.record(packID: "default", key: "[心]")
    clock.tick()
    try store.record(packID: "emoji", key: "😀")
    let items = try store.items()
    #expect(items.map(\.key) == ["😀", "[心]", "[爱你]", "[哈哈]"])
    #expect(items[1].uses == 2)
  }

  @Test func survivesRestartAndSkipsMissingEmoticons() throws {
    let path = Self.tempPath()
    let clock = FakeClock()
    do {
      let store = try RecentsStore(path: path, clock: clock.function)
      for key in ["[哈哈]", "[gone]", "[泪]"] {
        try store.record(packID: "default", key: key)
        clock.tick()
      }
      try store.record(packID: "removed-pack", key: "[x]")
    }
    let reopened = try RecentsStore(path: path)
    #expect(try reopened.items().map(\.key) == ["[x]", "[泪]", "[gone]", "[哈哈]"])
    let catalog = try TestPacks.catalog()
    #expect(try reopened.emoticons(in: catalog) == [EmoticonRef(pack: 0, entry: 3), EmoticonRef(pack: 0, entry: 0)])
  }

  @Test func capacityIsOnePage() throws {
    let store = try RecentsStore(path: Self.tempPath())
    for i in 0..<40 { try store.record(packID: "p", key: "[\(i)]") }
    #expect(try store.items().count == 23)
  }

  @Test func corruptDatabaseGivesAClearError() throws {
    let path = Self.tempPath()
    try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: RecentsError.self) { try RecentsStore(path: path) }
    #expect(error?.message == "file is not a database")
    #expect(error?.path == path)
    // The app keeps working without recents.
    let catalog = try TestPacks.catalog()
    #expect(catalog.keyboardCategories(recents: nil, preferredLocales: ["en"]).first?.id == "default")
  }

  @Test func unreadableLocationGivesAClearError() {
    let error = #expect(throws: RecentsError.self) { try RecentsStore(path: "/nonexistent-dir/recents.sqlite") }
    #expect(error?.operation == "open")
  }

  /// The helper, built beside the test bundle (the test target depends on it).
  static var helper: String {
    let candidates = [
      Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
    ]
    .flatMap { [$0, $0.deletingLastPathComponent()] }
    .map { $0.appendingPathComponent("emopack-recents-stress").path }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
  }

  /// Runs `processes` helpers on `path`, each recording `key` (else a key of its own) `count` times; returns their
  /// statuses.
  ///
  /// Each helper says it is ready and then waits for one start file, so they set up a fresh file together.
  static func race(_ processes: Int, count: Int, key: String? = nil, on path: String) throws -> [(Int32, String)] {
    let go = path + ".go"
    var running: [(Process, Pipe, Pipe)] = []
    for k in 0..<processes {
      let p = Process()
      let out = Pipe()
      let err = Pipe()
      p.executableURL = URL(fileURLWithPath: helper)
      p.arguments = [path, String(count), key ?? "[key\(k)]", go]
      p.standardOutput = out
      p.standardError = err
      try p.run()
      running.append((p, out, err))
    }
    // The barrier: every helper is waiting when the start file appears.
    for (_, out, _) in running { _ = out.fileHandleForReading.readData(ofLength: 6) }
    #expect(FileManager.default.createFile(atPath: go, contents: Data()), "the start signal \(go)")
    defer { try? FileManager.default.removeItem(atPath: go) }
    return running.map { p, _, err in
      let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      p.waitUntilExit()
      return (p.terminationStatus, message)
    }
  }

  /// Two processes record `uses` uses each of the same key at once: the count ends at exactly twice that.
  static func twoProcessesRecord(_ uses: Int) throws {
    let path = Self.tempPath()
    _ = try RecentsStore(path: path)
    #expect(FileManager.default.isExecutableFile(atPath: Self.helper), "missing helper \(Self.helper)")
    for (status, message) in try race(2, count: uses, key: "[压力]", on: path) { #expect(status == 0, "\(message)") }
    let items = try RecentsStore(path: path).items()
    #expect(items.first?.uses == 2 * uses)
  }

  /// `processes` processes start together on a file that does not exist yet (an app and its keyboard extension on
  /// first launch), `rounds` times: every process opens, sets the schema up and records all its 500 uses.
  static func raceOnFreshFiles(processes: Int, rounds: Int) throws {
    for round in 0..<rounds {
      let path = Self.tempPath()
      defer {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
      }
      #expect(!FileManager.default.fileExists(atPath: path))
      for (status, message) in try Self.race(processes, count: 500, on: path) {
        #expect(status == 0, "round \(round): \(message)")
      }
      let items = try RecentsStore(path: path).items(limit: 100)
      #expect(items.count == processes, "round \(round)")
      #expect(items.allSatisfy { $0.uses == 500 }, "round \(round): \(items.map(\.uses))")
    }
  }

  /// Two processes, 500 uses each of one key: no update is lost.
  @Test func twoProcessesLoseNoUpdate() throws { try Self.twoProcessesRecord(500) }

  /// 2 processes twice and 8 once on fresh files.
  @Test func processesRacingOnAFreshFileLoseNothing() throws {
    try Self.raceOnFreshFiles(processes: 2, rounds: 2)
    try Self.raceOnFreshFiles(processes: 8, rounds: 1)
  }
}

/// The recents races at length.
@Suite(.tags(.stress), .stressOnly) struct RecentsStressTests {
  /// Two processes record 5,000 uses each of the same key at once: the count ends at exactly 10,000.
  @Test func twoProcessesLoseNoUpdateOverTenThousandUses() throws { try RecentsTests.twoProcessesRecord(5000) }

  /// 2 and 8 processes start together on fresh files, 20 rounds each.
  @Test(arguments: [2, 8]) func processesRacingOnAFreshFileLoseNothing(processes: Int) throws {
    try RecentsTests.raceOnFreshFiles(processes: processes, rounds: 20)
  }
}

/// A clock value shared with the store's threads.
final class LockedClock: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Int64
  init(_ value: Int64) { self.value = value }
  func withLock<R>(_ body: (inout Int64) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
