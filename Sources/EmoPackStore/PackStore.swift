import EmoPack
import EmoSign
import EmoSite
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a folder of packs current from a signed site (`emopack publish`, docs/DELIVERY.md). Nothing reaches a
/// `Catalog` unless the index is signed by a trusted key and every file has the size and SHA-256 it lists. Several
/// processes (an app and its keyboard extension) may share one folder.
public final class PackStore: Sendable {
  /// What a refresh did (docs/DELIVERY.md lists every field).
  public struct Report: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
      /// A new generation is current: the site's index was newer, or the installed generation was damaged and has
      /// been installed again whole (`repaired` names what was wrong).
      case installed
      /// The site's index is the one installed, and the installed generation is whole.
      case upToDate
      /// The site's index has expired (`expires` is past): nothing was installed, what is installed stays.
      case stale(expires: String)
    }
    public var outcome: Outcome
    /// The serial of the site's index.
    public var serial: Int
    /// The packs the new generation adds, updates (a new revision) or drops against the one it replaced, in the
    /// site index's order, dropped ones last; empty unless `outcome` is `.installed`.
    public var changed: [String]
    /// Site paths fetched (`index.json`, `files/<sha256>`), in order.
    public var fetched: [String]
    /// The bytes fetched, the index's included.
    public var bytesFetched: Int
    /// The bytes of the site's index, fetched on every refresh.
    public var indexBytes: Int = 0
    /// What was wrong with the installed generation (paths relative to the store's folder, each with what was
    /// found), when this refresh installed a whole one in its place; empty otherwise.
    public var repaired: [String] = []
  }

  let site: URL
  let trusted: [VerifyingKey]
  let folder: StoreFolder
  let timeouts: StoreTimeouts
  let transport: any PackTransport
  let maxIndexBytes: Int
  let hooks: StoreHooks

  /// A store of the packs published at `site` (the folder holding `index.json`), trusting indexes signed by any
  /// of `trustedKeys` (32-byte Ed25519 public keys, as `emopack keygen` prints them), kept in `folder`.
  public convenience init(
    site: URL, trustedKeys: [[UInt8]], folder: String, timeouts: StoreTimeouts = StoreTimeouts(),
    transport: any PackTransport = URLSessionTransport()
  ) throws(SiteError) {
    try self.init(
      site: site, trustedKeys: trustedKeys, folder: folder, timeouts: timeouts, transport: transport,
      hooks: StoreHooks())
  }

  package init(
    site: URL, trustedKeys: [[UInt8]], folder: String, timeouts: StoreTimeouts, transport: any PackTransport,
    maxIndexBytes: Int = 4 << 20, hooks: StoreHooks
  ) throws(SiteError) {
    var keys: [VerifyingKey] = []
    for k in trustedKeys {
      do { keys.append(try VerifyingKey(bytes: k)) } catch {
        throw SiteError(file: folder, check: .signature, expected: "32-byte public keys", found: "\(k.count) bytes")
      }
    }
    guard !keys.isEmpty else {
      throw SiteError(file: folder, check: .signature, expected: "at least one trusted key", found: "none")
    }
    self.site = site
    trusted = keys
    self.folder = StoreFolder(root: folder)
    self.timeouts = timeouts
    self.transport = transport
    self.maxIndexBytes = maxIndexBytes
    self.hooks = hooks
  }

  /// The current generation, opened and held (other processes will not delete it) until the value is released or
  /// `close()`d; nil before the first install. Every file the generation's index lists is checked to be present
  /// with its recorded size (one `stat` a file): a lost or cut file is `.presence` naming it, which the next
  /// `refresh()` repairs. `InstalledPacks.verify()` re-hashes the files for the full check.
  public func open() throws(SiteError) -> InstalledPacks? {
    var previous: String?
    for _ in 0..<64 {
      guard let name = folder.currentName() else { return nil }
      let path = folder.generationPath(name)
      // Deleted or being deleted between reading the link and locking: read the link again. The same generation
      // twice without its lock file: the file is lost.
      guard let lock = LockFile.take(path + "/.lock", LOCK_SH, create: false) else {
        if previous == name && folder.currentName() == name {
          throw SiteError(
            file: path + "/.lock", check: .presence, expected: "the current generation's lock file",
            found: FileManager.default.fileExists(atPath: path) ? "none (the file is lost)" : "no generation folder")
        }
        previous = name
        continue
      }
      let index = try readInstalledIndex(path)
      return try InstalledPacks(index: index, generation: path, lock: lock)
    }
    throw SiteError(
      file: folder.currentLink, check: .lock, expected: "a current generation that stays long enough to open",
      found: "another process replaced the current generation 64 times while this one opened it")
  }

  /// Fetches the site's index and, when it is newer, every file the folder lacks; installs them as a new
  /// generation and makes it current once it opens and verifies. On any failure the previous generation stays
  /// current and the error names the file, the check, and what was expected and found. Old generations no process
  /// holds open are deleted.
  public func refresh() async throws(SiteError) -> Report {
    try folder.prepare()
    let refreshLock = try await takeRefreshLock()
    defer { refreshLock.release() }
    for name in folder.leftovers() { try? FileManager.default.removeItem(atPath: folder.root + "/" + name) }
    try hooks.step(.locked)

    let indexURL = site.appendingPathComponent("index.json")
    let indexBytes = try await fetchIndex(indexURL)
    var report = Report(
      outcome: .upToDate, serial: 0, changed: [], fetched: ["index.json"], bytesFetched: indexBytes.count,
      indexBytes: indexBytes.count)
    let index = try SiteIndex.verified(indexBytes, trusted: trusted, file: indexURL.absoluteString)
    report.serial = index.signed.serial
    // The installed generation, and what is wrong with it.
    var installed: (index: SiteIndex, bytes: [UInt8], path: String)?
    var damage: [String] = []
    if let current = folder.currentName() {
      let path = folder.generationPath(current)
      do {
        installed = (try readInstalledIndex(path), try readFile(path + "/index.json"), path)
      } catch {
        damage.append(folder.relative(path + "/index.json") + ": " + error.found)
      }
      if let installed { damage += folder.damage(path, installed.index) }
    }
    try checkSuccession(
      index, indexBytes, after: installed.map { ($0.index, $0.bytes) }, accepted: folder.acceptedSerial(),
      file: indexURL.absoluteString)
    if let expires = index.signed.expires {
      guard let date = ISO8601DateFormatter().date(from: expires) else {
        throw SiteError(file: indexURL.absoluteString, check: .expiry, expected: "an ISO 8601 date", found: expires)
      }
      if date < Date() {
        report.outcome = .stale(expires: expires)
        return report
      }
    }
    if installed?.bytes == indexBytes && damage.isEmpty {
      folder.collect()
      return report
    }
    try hooks.step(.indexChecked)

    let staging = folder.root + "/staging-\(getpid())-\(UUID().uuidString.prefix(8))"
    do {
      // A damaged generation lends only files that still hash as listed.
      try await build(
        index, indexBytes, in: staging, reusing: installed.map { ($0.index, $0.path) }, rehash: !damage.isEmpty,
        &report)
      let name = "\(index.signed.serial)-\(UUID().uuidString.prefix(8).lowercased())"
      try commit(staging, as: name)
    } catch {
      try? FileManager.default.removeItem(atPath: staging)
      throw error
    }
    folder.recordAccepted(index.signed.serial)
    report.outcome = .installed
    report.repaired = damage
    let before = installed?.index.signed.packs ?? []
    report.changed =
      index.signed.packs.filter { p in before.first { $0.id == p.id }?.revision != p.revision }.map(\.id)
      + before.filter { p in !index.signed.packs.contains { $0.id == p.id } }.map(\.id)
    folder.collect()
    try hooks.step(.collected)
    return report
  }

  /// Deletes old generations that no process holds open; returns how many. `refresh()` does this too.
  @discardableResult
  public func removeUnusedGenerations() -> Int { folder.collect().count }

  // MARK: - Steps

  private func takeRefreshLock() async throws(SiteError) -> LockFile {
    let deadline = Date().addingTimeInterval(timeouts.lock)
    while true {
      if let lock = LockFile.take(folder.root + "/refresh.lock", LOCK_EX, create: true) { return lock }
      guard Date() < deadline else {
        throw SiteError(
          file: folder.root + "/refresh.lock", check: .lock,
          expected: "the refresh lock within \(seconds(timeouts.lock)) (StoreTimeouts.lock)",
          found: "another process kept refreshing this folder all that time")
      }
      try? await Task.sleep(nanoseconds: 10_000_000)
    }
  }

  private func fetchIndex(_ url: URL) async throws(SiteError) -> [UInt8] {
    let body = Body(limit: maxIndexBytes, file: url.absoluteString, digest: false)
    try await fetch(url, size: nil) { data throws(SiteError) in try body.append(data) }
    return body.bytes
  }

  /// `transport.get` under the store's own clock: whatever the transport does, a transfer that sends nothing for
  /// `timeouts.stall` seconds or is not whole after `timeouts.total` seconds fails with `.timeout` saying how far
  /// it got, and nothing it sends later is taken.
  private func fetch(
    _ url: URL, size: Int?, receive: @escaping @Sendable (Data) throws(SiteError) -> Void
  ) async throws(SiteError) {
    let clock = TransferClock(url: url, size: size, timeouts: timeouts)
    let transport = self.transport
    let timeouts = self.timeouts
    let outcome: Result<Void, SiteError> = await withCheckedContinuation { continuation in
      clock.begin(continuation)
      let task = Task {
        do throws(SiteError) {
          clock.started()
          let take: @Sendable (Data) throws(SiteError) -> Void = { data throws(SiteError) in
            try clock.progress(data.count)
            try receive(data)
          }
          if let urlSession = transport as? URLSessionTransport {
            // The clock stops when the transfer ends, not when this task next gets a thread.
            try await urlSession.get(url, timeouts: timeouts, receive: take, ended: { clock.end($0) })
          } else {
            try await transport.get(url, timeouts: timeouts, receive: take)
          }
          clock.end(.success(()))
        } catch {
          clock.end(.failure(error))
        }
      }
      clock.onTimeout { task.cancel() }
    }
    try outcome.get()
  }

  /// The serial never goes below the highest this folder has accepted (even when the installed index is lost), an
  /// equal serial has the installed bytes, and no pack's revision goes down or keeps its number with other files.
  private func checkSuccession(
    _ index: SiteIndex, _ bytes: [UInt8], after installed: (SiteIndex, [UInt8])?, accepted: Int?, file: String
  ) throws(SiteError) {
    if let accepted, index.signed.serial < accepted {
      throw SiteError(
        file: file, check: .serial, expected: "serial \(accepted) or higher (the highest this folder has accepted)",
        found: "\(index.signed.serial)")
    }
    guard let (old, oldBytes) = installed else { return }
    let (serial, oldSerial) = (index.signed.serial, old.signed.serial)
    guard serial >= oldSerial else {
      throw SiteError(
        file: file, check: .serial, expected: "serial \(oldSerial) or higher (the installed index's)",
        found: "\(serial)")
    }
    guard serial > oldSerial || bytes == oldBytes else {
      throw SiteError(
        file: file, check: .serial, expected: "the installed index's bytes for serial \(serial)",
        found: "different bytes under the same serial")
    }
    for pack in index.signed.packs {
      guard let before = old.signed.packs.first(where: { $0.id == pack.id }) else { continue }
      guard pack.revision > before.revision || (pack.revision == before.revision && pack.files == before.files) else {
        throw SiteError(
          file: file, check: .revision,
          expected: pack.revision == before.revision
            ? "'\(pack.id)' revision \(pack.revision) with its installed files"
            : "'\(pack.id)' revision \(before.revision) or higher",
          found: pack.revision == before.revision ? "other files under the same revision" : "\(pack.revision)")
      }
    }
  }

  /// Writes the whole generation into `staging`: files the installed generation has are linked (when it is
  /// damaged, only those that hash as listed), the others fetched and checked as they stream; then each `.pack` is
  /// checked against the index and opened.
  private func build(
    _ index: SiteIndex, _ indexBytes: [UInt8], in staging: String, reusing installed: (SiteIndex, String)?,
    rehash: Bool, _ report: inout Report
  ) async throws(SiteError) {
    try makeFolder(staging)
    var have: [String: String] = [:]  // sha256 → a checked copy
    if let (old, path) = installed {
      for pack in old.signed.packs {
        for f in pack.files {
          let existing = path + "/" + pack.id + "/" + f.name
          if rehash && (try? fileDigest(existing)) != f.sha256 { continue }
          have[f.sha256] = existing
        }
      }
    }
    var packPaths: [String] = []
    for pack in index.signed.packs {
      try makeFolder(staging + "/" + pack.id)
      for f in pack.files {
        let target = staging + "/" + pack.id + "/" + f.name
        try hooks.step(.file(target))
        if let existing = have[f.sha256], Self.placeCopy(of: existing, at: target) {
          continue
        }
        let url = site.appendingPathComponent("files").appendingPathComponent(f.sha256)
        try await download(url, f, to: target)
        report.fetched.append("files/" + f.sha256)
        report.bytesFetched += f.size
        have[f.sha256] = target
      }
      packPaths.append(staging + "/" + pack.id + "/" + pack.files[0].name)
    }
    try hooks.step(.file(staging + "/index.json"))
    let out = try OutputFile(creating: staging + "/index.json")
    try out.write(Data(indexBytes))
    try out.finish()
    let lock = try OutputFile(creating: staging + "/.lock")
    try lock.finish()
    for (pack, path) in zip(index.signed.packs, packPaths) {
      try SiteIndex.checkPack(try readFile(path), against: pack, file: path)
    }
    do { _ = try Catalog(paths: packPaths) } catch {
      throw SiteError(file: staging, check: .pack, expected: "packs a catalog opens", found: "\(error)")
    }
    for pack in index.signed.packs { syncFolder(staging + "/" + pack.id) }
    syncFolder(staging)
    try hooks.step(.verified)
  }

  /// Streams `url` into a new file at `target`, refusing it as soon as it is longer than listed, and when it ends
  /// shorter or with another SHA-256.
  private func download(_ url: URL, _ f: SiteIndex.File, to target: String) async throws(SiteError) {
    let out = try OutputFile(creating: target)
    let body = Body(limit: f.size, file: url.absoluteString, digest: true)
    let hooks = self.hooks
    try await fetch(url, size: f.size) { data throws(SiteError) in
      try body.append(data, keep: false)
      try hooks.step(.write(target))
      try out.write(data)
    }
    guard body.count == f.size else {
      throw SiteError(file: url.absoluteString, check: .size, expected: "\(f.size) bytes", found: "\(body.count)")
    }
    let digest = body.digestHex()
    guard digest == f.sha256 else {
      throw SiteError(file: url.absoluteString, check: .sha256, expected: f.sha256, found: digest)
    }
    try out.finish()
  }

  /// Moves the staged generation into place and points `current` at it (one rename of a symbolic link).
  private func commit(_ staging: String, as name: String) throws(SiteError) {
    let path = folder.generationPath(name)
    guard rename(staging, path) == 0 else { throw SiteError.install(path, "rename", errno) }
    syncFolder(folder.generations)
    try hooks.step(.renamed)
    let link = folder.root + "/current.\(getpid())"
    unlink(link)
    guard symlink("generations/" + name, link) == 0 else { throw SiteError.install(link, "symlink", errno) }
    try hooks.step(.linked)
    guard rename(link, folder.currentLink) == 0 else {
      let code = errno
      unlink(link)
      throw SiteError.install(folder.currentLink, "rename", code)
    }
    syncFolder(folder.root)
    try hooks.step(.current)
  }

  private func readInstalledIndex(_ generation: String) throws(SiteError) -> SiteIndex {
    let path = generation + "/index.json"
    return try SiteIndex.verified(try readFile(path), trusted: trusted, file: path)
  }

  private func makeFolder(_ path: String) throws(SiteError) {
    guard mkdir(path, 0o755) == 0 else { throw SiteError.install(path, "mkdir", errno) }
  }

  /// A hard link to a checked file of the installed generation, else a copy; false when neither works.
  private static func placeCopy(of existing: String, at target: String) -> Bool {
    if link(existing, target) == 0 { return true }
    return (try? FileManager.default.copyItem(atPath: existing, toPath: target)) != nil
  }
}

func readFile(_ path: String) throws(SiteError) -> [UInt8] {
  guard let data = FileManager.default.contents(atPath: path) else {
    throw SiteError(file: path, check: .presence, expected: "a readable file", found: "none")
  }
  return [UInt8](data)
}

/// A body arriving in pieces: counted against its limit, digested, kept when asked.
private final class Body: @unchecked Sendable {
  let limit: Int
  let file: String
  private let lock = NSLock()
  private(set) var bytes: [UInt8] = []
  private(set) var count = 0
  private var digest: Digest?

  init(limit: Int, file: String, digest: Bool) {
    self.limit = limit
    self.file = file
    self.digest = digest ? Digest() : nil
  }

  func append(_ data: Data, keep: Bool = true) throws(SiteError) {
    lock.lock()
    defer { lock.unlock() }
    guard count + data.count <= limit else {
      throw SiteError(
        file: file, check: .size, expected: "at most \(limit) bytes", found: "at least \(count + data.count)")
    }
    count += data.count
    if keep { bytes += data }
    data.withUnsafeBytes { digest?.update($0) }
  }

  func digestHex() -> String {
    lock.withLock {
      guard var d = digest else { return "" }
      return d.finish().map { String(format: "%02x", $0) }.joined()
    }
  }
}

/// Points in an install where tests inject faults (a failed write, the process killed).
package struct StoreHooks: Sendable {
  package enum Step: Sendable, Equatable {
    case locked, indexChecked, file(String), write(String), verified, renamed, linked, current, collected
  }
  package var onStep: (@Sendable (Step) throws(SiteError) -> Void)?

  package init(onStep: (@Sendable (Step) throws(SiteError) -> Void)? = nil) { self.onStep = onStep }

  func step(_ step: Step) throws(SiteError) { try onStep?(step) }
}
