import EmoImage
import EmoPNG
import EmoPackCompiler
import Foundation

/// Fixtures drawn to look like real chat packs rather than tidy tests: an animated set of GIFs whose frames differ in
/// small regions (eyes blink, mouths open, a tear falls), each GIF with its own palette as real sets ship them.
enum ChatFixtures {
  /// One expressive face: a shaded disc with an outline, eyes open by `eyes` (0 shut … 1 open) looking `gaze`
  /// (−1 … 1), a mouth open by `mouth` (0 a line … 1 wide), optional blush and a tear at height `tear` (nil: none),
  /// the whole drawn `lift` pixels up.
  struct Face {
    var hue: Double
    var saturation: Double
    var eyes = 1.0
    var gaze = 0.0
    var mouth = 0.2
    var blush = false
    var tear: Double? = nil
    var lift = 0.0

    func draw(side: Int) -> RGBAImage {
      let s = Double(side)
      let c = s / 2
      let cy = c - lift
      let radius = s * 0.44
      let base = ArtGenerator.rgb(hue: hue, saturation: saturation, value: 0.97)
      var pixels = [UInt8](repeating: 0, count: side * side * 4)
      func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
      for y in 0..<side {
        for x in 0..<side {
          let px = Double(x) + 0.5
          let py = Double(y) + 0.5
          let d = ((px - c) * (px - c) + (py - cy) * (py - cy)).squareRoot()
          var a = clamp(radius - d + 0.5)
          // The tear may fall outside the disc.
          var tearCover = 0.0
          if let tear {
            let tx = c + s * 0.2
            let ty = cy - s * 0.02 + tear * s * 0.3
            let td = ((px - tx) * (px - tx) / 0.6 + (py - ty) * (py - ty)).squareRoot()
            tearCover = clamp(s * 0.045 - td + 0.5)
          }
          a = max(a, tearCover)
          if a == 0 { continue }
          let shade = 0.8 + 0.3 * (1 - ((px - c * 0.65) * (px - c * 0.65) + (py - cy * 0.6) * (py - cy * 0.6)).squareRoot() / s)
          var (r, g, b) = (base.0 * shade, base.1 * shade, base.2 * shade)
          func ink(_ coverage: Double, _ cr: Double, _ cg: Double, _ cb: Double) {
            r = r * (1 - coverage) + cr * coverage
            g = g * (1 - coverage) + cg * coverage
            b = b * (1 - coverage) + cb * coverage
          }
          // Outline.
          ink(clamp(1.2 - abs(d - radius + 1)) * 0.8, 0.35, 0.2, 0.1)
          for sx in [-1.0, 1.0] {
            let ex = c + sx * s * 0.16
            let ey = cy - s * 0.08
            let open = max(eyes, 0.08)
            let ed = ((px - ex) * (px - ex) + (py - ey) * (py - ey) / (open * open)).squareRoot()
            ink(clamp(s * 0.075 - ed + 0.5), 1, 1, 1)
            let pd = ((px - ex - gaze * s * 0.03) * (px - ex - gaze * s * 0.03) + (py - ey) * (py - ey) / (open * open))
              .squareRoot()
            ink(clamp(s * 0.04 - pd + 0.5), 0.15, 0.1, 0.1)
            if blush {
              let bd = ((px - (c + sx * s * 0.27)) * (px - (c + sx * s * 0.27)) + (py - cy - s * 0.1) * (py - cy - s * 0.1))
                .squareRoot()
              ink(0.45 * clamp(s * 0.07 - bd + 0.5), 1, 0.35, 0.4)
            }
          }
          // The mouth: an ellipse opening downwards, dark with a red tongue.
          let my = cy + s * 0.16
          let mh = s * (0.015 + 0.09 * mouth)
          let md = (((px - c) * (px - c)) / (s * s * 0.018) + ((py - my) * (py - my)) / (mh * mh)).squareRoot()
          ink(clamp((1 - md) * 6), 0.3, 0.08, 0.08)
          if mouth > 0.3 {
            let td = ((px - c) * (px - c) / (s * s * 0.008) + (py - my - mh * 0.5) * (py - my - mh * 0.5) / (mh * mh * 0.2))
              .squareRoot()
            ink(clamp((1 - td) * 6), 0.95, 0.4, 0.45)
          }
          ink(tearCover, 0.55, 0.8, 1)
          let i = (y * side + x) * 4
          pixels[i] = UInt8(clamp(r) * 255)
          pixels[i + 1] = UInt8(clamp(g) * 255)
          pixels[i + 2] = UInt8(clamp(b) * 255)
          pixels[i + 3] = UInt8((a * 255).rounded())
        }
      }
      return RGBAImage(width: side, height: side, pixels: pixels)
    }
  }

  /// The frames of animation `i`: 2–13 frames, each a small change of the last (a blink, a mouth, a gaze, a tear,
  /// a small hop), with a held frame now and then (two equal neighbours).
  static func frames(_ i: Int, side: Int) -> [RGBAImage] {
    var g = ArtGenerator(seed: 0xC4A7 &+ UInt64(i) &* 104_729)
    var face = Face(hue: g.unit(), saturation: 0.5 + 0.4 * g.unit(), blush: g.unit() < 0.4)
    let count = 2 + Int(g.next() % 12)
    var out: [RGBAImage] = []
    for k in 0..<count {
      let t = Double(k) / Double(count)
      switch i % 5 {
      case 0: face.eyes = k % 4 == 2 ? 0 : 1
      case 1: face.mouth = 0.2 + 0.7 * abs(sin(Double.pi * t))
      case 2: face.gaze = sin(2 * Double.pi * t)
      case 3: face.tear = t
      default: face.lift = (2 * abs(sin(Double.pi * t))).rounded()
      }
      // A held frame: the same picture twice in a row.
      if k > 0 && k % 5 == 4 { out.append(out[k - 1]) } else { out.append(face.draw(side: side)) }
    }
    return out
  }

  /// A chat-like animated pack in `folder`: `animations` GIFs (own palette each, `gifsicle -O3` when installed) and
  /// `stills` PNGs, 56 px, written as a code list's images would be (a native manifest, 28 pt at 2x); returns the
  /// GIFs' bytes.
  static func writeAnimatedPack(folder: String, animations: Int = 88, stills: Int = 52) throws -> Int {
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let gifsicle = which("gifsicle")
    var entries: [String] = []
    var gifBytes = 0
    let total = animations + stills
    for i in 0..<total {
      // The animations spread evenly among the stills.
      if (i + 1) * animations / total != i * animations / total {
        let path = "\(folder)/a\(i).gif"
        try Data(GIFWriter.write(frames(i, side: 56), delay: 8)).write(to: URL(fileURLWithPath: path))
        if let gifsicle { _ = runCapturing(gifsicle, ["-O3", "--batch", path]) }
        gifBytes += (try? Data(contentsOf: URL(fileURLWithPath: path)).count) ?? 0
        entries.append(#"{"image": "a\#(i).gif", "tags": ["[动\#(i)]"]}"#)
      } else {
        let path = "\(folder)/s\(i).png"
        try Data(try PNGEncoder.encode(frames(i, side: 56)[0], options: PNGEncodeOptions(level: 9))).write(
          to: URL(fileURLWithPath: path))
        entries.append(#"{"image": "s\#(i).png", "tags": ["[静\#(i)]"]}"#)
      }
    }
    let json =
      #"{"id": "chat", "size": 28, "scales": [2], "emoticons": [\#(entries.joined(separator: ",\n"))]}"#
    try json.write(toFile: folder + "/pack.json", atomically: true, encoding: .utf8)
    return gifBytes
  }
}
