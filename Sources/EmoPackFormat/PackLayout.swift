/// Constants of the `.pack` byte layout (see docs/FORMAT.md).
public enum PackLayout {
  /// The eight bytes every pack starts with.
  public static let magic: [UInt8] = Array("EMOPACK\0".utf8)
  /// The major version this code reads and writes; a reader refuses other majors.
  public static let formatMajor: UInt16 = 1
  /// The minor version written; readers accept any minor of their major.
  public static let formatMinor: UInt16 = 0
  /// Size of the fixed header.
  public static let headerSize = 64
  /// Size of one section table row.
  public static let sectionRowSize = 16
  /// Most sections a reader accepts.
  public static let maxSections = 64

  /// Sizes of fixed records.
  public static let metaSize = 32
  /// A display-name record.
  public static let nameSize = 16
  /// A sheet record.
  public static let sheetSize = 56
  /// An entry record.
  public static let entrySize = 28
  /// A tag record.
  public static let tagSize = 12
  /// An index slot.
  public static let slotSize = 4

  /// Field offsets in the fixed header.
  public enum Header {
    public static let magic = 0
    public static let major = 8
    public static let minor = 10
    public static let headerSize = 12
    public static let fileSize = 16
    public static let checksum = 20
    public static let sectionCount = 24
    public static let sectionTable = 28
  }

  /// Field offsets in a section table row.
  public enum SectionRow {
    public static let id = 0
    public static let offset = 4
    public static let length = 8
    public static let count = 12
  }

  /// Field offsets in the META record.
  public enum Meta {
    public static let id = 0
    public static let version = 8
    public static let pointSize = 16
    public static let scaleCount = 18
    public static let pageCount = 20
    public static let scales = 24
  }

  /// Field offsets in a NAME record.
  public enum Name {
    public static let locale = 0
    public static let name = 8
  }

  /// Field offsets in a SHET record.
  public enum Sheet {
    public static let fileName = 0
    public static let scale = 8
    public static let page = 10
    public static let width = 12
    public static let height = 16
    public static let byteSize = 20
    public static let sha256 = 24
  }

  /// Field offsets in an ENTR record.
  public enum Entry {
    public static let kind = 0
    public static let flags = 1
    public static let tagCount = 2
    public static let firstTag = 4
    public static let emoji = 8
    public static let page = 16
    public static let x = 18
    public static let y = 20
    public static let width = 22
    public static let height = 24
  }

  /// The flag bits of an ENTR record.
  public struct EntryFlags: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The entry has a sprite rectangle.
    public static let hasRect = EntryFlags(rawValue: 1)
    /// The entry has an emoji sequence.
    public static let hasEmoji = EntryFlags(rawValue: 2)
  }

  /// Field offsets in a TAGS record.
  public enum Tag {
    public static let tag = 0
    public static let entry = 8
  }

  /// Section identifiers, written in this order.
  public enum Section: String, CaseIterable, Sendable {
    case meta = "META"
    case names = "NAME"
    case sheets = "SHET"
    case entries = "ENTR"
    case tags = "TAGS"
    case tagIndex = "TIDX"
    case emojiIndex = "EIDX"
    case strings = "STRS"

    /// The four ASCII bytes as a little-endian integer.
    public var code: UInt32 {
      let b = Array(rawValue.utf8)
      return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
    }

    /// Bytes per record, or 1 for the string blob.
    public var recordSize: Int {
      switch self {
      case .meta: return PackLayout.metaSize
      case .names: return PackLayout.nameSize
      case .sheets: return PackLayout.sheetSize
      case .entries: return PackLayout.entrySize
      case .tags: return PackLayout.tagSize
      case .tagIndex, .emojiIndex: return PackLayout.slotSize
      case .strings: return 1
      }
    }
  }

  /// The emoji index ignores variation selectors 15 and 16 (U+FE0E, U+FE0F), so `❤` and `❤️` share a key.
  @inline(__always)
  static func isVariationSelector(_ p: UnsafeRawBufferPointer, _ i: Int) -> Bool {
    i + 2 < p.count && p[i] == 0xEF && p[i + 1] == 0xB8 && (p[i + 2] == 0x8F || p[i + 2] == 0x8E)
  }

  /// FNV-1a of an emoji sequence's UTF-8 bytes without variation selectors.
  static func emojiHash(_ p: UnsafeRawBufferPointer) -> UInt32 {
    var h: UInt32 = 0x811C_9DC5
    var i = 0
    while i < p.count {
      if isVariationSelector(p, i) {
        i += 3
        continue
      }
      h = (h ^ UInt32(p[i])) &* 0x0100_0193
      i += 1
    }
    return h
  }

  /// Equality of two emoji sequences ignoring variation selectors.
  static func emojiEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    var i = 0
    var j = 0
    while true {
      while isVariationSelector(a, i) { i += 3 }
      while isVariationSelector(b, j) { j += 3 }
      if i == a.count || j == b.count { return i == a.count && j == b.count }
      if a[i] != b[j] { return false }
      i += 1
      j += 1
    }
  }

  /// Slots for `count` keys: a power of two at least twice the count (load ≤ 0.5), 0 for none.
  static func slotCount(for count: Int) -> Int {
    if count == 0 { return 0 }
    var n = 1
    while n < count * 2 { n <<= 1 }
    return n
  }
}
