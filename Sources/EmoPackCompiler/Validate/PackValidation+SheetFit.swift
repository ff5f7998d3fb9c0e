import EmoPackFormat

// Sheet fit: what the layout needs of the settings.
extension PackValidation {
  /// An untrimmed cell with its ring must fit the largest sheet side at every scale (unless the size or the sheet
  /// settings are wrong already: that error says it).
  mutating func checkSheetFit(_ entries: [ValidatedEntry]) {
    let settingErrors: Set<DiagnosticCode> = [.sizeTooLarge, .sizeNotPositive, .maxSheetRange, .paddingRange]
    guard entries.contains(where: { $0.kind == .image }), !d.errors.contains(where: { settingErrors.contains($0.code) })
    else { return }
    for scale in settings.scales where settings.cellSide(scale: scale) > settings.maxSheetSide(scale: scale) {
      d.error(
        .sheetTooSmall,
        "a \(settings.pointSize)-point emoticon with a \(settings.padding)-point ring is \(settings.cellSide(scale: scale)) px at \(scale)x, over the largest sheet side of \(settings.maxSheetSide(scale: scale)) px there (sheet.maxSide / --max-sheet-side is \(settings.maxSheetSide))",
        at: settings.location(of: SettingsTable.maxSheetSide, pack: pack.location))
      return
    }
  }
}
