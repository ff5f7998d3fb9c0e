import EmoPackFormat

/// The build settings: one row each, the only place a setting's default, range, flag, manifest key, help line,
/// code and effect are written.
///
/// `emopack build` and `validate` parse their setting flags with it, manifest readers read the keys it names,
/// `PackSettings.resolve` resolves every row in one loop, the build cache keys are made of the rows that change
/// the outputs, and `--help`, docs/CLI.md and docs/MANIFEST.md show it (generated, and checked by a test).
package struct SettingsTable: Sendable {
  /// The rows, in the order `--help` lists them.
  package var rows: [Setting]

  /// A table of `rows`.
  package init(_ rows: [Setting]) { self.rows = rows }

  /// The row called `name`.
  package subscript(name: String) -> Setting? { rows.first { $0.name == name } }

  /// The table emopack builds with.
  package static let standard = SettingsTable([
    packID, names, size, scales, maxSheetSide, padding, filter, powerOfTwo, exactColors, trim, trimAlpha,
    sheetFormat, layout, lossy, ssimFloor, effort, stableNames,
  ])

  /// Every setting of the standard table, in `--help` order.
  package static var all: [Setting] { standard.rows }

  /// The pack id, over the manifest's (one pack at a time).
  package static let packID = Setting(
    name: "id", kind: .identifier, flag: "--id", placeholder: "ID",
    summary: "The pack id, when one pack is built", defaultWords: "the manifest's (a code list: its folder's name)",
    code: .packIdCharacters, effect: .identity,
    option: { $0.packID.map { .name($0) } }, setOption: { v, o in if case .name(let id) = v { o.packID = id } })
  /// Display names, over the manifest's.
  package static let names = Setting(
    name: "names", kind: .localizedName, flag: "--name", placeholder: "LOCALE=TEXT",
    summary: "A display name, once per locale", defaultWords: "the manifest's", code: .nameForm, effect: .identity,
    option: { $0.names.isEmpty ? nil : .localizedNames($0.names) },
    setOption: { v, o in
      guard case .localizedNames(let list) = v else { return }
      for name in list {
        o.names.removeAll { $0.locale == name.locale }
        o.names.append(name)
      }
    })
  /// Point size.
  package static let size = Setting(
    name: "size", kind: .integer(PackLayout.pointSizes, default: 32), flag: "--size", manifestKey: "size",
    placeholder: "POINTS", summary: "Point size of an emoticon", code: .sizeTooLarge, codeBelow: .sizeNotPositive,
    effect: .sprites,
    option: { $0.pointSize.map { .integer($0) } }, setOption: { v, o in if case .integer(let n) = v { o.pointSize = n } })
  /// Scales.
  package static let scales = Setting(
    name: "scales", kind: .scales(default: [1, 2, 3]), flag: "--scales", manifestKey: "scales", placeholder: "LIST",
    summary: "Scales to build, e.g. 1,2,3", defaultWords: "those of 1,2,3 every source has the pixels for",
    code: .scaleRange, effect: .sprites,
    option: { $0.scales.map { .scales($0) } }, setOption: { v, o in if case .scales(let l) = v { o.scales = l } })
  /// Largest sheet side at the largest scale.
  package static let maxSheetSide = Setting(
    name: "maxSheetSide", kind: .integer(1...8192, default: 2048), flag: "--max-sheet-side",
    deprecatedFlags: ["--max-sheet"], manifestKey: "sheet.maxSide", placeholder: "PIXELS",
    summary: "Largest sheet side in pixels at the largest scale (smaller scales in proportion)",
    code: .maxSheetRange, effect: .outputs,
    option: { $0.maxSheetSide.map { .integer($0) } },
    setOption: { v, o in if case .integer(let n) = v { o.maxSheetSide = n } })
  /// Padding ring in points.
  package static let padding = Setting(
    name: "padding", kind: .integer(0...64, default: 1), flag: "--padding", manifestKey: "sheet.padding",
    placeholder: "POINTS", summary: "Ring of extruded edge pixels around each sprite, in points",
    code: .paddingRange, effect: .outputs,
    option: { $0.padding.map { .integer($0) } }, setOption: { v, o in if case .integer(let n) = v { o.padding = n } })
  /// Resampling filter.
  package static let filter = Setting(
    name: "filter",
    kind: .choice(
      ResamplingFilter.allNames, aliases: ResamplingFilter.aliases, default: ResamplingFilter.lanczos3.id),
    flag: "--filter", manifestKey: "filter", placeholder: "NAME", summary: "Resampling filter",
    code: .unknownFilter, effect: .sprites,
    option: { $0.filter.map { .name($0.id) } },
    setOption: { v, o in if case .name(let n) = v { o.filter = ResamplingFilter(name: n) } })
  /// Power-of-two sheets.
  package static let powerOfTwo = Setting(
    name: "powerOfTwo", kind: .toggle(default: false), flag: "--power-of-two", manifestKey: "sheet.powerOfTwo",
    summary: "Round sheet sides up to powers of two", code: .expectedBoolean, effect: .outputs,
    option: { $0.powerOfTwo.map { .on($0) } }, setOption: { v, o in if case .on(let b) = v { o.powerOfTwo = b } })
  /// Exact straight colours.
  package static let exactColors = Setting(
    name: "exactColors", kind: .toggle(default: false), flag: "--exact-colors", manifestKey: "sheet.exactColors",
    summary: "Always keep exact straight colours in translucent pixels (else per sprite, whichever form is smaller)",
    code: .expectedBoolean, effect: .sprites,
    option: { $0.exactColors.map { .on($0) } }, setOption: { v, o in if case .on(let b) = v { o.exactColors = b } })
  /// Trimming.
  package static let trim = Setting(
    name: "trim", kind: .tristate(on: TrimMode.always.rawValue, off: TrimMode.never.rawValue, neither: "auto"),
    flag: "--trim", offFlag: "--no-trim", manifestKey: "sheet.trim",
    summary: "Cut transparent borders from sprites, always or never (auto: per scale, when that saves 15%)",
    code: .expectedBoolean, effect: .outputs,
    option: { $0.trim.map { .name($0.rawValue) } },
    setOption: { v, o in if case .name(let n) = v { o.trim = TrimMode(rawValue: n) } })
  /// Trimming threshold.
  package static let trimAlpha = Setting(
    name: "trimAlpha", kind: .integer(0...254, default: 0), flag: "--trim-alpha", manifestKey: "sheet.trimAlpha",
    placeholder: "N", summary: "Trimming also cuts border pixels with alpha at most this", code: .trimAlphaRange,
    effect: .outputs,
    option: { $0.trimAlpha.map { .integer($0) } }, setOption: { v, o in if case .integer(let n) = v { o.trimAlpha = n } })
  /// Sheet file format.
  package static let sheetFormat = Setting(
    name: "sheetFormat", kind: .choice(SheetFormat.allCases.map(\.fileExtension), default: SheetFormat.png.fileExtension),
    flag: "--sheet-format", manifestKey: "sheet.format", placeholder: "FORMAT",
    summary: "Sheet file format (webp: format 2.3)", code: .unknownChoice, effect: .outputs,
    option: { $0.sheetFormat.map { .name($0.fileExtension) } },
    setOption: { v, o in if case .name(let n) = v { o.sheetFormat = SheetFormat.named(n) } })
  /// How sprites are put on sheets.
  package static let layout = Setting(
    name: "layout", kind: .choice(SheetLayout.allCases.map(\.rawValue), default: SheetLayout.pages.rawValue),
    flag: "--layout", manifestKey: "sheet.layout", placeholder: "RULE",
    summary:
      "pages: sheets by page groups of about 32 emoticons chosen by content, so that an edit leaves the other sheets as they were; global: as few sheets as the side allows",
    code: .unknownChoice, effect: .outputs,
    option: { $0.layout.map { .name($0.rawValue) } },
    setOption: { v, o in if case .name(let n) = v { o.layout = SheetLayout(rawValue: n) } })
  /// Lossy sheets (a reduced palette for PNG, VP8 with an alpha plane for WebP).
  package static let lossy = Setting(
    name: "lossy", kind: .toggle(default: false), flag: "--lossy", offFlag: "--lossless",
    deprecatedFlags: ["--palette"], manifestKey: "sheet.lossy", deprecatedManifestKeys: ["sheet.palette"],
    summary: "Lossy sheets: sprites grouped by colour into palettes, every sprite held to the SSIM floor",
    code: .expectedBoolean, effect: .outputs,
    option: { $0.lossy.map { .on($0) } }, setOption: { v, o in if case .on(let b) = v { o.lossy = b } })
  /// SSIM floor.
  package static let ssimFloor = Setting(
    name: "ssimFloor", kind: .number(0...1, default: 0.97), flag: "--ssim-floor", manifestKey: "sheet.ssimFloor",
    placeholder: "F", summary: "Least SSIM every sprite of a lossy sheet keeps", code: .ssimFloorRange,
    effect: .outputs,
    option: { $0.ssimFloor.map { .number($0) } }, setOption: { v, o in if case .number(let x) = v { o.ssimFloor = x } })
  /// Effort.
  package static let effort = Setting(
    name: "effort", kind: .choice(Effort.allCases.map(\.rawValue), default: Effort.default.rawValue),
    flag: "--effort", deprecatedFlags: ["--png-effort"], placeholder: "LEVEL",
    summary: "Time against sheet bytes (PNG: filters and zopfli; WebP: libwebp's method and configurations)",
    code: .unknownChoice, effect: .outputs,
    option: { $0.effort == .default ? nil : .name($0.effort.rawValue) },
    setOption: { v, o in if case .name(let n) = v, let e = Effort(rawValue: n) { o.effort = e } })
  /// Stable sheet names.
  package static let stableNames = Setting(
    name: "stableSheetNames", kind: .toggle(default: false), flag: "--stable-names",
    summary: "Name sheets <id>@2x.png instead of by content hash", code: .expectedBoolean, effect: .outputs,
    option: { $0.stableSheetNames ? .on(true) : nil }, setOption: { v, o in if case .on(let b) = v { o.stableSheetNames = b } })

  /// The flags that take a value, with their older spellings.
  package var valuedFlags: Set<String> { Set(rows.filter { !$0.isSwitch }.flatMap(\.allFlags)) }

  /// The on/off flags, with their older spellings.
  package var switchFlags: Set<String> { Set(rows.filter(\.isSwitch).flatMap(\.allFlags)) }

  /// The flags that take a value, with their older spellings.
  package static var valuedFlags: Set<String> { standard.valuedFlags }

  /// The on/off flags, with their older spellings.
  package static var booleanFlags: Set<String> { standard.switchFlags }

  /// Where a flag's problem is reported.
  package static func location(of flag: String) -> DiagnosticLocation {
    DiagnosticLocation(file: "<command line>", keyPath: flag)
  }

  /// Applies the flags given on the command line (`values` by flag, the last one given; `switches` the on/off
  /// flags given, in order) to `options`; every bad value is an error at its flag, every older spelling a
  /// warning.
  package static func apply(
    values: [String: String], switches: [String], to options: inout BuildOptions, diagnostics d: inout Diagnostics
  ) {
    standard.apply(allValues: values.mapValues { [$0] }, switches: switches, to: &options, diagnostics: &d)
  }

  /// `apply` with every value given of each flag, in order: a setting given once per locale (`--name`) takes
  /// them all, the others the last.
  package static func apply(
    allValues values: [String: [String]], switches: [String], to options: inout BuildOptions,
    diagnostics d: inout Diagnostics
  ) {
    standard.apply(allValues: values, switches: switches, to: &options, diagnostics: &d)
  }

  /// `apply` over this table's rows.
  package func apply(
    allValues values: [String: [String]], switches: [String], to options: inout BuildOptions,
    diagnostics d: inout Diagnostics
  ) {
    for setting in rows {
      var given: [(flag: String, text: String)] = []
      if setting.isSwitch {
        given = switches.filter { setting.allFlags.contains($0) }.map { ($0, $0) }
      } else {
        for flag in setting.deprecatedFlags + [setting.flag] { given += (values[flag] ?? []).map { (flag, $0) } }
        if case .localizedName = setting.kind {} else { given = given.suffix(1) }
      }
      for (flag, text) in given {
        if setting.deprecatedFlags.contains(flag) {
          d.warning(.deprecatedSpelling, "\(flag) is deprecated; use \(setting.flag)", at: Self.location(of: flag))
        }
        switch setting.parse(flagText: text) {
        case .success(let value): setting.setOption(value, &options)
        case .failure(let problem):
          d.error(problem.code, "\(flag) \(problem.words), got '\(text)'", at: Self.location(of: flag))
        }
      }
    }
  }
}
