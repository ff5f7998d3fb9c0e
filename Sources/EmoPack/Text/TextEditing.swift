/// The result of an edit: the new text and where the cursor goes (UTF-16 offset).
public struct TextEdit: Sendable, Equatable {
  /// The text after the edit.
  public var text: String
  /// The cursor after the edit, in UTF-16 code units.
  public var cursor: Int

  /// Creates an edit result.
  public init(text: String, cursor: Int) {
    self.text = text
    self.cursor = cursor
  }
}

extension Tokenizer {
  /// Inserts `emoticon` (its primary tag, or its emoji) at the UTF-16 offset `cursor`.
  ///
  /// A cursor inside a tag or a grapheme cluster is moved to that run's end first, so an insertion never
  /// splits one.
  public func insert(_ emoticon: Emoticon, into text: String, at cursor: Int) -> TextEdit {
    let position = snapForward(text, cursor)
    let index = String.Index(utf16Offset: position, in: text)
    var out = text
    let insertion = emoticon.insertionText
    out.insert(contentsOf: insertion, at: index)
    return TextEdit(text: out, cursor: position + insertion.utf16.count)
  }

  /// Deletes backward from the UTF-16 offset `cursor`: a whole `[tag]` emoticon, a whole emoji, or one
  /// whole grapheme cluster — never half of any of them.
  public func deleteBackward(in text: String, at cursor: Int) -> TextEdit {
    let position = snapForward(text, cursor)
    guard position > 0 else { return TextEdit(text: text, cursor: 0) }
    let tokens = tokenize(text)
    for k in tokens.indices where tokens.kind(at: k) != .text && tokens.utf16Range(at: k).upperBound == position {
      let range = tokens.utf16Range(at: k)
      var out = text
      let lo = String.Index(utf16Offset: range.lowerBound, in: text)
      let hi = String.Index(utf16Offset: range.upperBound, in: text)
      out.removeSubrange(lo..<hi)
      return TextEdit(text: out, cursor: range.lowerBound)
    }
    let end = String.Index(utf16Offset: position, in: text)
    let start = text.index(before: end)
    var out = text
    out.removeSubrange(start..<end)
    return TextEdit(text: out, cursor: start.utf16Offset(in: text))
  }

  /// `cursor` clamped to the text and moved forward out of any emoticon, emoji or grapheme cluster it splits.
  func snapForward(_ text: String, _ cursor: Int) -> Int {
    let length = text.utf16.count
    var c = min(max(cursor, 0), length)
    let tokens = tokenize(text)
    for k in tokens.indices where tokens.kind(at: k) != .text {
      let range = tokens.utf16Range(at: k)
      if range.contains(c) && range.lowerBound != c { c = range.upperBound }
    }
    // Round up to a Character boundary.
    var offset = 0
    for ch in text {
      if offset >= c { break }
      offset += ch.utf16.count
    }
    return max(c, offset)
  }
}
