/// When sprites are trimmed (their fully transparent borders cut, their offset stored).
public enum TrimMode: String, Sendable, Equatable, Codable, CaseIterable {
  /// Per scale: trimmed when that cuts the scale's sprite pixels (rings included) by at least
  /// `TrimMode.autoSaving`; else whole squares, whose uniform grid compresses better and packs faster.
  case auto
  /// Every sprite trimmed.
  case always
  /// Whole squares.
  case never

  /// The share of a scale's sprite pixels trimming must save in `auto`.
  public static let autoSaving = 0.15
}

/// How sprites are put on sheets.
public enum SheetLayout: String, Sendable, Equatable, Codable, CaseIterable {
  /// Page groups chosen by content (`PageChunker`: about 32 emoticons, in keyboard order), each on sheets of its
  /// own: an edit re-encodes only the sheets of the page groups it touches, and every other sheet keeps its bytes
  /// and its name.
  case pages
  /// All sprites of a scale on as few sheets as the largest sheet side allows (`--single-page` asks for this).
  case global
}
