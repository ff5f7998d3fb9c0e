/// Which of an entry's keys the keyboard inserts: its primary tag or its first code.
package enum InsertForm: String, Sendable, Equatable, CaseIterable {
  /// The primary tag.
  case tag
  /// The first code.
  case code
}
