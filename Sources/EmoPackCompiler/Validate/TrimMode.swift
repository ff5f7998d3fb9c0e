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
