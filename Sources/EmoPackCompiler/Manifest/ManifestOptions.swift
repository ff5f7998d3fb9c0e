import EmoPackFormat

/// Build settings a manifest may carry, each with where it was given; flags on the command line override them.
package struct ManifestOptions: Sendable, Equatable {
  /// Resampling filter (`lanczos3`, `mitchell`, `catmull-rom`, `box`), parsed by the manifest reader.
  package var filter: Located<ResamplingFilter>?
  /// Largest sheet side in pixels at the largest scale.
  package var maxSheetSide: Located<Int>?
  /// Padding between sprites, in points.
  package var padding: Located<Int>?
  /// Whether sheet sides must be powers of two.
  package var powerOfTwo: Located<Bool>?
  /// Whether translucent pixels keep their exact straight colours (see `PremultipliedForm`).
  package var exactColors: Located<Bool>?
  /// Whether transparent borders are cut from sprites.
  package var trim: Located<Bool>?
  /// Border pixels with alpha at most this are cut when trimming.
  package var trimAlpha: Located<Int>?
  /// Whether sheets are written as reduced palettes (lossy, held to the SSIM floor).
  package var palette: Located<Bool>?
  /// The sheet file format.
  package var sheetFormat: Located<SheetFormat>?

  /// Creates options; nil means "use the default".
  package init(
    filter: Located<ResamplingFilter>? = nil, maxSheetSide: Located<Int>? = nil, padding: Located<Int>? = nil,
    powerOfTwo: Located<Bool>? = nil, exactColors: Located<Bool>? = nil, trim: Located<Bool>? = nil,
    trimAlpha: Located<Int>? = nil, palette: Located<Bool>? = nil
  ) {
    self.trim = trim
    self.trimAlpha = trimAlpha
    self.palette = palette
    self.filter = filter
    self.maxSheetSide = maxSheetSide
    self.padding = padding
    self.powerOfTwo = powerOfTwo
    self.exactColors = exactColors
  }
}
