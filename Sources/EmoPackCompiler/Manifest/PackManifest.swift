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
  /// The settings the manifest gives (the keys `SettingsTable` names), by setting name, each where it is written;
  /// `PackSettings.resolve` checks them.
  package var settings: [String: Located<Setting.Value>]
  /// Entries in keyboard order.
  package var entries: [ManifestEntry]

  /// Creates a manifest.
  package init(
    format: Format, folder: String, manifestPath: String, location: DiagnosticLocation, id: String, version: String,
    names: [LocalizedName], settings: [String: Located<Setting.Value>] = [:], entries: [ManifestEntry]
  ) {
    self.format = format
    self.folder = folder
    self.manifestPath = manifestPath
    self.location = location
    self.id = id
    self.version = version
    self.names = names
    self.settings = settings
    self.entries = entries
  }
}
