import EmoPackFormat

/// One checked emoticon.
package struct ValidatedEntry: Sendable, Equatable {
  /// Image or emoji-only.
  package var kind: PackEntry.Kind
  /// Tags, primary first.
  package var tags: [String]
  /// The emoji sequence, if any.
  package var emoji: String?
  /// The source image, for image entries: the still (for an animation, the drawing shown when animations are
  /// off; nil when the still is one of its frames).
  package var image: ImageSource?
  /// The animation, for animated entries.
  package var animation: ValidatedAnimation?
  /// Codes beside the tags (literal codes and shortcodes).
  package var codes: [String] = []
  /// True when `insert` writes the first code.
  package var insertsCode = false
  /// Search keywords: the manifest's, then CLDR's for the locales the build asks for.
  package var keywords: [PackKeyword] = []
}
