/// One cell of a keyboard page.
public enum KeyboardCell: Sendable, Equatable {
  /// An emoticon.
  case emoticon(EmoticonRef)
  /// The delete key.
  case delete
  /// Nothing.
  case empty
}

/// A page of the keyboard: `columns × rows` cells in reading order.
public struct KeyboardPage: Sendable, Equatable {
  /// Cells, row by row.
  public var cells: [KeyboardCell]
}

/// Where the delete key goes.
public enum DeletePlacement: Sendable, Equatable {
  /// In the last cell of every page (WeChat, Weibo).
  case lastCell
  /// In the last cell of full pages, but right after the last emoticon on the final page.
  case afterLastEmoticon
}

/// A grid of cells.
public struct KeyboardGrid: Sendable, Equatable {
  /// Columns, 1...`maxSide`.
  public var columns: Int {
    didSet { columns = Self.clampedSide(columns) }
  }
  /// Rows, 1...`maxSide`.
  public var rows: Int {
    didSet { rows = Self.clampedSide(rows) }
  }

  /// The most columns or rows a grid has (256): a larger value is taken as this, a smaller one than 1 as 1.
  public static let maxSide = 256

  /// 8 × 3, the usual chat keyboard.
  public static let standard = KeyboardGrid(columns: 8, rows: 3)

  /// Creates a grid (at least one column and one row, at most `maxSide` of each).
  public init(columns: Int, rows: Int) {
    self.columns = Self.clampedSide(columns)
    self.rows = Self.clampedSide(rows)
  }

  private static func clampedSide(_ n: Int) -> Int { min(max(1, n), maxSide) }

  /// The grid of no cells that an empty `GridFit` holds.
  init(empty: Void) {
    columns = 0
    rows = 0
  }

  /// Emoticons per page: every cell but the delete key.
  public var emoticonsPerPage: Int { max(1, columns * rows - 1) }

  /// Pages of `items` with a delete key on each (none for a grid of fewer than two cells).
  public func pages(_ items: [EmoticonRef], delete: DeletePlacement = .lastCell) -> [KeyboardPage] {
    let cellsPerPage = columns * rows
    guard cellsPerPage >= 2 else { return [] }
    let per = emoticonsPerPage
    var pages: [KeyboardPage] = []
    var start = 0
    repeat {
      let slice = items[start..<min(items.count, start + per)]
      var cells = slice.map { KeyboardCell.emoticon($0) }
      if delete == .afterLastEmoticon && start + per >= items.count {
        cells.append(.delete)
        while cells.count < cellsPerPage { cells.append(.empty) }
      } else {
        while cells.count < cellsPerPage - 1 { cells.append(.empty) }
        cells.append(.delete)
      }
      pages.append(KeyboardPage(cells: cells))
      start += per
    } while start < items.count
    return pages
  }
}

/// A rectangle in points.
public struct CellFrame: Sendable, Equatable {
  /// Left.
  public var x: Double
  /// Top.
  public var y: Double
  /// Width.
  public var width: Double
  /// Height.
  public var height: Double

  /// Creates a frame.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// Why no keyboard grid fits a container.
public struct KeyboardFitError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The space left for cells once the insets are taken off.
  public var width: Double
  /// The space left for cells once the insets are taken off.
  public var height: Double
  /// The cell side asked for.
  public var cellSize: Double

  public var description: String {
    "a \(width)×\(height) pt area holds fewer than two \(cellSize) pt cells (one emoticon and the delete key)"
  }
}

/// A grid fitted to a container: as many columns and rows as fit (up to a maximum), spread evenly.
public struct GridFit: Sendable, Equatable {
  /// The grid; zero cells when not even one emoticon and the delete key fit (see `isEmpty`).
  public var grid: KeyboardGrid
  /// Horizontal gap between cells.
  public var spacingX: Double
  /// Vertical gap between cells.
  public var spacingY: Double
  /// Frames of every cell, row by row; empty when nothing fits.
  public var frames: [CellFrame]

  /// True when the container holds fewer than two cells, so there is no keyboard to show.
  public var isEmpty: Bool { frames.isEmpty }

  /// Fits cells of `cellSize` with at least `minSpacing` between them into `width × height` less `insets`
  /// (top, left, bottom, right), at most `maxColumns × maxRows` (and `KeyboardGrid.maxSide` a side); leftover
  /// space is shared between the gaps, each gap at most `maxSpacing`, and what is still left is split evenly on
  /// both sides (the grid is centred).
  ///
  /// When fewer than two cells fit (one emoticon and the delete key), the layout is empty: no frames, and a
  /// grid of no cells; `fitting` throws instead.
  public init(
    width: Double, height: Double, cellSize: Double, minSpacing: Double,
    insets: (top: Double, left: Double, bottom: Double, right: Double) = (0, 0, 0, 0),
    maxColumns: Int = .max, maxRows: Int = .max, maxSpacing: Double = .infinity
  ) {
    let w = max(0, width - insets.left - insets.right)
    let h = max(0, height - insets.top - insets.bottom)
    let size = cellSize.isFinite && cellSize > 0 ? cellSize : 0
    let gap = minSpacing.isFinite ? max(0, minSpacing) : 0
    func count(_ span: Double, _ limit: Int) -> Int {
      guard size > 0, span.isFinite else { return 0 }
      let n = ((span + gap) / (size + gap)).rounded(.down)
      return n >= 1 ? min(max(limit, 0), Int(min(n, Double(KeyboardGrid.maxSide)))) : 0
    }
    let columns = count(w, maxColumns)
    let rows = count(h, maxRows)
    guard columns * rows >= 2 else {
      self.grid = KeyboardGrid(empty: ())
      spacingX = 0
      spacingY = 0
      frames = []
      return
    }
    let spread = maxSpacing.isNaN ? Double.infinity : max(gap, maxSpacing)
    spacingX = columns > 1 ? min(spread, (w - Double(columns) * size) / Double(columns - 1)) : 0
    spacingY = rows > 1 ? min(spread, (h - Double(rows) * size) / Double(rows - 1)) : 0
    let left = insets.left + (w - Double(columns) * size - Double(columns - 1) * spacingX) / 2
    let top = insets.top + (h - Double(rows) * size - Double(rows - 1) * spacingY) / 2
    grid = KeyboardGrid(columns: columns, rows: rows)
    var frames: [CellFrame] = []
    frames.reserveCapacity(columns * rows)
    for r in 0..<rows {
      for c in 0..<columns {
        frames.append(
          CellFrame(
            x: left + Double(c) * (size + spacingX), y: top + Double(r) * (size + spacingY), width: size,
            height: size))
      }
    }
    self.frames = frames
  }

  /// As `init`, but throws when not even one emoticon and the delete key fit.
  public static func fitting(
    width: Double, height: Double, cellSize: Double, minSpacing: Double,
    insets: (top: Double, left: Double, bottom: Double, right: Double) = (0, 0, 0, 0),
    maxColumns: Int = .max, maxRows: Int = .max, maxSpacing: Double = .infinity
  ) throws(KeyboardFitError) -> GridFit {
    let fit = GridFit(
      width: width, height: height, cellSize: cellSize, minSpacing: minSpacing, insets: insets,
      maxColumns: maxColumns, maxRows: maxRows, maxSpacing: maxSpacing)
    guard !fit.isEmpty else {
      throw KeyboardFitError(
        width: max(0, width - insets.left - insets.right), height: max(0, height - insets.top - insets.bottom),
        cellSize: cellSize)
    }
    return fit
  }
}

/// A keyboard tab: the virtual recents tab or a pack.
public struct KeyboardCategory: Sendable, Equatable {
  /// Stable id: `recent` or the pack id.
  public var id: String
  /// Display name.
  public var name: String
  /// Emoticons in order.
  public var items: [EmoticonRef]
}

extension Catalog {
  /// The keyboard's tabs: 最近/Recent first (from `recents`, when given and not empty), then every pack.
  public func keyboardCategories(recents: [EmoticonRef]?, preferredLocales: [String]) -> [KeyboardCategory] {
    var out: [KeyboardCategory] = []
    if let recents, !recents.isEmpty {
      let chinese = preferredLocales.first?.hasPrefix("zh") ?? false
      out.append(KeyboardCategory(id: "recent", name: chinese ? "最近" : "Recent", items: recents))
    }
    for c in categories {
      out.append(KeyboardCategory(id: c.id, name: c.name(preferred: preferredLocales), items: c.emoticons))
    }
    return out
  }
}

extension Catalog {
  /// What VoiceOver reads for an emoticon: its tag without the brackets (`[哈哈]` → `哈哈`, `:smile:` → `smile`),
  /// or the emoji itself for emoji-only entries; nil for a reference outside the catalog.
  ///
  /// `preferredLocales` picks the tag of the first locale the pack gives tags in; packs of format 1.0 record no
  /// locales for their tags, so their primary tag is read.
  public func accessibilityLabel(for ref: EmoticonRef, preferredLocales: [String] = []) -> String? {
    guard let emoticon = try? emoticon(ref) else { return nil }
    guard let tag = emoticon.tags.first else { return emoticon.emoji }
    return Self.label(ofTag: tag)
  }

  /// A tag without its brackets or colons.
  static func label(ofTag tag: String) -> String {
    for (open, close) in [("[", "]"), (":", ":")] where tag.count > 2 && tag.hasPrefix(open) && tag.hasSuffix(close) {
      return String(tag.dropFirst().dropLast())
    }
    return tag
  }
}
