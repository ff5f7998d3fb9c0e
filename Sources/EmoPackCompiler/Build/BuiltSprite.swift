import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation

/// A distinct sprite at every scale: where its visible pixels sit in each `pointSize × scale` square, and where
/// the pixels are: a slot of this build's sprite file (so a build holds one sprite per job from making the sprites
/// to drawing them, not all of them), or memory (animation frames, or a sprite the file could not take).
struct BuiltSprite: Sendable {
  /// The visible rectangle of one scale's square (0 × 0 when nothing is visible).
  struct Cell: Sendable, Equatable {
    var left: Int
    var top: Int
    var width: Int
    var height: Int
  }

  enum Pixels: Sendable {
    /// The whole squares are in slot `slot` of the build's `SpriteStore`.
    case stored(slot: Int)
    case memory([TrimmedImage])
  }

  var cells: [Cell]
  var pixels: Pixels
  /// `SpriteHash` of the trimmed images.
  var hash: UInt64

  /// A sprite held in memory.
  init(images: [TrimmedImage], hash: UInt64) {
    cells = images.map { Cell(left: $0.left, top: $0.top, width: $0.image.width, height: $0.image.height) }
    pixels = .memory(images)
    self.hash = hash
  }

  /// The same sprite with its pixels in the store's `slot` instead.
  func stored(slot: Int) -> BuiltSprite {
    var s = self
    s.pixels = .stored(slot: slot)
    return s
  }
}
