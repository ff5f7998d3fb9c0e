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
