/// The canvases of a pack's sheets, in the order `SheetIndex` gives.
struct SheetSet {
  /// The pack's scales, ascending.
  let scales: [Int]
  /// Every sheet, in the pack's order.
  let sheets: [Sheet]
  /// The order.
  let index: SheetIndex

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
    index = SheetIndex(layouts)
    sheets = index.pairs.enumerated().map { position, pair in
      let layout = layouts[pair.scaleIndex]
      let size = layout.pages[pair.page]
      return Sheet(
        scaleIndex: pair.scaleIndex, scale: layout.scale, page: pair.page, position: position,
        canvas: SheetCanvas(width: size.width, height: size.height))
    }
  }

  /// The position of the `scaleIndex`-th scale's page `page`.
  func position(scaleIndex: Int, page: Int) -> Int { index.position(scaleIndex: scaleIndex, page: page) }

  /// The canvas of the `scaleIndex`-th scale's page `page`.
  subscript(scaleIndex: Int, page: Int) -> SheetCanvas { sheets[position(scaleIndex: scaleIndex, page: page)].canvas }

  /// Frees every canvas's pixels.
  func release() { for s in sheets { s.canvas.release() } }
}
