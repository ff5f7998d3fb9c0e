import EmoSign
import EmoSite
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The store folder's layout and the file-system steps of an install, each failure a `SiteError` naming the path:
///
///     FOLDER/refresh.lock            held exclusively while a process refreshes
///     FOLDER/accepted                the highest serial installed (also in the generations' names)
///     FOLDER/current                 symbolic link to generations/NAME: the one current generation
///     FOLDER/generations/NAME/       index.json, .lock, PACKID/FILE for every file of every pack
///     FOLDER/staging-*, trash-*      a refresh's work in progress, and generations being deleted
struct StoreFolder: Sendable {
  let root: String

  var generations: String { root + "/generations" }
  var currentLink: String { root + "/current" }

  /// The name of the current generation, or nil before the first install.
  func currentName() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink(currentLink, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard target.hasPrefix("generations/") else { return nil }
    let name = String(target.dropFirst("generations/".count))
    return name.isEmpty || name.contains("/") ? nil : name
  }

  func generationPath(_ name: String) -> String { generations + "/" + name }

  /// The file `InstalledPacks.verify()` leaves in a generation whose bytes changed, naming the files.
  static let damagedMarker = ".damaged"

  /// `path` relative to the store's folder.
  func relative(_ path: String) -> String {
    path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
  }

  /// What is wrong with the generation at `path` against its index: files `verify()` found changed, its lock
  /// file, or a file missing or of another size than listed (one `stat` each); each as `RELATIVE-PATH: what was
  /// found`.
  func damage(_ path: String, _ index: SiteIndex) -> [String] {
    var out: [String] = []
    if let text = try? String(contentsOfFile: path + "/" + Self.damagedMarker, encoding: .utf8) {
      out += text.split(separator: "\n").map { relative(path) + "/" + $0 }
    }
    if access(path + "/.lock", F_OK) != 0 { out.append(relative(path + "/.lock") + ": missing") }
    for pack in index.signed.packs {
      for f in pack.files {
        let file = path + "/" + pack.id + "/" + f.name
        if let problem = sizeProblem(file, f.size) { out.append(relative(file) + ": " + problem) }
      }
    }
    return out
  }

  /// The highest serial this folder has accepted: the largest of its record (`accepted`) and its generations'
  /// names, so that losing one file does not erase it; nil before the first install.
  func acceptedSerial() -> Int? {
    var best: Int?
    if let text = try? String(contentsOfFile: root + "/accepted", encoding: .utf8),
      let n = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      best = n
    }
    for name in (try? FileManager.default.contentsOfDirectory(atPath: generations)) ?? [] {
      if let n = name.split(separator: "-").first.flatMap({ Int($0) }) { best = max(best ?? n, n) }
    }
    return best
  }

  /// Records `serial` as accepted (written beside and renamed over the record; a failure leaves the generations'
  /// names to tell).
  func recordAccepted(_ serial: Int) {
    let serial = max(serial, acceptedSerial() ?? serial)
    let temporary = root + "/accepted.\(getpid())"
    guard (try? Data("\(serial)\n".utf8).write(to: URL(fileURLWithPath: temporary))) != nil else { return }
    if rename(temporary, root + "/accepted") != 0 { unlink(temporary) }
  }

  /// Creates the folder and its `generations` folder when missing.
  func prepare() throws(SiteError) {
    do {
      try FileManager.default.createDirectory(atPath: generations, withIntermediateDirectories: true)
    } catch {
      throw SiteError(file: generations, check: .install, expected: "a folder the store can write", found: "\(error)")
    }
  }

  /// Names under `root` left by a refresh that did not finish (only called while holding the refresh lock).
  func leftovers() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return names.filter {
      $0.hasPrefix("staging-") || $0.hasPrefix("trash-") || $0.hasPrefix("current.") || $0.hasPrefix("accepted.")
    }
  }

  /// Deletes every generation but the current one that no process holds open (its `.lock` can be taken
  /// exclusively without waiting); returns the names deleted.
  @discardableResult
  func collect() -> [String] {
    let current = currentName()
    var deleted: [String] = []
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: generations)) ?? []).sorted()
    for name in names where name != current {
      let path = generationPath(name)
      let fd = open(path + "/.lock", O_RDONLY | O_CLOEXEC)
      if fd >= 0 {
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
          close(fd)
          continue
        }
        // A reader that opened the lock file before this unlink sees no links left and tries the current again.
        unlink(path + "/.lock")
      }
      let trash = root + "/trash-" + name
      if rename(path, trash) == 0 {
        try? FileManager.default.removeItem(atPath: trash)
        deleted.append(name)
      }
      if fd >= 0 { close(fd) }
    }
    return deleted
  }
}

/// An open file descriptor holding an advisory lock (`flock`), released when closed.
final class LockFile: @unchecked Sendable {
  private let lock = NSLock()
  private var fd: Int32

  private init(fd: Int32) { self.fd = fd }

  /// Takes `operation` (`LOCK_SH` or `LOCK_EX`) on `path` without waiting; nil when another holder conflicts.
  /// With `create`, makes the file when missing; without, nil when it is missing or was unlinked meanwhile.
  static func take(_ path: String, _ operation: Int32, create: Bool) -> LockFile? {
    let fd = open(path, (create ? O_RDWR | O_CREAT : O_RDONLY) | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return nil }
    var info = stat()
    guard flock(fd, operation | LOCK_NB) == 0, fstat(fd, &info) == 0, info.st_nlink > 0 else {
      close(fd)
      return nil
    }
    return LockFile(fd: fd)
  }

  func release() {
    lock.withLock {
      if fd >= 0 { close(fd) }
      fd = -1
    }
  }

  deinit { release() }
}

/// A file being written: created exclusively, written whole, synced; closed when released.
final class OutputFile: @unchecked Sendable {
  let path: String
  private var fd: Int32

  init(creating path: String) throws(SiteError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw SiteError.install(path, "create", errno) }
    self.path = path
    self.fd = fd
  }

  func write(_ data: Data) throws(SiteError) {
    let failure: Int32? = data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let n = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += n
      }
      return nil
    }
    if let failure { throw SiteError.install(path, "write", failure) }
  }

  /// Syncs and closes the file.
  func finish() throws(SiteError) {
    let synced = fsync(fd) == 0 ? 0 : errno
    close(fd)
    fd = -1
    if synced != 0 { throw SiteError.install(path, "sync", synced) }
  }

  deinit { if fd >= 0 { close(fd) } }
}

@inline(__always)
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
  #if canImport(Glibc)
  return Glibc.write(fd, p, n)
  #else
  return Darwin.write(fd, p, n)
  #endif
}

/// Why the file at `path` is not `size` bytes (`missing`, `12 bytes, the index lists 40`), or nil.
func sizeProblem(_ path: String, _ size: Int) -> String? {
  var info = stat()
  guard stat(path, &info) == 0 else { return "missing" }
  return Int(info.st_size) == size ? nil : "\(info.st_size) bytes, the index lists \(size)"
}

/// The SHA-256 of the file at `path`, in hex, read in pieces.
func fileDigest(_ path: String) throws(SiteError) -> String {
  guard let handle = FileHandle(forReadingAtPath: path) else {
    throw SiteError(file: path, check: .presence, expected: "a readable file", found: "none")
  }
  defer { try? handle.close() }
  var digest = Digest()
  while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
    chunk.withUnsafeBytes { digest.update($0) }
  }
  return digest.finish().map { String(format: "%02x", $0) }.joined()
}

/// Syncs a folder, so that the names made in it last.
func syncFolder(_ path: String) {
  let fd = open(path, O_RDONLY | O_CLOEXEC)
  guard fd >= 0 else { return }
  fsync(fd)
  close(fd)
}

extension SiteError {
  /// A failed step of writing the new generation.
  static func install(_ path: String, _ step: String, _ code: Int32) -> SiteError {
    SiteError(file: path, check: .install, expected: "\(step) to succeed", found: String(cString: strerror(code)))
  }
}
