import EmoPackFormat

/// Where an emoticon's pixels are at one scale: a sheet file, a pixel rectangle in it, and where the rectangle
/// goes in the emoticon's `pointSize × scale` square.
///
/// This is what an app needs to crop a `CGImage` or `UIImage` from the sheet and draw it at its place (trimmed
/// sprites are smaller than the square: draw the crop at `left`, `top`); reading it decodes nothing.
public struct SpriteLocation: Sendable, Equatable {
  /// The emoticon.
  public var ref: EmoticonRef
  /// The scale asked for.
  public var requestedScale: Int
  /// The scale of the sheet used: the requested one when the pack has it, else the smallest larger one, else
  /// the pack's largest.
  public var scale: Int
  /// The sheet as the pack records it (file name, size in pixels, byte size, SHA-256).
  public var sheet: SheetRecord
  /// The sheet's path: the pack's folder (`Catalog.sheetFolders`) and the file name; nil when the catalog was
  /// made from packs in memory without folders.
  public var path: String?
  /// The rectangle in the sheet's pixels at `scale`.
  public var x: Int
  /// The rectangle in the sheet's pixels at `scale`.
  public var y: Int
  /// The rectangle in the sheet's pixels at `scale`.
  public var width: Int
  /// The rectangle in the sheet's pixels at `scale`.
  public var height: Int
  /// The emoticon's side in points (the square is `pointSize × scale` pixels).
  public var pointSize: Int
  /// Where the rectangle's left edge goes in the square, in pixels at `scale`.
  public var left: Int
  /// Where the rectangle's top edge goes in the square, in pixels at `scale`.
  public var top: Int

  /// The side of the emoticon's square in pixels at `scale`.
  public var side: Int { pointSize * scale }

  /// Creates a location.
  public init(
    ref: EmoticonRef, requestedScale: Int, scale: Int, sheet: SheetRecord, path: String?, x: Int, y: Int, width: Int,
    height: Int, pointSize: Int, left: Int = 0, top: Int = 0
  ) {
    self.left = left
    self.top = top
    self.ref = ref
    self.requestedScale = requestedScale
    self.scale = scale
    self.sheet = sheet
    self.path = path
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.pointSize = pointSize
  }

  /// The sheet file's format (PNG or WebP), as the pack records it: what to decode the file with.
  public var sheetFormat: SheetFormat { sheet.format }

  /// True when the pack lacks the requested scale and another was chosen.
  public var isFallback: Bool { scale != requestedScale }
}

/// An error from asking the catalog about an emoticon: which reference, which pack, and what was wrong.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The reference names a pack or an entry the catalog does not have.
  case noSuchEmoticon(EmoticonRef, packCount: Int, entryCount: Int?)
  /// The entry is emoji-only: it has no sprite.
  case notAnImage(EmoticonRef, packID: String)
  /// Scales are 1 or more.
  case invalidScale(Int)
  /// The pack records no sheets.
  case noSheets(packID: String)
  /// The pack's bytes are malformed where this entry's records are.
  case malformed(packID: String, PackError)
  /// The emoticon has no such animation frame.
  case noSuchFrame(EmoticonRef, frame: Int, frameCount: Int)

  public var description: String {
    switch self {
    case .noSuchEmoticon(let r, _, let entries?):
      "emoticon \(r.pack):\(r.entry) does not exist (pack \(r.pack) has \(entries) entries)"
    case .noSuchEmoticon(let r, let packs, nil):
      "emoticon \(r.pack):\(r.entry) does not exist (the catalog has \(packs) packs)"
    case .notAnImage(let r, let id): "emoticon \(r.pack):\(r.entry) of pack '\(id)' is emoji-only and has no sprite"
    case .invalidScale(let s): "scale \(s) requested; scales are 1 or more"
    case .noSheets(let id): "pack '\(id)' has no sheets"
    case .malformed(let id, let e): "pack '\(id)': \(e)"
    case .noSuchFrame(let r, let f, let n): "emoticon \(r.pack):\(r.entry) has \(n) frame(s), not frame \(f)"
    }
  }
}

extension Catalog {
  /// The sheet and pixel rectangle of `ref` at `scale`; for an animated emoticon, its still.
  ///
  /// When the pack lacks `scale` it uses the smallest larger scale it has, else its largest
  /// (`SpriteLocation.scale` says which).
  public func sprite(_ ref: EmoticonRef, scale: Int) throws(CatalogError) -> SpriteLocation {
    let pack = try reader(of: ref)
    let image: Int?
    do { image = try pack.imageIndex(ofEntry: ref.entry) } catch { throw .malformed(packID: pack.id, error) }
    guard let image else { throw .notAnImage(ref, packID: pack.id) }
    return try location(ref, image: image, scale: scale)
  }

  /// The pack of `ref`, checking that the entry exists.
  func reader(of ref: EmoticonRef) throws(CatalogError) -> PackFileReader {
    guard ref.pack >= 0, ref.pack < readers.count else {
      throw .noSuchEmoticon(ref, packCount: readers.count, entryCount: nil)
    }
    let pack = readers[ref.pack]
    guard ref.entry >= 0, ref.entry < pack.entryCount else {
      throw .noSuchEmoticon(ref, packCount: readers.count, entryCount: pack.entryCount)
    }
    return pack
  }

  /// Image `image` of `ref`'s pack at `scale` or the scale chosen for it.
  func location(_ ref: EmoticonRef, image: Int, scale: Int) throws(CatalogError) -> SpriteLocation {
    guard scale >= 1 else { throw .invalidScale(scale) }
    let pack = readers[ref.pack]
    let scales = pack.scales
    guard let chosen = scales.first(where: { $0 >= scale }) ?? scales.last, let s = scales.firstIndex(of: chosen)
    else { throw .noSheets(packID: pack.id) }
    let placement: SpritePlacement
    let record: SheetRecord
    do {
      placement = try pack.placement(ofImage: image, scaleIndex: s)
      record = try pack.sheet(at: placement.sheet)
    } catch {
      throw .malformed(packID: pack.id, error)
    }
    let folder = ref.pack < sheetFolders.count ? sheetFolders[ref.pack] : nil
    return SpriteLocation(
      ref: ref, requestedScale: scale, scale: chosen, sheet: record,
      path: folder.map { $0.isEmpty ? record.fileName : $0 + "/" + record.fileName }, x: placement.x, y: placement.y,
      width: placement.width, height: placement.height, pointSize: pack.pointSize, left: placement.left,
      top: placement.top)
  }
}

/// The folder part of a file path ("." when it has none).
func parentFolder(of path: String) -> String {
  guard let slash = path.lastIndex(of: "/") else { return "." }
  return slash == path.startIndex ? "/" : String(path[..<slash])
}
