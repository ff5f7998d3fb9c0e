/// Exact nearest palette entry by weighted squared distance, searched outward from the query's green value over
/// the entries sorted by green (the search stops once green alone is farther than the best found).
struct NearestColor: Sendable {
  let palette: [(Int64, Int64, Int64, Int64)]
  /// The entries sorted by green (ties by index), each with its index in `palette`.
  private let byGreen: [(c: (Int64, Int64, Int64, Int64), index: Int)]

  init(_ palette: [(Int64, Int64, Int64, Int64)]) {
    self.palette = palette
    byGreen = palette.indices.sorted { (palette[$0].1, $0) < (palette[$1].1, $1) }.map { (palette[$0], $0) }
  }

  /// The nearest entry's index; of entries at the same distance, the lowest index.
  func index(_ c: (Int64, Int64, Int64, Int64)) -> Int {
    byGreen.withUnsafeBufferPointer { entries in
      let n = entries.count
      // The first entry whose green is at least the query's.
      var lo = 0
      var hi = n
      while lo < hi {
        let mid = (lo &+ hi) / 2
        if entries[mid].c.1 < c.1 { lo = mid &+ 1 } else { hi = mid }
      }
      var best = Int64.max
      var bestIndex = 0
      // Channels and distances stay within 0...255 and 18 × 255²: no overflow to check.
      @inline(__always) func consider(_ k: Int) -> Bool {
        let (p, j) = entries[k]
        let dg = p.1 &- c.1
        let g = dg &* dg &* PaletteQuantizer.weightG
        // Farther in green alone than the best: so is every entry beyond it on this side.
        if g > best { return false }
        let d0 = p.0 &- c.0
        let d2 = p.2 &- c.2
        let d3 = p.3 &- c.3
        let d =
          d0 &* d0 &* PaletteQuantizer.weightR &+ g &+ d2 &* d2 &* PaletteQuantizer.weightB &+ d3 &* d3
          &* PaletteQuantizer.weightA
        if d < best || (d == best && j < bestIndex) {
          best = d
          bestIndex = j
        }
        return true
      }
      // Outward from `lo`, a step up then a step down, each side until it passes the best.
      var up = lo
      var down = lo &- 1
      while up < n || down >= 0 {
        if up < n { up = consider(up) ? up &+ 1 : n }
        if down >= 0 { down = consider(down) ? down &- 1 : -1 }
      }
      return bestIndex
    }
  }
}
