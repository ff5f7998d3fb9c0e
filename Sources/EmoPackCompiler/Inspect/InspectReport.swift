import EmoPackFormat

/// What `emopack inspect` shows: a pack's contents as plain values, with optional verification.
///
/// `inspect --json` prints it as is; docs/inspect.schema.json is its JSON Schema.
public struct InspectReport: Sendable, Codable, Equatable {
  /// The version of this shape; it grows when a field changes meaning or goes away.
  public static let currentSchemaVersion = 3

  /// The file format.
  public struct Format: Sendable, Codable, Equatable {
    /// Major version.
    public var major: Int
    /// Minor version.
    public var minor: Int
    /// True when sprites may be trimmed (placed with offsets in their square).
    public var trimmed: Bool
    /// True when some sheets are lossy (palette PNGs or VP8 WebP).
    public var lossySheets: Bool
  }

  /// One sheet.
  public struct Sheet: Sendable, Codable, Equatable {
    /// File name beside the pack.
    public var file: String
    /// The scale and the page of that scale it holds.
    public var scale, page: Int
    /// Its size in pixels.
    public var width, height: Int
    /// The file's size in bytes.
    public var bytes: Int
    /// SHA-256 as hex.
    public var sha256: String
    /// Sprite pixels / sheet pixels.
    public var occupancy: Double
    /// The file format, `png` or `webp`.
    public var fileFormat: String = "png"
    /// True when the pack marks the sheet lossy (SFMT, format 2.3).
    public var lossy = false
  }

  /// Where an image sits in one scale's sheets.
  public struct Sprite: Sendable, Codable, Equatable {
    /// The scale.
    public var scale: Int
    /// The page of that scale (the sheet is the one with this scale and page).
    public var page: Int
    /// The stored rectangle's left and top edges in that sheet, in pixels.
    public var x, y: Int
    /// The stored rectangle's size; a width of 0 stores nothing (an image with no visible pixel).
    public var width, height: Int
    /// Where the rectangle sits in the image's square (non-zero when trimmed).
    public var left, top: Int
    /// True when the rectangle is smaller than the square (trimmed).
    public var trimmed: Bool
  }

  /// One frame of an animation.
  public struct Frame: Sendable, Codable, Equatable {
    /// How long it shows, in milliseconds.
    public var delayMs: Int
    /// Its image at each scale.
    public var sprites: [Sprite]
  }

  /// An entry's animation.
  public struct Animation: Sendable, Codable, Equatable {
    /// The frames in order.
    public var frames: [Frame]
    /// One play, in milliseconds.
    public var durationMs: Int
    /// Total plays; 0 plays forever.
    public var loopCount: Int
    /// The frame shown when animations are off.
    public var still: Int
  }

  /// An entry's emoji.
  public struct Emoji: Sendable, Codable, Equatable {
    /// The emoji as text.
    public var text: String
    /// Its scalars as upper-case hex (`1F600`).
    public var codepoints: [String]
  }

  /// One search keyword.
  public struct Keyword: Sendable, Codable, Equatable {
    /// The keyword as written.
    public var text: String
    /// Its BCP 47 locale; nil for keys.
    public var locale: String?
    /// Where it comes from: `manifest`, `key`, `cldrName` or `cldrKeyword`.
    public var source: String
  }

  /// One entry.
  public struct Entry: Sendable, Codable, Equatable {
    /// Keyboard position.
    public var index: Int
    /// `image` or `emoji`.
    public var kind: String
    /// Tags.
    public var tags: [String]
    /// Codes (literal codes and shortcodes).
    public var codes: [String]
    /// The key `insert` writes.
    public var inserts: String?
    /// The emoji it stands for, if any.
    public var emoji: Emoji?
    /// Its still image at each scale (empty for an emoji entry).
    public var sprites: [Sprite]
    /// Its animation, if any.
    public var animation: Animation?
    /// Search keywords.
    public var keywords: [Keyword]
  }

  /// The version of this shape (`currentSchemaVersion`).
  public var schemaVersion: Int
  /// Pack id.
  public var id: String
  /// Version.
  public var version: String
  /// Names by locale.
  public var names: [LocalizedName]
  /// File size.
  public var fileBytes: Int
  /// Format version and flags.
  public var format: Format
  /// Point size.
  public var pointSize: Int
  /// Scales.
  public var scales: [Int]
  /// Sheets.
  public var sheets: [Sheet]
  /// Entries.
  public var entries: [Entry]
  /// Verification result: nil when not asked, else the problems found as coded diagnostics (empty when sound).
  public var problems: [Diagnostic]?
}
