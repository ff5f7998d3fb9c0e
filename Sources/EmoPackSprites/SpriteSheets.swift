import EmoPNG
import EmoPack
import EmoPackFormat
import Foundation
import Synchronization

/// An error from loading a sheet.
public enum SpriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The pack has no such scale.
  case scaleNotBuilt(pack: String, scale: Int, available: [Int])
  /// The sheet file is missing or unreadable.
  case unreadable(path: String)
  /// The sheet's bytes differ from what the pack records.
  case mismatch(path: String, String)
  /// libpng refused the sheet.
  case decoding(path: String, PNGError)
  /// The emoticon has no image.
  case notAnImage(EmoticonRef)

  public var description: String {
    switch self {
    case .scaleNotBuilt(let p, let s, let a):
      return "pack '\(p)' has no \(s)x sheets (built: \(a.map { "\($0)x" }.joined(separator: ", ")))"
    case .unreadable(let path): return "\(path): sheet cannot be read"
    case .mismatch(let path, let why): return "\(path): \(why)"
    case .decoding(let path, let e): return "\(path): \(e.message)"
    case .notAnImage(let r): return "emoticon \(r.pack):\(r.entry) is emoji-only and has no sprite"
    }
  }
}

/// Decodes sheet PNGs once each and hands out emoticon pixels; safe to share across threads.
public final class SpriteSheets: Sendable {
  /// The catalog whose sheets are loaded.
  public let catalog: Catalog
  private let folders: [String]
  private let decoded = Mutex<[String: RGBAImage]>([:])

  /// Loads sheets for `catalog`'s packs from `folders` (one per pack, in the catalog's order: where each `.pack` is).
  public init(catalog: Catalog, folders: [String]) {
    self.catalog = catalog
    self.folders = folders
  }

  /// The pixels of `ref` at `scale`, straight or premultiplied alpha.
  public func pixels(of ref: EmoticonRef, scale: Int, premultiplied: Bool = false) throws -> RGBAImage {
    let emoticon = try catalog.emoticon(ref)
    guard let rect = emoticon.rect else { throw SpriteError.notAnImage(ref) }
    let pack = catalog.packs[ref.pack]
    guard let s = pack.scales.firstIndex(of: scale) else {
      throw SpriteError.scaleNotBuilt(pack: pack.id, scale: scale, available: pack.scales)
    }
    let sheet = try sheetImage(pack: ref.pack, record: try pack.sheet(at: s * pack.pageCount + rect.page))
    let r = rect.scaled(scale)
    var image = sheet.cropped(x: r.x, y: r.y, width: r.width, height: r.height)
    if premultiplied {
      for i in stride(from: 0, to: image.pixels.count, by: 4) {
        let a = UInt32(image.pixels[i + 3])
        for c in 0..<3 { image.pixels[i + c] = UInt8((UInt32(image.pixels[i + c]) * a + 127) / 255) }
      }
    }
    return image
  }

  /// The decoded sheet, decoding it on first use and checking it against the pack's record.
  public func sheetImage(pack index: Int, record: SheetRecord) throws -> RGBAImage {
    let path = folders[index] + "/" + record.fileName
    if let image = decoded.withLock({ $0[path] }) { return image }
    guard let data = FileManager.default.contents(atPath: path) else { throw SpriteError.unreadable(path: path) }
    let bytes = [UInt8](data)
    guard bytes.count == record.byteSize, SHA256.hash(bytes) == record.sha256 else {
      throw SpriteError.mismatch(path: path, "sheet differs from the one the pack was built with (size or SHA-256)")
    }
    let image: RGBAImage
    do {
      image = try PNGDecoder.decode(bytes, limits: PNGLimits(maxWidth: 16384, maxHeight: 16384, maxPixelBytes: 1 << 30))
        .image
    } catch {
      throw SpriteError.decoding(path: path, error)
    }
    guard image.width == record.width, image.height == record.height else {
      throw SpriteError.mismatch(
        path: path, "sheet is \(image.width)x\(image.height), the pack records \(record.width)x\(record.height)")
    }
    decoded.withLock { $0[path] = image }
    return image
  }
}
