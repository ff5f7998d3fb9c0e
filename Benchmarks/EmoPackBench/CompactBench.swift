import EmoImage
import EmoPNG
import EmoPackCompiler
import EmoPackFormat
import EmoWebP
import Foundation

/// A built pack's sheets as decoded pixels with the rectangles of the sprites on each.
struct SheetsWithSprites {
  var files: [String]
  var images: [RGBAImage]
  var rects: [[PixelRect]]
  /// Each image entry's placements, one per scale, as the pack records them.
  var placements: [[SpritePlacement]]
  /// The sheets' PNG bytes in all, and how many are indexed PNGs.
  var bytes = 0
  var indexed = 0

  /// Reads `pack` and its sheets beside it.
  init(pack: String) throws {
    let reader = try PackFileReader(contentsOf: pack)
    let contents = try reader.contents()
    let folder = (pack as NSString).deletingLastPathComponent
    files = contents.sheets.map { folder + "/" + $0.fileName }
    images = []
    for (k, file) in files.enumerated() {
      let data = [UInt8](FileManager.default.contents(atPath: file)!)
      bytes += data.count
      if contents.sheets[k].format == .webp {
        if contents.sheets[k].lossy { indexed += 1 }
        images.append(try WebPDecoder.decode(data, limits: AnimationLimits(maxTotalPixels: 1 << 28, maxSide: 16384)))
        continue
      }
      if try PNGDecoder.header(of: data).colorType == .palette { indexed += 1 }
      images.append(try PNGDecoder.decode(data).image)
    }
    var rects = [[PixelRect]](repeating: [], count: contents.sheets.count)
    var seen = Set<SpritePlacement>()
    for image in contents.images {
      for p in image.placements where p.width > 0 && seen.insert(p).inserted {
        rects[p.sheet].append(PixelRect(x: p.x, y: p.y, width: p.width, height: p.height))
      }
    }
    self.rects = rects
    placements = contents.images.map(\.placements)
  }

  /// SSIM of every distinct sprite of this pack against the same sprite in `reference` (a build of the same
  /// entries, laid out anywhere): the one definition, over each sprite's rectangle.
  func ssim(against reference: SheetsWithSprites) throws -> [Double] {
    guard placements.count == reference.placements.count else { throw BenchError("the builds differ in images") }
    var out: [Double] = []
    var seen = Set<SpritePlacement>()
    for (mine, theirs) in zip(placements, reference.placements) {
      for (p, r) in zip(mine, theirs) where p.width > 0 && seen.insert(p).inserted {
        guard p.width == r.width && p.height == r.height && p.left == r.left && p.top == r.top else {
          throw BenchError("a sprite is trimmed differently in the two builds")
        }
        let a = reference.images[r.sheet]
        let b = images[p.sheet]
        out.append(
          a.pixels.withUnsafeBufferPointer { ra in
            b.pixels.withUnsafeBufferPointer { rb in
              SSIM.compare(
                reference: ra.baseAddress! + (r.y * a.width + r.x) * 4, referenceStride: a.width * 4,
                candidate: rb.baseAddress! + (p.y * b.width + p.x) * 4, candidateStride: b.width * 4,
                rect: PixelRect(x: 0, y: 0, width: p.width, height: p.height))
            }
          })
      }
    }
    return out
  }

  /// SSIM of every sprite of sheet `k` in `candidate` (the same size) against these pixels.
  func ssim(of candidate: RGBAImage, sheet k: Int) -> [Double] {
    images[k].pixels.withUnsafeBufferPointer { a in
      candidate.pixels.withUnsafeBufferPointer { b in
        rects[k].map { r in
          SSIM.compare(
            reference: a.baseAddress!, referenceStride: images[k].width * 4, candidate: b.baseAddress!,
            candidateStride: candidate.width * 4, rect: r)
        }
      }
    }
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

/// Palette figures for one set of lossless sheets: the palette build of the same pack (`paletteBuild`, laid out
/// again on smaller pages where the build chose to) and emopack's quantizer alone and `pngquant --speed 1` on the
/// lossless sheets, bytes and per-sprite SSIM by the one definition.
func paletteSamples(
  _ label: String, pack: String, paletteBuild: String?, pngquant: String?,
  quantizer: PaletteQuantizer = PaletteQuantizer()
) throws -> [Sample] {
  let lossless = try SheetsWithSprites(pack: pack)
  let losslessBytes = lossless.bytes
  func mean(_ v: [Double]) -> Double { v.isEmpty ? 1 : v.reduce(0, +) / Double(v.count) }
  /// Every sheet through `q` (kept as it was where `q` gives nothing): the images and their PNG bytes.
  func quantizeAll(_ q: PaletteQuantizer) throws -> (images: [RGBAImage], bytes: Int) {
    var images: [RGBAImage] = []
    var bytes = 0
    for (k, image) in lossless.images.enumerated() {
      let result = image.pixels.withUnsafeBufferPointer {
        q.quantize(
          rows: $0.baseAddress!, rowStride: image.width * 4, width: image.width, height: image.height,
          sprites: lossless.rects[k])
      }.image
      bytes += try SheetEncoder.encode(result ?? image, effort: .default).count
      images.append(result ?? image)
    }
    return (images, bytes)
  }
  var samples = [Sample(name: "\(label): lossless sheets", unit: "bytes", value: Double(losslessBytes))]
  // As built: the palette build's own sheets, each sprite against the lossless build's.
  var builtBytes: Int?
  if let paletteBuild {
    let built = try SheetsWithSprites(pack: paletteBuild)
    let (bytes, indexed) = (built.bytes, built.indexed)
    let ssim = try built.ssim(against: lossless)
    let pages = Dictionary(grouping: try PackFileReader(contentsOf: paletteBuild).sheets(), by: \.scale)
      .sorted { $0.key < $1.key }.map { "\($0.value.count) at \($0.key)x" }.joined(separator: ", ")
    builtBytes = bytes
    samples += [
      Sample(
        name: "\(label): palette build", unit: "bytes", value: Double(bytes),
        note:
          "\(fmt(Double(bytes) / Double(losslessBytes) * 100))% of lossless; \(indexed) of \(built.files.count) sheets indexed; pages \(pages)"
      ),
      Sample(
        name: "  SSIM mean (palette build)", unit: "", value: mean(ssim), note: String(format: "%.5f", mean(ssim))),
      Sample(
        name: "  SSIM min (palette build)", unit: "", value: ssim.min() ?? 1,
        note: String(format: "%.5f", ssim.min() ?? 1)),
    ]
  }
  // The quantizer alone (no floor, every sheet quantized), the like-for-like comparison with pngquant.
  var free = quantizer
  free.ssimFloor = 0
  let (unfloored, unflooredBytes) = try quantizeAll(free)
  let unflooredSSIM = lossless.ssim(of: unfloored)
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
      name: "  emopack / pngquant bytes, quantizer alone", unit: "×",
      value: Double(unflooredBytes) / Double(max(1, theirBytes)),
      note: "target ≤ 1.1× at an equal or higher mean SSIM"),
  ]
  if let builtBytes {
    samples.append(
      Sample(
        name: "  emopack / pngquant bytes, as built", unit: "×", value: Double(builtBytes) / Double(max(1, theirBytes)),
        note: "the palette build's sheets against pngquant on the lossless ones"))
  }
  return samples
}
