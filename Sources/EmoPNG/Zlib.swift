import CEmoPNG
import Foundation

/// Deflate helpers: CRC-32, zlib and libdeflate streams, for the pack format's checks and the benchmarks' floor.
package enum Zlib {
  /// zlib's CRC-32 of `bytes`, continuing from `crc`.
  package static func crc32<Bytes: ContiguousBytes>(_ bytes: Bytes, continuing crc: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBytes { raw in
      emopng_crc32(crc, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count)
    }
  }

  /// zlib-compresses `bytes` (a zlib stream, as in IDAT); nil if zlib fails.
  package static func deflate(
    _ bytes: [UInt8], level: Int = 9, strategy: PNGStrategy = .default, memLevel: Int = 9
  ) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: emopng_deflate_bound(bytes.count))
    let n = bytes.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        emopng_deflate(
          input.baseAddress, input.count, Int32(level), strategy.rawValue, Int32(memLevel),
          output.baseAddress, output.count)
      }
    }
    guard n > 0 else { return nil }
    out.removeSubrange(n...)
    return out
  }

  /// libdeflate-compresses `bytes` to a zlib stream at `level` 0...12; nil if it fails.
  package static func libdeflate(_ bytes: [UInt8], level: Int) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: emopng_libdeflate_bound(bytes.count))
    let n = bytes.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        emopng_libdeflate(input.baseAddress, input.count, Int32(level), output.baseAddress, output.count)
      }
    }
    guard n > 0 else { return nil }
    out.removeSubrange(n...)
    return out
  }

  /// The `size` bytes the zlib stream `bytes` holds (libdeflate); nil when it is damaged or holds another length.
  package static func inflate(_ bytes: [UInt8], size: Int) -> [UInt8]? {
    guard size >= 0 else { return nil }
    var out = [UInt8](repeating: 0, count: size)
    let ok = bytes.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        emopng_libinflate(input.baseAddress, input.count, output.baseAddress, output.count)
      }
    }
    return ok == 1 ? out : nil
  }

  /// `bytes` as the CLI embeds its web bundles, or nil if compressing fails.
  ///
  /// Their length first (4 bytes, little-endian), then a zlib stream of them (libdeflate at level 12: the same
  /// bytes wherever the libdeflate is the same).
  package static func sized(_ bytes: [UInt8]) -> [UInt8]? {
    guard bytes.count <= Int(UInt32.max), let stream = libdeflate(bytes, level: 12) else { return nil }
    return (0..<4).map { UInt8(truncatingIfNeeded: bytes.count >> (8 * $0)) } + stream
  }

  /// The bytes `sized` stored; nil if `stored` is not such a record.
  package static func unsized(_ stored: [UInt8]) -> [UInt8]? {
    guard stored.count >= 4 else { return nil }
    let size = stored[0..<4].reversed().reduce(0) { $0 << 8 | Int($1) }
    return inflate(Array(stored[4...]), size: size)
  }

  /// The version of libdeflate the shim was compiled against.
  package static var libdeflateVersion: String { String(cString: emopng_libdeflate_version()) }

  /// The version of libpng in use.
  package static var libpngVersion: String { String(cString: emopng_libpng_version()) }
}
