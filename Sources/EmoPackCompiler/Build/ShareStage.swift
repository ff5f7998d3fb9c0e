import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation

// Stage 3, share: identical sprites become one, and each scale chooses whether to trim.
extension PackJob {
  /// The distinct sprites (each a trimmed image per scale) and which one each source shows.
  struct Shared {
    var sprites: [BuiltSprite]
    /// Scales whose sprites are drawn as whole squares (`chooseTrimming`).
    var whole: [Bool]
    /// Where stored sprites are read back from.
    var store: SpriteStore
    /// Names for deterministic tie-breaking and messages (the first source's path).
    var names: [String]
    /// For each made sprite — the still sources', then every animation file's frames — its distinct sprite.
    var spriteOfSource: [Int]
    /// Where each animation file's frames start among the made sprites.
    var fileFrameStart: [Int]
  }

  /// Different files can still decode and resample to the same pixels: a fast hash picks candidates, a
  /// comparison of the pixels and offsets decides (reading stored sprites back).
  func share(_ made: MadeSprites, _ animated: [MadeAnimation], _ plan: Plan) throws(BuildError) -> Shared {
    var all = made.sprites
    var names = plan.sources.map(\.relativePath)
    var starts: [Int] = []
    for (f, a) in animated.enumerated() {
      starts.append(all.count)
      all += zip(a.frames, a.hashes).map { BuiltSprite(images: $0, hash: $1) }
      names += a.frames.indices.map { "\(plan.animationFiles[f].relativePath)#\($0)" }
    }
    var out = Shared(
      sprites: [], whole: settings.scales.map { _ in false }, store: made.store, names: [], spriteOfSource: [],
      fileFrameStart: starts)
    var byHash: [UInt64: [Int]] = [:]
    for (i, sprite) in all.enumerated() {
      var match: Int?
      for candidate in byHash[sprite.hash] ?? [] where out.sprites[candidate].cells == sprite.cells {
        if try images(of: out.sprites[candidate], out) == images(of: sprite, out) {
          match = candidate
          break
        }
      }
      if let match {
        out.spriteOfSource.append(match)
      } else {
        byHash[sprite.hash, default: []].append(out.sprites.count)
        out.spriteOfSource.append(out.sprites.count)
        out.sprites.append(sprite)
        out.names.append(names[i])
      }
    }
    return out
  }

  /// A sprite's images at every scale as drawn: read back from the cache file when stored there, cropped to
  /// their cells, and put back into whole squares at the scales `chooseTrimming` left untrimmed.
  func images(of sprite: BuiltSprite, _ shared: Shared) throws(BuildError) -> [TrimmedImage] {
    var images: [TrimmedImage]
    switch sprite.pixels {
    case .memory(let kept):
      images = kept
    case .stored(let slot):
      guard let squares = shared.store.stored(slot: slot), squares.count == sprite.cells.count else {
        throw .spriteCache(pack: pack.id, file: pack.manifest.manifestPath, path: shared.store.path, slot: slot)
      }
      images = zip(squares, sprite.cells).map { square, c in
        if c.width == 0 { return TrimmedImage(image: RGBAImage(width: 0, height: 0, pixels: []), left: 0, top: 0) }
        if c.width == square.width && c.height == square.height { return TrimmedImage(image: square, left: 0, top: 0) }
        return TrimmedImage(
          image: square.cropped(x: c.left, y: c.top, width: c.width, height: c.height), left: c.left, top: c.top)
      }
    }
    for (k, scale) in settings.scales.enumerated() where shared.whole[k] {
      images[k] = TrimmedImage(image: Trimmer.placeBack(images[k], side: settings.pointSize * scale), left: 0, top: 0)
    }
    return images
  }

  /// Puts sprites back into whole squares where trimming does not pay; returns the scales left trimmed.
  ///
  /// In `auto`, a scale keeps its trimmed sprites only when they cut its sprite pixels (rings included) by
  /// `TrimMode.autoSaving`.
  func chooseTrimming(_ shared: inout Shared) -> [Int] {
    guard settings.trim != .never else { return [] }
    var trimmed: [Int] = []
    for (k, scale) in settings.scales.enumerated() {
      let side = settings.pointSize * scale
      let ring = settings.ring(scale: scale)
      let cut = shared.sprites.contains {
        !($0.cells[k].left == 0 && $0.cells[k].top == 0 && $0.cells[k].width == side)
      }
      guard cut else { continue }
      if settings.trim == .auto {
        let whole = Double(shared.sprites.count * (side + 2 * ring) * (side + 2 * ring))
        let area = shared.sprites.reduce(0.0) { total, s in
          let c = s.cells[k]
          return total + (c.width == 0 ? 0 : Double((c.width + 2 * ring) * (c.height + 2 * ring)))
        }
        if area > whole * (1 - TrimMode.autoSaving) {
          shared.whole[k] = true
          continue
        }
      }
      trimmed.append(scale)
    }
    return trimmed
  }

  /// Sprite `i`'s cell at scale index `k` as laid out: its trimmed cell, or the whole square.
  func cell(_ shared: Shared, _ i: Int, _ k: Int) -> BuiltSprite.Cell {
    let side = settings.pointSize * settings.scales[k]
    return shared.whole[k] ? BuiltSprite.Cell(left: 0, top: 0, width: side, height: side) : shared.sprites[i].cells[k]
  }
}
