/// Splits a sequence of weighted, keyed items (a pack's layout groups in keyboard order) into pages by their
/// content, as content-defined chunking does: a page ends after an item whose key meets a condition, once the page
/// holds at least `minimum` cells, and before it would hold more than `maximum`.
///
/// A boundary depends only on the items around it, so changing, adding or removing one item moves at most the
/// boundaries next to it: every other page keeps its items, and so its pixels and its file. The key is the item's
/// identity (its entry's first key), not its pixels, so redrawing an emoticon moves no boundary at all.
package struct PageChunker: Sendable, Equatable {
  /// The fewest cells a page holds before a key may end it.
  package var minimum: Int
  /// One key in `divisor` ends a page: pages average about `minimum + divisor` cells.
  package var divisor: Int
  /// The most cells a page holds (an item heavier than this is a page of its own).
  package var maximum: Int

  /// Pages of about 32 cells, 16 to 64: a keyboard page (23 emoticons) draws from one or two sheets, and one
  /// page of a 1,000-emoticon pack is about 3% of its sheets.
  package static let standard = PageChunker(minimum: 16, divisor: 16, maximum: 64)

  /// One page for everything (the `global` layout).
  package static let single = PageChunker(minimum: .max, divisor: 1, maximum: .max)

  /// The pages as ranges of item indices, in order, covering every item.
  package func pages(weights: [Int], keys: [UInt64]) -> [Range<Int>] {
    var out: [Range<Int>] = []
    var start = 0
    var cells = 0
    for i in weights.indices {
      cells += weights[i]
      let natural = cells >= minimum && keys[i] % UInt64(max(1, divisor)) == 0
      let full = i + 1 < weights.count && cells + weights[i + 1] > maximum
      if natural || full || i + 1 == weights.count {
        out.append(start..<(i + 1))
        start = i + 1
        cells = 0
      }
    }
    return out
  }
}
