import EmoPackFormat

// Emoji: the one grapheme cluster an entry stands for, claimed once per pack.
extension PackValidation {
  /// The entry's emoji, parsed and claimed; nil when it has none or it is refused.
  mutating func emoji(of entry: ManifestEntry) -> String? {
    guard let e = entry.emoji else { return nil }
    switch EmojiCodepoints.parse(e.value) {
    case .failure(let box):
      d.error(.emojiInvalid, EmojiCodepoints.message(box.failure, text: e.value), at: e.location)
    case .success(let s):
      if s.count != 1 {
        d.error(
          .emojiNotOneCluster,
          "emoji '\(e.value)' (\(EmojiCodepoints.hex(s))) is \(s.count) characters, not one grapheme cluster",
          at: e.location)
      } else if let first = seenEmoji[EmojiCodepoints.identity(s)] {
        d.error(.emojiTwice, "emoji \(EmojiCodepoints.hex(s)) is claimed twice", at: e.location)
        d.note(.firstDefinedHere, "first claimed here", at: first)
      } else {
        seenEmoji[EmojiCodepoints.identity(s)] = e.location
        return s
      }
    }
    return nil
  }
}
