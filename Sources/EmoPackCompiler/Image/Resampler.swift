import EmoImage
import EmoPNG
import Foundation

/// Premultiplied, separable resampling of RGBA8 images.
///
/// Pixels are premultiplied before filtering so transparent pixels, whatever
/// colour they carry, contribute nothing; the result is converted back to
/// straight alpha. Weights are computed once per (filter, source length,
/// target length) and shared across threads.
package struct Resampler: Sendable {
  /// The filter in use.
  package let filter: ResamplingFilter

  /// Creates a resampler with `filter`.
  package init(filter: ResamplingFilter = .lanczos3) { self.filter = filter }

  struct Weights: Sendable {
    /// First source index for each output index.
    var start: [Int32]
    /// Number of taps for each output index.
    var count: [Int32]
    /// `maxTaps` weights per output index.
    var values: [Float]
    var maxTaps: Int
  }

  private static let cache = Locked<[String: Weights]>([:])

  /// Weights mapping `inSize` samples to `outSize`, following the usual "pixel centres at +0.5" convention.
  func weights(inSize: Int, outSize: Int) -> Weights {
    let key = "\(filter.id):\(inSize):\(outSize)"
    if let w = Self.cache.withLock({ $0[key] }) { return w }
    let scale = Double(inSize) / Double(outSize)
    let filterScale = max(scale, 1)
    let support = filter.support * filterScale
    let maxTaps = Int(ceil(support)) * 2 + 1
    var start = [Int32](repeating: 0, count: outSize)
    var count = [Int32](repeating: 0, count: outSize)
    var values = [Float](repeating: 0, count: outSize * maxTaps)
    for o in 0..<outSize {
      let center = (Double(o) + 0.5) * scale
      let lo = max(Int(center - support + 0.5), 0)
      let hi = min(Int(center + support + 0.5), inSize)
      var taps: [Double] = []
      for x in lo..<hi { taps.append(filter.kernel((Double(x) - center + 0.5) / filterScale)) }
      var total = taps.reduce(0, +)
      if total == 0 {
        taps = [1]
        total = 1
      }
      start[o] = Int32(lo)
      count[o] = Int32(min(taps.count, maxTaps))
      for (i, t) in taps.prefix(maxTaps).enumerated() { values[o * maxTaps + i] = Float(t / total) }
    }
    let w = Weights(start: start, count: count, values: values, maxTaps: maxTaps)
    Self.cache.withLock { $0[key] = w }
    return w
  }

  /// A source converted once to premultiplied floats, to be resampled to several sizes.
  package struct Premultiplied: Sendable {
    let width: Int
    let height: Int
    let pixels: [SIMD4<Float>]

    /// Premultiplies `image`.
    package init(_ image: RGBAImage) {
      width = image.width
      height = image.height
      let count = image.width * image.height
      pixels = [SIMD4<Float>](unsafeUninitializedCapacity: count) { pre, initialized in
        image.pixels.withUnsafeBufferPointer { p in
          for i in 0..<count {
            let a = Float(p[i &* 4 &+ 3])
            let k = a / 255
            pre[i] = SIMD4(Float(p[i &* 4]) * k, Float(p[i &* 4 &+ 1]) * k, Float(p[i &* 4 &+ 2]) * k, a)
          }
        }
        initialized = count
      }
    }
  }

  /// Resamples `image` into a `side`×`side` square: the image is scaled to fit, keeping its aspect ratio,
  /// and centred with transparent margins.
  package func fit(_ image: RGBAImage, side: Int) -> RGBAImage {
    unfiltered(image, width: side, height: side) ?? fit(Premultiplied(image), side: side)
  }

  /// `fit` to each of `sides`, the source premultiplied once and only if some side needs filtering.
  package func fit(_ image: RGBAImage, sides: [Int]) -> [RGBAImage] {
    var premultiplied: Premultiplied?
    return sides.map { side in
      if let same = unfiltered(image, width: side, height: side) { return same }
      let source = premultiplied ?? Premultiplied(image)
      premultiplied = source
      return fit(source, side: side)
    }
  }

  /// `image` as filtering would give it when it already has the size asked for and the filter interpolates:
  /// such a filter weighs each pixel by one and its neighbours by nothing (Lanczos-3's ~1e-17 moves no float),
  /// so the filtered bytes are the source's, transparent pixels as transparent black (tested against the
  /// filters); nil otherwise.
  func unfiltered(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage? {
    guard image.width == width, image.height == height, filter.interpolates else { return nil }
    var out = image
    out.pixels.withUnsafeMutableBytes { p in
      for i in stride(from: 0, to: p.count &- 3, by: 4) where p[i &+ 3] == 0 {
        p.storeBytes(of: 0, toByteOffset: i, as: UInt32.self)
      }
    }
    return out
  }

  /// `fit` from a source premultiplied once (for several sizes of one source), filtered whatever its size.
  package func fit(_ image: Premultiplied, side: Int) -> RGBAImage {
    precondition(side > 0)
    guard image.width > 0, image.height > 0 else { return RGBAImage(width: side, height: side) }
    let longest = max(image.width, image.height)
    let w = max(1, Int((Double(image.width) * Double(side) / Double(longest)).rounded()))
    let h = max(1, Int((Double(image.height) * Double(side) / Double(longest)).rounded()))
    let scaled = resize(image, width: min(w, side), height: min(h, side))
    if scaled.width == side && scaled.height == side { return scaled }
    var out = [UInt8](repeating: 0, count: side * side * 4)
    let ox = (side - scaled.width) / 2
    let oy = (side - scaled.height) / 2
    for y in 0..<scaled.height {
      let src = y * scaled.width * 4
      let dst = ((y + oy) * side + ox) * 4
      out.replaceSubrange(dst..<(dst + scaled.width * 4), with: scaled.pixels[src..<(src + scaled.width * 4)])
    }
    return RGBAImage(width: side, height: side, pixels: out)
  }

  /// Resamples `image` to exactly `width`×`height`.
  package func resize(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    unfiltered(image, width: width, height: height) ?? resize(Premultiplied(image), width: width, height: height)
  }

  /// `resize` from a premultiplied source, filtered whatever its size.
  package func resize(_ image: Premultiplied, width: Int, height: Int) -> RGBAImage {
    let sw = image.width
    let sh = image.height
    let pre = image.pixels
    // Horizontal pass: sh rows of `width`.
    let hw = weights(inSize: sw, outSize: width)
    var mid = [SIMD4<Float>](repeating: .zero, count: width * sh)
    pre.withUnsafeBufferPointer { src in
      mid.withUnsafeMutableBufferPointer { dst in
        hw.values.withUnsafeBufferPointer { wv in
          // Four rows at a time: four independent sums per tap instead of one dependent chain.
          var y = 0
          while y < sh {
            let rows = min(4, sh - y)
            for x in 0..<width {
              filterLanes(
                src, first: y * sw + Int(hw.start[x]), laneStride: sw, tapStride: 1, wv, base: x * hw.maxTaps,
                taps: Int(hw.count[x]), into: dst, at: y * width + x, outStride: width, lanes: rows)
            }
            y += rows
          }
        }
      }
    }
    // Vertical pass, then back to straight alpha bytes.
    let vw = weights(inSize: sh, outSize: height)
    var out = [UInt8](repeating: 0, count: width * height * 4)
    mid.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        vw.values.withUnsafeBufferPointer { wv in
          let column = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: width)
          defer { column.deallocate() }
          for y in 0..<height {
            let s = Int(vw.start[y])
            let n = Int(vw.count[y])
            let base = y * vw.maxTaps
            // Four pixels at a time, for independent sums.
            var x = 0
            while x < width {
              let pixels = min(4, width - x)
              filterLanes(
                src, first: s * width + x, laneStride: 1, tapStride: width, wv, base: base, taps: n, into: column,
                at: x, outStride: 1, lanes: pixels)
              x += pixels
            }
            // Back to straight alpha: alpha rounds to a byte; colour is divided by it (times 255) and rounds
            // likewise; a pixel whose alpha rounds to zero is stored as transparent black.
            let out = UnsafeMutableRawPointer(dst.baseAddress!) + y &* width &* 4
            for x in 0..<width {
              let v = column[x]
              let a = min(max(v.w, 0), 255)
              let k = 255 / max(a, 0.5)
              let alpha = straightByte(a)
              let packed =
                straightByte(v.x * k) | straightByte(v.y * k) &<< 8 | straightByte(v.z * k) &<< 16 | alpha &<< 24
              let keep: UInt32 = alpha == 0 ? 0 : 0xFFFF_FFFF
              out.storeBytes(of: (packed & keep).littleEndian, toByteOffset: x &* 4, as: UInt32.self)
            }
          }
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: out)
  }
}

/// `s` clamped to 0...255 and rounded half away from zero (as `Float.rounded()`), in the low byte.
///
/// Adding 2^23 rounds a value in 0...255 to the nearest integer, ties to even, and leaves that integer in the low
/// bits; where the value was exactly half above it (a tie that went down), one more. Every step is exact for these
/// values, and the optimizer makes selects of the comparisons (no branches on the data).
@inline(__always)
func straightByte(_ s: Float) -> UInt32 {
  let magic: Float = 8_388_608
  var s = s
  if s < 0 { s = 0 }
  if s > 255 { s = 255 }
  var m = s + magic
  if s - (m - magic) == 0.5 { m += 1 }
  return m.bitPattern & 0xFF
}

/// Up to four filtered samples at once, stored at `out[at + k·outStride]` for k < `lanes`.
///
/// Sample k is the sum over taps t of `src[first + k·laneStride + t·tapStride] · w[base + t]`, its taps added in
/// order, so the result does not depend on how samples are grouped. The four sums are independent chains (one
/// dependent chain per sample would stall on each addition); indices stay inside the buffers by construction of
/// the weights, and unused lanes read lane 0 again. Spelled out as scalars: the optimizer makes the same vector code
/// of them, and unoptimized (debug) builds run them four times faster than `SIMD4` arithmetic.
@inline(__always)
private func filterLanes(
  _ src: UnsafeBufferPointer<SIMD4<Float>>, first: Int, laneStride: Int, tapStride: Int,
  _ w: UnsafeBufferPointer<Float>, base: Int, taps: Int,
  into out: UnsafeMutableBufferPointer<SIMD4<Float>>, at: Int, outStride: Int, lanes: Int
) {
  let o1 = (lanes > 1 ? laneStride : 0) &* 4
  let o2 = (lanes > 2 ? 2 &* laneStride : 0) &* 4
  let o3 = (lanes > 3 ? 3 &* laneStride : 0) &* 4
  let step = tapStride &* 4
  var (x0, y0, z0, w0): (Float, Float, Float, Float) = (0, 0, 0, 0)
  var (x1, y1, z1, w1): (Float, Float, Float, Float) = (0, 0, 0, 0)
  var (x2, y2, z2, w2): (Float, Float, Float, Float) = (0, 0, 0, 0)
  var (x3, y3, z3, w3): (Float, Float, Float, Float) = (0, 0, 0, 0)
  let s = UnsafeRawPointer(src.baseAddress!).assumingMemoryBound(to: Float.self)
  let wp = w.baseAddress! + base
  var i = first &* 4
  var t = 0
  while t < taps {
    let k = wp[t]
    x0 += s[i] * k
    y0 += s[i &+ 1] * k
    z0 += s[i &+ 2] * k
    w0 += s[i &+ 3] * k
    x1 += s[i &+ o1] * k
    y1 += s[i &+ o1 &+ 1] * k
    z1 += s[i &+ o1 &+ 2] * k
    w1 += s[i &+ o1 &+ 3] * k
    x2 += s[i &+ o2] * k
    y2 += s[i &+ o2 &+ 1] * k
    z2 += s[i &+ o2 &+ 2] * k
    w2 += s[i &+ o2 &+ 3] * k
    x3 += s[i &+ o3] * k
    y3 += s[i &+ o3 &+ 1] * k
    z3 += s[i &+ o3 &+ 2] * k
    w3 += s[i &+ o3 &+ 3] * k
    i &+= step
    t &+= 1
  }
  let o = out.baseAddress!
  o[at] = SIMD4(x0, y0, z0, w0)
  if lanes > 1 { o[at &+ outStride] = SIMD4(x1, y1, z1, w1) }
  if lanes > 2 { o[at &+ 2 &* outStride] = SIMD4(x2, y2, z2, w2) }
  if lanes > 3 { o[at &+ 3 &* outStride] = SIMD4(x3, y3, z3, w3) }
}
