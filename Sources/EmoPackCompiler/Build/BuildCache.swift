import EmoPNG
import EmoPackFormat
import Foundation

/// The build cache: the last build's key per pack, and resampled sprites by content.
///
/// It lives in `<output>/.emopack-cache` unless set otherwise, and may be deleted at any time: the next
/// build then redoes the image work.
struct BuildCache: Sendable {
  let directory: String

  func key(for pack: String) -> String? {
    guard let data = FileManager.default.contents(atPath: "\(directory)/\(pack).key") else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  func setKey(_ key: String, for pack: String) throws(FileSystemError) {
    try OutputCommit.writeAtomically(Array(key.utf8), to: "\(directory)/\(pack).key")
  }

  /// The sprite images stored under `key`, checked for size; nil when absent or damaged.
  func sprite(_ key: String, pointSize: Int, scales: [Int]) -> [RGBAImage]? {
    guard let data = FileManager.default.contents(atPath: "\(directory)/sprites/\(key).rgba") else { return nil }
    let bytes = [UInt8](data)
    let expected = scales.reduce(0) { $0 + pointSize * $1 * pointSize * $1 * 4 }
    guard bytes.count == expected + 4 else { return nil }
    let stored = bytes.suffix(4).enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    let computed = bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<expected])) }
    guard stored == computed else { return nil }
    var images: [RGBAImage] = []
    var offset = 0
    for s in scales {
      let side = pointSize * s
      let n = side * side * 4
      images.append(RGBAImage(width: side, height: side, pixels: Array(bytes[offset..<(offset + n)])))
      offset += n
    }
    return images
  }

  /// Stores sprite images with a trailing CRC-32 so a damaged cache file is ignored, not trusted.
  func storeSprite(_ key: String, _ images: [RGBAImage]) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(images.reduce(4) { $0 + $1.pixels.count })
    for image in images { bytes += image.pixels }
    let crc = CRC32.checksum(bytes)
    for k in 0..<4 { bytes.append(UInt8((crc >> UInt32(8 * k)) & 0xFF)) }
    try? OutputCommit.writeAtomically(bytes, to: "\(directory)/sprites/\(key).rgba", sync: false)
  }
}
