import EmoPNG
import EmoPackFormat
import Foundation

/// One unique sprite: its pixels at every scale of the pack.
public struct Sprite: Sendable {
  /// A name for deterministic tie-breaking (the source image's path).
  public var name: String
  /// One image per scale, `pointSize × scale` pixels square, straight alpha.
  public var images: [RGBAImage]

  /// Creates a sprite.
  public init(name: String, images: [RGBAImage]) {
    self.name = name
    self.images = images
  }
}

/// Where every sprite sits, in points; the same layout serves every scale (coordinates × scale).
///
/// Each sprite gets a cell of `pointSize + 2 × padding` points: the sprite in the middle and a ring of
/// `padding` points around it that holds its extruded edge pixels. Neighbouring sprites are therefore
/// `2 × padding` apart and the sheet edge is `padding` away.
public struct AtlasLayout: Sendable, Equatable {
  /// Sprite side in points.
  public var pointSize: Int
  /// Ring around each sprite in points.
  public var padding: Int
  /// Sprite rectangles (without the ring), one per sprite.
  public var rects: [SpriteRect]
  /// Page sizes in points.
  public var pages: [Size]

  /// A width and height.
  public struct Size: Sendable, Equatable {
    /// Width.
    public var width: Int
    /// Height.
    public var height: Int
  }

  /// Sheet size in pixels at `scale`, rounded up to powers of two when asked.
  public func sheetSize(page: Int, scale: Int, powerOfTwo: Bool) -> Size {
    let w = pages[page].width * scale
    let h = pages[page].height * scale
    return powerOfTwo ? Size(width: nextPowerOfTwo(w), height: nextPowerOfTwo(h)) : Size(width: w, height: h)
  }
}

/// Sheet occupancy figures.
public struct Occupancy: Sendable, Equatable, Codable {
  /// Sprite pixels / sheet pixels.
  public var spriteFraction: Double
  /// Sprite pixels with their padding and extrusion / sheet pixels (packing efficiency).
  public var packingEfficiency: Double
}

/// Lays sprites out and draws the sheets.
public enum Atlas {
  /// Packs `count` same-size sprites of `pointSize` with `padding` into pages no wider or taller than
  /// `maxSheetPixels` at the largest scale.
  public static func layout(
    count: Int, names: [String], pointSize: Int, padding: Int, maxSheetPixels: Int, largestScale: Int, powerOfTwo: Bool
  ) throws(PackingError) -> AtlasLayout {
    let cell = pointSize + 2 * padding
    var maxSide = maxSheetPixels / largestScale
    if powerOfTwo {
      // The sheet at the largest scale is rounded up to a power of two; keep it under the limit.
      maxSide = min(maxSide, maxSheetPixels / largestScale)
    }
    guard cell <= maxSide else {
      throw PackingError(
        message:
          "a \(pointSize)-point sprite with \(padding)-point padding is \(cell * largestScale) px at \(largestScale)x, over the sheet limit of \(maxSheetPixels) px"
      )
    }
    let items = (0..<count).map { PackItem(id: $0, name: names[$0], width: cell, height: cell) }
    let packer = MaxRectsPacker(maxSide: maxSide, powerOfTwo: false)
    let result = try packer.pack(items)
    let rects = result.placements.map {
      SpriteRect(page: $0.page, x: $0.x + padding, y: $0.y + padding, width: pointSize, height: pointSize)
    }
    return AtlasLayout(
      pointSize: pointSize, padding: padding, rects: rects,
      pages: result.pages.map { AtlasLayout.Size(width: $0.width, height: $0.height) })
  }

  /// Draws page `page` at scale index `scaleIndex` (scale `scale`), extruding each sprite's edge into its ring.
  public static func draw(
    _ layout: AtlasLayout, sprites: [Sprite], page: Int, scaleIndex: Int, scale: Int, powerOfTwo: Bool
  ) -> RGBAImage {
    let size = layout.sheetSize(page: page, scale: scale, powerOfTwo: powerOfTwo)
    var sheet = [UInt8](repeating: 0, count: size.width * size.height * 4)
    sheet.withUnsafeMutableBufferPointer { dst in
      for (i, rect) in layout.rects.enumerated() where rect.page == page {
        drawCell(
          sprites[i].images[scaleIndex], at: rect, scale: scale, padding: layout.padding, into: dst.baseAddress!,
          rowStride: size.width * 4)
      }
    }
    return RGBAImage(width: size.width, height: size.height, pixels: sheet)
  }

  /// Draws one sprite image into its cell of a sheet.
  ///
  /// The sheet's rows start `rowStride` bytes apart at `sheet`. The image goes at `rect` × `scale`, and its
  /// edge pixels are repeated over the `padding × scale` ring around it. Only the cell's pixels are written,
  /// so sprites may be drawn into one sheet from several threads at once.
  public static func drawCell(
    _ image: RGBAImage, at rect: SpriteRect, scale: Int, padding: Int, into sheet: UnsafeMutablePointer<UInt8>,
    rowStride: Int
  ) {
    let ring = padding * scale
    let side = image.width
    precondition(image.width == rect.width * scale && image.height == rect.height * scale)
    let ox = rect.x * scale
    let oy = rect.y * scale
    image.pixels.withUnsafeBufferPointer { src in
      for y in -ring..<(side + ring) {
        let sy = min(max(y, 0), side - 1)
        let rowOut = sheet + (oy + y) * rowStride + ox * 4
        let rowIn = src.baseAddress! + sy * side * 4
        // The ring's left and right parts repeat the row's first and last pixels; the middle is one copy.
        for x in -ring..<0 { (rowOut + x * 4).update(from: rowIn, count: 4) }
        rowOut.update(from: rowIn, count: side * 4)
        for x in side..<(side + ring) { (rowOut + x * 4).update(from: rowIn + (side - 1) * 4, count: 4) }
      }
    }
  }

  /// Copies the cell of `from` (sprite and ring) in one sheet to the cell of `to` in another, at `scale`.
  public static func copyCell(
    from: SpriteRect, in src: UnsafePointer<UInt8>, sourceStride: Int, to: SpriteRect,
    in dst: UnsafeMutablePointer<UInt8>, destinationStride: Int, scale: Int, padding: Int
  ) {
    let ring = padding * scale
    let w = (from.width * scale + 2 * ring) * 4
    for y in 0..<(from.height * scale + 2 * ring) {
      let s = (from.y * scale - ring + y) * sourceStride + (from.x * scale - ring) * 4
      let d = (to.y * scale - ring + y) * destinationStride + (to.x * scale - ring) * 4
      (dst + d).update(from: src + s, count: w)
    }
  }

  /// True when the sprite pixels (without the ring) at `a` in one sheet equal those at `b` in another.
  public static func sameSprite(
    _ a: SpriteRect, in pa: UnsafePointer<UInt8>, strideA: Int, _ b: SpriteRect, in pb: UnsafePointer<UInt8>,
    strideB: Int, scale: Int
  ) -> Bool {
    let w = a.width * scale * 4
    for y in 0..<(a.height * scale) {
      let ra = (a.y * scale + y) * strideA + a.x * scale * 4
      let rb = (b.y * scale + y) * strideB + b.x * scale * 4
      if memcmp(pa + ra, pb + rb, w) != 0 { return false }
    }
    return true
  }

  /// Occupancy of page `page` at scale 1 in points (ratios are the same at every scale unless rounded to powers of two).
  public static func occupancy(_ layout: AtlasLayout, page: Int, scale: Int = 1, powerOfTwo: Bool = false) -> Occupancy
  {
    let size = layout.sheetSize(page: page, scale: scale, powerOfTwo: powerOfTwo)
    let sheet = Double(size.width * size.height)
    let n = Double(layout.rects.filter { $0.page == page }.count)
    let s = Double(layout.pointSize * scale)
    let c = Double((layout.pointSize + 2 * layout.padding) * scale)
    return Occupancy(
      spriteFraction: sheet > 0 ? n * s * s / sheet : 0, packingEfficiency: sheet > 0 ? n * c * c / sheet : 0)
  }
}
