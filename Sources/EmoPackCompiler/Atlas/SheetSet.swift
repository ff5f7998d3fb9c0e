/// The canvases of a pack's sheets, ordered by scale then page as the pack records them; each scale has its own
/// page count.
///
/// The one place that knows how a (scale, page) pair maps to a position.
struct SheetSet {
  /// The pack's scales, ascending.
  let scales: [Int]
  /// Every sheet, in the pack's order.
  let sheets: [Sheet]
  /// Position of each scale's first page.
  private let firstPosition: [Int]

  /// A sheet: which scale (by position and value) and page, its position in the pack, and its pixels.
  struct Sheet {
    var scaleIndex: Int
    var scale: Int
    var page: Int
    var position: Int
    var canvas: SheetCanvas
  }

  /// One transparent canvas per page of each scale's layout.
  init(_ layouts: [ScaleLayout]) {
    scales = layouts.map(\.scale)
    var sheets: [Sheet] = []
    var first: [Int] = []
    for (k, layout) in layouts.enumerated() {
      first.append(sheets.count)
      for (p, size) in layout.pages.enumerated() {
        sheets.append(
          Sheet(
            scaleIndex: k, scale: layout.scale, page: p, position: sheets.count,
            canvas: SheetCanvas(width: size.width, height: size.height)))
      }
    }
    self.sheets = sheets
    firstPosition = first
  }

  /// The position of each scale's first page when sheets are ordered by scale, then page.
  static func firstPositions(_ layouts: [ScaleLayout]) -> [Int] {
    var out: [Int] = []
    var n = 0
    for l in layouts {
      out.append(n)
      n += l.pages.count
    }
    return out
  }

  /// The position of the `scaleIndex`-th scale's page `page`.
  func position(scaleIndex: Int, page: Int) -> Int { firstPosition[scaleIndex] + page }

  /// The canvas of the `scaleIndex`-th scale's page `page`.
  subscript(scaleIndex: Int, page: Int) -> SheetCanvas { sheets[position(scaleIndex: scaleIndex, page: page)].canvas }

  /// Frees every canvas's pixels.
  func release() { for s in sheets { s.canvas.release() } }
}
