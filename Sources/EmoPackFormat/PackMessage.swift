/// Every message the reader and `verify()` give, by name: the one place their words live. `emopack-web-vectors`
/// writes the same table into the web runtime's format.js and the Java runtime's Format.java, whose readers fill
/// it in as `callAsFunction` does here, so the three readers say the same thing of the same damage.
package enum PackMessage: String, CaseIterable, Sendable {
  case shorterThanMagic
  case badMagic
  case shorterThanHeader
  case unsupportedVersion
  case headerSize
  case shorterThanHeaderSays
  case longerThanHeaderSays
  case reservedHeaderByte
  case sectionCount
  case sectionTableOutside
  case sectionTwice
  case sectionOutside
  case sectionLength
  case sectionMissing
  case indexSlotCount
  case metaCount
  case scaleCount
  case scaleOrder
  case pointSize
  case imageRows
  case sheetCount
  case sheetIndex
  case sheetFormatRows
  case sheetFormat
  case sheetFormatFlags
  case entryIndex
  case entryKind
  case entryTags
  case keyIndex
  case keyForm
  case entryAnimation
  case animationIndex
  case animationFrames
  case frameIndex
  case frameImage
  case frameEndTime
  case entryImage
  case scaleIndex
  case imageIndex
  case entryNoRectangle
  case entrySheet
  case imageSheet
  case stringOutside
  case stringNotUTF8
  case localeIndex
  case keywordIndex
  case keywordEntry
  case keywordSource
  case entryKeywordRows
  case keywordRow
  case checksum
  case sheetExtension
  case entryFirstTag
  case imageEntryWithoutImage
  case animatedEntryWithoutStill
  case tagIndexMiss
  case emojiIndexMiss
  case tagTotal
  case animationFirstFrame
  case animationDuration
  case frameTotal
  case localeOrder
  case keywordOrder
  case entryFirstKeywordRow
  case keywordRowOwner
  case keywordRowsIncomplete
  case gramOrder
  case postingOrder
  case postingTotal
  case scalePages
  case sheetOrder
  case sheetFileName
  case sheetSize
  case imageSheetScale
  case spriteOutsideSheet
  case spriteOutsideSquare
  case spriteOverlap
  case indexKeyCount

  /// The words, with `{0}`, `{1}` … where the arguments go.
  package var template: String {
    switch self {
    case .shorterThanMagic: "file is {0} bytes, shorter than the 8-byte magic"
    case .badMagic: "not an emopack file: the first 8 bytes must be 'EMOPACK\\0'"
    case .shorterThanHeader: "file is {0} bytes, shorter than the {1}-byte header"
    case .unsupportedVersion: "format version {0} is not supported (this reader reads versions {1} to {2})"
    case .headerSize: "header size is {0}, expected {1}"
    case .shorterThanHeaderSays: "file is {0} bytes but its header says {1}"
    case .longerThanHeaderSays: "header says the file is {0} bytes but it is {1}"
    case .reservedHeaderByte: "reserved header byte is {0}, expected 0"
    case .sectionCount: "section count {0} is over the limit of {1}"
    case .sectionTableOutside: "section table at {0} with {1} rows does not fit in {2} bytes"
    case .sectionTwice: "section {0} appears twice"
    case .sectionOutside: "section {0} at {1} of {2} bytes lies outside the file ({3} bytes)"
    case .sectionLength: "section {0} holds {1} records of {2} bytes but is {3} bytes long"
    case .sectionMissing: "required section {0} is missing"
    case .indexSlotCount: "index slot count {0} is not a power of two"
    case .metaCount: "META must hold one record, not {0}"
    case .scaleCount: "scale count {0} is not in {1}"
    case .scaleOrder: "scale {0} is not in {1} or not ascending"
    case .pointSize: "point size {0} is not in {1}"
    case .imageRows: "IMGS holds {0} rows, not a multiple of the {1} scales"
    case .sheetCount: "expected {0} sheets ({1} scales × {2} pages), found {3}"
    case .sheetIndex: "sheet {0} requested of {1}"
    case .sheetFormatRows: "SFMT holds {0} rows for {1} sheets"
    case .sheetFormat: "sheet {0} has unknown file format {1}"
    case .sheetFormatFlags: "sheet {0}'s format record has unknown flags or reserved bits"
    case .entryIndex: "entry {0} requested of {1}"
    case .entryKind: "entry {0} has unknown kind {1}"
    case .entryTags: "entry {0} names tags {1}..<{2} of {3}"
    case .keyIndex: "key {0} requested of {1}"
    case .keyForm: "key {0} has unknown form {1}"
    case .entryAnimation: "entry {0} names animation {1} of {2}"
    case .animationIndex: "animation {0} requested of {1}"
    case .animationFrames: "animation {0} names frames {1}..<{2} of {3}, still {4}"
    case .frameIndex: "frame {0} requested of {1}"
    case .frameImage: "frame {0} names image {1} of {2}"
    case .frameEndTime: "frame {0} of animation {1} ends at {2} ms, not after {3} ms"
    case .entryImage: "entry {0} names image {1} of {2}"
    case .scaleIndex: "scale index {0} requested of {1}"
    case .imageIndex: "image {0} requested of {1}"
    case .entryNoRectangle: "entry {0} has no sprite rectangle"
    case .entrySheet: "entry {0} names sheet {1} of {2}"
    case .imageSheet: "image {0} names sheet {1} of {2}"
    case .stringOutside: "string reference (offset {0}, length {1}) lies outside the {2}-byte string table"
    case .stringNotUTF8: "string at table offset {0} is not valid UTF-8"
    case .localeIndex: "locale {0} requested of {1}"
    case .keywordIndex: "keyword {0} requested of {1}"
    case .keywordEntry: "keyword {0} names entry {1} of {2}"
    case .keywordSource: "keyword {0} has unknown source {1}"
    case .entryKeywordRows: "entry {0} names keyword rows {1}..<{2} of {3}"
    case .keywordRow: "keyword row {0} names keyword {1} of {2}"
    case .checksum: "payload CRC-32 is {0}, header says {1}"
    case .sheetExtension: "sheet {0} '{1}' is {2} but its name ends otherwise"
    case .entryFirstTag: "entry {0} starts at tag {1}, expected {2}"
    case .imageEntryWithoutImage: "image entry {0} has no image"
    case .animatedEntryWithoutStill: "animated entry {0} has no still image"
    case .tagIndexMiss:
      "tag '{0}' of entry {1} is not found at its entry through the tag index (duplicate or broken index)"
    case .emojiIndexMiss: "emoji of entry {0} is not found at its entry through the emoji index"
    case .tagTotal: "entries use {0} tags but the table holds {1}"
    case .animationFirstFrame: "animation {0} starts at frame {1}, expected {2}"
    case .animationDuration: "animation {0} records {1} ms, its frames end at {2} ms"
    case .frameTotal: "animations use {0} frames but FRAM holds {1}"
    case .localeOrder: "locales are not sorted and unique at {0}"
    case .keywordOrder: "keyword {0} '{1}' is empty or out of order (KWRD is sorted by folded key)"
    case .entryFirstKeywordRow: "entry {0} keywords start at row {1}, expected {2}"
    case .keywordRowOwner: "keyword {0} is listed for entry {1} but is not its own, or twice"
    case .keywordRowsIncomplete: "KENT does not list every keyword once"
    case .gramOrder: "gram {0} is out of order or its postings are not the next ones of KPST"
    case .postingOrder: "posting {0} is out of range or out of order"
    case .postingTotal: "grams use {0} postings but KPST holds {1}"
    case .scalePages: "scale {0}x has {1} sheets, expected {2}"
    case .sheetOrder: "sheet {0} is scale {1} page {2}, out of the order by scale, then page (expected page {3})"
    case .sheetFileName: "sheet file name '{0}' is not a plain file name"
    case .sheetSize: "sheet {0} is {1}x{2}"
    case .imageSheetScale: "image {0} at {1}x lies on {2}, a sheet of {3}x"
    case .spriteOutsideSheet: "image {0}'s sprite {1},{2} {3}x{4} at {5}x lies outside {6} ({7}x{8})"
    case .spriteOutsideSquare: "image {0}'s sprite {1}x{2} placed at {3},{4} lies outside its {5}x{6} square at {7}x"
    case .spriteOverlap: "sprite {0},{1} {2}x{3} overlaps sprite {4},{5} {6}x{7} on {8}"
    case .indexKeyCount: "{0} index has {1} keys, expected {2}"
    }
  }

  /// The message with argument n, as string interpolation writes it, in place of each `{n}`.
  package func callAsFunction(_ arguments: Any...) -> String {
    var out = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}"),
      let n = Int(rest[rest.index(after: open)..<close]), n < arguments.count
    {
      out += rest[..<open] + "\(arguments[n])"
      rest = rest[rest.index(after: close)...]
    }
    return out + rest
  }
}
