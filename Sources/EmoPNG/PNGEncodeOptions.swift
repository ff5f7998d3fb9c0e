/// Compressor and filter settings for one encode.
package struct PNGEncodeOptions: Equatable, Sendable {
  /// Which deflate implementation compresses the rows.
  package var compressor: PNGCompressor
  /// zlib level 0...9, libdeflate level 0...12, or zopfli iterations 1...1000.
  package var level: Int
  /// zlib strategy (zlib only).
  package var strategy: PNGStrategy
  /// zlib memLevel 1...9 (zlib only).
  package var memLevel: Int
  /// The row filter.
  package var filter: PNGRowFilter

  /// Creates options; the defaults are zlib level 9, default strategy, memLevel 9, adaptive filter.
  package init(
    compressor: PNGCompressor = .zlib, level: Int = 9, strategy: PNGStrategy = .default, memLevel: Int = 9,
    filter: PNGRowFilter = .adaptive
  ) {
    self.compressor = compressor
    self.level = level
    self.strategy = strategy
    self.memLevel = memLevel
    self.filter = filter
  }
}
