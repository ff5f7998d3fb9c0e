import EmoPackFormat

/// A pack as described by its manifest, whatever the manifest's format.
public struct PackManifest: Sendable {
  /// The manifest formats emopack reads.
  public enum Format: String, Sendable, Codable {
    /// `pack.json` or `pack.plist` (docs/MANIFEST.md).
    case native
    /// Weibo's `info.plist` / `info.json`.
    case weibo
    /// NetEase NIM's `emoji.plist`.
    case nim
  }

  /// The manifest's format.
  public var format: Format
  /// The pack folder; image paths are relative to it.
  public var folder: String
  /// The manifest file.
  public var manifestPath: String
  /// Where the pack as a whole is described (for pack-level diagnostics).
  public var location: DiagnosticLocation
  /// The pack id.
  public var id: String
  /// The pack version, as text.
  public var version: String
  /// Display names by locale, sorted by locale.
  public var names: [LocalizedName]
  /// Point size of an emoticon.
  public var pointSize: Int
  /// Scales to build.
  public var scales: [Int]
  /// Build options the manifest sets.
  public var options: ManifestOptions
  /// Entries in keyboard order.
  public var entries: [ManifestEntry]
  /// Where the point size is given (the pack's location when defaulted).
  public var sizeLocation: DiagnosticLocation
  /// Where the scales are given (the pack's location when defaulted).
  public var scalesLocation: DiagnosticLocation
  /// True when the manifest names the scales; otherwise they are chosen from what the sources can give.
  public var scalesGiven = false

  /// Creates a manifest.
  public init(
    format: Format, folder: String, manifestPath: String, location: DiagnosticLocation, id: String, version: String,
    names: [LocalizedName], pointSize: Int, scales: [Int], options: ManifestOptions = .init(),
    entries: [ManifestEntry]
  ) {
    self.format = format
    self.folder = folder
    self.manifestPath = manifestPath
    self.location = location
    self.id = id
    self.version = version
    self.names = names
    self.pointSize = pointSize
    self.scales = scales
    self.options = options
    self.entries = entries
    self.sizeLocation = location
    self.scalesLocation = location
  }
}

/// One frame of an animation given as images.
public struct ManifestFrame: Sendable, Equatable {
  /// The frame's image.
  public var image: Located<String>
  /// How long it shows, in milliseconds.
  public var delay: Located<Int>

  /// Creates a frame.
  public init(image: Located<String>, delay: Located<Int>) {
    self.image = image
    self.delay = delay
  }
}

/// Build settings a manifest may carry, each with where it was given; flags on the command line override them.
public struct ManifestOptions: Sendable, Equatable {
  /// Resampling filter (`lanczos3`, `mitchell`, `catmull-rom`, `box`), parsed by the manifest reader.
  public var filter: Located<ResamplingFilter>?
  /// Largest sheet side in pixels at the largest scale.
  public var maxSheetSide: Located<Int>?
  /// Padding between sprites, in points.
  public var padding: Located<Int>?
  /// Whether sheet sides must be powers of two.
  public var powerOfTwo: Located<Bool>?
  /// Whether translucent pixels keep their exact straight colours (see `PremultipliedForm`).
  public var exactColors: Located<Bool>?
  /// Whether transparent borders are cut from sprites.
  public var trim: Located<Bool>?
  /// Border pixels with alpha at most this are cut when trimming.
  public var trimAlpha: Located<Int>?
  /// Whether sheets are written as reduced palettes (lossy, held to the SSIM floor).
  public var palette: Located<Bool>?

  /// Creates options; nil means "use the default".
  public init(
    filter: Located<ResamplingFilter>? = nil, maxSheetSide: Located<Int>? = nil, padding: Located<Int>? = nil,
    powerOfTwo: Located<Bool>? = nil, exactColors: Located<Bool>? = nil, trim: Located<Bool>? = nil,
    trimAlpha: Located<Int>? = nil, palette: Located<Bool>? = nil
  ) {
    self.trim = trim
    self.trimAlpha = trimAlpha
    self.palette = palette
    self.filter = filter
    self.maxSheetSide = maxSheetSide
    self.padding = padding
    self.powerOfTwo = powerOfTwo
    self.exactColors = exactColors
  }
}

/// A value read from a manifest, with where it was read.
public struct Located<Value: Sendable & Equatable>: Sendable, Equatable {
  /// The value.
  public var value: Value
  /// Where it is in the manifest.
  public var location: DiagnosticLocation

  /// Creates a located value.
  public init(_ value: Value, _ location: DiagnosticLocation) {
    self.value = value
    self.location = location
  }
}

/// One emoticon as the manifest describes it, before validation.
public struct ManifestEntry: Sendable, Equatable {
  /// The source image, relative to the pack folder; nil for emoji-only entries.
  public var image: Located<String>?
  /// Tags in order: primary first, then aliases.
  public var tags: [Located<String>]
  /// The emoji as written: hex codepoints separated by spaces (`1F468 200D 1F469`).
  public var emoji: Located<String>?
  /// Where the entry is.
  public var location: DiagnosticLocation
  /// True when the reader already reported an error in this entry (later checks then stay quiet about it).
  public var hasReaderErrors = false
  /// An animation file (GIF or APNG) beside `image`, which is then the still (Weibo's `gif`).
  public var animationFile: Located<String>?
  /// An animation given as frames: each an image and its delay in milliseconds (native `frames`).
  public var frames: [ManifestFrame] = []
  /// Total plays, 0 forever (native `loop`), overriding the file's.
  public var loop: Located<Int>?
  /// The still frame's index (native `still`).
  public var still: Located<Int>?
  /// Codes beside the tags: literal codes and `:shortcodes:` (native `codes`).
  public var codes: [Located<String>] = []
  /// Which key `insert` writes (native `insert`); nil: the primary tag, else the first code.
  public var insert: Located<InsertForm>?
  /// Search keywords by locale, in the order given (native `keywords`; Weibo's `chs`/`cht`).
  public var keywords: [ManifestKeyword] = []

  /// Creates an entry.
  public init(image: Located<String>?, tags: [Located<String>], emoji: Located<String>?, location: DiagnosticLocation) {
    self.image = image
    self.tags = tags
    self.emoji = emoji
    self.location = location
  }
}

/// A search keyword as a manifest gives it.
public struct ManifestKeyword: Sendable, Equatable {
  /// Its BCP 47 locale, as the manifest's key names it.
  public var locale: String
  /// The keyword, with where it is.
  public var text: Located<String>

  /// Creates a keyword.
  public init(locale: String, text: Located<String>) {
    self.locale = locale
    self.text = text
  }
}

/// Which of an entry's keys the keyboard inserts: its primary tag or its first code.
public enum InsertForm: String, Sendable, Equatable, CaseIterable {
  /// The primary tag.
  case tag
  /// The first code.
  case code
}
