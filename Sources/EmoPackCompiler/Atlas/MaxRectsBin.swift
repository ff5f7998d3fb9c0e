/// One bin of the MaxRects algorithm: the maximal free rectangles, split and pruned after each placement.
struct MaxRectsBin {
  struct Rect: Equatable {
    var x: Int
    var y: Int
    var w: Int
    var h: Int

    func contains(_ o: Rect) -> Bool { o.x >= x && o.y >= y && o.x + o.w <= x + w && o.y + o.h <= y + h }
  }

  var free: [Rect]

  init(width: Int, height: Int) { free = [Rect(x: 0, y: 0, w: width, h: height)] }

  mutating func insert(width: Int, height: Int, heuristic: MaxRectsPacker.Heuristic) -> (Int, Int)? {
    var best: Rect?
    var score1 = Int.max
    var score2 = Int.max
    for f in free where f.w >= width && f.h >= height {
      let leftoverH = f.w - width
      let leftoverV = f.h - height
      let s1: Int
      let s2: Int
      switch heuristic {
      case .bestShortSideFit:
        s1 = min(leftoverH, leftoverV)
        s2 = max(leftoverH, leftoverV)
      case .bestLongSideFit:
        s1 = max(leftoverH, leftoverV)
        s2 = min(leftoverH, leftoverV)
      case .bestAreaFit:
        s1 = f.w * f.h - width * height
        s2 = min(leftoverH, leftoverV)
      case .bottomLeft:
        s1 = f.y + height
        s2 = f.x
      }
      if s1 < score1 || (s1 == score1 && s2 < score2) {
        best = Rect(x: f.x, y: f.y, w: width, h: height)
        score1 = s1
        score2 = s2
      }
    }
    guard let placed = best else { return nil }
    var next: [Rect] = []
    var created: [Bool] = []
    next.reserveCapacity(free.count + 4)
    created.reserveCapacity(free.count + 4)
    for f in free {
      if placed.x >= f.x + f.w || placed.x + placed.w <= f.x || placed.y >= f.y + f.h || placed.y + placed.h <= f.y {
        next.append(f)
        created.append(false)
        continue
      }
      if placed.x > f.x {
        next.append(Rect(x: f.x, y: f.y, w: placed.x - f.x, h: f.h))
        created.append(true)
      }
      if placed.x + placed.w < f.x + f.w {
        next.append(Rect(x: placed.x + placed.w, y: f.y, w: f.x + f.w - placed.x - placed.w, h: f.h))
        created.append(true)
      }
      if placed.y > f.y {
        next.append(Rect(x: f.x, y: f.y, w: f.w, h: placed.y - f.y))
        created.append(true)
      }
      if placed.y + placed.h < f.y + f.h {
        next.append(Rect(x: f.x, y: placed.y + placed.h, w: f.w, h: f.y + f.h - placed.y - placed.h))
        created.append(true)
      }
    }
    // Prune rectangles contained in others (of two equal ones the first stays). Only the pieces just split off
    // can be: the rectangles left whole were maximal before, and a piece lies inside the rectangle it came from.
    var pruned: [Rect] = []
    pruned.reserveCapacity(next.count)
    next.withUnsafeBufferPointer { next in
      for i in 0..<next.count {
        let r = next[i]
        var contained = false
        if created[i] {
          var j = 0
          while j < next.count {
            let o = next[j]
            if i != j && o.contains(r) && (o != r || j < i) {
              contained = true
              break
            }
            j &+= 1
          }
        }
        if !contained { pruned.append(r) }
      }
    }
    free = pruned
    return (placed.x, placed.y)
  }
}
