/// The canvases of a pack's sheets, one per (scale, page), by scale then page as the pack records them.
///
/// The one place that knows how the pair maps to a position.
struct SheetSet {
  /// The pack's scales, ascending.
  let scales: [Int]
  /// Pages per scale.
  let pageCount: Int
  /// The canvases, by scale then page.
  let canvases: [SheetCanvas]

  /// One transparent canvas per (scale, page) of `layout`.
  init(_ layout: AtlasLayout, scales: [Int], powerOfTwo: Bool) {
    self.scales = scales
    pageCount = layout.pages.count
    var canvases: [SheetCanvas] = []
    for s in scales {
      for p in 0..<layout.pages.count {
        let size = layout.sheetSize(page: p, scale: s, powerOfTwo: powerOfTwo)
        canvases.append(SheetCanvas(width: size.width, height: size.height))
      }
    }
    self.canvases = canvases
  }

  /// A sheet: which scale (by position and value) and page, and where it is in `canvases`.
  struct Sheet {
    var scaleIndex: Int
    var scale: Int
    var page: Int
    var position: Int
  }

  /// Every sheet, in the pack's order.
  var sheets: [Sheet] {
    (0..<canvases.count).map { sheet(at: $0) }
  }

  /// The sheet at `position`.
  func sheet(at position: Int) -> Sheet {
    Sheet(
      scaleIndex: position / pageCount, scale: scales[position / pageCount], page: position % pageCount,
      position: position)
  }

  /// The canvas of the `scaleIndex`-th scale's page `page`.
  subscript(scaleIndex: Int, page: Int) -> SheetCanvas { canvases[scaleIndex * pageCount + page] }

  /// Frees every canvas's pixels.
  func release() { for c in canvases { c.release() } }
}
