import EmoImage
import EmoPNG
import EmoPack
import EmoPackFormat
import EmoWebP
import Foundation

@_exported import struct EmoImage.RGBAImage
@_exported import enum EmoPackFormat.SheetProblem

/// An error from loading an emoticon's pixels: which sheet or emoticon, and what was wrong.
public enum SpriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The catalog has no such image emoticon (or its records are malformed).
  case catalog(CatalogError)
  /// The catalog does not know the folder of this pack's sheets.
  case noFolder(packID: String)
  /// The sheet file is missing or differs from what the pack records (size, SHA-256, PNG dimensions).
  case sheet(SheetProblem)
  /// A rectangle lies outside its sheet.
  case mismatch(path: String, String)
  /// The sheet is not a PNG libpng (or a WebP libwebp) can decode.
  case decoding(path: String, message: String)

  public var description: String {
    switch self {
    case .catalog(let e): "\(e)"
    case .noFolder(let id): "no folder is known for the sheets of pack '\(id)'"
    case .sheet(let problem): "\(problem)"
    case .mismatch(let path, let why): "\(path): \(why)"
    case .decoding(let path, let message): "\(path): \(message)"
    }
  }
}

/// An emoticon's pixels and where they came from.
public struct Sprite: Sendable, Equatable {
  /// The emoticon's whole square, `location.side × location.side`: the sheet's rectangle placed back at its
  /// offset (trimmed borders are transparent again).
  public var image: RGBAImage
  /// The sheet and rectangle they were cut from (and the scale used).
  public var location: SpriteLocation
}

/// Decodes sheet PNGs once each and hands out emoticon pixels; safe to share across threads.
public final class SpriteSheets: @unchecked Sendable {
  /// The catalog whose sheets are loaded.
  public let catalog: Catalog
  private let lock = NSLock()
  /// Each sheet decoded, by path, with the record it was checked against.
  private var decoded: [String: (record: SheetRecord, image: RGBAImage)] = [:]

  /// Loads sheets for `catalog`'s packs from the folders the catalog knows (beside each `.pack`).
  public init(catalog: Catalog) {
    self.catalog = catalog
  }

  /// Loads sheets for `catalog`'s packs from `folders` (one per pack, in the catalog's order); a pack without
  /// a folder here gets `SpriteError.noFolder` when its pixels are asked for.
  public init(catalog: Catalog, folders: [String]) {
    self.catalog = Catalog(packs: catalog.readers, sheetFolders: folders)
  }

  /// The pixels of `ref` at `scale` (or the scale `Catalog.sprite` falls back to), straight or premultiplied.
  public func pixels(of ref: EmoticonRef, scale: Int, premultiplied: Bool = false) throws(SpriteError) -> RGBAImage {
    try sprite(of: ref, scale: scale, premultiplied: premultiplied).image
  }

  /// The pixels of frame `frame` of `ref`'s animation at `scale` (frame 0 of a still is the still).
  public func pixels(
    of ref: EmoticonRef, frame: Int, scale: Int, premultiplied: Bool = false
  ) throws(SpriteError)
    -> RGBAImage
  {
    let location: SpriteLocation
    do { location = try catalog.sprite(ref, frame: frame, scale: scale) } catch { throw .catalog(error) }
    return try sprite(at: location, premultiplied: premultiplied).image
  }

  /// The pixels of `ref` at `scale` with the sheet and scale they came from.
  public func sprite(of ref: EmoticonRef, scale: Int, premultiplied: Bool = false) throws(SpriteError) -> Sprite {
    let location: SpriteLocation
    do { location = try catalog.sprite(ref, scale: scale) } catch { throw .catalog(error) }
    return try sprite(at: location, premultiplied: premultiplied)
  }

  /// The emoticon's square at `location`: the sheet's rectangle put back at its offset.
  ///
  /// A location made by hand is checked whole before anything is decoded or allocated: a rectangle inside the
  /// sheet, a square of a point size and scale a pack can have, the rectangle inside the square.
  public func sprite(at location: SpriteLocation, premultiplied: Bool = false) throws(SpriteError) -> Sprite {
    let ref = location.ref
    guard let path = location.path else {
      let packs = catalog.readers
      throw .noFolder(packID: ref.pack >= 0 && ref.pack < packs.count ? packs[ref.pack].id : "#\(ref.pack)")
    }
    guard PackLayout.pointSizes.contains(location.pointSize), PackLayout.scales.contains(location.scale) else {
      throw .mismatch(
        path: path, "a \(location.pointSize) pt square at \(location.scale)x is not one a pack can have")
    }
    let side = location.side
    let (x, y, w, h) = (location.x, location.y, location.width, location.height)
    guard x >= 0, y >= 0, w >= 0, h >= 0, location.left >= 0, location.top >= 0, w <= side - location.left,
      h <= side - location.top
    else {
      throw .mismatch(
        path: path, "sprite \(w)x\(h) at \(location.left),\(location.top) lies outside its \(side)x\(side) square")
    }
    let sheet = try sheetImage(at: path, record: location.sheet)
    guard w <= sheet.width - x, h <= sheet.height - y else {
      throw .mismatch(path: path, "sprite \(w)x\(h) at \(x),\(y) lies outside the \(sheet.width)x\(sheet.height) sheet")
    }
    var image = sheet.cropped(x: location.x, y: location.y, width: location.width, height: location.height).placed(
      left: location.left, top: location.top, width: location.side, height: location.side)
    if premultiplied {
      for i in stride(from: 0, to: image.pixels.count, by: 4) {
        let a = UInt32(image.pixels[i + 3])
        for c in 0..<3 { image.pixels[i + c] = UInt8((UInt32(image.pixels[i + c]) * a + 127) / 255) }
      }
    }
    return Sprite(image: image, location: location)
  }

  /// The decoded sheet of pack `index` recorded as `record`, decoding it on first use and checking it against
  /// the record.
  public func sheetImage(pack index: Int, record: SheetRecord) throws(SpriteError) -> RGBAImage {
    guard index >= 0, index < catalog.readers.count else {
      throw .catalog(
        .noSuchEmoticon(EmoticonRef(pack: index, entry: 0), packCount: catalog.readers.count, entryCount: nil))
    }
    guard let folder = catalog.sheetFolders[index] else {
      throw .noFolder(packID: catalog.readers[index].id)
    }
    return try sheetImage(at: folder + "/" + record.fileName, record: record)
  }

  private func sheetImage(at path: String, record: SheetRecord) throws(SpriteError) -> RGBAImage {
    lock.lock()
    let cached = decoded[path]
    lock.unlock()
    // A location made by hand may name a cached path with another record: that record is checked afresh.
    if let cached, cached.record == record { return cached.image }
    let bytes: [UInt8]
    do { bytes = try record.read(at: path) } catch { throw .sheet(error) }
    let image: RGBAImage
    switch record.format {
    case .png:
      do {
        image = try PNGDecoder.decode(
          bytes, limits: PNGLimits(maxWidth: 16384, maxHeight: 16384, maxPixelBytes: 1 << 30)
        ).image
      } catch {
        throw .decoding(path: path, message: error.message)
      }
    case .webp:
      do {
        image = try WebPDecoder.decode(
          bytes, limits: AnimationLimits(maxFrames: 1, maxTotalPixels: 1 << 28, maxSide: 16384))
      } catch {
        throw .decoding(path: path, message: error.message)
      }
    }
    lock.lock()
    decoded[path] = (record, image)
    lock.unlock()
    return image
  }
}
