import EmoImage
import EmoPNG
import EmoPackCompiler
import EmoPackFormat
import EmoWebP
import Foundation

/// The lossy modes against the lossless builds of the same packs (`--lossy-only`): build time and bytes in each
/// format, how many sprites keep a palette, the least SSIM of any sprite, and the peers at the same floor.
func lossySamples(work: String, count: Int, reps: Int) throws -> [Sample] {
  var out: [Sample] = []
  let faces = work + "/lossy-faces"
  if !FileManager.default.fileExists(atPath: faces) {
    _ = try ArtGenerator.writePack(folder: faces, count: count, side: 160, seed: 2026)
  }
  let diverse = work + "/lossy-diverse"
  try DiverseFixture.writePack(folder: diverse, count: 300)
  let chat = work + "/lossy-chat"
  _ = try ChatFixtures.writeAnimatedPack(folder: chat)
  let fixtures = [
    ("generated faces (\(count))", faces), ("diverse set (300)", diverse), ("animated chat fixture", chat),
  ]
  for (name, pack) in fixtures {
    for format in [SheetFormat.png, .webp] {
      var times: [Bool: [Double]] = [:]
      var reports: [Bool: BuildReport] = [:]
      for _ in 0..<reps {
        for lossy in [false, true] {
          let (r, t) = try compactBuild(
            pack, work + "/lossy-out-\(lossy)",
            {
              $0.sheetFormat = format
              $0.lossy = lossy
            })
          times[lossy, default: []].append(t)
          reports[lossy] = r
        }
      }
      let (lossless, lossy) = (reports[false]!, reports[true]!)
      let bytes = { (r: BuildReport) in r.packs[0].sheets.reduce(0) { $0 + $1.bytes } + r.packs[0].packBytes }
      let median = { (v: [Double]) in v.sorted()[v.count / 2] }
      let (tLossless, tLossy) = (median(times[false]!), median(times[true]!))
      let ssim = try spriteSSIMs(lossy: work + "/lossy-out-true", lossless: work + "/lossy-out-false")
      let sheets = lossy.packs[0].sheets
      let sprites = sheets.reduce(0) { $0 + $1.sprites }
      let kept = sheets.filter { $0.lossy }.reduce(0) { $0 + $1.sprites }
      let mode = format == .png ? "palette PNG" : "lossy WebP"
      out += [
        Sample(
          name: "\(name), \(format.fileExtension): lossless", unit: "s", values: times[false]!,
          note: "\(bytes(lossless)) bytes"),
        Sample(
          name: "  \(mode)", unit: "s", values: times[true]!,
          note:
            "\(bytes(lossy)) bytes, \(fmt(Double(bytes(lossy)) / Double(bytes(lossless))))× lossless; \(kept) of \(sprites) sprites lossy; least SSIM \(String(format: "%.4f", ssim.min() ?? 1))"
        ),
        Sample(
          name: "    \(mode) time / lossless time", unit: "×", value: tLossy / tLossless, note: "target ≤ 3"),
      ]
    }
  }
  return out
}

/// Every distinct sprite's SSIM in the build at `lossy` against the same sprite in the build at `lossless` (both of
/// one pack), read straight from the sheets.
func spriteSSIMs(lossy: String, lossless: String) throws -> [Double] {
  func load(_ folder: String) throws -> (PackContents, [RGBAImage]) {
    let name = try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".pack") }!
    let contents = try PackFileReader(contentsOf: folder + "/" + name).contents()
    let sheets = try contents.sheets.map { s -> RGBAImage in
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + s.fileName)))
      return s.format == .webp
        ? try WebPDecoder.decode(bytes)
        : try PNGDecoder.decode(bytes, limits: PNGLimits(maxWidth: 16384, maxHeight: 16384, maxPixelBytes: 1 << 31))
          .image
    }
    return (contents, sheets)
  }
  let (a, sa) = try load(lossy)
  let (b, sb) = try load(lossless)
  var out: [Double] = []
  for (x, y) in zip(a.images, b.images) {
    for (p, r) in zip(x.placements, y.placements) where p.width > 0 {
      let (ia, ib) = (sa[p.sheet], sb[r.sheet])
      out.append(
        ia.pixels.withUnsafeBufferPointer { pa in
          ib.pixels.withUnsafeBufferPointer { pb in
            SSIM.compare(
              reference: pb.baseAddress! + (r.y * ib.width + r.x) * 4, referenceStride: ib.width * 4,
              candidate: pa.baseAddress! + (p.y * ia.width + p.x) * 4, candidateStride: ia.width * 4,
              rect: PixelRect(x: 0, y: 0, width: p.width, height: p.height))
          }
        })
    }
  }
  return out
}
