import EmoPack
import EmoPackFormat
import Foundation
import Testing

/// Public values an app sets, at their extremes: nothing traps, and each comes back clamped as documented.
@Suite struct APIBoundsTests {
  /// `maxTagBytes` from `Int.min` to `Int.max`: a tag is found exactly when it fits the limit (`[哈哈]` is 8
  /// bytes), and the delete key takes it whole then.
  @Test(arguments: [Int.min, -1, 0, 7, 8, 9, 256, 1 << 40, 1 << 62, Int.max - 1, Int.max])
  func maxTagBytesAtTheExtremes(limit: Int) throws {
    let catalog = try TestPacks.catalog()
    var set = Tokenizer(catalog: catalog)
    set.maxTagBytes = limit
    let made = Tokenizer(catalog: catalog, maxTagBytes: limit)
    #expect(set.maxTagBytes == made.maxTagBytes && (0...Tokenizer.maxTagBytesLimit).contains(made.maxTagBytes))
    for tokenizer in [set, made] {
      let kinds = tokenizer.tokenize("a[哈哈]b").map(\.kind)
      let found = kinds.contains(.emoticon(EmoticonRef(pack: 0, entry: 0)))
      #expect(found == (limit >= 8), "\(limit): \(kinds)")
      var text = EmoticonText("a[哈哈]b", tokenizer: tokenizer)
      _ = text.deleteBackward(at: found ? 2 : 5, in: found ? .display : .source)
      #expect(text.source == (found ? "ab" : "a[哈哈b"))
    }
  }

  /// Pages of search results at indexes and grids no keyboard has: nil or a page, never a trap.
  @Test func searchPagesAtExtremeIndexesAndGrids() throws {
    let search = try TestPacks.catalog().search("h")
    #expect(search.first(1).count == 1 && search.first(Int.max).count == search.first(1000).count)
    #expect(search.first(-1).isEmpty && search.first(Int.min).isEmpty)
    for index in [Int.max, Int.max / 2, Int.max / 24, -1, Int.min] {
      #expect(search.page(index) == nil, "\(index)")
    }
    for grid in [
      KeyboardGrid(columns: Int.max, rows: Int.max), KeyboardGrid(columns: 1 << 32, rows: 1 << 32),
      KeyboardGrid(columns: Int.min, rows: -3),
    ] {
      let page = search.page(0, grid: grid)
      #expect(page == nil || page?.cells.count == grid.columns * grid.rows)
      #expect(search.page(Int.max, grid: grid) == nil)
    }
  }

  /// Grids are at most `KeyboardGrid.maxSide` a side however they are made or changed.
  @Test func keyboardGridsAreClamped() {
    var grid = KeyboardGrid(columns: Int.max, rows: 1 << 40)
    #expect(grid.columns == KeyboardGrid.maxSide && grid.rows == KeyboardGrid.maxSide)
    grid.columns = Int.min
    grid.rows = Int.max
    #expect(grid.columns == 1 && grid.rows == KeyboardGrid.maxSide)
    let pages = grid.pages([EmoticonRef(pack: 0, entry: 0), EmoticonRef(pack: 0, entry: 1)])
    #expect(pages.count == 1 && pages[0].cells.count == KeyboardGrid.maxSide && pages[0].cells.last == .delete)
    let fit = GridFit(width: 1e9, height: 1e12, cellSize: 1, minSpacing: 0)
    #expect(fit.grid.columns == KeyboardGrid.maxSide && fit.grid.rows == KeyboardGrid.maxSide)
    #expect(fit.frames.count == KeyboardGrid.maxSide * KeyboardGrid.maxSide)
    let huge = GridFit(width: 1e300, height: .greatestFiniteMagnitude, cellSize: 1e-300, minSpacing: 0)
    #expect(huge.frames.count == KeyboardGrid.maxSide * KeyboardGrid.maxSide)
  }

  /// Animations made with delays and loop counts no pack holds: frames stay in range and times do not wrap.
  @Test func animationsWithExtremeDelaysAndLoops() {
    let ref = EmoticonRef(pack: 0, entry: 0)
    for loops in [Int.min, -1, 0, 1, 2, Int.max] {
      for delays in [[Int.max, Int.max, 5], [Int.min, 0, -7], [Int.max], [1, Int.max - 1], []] {
        let a = EmoticonAnimation(ref: ref, delays: delays, loopCount: loops, stillFrame: Int.max)
        #expect(a.frameCount == delays.count && a.stillFrame == max(0, delays.count - 1))
        #expect(a.delays.allSatisfy { (1...EmoticonAnimation.maxDelay).contains($0) })
        #expect(a.loopCount >= 0 && (a.totalDuration ?? 0) >= 0)
        for time in [Int.min, -1, 0, 1, 4, 5, Int.max / 2, Int.max - 1, Int.max] {
          let f = a.frame(at: time)
          #expect(f >= 0 && f < max(1, delays.count))
          if let next = a.nextChange(after: time) { #expect(next > time) }
        }
        let player = AnimationPlayer(a, startTime: -1e300)
        for now in [Double.nan, .infinity, -.infinity, 1e300, 0] {
          #expect(player.frame(at: now) < max(1, delays.count))
          _ = player.nextChange(after: now)
        }
      }
    }
  }

  /// A change applied to a text it does not fit is cut to the text (it trapped on an index out of bounds).
  @Test func changesOutsideTheTextAreCutToIt() {
    let text = "a👍🏽b"
    for (range, expected) in [
      (Int.min..<Int.max, "z"), (-5..<1, "z👍🏽b"), (5..<Int.max, "a👍🏽z"), (6..<Int.max, "a👍🏽bz"), (100..<200, "a👍🏽bz"),
      (0..<0, "za👍🏽b"),
    ] {
      #expect(TextChange(range: range, replacement: "z", runs: [], cursor: 0).applied(to: text) == expected)
    }
  }

  /// Recents asked for fewer than one item give none (SQLite took a negative limit as no limit).
  @Test func recentsLimitsBelowOneGiveNone() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emopack-bounds-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = try RecentsStore(path: folder + "/r.sqlite", capacity: -3)
    try store.record(packID: "p", key: "[a]")
    try store.record(packID: "p", key: "[b]")
    #expect(store.capacity == 0)
    #expect(try store.items().isEmpty)
    for limit in [Int.min, -1, 0] { #expect(try store.items(limit: limit).isEmpty) }
    #expect(try store.items(limit: 1).count == 1)
    #expect(try store.items(limit: Int.max).count == 2)
  }

  static let offsets = [Int.min, -1, 0, 1, 2, 3, 5, 8, 100, Int.max]

  /// The display model read and edited at offsets and ranges outside its text: offsets land inside it, and an
  /// edited model equals one built afresh from its source.
  @Test func theDisplayModelAtOffsetsOutsideItsText() throws {
    let tokenizer = Tokenizer(catalog: try TestPacks.catalog())
    let model = EmoticonText("a[哈哈]😆b👍🏽", tokenizer: tokenizer)
    for x in Self.offsets {
      #expect((0...model.displayUTF16Count).contains(model.displayOffset(forSourceOffset: x)))
      #expect((0...model.sourceUTF16Count).contains(model.sourceOffset(forDisplayOffset: x)))
      _ = model.attachment(atDisplayOffset: x)
      for y in Self.offsets where y >= x {
        for space in [TextSpace.source, .display] {
          let text = model.sourceText(x..<y, in: space)
          #expect(text.isEmpty || model.source.contains(text))
          let whole = model.wholeTokens(x..<y, in: space)
          #expect(whole.lowerBound >= 0 && whole.upperBound <= model.sourceUTF16Count)
          _ = model.displayRuns(x..<y, in: space)
          var edited = model
          _ = edited.replace(x..<y, in: space, with: "[哈哈]x")
          #expect(edited.display == EmoticonText(edited.source, tokenizer: tokenizer).display)
          edited = model
          _ = edited.deleteBackward(x..<y, in: space)
          #expect(edited.display == EmoticonText(edited.source, tokenizer: tokenizer).display)
        }
      }
      var deleted = model
      _ = deleted.deleteBackward(at: x, in: .display)
      #expect(deleted.display == EmoticonText(deleted.source, tokenizer: tokenizer).display)
    }
    let emoticon = try tokenizer.catalog.emoticon(EmoticonRef(pack: 0, entry: 0))
    #expect(tokenizer.insert(emoticon, into: "ab", at: Int.max).text == "ab[哈哈]")
    #expect(tokenizer.insert(emoticon, into: "ab", at: Int.min).text == "[哈哈]ab")
  }

  /// Catalog calls with references, scales and frames outside the catalog: an error or nil, never a trap.
  @Test func catalogCallsOutsideTheCatalog() throws {
    let catalog = try TestPacks.catalog()
    for pack in [Int.min, -1, 3, Int.max] {
      for entry in [Int.min, -1, 0, Int.max] {
        let ref = EmoticonRef(pack: pack, entry: entry)
        #expect((try? catalog.emoticon(ref)) == nil && catalog.accessibilityLabel(for: ref) == nil)
        #expect((try? catalog.animation(ref)) == nil)
        #expect((try? catalog.sprite(ref, scale: 2)) == nil)
      }
    }
    let ref = EmoticonRef(pack: 0, entry: 0)
    for scale in [Int.min, -1, 0, 1, 2, 3, Int.max] {
      // A scale below 1 is an error saying so; any other gets the nearest the pack has.
      if scale < 1 {
        #expect(throws: CatalogError.self) { try catalog.sprite(ref, scale: scale) }
      } else {
        #expect(try catalog.sprite(ref, scale: scale).scale >= 1)
      }
      for frame in [Int.min, -1, 1, Int.max] { #expect((try? catalog.sprite(ref, frame: frame, scale: scale)) == nil) }
    }
    #expect(catalog.lookup(packID: "", key: "") == nil)
  }
}
