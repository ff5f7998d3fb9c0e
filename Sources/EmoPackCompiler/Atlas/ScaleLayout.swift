/// Where every sprite of one scale sits, in that scale's pixels.
///
/// Each sprite's rectangle is surrounded by a ring of `ring` pixels holding its extruded edge, so neighbouring
/// sprites are `2 × ring` apart and the sheet edge is `ring` away.
package struct ScaleLayout: Sendable, Equatable {
  /// The scale.
  package var scale: Int
  /// Ring around each sprite, in pixels.
  package var ring: Int
  /// Per sprite: its page and the top-left pixel of its rectangle (without the ring); nil for an empty sprite.
  package var origins: [Origin?]
  /// Sizes of the sprites' rectangles.
  package var sizes: [Size]
  /// Page sizes in pixels.
  package var pages: [Size]
  /// The first page of the sprites set apart from the others (`Atlas.layout(apart:)`), nil when none are.
  package var apartFrom: Int? = nil

  /// A sprite's page and top-left pixel.
  package struct Origin: Sendable, Equatable {
    /// Page.
    package var page: Int
    /// Left edge.
    package var x: Int
    /// Top edge.
    package var y: Int
  }

  /// Occupancy of page `page`: sprite pixels, and sprite pixels with their rings, over sheet pixels.
  package func occupancy(page: Int) -> Occupancy {
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
