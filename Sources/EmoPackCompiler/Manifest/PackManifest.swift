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
