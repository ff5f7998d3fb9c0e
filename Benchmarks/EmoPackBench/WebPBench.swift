import EmoImage
import EmoPNG
import EmoPackCompiler
import EmoPackFormat
import EmoWebP
import Foundation

/// WebP against PNG on the bench's generated sheets and the Weibo-format fixture: lossless bytes and encode time
/// at each libwebp method, lossy bytes and per-sprite SSIM against the palette mode and `cwebp -q`, sheet decode
/// time, and total bytes against the sources.
func webpSamples(work: String, count: Int, reps: Int, quick: Bool) throws -> [Sample] {
  var out: [Sample] = []
  let packDir = work + "/webp-pack"
  if !FileManager.default.fileExists(atPath: packDir) {
    _ = try ArtGenerator.writePack(folder: packDir, count: count, side: 160, seed: 2026)
  }
  // The PNG default's sheets, decoded: the pixels every encoder below gets.
  let (png, _) = try compactBuild(packDir, work + "/webp-png", { _ in })
  let pngPack = work + "/webp-png/bench.pack"
  let sheets = try SheetsWithSprites(pack: pngPack)
  let pngBytes = sheets.bytes
  // PNG default encode time of the same pixels, then each WebP method (lossless; effort 75, libwebp's default).
  let pngTimes = try time(reps) {
    for image in sheets.images { _ = try SheetEncoder.encode(image, effort: .default) }
  }
  let pngMedian = pngTimes.sorted()[pngTimes.count / 2]
  out.append(
    Sample(
      name: "lossless sheets: PNG default (\(sheets.images.count) sheets, \(count) sources)", unit: "s",
      values: pngTimes, note: "\(pngBytes) bytes"))
  // --quick: the fast and the default method only (full effort takes thirty times the PNG's time).
  let methods = quick ? [0, 6] : [0, 1, 2, 3, 4, 5, 6]
  for method in methods {
    for quality: Float in method == 6 && !quick ? [75, 100] : [75] {
      var bytes = 0
      let times = try time(reps) {
        bytes = 0
        for image in sheets.images {
          bytes += try WebPEncoder.encode(image, options: .init(lossless: true, quality: quality, method: method)).count
        }
      }
      let median = times.sorted()[times.count / 2]
      out.append(
        Sample(
          name: "  WebP lossless, method \(method), effort \(Int(quality))", unit: "s", values: times,
          note:
            "\(bytes) bytes = \(fmt(Double(bytes) / Double(pngBytes)))× PNG; \(fmt(median / pngMedian))× PNG's time"))
    }
  }
  // Lossy: the palette mode (PNG) and lossy WebP builds, each sprite scored against the lossless build.
  for (label, format) in [("palette PNG", SheetFormat.png), ("lossy WebP", .webp)] {
    let dir = work + "/webp-lossy-\(format.fileExtension)"
    let (r, _) = try compactBuild(
      packDir, dir,
      {
        $0.lossy = true; $0.sheetFormat = format
      })
    let built = try SheetsWithSprites(pack: dir + "/bench.pack")
    let ssim = try built.ssim(against: sheets)
    let bytes = r.packs[0].sheets.reduce(0) { $0 + $1.bytes }
    out.append(
      Sample(
        name: "lossy sheets: \(label)", unit: "bytes", value: Double(bytes),
        note:
          "\(fmt(Double(bytes) / Double(pngBytes)))× lossless PNG; SSIM mean \(String(format: "%.4f", ssim.reduce(0, +) / Double(max(1, ssim.count)))), min \(String(format: "%.4f", ssim.min() ?? 1))"
      ))
  }
  // cwebp -q on each lossless sheet, at the lowest quality whose sprites all keep the floor (0.97).
  if !quick, let cwebp = which("cwebp") {
    var total = 0
    var worst = 1.0
    var scores: [Double] = []
    // Sheets where even quality 100 leaves a sprite under the floor (its chroma halved), and their best score.
    var missed = 0
    var missedBest = 0.0
    for (k, file) in sheets.files.enumerated() {
      var chosen: (bytes: Int, ssim: [Double])?
      var best = 0.0
      for q in stride(from: 50, through: 100, by: 2) {
        let outFile = file + ".q\(q).webp"
        _ = runCapturing(cwebp, ["-quiet", "-q", "\(q)", "-alpha_q", "100", "-exact", file, "-o", outFile])
        guard let data = FileManager.default.contents(atPath: outFile),
          let image = try? WebPDecoder.decode(
            [UInt8](data), limits: AnimationLimits(maxTotalPixels: 1 << 28, maxSide: 16384))
        else { continue }
        let s = sheets.ssim(of: image, sheet: k)
        best = max(best, s.min() ?? 1)
        if (s.min() ?? 1) >= 0.97 {
          chosen = (data.count, s)
          break
        }
      }
      if let chosen {
        total += chosen.bytes
        scores += chosen.ssim
        worst = min(worst, chosen.ssim.min() ?? 1)
      } else {
        missed += 1
        missedBest = max(missedBest, best)
      }
    }
    let kept = sheets.files.count - missed
    out.append(
      Sample(
        name: "lossy sheets: cwebp -q, lowest quality with every sprite ≥ 0.97", unit: "bytes", value: Double(total),
        note: kept == 0
          ? "no quality up to 100 keeps every sprite ≥ 0.97 on any of the \(missed) sheets (best least SSIM \(String(format: "%.4f", missedBest)))"
          : "\(kept) of \(sheets.files.count) sheets: \(fmt(Double(total) / Double(pngBytes)))× lossless PNG; SSIM mean \(String(format: "%.4f", scores.reduce(0, +) / Double(max(1, scores.count)))), min \(String(format: "%.4f", worst))"
      ))
  }
  // Decoding the sheets as `SpriteSheets` does: libpng against libwebp, the lossless builds' files, in turn.
  let (webp, _) = try compactBuild(packDir, work + "/webp-webp", { $0.sheetFormat = .webp })
  let pngFiles = png.packs[0].sheets.map {
    [UInt8](FileManager.default.contents(atPath: work + "/webp-png/" + $0.file)!)
  }
  let webpFiles = webp.packs[0].sheets.map {
    [UInt8](FileManager.default.contents(atPath: work + "/webp-webp/" + $0.file)!)
  }
  let limits = PNGLimits(maxWidth: 16384, maxHeight: 16384, maxPixelBytes: 1 << 30)
  let decode = interleavedSamples(
    rounds: max(3, reps),
    [
      (
        1,
        {
          let t = now(); for f in pngFiles { _ = try? PNGDecoder.decode(f, limits: limits) }; return now() - t
        }
      ),
      (
        1,
        {
          let t = now()
          for f in webpFiles {
            _ = try? WebPDecoder.decode(f, limits: AnimationLimits(maxTotalPixels: 1 << 28, maxSide: 16384))
          }
          return now() - t
        }
      ),
    ])
  let (dp, dw) = (decode[0].sorted()[decode[0].count / 2], decode[1].sorted()[decode[1].count / 2])
  out.append(Sample(name: "sheet decode, PNG (libpng)", unit: "s", values: decode[0]))
  out.append(
    Sample(
      name: "sheet decode, WebP lossless (libwebp)", unit: "s", values: decode[1], note: "\(fmt(dw / dp))× PNG's time"))
  // The Weibo-format fixture (40 emoticons, 32 + 64 px): .pack + sheets against the source PNGs.
  let weibo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Tests/EmoPackCompilerTests/Fixtures/packs/weibo-palette").standardized.path
  if let names = try? FileManager.default.contentsOfDirectory(atPath: weibo) {
    let sources = names.filter { $0.hasSuffix(".png") }.reduce(0) {
      $0 + (FileManager.default.contents(atPath: weibo + "/" + $1)?.count ?? 0)
    }
    for (label, lossy) in [("lossless WebP", false), ("lossy WebP", true)] {
      let (r, _) = try compactBuild(
        weibo, work + "/webp-weibo-\(lossy)",
        {
          $0.sheetFormat = .webp; $0.lossy = lossy
        })
      let total = r.packs[0].sheets.reduce(0) { $0 + $1.bytes } + r.packs[0].packBytes
      out.append(
        Sample(
          name: "Weibo palette pack (sources \(sources) bytes), \(label): .pack + sheets", unit: "bytes",
          value: Double(total), note: "\(fmt(Double(total) / Double(sources) * 100))% of the sources"))
    }
  }
  return out
}
