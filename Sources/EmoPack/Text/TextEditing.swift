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
  /// splits one. This builds an `EmoticonText` for the message; an editor keeps one instead.
  public func insert(_ emoticon: Emoticon, into text: String, at cursor: Int) -> TextEdit {
    var model = EmoticonText(text, tokenizer: self)
    let position = model.wholeTokens(cursor..<cursor, in: .source).upperBound
    let change = model.replace(position..<position, in: .source, with: emoticon.insertionText)
    return TextEdit(text: model.source, cursor: change.source.cursor)
  }

  /// Deletes backward from the UTF-16 offset `cursor`: a whole `[tag]` emoticon, a whole emoji, or one
  /// whole grapheme cluster — never half of any of them.
  ///
  /// This builds an `EmoticonText` for the message; an editor keeps one instead.
  public func deleteBackward(in text: String, at cursor: Int) -> TextEdit {
    var model = EmoticonText(text, tokenizer: self)
    let change = model.deleteBackward(at: cursor, in: .source)
    return TextEdit(text: model.source, cursor: change.source.cursor)
  }
}
