import Dispatch
import EmoImage
import EmoPNG

/// Turns a sheet's pixels into the smallest PNG it finds among lossless forms.
package enum SheetEncoder {
  /// Encodes `image` losslessly: indexed when it has 256 colours or fewer, gray when it is gray, else RGBA.
  package static func encode(_ image: RGBAImage, effort: Effort) throws(PNGError) -> [UInt8] {
    guard image.width > 0, image.height > 0 else {
      throw PNGError(.invalidArgument, "cannot encode an empty \(image.width)x\(image.height) sheet")
    }
    return try image.pixels.withUnsafeBufferPointer { (pixels) throws(PNGError) -> [UInt8] in
      guard let rows = pixels.baseAddress else { throw PNGError(.invalidArgument, "the sheet has no pixels") }
      return try encode(
        rows: rows, rowStride: image.width * 4, filterSlots: false, width: image.width, height: image.height,
        effort: effort)
    }
  }

  /// Encodes `height` rows of `width` straight-alpha RGBA pixels, `rowStride` bytes apart, held by the caller.
  ///
  /// With `filterSlots` the byte before each row is spare (see `PNGEncoder`), and the RGBA form is compressed
  /// where it lies; other forms are converted first.
  package static func encode(
    rows: UnsafePointer<UInt8>, rowStride: Int, filterSlots: Bool, width: Int, height: Int, effort: Effort
  ) throws(PNGError) -> [UInt8] {
    let sheet = Rows(base: rows, stride: rowStride, width: width, height: height)
    // A form is either the caller's RGBA rows (nil samples) or converted samples.
    var forms: [(samples: [UInt8]?, layout: PNGPixelLayout)] = []
    if let indexed = indexedForm(sheet) { forms.append((indexed.samples, indexed.layout)) }
    let gray = sheet.allPixels { $0[0] == $0[1] && $0[0] == $0[2] }
    let opaque = sheet.allPixels { $0[3] == 255 }
    // Gray images also try gray forms (no palette to store); truecolour only when nothing smaller applies.
    if forms.isEmpty || gray || effort == .max {
      if gray {
        forms.append(opaque ? (sheet.samples([0]), .gray(bitDepth: 8)) : (sheet.samples([0, 3]), .grayAlpha))
      } else if opaque {
        forms.append((sheet.samples([0, 1, 2]), .rgb))
      } else {
        forms.append((nil, .rgba))
      }
    }
    var trials: [(Int, PNGEncodeOptions)] = []
    for f in forms.indices {
      // Every effort makes its single pass; max adds every filter at level 12 and keeps the smallest.
      trials.append((f, effort.singlePassOptions(width: width, height: height, layout: forms[f].layout)))
      if let zopfli = effort.zopfliOptions(width: width, height: height, layout: forms[f].layout) {
        trials.append((f, zopfli))
      }
      if effort == .max {
        for filter in PNGRowFilter.allCases {
          trials.append((f, PNGEncodeOptions(compressor: .libdeflate, level: 12, filter: filter)))
        }
        // optipng -o2's eight zlib trials too, so that max is never larger than what optipng finds.
        for filter in [PNGRowFilter.none, .adaptive] {
          for strategy in [PNGStrategy.default, .filtered, .huffmanOnly, .rle] {
            trials.append((f, PNGEncodeOptions(level: 9, strategy: strategy, memLevel: 8, filter: filter)))
          }
        }
      }
    }
    // Trials run in parallel, so only a lone trial may write the spare bytes.
    let inPlace = filterSlots && trials.count == 1
    let results = Locked<[Int: Result<[UInt8], PNGError>]>([:])
    let allForms = forms
    let allTrials = trials
    nonisolated(unsafe) let source = rows
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
              rows: source, rowStride: rowStride, filterSlots: inPlace, width: width, height: height,
              layout: .rgba, options: options))
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
    var best: [UInt8] = []
    for t in 0..<trials.count {
      switch results.withLock({ $0[t] }) {
      case .success(let bytes)?: if best.isEmpty || bytes.count < best.count { best = bytes }
      case .failure(let error)?: throw error
      case nil: continue
      }
    }
    return best
  }

  /// RGBA rows in memory the caller owns.
  struct Rows {
    let base: UnsafePointer<UInt8>
    let stride: Int
    let width: Int
    let height: Int

    /// True when `test` holds for every pixel (stops at the first that fails).
    func allPixels(_ test: (UnsafePointer<UInt8>) -> Bool) -> Bool {
      for y in 0..<height {
        var p = base + y * stride
        for _ in 0..<width {
          if !test(p) { return false }
          p += 4
        }
      }
      return true
    }

    /// The chosen channels of every pixel, in order.
    func samples(_ channels: [Int]) -> [UInt8] {
      var out = [UInt8]()
      out.reserveCapacity(width * height * channels.count)
      for y in 0..<height {
        var p = base + y * stride
        for _ in 0..<width {
          for c in channels { out.append(p[c]) }
          p += 4
        }
      }
      return out
    }
  }

  /// The image as palette indices when it has at most 256 distinct RGBA colours.
  ///
  /// The palette is sorted (translucent colours first, then by value) so the tRNS chunk is as short as it can
  /// be and the same pixels always give the same palette.
  static func indexedForm(_ image: RGBAImage) -> (samples: [UInt8], layout: PNGPixelLayout)? {
    image.pixels.withUnsafeBufferPointer { pixels in
      pixels.baseAddress.flatMap {
        indexedForm(Rows(base: $0, stride: image.width * 4, width: image.width, height: image.height))
      }
    }
  }

  static func indexedForm(_ sheet: Rows) -> (samples: [UInt8], layout: PNGPixelLayout)? {
    // Fully transparent pixels all become one colour: invisible, and the decoder gives 0,0,0,0 for them anyway.
    @inline(__always) func color(_ p: UnsafePointer<UInt8>) -> UInt32 {
      p[3] == 0 ? 0 : UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
    }
    var colors = Set<UInt32>()
    var many = false
    _ = sheet.allPixels { p in
      colors.insert(color(p))
      many = colors.count > 256
      return !many
    }
    if many { return nil }
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
    var samples = [UInt8]()
    samples.reserveCapacity(sheet.width * sheet.height)
    _ = sheet.allPixels { p in
      samples.append(index[color(p), default: 0])
      return true
    }
    let depth = sorted.count <= 2 ? 1 : sorted.count <= 4 ? 2 : sorted.count <= 16 ? 4 : 8
    return (samples, .indexed(palette: palette, alpha: alpha, bitDepth: depth))
  }
}
