import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation

// Stage 4, lay out: each scale's sprites packed onto pages.
extension PackJob {
  /// One layout per scale, in that scale's pixels.
  struct LaidOut {
    var layouts: [ScaleLayout]
  }

  /// Packs each scale's sprites on their own, on pages whose side is that scale's largest divided by its choice's
  /// divisor, with the sprites its choice sets apart on pages of their own.
  ///
  /// Trimming differs per scale, so the rectangles do.
  func layOut(_ shared: Shared, _ plan: Plan, choices: [LayoutChoice]) throws(BuildError) -> LaidOut {
    var layouts: [ScaleLayout] = []
    for (k, scale) in settings.scales.enumerated() {
      let sizes = shared.sprites.indices.map { i in
        let c = cell(shared, i, k)
        return Size(width: c.width, height: c.height)
      }
      do {
        layouts.append(
          try Atlas.layout(
            sizes: sizes, names: shared.names, scale: scale, ring: settings.ring(scale: scale),
            maxSide: max(1, settings.maxSheetSide(scale: scale) / choices[k].divisor), powerOfTwo: settings.powerOfTwo,
            jobs: options.jobs, apart: Set(choices[k].apart)))
      } catch {
        throw .packing(pack: pack.id, file: pack.manifest.manifestPath, error)
      }
    }
    let pages = layouts.map(\.pages.count).max() ?? 1
    if options.singlePage && pages > 1 {
      throw .tooManyPages(
        pack: pack.id, file: pack.manifest.manifestPath, pages: pages, maxSheetSide: settings.maxSheetSide)
    }
    let pixels = layouts.reduce(0) { $0 + $1.pages.reduce(0) { $0 + $1.width * $1.height } }
    if pixels > options.maxTotalSheetPixels {
      throw .tooManySheetPixels(
        pack: pack.id, file: pack.manifest.manifestPath, pixels: pixels, limit: options.maxTotalSheetPixels)
    }
    return LaidOut(layouts: layouts)
  }
}
