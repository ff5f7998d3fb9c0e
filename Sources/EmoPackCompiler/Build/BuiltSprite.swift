import EmoImage

/// A distinct sprite at every scale: where its visible pixels sit in each `pointSize × scale` square, and where
/// the squares are: a slot of this build's sprite file (so a build holds one sprite per job from making the sprites
/// to drawing them, not all of them), or memory (animation frames, or a sprite the file could not take).
struct BuiltSprite: Sendable {
  /// A rectangle of one scale's square: the visible pixels (0 × 0 when nothing is visible), or what the layout
  /// draws (a strip's common box, or the whole square).
  struct Cell: Sendable, Equatable, Hashable {
    var left: Int
    var top: Int
    var width: Int
    var height: Int

    /// The whole `side × side` square.
    static func whole(_ side: Int) -> Cell { Cell(left: 0, top: 0, width: side, height: side) }

    /// True when nothing is visible.
    var isEmpty: Bool { width == 0 || height == 0 }

    /// The smallest cell holding both (an empty cell holds nothing).
    func union(_ other: Cell) -> Cell {
      if isEmpty { return other }
      if other.isEmpty { return self }
      let l = min(left, other.left)
      let t = min(top, other.top)
      return Cell(
        left: l, top: t, width: max(left + width, other.left + other.width) - l,
        height: max(top + height, other.top + other.height) - t)
    }
  }

  enum Pixels: Sendable {
    /// The whole squares are in slot `slot` of the build's `SpriteStore`.
    case stored(slot: Int)
    /// The whole squares, one per scale.
    case memory([RGBAImage])
  }

  /// The visible rectangle at each scale.
  var cells: [Cell]
  var pixels: Pixels
  /// `SpriteHash` of the visible pixels.
  var hash: UInt64

  /// A sprite held in memory: its whole squares and their visible rectangles.
  init(squares: [RGBAImage], cells: [Cell], hash: UInt64) {
    self.cells = cells
    pixels = .memory(squares)
    self.hash = hash
  }

  /// The squares' visible rectangles (trimmed at `alphaThreshold`, or whole when not trimming) and their hash.
  static func cells(of squares: [RGBAImage], trim: Bool, alphaThreshold: Int) -> (cells: [Cell], hash: UInt64) {
    let trimmed = squares.map {
      trim ? Trimmer.trim($0, alphaThreshold: alphaThreshold) : TrimmedImage(image: $0, left: 0, top: 0)
    }
    let cells = trimmed.map { Cell(left: $0.left, top: $0.top, width: $0.image.width, height: $0.image.height) }
    return (cells, SpriteHash.of(trimmed))
  }

  /// The same sprite with its squares in the store's `slot` instead.
  func stored(slot: Int) -> BuiltSprite {
    var s = self
    s.pixels = .stored(slot: slot)
    return s
  }
}
