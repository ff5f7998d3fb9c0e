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
  /// The source image, for image entries: the still (for an animation, the drawing shown when animations are
  /// off; nil when the still is one of its frames).
  public var image: ImageSource?
  /// The animation, for animated entries.
  public var animation: ValidatedAnimation?
  /// Codes beside the tags (literal codes and shortcodes).
  public var codes: [String] = []
  /// True when `insert` writes the first code.
  public var insertsCode = false
  /// Search keywords: the manifest's, then CLDR's for the locales the build asks for.
  public var keywords: [PackKeyword] = []
}

/// A checked animation: a GIF or APNG file, or frames given as images.
public struct ValidatedAnimation: Sendable, Equatable {
  /// Where the frames come from.
  public enum Frames: Sendable, Equatable {
    /// A GIF or an animated PNG, with the frame count its first pass found.
    case file(ImageSource, frameCount: Int)
    /// Still images, each shown for its delay in milliseconds.
    case images([ImageSource], delays: [Int])
  }

  /// The frames.
  public var frames: Frames
  /// Total plays, 0 forever, when the manifest says (else the file's; frames given as images loop forever).
  public var loop: Int?
  /// The still frame when the manifest names one (else the first frame, or the entry's own still image).
  public var still: Int?

  /// The image files it reads.
  public var sources: [ImageSource] {
    switch frames {
    case .file(let f, _): [f]
    case .images(let images, _): images
    }
  }
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
