import EmoPNG

/// How hard the sheet encoders work for fewer bytes, in every sheet format.
///
/// For PNG, every effort compresses with libdeflate, whose levels 10–12 parse near-optimally; `max` adds a zopfli
/// pass on small sheets (`zopfliSheetBytes`). On emoticon sheets libdeflate
/// runs much faster on unfiltered rows than on filtered ones, and unfiltered rows compress well as long as
/// deflate's 32 KiB window holds at least eight of them (they compress by matching the rows just above). Wider rows (a 2x or 3x sheet more than 1,024 pixels wide) lose that, and there part of the rows
/// are filtered. `max` tries every filter at level 12.
public enum Effort: String, CaseIterable, Sendable, Codable {
  /// One pass: no row filter, libdeflate level 6 (faster than zlib level 9 and a little smaller).
  case fast
  /// One pass per lossless form at libdeflate level 10 (near-optimal parsing): rows of up to
  /// `Effort.wideRowBytes` bytes unfiltered, wider 8-bit rows with `PNGRowFilter.mixed` (the eighth of the
  /// rows that gain most from a filter get their best one).
  case `default`
  /// Every row filter and the adaptive per-row choice at libdeflate level 12, plus `optipng -o2`'s eight zlib
  /// trials (filters none/adaptive × strategies 0–3 at memLevel 8), over every lossless form; keeps the smallest.
  case max

  /// The widest row, in bytes, that `default` leaves unfiltered: deflate's 32 KiB window then holds at least 8 rows.
  package static let wideRowBytes = 4096
  /// Sheets of at most this many raw bytes also get a zopfli pass on unfiltered rows at `max`, and the smaller
  /// result is kept: zopfli finds up to a few per cent more than libdeflate's level 12 on emoticon sheets at a
  /// hundred times its cost.
  package static let zopfliSheetBytes = 1 << 19

  /// zopfli's iterations in that pass: most of its gain comes from the first few.
  package var zopfliIterations: Int { 15 }

  /// A sheet's raw sample bytes, `width` × `height` × the layout's channels (Int.max when that overflows): what
  /// the size thresholds compare.
  static func rawBytes(width: Int, height: Int, layout: PNGPixelLayout) -> Int {
    let (pixels, o1) = width.multipliedReportingOverflow(by: height)
    let (bytes, o2) = pixels.multipliedReportingOverflow(by: layout.channels)
    return o1 || o2 ? .max : bytes
  }

  /// The zopfli pass for a sheet of `width` × `height` pixels in `layout`, nil when this effort makes none (only
  /// `max` does: in page groups every sheet is small, and zopfli on each would multiply the default build's time
  /// for about 2% of the bytes).
  package func zopfliOptions(width: Int, height: Int, layout: PNGPixelLayout) -> PNGEncodeOptions? {
    guard self == .max, Self.rawBytes(width: width, height: height, layout: layout) <= Self.zopfliSheetBytes
    else { return nil }
    return PNGEncodeOptions(compressor: .zopfli, level: zopfliIterations, filter: .none)
  }

  /// The compressor and level of the one pass `fast` and `default` make (those of the benchmark floor), with
  /// no row filter.
  package var singlePassOptions: PNGEncodeOptions {
    switch self {
    case .fast: return PNGEncodeOptions(compressor: .libdeflate, level: 6, filter: .none)
    case .default, .max: return PNGEncodeOptions(compressor: .libdeflate, level: 10, filter: .none)
    }
  }

  /// The one pass for an image `width` pixels wide in `layout`: `singlePassOptions`, with `default` filtering
  /// the mixed share of 8-bit rows wider than `wideRowBytes` (indexed rows stay unfiltered).
  package func singlePassOptions(width: Int, height: Int = .max, layout: PNGPixelLayout) -> PNGEncodeOptions {
    var options = singlePassOptions
    if self == .default, layout.isEightBitSamples, width * layout.channels > Self.wideRowBytes {
      options.filter = .mixed
    }
    return options
  }
}

/// The older name of `Effort`, from when only PNG sheets had one.
@available(*, deprecated, renamed: "Effort")
public typealias PNGEffort = Effort
