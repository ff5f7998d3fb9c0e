import Dispatch
import EmoGIF
import EmoImage
import EmoPNG
import EmoPackCompiler
import Foundation

/// Writes GIFs for the benchmark: whole frames on one palette per file (255 colours chosen by emopack's quantizer
/// over all its frames, alpha made binary first, index 255 transparent), LZW coded.
enum GIFWriter {
  /// The file's palette (RGB triples) and each frame's indices.
  static func quantize(_ frames: [RGBAImage]) -> (palette: [UInt8], indices: [[UInt8]]) {
    let w = frames[0].width
    let h = frames[0].height
    var strip = [UInt8](repeating: 0, count: w * h * frames.count * 4)
    for (k, f) in frames.enumerated() {
      for y in 0..<h {
        for x in 0..<w {
          let s = (y * w + x) * 4
          let d = (y * w * frames.count + k * w + x) * 4
          if f.pixels[s + 3] >= 128 {
            strip[d] = f.pixels[s]
            strip[d + 1] = f.pixels[s + 1]
            strip[d + 2] = f.pixels[s + 2]
            strip[d + 3] = 255
          }
        }
      }
    }
    let stripWidth = w * frames.count
    let q = strip.withUnsafeBufferPointer {
      PaletteQuantizer(ssimFloor: 0, maxColors: 256).quantize(
        rows: $0.baseAddress!, rowStride: stripWidth * 4, width: stripWidth, height: h, sprites: [])
    }
    let pixels = q.image?.pixels ?? strip
    var palette: [UInt8] = []
    var index: [UInt32: UInt8] = [:]
    var indices = [[UInt8]](repeating: [UInt8](repeating: 255, count: w * h), count: frames.count)
    for y in 0..<h {
      for x in 0..<stripWidth {
        let p = (y * stripWidth + x) * 4
        guard pixels[p + 3] != 0 else { continue }
        let key = UInt32(pixels[p]) << 16 | UInt32(pixels[p + 1]) << 8 | UInt32(pixels[p + 2])
        let i: UInt8
        if let known = index[key] {
          i = known
        } else if palette.count / 3 < 255 {
          i = UInt8(palette.count / 3)
          index[key] = i
          palette += [pixels[p], pixels[p + 1], pixels[p + 2]]
        } else {
          i = 0
        }
        indices[x / w][y * w + x % w] = i
      }
    }
    return (palette + [UInt8](repeating: 0, count: 768 - palette.count), indices)
  }

  static func lzw(_ data: [UInt8], minSize: Int) -> [UInt8] {
    let clear = 1 << minSize
    var out: [UInt8] = []
    var acc = 0
    var bits = 0
    var size = minSize + 1
    func emit(_ code: Int) {
      acc |= code << bits
      bits += size
      while bits >= 8 {
        out.append(UInt8(acc & 0xFF))
        acc >>= 8
        bits -= 8
      }
    }
    var table: [Int: Int] = [:]
    var next = clear + 2
    emit(clear)
    var w = -1
    for k in data.map(Int.init) {
      if w < 0 {
        w = k
        continue
      }
      let key = w << 8 | k
      if let code = table[key] {
        w = code
        continue
      }
      emit(w)
      if next < 4096 {
        table[key] = next
        next += 1
        if next > (1 << size) && size < 12 { size += 1 }
      } else {
        emit(clear)
        table = [:]
        next = clear + 2
        size = minSize + 1
      }
      w = k
    }
    if w >= 0 { emit(w) }
    emit(clear + 1)
    if bits > 0 { out.append(UInt8(acc & 0xFF)) }
    return out
  }

  /// A looping GIF of `frames` (all the same size), each shown `delay` hundredths, cleared after each.
  static func write(_ frames: [RGBAImage], delay: Int) -> [UInt8] {
    let w = frames[0].width
    let h = frames[0].height
    let (palette, all) = quantize(frames)
    var b = Array("GIF89a".utf8) + [UInt8(w & 0xFF), UInt8(w >> 8), UInt8(h & 0xFF), UInt8(h >> 8), 0xF7, 0, 0]
    b += palette
    b += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
    for indices in all {
      b += [0x21, 0xF9, 4, 0x09, UInt8(delay & 0xFF), UInt8(delay >> 8), 255, 0]
      b += [0x2C, 0, 0, 0, 0, UInt8(w & 0xFF), UInt8(w >> 8), UInt8(h & 0xFF), UInt8(h >> 8), 0, 8]
      let data = lzw(indices, minSize: 8)
      var i = 0
      while i < data.count {
        let n = min(255, data.count - i)
        b.append(UInt8(n))
        b += data[i..<(i + n)]
        i += n
      }
      b.append(0)
    }
    return b + [0x3B]
  }
}

/// The animated build figures: generated GIFs (optimised by gifsicle -O3 as real packs ship them), the build
/// against a floor of decoding them plus deflating the sheets built, and sheet bytes against the GIFs'.
func animatedSamples(work: String, count: Int, frames: Int, reps: Int) throws -> [Sample] {
  let dir = work + "/animated"
  try? FileManager.default.removeItem(atPath: dir)
  try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  let gifsicle = which("gifsicle")
  var entries: [String] = []
  for i in 0..<count {
    var g = ArtGenerator(seed: 4242 &+ UInt64(i) &* 7919)
    let face = g.face(side: 44)
    let images = (0..<frames).map { k -> RGBAImage in
      let t = Double(k) / Double(frames)
      let dy = Int((6 * abs(sin(Double.pi * t))).rounded())
      let dx = i % 3 == 0 ? Int((3 * sin(2 * Double.pi * t)).rounded()) : 0
      return face.placed(left: 6 + dx, top: 10 - dy, width: 56, height: 56)
    }
    let path = "\(dir)/a\(i).gif"
    try Data(GIFWriter.write(images, delay: 5)).write(to: URL(fileURLWithPath: path))
    if let gifsicle { _ = runCapturing(gifsicle, ["-O3", "--batch", path]) }
    entries.append(#"{"image": "a\#(i).gif", "tags": ["[动\#(i)]"]}"#)
  }
  let json = #"{"id": "anim", "size": 56, "scales": [1], "emoticons": [\#(entries.joined(separator: ",\n"))]}"#
  try json.write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
  let gifs = (0..<count).map { [UInt8](FileManager.default.contents(atPath: "\(dir)/a\($0).gif")!) }
  let gifBytes = gifs.reduce(0) { $0 + $1.count }

  func build(_ out: String, palette: Bool) throws -> (BuildReport, Double) {
    try? FileManager.default.removeItem(atPath: out)
    try? FileManager.default.removeItem(atPath: out + ".cache")
    var o = BuildOptions(outputDirectory: out)
    o.cacheDirectory = out + ".cache"
    o.lossy = palette
    let t = now()
    let r = try PackBuilder(options: o).build(paths: [dir])
    return (r, now() - t)
  }
  // One build for the sheets the floor deflates; the timed builds alternate with the floor's runs (below).
  let (report, _) = try build(work + "/animated-out", palette: false)
  let sheetBytes = report.packs[0].sheets.reduce(0) { $0 + $1.bytes }
  let (paletteReport, paletteTime) = try build(work + "/animated-palette", palette: true)
  let paletteBytes = paletteReport.packs[0].sheets.reduce(0) { $0 + $1.bytes }
  let kept = paletteReport.packs[0].sheets.filter { !$0.lossy }.count

  // Floor: giflib decoding (with compositing) of every GIF, and libdeflate at the build's level over the sheets'
  // raw rows, on all cores.
  let raws = try report.packs[0].sheets.map { s -> [UInt8] in
    let image = try PNGDecoder.decode(
      [UInt8](FileManager.default.contents(atPath: work + "/animated-out/" + s.file)!),
      limits: PNGLimits(maxWidth: 8192, maxHeight: 8192, maxPixelBytes: 1 << 30)
    ).image
    var raw: [UInt8] = []
    for y in 0..<image.height {
      raw.append(0)
      raw += image.pixels[(y * image.width * 4)..<((y + 1) * image.width * 4)]
    }
    return raw
  }.sorted { $0.count > $1.count }
  let level = Effort.default.singlePassOptions.level
  func floorOnce() -> Double {
    let t = now()
    let next = Locked<Int>(0)
    DispatchQueue.concurrentPerform(iterations: System.coreCount) { _ in
      while true {
        let i = next.add(1) - 1
        if i >= raws.count + gifs.count { break }
        if i < raws.count {
          _ = Zlib.libdeflate(raws[i], level: level)
        } else {
          _ = try? GIFDecoder.decode(gifs[i - raws.count])
        }
      }
    }
    return now() - t
  }
  // In turn, so that the build and its floor span the same stretch of the run.
  var times: [Double] = []
  var floors: [Double] = []
  for _ in 0..<reps {
    times.append(try build(work + "/animated-out", palette: false).1)
    floors.append(floorOnce())
  }
  let buildMedian = times.sorted()[times.count / 2]
  let floorMedian = floors.sorted()[floors.count / 2]
  return [
    Sample(
      name: "\(count) GIFs × \(frames) frames, 56×56\(gifsicle == nil ? "" : " (gifsicle -O3)")", unit: "bytes",
      value: Double(gifBytes), note: gifsicle == nil ? "gifsicle not installed: unoptimised" : ""),
    Sample(name: "animated build, lossless", unit: "s", values: times),
    Sample(name: "floor: decode the GIFs + libdeflate \(level) the sheets", unit: "s", values: floors),
    Sample(name: "  animated build / floor", unit: "×", value: buildMedian / floorMedian, note: "target ≤ 1.5"),
    Sample(
      name: "sheets, lossless", unit: "bytes", value: Double(sheetBytes),
      note: "\(fmt(Double(sheetBytes) / Double(gifBytes)))× the GIFs; \(report.packs[0].uniqueSprites) distinct frames"),
    Sample(
      name: "sheets, palette mode", unit: "bytes", value: Double(paletteBytes),
      note:
        "\(fmt(Double(paletteBytes) / Double(gifBytes)))× the GIFs (target ≤ 1); \(kept) sheet(s) kept lossless; build \(fmt(paletteTime)) s"
    ),
  ]
}
