import EmoPNG
import EmoPackFormat

/// The settings one pack is built with: flags over the manifest over the defaults, resolved and checked once.
package struct PackSettings: Sendable, Equatable, Encodable {
  /// Point size.
  package var pointSize: Int
  /// Scales, ascending.
  package var scales: [Int]
  /// True when the flags or the manifest name the scales; else the validator keeps only those every source
  /// has the pixels for.
  package var scalesGiven: Bool
  /// Largest sheet side in pixels at the largest scale.
  package var maxSheetSide: Int
  /// Padding in points.
  package var padding: Int
  /// The resampling filter.
  package var filter: ResamplingFilter
  /// Power-of-two sheets.
  package var powerOfTwo: Bool
  /// Exact straight colours in translucent pixels (else their premultiplied form when smaller).
  package var exactColors: Bool
  /// PNG effort.
  package var pngEffort: PNGEffort
  /// Stable sheet names.
  package var stableSheetNames: Bool
  /// When transparent borders are cut from sprites.
  package var trim: TrimMode
  /// Border pixels with alpha at most this are cut (0: only fully transparent ones).
  package var trimAlpha: Int
  /// Write sheets as reduced palettes where every sprite keeps `ssimFloor`.
  package var palette: Bool
  /// The least SSIM every sprite of a palette sheet keeps.
  package var ssimFloor: Double
  /// The sheet file format.
  package var sheetFormat: SheetFormat = .png
  /// Where the largest sheet side was given: its flag, its manifest key, or the manifest (the default).
  package var maxSheetSideGivenAt: DiagnosticLocation

  /// The allowed largest sheet side (`SettingsTable.maxSheetSide`).
  package static var maxSheetRange: ClosedRange<Int> { SettingsTable.maxSheetSide.integerRange }
  /// The allowed padding, in points (`SettingsTable.padding`).
  package static var paddingRange: ClosedRange<Int> { SettingsTable.padding.integerRange }
  /// The allowed trimming alpha threshold (`SettingsTable.trimAlpha`).
  package static var trimAlphaRange: ClosedRange<Int> { SettingsTable.trimAlpha.integerRange }
  /// The allowed SSIM floor of the palette mode (`SettingsTable.ssimFloor`).
  package static var ssimFloorRange: ClosedRange<Double> { SettingsTable.ssimFloor.numberRange }
  /// The default SSIM floor of the palette mode (`SettingsTable.ssimFloor`).
  package static var defaultSSIMFloor: Double { SettingsTable.ssimFloor.numberDefault }

  /// True for a pack id: 1-128 ASCII letters, digits, '.', '_' or '-', not starting with '.' (it names files).
  package static func isPackID(_ id: String) -> Bool { EmoPackFormat.isPackID(id) }

  /// True for a well-formed BCP 47 tag as packs use them (`zh-Hans`, `en`, `pt-BR`).
  package static func isLocale(_ locale: String) -> Bool {
    let parts = locale.split(separator: "-", omittingEmptySubsequences: false)
    return !parts.isEmpty
      && parts.allSatisfy {
        !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      }
      && parts[0].count >= 2 && parts[0].count <= 3 && parts[0].allSatisfy(\.isLetter)
  }

  /// Resolves `options` over `manifest` over the defaults; a value out of range is reported where it was given
  /// (the manifest key; flags are checked when parsed) and replaced by the default so validation goes on.
  package static func resolve(
    options: BuildOptions, manifest: PackManifest, diagnostics d: inout Diagnostics
  ) -> PackSettings {
    let m = manifest.options
    let defaultMaxSheet = SettingsTable.maxSheetSide.integerDefault
    var maxSheetSide = options.maxSheetSide ?? m.maxSheetSide?.value ?? defaultMaxSheet
    if !maxSheetRange.contains(maxSheetSide) {
      d.error(
        .maxSheetRange,
        "maximum sheet side \(maxSheetSide) is not in \(maxSheetRange.lowerBound)...\(maxSheetRange.upperBound)",
        at: options.maxSheetSide == nil ? m.maxSheetSide?.location ?? manifest.location : manifest.location)
      maxSheetSide = defaultMaxSheet
    }
    let defaultPadding = SettingsTable.padding.integerDefault
    var padding = options.padding ?? m.padding?.value ?? defaultPadding
    if !paddingRange.contains(padding) {
      d.error(
        .paddingRange, "padding \(padding) is not in \(paddingRange.lowerBound)...\(paddingRange.upperBound) points",
        at: options.padding == nil ? m.padding?.location ?? manifest.location : manifest.location)
      padding = defaultPadding
    }
    let filter = options.filter ?? m.filter?.value ?? .lanczos3
    let defaultTrimAlpha = SettingsTable.trimAlpha.integerDefault
    var trimAlpha = options.trimAlpha ?? m.trimAlpha?.value ?? defaultTrimAlpha
    if !trimAlphaRange.contains(trimAlpha) {
      d.error(
        .trimAlphaRange,
        "trimming alpha threshold \(trimAlpha) is not in \(trimAlphaRange.lowerBound)...\(trimAlphaRange.upperBound)",
        at: options.trimAlpha == nil ? m.trimAlpha?.location ?? manifest.location : manifest.location)
      trimAlpha = defaultTrimAlpha
    }
    var ssimFloor = options.ssimFloor ?? defaultSSIMFloor
    if !ssimFloorRange.contains(ssimFloor) || ssimFloor.isNaN {
      d.error(.ssimFloorRange, "the SSIM floor \(ssimFloor) is not in 0...1 (build options)", at: manifest.location)
      ssimFloor = defaultSSIMFloor
    }
    return PackSettings(
      pointSize: options.pointSize ?? manifest.pointSize, scales: (options.scales ?? manifest.scales).sorted(),
      scalesGiven: options.scales != nil || manifest.scalesGiven,
      maxSheetSide: maxSheetSide, padding: padding, filter: filter,
      powerOfTwo: options.powerOfTwo ?? m.powerOfTwo?.value ?? false,
      exactColors: options.exactColors ?? m.exactColors?.value ?? false, pngEffort: options.pngEffort,
      stableSheetNames: options.stableSheetNames,
      trim: options.trim ?? m.trim.map { $0.value ? .always : .never } ?? .auto,
      trimAlpha: trimAlpha, palette: options.palette ?? m.palette?.value ?? false, ssimFloor: ssimFloor,
      sheetFormat: options.sheetFormat ?? m.sheetFormat?.value ?? .png,
      maxSheetSideGivenAt: options.maxSheetSide != nil
        ? SettingsTable.location(of: SettingsTable.maxSheetSide.flag)
        : m.maxSheetSide?.location ?? manifest.location)
  }

  private enum CodingKeys: String, CodingKey {
    case pointSize, scales, maxSheetSide, padding, filter, powerOfTwo, exactColors, pngEffort, stableSheetNames, trim,
      trimAlpha, palette, ssimFloor, sheetFormat
  }

  /// The largest sheet side at `scale`, in pixels: `maxSheetSide` is the largest scale's, and smaller scales get the
  /// same share of it (so untrimmed packs have the same pages at every scale, and small sheets stay narrow
  /// enough for unfiltered rows to compress well).
  package func maxSheetSide(scale: Int) -> Int {
    max(1, maxSheetSide * scale / (scales.last ?? 1))
  }

  /// The side of an untrimmed sprite with its ring (padding on both sides) at `scale`, in pixels.
  package func cellSide(scale: Int) -> Int { (pointSize + 2 * padding) * scale }

  /// Every setting that changes the outputs, as one line of the build cache key (the filter by its stable id).
  var cacheKeyText: String {
    "pointSize=\(pointSize) scales=\(scales) maxSheetSide=\(maxSheetSide) padding=\(padding) filter=\(filter.id)"
      + " powerOfTwo=\(powerOfTwo) exactColors=\(exactColors) pngEffort=\(pngEffort.rawValue)"
      + " stableSheetNames=\(stableSheetNames) trim=\(trim.rawValue) trimAlpha=\(trimAlpha)"
      + " palette=\(palette) ssimFloor=\(ssimFloor)"
      + (sheetFormat == .png ? "" : " sheetFormat=\(sheetFormat.fileExtension)")
  }

  /// The settings as JSON (the filter by its stable id).
  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(pointSize, forKey: .pointSize)
    try c.encode(scales, forKey: .scales)
    try c.encode(maxSheetSide, forKey: .maxSheetSide)
    try c.encode(padding, forKey: .padding)
    try c.encode(filter.id, forKey: .filter)
    try c.encode(powerOfTwo, forKey: .powerOfTwo)
    try c.encode(exactColors, forKey: .exactColors)
    try c.encode(pngEffort, forKey: .pngEffort)
    try c.encode(stableSheetNames, forKey: .stableSheetNames)
    try c.encode(trim.rawValue, forKey: .trim)
    try c.encode(trimAlpha, forKey: .trimAlpha)
    try c.encode(palette, forKey: .palette)
    try c.encode(ssimFloor, forKey: .ssimFloor)
    try c.encode(sheetFormat.fileExtension, forKey: .sheetFormat)
  }
}

extension PackSettings {
  /// The older name of `maxSheetSide`.
  @available(*, deprecated, renamed: "maxSheetSide")
  package var maxSheet: Int { maxSheetSide }

  /// The older name of `trimAlpha`.
  @available(*, deprecated, renamed: "trimAlpha")
  package var trimAlphaThreshold: Int { trimAlpha }
}
