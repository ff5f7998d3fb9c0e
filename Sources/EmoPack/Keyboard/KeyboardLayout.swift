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
  /// Columns.
  public var columns: Int
  /// Rows.
  public var rows: Int

  /// 8 × 3, the usual chat keyboard.
  public static let standard = KeyboardGrid(columns: 8, rows: 3)

  /// Creates a grid.
  public init(columns: Int, rows: Int) {
    self.columns = max(1, columns)
    self.rows = max(1, rows)
  }

  /// Emoticons per page: every cell but the delete key.
  public var emoticonsPerPage: Int { max(1, columns * rows - 1) }

  /// Pages of `items` with a delete key on each.
  public func pages(_ items: [EmoticonRef], delete: DeletePlacement = .lastCell) -> [KeyboardPage] {
    let cellsPerPage = columns * rows
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

/// A grid fitted to a container: as many columns and rows as fit, spread evenly.
public struct GridFit: Sendable, Equatable {
  /// The grid.
  public var grid: KeyboardGrid
  /// Horizontal gap between cells.
  public var spacingX: Double
  /// Vertical gap between cells.
  public var spacingY: Double
  /// Frames of every cell, row by row.
  public var frames: [CellFrame]

  /// Fits cells of `cellSize` with at least `minSpacing` between them into `width × height` less `insets`
  /// (top, left, bottom, right); leftover space is shared between the gaps.
  public init(
    width: Double, height: Double, cellSize: Double, minSpacing: Double,
    insets: (top: Double, left: Double, bottom: Double, right: Double) = (0, 0, 0, 0)
  ) {
    let w = max(0, width - insets.left - insets.right)
    let h = max(0, height - insets.top - insets.bottom)
    let columns = max(1, Int(((w + minSpacing) / (cellSize + minSpacing)).rounded(.down)))
    let rows = max(1, Int(((h + minSpacing) / (cellSize + minSpacing)).rounded(.down)))
    spacingX = columns > 1 ? (w - Double(columns) * cellSize) / Double(columns - 1) : 0
    spacingY = rows > 1 ? (h - Double(rows) * cellSize) / Double(rows - 1) : 0
    grid = KeyboardGrid(columns: columns, rows: rows)
    var frames: [CellFrame] = []
    for r in 0..<rows {
      for c in 0..<columns {
        frames.append(
          CellFrame(
            x: insets.left + Double(c) * (cellSize + spacingX), y: insets.top + Double(r) * (cellSize + spacingY),
            width: cellSize, height: cellSize))
      }
    }
    self.frames = frames
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
