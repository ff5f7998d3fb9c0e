import EmoPack
import EmoPackStore
import EmoSign
import EmoSite
import Foundation
import LoopbackServer
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A transport that hands over a body a piece at a time and never stops for cancellation: the store's own clock
/// must end it.
struct StubbornTransport: PackTransport {
  let root: String
  let index: [UInt8]
  /// Seconds between pieces of a file (the index comes at once).
  let pause: Double
  /// Seconds it waits after a file's last piece before returning (a connection that is slow to close).
  var linger: Double = 0

  func get(
    _ url: URL, timeouts: StoreTimeouts, receive: @escaping @Sendable (Data) throws(SiteError) -> Void
  ) async throws(SiteError) {
    if url.path.hasSuffix("/index.json") { return try receive(Data(index)) }
    let bytes = FileManager.default.contents(atPath: root + url.path) ?? Data()
    var offset = 0
    while offset < bytes.count {
      // Not Task.sleep: a transport that does not notice cancellation.
      usleep(UInt32(pause * 1_000_000))
      let end = min(offset + 64, bytes.count)
      do { try receive(bytes[offset..<end]) } catch { return }
      offset = end
    }
    usleep(UInt32(linger * 1_000_000))
  }
}

/// The store's promises beyond a clean install: every timeout enforced by the store itself, lost and changed files
/// found by `open()` and `verify()`, one refresh repairing any damage, the report's fields, the index's order.
@Suite struct StoreRepairTests {
  /// The size of `path` on the site (`/files/<sha256>`).
  static func size(_ t: StoreCase, _ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: t.site.folder + path)[.size] as? Int) ?? 0
  }

  /// `8,822`.
  static func grouped(_ n: Int) -> String {
    let digits = Array(String(n))
    return String(digits.enumerated().flatMap { i, d in (i > 0 && (digits.count - i) % 3 == 0 ? [","] : []) + [d] })
  }

  /// `total` bounds each transfer: a sheet trickling at 128 bytes/s fails after `total` with how far it got, through the
  /// real server (URLSession) and through a transport that ignores cancellation.
  @Test func totalBoundsATransferOverASlowTrickle() async throws {
    let (t, _) = try await StoreTests.faultyUpdate(.trickle(bytes: 64, interval: 0.5), on: StoreTests.bSheet)
    defer { t.server.stop() }
    for transport in [
      nil, StubbornTransport(root: t.site.folder, index: t.site.v2, pause: 0.5) as (any PackTransport)?,
    ] {
      let store = try t.store(stall: 5, total: 1, transport: transport)
      let started = Date()
      do {
        _ = try await store.refresh()
        Issue.record("a sheet at 128 bytes/s installed within total: 1")
      } catch {
        #expect(error.check == .timeout && error.expected.contains("within 1 s (StoreTimeouts.total)"), "\(error)")
        // The file that timed out, and how far it got of its listed size.
        let path = URL(string: error.file)?.path ?? ""
        #expect(path.hasPrefix("/files/") && Self.size(t, path) > 0, "\(error.file)")
        #expect(
          error.found.hasPrefix("timed out after 1 s with ")
            && error.found.hasSuffix(" of \(Self.grouped(Self.size(t, path))) bytes"),
          "\(error.found)")
        #expect(!error.found.contains("NSURLErrorDomain"))
      }
      // Unbounded, the sheet would take over a minute at this rate; the margin is for a loaded machine (other
      // tests holding every thread of Swift's pool for seconds).
      #expect(Date().timeIntervalSince(started) < 20, "total is 1 s")
      #expect(try t.currentSerial() == 1 && t.leftovers().isEmpty)
    }
  }

  /// `stall` is the store's too: a transport that pauses 2 s between pieces is given up after 0.3 s, long before
  /// its second piece.
  @Test func stallIsEnforcedWhateverTheTransport() async throws {
    let t = try StoreCase()
    _ = try await t.store().refresh()
    let store = try t.store(
      stall: 0.3, total: 30, transport: StubbornTransport(root: t.site.folder, index: t.site.v2, pause: 2))
    let started = Date()
    do {
      _ = try await store.refresh()
      Issue.record("a stalled transfer installed")
    } catch {
      #expect(error.check == .timeout && error.found.hasPrefix("nothing for ") && error.found.contains(" after 0 of "))
      #expect(error.expected == "a byte at least every 0.3 s (StoreTimeouts.stall)")
    }
    // "after 0 of" shows the clock ended it before the first piece (2 s); the wall-clock bound also allows for
    // a test run whose other tests hold every thread of Swift's pool for seconds.
    #expect(Date().timeIntervalSince(started) < 20)
    #expect(try t.currentSerial() == 1)
  }

  /// Once a file's listed bytes are all in, a transport slow to return is not stalled (`total` still bounds it).
  @Test func aWholeFileSlowToEndIsNotStalled() async throws {
    let t = try StoreCase()
    _ = try await t.store().refresh()
    t.serve(t.site.v2)
    let store = try t.store(
      stall: 0.2, total: 30,
      transport: StubbornTransport(root: t.site.folder, index: t.site.v2, pause: 0, linger: 0.5))
    let report = try await store.refresh()
    #expect(report.outcome == .installed)
    #expect(try t.currentSerial() == 2)
  }

  /// `lock` bounds the wait for another process's refresh, and says so.
  @Test func lockBoundsTheWaitForAnotherRefresh() async throws {
    let t = try StoreCase()
    _ = try await t.store().refresh()
    let fd = open(t.folder + "/refresh.lock", O_RDWR | O_CREAT, 0o644)
    #expect(flock(fd, LOCK_EX) == 0)
    defer { close(fd) }
    let waiting = try t.store(lock: 0.3)
    let started = Date()
    do {
      _ = try await waiting.refresh()
      Issue.record("refreshed while another held the lock")
    } catch {
      #expect(error.check == .lock && error.expected == "the refresh lock within 0.3 s (StoreTimeouts.lock)")
      #expect(error.found == "another process kept refreshing this folder all that time")
    }
    // Unbounded, it would wait as long as the lock is held (the whole test); the margin is for a loaded machine.
    #expect(Date().timeIntervalSince(started) < 20)
  }

  /// The kinds of damage an installed generation can suffer, each as done to the folder.
  enum Damage: String, CaseIterable, Sendable {
    case lostIndex, lostLock, lostPack, lostSheet, cutSheet, changedSheet, lostGenerationFolder, lostCurrentLink

    func apply(_ t: StoreCase) throws {
      let current = try #require(try FileManager.default.destinationOfSymbolicLink(atPath: t.folder + "/current"))
      let generation = t.folder + "/" + current
      let index = try t.site.index(t.site.v1)
      let b = index.signed.packs[1]
      let sheet = generation + "/b/" + b.files.last!.name
      switch self {
      case .lostIndex: try FileManager.default.removeItem(atPath: generation + "/index.json")
      case .lostLock: try FileManager.default.removeItem(atPath: generation + "/.lock")
      case .lostPack: try FileManager.default.removeItem(atPath: generation + "/b/" + b.files[0].name)
      case .lostSheet: try FileManager.default.removeItem(atPath: sheet)
      case .cutSheet: #expect(truncate(sheet, 10) == 0)
      case .changedSheet:
        // Hard links share bytes with the site? No: the store copies into its own folder. Flip one byte in place.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: sheet)))
        bytes[bytes.count / 2] ^= 1
        try FileManager.default.removeItem(atPath: sheet)
        try Data(bytes).write(to: URL(fileURLWithPath: sheet))
      case .lostGenerationFolder: try FileManager.default.removeItem(atPath: generation)
      case .lostCurrentLink: try FileManager.default.removeItem(atPath: t.folder + "/current")
      }
    }
  }

  /// `open()` reports a lost or cut file as `.presence` naming it; `verify()` finds a changed one; one refresh at
  /// the same serial installs a whole generation again, `.installed` with `repaired` naming what was wrong.
  @Test(arguments: Damage.allCases) func oneRefreshRepairsEachKindOfDamage(damage: Damage) async throws {
    let t = try StoreCase()
    let store = try t.store()
    _ = try await store.refresh()
    try damage.apply(t)
    switch damage {
    case .lostCurrentLink:
      #expect(try store.open() == nil)
    case .changedSheet:
      let held = try #require(try store.open(), "same size: open() stats only")
      #expect(throws: SiteError.self) { try held.verify() }
      do { try held.verify() } catch { #expect(error.check == .sha256 && error.file.hasSuffix(".png")) }
      held.close()
    default:
      do {
        _ = try store.open()
        Issue.record("\(damage): open() succeeded")
      } catch {
        #expect(error.check == .presence, "\(damage): \(error)")
        if damage == .cutSheet { #expect(error.found.contains("10 bytes, the index lists")) }
        if damage == .lostLock { #expect(error.file.hasSuffix("/.lock")) }
      }
    }
    let report = try await store.refresh()
    #expect(report.outcome == .installed && report.serial == 1, "\(damage)")
    // With the installed index gone there is nothing to compare with: every pack is new to the folder.
    let unknown: Set<Damage> = [.lostIndex, .lostGenerationFolder, .lostCurrentLink]
    #expect(report.changed == (unknown.contains(damage) ? ["a", "b"] : []), "\(damage)")
    if damage != .lostCurrentLink { #expect(!report.repaired.isEmpty, "\(damage)") }
    if damage == .lostSheet || damage == .cutSheet || damage == .changedSheet {
      #expect(report.repaired.count == 1 && report.repaired[0].contains("/b/"), "\(report.repaired)")
    }
    #expect(try t.currentSerial() == 1, "\(damage): a whole generation, re-hashed")
    #expect(t.leftovers().isEmpty && t.generations().count == 1, "\(damage): \(t.generations())")
    #expect(try await store.refresh().outcome == .upToDate)
  }

  /// Rollback protection outlives the installed index: with it lost (and then the record of the highest serial
  /// too), an older index is still refused.
  @Test func anOlderIndexIsRefusedWithTheInstalledIndexLost() async throws {
    let t = try StoreCase(serving: \.v2)
    let store = try t.store()
    _ = try await store.refresh()
    try Damage.lostIndex.apply(t)
    t.serve(t.site.v1)
    do {
      _ = try await store.refresh()
      Issue.record("serial 1 accepted after 2 with the index lost")
    } catch {
      #expect(error.check == .serial && error.expected == "serial 2 or higher (the highest this folder has accepted)")
    }
    try FileManager.default.removeItem(atPath: t.folder + "/accepted")
    do {
      _ = try await store.refresh()
      Issue.record("serial 1 accepted with the record lost")
    } catch {
      #expect(error.check == .serial && error.expected.contains("serial 2 or higher"))
    }
    t.serve(t.site.v2)
    #expect(try await store.refresh().repaired.first?.hasSuffix("index.json: none") == true)
  }

  /// The report: `changed` names added, updated and dropped packs; `indexBytes` the index's bytes; the catalog
  /// follows the index's order.
  @Test func theReportNamesDroppedPacksAndTheCatalogFollowsTheIndexOrder() async throws {
    let t = try StoreCase()
    let store = try t.store()
    let first = try await store.refresh()
    #expect(first.indexBytes == t.site.v1.count && first.bytesFetched > first.indexBytes)
    // Serial 3: b (new revision) before a, then a dropped.
    var reordered = try t.site.index(t.site.v2).signed
    reordered.serial = 3
    reordered.packs.reverse()
    t.serve(try t.site.sign(reordered))
    let swapped = try await store.refresh()
    #expect(swapped.outcome == .installed && swapped.changed == ["b"])
    let held = try #require(try store.open())
    #expect(held.packs.map(\.id) == ["b", "a"])
    held.close()
    var dropped = reordered
    dropped.serial = 4
    dropped.packs.removeAll { $0.id == "a" }
    let bytes = try t.site.sign(dropped)
    t.serve(bytes)
    let report = try await store.refresh()
    #expect(report.outcome == .installed && report.changed == ["a"] && report.indexBytes == bytes.count)
    #expect(report.fetched == ["index.json"] && report.bytesFetched == bytes.count)
  }
}

/// Every installed file lost, cut or changed in turn, each repaired by one refresh (slow: the stress suite).
@Suite(.tags(.stress), .stressOnly) struct StoreRepairStressTests {
  @Test func everyInstalledFileDamagedIsRepairedByOneRefresh() async throws {
    let t = try StoreCase(serving: \.v2)
    let store = try t.store()
    _ = try await store.refresh()
    let index = try t.site.index(t.site.v2)
    for pack in index.signed.packs {
      for f in pack.files {
        for how in ["lost", "cut", "changed"] {
          let current = try FileManager.default.destinationOfSymbolicLink(atPath: t.folder + "/current")
          let path = t.folder + "/" + current + "/" + pack.id + "/" + f.name
          var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
          try FileManager.default.removeItem(atPath: path)
          if how == "cut" { bytes.removeLast() }
          if how == "changed" { bytes[bytes.count / 3] ^= 0x80 }
          if how != "lost" { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
          if how == "changed" {
            let held = try #require(try store.open())
            #expect(throws: SiteError.self) { try held.verify() }
            held.close()
          } else {
            #expect(throws: SiteError.self, "\(how) \(f.name)") { _ = try store.open() }
          }
          let report = try await store.refresh()
          #expect(report.outcome == .installed && report.repaired.count == 1, "\(how) \(f.name): \(report.repaired)")
          #expect(report.fetched == ["index.json", "files/" + f.sha256], "only the damaged file is fetched again")
          #expect(try t.currentSerial() == 2 && t.generations().count == 1)
        }
      }
    }
  }
}
