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
  /// Siblings drawn for one scale (`a.png`, `a@2x.png`, `a@3x.png` beside the image), exactly `size × scale`
  /// pixels square: the sprite of that scale is taken from them as drawn instead of being resampled.
  public var variants: [ScaleVariant] = []

  /// The variant drawn for `scale`, if the pack ships one.
  public func variant(forScale scale: Int) -> ScaleVariant? { variants.first { $0.scale == scale } }
}

/// A source image drawn for one scale.
public struct ScaleVariant: Sendable, Equatable, Hashable {
  /// The scale it is drawn for.
  public var scale: Int
  /// Path relative to the pack folder.
  public var relativePath: String
  /// The full path.
  public var path: String
}
