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

/// One checked emoticon.
public struct ValidatedEntry: Sendable, Equatable {
  /// Image or emoji-only.
  public var kind: PackEntry.Kind
  /// Tags, primary first.
  public var tags: [String]
  /// The emoji sequence, if any.
  public var emoji: String?
  /// The source image, for image entries.
  public var image: ImageSource?
}

/// A source image found on disk.
public struct ImageSource: Sendable, Equatable, Hashable {
  /// Path relative to the pack folder, as the manifest names it.
  public var relativePath: String
  /// The full path.
  public var path: String
  /// Width from the PNG header.
  public var width: Int
  /// Height from the PNG header.
  public var height: Int
  /// Where the manifest names it.
  public var location: DiagnosticLocation
}
