/// Constants of the `.pack` byte layout (see docs/FORMAT.md).
package enum PackLayout {
  /// The eight bytes every pack starts with.
  package static let magic: [UInt8] = Array("EMOPACK\0".utf8)
  /// The major version this code writes; it also reads 1.x (see `readableMajors`) and refuses the others.
  package static let formatMajor: UInt16 = 2
  /// The point sizes a pack may have (an emoticon's square is at most 1024 × 4 pixels a side).
  package static let pointSizes = 1...1024
  /// The scales a pack may have, and how many (1x to 4x).
  package static let scales = 1...4
  /// The major versions the reader opens.
  package static let readableMajors: ClosedRange<UInt16> = 1...2
  /// The minor version written; readers accept any minor of their major (2.1 adds ANIM and FRAM; 2.2 codes in
  /// TAGS and the keyword sections LOCS, KWRD, KENT, KGRM, KPST).
  package static let formatMinor: UInt16 = 2
  /// The minor version written when a sheet is not a PNG (2.3 adds SFMT).
  package static let formatMinorWithSheetFormats: UInt16 = 3
  /// The newest minor version this writer writes (for some packs).
  package static let newestMinor: UInt16 = formatMinorWithSheetFormats
  /// Size of the fixed header.
  package static let headerSize = 64
  /// Size of one section table row.
  package static let sectionRowSize = 16
  /// Most sections a reader accepts.
  package static let maxSections = 64

  /// Sizes of fixed records.
  package static let metaSize = 32
  /// A display-name record.
  package static let nameSize = 16
  /// A sheet record.
  package static let sheetSize = 56
  /// An entry record (format 2).
  package static let entrySize = 40
  /// An entry record of format 1.
  package static let entrySizeV1 = 28
  /// A tag record (format 2).
  package static let tagSize = 16
  /// A tag record of format 1.
  package static let tagSizeV1 = 12
  /// An image placement record (format 2).
  package static let imageSize = 16
  /// An animation record (format 2.1).
  package static let animationSize = 16
  /// A frame record (format 2.1).
  package static let frameSize = 8
  /// Bytes of a LOCS record.
  package static let localeSize = 8
  /// Bytes of a KWRD record.
  package static let keywordSize = 24
  /// Bytes of a KENT record.
  package static let keywordRowSize = 4
  /// Bytes of a KGRM record.
  package static let gramSize = 8
  /// Bytes of a KPST record.
  package static let postingSize = 4
  /// Bytes of an SFMT record.
  package static let sheetFormatSize = 4
  /// "None" in a u32 index field.
  package static let none32: UInt32 = 0xFFFF_FFFF
  /// "None" in a u16 locale field.
  package static let none16: UInt16 = 0xFFFF
  /// An index slot.
  package static let slotSize = 4

  /// Field offsets in a string reference (an offset and a length into STRS), and its size.
  package enum StringRef {
    package static let offset = 0
    package static let length = 4
    package static let size = 8
  }

  /// Field offsets in the fixed header.
  package enum Header {
    package static let magic = 0
    package static let major = 8
    package static let minor = 10
    package static let headerSize = 12
    package static let fileSize = 16
    package static let checksum = 20
    package static let sectionCount = 24
    package static let sectionTable = 28
  }

  /// Field offsets in a section table row.
  package enum SectionRow {
    package static let id = 0
    package static let offset = 4
    package static let length = 8
    package static let count = 12
  }

  /// Field offsets in the META record.
  package enum Meta {
    package static let id = 0
    package static let version = 8
    package static let pointSize = 16
    package static let scaleCount = 18
    /// Format 2: `MetaFlags`.
    package static let flags = 19
    /// Format 1: pages per scale; format 2: the most pages any scale has.
    package static let pageCount = 20
    package static let scales = 24
  }

  /// Field offsets in a NAME record.
  package enum Name {
    package static let locale = 0
    package static let name = 8
  }

  /// Field offsets in an SFMT record, and its flag bits.
  package enum SheetFormatRecord {
    package static let format = 0
    package static let flags = 1
    package static let reserved = 2
    package static let lossy: UInt8 = 1
  }

  /// Field offsets in a SHET record.
  package enum Sheet {
    package static let fileName = 0
    package static let scale = 8
    package static let page = 10
    package static let width = 12
    package static let height = 16
    package static let byteSize = 20
    package static let sha256 = 24
  }

  /// The flag bits of the META record (format 2).
  package struct MetaFlags: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Transparent borders were cut from the sprites.
    package static let trimmed = MetaFlags(rawValue: 1)
    /// Some sheet is a reduced palette.
    package static let palette = MetaFlags(rawValue: 2)
  }

  /// Field offsets in an ENTR record of format 2.
  package enum Entry {
    package static let kind = 0
    package static let flags = 1
    package static let tagCount = 2
    package static let firstTag = 4
    package static let emoji = 8
    package static let image = 16
    package static let animation = 20
    package static let firstKeyword = 24
    package static let keywordCount = 28
    package static let label = 32
  }

  /// Field offsets in an IMGS record (format 2).
  package enum Image {
    package static let sheet = 0
    package static let x = 2
    package static let y = 4
    package static let width = 6
    package static let height = 8
    package static let left = 10
    package static let top = 12
  }

  /// Field offsets in an ANIM record (format 2.1).
  package enum Animation {
    package static let firstFrame = 0
    package static let frameCount = 4
    package static let still = 6
    package static let loopCount = 8
    package static let duration = 12
  }

  /// Field offsets in a FRAM record (format 2.1).
  package enum Frame {
    package static let image = 0
    package static let endTime = 4
  }

  /// Field offsets in a KWRD record.
  package enum Keyword {
    package static let folded = 0
    package static let written = 8
    package static let entry = 16
    package static let locale = 20
    package static let source = 22
  }

  /// Field offsets in a KGRM record.
  package enum Gram {
    package static let key = 0
    package static let postings = 4
  }

  /// A gram's key: the first folded scalar in the top 21 bits, `gramHashBits` bits of a hash of the second (0 for
  /// the end): the top bits of the second times `gramHashMultiplier`.
  @inline(__always)
  package static func gramKey(_ first: UInt32, _ second: UInt32) -> UInt32 {
    first << gramHashBits | (second &* gramHashMultiplier) >> (32 - gramHashBits)
  }
  package static let gramHashBits: UInt32 = 11
  package static let gramHashMultiplier: UInt32 = 0x9E37_79B1

  /// Field offsets in an ENTR record of format 1.
  package enum EntryV1 {
    package static let kind = 0
    package static let flags = 1
    package static let tagCount = 2
    package static let firstTag = 4
    package static let emoji = 8
    package static let page = 16
    package static let x = 18
    package static let y = 20
    package static let width = 22
    package static let height = 24
  }

  /// The flag bits of an ENTR record.
  package struct EntryFlags: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Format 1: the entry has a sprite rectangle (format 2 has an image when its image field is not none).
    package static let hasRect = EntryFlags(rawValue: 1)
    /// The entry has an emoji sequence.
    package static let hasEmoji = EntryFlags(rawValue: 2)
    /// The entry's first key, the one `insert` writes, is a code (format 2.2).
    package static let insertsCode = EntryFlags(rawValue: 4)
  }

  /// Field offsets in a TAGS record (format 1 has the first two fields only).
  package enum Tag {
    package static let tag = 0
    package static let entry = 8
    /// Format 2: 0 bracket tag, 1 literal code, 2 shortcode.
    package static let form = 12
    /// Format 2: LOCS index, 0xFFFF for none.
    package static let locale = 14
  }

  /// Section identifiers, written in this order.
  package enum Section: String, CaseIterable, Sendable {
    case meta = "META"
    case names = "NAME"
    case sheets = "SHET"
    case images = "IMGS"
    case entries = "ENTR"
    case tags = "TAGS"
    case tagIndex = "TIDX"
    case emojiIndex = "EIDX"
    case animations = "ANIM"
    case frames = "FRAM"
    case locales = "LOCS"
    case keywords = "KWRD"
    case keywordRows = "KENT"
    case grams = "KGRM"
    case postings = "KPST"
    case sheetFormats = "SFMT"
    case strings = "STRS"

    /// The four ASCII bytes as a little-endian integer.
    package var code: UInt32 {
      let b = Array(rawValue.utf8)
      return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
    }

    /// The sections a file of `major` needs (format 2 adds IMGS).
    package static func required(major: Int) -> [Section] {
      major >= 2
        ? allCases.filter { !optional.contains($0) } : allCases.filter { $0 != .images && !optional.contains($0) }
    }

    /// Sections that may be absent (meaning none): those a minor version added.
    package static let optional: Set<Section> = [
      .animations, .frames, .locales, .keywords, .keywordRows, .grams, .postings, .sheetFormats,
    ]

    /// The sections this writer writes, in order.
    package static var written: [Section] { allCases }

    /// Bytes per record in a file of `major`, or 1 for the string blob.
    package func recordSize(major: Int = Int(PackLayout.formatMajor)) -> Int {
      switch self {
      case .meta: return PackLayout.metaSize
      case .names: return PackLayout.nameSize
      case .sheets: return PackLayout.sheetSize
      case .images: return PackLayout.imageSize
      case .animations: return PackLayout.animationSize
      case .frames: return PackLayout.frameSize
      case .locales: return PackLayout.localeSize
      case .keywords: return PackLayout.keywordSize
      case .keywordRows: return PackLayout.keywordRowSize
      case .grams: return PackLayout.gramSize
      case .postings: return PackLayout.postingSize
      case .sheetFormats: return PackLayout.sheetFormatSize
      case .entries: return major >= 2 ? PackLayout.entrySize : PackLayout.entrySizeV1
      case .tags: return major >= 2 ? PackLayout.tagSize : PackLayout.tagSizeV1
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
