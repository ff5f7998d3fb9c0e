import EmoPackFormat
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's `write`, `rename` and `close`, which this file's own methods of the same names shadow.
private enum libc {
  static func write(_ fd: Int32, _ p: UnsafeRawPointer?, _ n: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, p, n)
    #elseif canImport(Musl)
    Musl.write(fd, p, n)
    #else
    Darwin.write(fd, p, n)
    #endif
  }

  static func rename(_ from: String, _ to: String) -> Int32 {
    #if canImport(Glibc)
    Glibc.rename(from, to)
    #elseif canImport(Musl)
    Musl.rename(from, to)
    #else
    Darwin.rename(from, to)
    #endif
  }

  @discardableResult
  static func close(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(fd)
    #elseif canImport(Musl)
    Musl.close(fd)
    #else
    Darwin.close(fd)
    #endif
  }
}

/// The compiler's only system calls: path resolution, atomic writes, renames, locks.
package enum FileSystem {
  static func errnoText() -> String { String(cString: strerror(errno)) }

  /// The canonical absolute path with symlinks resolved, or nil if it does not exist.
  package static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// True when `path` (after resolving symlinks) lies inside `folder` (also resolved).
  package static func isInside(_ path: String, folder: String) -> Bool {
    guard let p = realPath(path), let f = realPath(folder) else { return false }
    return p == f || p.hasPrefix(f.hasSuffix("/") ? f : f + "/")
  }

  /// Reads a whole regular file (`RegularFile.read`: a FIFO or device is refused without waiting).
  package static func read(_ path: String) throws(FileSystemError) -> [UInt8] {
    try readPrefix(path, count: .max)
  }

  /// Reads at most the first `count` bytes of a regular file.
  package static func readPrefix(_ path: String, count: Int) throws(FileSystemError) -> [UInt8] {
    do throws(FileReadError) {
      return try RegularFile.read(path, limit: count)
    } catch {
      throw FileSystemError(path: error.path, operation: error.operation.rawValue, reason: error.reason)
    }
  }

  /// Writes all of `bytes` to `fd` (the file at `path`), again where a write is cut short or interrupted.
  ///
  /// A fault-injection step sits after the first half, so a test can stop a build with a file half written.
  private static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(FileSystemError) {
    var written = 0
    var half = bytes.count / 2
    while written < bytes.count {
      let end = written < half ? half : bytes.count
      if written == half && half > 0 {
        FaultInjection.step()
        half = 0
      }
      // The loop runs only for bytes that exist, so the buffer has an address.
      let n = bytes.withUnsafeBytes { raw in raw.baseAddress.map { libc.write(fd, $0 + written, end - written) } ?? 0 }
      if n < 0 {
        if errno == EINTR { continue }
        throw FileSystemError(path: path, operation: "write", reason: errnoText())
      }
      written += n
    }
  }

  /// Writes `bytes` to `path` and flushes them to disk.
  package static func write(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw FileSystemError(path: path, operation: "create", reason: errnoText()) }
    defer { close(fd) }
    FaultInjection.step()
    try writeAll(fd, bytes, path: path)
    FaultInjection.step()
    guard fsync(fd) == 0 else { throw FileSystemError(path: path, operation: "fsync", reason: errnoText()) }
  }

  /// What the names of files written and not yet renamed into place start with (followed by the writer's pid).
  package static let temporaryMarker = ".emopack-tmp-"

  /// Writes `bytes` to `path` whole or not at all.
  ///
  /// The bytes go to a temporary file beside it, flushed, then renamed over it. An error names `path`, not the
  /// temporary file.
  package static func replace(_ path: String, with bytes: [UInt8]) throws(FileSystemError) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = folder + temporaryMarker + "\(getpid())-\(UInt64.random(in: 0...UInt64.max))-" + name
    do {
      try write(bytes, to: temporary)
      try rename(temporary, to: path)
    } catch {
      remove(temporary)
      throw FileSystemError(path: path, operation: error.operation, reason: error.reason)
    }
  }

  /// Renames `from` to `to`, replacing `to` atomically.
  package static func rename(_ from: String, to: String) throws(FileSystemError) {
    FaultInjection.step()
    guard libc.rename(from, to) == 0 else { throw FileSystemError(path: to, operation: "rename", reason: errnoText()) }
  }

  /// Sets a file's or folder's modification time to now.
  package static func touch(_ path: String) throws(FileSystemError) {
    guard utimes(path, nil) == 0 else { throw FileSystemError(path: path, operation: "utimes", reason: errnoText()) }
  }

  /// Removes a file if it exists.
  package static func remove(_ path: String) {
    unlink(path)
  }

  /// Creates `path` and its parents; the error names the first that could not be made, and why.
  package static func makeDirectory(_ path: String) throws(FileSystemError) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
      let at = prefix == path ? "" : "\(prefix): "
      var info = stat()
      if stat(prefix, &info) == 0 {
        guard info.st_mode & S_IFMT == S_IFDIR else {
          throw FileSystemError(path: path, operation: "mkdir", reason: "\(at)a file is in the way (not a folder)")
        }
        continue
      }
      guard mkdir(prefix, 0o755) != 0 else { continue }
      let code = errno
      let reason = errnoText()
      // Another process may make it between the two calls: that is fine if it is a folder.
      if code == EEXIST && stat(prefix, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR { continue }
      if lstat(prefix, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: prefix)) ?? "?"
        throw FileSystemError(
          path: path, operation: "mkdir", reason: "\(at)a symbolic link to '\(target)', which is not a folder")
      }
      throw FileSystemError(path: path, operation: "mkdir", reason: "\(at)\(reason)")
    }
  }

  /// Flushes a directory's entries (after renames) to disk.
  package static func syncDirectory(_ path: String) {
    FaultInjection.step()
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd >= 0 {
      fsync(fd)
      close(fd)
    }
  }

  /// A file read and written at byte offsets, from several threads at once (pread and pwrite share no position).
  package final class RandomAccessFile: @unchecked Sendable {
    /// The file's path.
    package let path: String
    private var fd: Int32

    private init(path: String, fd: Int32) {
      self.path = path
      self.fd = fd
    }

    /// Creates (or truncates) `path` with `size` bytes, all zero, open for reading and writing.
    package static func create(_ path: String, size: Int) throws(FileSystemError) -> RandomAccessFile {
      let fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard fd >= 0 else { throw FileSystemError(path: path, operation: "open", reason: errnoText()) }
      guard ftruncate(fd, off_t(size)) == 0 else {
        let reason = errnoText()
        libc.close(fd)
        throw FileSystemError(path: path, operation: "ftruncate", reason: reason)
      }
      return RandomAccessFile(path: path, fd: fd)
    }

    /// Opens an existing file for reading, or nil.
    package static func openForReading(_ path: String) -> RandomAccessFile? {
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      return fd >= 0 ? RandomAccessFile(path: path, fd: fd) : nil
    }

    /// The file's size in bytes, or nil.
    package var size: Int? {
      var st = stat()
      return fstat(fd, &st) == 0 ? Int(st.st_size) : nil
    }

    /// Writes all of `bytes` at `offset`.
    package func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(FileSystemError) {
      FaultInjection.step()
      var done = 0
      while done < bytes.count {
        guard let base = bytes.baseAddress else { return }
        let n = pwrite(fd, base + done, bytes.count - done, off_t(offset + done))
        if n < 0 {
          if errno == EINTR { continue }
          throw FileSystemError(path: path, operation: "pwrite", reason: errnoText())
        }
        done += n
      }
    }

    /// Reads exactly `count` bytes at `offset`, or nil when the file is shorter or unreadable.
    package func read(count: Int, at offset: Int) -> [UInt8]? {
      var out = [UInt8](repeating: 0, count: count)
      var done = 0
      while done < count {
        let n = out.withUnsafeMutableBytes { raw in
          raw.baseAddress.map { pread(fd, $0 + done, count - done, off_t(offset + done)) } ?? 0
        }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return nil }
        done += n
      }
      return out
    }

    /// Closes the file (also done when the object goes away).
    package func close() {
      if fd >= 0 {
        libc.close(fd)
        fd = -1
      }
    }

    deinit { close() }
  }

  /// An exclusive advisory lock (`flock`) on a folder, held until `unlock()`: nothing is written for it.
  package final class Lock {
    private var fd: Int32

    /// Takes the lock on the folder `path`, waiting when `wait` is true, or failing at once when it is held.
    package init(path: String, wait: Bool) throws(FileSystemError) {
      fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard fd >= 0 else { throw FileSystemError(path: path, operation: "open", reason: errnoText()) }
      while flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
        if errno == EINTR { continue }
        let reason = errno == EWOULDBLOCK ? "another emopack build holds the lock" : errnoText()
        close(fd)
        fd = -1
        throw FileSystemError(path: path, operation: "lock", reason: reason)
      }
    }

    /// Releases the lock.
    package func unlock() {
      if fd >= 0 {
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
      }
    }

    deinit { unlock() }
  }
}

extension System {
  /// The process's peak resident memory in bytes (VmHWM from /proc/self/status), or nil where unavailable.
  package static var peakResidentBytes: Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
      return digits.map { $0 * 1024 }
    }
    return nil
  }
}
