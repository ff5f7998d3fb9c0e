/// PNG row filters (the filter byte before each row).
package enum PNGRowFilter: String, CaseIterable, Sendable {
  case none, sub, up, average, paeth
  /// libpng's per-row choice among all five by minimum sum of absolute differences.
  case adaptive
  /// The adaptive choice on the eighth of the rows where it saves the most of that cost, the other rows
  /// unfiltered (libdeflate only; with zlib it is `adaptive`). On emoticon sheets it buys part of adaptive
  /// filtering's gain for a part of its compression time (docs/BENCHMARKS.md).
  case mixed

  var mask: Int32 {
    switch self {
    case .none: return 0x08
    case .sub: return 0x10
    case .up: return 0x20
    case .average: return 0x40
    case .paeth: return 0x80
    case .adaptive: return 0xF8
    case .mixed: return 0xF8 | 0x100
    }
  }
}
