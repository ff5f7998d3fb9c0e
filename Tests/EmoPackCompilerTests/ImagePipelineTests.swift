import EmoImage
import EmoPNG
import EmoPackCompiler
import EmoPackFormat
import Foundation
import TestSupport
import Testing

@Suite struct ResamplingTests {
  /// Transparent pixels carrying random colours give exactly the output of transparent black ones.
  @Test(arguments: ResamplingFilter.all)
  func transparentColourNeverTintsEdges(filter: ResamplingFilter) {
    var g = SplitMix(seed: 1)
    var noisy = Support.generated(3, side: 80)
    var clean = noisy
    for i in stride(from: 0, to: noisy.pixels.count, by: 4) where noisy.pixels[i + 3] == 0 {
      for c in 0..<3 {
        noisy.pixels[i + c] = UInt8(truncatingIfNeeded: g.next())
        clean.pixels[i + c] = 0
      }
    }
    let r = Resampler(filter: filter)
    for side in [16, 32, 48, 100] {
      #expect(r.fit(noisy, side: side) == r.fit(clean, side: side))
    }
  }

  /// At the source's own size an interpolating filter gives the pixels back (transparent ones as transparent
  /// black), whether it filters or takes them as they are; Mitchell, which blurs, changes them.
  @Test(arguments: ResamplingFilter.all)
  func sameSizeKeepsThePixelsWhenTheFilterInterpolates(filter: ResamplingFilter) {
    #expect(filter.interpolates == (filter != .mitchell))
    var g = SplitMix(seed: 7)
    for (w, h) in [(1, 1), (5, 3), (56, 56), (17, 64), (96, 96)] {
      var image = RGBAImage(width: w, height: h)
      for i in stride(from: 0, to: image.pixels.count, by: 4) {
        let r = g.next()
        for c in 0..<4 { image.pixels[i + c] = UInt8(truncatingIfNeeded: r >> (8 * c)) }
        // A fifth transparent (colour kept, to be dropped), a fifth opaque, the rest any alpha.
        switch (r >> 40) % 5 {
        case 0: image.pixels[i + 3] = 0
        case 1: image.pixels[i + 3] = 255
        default: break
        }
      }
      var expected = image
      for i in stride(from: 0, to: expected.pixels.count, by: 4) where expected.pixels[i + 3] == 0 {
        for c in 0..<3 { expected.pixels[i + c] = 0 }
      }
      let resampler = Resampler(filter: filter)
      // Through both filter passes, and as the pipeline asks (taking the pixels as they are where it may).
      var outputs = [
        resampler.resize(Resampler.Premultiplied(image), width: w, height: h),
        resampler.resize(image, width: w, height: h),
      ]
      if w == h { outputs += [resampler.fit(image, side: w)] + resampler.fit(image, sides: [w, w]) }
      for out in outputs {
        #expect(out.width == w && out.height == h)
        // Bytes that differ from the image (counted: the images themselves are too long to print).
        let changed = zip(out.pixels, expected.pixels).count { $0 != $1 }
        if filter.interpolates {
          #expect(changed == 0, "\(w)x\(h)")
        } else if w > 1 || h > 1 {
          #expect(changed > 0, "\(w)x\(h)")
        }
      }
    }
  }

  @Test(arguments: ResamplingFilter.all)
  func constantImagesStayConstant(filter: ResamplingFilter) {
    let image = RGBAImage(
      width: 37, height: 53, pixels: [UInt8]((0..<(37 * 53)).flatMap { _ in [200, 100, 50, 180] as [UInt8] }))
    let out = Resampler(filter: filter).resize(image, width: 11, height: 29)
    for i in stride(from: 0, to: out.pixels.count, by: 4) {
      #expect(Array(out.pixels[i..<(i + 4)]) == [200, 100, 50, 180])
    }
  }

  @Test func checkerboardHalvedIsMidGrey() {
    let side = 64
    var pixels: [UInt8] = []
    for y in 0..<side { for x in 0..<side { let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0; pixels += [v, v, v, 255] } }
    let out = Resampler(filter: .box).resize(
      RGBAImage(width: side, height: side, pixels: pixels), width: 32, height: 32)
    for i in stride(from: 0, to: out.pixels.count, by: 4) {
      #expect((127...128).contains(out.pixels[i]) && out.pixels[i + 3] == 255)
    }
    // Lanczos on the interior too (edges see fewer taps).
    let l = Resampler(filter: .lanczos3).resize(
      RGBAImage(width: side, height: side, pixels: pixels), width: 32, height: 32)
    for y in 4..<28 { for x in 4..<28 { #expect(abs(Int(l.pixels[(y * 32 + x) * 4]) - 128) <= 2) } }
  }

  /// Halves round away from zero (2.5 → 3, 254.5 → 255, alpha 0.5 → 1), as `Float.rounded()` does, whatever the
  /// parity: a 2:1 box average of neighbours one apart lands exactly on a half.
  @Test func halvesRoundAwayFromZero() {
    func average(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
      Resampler(filter: .box).resize(RGBAImage(width: 2, height: 1, pixels: a + b), width: 1, height: 1).pixels
    }
    #expect(average([2, 3, 254, 255], [3, 4, 255, 255]) == [3, 4, 255, 255])
    #expect(average([0, 0, 0, 0], [0, 0, 0, 1]) == [0, 0, 0, 1])
    #expect(average([0, 0, 0, 2], [0, 0, 0, 3]) == [0, 0, 0, 3])
  }

  @Test func nonSquareSourcesAreFittedAndCentred() {
    let wide = RGBAImage(
      width: 40, height: 20, pixels: [UInt8]((0..<800).flatMap { _ in [10, 20, 30, 255] as [UInt8] }))
    let out = Resampler().fit(wide, side: 20)
    #expect(out.width == 20 && out.height == 20)
    // Rows 0-4 and 15-19 are margins, rows 5-14 the image.
    #expect(out[10, 2].a == 0 && out[10, 17].a == 0)
    #expect(out[10, 10] == (10, 20, 30, 255))
  }

  static func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    // Compared premultiplied: the colour of nearly transparent pixels is not visible.
    var sum = 0.0
    for i in stride(from: 0, to: a.pixels.count, by: 4) {
      let aa = Double(a.pixels[i + 3]) / 255
      let ba = Double(b.pixels[i + 3]) / 255
      for c in 0..<3 {
        let d = Double(a.pixels[i + c]) * aa - Double(b.pixels[i + c]) * ba
        sum += d * d
      }
      let d = Double(a.pixels[i + 3]) - Double(b.pixels[i + 3])
      sum += d * d
    }
    let mse = sum / Double(a.pixels.count)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
  }

  /// Sprites of the sample packs against Pillow's premultiplied LANCZOS (build-tools/goldens/lanczos_reference.py).
  @Test(arguments: ["lxh_xiaohaha@2x", "lxh_bengkui@2x", "d_000", "d_047", "d_050"])
  func matchesPillowLanczosWithin40dB(name: String) throws {
    let dir = Support.fixtures.appendingPathComponent("reference")
    let source = try PNGDecoder.decode(try Data(contentsOf: dir.appendingPathComponent("\(name).png"))).image
    for side in [32, 64, 96] {
      let reference = try PNGDecoder.decode(try Data(contentsOf: dir.appendingPathComponent("\(name)-\(side).png")))
        .image
      let ours = Resampler(filter: .lanczos3).fit(source, side: side)
      let db = Self.psnr(ours, reference)
      #expect(db >= 40, "\(name) at \(side): \(db) dB")
    }
  }

  @Test func filterNamesAndAliases() {
    #expect(ResamplingFilter(name: "lanczos")?.id == "lanczos3")
    #expect(ResamplingFilter(name: "bicubic")?.id == "mitchell")
    #expect(ResamplingFilter(name: "Catmull-Rom")?.id == "catmull-rom")
    #expect(ResamplingFilter(name: "area")?.id == "box")
    #expect(ResamplingFilter(name: "nearest") == nil)
  }
}

@Suite struct PackingTests {
  /// Property: random sizes never overlap and stay inside their page, and trial packings on several threads
  /// choose the same layout as on one; `rounds` random sets from a fixed seed.
  static func randomRectangles(rounds: Int) throws {
    var g = SplitMix(seed: 11)
    for round in 0..<rounds {
      let n = 1 + Int(g.next() % 120)
      let items = (0..<n).map {
        PackItem(id: $0, name: "r\($0)", width: 1 + Int(g.next() % 60), height: 1 + Int(g.next() % 60))
      }
      let packer = MaxRectsPacker(maxSide: 128 + Int(g.next() % 200), powerOfTwo: round % 3 == 0)
      let result = try packer.pack(items)
      #expect(result.placements.count == n)
      for jobs in [2, 3] {
        var threaded = packer
        threaded.jobs = jobs
        #expect(try threaded.pack(items) == result, "round \(round), \(jobs) jobs")
      }
      var outside: [Int] = []
      for (p, item) in zip(result.placements, items) {
        let page = result.pages[p.page]
        if p.id != item.id || p.x < 0 || p.y < 0 || p.x + item.width > page.width || p.y + item.height > page.height {
          outside.append(item.id)
        }
      }
      #expect(outside.isEmpty, "round \(round): items \(outside) are misplaced or outside their page")
      let pages = result.pages.filter { $0.width > packer.maxSide || $0.height > packer.maxSide }
      #expect(pages.isEmpty, "round \(round): pages \(pages) over \(packer.maxSide)")
      var overlaps: [(Int, Int)] = []
      for i in 0..<n {
        for j in (i + 1)..<max(n, i + 1) where result.placements[i].page == result.placements[j].page {
          let a = result.placements[i]
          let b = result.placements[j]
          let disjoint =
            a.x + items[i].width <= b.x || b.x + items[j].width <= a.x || a.y + items[i].height <= b.y
            || b.y + items[j].height <= a.y
          if !disjoint { overlaps.append((i, j)) }
        }
      }
      #expect(overlaps.isEmpty, "round \(round): items overlap: \(overlaps.prefix(5))")
    }
  }

  /// Eight random sets (`PackingStressTests` runs forty).
  @Test func randomRectanglesNeverOverlap() throws { try Self.randomRectangles(rounds: 8) }

  static func efficiency(_ layout: ScaleLayout) -> Double {
    let cells = layout.sizes.reduce(0.0) { $0 + Double(($1.width + 2 * layout.ring) * ($1.height + 2 * layout.ring)) }
    let sheets = layout.pages.reduce(0.0) { $0 + Double($1.width * $1.height) }
    return cells / sheets
  }

  /// `count` same-size sprites: 32 points at 3x with a 1-point ring, on sheets of at most 2048 pixels.
  static func uniform(
    _ count: Int, side: Int = 96, ring: Int = 3, maxSide: Int = 2048, powerOfTwo: Bool = false
  )
    throws -> ScaleLayout
  {
    try Atlas.layout(
      sizes: Array(repeating: Size(width: side, height: side), count: count), names: (0..<count).map { "e\($0)" },
      scale: 3, ring: ring, maxSide: maxSide, powerOfTwo: powerOfTwo)
  }

  @Test(arguments: [100, 102, 103, 257, 1000])
  func sameSizeSpritesPackAtLeast95Percent(count: Int) throws {
    let layout = try Self.uniform(count)
    #expect(Self.efficiency(layout) >= 0.95, "\(count): \(Self.efficiency(layout))")
    for page in layout.pages { #expect(page.width <= 2048 && page.height <= 2048) }
  }

  /// Small counts are no worse than the best rectangular grid of cells that fits.
  @Test(arguments: [23, 40, 7, 1])
  func smallCountsMatchTheBestGrid(count: Int) throws {
    let layout = try Self.uniform(count)
    let maxCells = 2048 / 102
    var best = Int.max
    for cols in 1...maxCells {
      let rows = (count + cols - 1) / cols
      if rows <= maxCells { best = min(best, cols * rows) }
    }
    let cells = layout.pages.reduce(0) { $0 + $1.width * $1.height } / (102 * 102)
    #expect(cells <= best)
  }

  /// Items that fit one column within the limit are stacked in one, in their order, touching; too many for a
  /// column, pages rounded to powers of two, or a column with more than an eighth more pixels than the packed
  /// page (one wide item among narrow ones) keep MaxRects.
  @Test func itemsThatFitOneColumnAreStackedInOrder() throws {
    var g = SplitMix(seed: 21)
    let items = (0..<12).map {
      PackItem(id: $0, name: "c\($0)", width: 30 + Int(g.next() % 3), height: 28 + Int(g.next() % 5))
    }
    let column = try MaxRectsPacker(maxSide: 1024).pack(items)
    var y = 0
    for (p, item) in zip(column.placements, items) {
      #expect(p.id == item.id && p.page == 0 && p.x == 0 && p.y == y)
      y += item.height
    }
    #expect(column.pages.count == 1 && column.pages[0] == (32, y))
    let tooTall = try MaxRectsPacker(maxSide: y - 1).pack(items)
    #expect(tooTall.placements.contains { $0.x > 0 })
    let powerOfTwo = try MaxRectsPacker(maxSide: 1024, powerOfTwo: true).pack(items)
    #expect(powerOfTwo.pages.allSatisfy { $0.width & ($0.width - 1) == 0 && $0.height & ($0.height - 1) == 0 })
    let wide = items + [PackItem(id: 12, name: "wide", width: 200, height: 30)]
    let packed = try MaxRectsPacker(maxSide: 1024).pack(wide)
    #expect(packed.pages[0].width * packed.pages[0].height * 9 < 200 * (y + 30) * 8)
    #expect(packed.placements.contains { $0.x > 0 })
  }

  @Test func spillsIntoMorePagesInsteadOfFailing() throws {
    let layout = try Self.uniform(500, side: 64, ring: 2, maxSide: 512)
    #expect(layout.pages.count == 11)  // 512 / 68 = 7 × 7 = 49 cells a page
    #expect(Set(layout.origins.compactMap { $0?.page }) == Set(0..<11))
  }

  @Test func spriteLargerThanTheSheetIsAnError() {
    #expect(throws: PackingError.self) { try Self.uniform(1, side: 192, ring: 3, maxSide: 128) }
  }

  /// Sprites of different sizes (trimmed) are packed without overlap, each inside its page with its ring; empty
  /// sprites get no place.
  @Test func trimmedSizesPackWithoutOverlap() throws {
    var g = SplitMix(seed: 5)
    let sizes = (0..<200).map { i in
      i % 17 == 0 ? Size(width: 0, height: 0) : Size(width: 20 + Int(g.next() % 77), height: 20 + Int(g.next() % 77))
    }
    let layout = try Atlas.layout(
      sizes: sizes, names: sizes.indices.map { "s\($0)" }, scale: 3, ring: 3, maxSide: 1024, powerOfTwo: false)
    var boxes: [(Int, Int, Int, Int, Int)] = []
    for (o, s) in zip(layout.origins, sizes) {
      guard let o else {
        #expect(s.width == 0)
        continue
      }
      let page = layout.pages[o.page]
      #expect(o.x >= 3 && o.y >= 3 && o.x + s.width + 3 <= page.width && o.y + s.height + 3 <= page.height)
      boxes.append((o.page, o.x - 3, o.y - 3, s.width + 6, s.height + 6))
    }
    var overlaps: [(Int, Int)] = []
    for i in boxes.indices {
      for j in boxes.indices where j > i && boxes[i].0 == boxes[j].0 {
        let a = boxes[i]
        let b = boxes[j]
        if !(a.1 + a.3 <= b.1 || b.1 + b.3 <= a.1 || a.2 + a.4 <= b.2 || b.2 + b.4 <= a.2) { overlaps.append((i, j)) }
      }
    }
    #expect(overlaps.isEmpty, "boxes overlap: \(overlaps.prefix(5))")
    #expect(Self.efficiency(layout) > 0.7, "\(Self.efficiency(layout))")
  }

  @Test func paddingHoldsExtrudedEdgePixels() throws {
    let side = 4
    var pixels: [UInt8] = []
    for y in 0..<side { for x in 0..<side { pixels += [UInt8(x * 60), UInt8(y * 60), 7, 255] } }
    let image = RGBAImage(width: side, height: side, pixels: pixels)
    let layout = try Atlas.layout(
      sizes: [Size(width: 4, height: 4)], names: ["a"], scale: 1, ring: 2, maxSide: 64, powerOfTwo: false)
    let sheet = Atlas.draw(layout, images: [image], page: 0)
    #expect(sheet.width == 8 && sheet.height == 8)
    for y in 0..<8 {
      for x in 0..<8 {
        let sx = min(max(x - 2, 0), 3)
        let sy = min(max(y - 2, 0), 3)
        #expect(sheet[x, y] == (UInt8(sx * 60), UInt8(sy * 60), 7, 255), "pixel \(x),\(y)")
      }
    }
  }

  @Test func powerOfTwoRoundsSheetSides() throws {
    let layout = try Self.uniform(5, side: 20, ring: 2, maxSide: 256, powerOfTwo: true)
    for s in layout.pages { #expect(s.width & (s.width - 1) == 0 && s.height & (s.height - 1) == 0) }
  }
}

@Suite struct PremultipliedFormTests {
  @Test func everyRepresentativePremultipliesToTheSameValue() {
    for a in 0...255 {
      for c in 0...255 {
        let (c8, a8) = (UInt8(c), UInt8(a))
        let r = PremultipliedForm.representative(c8, alpha: a8)
        #expect(PremultipliedForm.premultiply(r, alpha: a8) == PremultipliedForm.premultiply(c8, alpha: a8))
        #expect(PremultipliedForm.representative(r, alpha: a8) == r)
        if a == 255 { #expect(r == c8) }
      }
    }
  }

  @Test func opaqueAndTransparentPixelsAreUntouchedAndColoursCollapse() {
    var image = RGBAImage(
      width: 4, height: 1, pixels: [10, 20, 30, 255, 0, 0, 0, 0, 3, 17, 31, 4, 200, 100, 50, 180])
    PremultipliedForm.apply(to: &image)
    #expect(Array(image.pixels[0..<8]) == [10, 20, 30, 255, 0, 0, 0, 0])
    // At alpha 4, straight 3, 17 and 31 premultiply to 0, 0 and 0: one representative.
    #expect(Array(image.pixels[8..<12]) == [0, 0, 0, 4])
    #expect(Array(image.pixels[12..<16]) == [200, 101, 50, 180])
  }
}

extension PremultipliedFormTests {
  /// Neither form wins everywhere: a flat colour with an alpha ramp is smaller exact (one straight colour), the
  /// same ramp with noisy colours smaller in the premultiplied form; `smaller(of:)` keeps whichever is smaller.
  @Test func smallerKeepsTheFormThatCompressesBetter() throws {
    var g = SplitMix(seed: 11)
    var flat: [UInt8] = []
    var noisy: [UInt8] = []
    for y in 0..<64 {
      for x in 0..<64 {
        let a = UInt8((x + y) * 2 % 64 + 1)
        flat += [230, 180, 40, a]
        noisy += [UInt8(truncatingIfNeeded: g.next()), UInt8(truncatingIfNeeded: g.next()), 40, a]
      }
    }
    let flatImage = RGBAImage(width: 64, height: 64, pixels: flat)
    var flatForm = flatImage
    PremultipliedForm.apply(to: &flatForm)
    #expect(flatForm != flatImage)
    #expect(PremultipliedForm.smaller(of: flatImage) == flatImage)
    let noisyImage = RGBAImage(width: 64, height: 64, pixels: noisy)
    var form = noisyImage
    PremultipliedForm.apply(to: &form)
    #expect(form != noisyImage)
    #expect(PremultipliedForm.smaller(of: noisyImage) == form)
  }
}

@Suite struct SheetEncodingTests {
  @Test(arguments: Effort.allCases)
  func fewColoursBecomeAnIndexedLosslessPNG(effort: Effort) throws {
    var pixels: [UInt8] = []
    for i in 0..<(40 * 30) { pixels += i % 3 == 0 ? [255, 0, 0, 255] : i % 3 == 1 ? [0, 0, 255, 128] : [0, 0, 0, 0] }
    let image = RGBAImage(width: 40, height: 30, pixels: pixels)
    let png = try SheetEncoder.encode(image, effort: effort)
    let decoded = try PNGDecoder.decode(png)
    #expect(decoded.image == image)
    if effort == .max {
      // Max also tries truecolour and keeps whichever is smaller.
      #expect(png.count <= (try SheetEncoder.encode(image, effort: .default)).count)
    } else {
      #expect(decoded.header.colorType == .palette && decoded.header.bitDepth == 2)
    }
  }

  @Test func grayBecomesGrayLossless() throws {
    var g = SplitMix(seed: 2)
    var pixels: [UInt8] = []
    for _ in 0..<(50 * 50) { let v = UInt8(truncatingIfNeeded: g.next()); pixels += [v, v, v, 255] }
    let image = RGBAImage(width: 50, height: 50, pixels: pixels)
    let decoded = try PNGDecoder.decode(try SheetEncoder.encode(image, effort: .default))
    #expect(decoded.header.colorType == .gray)
    #expect(decoded.image == image)
    var ga = pixels
    for i in stride(from: 3, to: ga.count, by: 4) { ga[i] = UInt8(truncatingIfNeeded: g.next() | 1) }
    let translucent = RGBAImage(width: 50, height: 50, pixels: ga)
    let d2 = try PNGDecoder.decode(try SheetEncoder.encode(translucent, effort: .fast))
    #expect(d2.header.colorType == .grayAlpha && d2.image == translucent)
  }

  @Test func manyColoursStayRGBAAndLossless() throws {
    let image = Support.generated(5, side: 90)
    for effort in Effort.allCases {
      let png = try SheetEncoder.encode(image, effort: effort)
      #expect(try PNGDecoder.decode(png).image == image)
      #expect(png == (try SheetEncoder.encode(image, effort: effort)))
    }
    let fast = try SheetEncoder.encode(image, effort: .fast).count
    let max = try SheetEncoder.encode(image, effort: .max).count
    #expect(max <= fast)
  }

  /// What each effort promises: fast and default are one libdeflate pass (levels 6 and 10) on unfiltered rows —
  /// but default filters the mixed share of rows wider than 4 KiB — and max keeps the smallest of libdeflate 12
  /// with every filter, zopfli on small sheets, and optipng -o2's zlib trials.
  @Test func effortsUseTheirDocumentedSettings() throws {
    let image = Support.generated(6, side: 120)
    #expect(
      try SheetEncoder.encode(image, effort: .fast)
        == PNGEncoder.encode(image, options: PNGEncodeOptions(compressor: .libdeflate, level: 6, filter: .none)))
    #expect(
      try SheetEncoder.encode(image, effort: .default)
        == PNGEncoder.encode(image, options: PNGEncodeOptions(compressor: .libdeflate, level: 10, filter: .none)))
    // 1,024 pixels of RGBA are exactly 4 KiB a row: still unfiltered. 1,040 are wider: mixed, for default only.
    #expect(Effort.wideRowBytes == 4096)
    for (width, defaultFilter) in [(1024, PNGRowFilter.none), (1040, .mixed)] {
      let strip = Support.strip(count: width / 16, side: 16)
      for (effort, level, filter) in [(Effort.fast, 6, PNGRowFilter.none), (.default, 10, defaultFilter)] {
        let expected = try PNGEncoder.encode(
          strip, options: PNGEncodeOptions(compressor: .libdeflate, level: level, filter: filter))
        #expect(try SheetEncoder.encode(strip, effort: effort) == expected, "\(effort) at width \(width)")
      }
    }
    #expect(Effort.default.singlePassOptions(width: 5000, layout: .grayAlpha).filter == .mixed)
    #expect(Effort.default.singlePassOptions(width: 1024, height: 256, layout: .rgba).level == 10)
    #expect(Effort.default.zopfliOptions(width: 64, height: 64, layout: .rgba) == nil)
    #expect(Effort.max.zopfliOptions(width: 64, height: 64, layout: .rgba)?.compressor == .zopfli)
    #expect(try SheetEncoder.encode(image, effort: .max).count <= Self.smallerOfLibdeflateAndZopfli(image).count)
    #expect(Effort.default.singlePassOptions(width: 2048, layout: .grayAlpha).filter == .none)
    #expect(
      Effort.default.singlePassOptions(width: 5000, layout: .indexed(palette: [0, 0, 0], alpha: [], bitDepth: 8))
        .filter == .none)
    let max = try SheetEncoder.encode(image, effort: .max)
    for filter in PNGRowFilter.allCases {
      let trial = try PNGEncoder.encode(
        image, options: PNGEncodeOptions(compressor: .libdeflate, level: 12, filter: filter))
      #expect(max.count <= trial.count, "\(filter)")
    }
    for filter in [PNGRowFilter.none, .adaptive] {
      for strategy in [PNGStrategy.default, .filtered, .huffmanOnly, .rle] {
        let trial = try PNGEncoder.encode(
          image, options: PNGEncodeOptions(level: 9, strategy: strategy, memLevel: 8, filter: filter))
        #expect(max.count <= trial.count, "zlib \(filter) \(strategy)")
      }
    }
  }

  /// Two passes on a small sheet, libdeflate 12 and zopfli with 5 iterations, both unfiltered: the smaller PNG.
  static func smallerOfLibdeflateAndZopfli(_ image: RGBAImage) throws -> [UInt8] {
    let libdeflate = try PNGEncoder.encode(
      image, options: PNGEncodeOptions(compressor: .libdeflate, level: 12, filter: .none))
    let zopfli = try PNGEncoder.encode(image, options: PNGEncodeOptions(compressor: .zopfli, level: 5, filter: .none))
    return zopfli.count < libdeflate.count ? zopfli : libdeflate
  }

  /// Max keeps zopfli's pass on a small sheet of emoticon art, where it is smaller than libdeflate's best; default
  /// makes no zopfli pass (in page groups every sheet is small).
  ///
  /// Sheets over `Effort.zopfliSheetBytes` raw get no zopfli pass (its cost grows with the bytes).
  @Test func smallSheetsTakeZopflisPassAtMaxWhenSmaller() throws {
    // Weibo's 64-pixel drawings (the weibo-shipped fixture) stacked in a column, as a build lays them out.
    let folder = Support.fixture("packs/weibo-shipped")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix("@2x.png") }.sorted()
    var pixels: [UInt8] = []
    for name in names.prefix(12) {
      let image = try PNGDecoder.decode(Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))).image
      #expect(image.width == 64)
      pixels += image.pixels
    }
    let column = RGBAImage(width: 64, height: pixels.count / 256, pixels: pixels)
    let libdeflate = try PNGEncoder.encode(
      column, options: PNGEncodeOptions(compressor: .libdeflate, level: 12, filter: .none))
    let zopfli = try PNGEncoder.encode(column, options: PNGEncodeOptions(compressor: .zopfli, level: 5, filter: .none))
    #expect(zopfli.count < libdeflate.count, "zopfli \(zopfli.count), libdeflate \(libdeflate.count)")
    #expect(try PNGDecoder.decode(zopfli).image == column)
    #expect(try SheetEncoder.encode(column, effort: .default).count > zopfli.count)
    #expect(try SheetEncoder.encode(column, effort: .max).count <= zopfli.count)
    #expect(Effort.zopfliSheetBytes == 1 << 19)
    #expect(Effort.default.zopfliOptions(width: 256, height: 512, layout: .rgba) == nil)
    #expect(Effort.max.zopfliOptions(width: 256, height: 512, layout: .rgba)?.level == 15)
    #expect(Effort.max.zopfliOptions(width: 256, height: 513, layout: .rgba) == nil)
    #expect(Effort.fast.zopfliOptions(width: 8, height: 8, layout: .rgba) == nil)
    // Bad settings are refused by the shim, not passed to zopfli.
    #expect(throws: PNGError.self) {
      try PNGEncoder.encode(column, options: PNGEncodeOptions(compressor: .zopfli, level: 0, filter: .none))
    }
  }

  /// Sheets drawn by a build carry a spare byte before each row; encoding them in place gives the same PNG as
  /// encoding the same pixels from a plain array.
  @Test(arguments: Effort.allCases, [false, true])
  func rowsWithFilterSlotsEncodeLikeAPlainImage(effort: Effort, wide: Bool) throws {
    // A wide strip takes default's mixed filter, which filters the chosen rows where they lie, bottom up; 64 rows
    // make it choose neighbouring rows, so filtering top down (against an already filtered row) would show.
    let image = wide ? Support.strip(count: 17, side: 64) : Support.generated(7, side: 64)
    var rows = [UInt8](repeating: 0xAB, count: image.height * (image.width * 4 + 1))
    for y in 0..<image.height {
      for x in 0..<(image.width * 4) { rows[y * (image.width * 4 + 1) + 1 + x] = image.pixels[y * image.width * 4 + x] }
    }
    let inPlace = try rows.withUnsafeMutableBufferPointer { buffer in
      try SheetEncoder.encode(
        rows: UnsafePointer(buffer.baseAddress! + 1), rowStride: image.width * 4 + 1, filterSlots: true,
        width: image.width, height: image.height, effort: effort)
    }
    #expect(inPlace == (try SheetEncoder.encode(image, effort: effort)))
  }
}

/// The packer's property tests at length.
@Suite(.tags(.stress), .stressOnly) struct PackingStressTests {
  /// Forty random sets.
  @Test func randomRectanglesNeverOverlap() throws { try PackingTests.randomRectangles(rounds: 24) }

  /// 3,926 same-size sprites (two full 2048-pixel pages and more) still pack at 95%.
  @Test func manySameSizeSpritesPackAtLeast95Percent() throws {
    try PackingTests().sameSizeSpritesPackAtLeast95Percent(count: 3926)
  }
}
