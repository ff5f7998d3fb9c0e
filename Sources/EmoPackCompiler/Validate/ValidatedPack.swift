import EmoPNG
import EmoPackFormat

/// A pack that passed validation: every value checked, every image located and its header read.
package struct ValidatedPack: Sendable {
  /// The manifest it came from.
  package var manifest: PackManifest
  /// Entries in keyboard order.
  package var entries: [ValidatedEntry]
  /// The settings it is built with.
  package var settings: PackSettings

  /// The pack id.
  package var id: String { manifest.id }
}
