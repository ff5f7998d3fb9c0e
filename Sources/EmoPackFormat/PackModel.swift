/// A rectangle in sheet pixels at 1x, as format 1.x records it; multiply by the scale for other sheets.
public struct SpriteRect: Equatable, Hashable, Sendable, Codable {
  /// The sheet page (the same page number at every scale).
  public var page: Int
  /// Left edge.
  public var x: Int
  /// Top edge.
  public var y: Int
  /// Width.
  public var width: Int
  /// Height.
  public var height: Int

  /// Creates a rectangle.
  public init(page: Int, x: Int, y: Int, width: Int, height: Int) {
    self.page = page
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// This rectangle at `scale` (all coordinates multiplied).
  public func scaled(_ scale: Int) -> SpriteRect {
    SpriteRect(page: page, x: x * scale, y: y * scale, width: width * scale, height: height * scale)
  }

  /// True when the two rectangles share a pixel on the same page.
  public func overlaps(_ other: SpriteRect) -> Bool {
    page == other.page && x < other.x + other.width && other.x < x + width && y < other.y + other.height
      && other.y < y + height
  }
}

/// One image at one scale: the pixel rectangle in a sheet, and where that rectangle sits in the emoticon's
/// `pointSize × scale` square (trimming cuts transparent borders, so the rectangle may be smaller).
public struct SpritePlacement: Equatable, Hashable, Sendable, Codable {
  /// The sheet, an index into the pack's sheets.
  public var sheet: Int
  /// Left edge in the sheet, in pixels.
  public var x: Int
  /// Top edge in the sheet, in pixels.
  public var y: Int
  /// Width in pixels; 0 for an image with no visible pixel.
  public var width: Int
  /// Height in pixels; 0 for an image with no visible pixel.
  public var height: Int
  /// Where the rectangle's left edge goes in the square, in pixels.
  public var left: Int
  /// Where the rectangle's top edge goes in the square, in pixels.
  public var top: Int

  /// Creates a placement.
  public init(sheet: Int, x: Int, y: Int, width: Int, height: Int, left: Int = 0, top: Int = 0) {
    self.sheet = sheet
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.left = left
    self.top = top
  }

  /// True when the two rectangles share a pixel of one sheet.
  public func overlaps(_ o: SpritePlacement) -> Bool {
    sheet == o.sheet && x < o.x + o.width && o.x < x + width && y < o.y + o.height && o.y < y + height
  }

  /// True when the image covers its whole square (nothing was trimmed) for a square of `side` pixels.
  public func isUntrimmed(side: Int) -> Bool { left == 0 && top == 0 && width == side && height == side }
}

/// One still image of a pack: its placement at each of the pack's scales, in the order of `PackContents.scales`.
public struct PackImage: Equatable, Hashable, Sendable, Codable {
  /// One placement per scale.
  public var placements: [SpritePlacement]

  /// Creates an image.
  public init(placements: [SpritePlacement]) { self.placements = placements }
}

/// One sheet PNG as recorded in a pack.
/// A sheet file's format (`SFMT`, format 2.3; PNG in packs without it).
public enum SheetFormat: UInt8, Sendable, Codable, CaseIterable {
  case png = 0
  case webp = 1

  /// The format a name (`png`, `webp`, any case) or file name extension stands for.
  public static func named(_ name: String) -> SheetFormat? {
    allCases.first { $0.fileExtension == name.lowercased() }
  }

  /// The file name extension, without the dot.
  public var fileExtension: String {
    switch self {
    case .png: "png"
    case .webp: "webp"
    }
  }
}

public struct SheetRecord: Equatable, Sendable, Codable {
  /// The sheet's file name, beside the pack (such as `langxiaohua@2x.png`).
  public var fileName: String
  /// The scale this sheet serves (1, 2, 3 or 4).
  public var scale: Int
  /// The page number among this scale's sheets.
  public var page: Int
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// Size of the file in bytes.
  public var byteSize: Int
  /// SHA-256 of the file.
  public var sha256: [UInt8]
  /// The file's format (PNG unless the pack's SFMT says otherwise).
  public var format: SheetFormat = .png
  /// True when SFMT marks the sheet lossy: a reduced-palette PNG or a lossy WebP (false in packs without SFMT,
  /// whose META flag says only whether some sheet is a palette).
  public var lossy = false

  /// Creates a sheet record.
  public init(fileName: String, scale: Int, page: Int, width: Int, height: Int, byteSize: Int, sha256: [UInt8]) {
    self.fileName = fileName
    self.scale = scale
    self.page = page
    self.width = width
    self.height = height
    self.byteSize = byteSize
    self.sha256 = sha256
  }
}

/// One emoticon: an image with tags, or an emoji drawn by the system font.
public struct PackEntry: Equatable, Sendable, Codable {
  /// Whether the entry has an image.
  public enum Kind: UInt8, Sendable, Codable {
    /// An image emoticon with a sprite in the sheets.
    case image = 0
    /// An emoji-only entry drawn as text.
    case emoji = 1
  }

  /// The kind of entry.
  public var kind: Kind
  /// Tags, the first being the primary one (`[哈哈]`), then aliases.
  public var tags: [String]
  /// The emoji sequence this entry stands for, if any.
  public var emoji: String?
  /// The entry's still image, an index into `PackContents.images`; nil for emoji-only entries.
  public var image: Int?
  /// The entry's animation, an index into `PackContents.animations`; nil for a still.
  public var animation: Int?
  /// Codes beside the tags: literal codes (`/微笑`) and shortcodes (`:smile:`), in manifest order.
  public var codes: [String]
  /// True when `insert` writes the first code rather than the primary tag (always when there is no tag).
  public var insertsCode: Bool
  /// Search keywords (manifest, Weibo names, CLDR), in the order given.
  public var keywords: [PackKeyword]

  /// Creates an entry.
  public init(
    kind: Kind, tags: [String], emoji: String?, image: Int?, animation: Int? = nil, codes: [String] = [],
    insertsCode: Bool = false, keywords: [PackKeyword] = []
  ) {
    self.kind = kind
    self.tags = tags
    self.emoji = emoji
    self.image = image
    self.animation = animation
    self.codes = codes
    self.insertsCode = insertsCode || (tags.isEmpty && !codes.isEmpty)
    self.keywords = keywords
  }

  /// Every key in TAGS order: the one `insert` writes first.
  public var keys: [PackKey] {
    let t = tags.map { PackKey(text: $0, form: .tag) }
    let c = codes.map { PackKey(text: $0, form: PackKey.Form(code: $0)) }
    return insertsCode ? c + t : t + c
  }
}

/// A key a message can contain: a bracket tag or a code.
public struct PackKey: Equatable, Hashable, Sendable, Codable {
  /// How the key is written.
  public enum Form: UInt8, Sendable, Codable {
    /// `[哈哈]`.
    case tag = 0
    /// Any other text: `/微笑`, `/::)`.
    case code = 1
    /// `:name:`, no whitespace or colon inside.
    case shortcode = 2

    /// The form of a code (never `.tag`): a shortcode when it is `:name:`.
    public init(code: String) { self = PackKey.isShortcode(code) ? .shortcode : .code }
  }

  /// The key as typed.
  public var text: String
  /// Its form.
  public var form: Form

  /// Creates a key.
  public init(text: String, form: Form) {
    self.text = text
    self.form = form
  }

  /// The folded text search indexes for the key (`KeywordFold.compared`, as a query is compared): a tag's text
  /// between its brackets, a shortcode's name, a literal code as written but for a leading `:`.
  public var searchText: String { KeywordFold.compared(text) }

  /// True for `:name:` with a name of at least one character and no whitespace or colon in it.
  public static func isShortcode(_ code: String) -> Bool {
    let u = Array(code.unicodeScalars)
    guard u.count >= 3, u.first == ":", u.last == ":" else { return false }
    return !u[1..<(u.count - 1)].contains { $0 == ":" || $0.properties.isWhitespace }
  }
}

/// One search keyword of an entry.
public struct PackKeyword: Equatable, Hashable, Sendable, Codable {
  /// Where a keyword comes from.
  public enum Source: UInt8, Sendable, Codable {
    /// The manifest's `keywords` (or Weibo's `chs`/`cht` names).
    case manifest = 0
    /// A tag or code of the entry (written by the pack writer itself).
    case key = 1
    /// CLDR's short name of the emoji.
    case cldrName = 2
    /// A CLDR keyword of the emoji.
    case cldrKeyword = 3
  }

  /// The keyword as written.
  public var text: String
  /// Its BCP 47 locale (`zh-Hans`, `en`); nil for keys, which belong to no language.
  public var locale: String?
  /// Where it comes from.
  public var source: Source

  /// Creates a keyword.
  public init(text: String, locale: String?, source: Source) {
    self.text = text
    self.locale = locale
    self.source = source
  }
}

/// An animated image: its frames (each an image shown for a time), how often it plays, and its still frame.
public struct PackAnimation: Equatable, Hashable, Sendable, Codable {
  /// One frame.
  public struct Frame: Equatable, Hashable, Sendable, Codable {
    /// The frame's image, an index into `PackContents.images`.
    public var image: Int
    /// How long it is shown, in milliseconds (at least 1).
    public var duration: Int

    /// Creates a frame.
    public init(image: Int, duration: Int) {
      self.image = image
      self.duration = duration
    }
  }

  /// The frames in order.
  public var frames: [Frame]
  /// Total plays, 0 forever.
  public var loopCount: Int
  /// The frame shown when animations are off (reduced motion, notifications, keyboards that do not animate).
  public var still: Int

  /// Creates an animation.
  public init(frames: [Frame], loopCount: Int, still: Int) {
    self.frames = frames
    self.loopCount = loopCount
    self.still = still
  }

  /// One play's duration in milliseconds.
  public var duration: Int { frames.reduce(0) { $0 + $1.duration } }
}

/// Everything a `.pack` file holds, as plain values.
package struct PackContents: Equatable, Sendable, Codable {
  /// The pack identifier, such as `langxiaohua`.
  package var id: String
  /// The pack's version as written in its manifest.
  package var version: String
  /// Display names by locale (`zh-Hans`, `zh-Hant`, `en`…), sorted by locale.
  package var names: [LocalizedName]
  /// Point size of one emoticon.
  package var pointSize: Int
  /// The scales built, ascending.
  package var scales: [Int]
  /// Sheets ordered by scale, then page; scales may have different page counts.
  package var sheets: [SheetRecord]
  /// Still images, each with a placement per scale; entries (and shared sprites) point into it.
  package var images: [PackImage]
  /// Entries in keyboard order.
  package var entries: [PackEntry]
  /// Animations (entries point into it).
  package var animations: [PackAnimation]
  /// True when transparent borders were cut from the sprites.
  package var trimmed: Bool
  /// True when some sheet was written as a reduced palette (lossy).
  package var palette: Bool

  /// Creates contents.
  package init(
    id: String, version: String, names: [LocalizedName], pointSize: Int, scales: [Int], sheets: [SheetRecord],
    images: [PackImage], entries: [PackEntry], animations: [PackAnimation] = [], trimmed: Bool = false,
    palette: Bool = false
  ) {
    self.animations = animations
    self.id = id
    self.version = version
    self.names = names
    self.pointSize = pointSize
    self.scales = scales
    self.sheets = sheets
    self.images = images
    self.entries = entries
    self.trimmed = trimmed
    self.palette = palette
  }

  /// The most pages any scale has.
  package var pageCount: Int {
    scales.map { s in sheets.filter { $0.scale == s }.count }.max() ?? 0
  }
}

/// A display name in one locale.
public struct LocalizedName: Equatable, Hashable, Sendable, Codable {
  /// A BCP 47 locale such as `zh-Hans`.
  public var locale: String
  /// The name in that locale.
  public var name: String

  /// Creates a name.
  public init(locale: String, name: String) {
    self.locale = locale
    self.name = name
  }
}

/// True for a pack id: 1-128 ASCII letters, digits, '.', '_' or '-', not starting with '.' (it names files and
/// folders, in a build's output and in an installed store).
package func isPackID(_ id: String) -> Bool {
  !id.isEmpty && id.utf8.count <= 128 && !id.hasPrefix(".")
    && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
}
