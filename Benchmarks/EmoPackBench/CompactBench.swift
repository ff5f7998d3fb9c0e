import EmoPNG
import EmoPackCompiler
import EmoPackFormat
import Foundation

/// A built pack's sheets as decoded pixels with the rectangles of the sprites on each.
struct SheetsWithSprites {
  var files: [String]
  var images: [RGBAImage]
  var rects: [[PixelRect]]

  /// Reads `pack` and its sheets beside it.
  init(pack: String) throws {
    let reader = try PackReader(contentsOf: pack)
    let contents = try reader.contents()
    let folder = (pack as NSString).deletingLastPathComponent
    files = contents.sheets.map { folder + "/" + $0.fileName }
    images = try files.map { try PNGDecoder.decode([UInt8](FileManager.default.contents(atPath: $0)!)).image }
    var rects = [[PixelRect]](repeating: [], count: contents.sheets.count)
    var seen = Set<SpritePlacement>()
    for image in contents.images {
      for p in image.placements where p.width > 0 && seen.insert(p).inserted {
        rects[p.sheet].append(PixelRect(x: p.x, y: p.y, width: p.width, height: p.height))
      }
    }
    self.rects = rects
  }

  /// SSIM of every sprite of `candidate` (same sheet sizes) against these pixels.
  func ssim(of candidate: [RGBAImage]) -> [Double] {
    var out: [Double] = []
    for (k, reference) in images.enumerated() {
      reference.pixels.withUnsafeBufferPointer { a in
        candidate[k].pixels.withUnsafeBufferPointer { b in
          for r in rects[k] {
            out.append(
              SSIM.compare(
                reference: a.baseAddress!, referenceStride: reference.width * 4, candidate: b.baseAddress!,
                candidateStride: candidate[k].width * 4, rect: r))
          }
        }
      }
    }
    return out
  }
}

/// Palette figures for one set of lossless sheets: emopack's quantizer and `pngquant --speed 1` on the same sheets,
/// bytes and per-sprite SSIM by the one definition.
func paletteSamples(
  _ label: String, pack: String, pngquant: String?, quantizer: PaletteQuantizer = PaletteQuantizer()
) throws -> [Sample] {
  let lossless = try SheetsWithSprites(pack: pack)
  let losslessBytes = lossless.files.reduce(0) { $0 + (FileManager.default.contents(atPath: $1)?.count ?? 0) }
  /// Every sheet through `q` (kept as it was where `q` gives nothing): the images, their PNG bytes, how many kept.
  func quantizeAll(_ q: PaletteQuantizer) throws -> (images: [RGBAImage], bytes: Int, kept: Int) {
    var images: [RGBAImage] = []
    var bytes = 0
    var kept = 0
    for (k, image) in lossless.images.enumerated() {
      let result = image.pixels.withUnsafeBufferPointer {
        q.quantize(
          rows: $0.baseAddress!, rowStride: image.width * 4, width: image.width, height: image.height,
          sprites: lossless.rects[k])
      }.image
      if result == nil { kept += 1 }
      bytes += try SheetEncoder.encode(result ?? image, effort: .default).count
      images.append(result ?? image)
    }
    return (images, bytes, kept)
  }
  let (ours, ourBytes, kept) = try quantizeAll(quantizer)
  let ourSSIM = lossless.ssim(of: ours)
  func mean(_ v: [Double]) -> Double { v.isEmpty ? 1 : v.reduce(0, +) / Double(v.count) }
  // The quantizer alone (no floor, every sheet quantized), the like-for-like comparison with pngquant.
  var free = quantizer
  free.ssimFloor = 0
  let (unfloored, unflooredBytes, _) = try quantizeAll(free)
  let unflooredSSIM = lossless.ssim(of: unfloored)
  var samples = [
    Sample(name: "\(label): lossless sheets", unit: "bytes", value: Double(losslessBytes)),
    Sample(
      name: "\(label): emopack palette", unit: "bytes", value: Double(ourBytes),
      note:
        "\(fmt(Double(ourBytes) / Double(losslessBytes) * 100))% of lossless; \(kept) of \(ours.count) sheets kept lossless"
    ),
    Sample(name: "  SSIM mean (emopack)", unit: "", value: mean(ourSSIM), note: String(format: "%.5f", mean(ourSSIM))),
    Sample(
      name: "  SSIM min (emopack)", unit: "", value: ourSSIM.min() ?? 1,
      note: String(format: "%.5f", ourSSIM.min() ?? 1)),
  ]
  samples += [
    Sample(name: "\(label): emopack quantizer, no floor", unit: "bytes", value: Double(unflooredBytes)),
    Sample(
      name: "  SSIM mean (no floor)", unit: "", value: mean(unflooredSSIM),
      note: String(format: "%.5f", mean(unflooredSSIM))),
    Sample(
      name: "  SSIM min (no floor)", unit: "", value: unflooredSSIM.min() ?? 1,
      note: String(format: "%.5f", unflooredSSIM.min() ?? 1)),
  ]
  guard let pngquant else { return samples }
  var theirs: [RGBAImage] = []
  var theirBytes = 0
  for file in lossless.files {
    let out = file + ".pngquant.png"
    try? FileManager.default.removeItem(atPath: out)
    _ = runCapturing(pngquant, ["--speed", "1", "--force", "--output", out, "--", file])
    let bytes = [UInt8](FileManager.default.contents(atPath: out) ?? Data())
    theirBytes += bytes.count
    guard let image = try? PNGDecoder.decode(bytes).image else { return samples }
    theirs.append(image)
  }
  let theirSSIM = lossless.ssim(of: theirs)
  samples += [
    Sample(name: "\(label): pngquant --speed 1", unit: "bytes", value: Double(theirBytes)),
    Sample(
      name: "  SSIM mean (pngquant)", unit: "", value: mean(theirSSIM), note: String(format: "%.5f", mean(theirSSIM))),
    Sample(
      name: "  SSIM min (pngquant)", unit: "", value: theirSSIM.min() ?? 1,
      note: String(format: "%.5f", theirSSIM.min() ?? 1)),
    Sample(
      name: "  emopack / pngquant bytes, as built", unit: "×", value: Double(ourBytes) / Double(max(1, theirBytes)),
      note: "sheets under the floor kept lossless"),
    Sample(
      name: "  emopack / pngquant bytes, quantizer alone", unit: "×",
      value: Double(unflooredBytes) / Double(max(1, theirBytes)),
      note: "target ≤ 1.1× at an equal or higher mean SSIM"),
  ]
  return samples
}
