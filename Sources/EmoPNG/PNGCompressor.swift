/// The deflate implementation that compresses the image data.
package enum PNGCompressor: String, CaseIterable, Sendable {
  /// zlib through libpng's row writer: levels 0...9, strategies and memLevel apply.
  case zlib
  /// libdeflate on the whole filtered image: levels 0...12, where 10–12 use near-optimal parsing
  /// (smaller than zlib's best); strategy and memLevel do not apply.
  case libdeflate
  /// zopfli on the whole filtered image: `level` is its iteration count (1...1000). Up to a few per cent smaller
  /// than libdeflate's level 12, about a hundred times slower; strategy and memLevel do not apply.
  case zopfli
}
