import EmoPack
import Testing

@Suite struct KeyboardTests {
  func refs(_ n: Int) -> [EmoticonRef] { (0..<n).map { EmoticonRef(pack: 0, entry: $0) } }

  @Test(arguments: [(0, 1), (1, 1), (23, 1), (24, 2), (46, 2), (47, 3), (100, 5)])
  func pageCounts(count: Int, pages: Int) {
    let p = KeyboardGrid.standard.pages(refs(count))
    #expect(p.count == pages)
    for page in p {
      #expect(page.cells.count == 24)
      #expect(page.cells.last == .delete)
      #expect(page.cells.filter { $0 == .delete }.count == 1)
    }
    #expect(
      p.flatMap(\.cells).compactMap { if case .emoticon(let r) = $0 { return r } else { return nil } } == refs(count))
  }

  @Test func deleteAfterLastEmoticonOnFinalPage() {
    let p = KeyboardGrid.standard.pages(refs(30), delete: .afterLastEmoticon)
    #expect(p[0].cells[23] == .delete)
    #expect(p[1].cells[7] == .delete)
    #expect(p[1].cells[8] == .empty)
    #expect(p[1].cells[6] == .emoticon(EmoticonRef(pack: 0, entry: 29)))
  }

  /// Phone widths with 36-point cells, 12 points of side insets and at least 8 points between cells:
  /// columns = ⌊(width − 24 + 8) / 44⌋, the leftover shared between the gaps.
  @Test(arguments: [(320.0, 6, 16.0), (375.0, 8, 9.0), (414.0, 9, 8.25)])
  func gridFitsPhoneWidths(width: Double, columns: Int, spacing: Double) {
    let fit = GridFit(
      width: width, height: 180, cellSize: 36, minSpacing: 8, insets: (top: 12, left: 12, bottom: 36, right: 12))
    #expect(fit.grid.columns == columns)
    #expect(fit.grid.rows == 3)
    #expect(abs(fit.spacingX - spacing) < 1e-9, "spacing \(fit.spacingX)")
    #expect(fit.frames.count == columns * 3)
    #expect(fit.frames[0] == CellFrame(x: 12, y: 12, width: 36, height: 36))
    let last = fit.frames[columns - 1]
    #expect(abs(last.x + last.width - (width - 12)) < 1e-9)
    #expect(fit.frames[columns].y == 12 + 36 + fit.spacingY)
  }

  @Test func landscapeGetsMoreColumns() {
    let portrait = GridFit(width: 375, height: 216, cellSize: 32, minSpacing: 8)
    let landscape = GridFit(width: 812, height: 162, cellSize: 32, minSpacing: 8)
    #expect(landscape.grid.columns > portrait.grid.columns)
  }

  @Test func inlineMetricsCentreOnTheText() {
    // A 17-point system font: line height 20.29, ascender 16.18, descender -4.1.
    let m = InlineMetrics(lineHeight: 20.29, ascender: 16.18, descender: -4.1)
    #expect(m.size == 20.5)
    #expect(abs(m.baselineOffset - ((16.18 - 4.1) / 2 - 10.25)) < 1e-9)
    #expect(abs((m.baselineOffset + m.size / 2) - (16.18 - 4.1) / 2) < 1e-9)
  }

  @Test func categoriesStartWithRecents() throws {
    let catalog = try TestPacks.catalog()
    let tabs = catalog.keyboardCategories(recents: [EmoticonRef(pack: 0, entry: 1)], preferredLocales: ["zh-Hant-TW"])
    #expect(tabs.map(\.id) == ["recent", "default", "emoji", "other"])
    #expect(tabs.map(\.name) == ["最近", "默認", "Emoji", "other"])
    let english = catalog.keyboardCategories(recents: [], preferredLocales: ["en-US"])
    #expect(english.map(\.name) == ["Default", "Emoji", "other"])
  }

  /// A container smaller than two cells has no keyboard: an empty layout, or an error from `fitting`.
  @Test func nothingFitsGivesAnEmptyLayout() {
    for (w, h) in [(30.0, 30.0), (40.0, 30.0), (0.0, 0.0), (-5.0, 100.0), (100.0, 35.9)] {
      let fit = GridFit(width: w, height: h, cellSize: 36, minSpacing: 8)
      #expect(fit.isEmpty && fit.frames.isEmpty && fit.grid.columns * fit.grid.rows == 0, "\(w)×\(h)")
      #expect(fit.grid.pages([EmoticonRef(pack: 0, entry: 0)]).isEmpty)
      #expect(throws: KeyboardFitError.self) { try GridFit.fitting(width: w, height: h, cellSize: 36, minSpacing: 8) }
    }
    // One row of two cells is a keyboard: an emoticon and the delete key.
    let two = GridFit(width: 80, height: 36, cellSize: 36, minSpacing: 8)
    #expect(two.grid == KeyboardGrid(columns: 2, rows: 1) && two.frames.count == 2)
    #expect(GridFit(width: 100, height: 100, cellSize: .nan, minSpacing: 8).isEmpty)
  }

  /// Maximum columns and rows cap the grid; what is left over centres it.
  @Test func limitsAndCentring() throws {
    let fit = try GridFit.fitting(
      width: 500, height: 200, cellSize: 40, minSpacing: 10, maxColumns: 8, maxRows: 3, maxSpacing: 20)
    #expect(fit.grid == KeyboardGrid(columns: 8, rows: 3))
    #expect(fit.spacingX == 20 && fit.spacingY == 20)
    // 8 × 40 + 7 × 20 = 460 wide, centred in 500; 3 × 40 + 2 × 20 = 160 tall, centred in 200.
    #expect(fit.frames[0] == CellFrame(x: 20, y: 20, width: 40, height: 40))
    let last = fit.frames[fit.frames.count - 1]
    #expect(last.x + last.width == 480 && last.y + last.height == 180)
    // Every frame lies inside the container.
    for f in fit.frames { #expect(f.x >= 0 && f.y >= 0 && f.x + f.width <= 500 && f.y + f.height <= 200) }
  }

  @Test func accessibilityLabelsAreTagsWithoutBrackets() throws {
    let catalog = try TestPacks.catalog()
    #expect(catalog.accessibilityLabel(for: EmoticonRef(pack: 0, entry: 0)) == "哈哈")
    #expect(catalog.accessibilityLabel(for: EmoticonRef(pack: 1, entry: 0)) == "😀")
    #expect(catalog.accessibilityLabel(for: EmoticonRef(pack: 9, entry: 0)) == nil)
    #expect(catalog.accessibilityLabel(for: EmoticonRef(pack: 0, entry: -1)) == nil)
  }
}
