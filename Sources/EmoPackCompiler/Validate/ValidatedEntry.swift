import EmoPackFormat

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
