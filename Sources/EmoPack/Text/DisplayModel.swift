/// Which of a message's two texts an offset or range is in.
///
/// The source text is what is sent and stored (`今天[哈哈]`); the display text is what a text view holds, with
/// each emoticon shown as an image replaced by one U+FFFC (`今天￼`), as `NSTextAttachment` expects.
public enum TextSpace: Sendable, Equatable {
  /// The plain text with tags.
  case source
  /// The text with one U+FFFC per emoticon shown as an image.
  case display
}

/// How a message is shown.
public struct DisplayOptions: Sendable, Equatable {
  /// Emoji whose catalog entry has an image are shown as that image (one U+FFFC) instead of the system's glyph.
  public var emojiAsImages: Bool

  /// Creates options; by default emoji are shown as characters.
  public init(emojiAsImages: Bool = false) {
    self.emojiAsImages = emojiAsImages
  }
}

/// A run of display text: text shown as it is, or one emoticon shown as an image.
public enum DisplayRun: Sendable, Equatable {
  /// Text, the same in the source and the display text.
  case text(String)
  /// An emoticon shown as one U+FFFC, with the source text it stands for (its tag or emoji, as typed).
  case attachment(EmoticonRef, source: String)

  /// The object replacement character that stands for an attachment in the display text.
  public static let attachmentCharacter: Character = "\u{FFFC}"

  /// What this run reads as in the display text.
  public var displayText: String {
    switch self {
    case .text(let s): s
    case .attachment: String(Self.attachmentCharacter)
    }
  }

  /// What this run reads as in the source text.
  public var sourceText: String {
    switch self {
    case .text(let s): s
    case .attachment(_, let s): s
    }
  }
}

/// One change to a text: replace `range` (UTF-16 offsets in the text before the change) with `replacement`.
public struct TextChange: Sendable, Equatable {
  /// The UTF-16 range to replace (an `NSRange`'s location and length), in the text before the edit.
  public var range: Range<Int>
  /// The replacement as it reads in this text.
  public var replacement: String
  /// The replacement as runs: text, and attachments with the emoticon each one shows.
  public var runs: [DisplayRun]
  /// The cursor after the edit, as a UTF-16 offset in the text after it.
  public var cursor: Int

  /// Creates a change.
  public init(range: Range<Int>, replacement: String, runs: [DisplayRun], cursor: Int) {
    self.range = range
    self.replacement = replacement
    self.runs = runs
    self.cursor = cursor
  }

  /// `text` with this change applied (for tests and for text kept in a `String`); a range reaching outside
  /// `text` is cut to it.
  public func applied(to text: String) -> String {
    let u = text.utf16
    let lo = u.index(u.startIndex, offsetBy: min(max(0, range.lowerBound), u.count))
    let hi = u.index(u.startIndex, offsetBy: min(max(0, range.upperBound), u.count))
    var out = text
    out.replaceSubrange(lo..<hi, with: replacement)
    return out
  }
}

/// What an edit did, to the source text and to the display text alike.
public struct TextEditResult: Sendable, Equatable {
  /// The change to the source text.
  public var source: TextChange
  /// The change to the display text.
  public var display: TextChange

  /// True when the edit changed nothing (a delete at the start, say).
  public var isEmpty: Bool { source.range.isEmpty && source.replacement.isEmpty }
}
