/// How a pack's sheets are ordered: by scale, then page, as the pack records them (each scale has its own page
/// count). The one place that maps a (scale, page) pair to a position.
struct SheetIndex: Sendable {
  /// Position of each scale's first page.
  private let firstPosition: [Int]
  /// Every (scale index, page) pair, in the pack's order.
  let pairs: [(scaleIndex: Int, page: Int)]

  /// The order of the pages of `layouts`, one layout per scale.
  init(_ layouts: [ScaleLayout]) {
    var first: [Int] = []
    var pairs: [(scaleIndex: Int, page: Int)] = []
    for (k, layout) in layouts.enumerated() {
      first.append(pairs.count)
      for p in layout.pages.indices { pairs.append((k, p)) }
    }
    firstPosition = first
    self.pairs = pairs
  }

  /// The position of the `scaleIndex`-th scale's page `page`.
  func position(scaleIndex: Int, page: Int) -> Int { firstPosition[scaleIndex] + page }
}

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
