import Dispatch
import EmoPNG
import Synchronization

/// How hard to work for smaller sheet PNGs.
///
/// Measured on emoticon sheets (docs/BENCHMARKS.md): deflate at level 9 on unfiltered rows is about five
/// times faster than on adaptively filtered rows and, on transparent anti-aliased art, within 1–2% of the
/// best filtered result — so `default` does one such pass, and `max` searches for the last bytes.
public enum PNGEffort: String, CaseIterable, Sendable, Codable {
  /// One pass: no row filter, zlib level 6.
  case fast
  /// One pass per lossless form: no row filter, zlib level 9 (the benchmark floor's settings).
  case `default`
  /// Every row filter (and libpng's adaptive choice) × every zlib strategy at memLevel 9, plus optipng -o2's
  /// eight trials (filters none/adaptive × strategies 0-3 at memLevel 8), over every lossless form; keeps the smallest.
  case max
}

/// Turns a sheet's pixels into the smallest PNG it finds among lossless forms.
public enum SheetEncoder {
  /// Encodes `image` losslessly: indexed when it has 256 colours or fewer, gray when it is gray, else RGBA.
  public static func encode(_ image: RGBAImage, effort: PNGEffort) throws(PNGError) -> [UInt8] {
    var forms: [(samples: [UInt8], layout: PNGPixelLayout)] = []
    if let indexed = indexedForm(image) { forms.append(indexed) }
    let gray = image.isGray
    // Gray images also try gray forms (no palette to store); truecolour only when nothing smaller applies.
    if forms.isEmpty || gray || effort == .max {
      if gray {
        if image.isOpaque {
          forms.append((stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }, .gray(bitDepth: 8)))
        } else {
          var ga = [UInt8]()
          ga.reserveCapacity(image.width * image.height * 2)
          var i = 0
          while i < image.pixels.count {
            ga.append(image.pixels[i])
            ga.append(image.pixels[i + 3])
            i += 4
          }
          forms.append((ga, .grayAlpha))
        }
      } else if image.isOpaque {
        var rgb = [UInt8]()
        rgb.reserveCapacity(image.width * image.height * 3)
        var i = 0
        while i < image.pixels.count {
          rgb.append(image.pixels[i])
          rgb.append(image.pixels[i + 1])
          rgb.append(image.pixels[i + 2])
          i += 4
        }
        forms.append((rgb, .rgb))
      } else {
        forms.append((image.pixels, .rgba))
      }
    }
    var trials: [(Int, PNGEncodeOptions)] = []
    for f in forms.indices {
      switch effort {
      case .fast:
        trials.append((f, PNGEncodeOptions(level: 6, strategy: .default, filter: .none)))
      case .default:
        trials.append((f, PNGEncodeOptions(level: 9, strategy: .default, filter: .none)))
      case .max:
        for filter in PNGRowFilter.allCases {
          for strategy in PNGStrategy.allCases where strategy != .fixed {
            trials.append((f, PNGEncodeOptions(level: 9, strategy: strategy, memLevel: 9, filter: filter)))
          }
        }
        for filter in [PNGRowFilter.none, .adaptive] {
          for strategy in PNGStrategy.allCases where strategy != .fixed {
            trials.append((f, PNGEncodeOptions(level: 9, strategy: strategy, memLevel: 8, filter: filter)))
          }
        }
      }
    }
    let results = Mutex<[Int: Result<[UInt8], PNGError>]>([:])
    let allForms = forms
    let allTrials = trials
    DispatchQueue.concurrentPerform(iterations: allTrials.count) { t in
      let (f, options) = allTrials[t]
      let r: Result<[UInt8], PNGError>
      do throws(PNGError) {
        r = .success(
          try PNGEncoder.encode(
            samples: allForms[f].samples, width: image.width, height: image.height, layout: allForms[f].layout,
            options: options))
      } catch {
        r = .failure(error)
      }
      results.withLock { $0[t] = r }
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

  /// The image as palette indices when it has at most 256 distinct RGBA colours.
  ///
  /// The palette is sorted (translucent colours first, then by value) so the tRNS chunk is as short as it can
  /// be and the same pixels always give the same palette.
  static func indexedForm(_ image: RGBAImage) -> (samples: [UInt8], layout: PNGPixelLayout)? {
    var colors = Set<UInt32>()
    let p = image.pixels
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
    var samples = [UInt8](repeating: 0, count: image.width * image.height)
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
