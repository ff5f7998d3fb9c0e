import EmoImage
import EmoPNG
import Foundation

/// A diverse, colourful set drawn to be like a real emoji font's images rather than one kind of face: flags with
/// stripes and emblems, shaded fruit and food, glossy objects with highlights, faces with radial gradients, and
/// rainbow symbols. Each sprite has its own colours, most of them smooth gradients, so no one palette serves a page.
enum DiverseFixture {
  /// A colour with straight alpha, components 0…1.
  typealias RGBA = (r: Double, g: Double, b: Double, a: Double)

  /// A canvas painted shape by shape, each shape an anti-aliased signed distance with a fill colour per pixel.
  struct Canvas {
    let side: Int
    var pixels: [Double]

    init(side: Int) {
      self.side = side
      pixels = [Double](repeating: 0, count: side * side * 4)
    }

    /// Paints where `distance(x, y)` (in pixels, negative inside) is under 0.5, with `fill(x, y)` over what is there.
    mutating func paint(_ distance: (Double, Double) -> Double, _ fill: (Double, Double) -> RGBA) {
      for y in 0..<side {
        for x in 0..<side {
          let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
          let cover = min(max(0.5 - distance(px, py), 0), 1)
          guard cover > 0 else { continue }
          let c = fill(px, py)
          let a = c.a * cover
          let i = (y * side + x) * 4
          let outA = a + pixels[i + 3] * (1 - a)
          guard outA > 0 else { continue }
          for (k, v) in [c.r, c.g, c.b].enumerated() {
            pixels[i + k] = (v * a + pixels[i + k] * pixels[i + 3] * (1 - a)) / outA
          }
          pixels[i + 3] = outA
        }
      }
    }

    var image: RGBAImage {
      RGBAImage(
        width: side, height: side,
        pixels: pixels.map { UInt8((min(max($0, 0), 1) * 255).rounded()) })
    }
  }

  static func circle(_ cx: Double, _ cy: Double, _ r: Double) -> (Double, Double) -> Double {
    { x, y in ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot() - r }
  }

  static func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, radius: Double = 0) -> (Double, Double) -> Double {
    { x, y in
      let dx = max(x0 + radius - x, x - (x1 - radius), 0)
      let dy = max(y0 + radius - y, y - (y1 - radius), 0)
      let outside = (dx * dx + dy * dy).squareRoot()
      let inside = min(max(x0 + radius - x, x - (x1 - radius), y0 + radius - y, y - (y1 - radius)), 0)
      return outside + inside - radius
    }
  }

  static func hsv(_ h: Double, _ s: Double, _ v: Double, _ a: Double = 1) -> RGBA {
    let c = ArtGenerator.rgb(hue: h - h.rounded(.down), saturation: s, value: v)
    return (c.0, c.1, c.2, a)
  }

  /// Sprite `i` of the set at `side` pixels.
  static func sprite(_ i: Int, side: Int) -> RGBAImage {
    var g = ArtGenerator(seed: 0xD1_7E25 &+ UInt64(i) &* 6_700_417)
    var c = Canvas(side: side)
    let s = Double(side)
    let hue = g.unit()
    switch i % 6 {
    case 0:
      // A flag: three to five stripes of saturated colours, waving shade, an emblem.
      let stripes = 3 + Int(g.next() % 3)
      let vertical = g.unit() < 0.4
      let colours = (0..<stripes).map { _ in hsv(g.unit(), 0.6 + 0.4 * g.unit(), 0.55 + 0.45 * g.unit()) }
      let (x0, y0, x1, y1) = (s * 0.06, s * 0.2, s * 0.94, s * 0.8)
      c.paint(box(x0, y0, x1, y1, radius: s * 0.03)) { x, y in
        let t = vertical ? (x - x0) / (x1 - x0) : (y - y0) / (y1 - y0)
        let k = min(stripes - 1, Int(t * Double(stripes)))
        let wave = 0.85 + 0.15 * sin((x / s) * 2 * Double.pi + 1)
        let col = colours[k]
        return (col.r * wave, col.g * wave, col.b * wave, 1)
      }
      let emblem = hsv(g.unit(), 0.8, 1)
      if g.unit() < 0.6 {
        c.paint(circle(s * (0.35 + 0.3 * g.unit()), s * 0.5, s * 0.12)) { _, _ in emblem }
      } else {
        // A five-pointed star.
        let (cx, cy, r) = (s * 0.5, s * 0.5, s * 0.16)
        c.paint({ x, y in
          let a = atan2(y - cy, x - cx) + Double.pi / 2
          let k = (a / (2 * Double.pi / 5)).rounded()
          let local = a - k * 2 * Double.pi / 5
          let d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
          return d * cos(local) - r * (0.5 + 0.5 * (1 - min(abs(local) * 3, 1)))
        }) { _, _ in emblem }
      }
    case 1:
      // Fruit: a shaded round body with a highlight, a stem and a leaf.
      let base = hsv(hue, 0.7 + 0.3 * g.unit(), 0.85)
      let (cx, cy, r) = (s * 0.5, s * 0.55, s * (0.3 + 0.08 * g.unit()))
      c.paint(circle(cx, cy, r)) { x, y in
        let d = (((x - cx + r * 0.35) * (x - cx + r * 0.35) + (y - cy + r * 0.35) * (y - cy + r * 0.35))).squareRoot() / (2 * r)
        let shade = 1.15 - 0.6 * d
        return (base.r * shade, base.g * shade, base.b * shade, 1)
      }
      c.paint(circle(cx - r * 0.35, cy - r * 0.4, r * 0.18)) { _, _ in (1, 1, 1, 0.55) }
      c.paint(box(cx - s * 0.015, cy - r - s * 0.1, cx + s * 0.015, cy - r + s * 0.02)) { _, _ in (0.4, 0.25, 0.1, 1) }
      c.paint({ x, y in
        let (lx, ly) = (x - (cx + s * 0.08), y - (cy - r - s * 0.04))
        return ((lx * lx) / 2.2 + ly * ly * 2).squareRoot() - s * 0.07
      }) { x, _ in (0.15, 0.55 + 0.3 * (x / s), 0.2, 1) }
    case 2:
      // An object: a glossy rounded box with a vertical gradient, a label and a bright reflection.
      let top = hsv(hue, 0.5 + 0.4 * g.unit(), 1)
      let bottom = hsv(hue + 0.08, 0.8, 0.45)
      c.paint(box(s * 0.15, s * 0.1, s * 0.85, s * 0.9, radius: s * (0.05 + 0.1 * g.unit()))) { _, y in
        let t = y / s
        return (top.r * (1 - t) + bottom.r * t, top.g * (1 - t) + bottom.g * t, top.b * (1 - t) + bottom.b * t, 1)
      }
      let label = hsv(hue + 0.5, 0.3, 0.95)
      c.paint(box(s * 0.25, s * 0.45, s * 0.75, s * 0.65, radius: s * 0.03)) { _, _ in label }
      c.paint(box(s * 0.22, s * 0.15, s * 0.35, s * 0.82, radius: s * 0.05)) { _, y in (1, 1, 1, 0.35 * (1 - y / s)) }
    case 3:
      // A face: a radial yellow-orange gradient, eyes, a mouth, sometimes tears or hearts.
      let warm = 0.1 + 0.06 * g.unit()
      c.paint(circle(s * 0.5, s * 0.5, s * 0.44)) { x, y in
        let d = (((x - s * 0.45) * (x - s * 0.45) + (y - s * 0.38) * (y - s * 0.38)).squareRoot()) / (s * 0.6)
        let col = hsv(warm + 0.05 * d, 0.75 + 0.2 * d, 1 - 0.3 * d)
        return col
      }
      for sx in [-1.0, 1.0] {
        if g.unit() < 0.3 {
          c.paint(circle(s * (0.5 + sx * 0.16), s * 0.4, s * 0.08)) { x, _ in hsv(0.98, 0.85, 0.9 + 0.1 * x / s) }
        } else {
          c.paint(box(s * (0.5 + sx * 0.16) - s * 0.035, s * 0.3, s * (0.5 + sx * 0.16) + s * 0.035, s * 0.47, radius: s * 0.035)) {
            _, _ in (0.3, 0.2, 0.15, 1)
          }
        }
      }
      let open = 0.02 + 0.08 * g.unit()
      c.paint(box(s * 0.32, s * 0.62, s * 0.68, s * (0.64 + open), radius: s * 0.03)) { _, y in
        (0.45 - 0.2 * (y / s), 0.12, 0.12, 1)
      }
    case 4:
      // Food: a slice with a crust, toppings in many colours.
      let crust = hsv(0.08, 0.6, 0.8)
      c.paint({ x, y in
        // A triangle pointing down.
        let (ax, ay, bx, by, cx, cy) = (s * 0.12, s * 0.18, s * 0.88, s * 0.18, s * 0.5, s * 0.9)
        func edge(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
          let (dx, dy) = (x1 - x0, y1 - y0)
          let l = (dx * dx + dy * dy).squareRoot()
          return ((x - x0) * dy - (y - y0) * dx) / l
        }
        return max(edge(ax, ay, bx, by), edge(bx, by, cx, cy), edge(cx, cy, ax, ay))
      }) { _, y in
        let t = y / s
        return t < 0.25 ? crust : hsv(0.12, 0.7, 1 - 0.2 * t)
      }
      for _ in 0..<6 {
        let (tx, ty) = (s * (0.3 + 0.4 * g.unit()), s * (0.3 + 0.3 * g.unit()))
        let top = hsv(g.unit(), 0.8, 0.7 + 0.3 * g.unit())
        c.paint(circle(tx, ty, s * (0.04 + 0.03 * g.unit()))) { x, y in
          let d = ((x - tx + 2) * (x - tx + 2) + (y - ty + 2) * (y - ty + 2)).squareRoot() / (s * 0.08)
          return (top.r * (1.2 - d * 0.5), top.g * (1.2 - d * 0.5), top.b * (1.2 - d * 0.5), 1)
        }
      }
    default:
      // A symbol: a ring with a rainbow around it and a soft glow.
      let (cx, cy) = (s * 0.5, s * 0.5)
      c.paint(circle(cx, cy, s * 0.46)) { _, _ in hsv(hue, 0.3, 1, 0.35) }
      c.paint({ x, y in abs((((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()) - s * 0.32) - s * 0.09 }) { x, y in
        hsv(atan2(y - cy, x - cx) / (2 * Double.pi) + hue, 0.85, 0.95)
      }
    }
    return c.image
  }

  /// Writes `count` sprites of `side` pixels and a native manifest (32 pt at 1x, 2x, 3x) to `folder`.
  static func writePack(folder: String, count: Int, side: Int = 136) throws {
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var entries: [String] = []
    for i in 0..<count {
      let path = "\(folder)/d\(i).png"
      try Data(try PNGEncoder.encode(sprite(i, side: side), options: PNGEncodeOptions(level: 6))).write(
        to: URL(fileURLWithPath: path))
      entries.append(#"{"image": "d\#(i).png", "tags": ["[d\#(i)]"]}"#)
    }
    try #"{"id": "diverse", "size": 32, "scales": [1, 2, 3], "emoticons": [\#(entries.joined(separator: ",\n"))]}"#
      .write(toFile: folder + "/pack.json", atomically: true, encoding: .utf8)
  }
}
