/// Exact nearest palette entry by weighted squared distance, searched outward from the query's green value over
/// the entries sorted by green (the search stops once green alone is farther than the best found).
struct NearestColor: Sendable {
  let palette: [(Int64, Int64, Int64, Int64)]
  /// Per entry sorted by green (ties by index): green, red, blue, alpha and its index in `palette`.
  private let byGreen: [Int64]

  init(_ palette: [(Int64, Int64, Int64, Int64)]) {
    self.palette = palette
    // Green in the high bits and the index below it: one integer order, without tuple comparisons.
    let order = palette.indices.sorted { palette[$0].1 << 32 | Int64($0) < palette[$1].1 << 32 | Int64($1) }
    var flat = [Int64]()
    flat.reserveCapacity(order.count * 5)
    for j in order {
      let p = palette[j]
      flat += [p.1, p.0, p.2, p.3, Int64(j)]
    }
    byGreen = flat
  }

  /// The nearest entry's index; of entries at the same distance, the lowest index.
  func index(_ c: (Int64, Int64, Int64, Int64)) -> Int {
    byGreen.withUnsafeBufferPointer { e in
      let n = e.count / 5
      // The first entry whose green is at least the query's.
      var lo = 0
      var hi = n
      while lo < hi {
        let mid = (lo &+ hi) / 2
        if e[mid &* 5] < c.1 { lo = mid &+ 1 } else { hi = mid }
      }
      var best = Int64.max
      var bestIndex = 0
      // Outward from `lo`, a step up then a step down, each side until it passes the best. Channels and distances
      // stay within 0...255 and 18 × 255²: no overflow to check.
      var up = lo
      var down = lo &- 1
      var upward = false
      while up < n || down >= 0 {
        upward.toggle()
        let k: Int
        if upward {
          guard up < n else { continue }
          k = up
        } else {
          guard down >= 0 else { continue }
          k = down
        }
        let at = k &* 5
        let dg = e[at] &- c.1
        let g = dg &* dg &* PaletteQuantizer.weightG
        // Farther in green alone than the best: so is every entry beyond it on this side.
        if g > best {
          if upward { up = n } else { down = -1 }
          continue
        }
        let d0 = e[at &+ 1] &- c.0
        let d2 = e[at &+ 2] &- c.2
        let d3 = e[at &+ 3] &- c.3
        let d =
          d0 &* d0 &* PaletteQuantizer.weightR &+ g &+ d2 &* d2 &* PaletteQuantizer.weightB &+ d3 &* d3
          &* PaletteQuantizer.weightA
        let j = Int(e[at &+ 4])
        if d < best || (d == best && j < bestIndex) {
          best = d
          bestIndex = j
        }
        if upward { up = k &+ 1 } else { down = k &- 1 }
      }
      return bestIndex
    }
  }
}
