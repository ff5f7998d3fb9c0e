import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation

/// One sprite after trimming: its pixels at one scale and where they sit in the emoticon's square.
public struct TrimmedImage: Sendable, Equatable {
  /// The visible pixels (straight alpha); empty (0 × 0) when nothing is visible.
  public var image: RGBAImage
  /// Where `image`'s left edge goes in the `pointSize × scale` square.
  public var left: Int
  /// Where `image`'s top edge goes in the square.
  public var top: Int

  /// Creates a trimmed image.
  public init(image: RGBAImage, left: Int, top: Int) {
    self.image = image
    self.left = left
    self.top = top
  }
}

/// A width and height.
public struct Size: Sendable, Equatable {
  /// Width.
  public var width: Int
  /// Height.
  public var height: Int

  /// Creates a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// Where every sprite of one scale sits, in that scale's pixels.
///
/// Each sprite's rectangle is surrounded by a ring of `ring` pixels holding its extruded edge, so neighbouring
/// sprites are `2 × ring` apart and the sheet edge is `ring` away.
public struct ScaleLayout: Sendable, Equatable {
  /// The scale.
  public var scale: Int
  /// Ring around each sprite, in pixels.
  public var ring: Int
  /// Per sprite: its page and the top-left pixel of its rectangle (without the ring); nil for an empty sprite.
  public var origins: [Origin?]
  /// Sizes of the sprites' rectangles.
  public var sizes: [Size]
  /// Page sizes in pixels.
  public var pages: [Size]

  /// A sprite's page and top-left pixel.
  public struct Origin: Sendable, Equatable {
    /// Page.
    public var page: Int
    /// Left edge.
    public var x: Int
    /// Top edge.
    public var y: Int
  }

  /// Occupancy of page `page`: sprite pixels, and sprite pixels with their rings, over sheet pixels.
  public func occupancy(page: Int) -> Occupancy {
    let sheet = Double(pages[page].width * pages[page].height)
    var sprite = 0
    var cells = 0
    for (o, s) in zip(origins, sizes) where o?.page == page {
      sprite += s.width * s.height
      cells += (s.width + 2 * ring) * (s.height + 2 * ring)
    }
    return Occupancy(
      spriteFraction: sheet > 0 ? Double(sprite) / sheet : 0, packingEfficiency: sheet > 0 ? Double(cells) / sheet : 0)
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
  /// Packs rectangles of `sizes` (each with a `ring`-pixel border) into pages no wider or taller than `maxSide`
  /// pixels: one column when they fit one, else a uniform grid when all are one size, MaxRects otherwise; empty
  /// sizes get no place (a 1 × 1 page when none has a place), and no sizes no page.
  ///
  /// `jobs` threads share MaxRects' trial packings; the layout is the same for any number.
  public static func layout(
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
  public struct Extrusion: Sendable, Equatable {
    /// Repeat the left column.
    public var left: Bool
    /// Repeat the top row.
    public var top: Bool
    /// Repeat the right column.
    public var right: Bool
    /// Repeat the bottom row.
    public var bottom: Bool

    /// Every side (an untrimmed sprite).
    public static let all = Extrusion(left: true, top: true, right: true, bottom: true)

    /// The sides of `trimmed` that touch its `side × side` square.
    public init(_ trimmed: TrimmedImage, side: Int) {
      left = trimmed.left == 0
      top = trimmed.top == 0
      right = trimmed.left + trimmed.image.width == side
      bottom = trimmed.top + trimmed.image.height == side
    }

    /// Chosen sides.
    public init(left: Bool, top: Bool, right: Bool, bottom: Bool) {
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
  public static func drawSprite(
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
  public static func draw(_ layout: ScaleLayout, images: [RGBAImage], page: Int) -> RGBAImage {
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
