import EmoPackFormat

/// The KWRD rows of several KPST runs (one per gram) in ascending order, each once: a one-scalar query's
/// `contains` candidates, which are spread over every gram starting with that scalar.
///
/// A binary heap holds each run's next row, so a result costs O(log runs) and the first page does not read
/// every run. Rows past KWRD are passed over; a damaged pack's unsorted run only costs order, never a trap.
struct PostingMerge: Sendable {
  private var heap: [(row: Int, run: Int)] = []
  private var cursors: [Int]
  private let runs: [Range<Int>]
  private var last = -1

  init(_ reader: PackFileReader, runs: [Range<Int>]) {
    self.runs = runs
    cursors = runs.map(\.lowerBound)
    for k in runs.indices { advance(reader, run: k) }
  }

  /// The next row in ascending order, or nil when every run is done.
  mutating func next(_ reader: PackFileReader) -> Int? {
    while let top = heap.first {
      pop()
      advance(reader, run: top.run)
      if top.row != last {
        last = top.row
        return top.row
      }
    }
    return nil
  }

  /// Pushes run `k`'s next valid row, if any, and moves its cursor past it.
  private mutating func advance(_ reader: PackFileReader, run k: Int) {
    while cursors[k] < runs[k].upperBound {
      let index = cursors[k]
      cursors[k] += 1
      if let row = reader.posting(at: index) {
        push((row, k))
        return
      }
    }
  }

  private mutating func push(_ item: (row: Int, run: Int)) {
    heap.append(item)
    var i = heap.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      guard heap[i].row < heap[parent].row else { break }
      heap.swapAt(i, parent)
      i = parent
    }
  }

  private mutating func pop() {
    let end = heap.removeLast()
    guard !heap.isEmpty else { return }
    heap[0] = end
    var i = 0
    while true {
      let l = 2 * i + 1
      let r = l + 1
      var m = i
      if l < heap.count && heap[l].row < heap[m].row { m = l }
      if r < heap.count && heap[r].row < heap[m].row { m = r }
      guard m != i else { return }
      heap.swapAt(i, m)
      i = m
    }
  }
}
