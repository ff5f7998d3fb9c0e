/// MaxRects bin packing (Jylänki's algorithm) over several heuristics and sort orders.
///
/// The smallest result is kept; it spills into further pages when one sheet is not enough. Items that fit one
/// column are stacked in one (`column`).
package struct MaxRectsPacker: Sendable {
  /// Placement rules tried.
  package enum Heuristic: CaseIterable, Sendable {
    case bestShortSideFit, bestLongSideFit, bestAreaFit, bottomLeft
  }

  /// Input orders tried.
  package enum Order: CaseIterable, Sendable {
    case areaDescending, maxSideDescending, heightDescending, input
  }

  /// Largest page side in layout units.
  package var maxSide: Int
  /// Round page sides up to powers of two.
  package var powerOfTwo: Bool
  /// Threads the trial packings run on; the result is the same for any number.
  package var jobs: Int

  /// Creates a packer.
  package init(maxSide: Int, powerOfTwo: Bool = false, jobs: Int = 1) {
    self.maxSide = maxSide
    self.powerOfTwo = powerOfTwo
    self.jobs = max(1, jobs)
  }

  /// The result: placements and each page's size.
  package struct Result: Sendable, Equatable {
    /// One per item, in the items' order.
    package var placements: [Placement]
    /// Width and height of each page.
    package var pages: [(width: Int, height: Int)]

    package static func == (a: Result, b: Result) -> Bool {
      a.placements == b.placements && a.pages.elementsEqual(b.pages, by: { $0 == $1 })
    }
  }

  /// Packs `items` into as few, as small pages as it can.
  package func pack(_ items: [PackItem]) throws(PackingError) -> Result {
    if powerOfTwo && maxSide & (maxSide - 1) != 0 {
      // Pages are rounded up to powers of two, so the usable limit is the power of two below the limit.
      var limited = self
      var p = 1
      while p * 2 <= maxSide { p *= 2 }
      limited.maxSide = p
      return try limited.pack(items)
    }
    for item in items where item.width > maxSide || item.height > maxSide || item.width <= 0 || item.height <= 0 {
      throw PackingError(
        message: "'\(item.name)' is \(item.width)x\(item.height), larger than the sheet limit \(maxSide)x\(maxSide)")
    }
    var remaining = items
    var placements: [Placement] = []
    var pages: [(Int, Int)] = []
    if let first = items.first, items.allSatisfy({ $0.width == first.width && $0.height == first.height }) {
      // Same-size items: a full page holds a known number; fill pages in order, the last one smallest.
      let capacity = (maxSide / first.width) * (maxSide / first.height)
      var start = 0
      while start < items.count {
        let chunk = Array(items[start..<min(items.count, start + capacity)])
        // A chunk holds at most a page's capacity, so a grid always fits; the packer below takes any that does not.
        guard let grid = uniformGrid(chunk) else { break }
        for p in grid.placed { placements.append(Placement(id: p.id, page: pages.count, x: p.x, y: p.y)) }
        pages.append((grid.width, grid.height))
        start += capacity
      }
      remaining = []
    }
    while !remaining.isEmpty {
      // Fill a full-size page, then shrink it to the smallest size that holds what went in.
      let full = bestPacking(remaining, candidates: [(maxSide, maxSide)], allowPartial: true)
      let placedIDs = Set(full.placed.map(\.id))
      let onPage = remaining.filter { placedIDs.contains($0.id) }
      guard !onPage.isEmpty else { throw PackingError(message: "no item fits a \(maxSide)x\(maxSide) sheet") }
      let best = smallest(onPage)
      for p in best.placed { placements.append(Placement(id: p.id, page: pages.count, x: p.x, y: p.y)) }
      pages.append((best.width, best.height))
      remaining.removeAll { placedIDs.contains($0.id) }
    }
    if pages.count == 1, let column = column(items),
      column.width * column.height * 8 <= pages[0].0 * pages[0].1 * 9
    {
      placements = column.placed.map { Placement(id: $0.id, page: 0, x: $0.x, y: $0.y) }
      pages = [(column.width, column.height)]
    }
    let order = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($0.element.id, $0.offset) })
    placements.sort { order[$0.id, default: 0] < order[$1.id, default: 0] }
    return Result(placements: placements, pages: pages)
  }

  /// Every item in one column, in the items' order, when that fits one page whose sides need not be powers of two.
  ///
  /// A column's PNG is smaller than a squarer sheet's (5% at 2x on Weibo's pack): each sprite's rows are
  /// consecutive bytes, so deflate's matches are short and its blocks follow one sprite at a time. `pack` takes
  /// it when it has at most an eighth more pixels than the packed page.
  func column(_ items: [PackItem]) -> Trial? {
    guard !powerOfTwo, !items.isEmpty else { return nil }
    var placed: [(id: Int, x: Int, y: Int)] = []
    var y = 0
    for item in items {
      placed.append((item.id, 0, y))
      y += item.height
      if y > maxSide { return nil }
    }
    return Trial(placed: placed, width: items.map(\.width).max() ?? 0, height: y)
  }

  struct Trial {
    var placed: [(id: Int, x: Int, y: Int)]
    var width: Int
    var height: Int
  }

  /// The smallest page holding all `items`: widths stepped by the items' common width divisor.
  func smallest(_ items: [PackItem]) -> Trial {
    if let grid = uniformGrid(items) { return grid }
    let area = items.reduce(0) { $0 + $1.width * $1.height }
    let widest = items.map(\.width).max() ?? 1
    var step = items.reduce(0) { gcd($0, $1.width) }
    if step <= 0 { step = 1 }
    var widths: [Int] = []
    var w = max(widest, ((Int(Double(area).squareRoot()) / 4) / step) * step)
    if w < widest { w = widest }
    while w <= maxSide {
      if !powerOfTwo || w & (w - 1) == 0 { widths.append(w) }
      w += step
    }
    if powerOfTwo {
      widths = []
      var p = 1
      while p <= maxSide {
        if p >= widest { widths.append(p) }
        p <<= 1
      }
    }
    // Bound the search: every extra width is 16 full packings.
    let limit = items.count > 200 ? 12 : 48
    if widths.count > limit {
      let stride = Double(widths.count) / Double(limit)
      widths = (0..<limit).map { widths[Int(Double($0) * stride)] }
    }
    let candidates = widths.map { ($0, maxSide) }
    var best = bestPacking(items, candidates: candidates, allowPartial: false)
    if best.placed.count != items.count {
      best = bestPacking(items, candidates: [(maxSide, maxSide)], allowPartial: false)
    }
    return best
  }

  /// Items all of one size: MaxRects would lay them out as a grid, so choose the grid directly, the
  /// columns × rows with the least area (then the squarest), filled row by row in the items' order.
  func uniformGrid(_ items: [PackItem]) -> Trial? {
    guard let first = items.first, items.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
      return nil
    }
    let n = items.count
    let maxCols = maxSide / first.width
    let maxRows = maxSide / first.height
    var best: (cols: Int, rows: Int, area: Int, skew: Int)?
    for cols in 1...max(1, min(maxCols, n)) {
      let rows = (n + cols - 1) / cols
      guard rows <= maxRows else { continue }
      var w = cols * first.width
      var h = rows * first.height
      if powerOfTwo {
        w = nextPowerOfTwo(w)
        h = nextPowerOfTwo(h)
        if w > maxSide || h > maxSide { continue }
      }
      let area = w * h
      let skew = abs(w - h)
      if let b = best, area > b.area || (area == b.area && skew >= b.skew) { continue }
      best = (cols, rows, area, skew)
    }
    guard let g = best else { return nil }
    var placed: [(id: Int, x: Int, y: Int)] = []
    for (i, item) in items.enumerated() {
      placed.append((item.id, (i % g.cols) * first.width, (i / g.cols) * first.height))
    }
    var w = g.cols * first.width
    var h = g.rows * first.height
    if powerOfTwo {
      w = nextPowerOfTwo(w)
      h = nextPowerOfTwo(h)
    }
    return Trial(placed: placed, width: w, height: h)
  }

  /// Runs every heuristic and order on every candidate bin and keeps the smallest complete (or fullest) result.
  func bestPacking(_ items: [PackItem], candidates: [(Int, Int)], allowPartial: Bool) -> Trial {
    // Every page size, order and heuristic, as independent trials on up to `jobs` threads; the best is chosen in
    // trial order, as one thread would.
    let sorted = Order.allCases.map { sortItems(items, $0) }
    let heuristics = Heuristic.allCases
    let perCandidate = sorted.count * heuristics.count
    let trials = parallelMap(candidates.count * perCandidate, jobs: jobs) { k -> Trial? in
      let (bw, bh) = candidates[k / perCandidate]
      let order = (k % perCandidate) / heuristics.count
      let heuristic = heuristics[k % heuristics.count]
      var bin = MaxRectsBin(width: bw, height: bh)
      var placed: [(id: Int, x: Int, y: Int)] = []
      var usedW = 0
      var usedH = 0
      for item in sorted[order] {
        guard let (x, y) = bin.insert(width: item.width, height: item.height, heuristic: heuristic) else {
          if allowPartial { continue } else { break }
        }
        placed.append((item.id, x, y))
        usedW = max(usedW, x + item.width)
        usedH = max(usedH, y + item.height)
      }
      if !allowPartial && placed.count != items.count { return nil }
      return powerOfTwo
        ? Trial(placed: placed, width: nextPowerOfTwo(usedW), height: nextPowerOfTwo(usedH))
        : Trial(placed: placed, width: usedW, height: usedH)
    }
    var best: Trial?
    var bestKey = (0, Int.max)
    for case let trial? in trials {
      // More items first, then less area.
      let key = (trial.placed.count, trial.width * trial.height)
      if best == nil || key.0 > bestKey.0 || (key.0 == bestKey.0 && key.1 < bestKey.1) {
        best = trial
        bestKey = key
      }
    }
    return best ?? Trial(placed: [], width: 0, height: 0)
  }

  func sortItems(_ items: [PackItem], _ order: Order) -> [PackItem] {
    func tie(_ a: PackItem, _ b: PackItem) -> Bool { (a.name, a.id) < (b.name, b.id) }
    switch order {
    case .input: return items
    case .areaDescending:
      return items.sorted {
        $0.width * $0.height != $1.width * $1.height ? $0.width * $0.height > $1.width * $1.height : tie($0, $1)
      }
    case .maxSideDescending:
      return items.sorted {
        max($0.width, $0.height) != max($1.width, $1.height)
          ? max($0.width, $0.height) > max($1.width, $1.height) : tie($0, $1)
      }
    case .heightDescending:
      return items.sorted { $0.height != $1.height ? $0.height > $1.height : tie($0, $1) }
    }
  }
}

func gcd(_ a: Int, _ b: Int) -> Int {
  var (x, y) = (abs(a), abs(b))
  while y != 0 { (x, y) = (y, x % y) }
  return x
}

func nextPowerOfTwo(_ v: Int) -> Int {
  var p = 1
  while p < v { p <<= 1 }
  return p
}
