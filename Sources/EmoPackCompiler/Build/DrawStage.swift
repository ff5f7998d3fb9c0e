import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation

// Stage 5, draw: the sheets' pixels.
extension PackJob {
  /// Every distinct sprite drawn into its scale's sheets, in parallel (sprites own disjoint cells), each read
  /// back from the cache file by the job that draws it: one sprite per job in memory.
  func draw(_ laidOut: LaidOut, _ shared: Shared) throws(BuildError) -> SheetSet {
    let sheets = SheetSet(laidOut.layouts)
    let layouts = laidOut.layouts
    let pointSize = settings.pointSize
    let failure = Locked<BuildError?>(nil)
    parallelFor(shared.sprites.count, jobs: options.jobs) { i in
      let sprite: [TrimmedImage]
      do throws(BuildError) {
        sprite = try images(of: shared.sprites[i], shared)
      } catch {
        failure.withLock { $0 = $0 ?? error }
        return
      }
      for (k, layout) in layouts.enumerated() {
        guard let o = layout.origins[i] else { continue }
        let canvas = sheets[k, o.page]
        let t = sprite[k]
        Atlas.drawSprite(
          t.image, x: o.x, y: o.y, ring: layout.ring, extrude: Atlas.Extrusion(t, side: pointSize * layout.scale),
          into: canvas.pixels, rowStride: canvas.rowStride)
      }
    }
    if let error = failure.withLock({ $0 }) { throw error }
    return sheets
  }
}
