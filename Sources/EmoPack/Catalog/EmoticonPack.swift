import EmoPackFormat

/// One opened `.pack`: its metadata, its sheets and a check of its bytes.
///
/// Opening reads the header and the section table (O(1)); look-ups go through `Catalog`. A pack opened from a
/// path is memory-mapped read-only; one opened from bytes keeps its own copy (see docs/RUNTIME.md for which to
/// use when packs are replaced on disk).
public struct EmoticonPack: Sendable {
  /// The format reader the catalog's look-ups go through.
  package let reader: PackFileReader

  /// Memory-maps the `.pack` at `path` and checks its header and section table.
  public init(contentsOf path: String) throws(PackError) {
    reader = try PackFileReader(contentsOf: path)
  }

  /// Opens a `.pack` held in memory (the bytes are copied once) and checks its header and section table.
  public init(bytes: [UInt8]) throws(PackError) {
    reader = try PackFileReader(bytes: bytes)
  }

  package init(_ reader: PackFileReader) {
    self.reader = reader
  }

  /// The pack identifier, such as `langxiaohua`.
  public var id: String { reader.id }
  /// The pack's version as its manifest gives it.
  public var version: String { reader.version }
  /// The side of one emoticon in points.
  public var pointSize: Int { reader.pointSize }
  /// The scales the sheets were drawn at, ascending.
  public var scales: [Int] { reader.scales }
  /// The number of emoticons, in keyboard order.
  public var count: Int { reader.entryCount }
  /// The `.pack` format version, such as `2.2`.
  public var formatVersion: String { "\(reader.formatMajor).\(reader.formatMinor)" }

  /// The display names by locale, sorted by locale.
  public func names() throws(PackError) -> [LocalizedName] { try reader.localizedNames() }

  /// The sheet files the pack refers to, ordered by scale, then page, with each one's size and SHA-256.
  public func sheets() throws(PackError) -> [SheetRecord] { try reader.sheets() }

  /// Checks the whole pack: checksum, every record, every index and every rectangle against its sheet's size.
  ///
  /// Opening checks only the header; call this once on a pack from outside the app (a download) before use.
  public func verify() throws(PackError) { try reader.verify() }
}

// Names an app could use before the pack type had its own API, kept so such code still compiles.
extension EmoticonPack {
  @available(*, deprecated, renamed: "count")
  public var entryCount: Int { count }

  @available(*, deprecated, renamed: "names()")
  public func localizedNames() throws(PackError) -> [LocalizedName] { try names() }

  @available(*, deprecated, message: "use Catalog.emoticon(_:).image != nil")
  public func entryHasImage(at index: Int) -> Bool { reader.entryHasImage(at: index) }

  @available(*, deprecated, message: "use formatVersion")
  public var formatMajor: Int { reader.formatMajor }

  @available(*, deprecated, message: "use formatVersion")
  public var formatMinor: Int { reader.formatMinor }
}

/// Opens a `.pack` from a path, as the pack type's initializer once did under this name.
@available(*, deprecated, message: "use EmoticonPack(contentsOf:)")
public func PackReader(contentsOf path: String) throws(PackError) -> EmoticonPack {
  try EmoticonPack(contentsOf: path)
}

/// Opens a `.pack` held in memory, as the pack type's initializer once did under this name.
@available(*, deprecated, message: "use EmoticonPack(bytes:)")
public func PackReader(bytes: [UInt8]) throws(PackError) -> EmoticonPack {
  try EmoticonPack(bytes: bytes)
}
