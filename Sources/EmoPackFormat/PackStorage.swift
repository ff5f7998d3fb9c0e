#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Immutable bytes behind a pack: an owned array or a read-only memory map.
///
/// This file holds the format module's only unsafe memory and system calls
/// (open, fstat, mmap, munmap, close).
public final class PackStorage: @unchecked Sendable {
  private let base: UnsafeRawPointer?
  /// Number of bytes.
  public let count: Int
  private let mapped: Bool
  private let owned: UnsafeMutableRawPointer?

  /// Copies `bytes` into storage owned by this object.
  public init(bytes: [UInt8]) {
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
  public init(mapping path: String) throws(PackError) {
    // Not blocking: a FIFO named like a pack is refused below instead of waiting for a writer.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw PackError(.io, at: 0, "cannot open '\(path)': \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else {
      throw PackError(.io, at: 0, "cannot stat '\(path)': \(String(cString: strerror(errno)))")
    }
    guard (st.st_mode & S_IFMT) == S_IFREG else { throw PackError(.io, at: 0, "'\(path)' is not a regular file") }
    let size = Int(st.st_size)
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
  public var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}
