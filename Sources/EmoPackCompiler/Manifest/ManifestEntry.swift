/// One emoticon as the manifest describes it, before validation.
package struct ManifestEntry: Sendable, Equatable {
  /// The source image, relative to the pack folder; nil for emoji-only entries.
  package var image: Located<String>?
  /// Tags in order: primary first, then aliases.
  package var tags: [Located<String>]
  /// The emoji as written: hex codepoints separated by spaces (`1F468 200D 1F469`).
  package var emoji: Located<String>?
  /// Where the entry is.
  package var location: DiagnosticLocation
  /// True when the reader already reported an error in this entry (later checks then stay quiet about it).
  package var hasReaderErrors = false
  /// An animation file (GIF or APNG) beside `image`, which is then the still (Weibo's `gif`).
  package var animationFile: Located<String>?
  /// An animation given as frames: each an image and its delay in milliseconds (native `frames`).
  package var frames: [ManifestFrame] = []
  /// Total plays, 0 forever (native `loop`), overriding the file's.
  package var loop: Located<Int>?
  /// The still frame's index (native `still`).
  package var still: Located<Int>?
  /// Codes beside the tags: literal codes and `:shortcodes:` (native `codes`).
  package var codes: [Located<String>] = []
  /// Which key `insert` writes (native `insert`); nil: the primary tag, else the first code.
  package var insert: Located<InsertForm>?
  /// Search keywords by locale, in the order given (native `keywords`; Weibo's `chs`/`cht`).
  package var keywords: [ManifestKeyword] = []

  /// Creates an entry.
  package init(image: Located<String>?, tags: [Located<String>], emoji: Located<String>?, location: DiagnosticLocation) {
    self.image = image
    self.tags = tags
    self.emoji = emoji
    self.location = location
  }
}
