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
  let weibo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Tests/EmoPackCompilerTests/Fixtures/packs/weibo-palette").standardized.path
  var fixtures = [
    ("generated faces (\(count))", faces), ("diverse set (300)", diverse), ("animated chat fixture", chat),
  ]
  if FileManager.default.fileExists(atPath: weibo) { fixtures.append(("shaded Weibo fixture (40)", weibo)) }
  for (name, pack) in fixtures {
    var ours = (png: 0, webp: 0)
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
      if format == .png { ours.png = bytes(lossy) } else { ours.webp = bytes(lossy) }
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
    if name.hasPrefix("diverse") || name.hasPrefix("shaded") {
      if name.hasPrefix("shaded") {
        let sources = try FileManager.default.contentsOfDirectory(atPath: pack).filter { $0.hasSuffix(".png") }
          .reduce(0) { $0 + (FileManager.default.contents(atPath: pack + "/" + $1)?.count ?? 0) }
        out.append(
          Sample(
            name: "  \(name): lossy WebP / its sources", unit: "%", value: 100 * Double(ours.webp) / Double(sources),
            note: "palette PNG \(fmt(100 * Double(ours.png) / Double(sources)))%; the real lxh pack's target ≤ 35%"))
      }
      _ = try compactBuild(pack, work + "/lossy-peer-lossless", { _ in })
      out += try peerSamples(
        name: name, lossless: work + "/lossy-peer-lossless", ours: ours, floor: PackSettings().ssimFloor)
    }
  }
  return out
}

/// The peers on the lossless build's own sheets: `pngquant --speed 1` (256 colours, its own dithering) and `cwebp`
/// (VP8 with alpha, `-m 6`) at the lowest quality that holds `floor` for every sprite of each sheet.
func peerSamples(name: String, lossless: String, ours: (png: Int, webp: Int), floor: Double) throws -> [Sample] {
  let packName = try FileManager.default.contentsOfDirectory(atPath: lossless).first { $0.hasSuffix(".pack") }!
  let contents = try PackFileReader(contentsOf: lossless + "/" + packName).contents()
  var rects = [[PixelRect]](repeating: [], count: contents.sheets.count)
  var seen = Set<SpritePlacement>()
  for image in contents.images {
    for p in image.placements where p.width > 0 && seen.insert(p).inserted {
      rects[p.sheet].append(PixelRect(x: p.x, y: p.y, width: p.width, height: p.height))
    }
  }
  let limits = PNGLimits(maxWidth: 16384, maxHeight: 16384, maxPixelBytes: 1 << 31)
  func minimum(_ a: RGBAImage, _ b: RGBAImage, _ rects: [PixelRect]) -> Double {
    a.pixels.withUnsafeBufferPointer { pa in
      b.pixels.withUnsafeBufferPointer { pb in
        rects.map {
          SSIM.compare(
            reference: pa.baseAddress!, referenceStride: a.width * 4, candidate: pb.baseAddress!,
            candidateStride: b.width * 4, rect: $0)
        }.min() ?? 1
      }
    }
  }
  var out: [Sample] = []
  let tmp = lossless + "/peer.tmp"
  if let pngquant = which("pngquant") {
    var bytes = 0
    var least = 1.0
    for (k, sheet) in contents.sheets.enumerated() {
      let path = lossless + "/" + sheet.fileName
      _ = runCapturing(pngquant, ["--speed", "1", "--force", "--output", tmp, "256", path])
      let q = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tmp)))
      bytes += q.count
      let a = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), limits: limits).image
      least = min(least, minimum(a, try PNGDecoder.decode(q, limits: limits).image, rects[k]))
    }
    out.append(
      Sample(
        name: "  \(name): pngquant --speed 1 on the lossless sheets", unit: "bytes", value: Double(bytes),
        note:
          "ours (palette PNG) \(fmt(Double(ours.png) / Double(bytes)))× its bytes; its least SSIM \(String(format: "%.4f", least))"
      ))
  }
  if let cwebp = which("cwebp") {
    var bytes = 0
    for (k, sheet) in contents.sheets.enumerated() {
      let path = lossless + "/" + sheet.fileName
      let a = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), limits: limits).image
      func attempt(_ q: Int) throws -> (bytes: Int, holds: Bool) {
        _ = runCapturing(cwebp, ["-quiet", "-m", "6", "-q", "\(q)", "-sharp_yuv", path, "-o", tmp])
        let w = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tmp)))
        return (w.count, minimum(a, try WebPDecoder.decode(w), rects[k]) >= floor)
      }
      // The lowest quality in 0…100 that holds the floor, else the lossless sheet's own bytes.
      var (lo, hi) = (0, 100)
      guard try attempt(100).holds else {
        bytes += sheet.byteSize
        continue
      }
      while lo < hi {
        let mid = (lo + hi) / 2
        if try attempt(mid).holds { hi = mid } else { lo = mid + 1 }
      }
      bytes += try attempt(hi).bytes
    }
    out.append(
      Sample(
        name: "  \(name): cwebp -m 6 -sharp_yuv at the floor, per sheet", unit: "bytes", value: Double(bytes),
        note: "ours (lossy WebP) \(fmt(Double(ours.webp) / Double(bytes)))× its bytes; a sheet it cannot hold counted lossless"))
  }
  try? FileManager.default.removeItem(atPath: tmp)
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
