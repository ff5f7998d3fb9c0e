import EmoImage
import EmoPNG
import EmoWebP

/// Fits one sticker into its platform's byte limit by a ladder of steps, each taken only as far as needed and only
/// within the platform's rules: lossless; lossy down to the minimum SSIM; frames merged where they differ less than
/// the floor allows; frames dropped while every frame shown keeps the floor; for Signal, frames each reduced to a
/// palette of their own, then a smaller square. Every check of an animation scores what is shown: each source frame
/// against the encoded frame displayed at that frame's time (`shownSSIM`), so frames an encoder merges, drops or
/// re-times are paired right.
package enum StickerFitting {
  /// What one step of the ladder reached.
  package struct Step: Sendable, Codable, Equatable {
    /// The step (`lossless`, `lossy`, `merged frames`, `dropped frames`, `palette frames`, `smaller square`).
    package var step: String
    /// Its smallest result's bytes (within the floor).
    package var bytes: Int
    /// That result's least SSIM at display times.
    package var ssim: Double
    /// True when that result fits the limit.
    package var fits: Bool
    /// What was tried: the quality, the frames kept, the side.
    package var detail: String
  }

  /// A sticker that fits: its bytes, and what every step tried reached (the last one fits).
  package struct Fitted: Sendable {
    package var bytes: [UInt8]
    package var fileExtension: String
    /// The WebP quality, when lossy.
    package var quality: Int?
    /// The least SSIM over the source's frames at display times (1 for a lossless encoding of them all).
    package var ssim: Double
    package var steps: [Step]
    /// Frames shown, and the side of the square.
    package var frames: Int
    package var side: Int
  }

  /// No step fits: what each reached.
  package struct Refusal: Error, Sendable {
    package var steps: [Step]

    /// `lossless 612,345 bytes; lossy 540,210 bytes at q10 (SSIM 0.941); …`
    package var summary: String {
      steps.map { "\($0.step) \($0.bytes) bytes\($0.detail.isEmpty ? "" : " (\($0.detail))")" }.joined(
        separator: "; ")
    }
  }

  /// Qualities the lossy step tries, from the best down.
  static let qualities = [90, 80, 70, 60, 50, 40, 30, 20]
  /// Squares Signal's smaller-square step tries for a sticker of `side` (Signal takes 10…512 px), largest first:
  /// 448, 384, 320, 256, 192, 160 and 128 for 512.
  static func signalSides(_ side: Int) -> [Int] {
    [14, 12, 10, 8, 6, 5, 4].map { max(10, side * $0 / 16) }
  }

  /// Fits `source` (frames at the platform's side, their delays already within its rules) under `limit` bytes, every
  /// frame shown keeping `minimumSSIM`.
  package static func fit(
    _ source: AnimatedImage, platform: StickerPlatform, limit: Int, minimumSSIM: Double
  ) throws(Refusal) -> Fitted {
    var steps: [Step] = []
    let animated = source.frames.count > 1
    // Equal neighbours are one frame shown longer: nothing is lost.
    let whole = merged(source, threshold: 1)
    func done(_ bytes: [UInt8], _ ext: String, quality: Int?, ssim: Double, frames: Int, side: Int) -> Fitted {
      Fitted(bytes: bytes, fileExtension: ext, quality: quality, ssim: ssim, steps: steps, frames: frames, side: side)
    }
    if platform == .signal {
      return try signal(source, whole: whole, limit: limit, minimumSSIM: minimumSSIM)
    }
    // WhatsApp and Telegram: WebP.
    for (k, (name, candidate)) in candidates(source, whole: whole, minimumSSIM: minimumSSIM).enumerated() {
      if k == 0 {
        let lossless = try webp(candidate, lossless: true, quality: 75)
        let ssim = animated ? try shownSSIM(reference: source, encoded: lossless) : 1
        steps.append(Step(step: name, bytes: lossless.count, ssim: ssim, fits: lossless.count <= limit, detail: ""))
        if lossless.count <= limit {
          return done(lossless, "webp", quality: nil, ssim: ssim, frames: candidate.frames.count, side: source.width)
        }
      }
      // Lossy at the best quality that fits; under the floor, lower qualities will not hold it either.
      var tried: Step?
      for quality in qualities {
        let bytes = try webp(candidate, lossless: false, quality: Float(quality))
        let detail = "q\(quality)\(k == 0 ? "" : ", " + framesText(candidate))"
        guard bytes.count <= limit else {
          tried = Step(step: k == 0 ? "lossy" : name, bytes: bytes.count, ssim: 0, fits: false, detail: detail)
          continue
        }
        let ssim = try shownSSIM(reference: source, encoded: bytes)
        let step = Step(
          step: k == 0 ? "lossy" : name, bytes: bytes.count, ssim: ssim, fits: ssim >= minimumSSIM, detail: detail)
        tried = step
        if ssim >= minimumSSIM {
          steps.append(step)
          return done(bytes, "webp", quality: quality, ssim: ssim, frames: candidate.frames.count, side: source.width)
        }
        break
      }
      if let tried { steps.append(tried) }
    }
    throw Refusal(steps: steps)
  }

  /// The frames each step encodes: all of them (equal neighbours as one), frames merged, then frames dropped only
  /// as far as needed (a third of the droppable ones, two thirds, all), each only when it shows fewer frames than
  /// the one before. An animation stays one (an animated sticker pack holds animations only): two frames at least.
  static func candidates(
    _ source: AnimatedImage, whole: AnimatedImage, minimumSSIM: Double
  ) -> [(String, AnimatedImage)] {
    var out: [(String, AnimatedImage)] = [("lossless", whole)]
    guard whole.frames.count > 1 else { return out }
    let merged = merged(source, threshold: mergeThreshold(minimumSSIM))
    if merged.frames.count < whole.frames.count && merged.frames.count > 1 { out.append(("merged frames", merged)) }
    let fewest = max(2, dropped(source, floor: minimumSSIM).frames.count)
    let n = out[out.count - 1].1.frames.count
    for keep in Set([n - (n - fewest) / 3, n - 2 * (n - fewest) / 3, fewest]).sorted(by: >) where keep < n {
      out.append(("dropped frames", dropped(source, floor: minimumSSIM, keep: keep)))
    }
    return out
  }

  /// Signal's ladder (PNG stills, APNG animations looping forever): lossless; lossy frames (a pixel within a
  /// tolerance of the one already shown keeps it, which the encoder writes as transparent); merged and dropped
  /// frames with the same tolerance; palette frames; a smaller square (lossless, then one palette for every
  /// frame), scored after scaling back to the platform's side. Palette frames are tried only where they can
  /// plausibly fit (they save at most about half).
  static func signal(
    _ source: AnimatedImage, whole: AnimatedImage, limit: Int, minimumSSIM: Double
  ) throws(Refusal) -> Fitted {
    var steps: [Step] = []
    func done(_ bytes: [UInt8], _ a: AnimatedImage, quality: Int?, ssim: Double) -> Fitted {
      Fitted(
        bytes: bytes, fileExtension: "png", quality: quality, ssim: ssim, steps: steps, frames: a.frames.count,
        side: a.width)
    }
    func score(_ shown: AnimatedImage) -> Double {
      shown.frames == source.frames ? 1 : shownSSIM(reference: source, shown: shown)
    }
    // 1. Lossless.
    let png = try apng(whole)
    let wholeSSIM = score(whole)
    steps.append(
      Step(step: "lossless", bytes: png.count, ssim: wholeSSIM, fits: png.count <= limit, detail: framesText(whole)))
    if png.count <= limit { return done(png, whole, quality: nil, ssim: wholeSSIM) }
    // The smallest result so far that keeps the floor, and the tolerance it was carried with.
    var best = (image: whole, bytes: png.count, tolerance: 0)
    if whole.frames.count > 1 {
      // 2. Lossy frames: tolerances up until the bytes fit or the floor is reached.
      for t in tolerances {
        let shown = carried(whole, tolerance: t)
        let bytes = try apng(shown)
        let fits = bytes.count <= limit
        let ssim = shownSSIM(reference: source, shown: shown)
        steps.append(
          Step(
            step: "lossy frames", bytes: bytes.count, ssim: ssim, fits: fits && ssim >= minimumSSIM,
            detail: "tolerance \(t)"))
        if ssim < minimumSSIM { break }
        if fits { return done(bytes, shown, quality: nil, ssim: ssim) }
        if bytes.count < best.bytes { best = (whole, bytes.count, t) }
      }
      // 3–4. Merged, then dropped frames, carried with the tolerance kept.
      for (name, candidate) in candidates(source, whole: whole, minimumSSIM: minimumSSIM).dropFirst() {
        let shown = carried(candidate, tolerance: best.tolerance)
        let bytes = try apng(shown)
        let ssim = shownSSIM(reference: source, shown: shown)
        let fits = bytes.count <= limit && ssim >= minimumSSIM
        steps.append(Step(step: name, bytes: bytes.count, ssim: ssim, fits: fits, detail: framesText(candidate)))
        if fits { return done(bytes, shown, quality: nil, ssim: ssim) }
        if ssim >= minimumSSIM && bytes.count < best.bytes { best = (candidate, bytes.count, best.tolerance) }
      }
      // 5. Palette frames: each frame reduced to a palette of its own (it saves at most about half).
      if Double(best.bytes) <= Double(limit) * 2,
        let (reduced, ssim) = paletteFrames(
          carried(best.image, tolerance: best.tolerance), reference: source, minimumSSIM: minimumSSIM)
      {
        let bytes = try apng(reduced)
        let fits = bytes.count <= limit
        steps.append(
          Step(step: "palette frames", bytes: bytes.count, ssim: ssim, fits: fits, detail: framesText(reduced)))
        if fits { return done(bytes, reduced, quality: 256, ssim: ssim) }
      }
    }
    // 6. A smaller square: from the side the bytes (about in proportion to the area) suggest, down.
    let estimate = Double(source.width) * (Double(limit) / Double(best.bytes)).squareRoot()
    for side in signalSides(source.width) where side < source.width && Double(side) <= estimate * 1.2 {
      let small = carried(scaled(best.image, side: side), tolerance: best.tolerance)
      let bytes = try apng(small)
      let ssim = shownSSIM(reference: source, shown: small)
      let fits = bytes.count <= limit && ssim >= minimumSSIM
      steps.append(Step(step: "smaller square", bytes: bytes.count, ssim: ssim, fits: fits, detail: "\(side) px"))
      if ssim < minimumSSIM { break }
      if fits { return done(bytes, small, quality: nil, ssim: ssim) }
      // One palette for every frame: the frames then store one byte a pixel.
      if let (indexed, indexedSSIM) = sharedPalette(small, reference: source, minimumSSIM: minimumSSIM) {
        let bytes = try apng(indexed)
        let fits = bytes.count <= limit
        steps.append(
          Step(
            step: "smaller square", bytes: bytes.count, ssim: indexedSSIM, fits: fits,
            detail: "\(side) px, one palette"))
        if fits { return done(bytes, indexed, quality: 256, ssim: indexedSSIM) }
      }
    }
    throw Refusal(steps: steps)
  }

  /// Tolerances the lossy-frames step tries, least first.
  static let tolerances = [6, 12, 24]

  /// `a` with every frame reduced to one palette of at most 256 colours, if each frame shown keeps `minimumSSIM`
  /// against `reference`, with that SSIM.
  static func sharedPalette(
    _ a: AnimatedImage, reference: AnimatedImage, minimumSSIM: Double
  ) -> (AnimatedImage, Double)? {
    let (w, h) = (a.width, a.height)
    var stacked = [UInt8]()
    stacked.reserveCapacity(w * h * 4 * a.frames.count)
    for frame in a.frames { stacked += frame.image.pixels }
    let rects = a.frames.indices.map { PixelRect(x: 0, y: $0 * h, width: w, height: h) }
    let q = stacked.withUnsafeBufferPointer {
      PaletteQuantizer(ssimFloor: minimumSSIM).quantize(
        rows: $0.baseAddress!, rowStride: w * 4, width: w, height: h * a.frames.count, sprites: rects)
    }
    guard let image = q.image else { return nil }
    var out = a
    for k in out.frames.indices {
      out.frames[k].image = RGBAImage(
        width: w, height: h, pixels: Array(image.pixels[(k * w * h * 4)..<((k + 1) * w * h * 4)]))
    }
    let ssim = shownSSIM(reference: reference, shown: out)
    return ssim >= minimumSSIM ? (out, ssim) : nil
  }

  /// `a` with every visible pixel within `tolerance` (in alpha and each premultiplied channel) of the visible pixel
  /// shown before it replaced by that one: what the frame shows barely changes, and the encoder writes the kept pixels as transparent.
  static func carried(_ a: AnimatedImage, tolerance: Int) -> AnimatedImage {
    guard tolerance > 0, a.frames.count > 1 else { return a }
    var out = a
    var shown = a.frames[0].image.pixels
    for k in 1..<a.frames.count {
      var next = a.frames[k].image.pixels
      next.withUnsafeMutableBufferPointer { n in
        shown.withUnsafeMutableBufferPointer { s in
          for p in stride(from: 0, to: n.count, by: 4) {
            // Compared premultiplied: a faint pixel's colour counts as little as it shows.
            let (na, sa) = (Int(n[p + 3]), Int(s[p + 3]))
            if na > 0 && sa > 0 && abs(na - sa) <= tolerance
              && abs(Int(n[p]) * na - Int(s[p]) * sa) <= tolerance * 255
              && abs(Int(n[p + 1]) * na - Int(s[p + 1]) * sa) <= tolerance * 255
              && abs(Int(n[p + 2]) * na - Int(s[p + 2]) * sa) <= tolerance * 255
            {
              n[p] = s[p]
              n[p + 1] = s[p + 1]
              n[p + 2] = s[p + 2]
              n[p + 3] = s[p + 3]
            } else {
              s[p] = n[p]
              s[p + 1] = n[p + 1]
              s[p + 2] = n[p + 2]
              s[p + 3] = n[p + 3]
            }
          }
        }
      }
      out.frames[k].image.pixels = next
    }
    return out
  }

  /// `a` with each frame reduced to a palette of its own held to the floor, and the least SSIM at display times
  /// against `reference`; nil when a frame cannot keep the floor.
  static func paletteFrames(
    _ a: AnimatedImage, reference: AnimatedImage, minimumSSIM: Double
  ) -> (AnimatedImage, Double)? {
    var out = a
    for k in out.frames.indices {
      let image = out.frames[k].image
      let q = image.pixels.withUnsafeBufferPointer {
        PaletteQuantizer(ssimFloor: minimumSSIM).quantize(
          rows: $0.baseAddress!, rowStride: image.width * 4, width: image.width, height: image.height,
          sprites: [PixelRect(x: 0, y: 0, width: image.width, height: image.height)])
      }
      if let reduced = q.image {
        out.frames[k].image = reduced
      } else if !q.outcome.exact {
        return nil
      }
    }
    let ssim = shownSSIM(reference: reference, shown: out)
    return ssim >= minimumSSIM ? (out, ssim) : nil
  }

  /// How far under 1 a frame may be from the last kept one to be merged into it: half the way to the floor.
  static func mergeThreshold(_ floor: Double) -> Double { 1 - (1 - floor) / 4 }

  /// `4 frames, 1,800 ms`.
  static func framesText(_ a: AnimatedImage) -> String { "\(a.frames.count) frames, \(a.duration) ms" }

  /// `a` with every frame whose SSIM to the last kept frame is at least `threshold` shown as that frame (its time
  /// added to it); SSIM judged on quarter-size copies of large frames, the final score at full size.
  static func merged(_ a: AnimatedImage, threshold: Double) -> AnimatedImage {
    var out = a
    out.frames = []
    let small = threshold >= 1 ? [] : proxies(a)
    var lastKept = 0
    for (k, frame) in a.frames.enumerated() {
      if let last = out.frames.last,
        threshold >= 1 ? last.image == frame.image : SSIM.compare(small[k], small[lastKept]) >= threshold
      {
        out.frames[out.frames.count - 1].delay += frame.delay
      } else {
        out.frames.append(frame)
        lastKept = k
      }
    }
    return out
  }

  /// The frames of `a` for judging which to merge or drop: quarter size when 256 px or more (SSIM over 4 × 4
  /// blocks ranks frames as the full size does, at a sixteenth of the work).
  static func proxies(_ a: AnimatedImage) -> [RGBAImage] {
    guard a.width >= 256 else { return a.frames.map(\.image) }
    let resampler = Resampler(filter: .box)
    return a.frames.map { resampler.fit($0.image, side: a.width / 4) }
  }

  /// `a` with frames dropped (each shown frame's time taken by the one before it), the least visible first, down
  /// to `keep` frames while every source frame still keeps `floor` against the frame shown at its time; the first
  /// frame always stays.
  static func dropped(_ a: AnimatedImage, floor: Double, keep: Int = 1) -> AnimatedImage {
    var kept = Array(a.frames.indices)
    let small = proxies(a)
    // Each frame's SSIM against every earlier kept one would be quadratic; against its predecessor is the cost of
    // showing that one instead, which is what dropping it does while the predecessor stays.
    var scoreCache: [Int: Double] = [:]
    func score(_ i: Int, shownAs j: Int) -> Double {
      let key = i << 20 | j
      if let s = scoreCache[key] { return s }
      let s = SSIM.compare(small[i], small[j])
      scoreCache[key] = s
      return s
    }
    while kept.count > max(1, keep) {
      // The droppable frame whose frames (it and those merged into it) lose least shown as its predecessor.
      var best: (index: Int, ssim: Double)?
      for (n, i) in kept.enumerated() where n > 0 {
        let previous = kept[n - 1]
        let end = n + 1 < kept.count ? kept[n + 1] : a.frames.count
        let worst = (i..<end).map { score($0, shownAs: previous) }.min() ?? 1
        if worst >= floor, worst > best?.ssim ?? -1 { best = (n, worst) }
      }
      guard let best else { break }
      kept.remove(at: best.index)
    }
    var out = a
    out.frames = kept.enumerated().map { n, i in
      let end = n + 1 < kept.count ? kept[n + 1] : a.frames.count
      return AnimatedImage.Frame(image: a.frames[i].image, delay: a.frames[i..<end].reduce(0) { $0 + $1.delay })
    }
    return out
  }

  /// `a` resampled to `side`.
  static func scaled(_ a: AnimatedImage, side: Int) -> AnimatedImage {
    let resampler = Resampler(filter: .lanczos3)
    var out = AnimatedImage(width: side, height: side, frames: [], loopCount: a.loopCount)
    out.frames = a.frames.map { AnimatedImage.Frame(image: resampler.fit($0.image, side: side), delay: $0.delay) }
    return out
  }

  /// The least SSIM over `reference`'s frames, each against the frame of `shown` displayed at its start time
  /// (scaled to the reference's side first when smaller).
  package static func shownSSIM(reference: AnimatedImage, shown: AnimatedImage) -> Double {
    let resampler = Resampler(filter: .lanczos3)
    var scaledFrames: [Int: RGBAImage] = [:]
    var starts: [Int] = []
    var t = 0
    for f in shown.frames {
      starts.append(t)
      t += f.delay
    }
    var least = 1.0
    var time = 0
    for frame in reference.frames {
      // The shown frame whose interval holds `time` (the last one past the end).
      var j = 0
      while j + 1 < starts.count && starts[j + 1] <= time { j += 1 }
      let image: RGBAImage
      if shown.width == reference.width {
        image = shown.frames[j].image
      } else if let s = scaledFrames[j] {
        image = s
      } else {
        image = resampler.fit(shown.frames[j].image, side: reference.width)
        scaledFrames[j] = image
      }
      least = min(least, frame.image == image ? 1 : SSIM.compare(frame.image, image))
      time += frame.delay
    }
    return least
  }

  /// `shownSSIM` of an encoded WebP (still or animated) against `reference`.
  static func shownSSIM(reference: AnimatedImage, encoded: [UInt8]) throws(Refusal) -> Double {
    do {
      let decoded = try WebPDecoder.decodeAnimation(encoded, limits: AnimationLimits(maxSide: 16384))
      return shownSSIM(reference: reference, shown: decoded)
    } catch {
      throw Refusal(steps: [Step(step: "decode", bytes: encoded.count, ssim: 0, fits: false, detail: error.message)])
    }
  }

  /// An APNG (a PNG for one frame) of `a`, looping forever (Signal's sticker creator requires it).
  static func apng(_ a: AnimatedImage) throws(Refusal) -> [UInt8] {
    var frames = a
    frames.loopCount = 0
    do {
      let options = PNGEncodeOptions(compressor: .libdeflate, level: 10)
      return frames.frames.count == 1
        ? try PNGEncoder.encode(frames.frames[0].image, options: options)
        : try APNGEncoder.encode(frames, options: options)
    } catch {
      throw Refusal(steps: [Step(step: "encode", bytes: 0, ssim: 0, fits: false, detail: error.message)])
    }
  }

  /// WebP of `a`: a still, or an animation (libwebp merges equal neighbours); lossless stills at method 6,
  /// animations and lossy tries at method 4.
  static func webp(_ a: AnimatedImage, lossless: Bool, quality: Float) throws(Refusal) -> [UInt8] {
    let options = WebPEncoder.Options(
      lossless: lossless, quality: quality, method: lossless && a.frames.count == 1 ? 6 : 4)
    do {
      if a.frames.count == 1 { return try WebPEncoder.encode(a.frames[0].image, options: options) }
      return try WebPEncoder.encodeAnimation(a, options: options)
    } catch {
      throw Refusal(steps: [Step(step: "encode", bytes: 0, ssim: 0, fits: false, detail: error.message)])
    }
  }
}
