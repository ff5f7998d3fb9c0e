import EmoImage
import EmoPackFormat

// Stage 4, share: identical sprites become one.
extension PackJob {
  /// The distinct sprites (whole squares per scale, with their visible rectangles) and which one each source
  /// shows.
  struct Shared {
    var sprites: [BuiltSprite]
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
  /// comparison of the squares decides (reading stored sprites back).
  func share(_ made: MadeSprites, _ animated: [MadeAnimation], _ plan: Plan) throws(BuildError) -> Shared {
    var all = made.sprites
    var names = plan.sources.map(\.relativePath)
    var starts: [Int] = []
    for (f, a) in animated.enumerated() {
      starts.append(all.count)
      all += a.frames
      names += a.frames.indices.map { "\(plan.animationFiles[f].relativePath)#\($0)" }
    }
    var out = Shared(sprites: [], store: made.store, names: [], spriteOfSource: [], fileFrameStart: starts)
    var byHash: [UInt64: [Int]] = [:]
    for (i, sprite) in all.enumerated() {
      var match: Int?
      for candidate in byHash[sprite.hash] ?? [] where out.sprites[candidate].cells == sprite.cells {
        if try squares(of: out.sprites[candidate], out.store) == squares(of: sprite, out.store) {
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

  /// A sprite's whole squares, one per scale: in memory, or read back from the build's sprite file.
  func squares(of sprite: BuiltSprite, _ store: SpriteStore) throws(BuildError) -> [RGBAImage] {
    switch sprite.pixels {
    case .memory(let squares):
      return squares
    case .stored(let slot):
      guard let squares = store.stored(slot: slot), squares.count == sprite.cells.count else {
        throw .spriteCache(pack: pack.id, file: pack.manifest.manifestPath, path: store.path, slot: slot)
      }
      return squares
    }
  }
}
