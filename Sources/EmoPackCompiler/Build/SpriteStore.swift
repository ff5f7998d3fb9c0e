import EmoImage
import EmoPackFormat
import Foundation

/// One pack's resampled sprites from its last build, in a single file of fixed-size slots.
///
/// Format (little-endian): "EMOSPRT1", u32 slot bytes, u32 slot count, then per slot a 32-byte content key and
/// the CRC-32 of the slot, then the slots. A key of zeros marks an empty slot. One file per pack, written with
/// `pwrite` at each image's slot while the images are processed, then renamed into place: a thousand sprites
/// cost one file, not a thousand. A file that does not parse, or a slot whose CRC does not match, is ignored.
final class SpriteStore: Sendable {
  static let magic = Array("EMOSPRT1".utf8)
  let slotBytes: Int
  let sides: [Int]
  let sizes: [Int]
  private let previous: FileSystem.RandomAccessFile?
  private let previousIndex: [[UInt8]: (slot: Int, crc: UInt32)]
  private let previousDataStart: Int
  private let next: FileSystem.RandomAccessFile?
  private let finalPath: String
  private let count: Int
  private let entries: Locked<[Int: ([UInt8], UInt32)]>
  /// True once `commit` renamed the new file into place.
  private let renamed = Locked<Bool>(false)

  /// Opens the last build's sprites of `id` and starts a new file with `count` slots of `sides` squares.
  init(cache: BuildCache, id: String, sides: [Int], count: Int) {
    self.sides = sides
    sizes = sides.map { $0 * $0 * 4 }
    slotBytes = sizes.reduce(0, +)
    self.count = count
    finalPath = cache.spritesPath(for: id)
    entries = Locked([:])
    var index: [[UInt8]: (slot: Int, crc: UInt32)] = [:]
    var dataStart = 0
    let old = FileSystem.RandomAccessFile.openForReading(finalPath)
    if let old, let header = old.read(count: 16, at: 0), Array(header[0..<8]) == Self.magic,
      Self.u32(header, 8) == slotBytes
    {
      let n = Self.u32(header, 12)
      dataStart = 16 + 36 * n
      if old.size == dataStart + n * slotBytes, let table = old.read(count: 36 * n, at: 16) {
        for i in 0..<n {
          let key = Array(table[(i * 36)..<(i * 36 + 32)])
          if key.contains(where: { $0 != 0 }) { index[key] = (i, UInt32(Self.u32(table, i * 36 + 32))) }
        }
      }
    }
    previous = index.isEmpty ? nil : old
    previousIndex = index
    previousDataStart = dataStart
    let dir = (finalPath as NSString).deletingLastPathComponent
    try? FileSystem.makeDirectory(dir)
    next = try? FileSystem.RandomAccessFile.create(
      dir + "/" + FileSystem.temporaryMarker + "\(getpid())-" + (finalPath as NSString).lastPathComponent,
      size: 16 + 36 * count + count * slotBytes)
  }

  static func u32(_ b: [UInt8], _ at: Int) -> Int {
    Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24
  }

  static func putU32(_ v: UInt32, into b: inout [UInt8]) {
    for k in 0..<4 { b.append(UInt8((v >> UInt32(8 * k)) & 0xFF)) }
  }

  /// The sprite images the last build stored under `key`, checked against their CRC; nil when absent or damaged.
  func sprite(_ key: [UInt8]) -> [RGBAImage]? {
    guard let previous, let (slot, crc) = previousIndex[key],
      let bytes = previous.read(count: slotBytes, at: previousDataStart + slot * slotBytes),
      CRC32.checksum(bytes) == UInt32(crc)
    else { return nil }
    return images(ofSlot: bytes)
  }

  /// A slot's bytes as its images, one square per scale.
  private func images(ofSlot bytes: [UInt8]) -> [RGBAImage] {
    var images: [RGBAImage] = []
    var offset = 0
    for (side, size) in zip(sides, sizes) {
      images.append(RGBAImage(width: side, height: side, pixels: Array(bytes[offset..<(offset + size)])))
      offset += size
    }
    return images
  }

  /// Writes image `slot`'s sprite images under `key` into the new file; true when written (a failure only costs
  /// the cache: the caller then keeps the images).
  @discardableResult
  func store(slot: Int, key: [UInt8], _ images: [RGBAImage]) -> Bool {
    guard let next, slot < count, images.map(\.pixels.count) == sizes else { return false }
    var crc: UInt32 = 0
    var offset = 16 + 36 * count + slot * slotBytes
    for image in images {
      crc = image.pixels.withUnsafeBytes { CRC32.checksum($0, continuing: crc) }
      let ok = image.pixels.withUnsafeBytes { raw in (try? next.write(raw, at: offset)) != nil }
      if !ok { return false }
      offset += image.pixels.count
    }
    entries.withLock { $0[slot] = (key, crc) }
    return true
  }

  /// The images `store` wrote at `slot` in this build, read back and checked against their CRC; nil when the
  /// slot was not written or the file no longer holds them. (The file stays open after `commit`.)
  func stored(slot: Int) -> [RGBAImage]? {
    guard let next, let (_, crc) = entries.withLock({ $0[slot] }),
      let bytes = next.read(count: slotBytes, at: 16 + 36 * count + slot * slotBytes),
      CRC32.checksum(bytes) == crc
    else { return nil }
    return images(ofSlot: bytes)
  }

  /// Where this build's sprites are written (for messages).
  var path: String { renamed.withLock { $0 } ? finalPath : (next?.path ?? finalPath) }

  /// Drops the new file; the last build's stays as it was.
  func discard() {
    guard let next else { return }
    next.close()
    FileSystem.remove(next.path)
  }

  /// Writes the index and renames the new file into place; the stored slots become the next build's cache.
  ///
  /// The file stays open: `stored(slot:)` reads the sprites back until the store goes away.
  func commit() {
    guard let next else { return }
    var header = Self.magic
    Self.putU32(UInt32(slotBytes), into: &header)
    Self.putU32(UInt32(count), into: &header)
    let stored = entries.withLock { $0 }
    for slot in 0..<count {
      if let (key, crc) = stored[slot] {
        header += key
        Self.putU32(crc, into: &header)
      } else {
        header += [UInt8](repeating: 0, count: 36)
      }
    }
    let ok = header.withUnsafeBytes { raw in (try? next.write(raw, at: 0)) != nil }
    if ok && (try? FileSystem.rename(next.path, to: finalPath)) != nil {
      renamed.withLock { $0 = true }
    } else {
      FileSystem.remove(next.path)
    }
  }
}
