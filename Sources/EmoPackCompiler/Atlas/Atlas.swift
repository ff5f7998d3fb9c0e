import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation

/// Lays sprites out and draws the sheets.
package enum Atlas {
  /// Packs rectangles of `sizes` (each with a `ring`-pixel border) into pages no wider or taller than `maxSide`
  /// pixels: one column when they fit one, else a uniform grid when all are one size, MaxRects otherwise; empty
  /// sizes get no place (a 1 × 1 page when none has a place), and no sizes no page.
  ///
  /// `jobs` threads share MaxRects' trial packings; the layout is the same for any number.
  /// Lays out the sprites of `apart` on pages of their own after the others' (the palette mode writes them
  /// losslessly or with their own palette, so the rest share one); with `apart` empty, one layout for all.
  package static func layout(
    sizes: [Size], names: [String], scale: Int, ring: Int, maxSide: Int, powerOfTwo: Bool, jobs: Int = 1,
    apart: Set<Int>
  ) throws(PackingError) -> ScaleLayout {
    let kept = apart.filter { sizes.indices.contains($0) && sizes[$0].width > 0 && sizes[$0].height > 0 }
    guard !kept.isEmpty else {
      return try layout(
        sizes: sizes, names: names, scale: scale, ring: ring, maxSide: maxSide, powerOfTwo: powerOfTwo, jobs: jobs)
    }
    let none = Size(width: 0, height: 0)
    let main = try layout(
      sizes: sizes.indices.map { kept.contains($0) ? none : sizes[$0] }, names: names, scale: scale, ring: ring,
      maxSide: maxSide, powerOfTwo: powerOfTwo, jobs: jobs)
    let side = try layout(
      sizes: sizes.indices.map { kept.contains($0) ? sizes[$0] : none }, names: names, scale: scale, ring: ring,
      maxSide: maxSide, powerOfTwo: powerOfTwo, jobs: jobs)
    var merged = main
    merged.sizes = sizes
    merged.apartFrom = main.pages.count
    merged.pages += side.pages
    for i in kept {
      merged.origins[i] = side.origins[i].map { .init(page: $0.page + main.pages.count, x: $0.x, y: $0.y) }
    }
    return merged
  }

  package static func layout(
    sizes: [Size], names: [String], scale: Int, ring: Int, maxSide: Int, powerOfTwo: Bool, jobs: Int = 1
  ) throws(PackingError) -> ScaleLayout {
    var items: [PackItem] = []
    for (i, s) in sizes.enumerated() where s.width > 0 && s.height > 0 {
      let w = s.width + 2 * ring
      let h = s.height + 2 * ring
      guard w <= maxSide, h <= maxSide else {
        throw PackingError(
          message:
            "'\(names[i])' is \(s.width)x\(s.height) px at \(scale)x with a \(ring)-pixel ring, over the sheet limit of \(maxSide) px"
        )
      }
      items.append(PackItem(id: i, name: names[i], width: w, height: h))
    }
    var origins = [ScaleLayout.Origin?](repeating: nil, count: sizes.count)
    var pages: [Size] = []
    if sizes.isEmpty {
      // No images (an emoji-only pack): no sheet at all.
    } else if items.isEmpty {
      // Images, none with a visible pixel: one blank page, so that their placements name a sheet.
      pages = [Size(width: 1, height: 1)]
    } else {
      let result = try MaxRectsPacker(maxSide: maxSide, powerOfTwo: powerOfTwo, jobs: jobs).pack(items)
      for p in result.placements { origins[p.id] = .init(page: p.page, x: p.x + ring, y: p.y + ring) }
      pages = result.pages.map {
        powerOfTwo
          ? Size(width: nextPowerOfTwo($0.width), height: nextPowerOfTwo($0.height))
          : Size(width: $0.width, height: $0.height)
      }
    }
    return ScaleLayout(scale: scale, ring: ring, origins: origins, sizes: sizes, pages: pages)
  }

  /// Which sides of a sprite get their edge pixels repeated into the ring.
  ///
  /// The sides that lie on the edge of the emoticon's square are extruded. A side that trimming moved inward keeps
  /// a transparent ring, which is what surrounded it in the square (so filtering at the edge sees what it would
  /// have seen untrimmed).
  package struct Extrusion: Sendable, Equatable {
    /// Repeat the left column.
    package var left: Bool
    /// Repeat the top row.
    package var top: Bool
    /// Repeat the right column.
    package var right: Bool
    /// Repeat the bottom row.
    package var bottom: Bool

    /// Every side (an untrimmed sprite).
    package static let all = Extrusion(left: true, top: true, right: true, bottom: true)

    /// The sides of `trimmed` that touch its `side × side` square.
    package init(_ trimmed: TrimmedImage, side: Int) {
      left = trimmed.left == 0
      top = trimmed.top == 0
      right = trimmed.left + trimmed.image.width == side
      bottom = trimmed.top + trimmed.image.height == side
    }

    /// Chosen sides.
    package init(left: Bool, top: Bool, right: Bool, bottom: Bool) {
      self.left = left
      self.top = top
      self.right = right
      self.bottom = bottom
    }
  }

  /// Draws `image` with its top-left pixel at (`x`, `y`) of a sheet whose rows start `rowStride` bytes apart,
  /// repeating its edge pixels over the `ring` pixels around it on the sides `extrude` names (the others stay as
  /// the sheet is: transparent).
  ///
  /// Only the sprite's cell is written, so sprites may be drawn into one sheet from several threads at once.
  package static func drawSprite(
    _ image: RGBAImage, x ox: Int, y oy: Int, ring: Int, extrude: Extrusion = .all,
    into sheet: UnsafeMutablePointer<UInt8>, rowStride: Int
  ) {
    let w = image.width
    let h = image.height
    guard w > 0, h > 0 else { return }
    image.pixels.withUnsafeBufferPointer { src in
      guard let base = src.baseAddress else { return }
      let top = extrude.top ? -ring : 0
      let bottom = extrude.bottom ? h + ring : h
      for y in top..<bottom {
        let sy = min(max(y, 0), h - 1)
        let rowOut = sheet + (oy + y) * rowStride + ox * 4
        let rowIn = base + sy * w * 4
        // The ring's left and right parts repeat the row's first and last pixels; the middle is one copy.
        if extrude.left { for x in -ring..<0 { (rowOut + x * 4).update(from: rowIn, count: 4) } }
        rowOut.update(from: rowIn, count: w * 4)
        if extrude.right { for x in w..<(w + ring) { (rowOut + x * 4).update(from: rowIn + (w - 1) * 4, count: 4) } }
      }
    }
  }

  /// Draws page `page` of `layout` from one trimmed image per sprite, as an image (tests, previews).
  package static func draw(_ layout: ScaleLayout, images: [RGBAImage], page: Int) -> RGBAImage {
    let size = layout.pages[page]
    var sheet = [UInt8](repeating: 0, count: size.width * size.height * 4)
    sheet.withUnsafeMutableBufferPointer { dst in
      guard let base = dst.baseAddress else { return }
      for (i, o) in layout.origins.enumerated() {
        guard let o, o.page == page else { continue }
        drawSprite(images[i], x: o.x, y: o.y, ring: layout.ring, into: base, rowStride: size.width * 4)
      }
    }
    return RGBAImage(width: size.width, height: size.height, pixels: sheet)
  }
}
