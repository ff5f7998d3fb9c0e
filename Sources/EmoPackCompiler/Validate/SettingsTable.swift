import EmoPackFormat

/// The table of build settings.
package enum SettingsTable {
  /// Point size.
  package static let size = Setting(
    name: "size", manifestKey: "size", flag: "--size", offFlag: nil, deprecatedFlags: [],
    kind: .integer(1...1024, default: 32),
    defaultText: "32", code: .sizeTooLarge, summary: "Point size of an emoticon",
    assign: { v, o in
      guard case .integer(let n) = v else { return false }
      o.pointSize = n
      return true
    })
  /// Scales.
  package static let scales = Setting(
    name: "scales", manifestKey: "scales", flag: "--scales", offFlag: nil, deprecatedFlags: [], kind: .scales,
    defaultText: "those the sources have the pixels for, of 1,2,3", code: .scaleRange, summary: "Scales to build",
    assign: { v, o in
      guard case .scales(let list) = v else { return false }
      o.scales = list
      return true
    })
  /// Largest sheet side at the largest scale.
  package static let maxSheetSide = Setting(
    name: "maxSheetSide", manifestKey: "sheet.maxSide", flag: "--max-sheet-side", offFlag: nil,
    deprecatedFlags: ["--max-sheet"], kind: .integer(1...8192, default: 2048), defaultText: "2048",
    code: .maxSheetRange,
    summary: "Largest sheet side in pixels at the largest scale",
    assign: { v, o in
      guard case .integer(let n) = v else { return false }
      o.maxSheetSide = n
      return true
    })
  /// Padding ring in points.
  package static let padding = Setting(
    name: "padding", manifestKey: "sheet.padding", flag: "--padding", offFlag: nil, deprecatedFlags: [],
    kind: .integer(0...64, default: 1), defaultText: "1", code: .paddingRange,
    summary: "Ring around each sprite, in points",
    assign: { v, o in
      guard case .integer(let n) = v else { return false }
      o.padding = n
      return true
    })
  /// Resampling filter.
  package static let filter = Setting(
    name: "filter", manifestKey: "filter", flag: "--filter", offFlag: nil, deprecatedFlags: [],
    kind: .choice(ResamplingFilter.allNames), defaultText: "lanczos3", code: .unknownFilter,
    summary: "Resampling filter",
    assign: { v, o in
      guard case .name(let name) = v, let filter = ResamplingFilter(name: name) else { return false }
      o.filter = filter
      return true
    })
  /// Power-of-two sheets.
  package static let powerOfTwo = Setting(
    name: "powerOfTwo", manifestKey: "sheet.powerOfTwo", flag: "--power-of-two", offFlag: nil, deprecatedFlags: [],
    kind: .flag, defaultText: "off", code: .expectedBoolean, summary: "Round sheet sides up to powers of two",
    assign: { v, o in
      guard case .on(let on) = v else { return false }
      o.powerOfTwo = on
      return true
    })
  /// Exact straight colours.
  package static let exactColors = Setting(
    name: "exactColors", manifestKey: "sheet.exactColors", flag: "--exact-colors", offFlag: nil,
    deprecatedFlags: [], kind: .flag, defaultText: "off", code: .expectedBoolean,
    summary: "Keep exact straight colours in translucent pixels",
    assign: { v, o in
      guard case .on(let on) = v else { return false }
      o.exactColors = on
      return true
    })
  /// Trimming.
  package static let trim = Setting(
    name: "trim", manifestKey: "sheet.trim", flag: "--trim", offFlag: "--no-trim", deprecatedFlags: [], kind: .flag,
    defaultText: "auto", code: .expectedBoolean, summary: "Cut transparent borders from sprites (always / never)",
    assign: { v, o in
      guard case .on(let on) = v else { return false }
      o.trim = on ? .always : .never
      return true
    })
  /// Trimming threshold.
  package static let trimAlpha = Setting(
    name: "trimAlpha", manifestKey: "sheet.trimAlpha", flag: "--trim-alpha", offFlag: nil, deprecatedFlags: [],
    kind: .integer(0...254, default: 0), defaultText: "0", code: .trimAlphaRange,
    summary: "Trimming cuts border pixels with alpha at most this",
    assign: { v, o in
      guard case .integer(let n) = v else { return false }
      o.trimAlpha = n
      return true
    })
  /// Sheet file format.
  package static let sheetFormat = Setting(
    name: "sheetFormat", manifestKey: "sheet.format", flag: "--sheet-format", offFlag: nil, deprecatedFlags: [],
    kind: .choice(SheetFormat.allCases.map(\.fileExtension)), defaultText: "png", code: .unknownChoice,
    summary: "Sheet file format: png or webp",
    assign: { v, o in
      guard case .name(let name) = v, let format = SheetFormat.named(name) else { return false }
      o.sheetFormat = format
      return true
    })
  /// Lossy sheets (a reduced palette for PNG, VP8 with an alpha plane for WebP).
  package static let palette = Setting(
    name: "lossy", manifestKey: "sheet.lossy", flag: "--lossy", offFlag: "--lossless", deprecatedFlags: ["--palette"],
    kind: .flag, defaultText: "off", code: .expectedBoolean,
    summary: "Lossy sheets held to the SSIM floor per sprite (PNG: a reduced palette; WebP: VP8 with alpha)",
    assign: { v, o in
      guard case .on(let on) = v else { return false }
      o.palette = on
      return true
    })
  /// SSIM floor.
  package static let ssimFloor = Setting(
    name: "ssimFloor", manifestKey: nil, flag: "--ssim-floor", offFlag: nil, deprecatedFlags: [],
    kind: .number(0...1, default: 0.97), defaultText: "0.97", code: .ssimFloorRange,
    summary: "Least SSIM every sprite of a palette sheet keeps",
    assign: { v, o in
      guard case .number(let x) = v else { return false }
      o.ssimFloor = x
      return true
    })
  /// PNG effort.
  package static let pngEffort = Setting(
    name: "effort", manifestKey: nil, flag: "--effort", offFlag: nil, deprecatedFlags: ["--png-effort"],
    kind: .choice(PNGEffort.allCases.map(\.rawValue)), defaultText: "default", code: .unknownChoice,
    summary: "How hard to work for smaller sheets (PNG: filters and zopfli; WebP: libwebp's method)",
    assign: { v, o in
      guard case .name(let name) = v, let effort = PNGEffort(rawValue: name) else { return false }
      o.pngEffort = effort
      return true
    })
  /// Stable sheet names.
  package static let stableNames = Setting(
    name: "stableSheetNames", manifestKey: nil, flag: "--stable-names", offFlag: nil, deprecatedFlags: [],
    kind: .flag, defaultText: "off", code: .expectedBoolean,
    summary: "Sheet files named <id>@2x.png instead of by content",
    assign: { v, o in
      guard case .on(let on) = v else { return false }
      o.stableSheetNames = on
      return true
    })

  /// The pack id, over the manifest's (one pack at a time).
  package static let packID = Setting(
    name: "id", manifestKey: "id", flag: "--id", offFlag: nil, deprecatedFlags: [], kind: .identifier,
    defaultText: "the manifest's (a code list: its folder's name)", code: .packIdCharacters,
    summary: "The pack id, when one pack is built",
    assign: { v, o in
      guard case .name(let id) = v else { return false }
      o.packID = id
      return true
    })
  /// Display names, over the manifest's.
  package static let names = Setting(
    name: "names", manifestKey: "names", flag: "--name", offFlag: nil, deprecatedFlags: [], kind: .localizedName,
    defaultText: "the manifest's", code: .nameForm, summary: "A display name, LOCALE=TEXT (once per locale)",
    assign: { v, o in
      guard case .localizedName(let name) = v else { return false }
      o.names.removeAll { $0.locale == name.locale }
      o.names.append(name)
      return true
    })

  /// Every setting, in the order `--help` lists them.
  package static let all: [Setting] = [
    packID, names, size, scales, maxSheetSide, padding, filter, powerOfTwo, exactColors, trim, trimAlpha, sheetFormat,
    palette, ssimFloor, pngEffort, stableNames,
  ]

  /// The flags that take a value, with their deprecated spellings.
  package static var valuedFlags: Set<String> {
    Set(all.filter { if case .flag = $0.kind { false } else { true } }.flatMap { [$0.flag] + $0.deprecatedFlags })
  }

  /// The on/off flags.
  package static var booleanFlags: Set<String> {
    Set(
      all.filter { if case .flag = $0.kind { true } else { false } }.flatMap {
        [$0.flag] + [$0.offFlag].compactMap { $0 } + $0.deprecatedFlags
      })
  }

  /// Where a flag's problem is reported.
  package static func location(of flag: String) -> DiagnosticLocation {
    DiagnosticLocation(file: "<command line>", keyPath: flag)
  }

  /// Applies the flags given on the command line (`values` by flag, the last one given; `switches` the on/off
  /// flags given, in order) to `options`; every bad value is an error at its flag, every deprecated spelling a
  /// warning.
  package static func apply(
    values: [String: String], switches: [String], to options: inout BuildOptions, diagnostics d: inout Diagnostics
  ) {
    apply(allValues: values.mapValues { [$0] }, switches: switches, to: &options, diagnostics: &d)
  }

  /// `apply` with every value given of each flag, in order: a setting given once per locale (`--name`) takes
  /// them all, the others the last.
  package static func apply(
    allValues values: [String: [String]], switches: [String], to options: inout BuildOptions,
    diagnostics d: inout Diagnostics
  ) {
    for setting in all {
      switch setting.kind {
      case .flag:
        for s in switches where s == setting.flag || s == setting.offFlag || setting.deprecatedFlags.contains(s) {
          if setting.deprecatedFlags.contains(s) {
            d.warning(.deprecatedSpelling, "\(s) is deprecated; use \(setting.flag)", at: location(of: s))
          }
          _ = setting.assign(.on(s != setting.offFlag), &options)
        }
      default:
        var given: [(flag: String, text: String)] = []
        for flag in setting.deprecatedFlags + [setting.flag] {
          guard let texts = values[flag], !texts.isEmpty else { continue }
          if flag != setting.flag {
            d.warning(
              .deprecatedSpelling, "\(flag) is deprecated; use \(setting.flag)", at: location(of: flag))
          }
          given += texts.map { (flag, $0) }
        }
        if case .localizedName = setting.kind {} else { given = given.suffix(1) }
        for (flag, text) in given {
          if let problem = set(setting, text: text, in: &options) {
            d.error(setting.code, "\(flag) \(problem), got '\(text)'", at: location(of: flag))
          }
        }
      }
    }
  }

  /// Parses `text` by `setting`'s kind and stores it; returns what is wrong with the text, or nil.
  private static func set(_ setting: Setting, text: String, in o: inout BuildOptions) -> String? {
    let value: Setting.Value
    switch setting.kind {
    case .integer(let range, _):
      guard let v = Int(text), range.contains(v) else {
        return "expects a whole number in \(range.lowerBound)...\(range.upperBound)"
      }
      value = .integer(v)
    case .number(let range, _):
      guard let v = Double(text), range.contains(v) else {
        return "expects a number in \(range.lowerBound.formatted())...\(range.upperBound.formatted())"
      }
      value = .number(v)
    case .scales:
      let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
      let values = parts.compactMap { $0 }
      guard !values.isEmpty, values.count == parts.count, values.allSatisfy({ (1...4).contains($0) }) else {
        return "expects scales in 1...4 separated by commas"
      }
      value = .scales(values)
    case .choice:
      value = .name(text)
    case .flag:
      value = .on(true)
    case .identifier:
      guard PackSettings.isPackID(text) else {
        return "expects 1-128 ASCII letters, digits, '.', '_' or '-' (not starting with '.')"
      }
      value = .name(text)
    case .localizedName:
      guard let eq = text.firstIndex(of: "="), PackSettings.isLocale(String(text[..<eq])),
        !text[text.index(after: eq)...].trimmingCharacters(in: .whitespaces).isEmpty
      else { return "expects LOCALE=TEXT with a BCP 47 locale such as zh-Hans" }
      value = .localizedName(
        LocalizedName(locale: String(text[..<eq]), name: String(text[text.index(after: eq)...])))
    }
    guard setting.assign(value, &o) else {
      if case .choice(let names) = setting.kind { return "expects one of \(names.joined(separator: ", "))" }
      return "takes no such value"
    }
    return nil
  }
}
