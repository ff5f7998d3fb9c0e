import Dispatch
import EmoPNG
import Synchronization

/// How hard to work for smaller sheet PNGs.
///
/// Every effort compresses with libdeflate, whose levels 10–12 parse near-optimally and beat zlib's best.
/// Measured on emoticon sheets (docs/BENCHMARKS.md): on unfiltered rows libdeflate runs several times faster
/// than on filtered rows, and at level 10 it already writes fewer bytes than `optipng -o2`'s best of eight zlib
/// trials — so `default` does one such pass, and `max` tries every filter at level 12.
public enum PNGEffort: String, CaseIterable, Sendable, Codable {
  /// One pass: no row filter, libdeflate level 6 (faster than zlib level 9 and a little smaller).
  case fast
  /// One pass per lossless form: no row filter, libdeflate level 10 (near-optimal parsing).
  case `default`
  /// Every row filter and the adaptive per-row choice, at libdeflate level 12, over every lossless form;
  /// keeps the smallest.
  case max

  /// The settings of the one trial `fast` and `default` make (and of the benchmark floor).
  public var singlePassOptions: PNGEncodeOptions {
    switch self {
    case .fast: return PNGEncodeOptions(compressor: .libdeflate, level: 6, filter: .none)
    case .default, .max: return PNGEncodeOptions(compressor: .libdeflate, level: 10, filter: .none)
    }
  }
}

/// Turns a sheet's pixels into the smallest PNG it finds among lossless forms.
public enum SheetEncoder {
  /// Encodes `image` losslessly: indexed when it has 256 colours or fewer, gray when it is gray, else RGBA.
  public static func encode(_ image: RGBAImage, effort: PNGEffort) throws(PNGError) -> [UInt8] {
    try image.pixels.withUnsafeBufferPointer { (pixels) throws(PNGError) -> [UInt8] in
      try encode(pixels: pixels, width: image.width, height: image.height, effort: effort)
    }
  }

  /// Encodes `width × height` straight-alpha RGBA pixels held by the caller (no copy is made for the RGBA form).
  public static func encode(
    pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, effort: PNGEffort
  ) throws(PNGError) -> [UInt8] {
    guard width > 0, height > 0, pixels.count == width * height * 4 else {
      throw PNGError(.invalidArgument, "expected \(width)x\(height) RGBA pixels, got \(pixels.count) bytes")
    }
    // A form is either the caller's RGBA pixels (nil samples) or converted samples.
    var forms: [(samples: [UInt8]?, layout: PNGPixelLayout)] = []
    if let indexed = indexedForm(pixels) { forms.append((indexed.samples, indexed.layout)) }
    let gray = isGray(pixels)
    let opaque = isOpaque(pixels)
    // Gray images also try gray forms (no palette to store); truecolour only when nothing smaller applies.
    if forms.isEmpty || gray || effort == .max {
      if gray {
        if opaque {
          forms.append((stride(from: 0, to: pixels.count, by: 4).map { pixels[$0] }, .gray(bitDepth: 8)))
        } else {
          var ga = [UInt8]()
          ga.reserveCapacity(width * height * 2)
          var i = 0
          while i < pixels.count {
            ga.append(pixels[i])
            ga.append(pixels[i + 3])
            i += 4
          }
          forms.append((ga, .grayAlpha))
        }
      } else if opaque {
        var rgb = [UInt8]()
        rgb.reserveCapacity(width * height * 3)
        var i = 0
        while i < pixels.count {
          rgb.append(pixels[i])
          rgb.append(pixels[i + 1])
          rgb.append(pixels[i + 2])
          i += 4
        }
        forms.append((rgb, .rgb))
      } else {
        forms.append((nil, .rgba))
      }
    }
    var trials: [(Int, PNGEncodeOptions)] = []
    for f in forms.indices {
      // Every effort makes its single pass; max adds every filter at level 12 and keeps the smallest.
      trials.append((f, effort.singlePassOptions))
      if effort == .max {
        for filter in PNGRowFilter.allCases {
          trials.append((f, PNGEncodeOptions(compressor: .libdeflate, level: 12, filter: filter)))
        }
      }
    }
    let results = Mutex<[Int: Result<[UInt8], PNGError>]>([:])
    let allForms = forms
    let allTrials = trials
    nonisolated(unsafe) let source = pixels
    let run: @Sendable (Int) -> Void = { t in
      let (f, options) = allTrials[t]
      let r: Result<[UInt8], PNGError>
      do throws(PNGError) {
        if let samples = allForms[f].samples {
          r = .success(
            try PNGEncoder.encode(
              samples: samples, width: width, height: height, layout: allForms[f].layout, options: options))
        } else {
          r = .success(
            try PNGEncoder.encode(
              samples: source, width: width, height: height, layout: allForms[f].layout, options: options))
        }
      } catch {
        r = .failure(error)
      }
      results.withLock { $0[t] = r }
    }
    if allTrials.count == 1 {
      run(0)
    } else {
      DispatchQueue.concurrentPerform(iterations: allTrials.count, execute: run)
    }
    var best: [UInt8]?
    for t in 0..<trials.count {
      switch results.withLock({ $0[t]! }) {
      case .success(let bytes): if best == nil || bytes.count < best!.count { best = bytes }
      case .failure(let error): throw error
      }
    }
    return best!
  }

  static func isGray(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    while i < p.count {
      if p[i] != p[i + 1] || p[i] != p[i + 2] { return false }
      i += 4
    }
    return true
  }

  static func isOpaque(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 3
    while i < p.count {
      if p[i] != 255 { return false }
      i += 4
    }
    return true
  }

  /// The image as palette indices when it has at most 256 distinct RGBA colours.
  ///
  /// The palette is sorted (translucent colours first, then by value) so the tRNS chunk is as short as it can
  /// be and the same pixels always give the same palette.
  static func indexedForm(_ image: RGBAImage) -> (samples: [UInt8], layout: PNGPixelLayout)? {
    image.pixels.withUnsafeBufferPointer { indexedForm($0) }
  }

  static func indexedForm(_ p: UnsafeBufferPointer<UInt8>) -> (samples: [UInt8], layout: PNGPixelLayout)? {
    var colors = Set<UInt32>()
    var i = 0
    while i < p.count {
      let c = UInt32(p[i]) << 24 | UInt32(p[i + 1]) << 16 | UInt32(p[i + 2]) << 8 | UInt32(p[i + 3])
      // Fully transparent pixels all become one colour: invisible, and the decoder gives 0,0,0,0 for them anyway.
      colors.insert(p[i + 3] == 0 ? 0 : c)
      if colors.count > 256 { return nil }
      i += 4
    }
    let sorted = colors.sorted { a, b in
      let aa = a & 0xFF == 0xFF
      let ba = b & 0xFF == 0xFF
      return aa != ba ? !aa : a < b
    }
    var index: [UInt32: UInt8] = [:]
    var palette: [UInt8] = []
    var alpha: [UInt8] = []
    for (k, c) in sorted.enumerated() {
      index[c] = UInt8(k)
      palette += [UInt8(c >> 24), UInt8((c >> 16) & 0xFF), UInt8((c >> 8) & 0xFF)]
      if c & 0xFF != 0xFF { alpha.append(UInt8(c & 0xFF)) }
    }
    var samples = [UInt8](repeating: 0, count: p.count / 4)
    i = 0
    var k = 0
    while i < p.count {
      let c =
        p[i + 3] == 0 ? 0 : (UInt32(p[i]) << 24 | UInt32(p[i + 1]) << 16 | UInt32(p[i + 2]) << 8 | UInt32(p[i + 3]))
      samples[k] = index[c]!
      i += 4
      k += 1
    }
    let depth = sorted.count <= 2 ? 1 : sorted.count <= 4 ? 2 : sorted.count <= 16 ? 4 : 8
    return (samples, .indexed(palette: palette, alpha: alpha, bitDepth: depth))
  }
}
