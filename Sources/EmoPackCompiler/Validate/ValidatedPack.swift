import EmoPNG
import EmoPackFormat

/// A pack that passed validation: every value checked, every image located and its header read.
public struct ValidatedPack: Sendable {
  /// The manifest it came from.
  public var manifest: PackManifest
  /// Entries in keyboard order.
  public var entries: [ValidatedEntry]
  /// The settings it is built with.
  public var settings: PackSettings

  /// The pack id.
  public var id: String { manifest.id }
}
