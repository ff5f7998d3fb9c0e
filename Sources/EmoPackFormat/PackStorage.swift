#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure to read a file, naming the path and the system call that failed.
package struct FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path read.
  package let path: String
  /// The system call that failed (`read` too when the path is not a regular file).
  package enum Operation: String, Equatable, Sendable {
    case open, stat, read
  }

  /// What was being done.
  package let operation: Operation
  /// The system's reason, or what the path is when it is not a regular file.
  package let reason: String
  /// True when nothing is at the path.
  package let isMissing: Bool
  /// True when the path holds a folder, FIFO, device or socket (`reason` says which).
  package let isNotRegularFile: Bool

  init(path: String, operation: Operation, reason: String, isMissing: Bool = false, isNotRegularFile: Bool = false) {
    (self.path, self.operation, self.reason) = (path, operation, reason)
    (self.isMissing, self.isNotRegularFile) = (isMissing, isNotRegularFile)
  }

  package var description: String { "\(path): \(operation.rawValue) failed: \(reason)" }
}

/// Reading regular files whole, for every module: a FIFO, device or socket where a file is expected is refused
/// at once (the open does not wait for a writer), a folder is named as one.
package enum RegularFile {
  /// Opens `path` read-only when it is a regular file; the descriptor and the size `fstat` gave.
  static func openForReading(_ path: String) throws(FileReadError) -> (fd: Int32, size: Int) {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else {
      let missing = errno == ENOENT || errno == ENOTDIR
      throw FileReadError(path: path, operation: .open, reason: errnoText(), isMissing: missing)
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let reason = errnoText()
      close(fd)
      throw FileReadError(path: path, operation: .stat, reason: reason)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      let kind = info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file"
      throw FileReadError(path: path, operation: .read, reason: kind, isNotRegularFile: true)
    }
    return (fd, Int(info.st_size))
  }

  /// The first `limit` bytes of the regular file at `path`, or all of them when it is shorter; read into one
  /// buffer of the size `fstat` gives, growing only if the file grew since.
  package static func read(_ path: String, limit: Int = .max) throws(FileReadError) -> [UInt8] {
    try readWithSize(path, limit: limit).bytes
  }

  /// `read(_:limit:)`, and the file's size as `fstat` gave it (more than the bytes when the limit cut them).
  package static func readWithSize(_ path: String, limit: Int) throws(FileReadError) -> (bytes: [UInt8], size: Int) {
    let (fd, size) = try openForReading(path)
    defer { close(fd) }
    let limit = max(0, limit)
    var bytes = [UInt8](repeating: 0, count: min(limit, size))
    var filled = 0
    while true {
      var n: Int
      if filled == bytes.count {
        guard filled < limit else { break }
        // At the size `fstat` gave: a one-byte read tells whether the file grew since.
        var probe: UInt8 = 0
        n = pread(fd, &probe, 1, off_t(filled))
        if n == 1 {
          bytes.append(probe)
          bytes.append(contentsOf: repeatElement(0, count: min(limit - filled - 1, 1 << 16)))
        }
      } else {
        n = bytes.withUnsafeMutableBytes { raw in
          pread(fd, raw.baseAddress! + filled, raw.count - filled, off_t(filled))
        }
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw FileReadError(path: path, operation: .read, reason: errnoText())
      }
      if n == 0 { break }
      filled += n
    }
    if filled < bytes.count { bytes.removeSubrange(filled...) }
    return (bytes, max(size, filled))
  }

  static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// Immutable bytes behind a pack: an owned array or a read-only memory map.
///
/// This file holds the format module's only unsafe memory and system calls
/// (open, fstat, pread, mmap, munmap, close).
package final class PackStorage: @unchecked Sendable {
  private let base: UnsafeRawPointer?
  /// Number of bytes.
  package let count: Int
  private let mapped: Bool
  private let owned: UnsafeMutableRawPointer?

  /// Copies `bytes` into storage owned by this object.
  package init(bytes: [UInt8]) {
    let p = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
    bytes.withUnsafeBytes { src in
      if let s = src.baseAddress { p.copyMemory(from: s, byteCount: src.count) }
    }
    owned = p
    base = UnsafeRawPointer(p)
    count = bytes.count
    mapped = false
  }

  /// Maps the file at `path` read-only.
  package init(mapping path: String) throws(PackError) {
    let fd: Int32
    let size: Int
    do throws(FileReadError) {
      (fd, size) = try RegularFile.openForReading(path)
    } catch {
      throw PackError(
        .io, at: 0,
        error.isNotRegularFile
          ? "'\(path)' is \(error.reason)" : "cannot \(error.operation.rawValue) '\(path)': \(error.reason)")
    }
    defer { close(fd) }
    owned = nil
    count = size
    if size == 0 {
      base = nil
      mapped = false
      return
    }
    let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
    guard let p, p != MAP_FAILED else {
      throw PackError(.io, at: 0, "cannot map '\(path)': \(String(cString: strerror(errno)))")
    }
    base = UnsafeRawPointer(p)
    mapped = true
  }

  deinit {
    if mapped, let base { munmap(UnsafeMutableRawPointer(mutating: base), count) }
    owned?.deallocate()
  }

  /// The bytes; valid while this object lives.
  package var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}
