import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation
import Synchronization

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

/// A fast 64-bit hash of sprite pixels (only to find candidates; equality is checked on the bytes).
enum SpriteHash {
  static func of(_ sprite: [TrimmedImage]) -> UInt64 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15
    for t in sprite {
      let image = t.image
      h = (h ^ UInt64(t.left << 16 | t.top)) &* 0xBF58_476D_1CE4_E5B9
      image.pixels.withUnsafeBytes { raw in
        var i = 0
        let n = raw.count
        while i + 8 <= n {
          h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x0000_0100_0000_01B3
          h ^= h >> 29
          i += 8
        }
        while i < n {
          h = (h ^ UInt64(raw[i])) &* 0x0000_0100_0000_01B3
          i += 1
        }
      }
      h = (h ^ UInt64(image.width)) &* 0xBF58_476D_1CE4_E5B9
    }
    return h
  }
}
