import EmoPNG
import Foundation
import Synchronization

/// Premultiplied, separable resampling of RGBA8 images.
///
/// Pixels are premultiplied before filtering so transparent pixels, whatever
/// colour they carry, contribute nothing; the result is converted back to
/// straight alpha. Weights are computed once per (filter, source length,
/// target length) and shared across threads.
public struct Resampler: Sendable {
  /// The filter in use.
  public let filter: ResamplingFilter

  /// Creates a resampler with `filter`.
  public init(filter: ResamplingFilter = .lanczos3) { self.filter = filter }

  struct Weights: Sendable {
    /// First source index for each output index.
    var start: [Int32]
    /// Number of taps for each output index.
    var count: [Int32]
    /// `maxTaps` weights per output index.
    var values: [Float]
    var maxTaps: Int
  }

  private static let cache = Mutex<[String: Weights]>([:])

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
  public struct Premultiplied: Sendable {
    let width: Int
    let height: Int
    let pixels: [SIMD4<Float>]

    /// Premultiplies `image`.
    public init(_ image: RGBAImage) {
      width = image.width
      height = image.height
      var pre = [SIMD4<Float>](repeating: .zero, count: image.width * image.height)
      image.pixels.withUnsafeBufferPointer { p in
        for i in 0..<(image.width * image.height) {
          let a = Float(p[i * 4 + 3])
          let k = a / 255
          pre[i] = SIMD4(Float(p[i * 4]) * k, Float(p[i * 4 + 1]) * k, Float(p[i * 4 + 2]) * k, a)
        }
      }
      pixels = pre
    }
  }

  /// Resamples `image` into a `side`×`side` square: the image is scaled to fit, keeping its aspect ratio,
  /// and centred with transparent margins.
  public func fit(_ image: RGBAImage, side: Int) -> RGBAImage {
    fit(Premultiplied(image), side: side)
  }

  /// `fit` from a source premultiplied once (for several sizes of one source).
  public func fit(_ image: Premultiplied, side: Int) -> RGBAImage {
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
  public func resize(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
    resize(Premultiplied(image), width: width, height: height)
  }

  /// `resize` from a premultiplied source.
  public func resize(_ image: Premultiplied, width: Int, height: Int) -> RGBAImage {
    let sw = image.width
    let sh = image.height
    let pre = image.pixels
    // Horizontal pass: sh rows of `width`.
    let hw = weights(inSize: sw, outSize: width)
    var mid = [SIMD4<Float>](repeating: .zero, count: width * sh)
    pre.withUnsafeBufferPointer { src in
      mid.withUnsafeMutableBufferPointer { dst in
        hw.values.withUnsafeBufferPointer { wv in
          for y in 0..<sh {
            let row = y * sw
            for x in 0..<width {
              let s = Int(hw.start[x])
              let n = Int(hw.count[x])
              let base = x * hw.maxTaps
              var acc = SIMD4<Float>.zero
              for t in 0..<n { acc += src[row + s + t] * wv[base + t] }
              dst[y * width + x] = acc
            }
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
          var column = [SIMD4<Float>](repeating: .zero, count: width)
          for y in 0..<height {
            let s = Int(vw.start[y])
            let n = Int(vw.count[y])
            let base = y * vw.maxTaps
            for x in 0..<width { column[x] = .zero }
            for t in 0..<n {
              let w = wv[base + t]
              let row = (s + t) * width
              for x in 0..<width { column[x] += src[row + x] * w }
            }
            for x in 0..<width {
              let v = column[x]
              let a = min(max(v.w, 0), 255)
              let o = (y * width + x) * 4
              let ab = UInt8(a.rounded())
              if ab == 0 {
                dst[o] = 0
                dst[o + 1] = 0
                dst[o + 2] = 0
                dst[o + 3] = 0
                continue
              }
              let k = 255 / a
              dst[o] = UInt8(min(max(v.x * k, 0), 255).rounded())
              dst[o + 1] = UInt8(min(max(v.y * k, 0), 255).rounded())
              dst[o + 2] = UInt8(min(max(v.z * k, 0), 255).rounded())
              dst[o + 3] = ab
            }
          }
        }
      }
    }
    return RGBAImage(width: width, height: height, pixels: out)
  }
}
