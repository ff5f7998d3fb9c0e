import EmoPackFormat

/// A pack as described by its manifest, whatever the manifest's format.
package struct PackManifest: Sendable {
  /// The manifest formats emopack reads.
  package enum Format: String, Sendable, Codable {
    /// `pack.json` or `pack.plist` (docs/MANIFEST.md).
    case native
    /// Weibo's `info.plist` / `info.json`.
    case weibo
    /// NetEase NIM's `emoji.plist`.
    case nim
    /// A YYText-style code list: `info.plist` as an array of `{code: image}` dictionaries.
    case codeList
  }

  /// The manifest's format.
  package var format: Format
  /// The pack folder; image paths are relative to it.
  package var folder: String
  /// The manifest file.
  package var manifestPath: String
  /// Where the pack as a whole is described (for pack-level diagnostics).
  package var location: DiagnosticLocation
  /// The pack id.
  package var id: String
  /// The pack version, as text.
  package var version: String
  /// Display names by locale, sorted by locale.
  package var names: [LocalizedName]
  /// Point size of an emoticon.
  package var pointSize: Int
  /// Scales to build.
  package var scales: [Int]
  /// Build options the manifest sets.
  package var options: ManifestOptions
  /// Entries in keyboard order.
  package var entries: [ManifestEntry]
  /// Where the point size is given (the pack's location when defaulted).
  package var sizeLocation: DiagnosticLocation
  /// Where the scales are given (the pack's location when defaulted).
  package var scalesLocation: DiagnosticLocation
  /// True when the manifest names the scales; otherwise they are chosen from what the sources can give.
  package var scalesGiven = false

  /// Creates a manifest.
  package init(
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
