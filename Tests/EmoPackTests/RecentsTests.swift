import EmoPack
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite struct RecentsTests {
  static func tempPath() -> String {
    TemporaryFolder.file("recents", extension: "sqlite")
  }

  /// A clock the test controls.
  final class FakeClock: Sendable {
    let now = Mutex<Int64>(1_000)
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

  /// Runs `processes` helpers on `path`, each recording its own key `count` times; returns their statuses.
  ///
  /// All wait for one signal before opening, so they set up a fresh file together.
  static func race(_ processes: Int, count: Int, on path: String) throws -> [(Int32, String)] {
    let go = path + ".go"
    var running: [(Process, Pipe)] = []
    for k in 0..<processes {
      let p = Process()
      let pipe = Pipe()
      p.executableURL = URL(fileURLWithPath: helper)
      p.arguments = [path, String(count), "[key\(k)]", go]
      p.standardError = pipe
      try p.run()
      running.append((p, pipe))
    }
    // Give every process time to reach its wait, then start them all at once.
    Thread.sleep(forTimeInterval: 0.2)
    #expect(FileManager.default.createFile(atPath: go, contents: Data()), "the start signal \(go)")
    defer { try? FileManager.default.removeItem(atPath: go) }
    return running.map { p, pipe in
      let message = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      p.waitUntilExit()
      return (p.terminationStatus, message)
    }
  }

  /// Two processes record 5,000 uses each of the same key at once: the count ends at exactly 10,000.
  @Test func twoProcessesLoseNoUpdate() throws {
    let path = Self.tempPath()
    _ = try RecentsStore(path: path)
    #expect(FileManager.default.isExecutableFile(atPath: Self.helper), "missing helper \(Self.helper)")
    var processes: [Process] = []
    for _ in 0..<2 {
      let p = Process()
      p.executableURL = URL(fileURLWithPath: Self.helper)
      p.arguments = [path, "5000", "[压力]"]
      try p.run()
      processes.append(p)
    }
    for p in processes {
      p.waitUntilExit()
      #expect(p.terminationStatus == 0)
    }
    let items = try RecentsStore(path: path).items()
    #expect(items.first?.uses == 10_000)
  }

  /// 2 and 8 processes start together on a file that does not exist yet (an app and its keyboard extension on
  /// first launch), 20 rounds each: every process opens, sets the schema up and records all its 500 uses.
  @Test(arguments: [2, 8]) func processesRacingOnAFreshFileLoseNothing(processes: Int) throws {
    for round in 0..<20 {
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
}
