import EmoImage
import EmoPNG
import Foundation

/// Deterministic emoticon-like art for the benchmarks: anti-aliased faces with transparency.
struct ArtGenerator {
  var seed: UInt64

  mutating func next() -> UInt64 {
    seed &+= 0x9E37_79B9_7F4A_7C15
    var z = seed
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func unit() -> Double { Double(next() % 1_000_000) / 1_000_000 }

  /// One `side`×`side` face: a shaded disc, two eyes, a mouth arc, optional blush, soft edges.
  mutating func face(side: Int) -> RGBAImage {
    let s = Double(side)
    let hue = unit()
    let base = Self.rgb(hue: hue, saturation: 0.55 + 0.3 * unit(), value: 0.95)
    let radius = s * (0.40 + 0.06 * unit())
    let eyeY = s * (0.42 + 0.05 * unit())
    let eyeDX = s * (0.13 + 0.05 * unit())
    let eyeR = s * (0.035 + 0.03 * unit())
    let mouthR = s * (0.14 + 0.08 * unit())
    let smile = unit() < 0.7
    let blush = unit() < 0.5
    var pixels = [UInt8](repeating: 0, count: side * side * 4)
    let c = s / 2
    for y in 0..<side {
      for x in 0..<side {
        let px = Double(x) + 0.5
        let py = Double(y) + 0.5
        let d = ((px - c) * (px - c) + (py - c) * (py - c)).squareRoot()
        var a = min(max(radius - d + 0.5, 0), 1)
        if a == 0 { continue }
        // Shading from top-left.
        let shade =
          0.85 + 0.25 * (1 - ((px - c * 0.7) * (px - c * 0.7) + (py - c * 0.7) * (py - c * 0.7)).squareRoot() / s)
        var r = base.0 * shade
        var g = base.1 * shade
        var b = base.2 * shade
        let rim = min(max(d - (radius - s * 0.025), 0), 1)
        r *= 1 - 0.25 * rim
        g *= 1 - 0.25 * rim
        b *= 1 - 0.25 * rim
        func ink(_ coverage: Double, _ cr: Double, _ cg: Double, _ cb: Double) {
          r = r * (1 - coverage) + cr * coverage
          g = g * (1 - coverage) + cg * coverage
          b = b * (1 - coverage) + cb * coverage
        }
        for sx in [-1.0, 1.0] {
          let ed = ((px - (c + sx * eyeDX)) * (px - (c + sx * eyeDX)) + (py - eyeY) * (py - eyeY)).squareRoot()
          ink(min(max(eyeR - ed + 0.5, 0), 1), 0.25, 0.15, 0.1)
          if blush {
            let bd = ((px - (c + sx * eyeDX * 1.9)) * (px - (c + sx * eyeDX * 1.9)) + (py - s * 0.6) * (py - s * 0.6))
              .squareRoot()
            ink(0.4 * min(max(s * 0.06 - bd + 0.5, 0), 1), 1, 0.4, 0.45)
          }
        }
        let my = smile ? s * 0.52 : s * 0.78
        let md = abs(((px - c) * (px - c) + (py - my) * (py - my)).squareRoot() - mouthR)
        let inArc = smile ? py > my + mouthR * 0.3 : py < my - mouthR * 0.5
        if inArc { ink(min(max(s * 0.018 - md + 0.5, 0), 1), 0.3, 0.12, 0.1) }
        a = min(a, 1)
        let i = (y * side + x) * 4
        pixels[i] = UInt8(min(max(r * 255, 0), 255).rounded())
        pixels[i + 1] = UInt8(min(max(g * 255, 0), 255).rounded())
        pixels[i + 2] = UInt8(min(max(b * 255, 0), 255).rounded())
        pixels[i + 3] = UInt8((a * 255).rounded())
      }
    }
    return RGBAImage(width: side, height: side, pixels: pixels)
  }

  static func rgb(hue: Double, saturation: Double, value: Double) -> (Double, Double, Double) {
    let h = hue * 6
    let i = Int(h) % 6
    let f = h - Double(Int(h))
    let p = value * (1 - saturation)
    let q = value * (1 - saturation * f)
    let t = value * (1 - saturation * (1 - f))
    switch i {
    case 0: return (value, t, p)
    case 1: return (q, value, p)
    case 2: return (p, value, t)
    case 3: return (p, q, value)
    case 4: return (t, p, value)
    default: return (value, p, q)
    }
  }

  /// Writes a pack of `count` faces to `folder` (pack.json + PNGs); returns the paths of the images.
  ///
  /// With `margins`, each face is drawn at 55–85% of the side at a random place in its transparent square, as
  /// emoticon art often ships (what trimming is for).
  static func writePack(folder: String, count: Int, side: Int, seed: UInt64, margins: Bool = false) throws -> [String] {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var entries: [String] = []
    var paths: [String] = []
    let images = (0..<count).map { i -> RGBAImage in
      var g = ArtGenerator(seed: seed &+ UInt64(i) &* 7919)
      guard margins else { return g.face(side: side) }
      let inner = side * (55 + Int(g.next() % 31)) / 100
      let face = g.face(side: inner)
      return face.placed(
        left: Int(g.next() % UInt64(side - inner + 1)), top: Int(g.next() % UInt64(side - inner + 1)), width: side,
        height: side)
    }
    for (i, image) in images.enumerated() {
      let path = "\(folder)/e\(i).png"
      try Data(try PNGEncoder.encode(image, options: PNGEncodeOptions(level: 6))).write(to: URL(fileURLWithPath: path))
      paths.append(path)
      entries.append(#"{"image": "e\#(i).png", "tags": ["[表情\#(i)]", "[e\#(i)]"]}"#)
    }
    let json =
      #"{"id": "bench", "version": "1", "size": 32, "scales": [1, 2, 3], "emoticons": [\#(entries.joined(separator: ",\n"))]}"#
    try json.write(toFile: folder + "/pack.json", atomically: true, encoding: .utf8)
    return paths
  }
}
