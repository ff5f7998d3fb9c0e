import EmoImage
import EmoPNG
import EmoPack
import EmoPackCompiler
import EmoPackFormat
import EmoPackSprites
import EmoWebP
import Foundation
import TestSupport
import Testing

/// What ships is only what the app needs — trimmed sprites placed back exactly, a palette mode held to
/// its SSIM floor, scale drawings used as drawn, the cache outside the output folder.
@Suite struct CompactOutputTests {
  static func build(_ pack: String, _ edit: (inout BuildOptions) -> Void = { _ in }) throws -> (BuildReport, String) {
    try Support.build(pack, label: "compact-out", edit)
  }

  static func bytes(_ folder: String) throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: folder).reduce(0) {
      $0 + (try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $1)).count)
    }
  }

  /// A pack without images (emoji only) writes its `.pack` and no sheet.
  ///
  /// A pack whose images have no visible pixel keeps one blank 1 × 1 page a scale, which its placements name.
  /// Both verify, sheets and all.
  @Test func emojiOnlyPacksWriteNoSheets() throws {
    let dir = Support.tempDir("emoji-only") + "/e"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try
      #"{"id": "e", "version": "1", "scales": [1, 2, 3], "emoticons": [{"emoji": "1F600"}, {"emoji": "2764 FE0F", "tags": ["[心]"]}]}"#
      .write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    let (report, out) = try Self.build(dir)
    #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["e.pack"])
    #expect(report.packs.first?.sheets.isEmpty == true)
    let reader = try PackFileReader(contentsOf: out + "/e.pack")
    try reader.verify()
    #expect(reader.sheetCount == 0 && reader.entryCount == 2)
    #expect(PackInspector.verifySheets([], folder: out).isEmpty)
    let catalog = Catalog(packs: [reader])
    #expect(
      Tokenizer(catalog: catalog).tokenize("😀[心]").map(\.kind) == [
        .emoji(EmoticonRef(pack: 0, entry: 0)), .emoticon(EmoticonRef(pack: 0, entry: 1)),
      ])
    #expect(throws: SpriteError.self) {
      try SpriteSheets(catalog: catalog, folders: [out]).sprite(of: EmoticonRef(pack: 0, entry: 0), scale: 2)
    }

    // Images, every pixel transparent: a blank page a scale.
    let blank = Support.tempDir("blank") + "/b"
    try FileManager.default.createDirectory(atPath: blank, withIntermediateDirectories: true)
    try Support.writePNG(
      RGBAImage(width: 48, height: 48, pixels: [UInt8](repeating: 0, count: 48 * 48 * 4)), to: blank + "/x.png")
    try
      #"{"id": "b", "version": "1", "size": 16, "scales": [1, 2], "emoticons": [{"image": "x.png", "tags": ["[x]"]}]}"#
      .write(toFile: blank + "/pack.json", atomically: true, encoding: .utf8)
    let (blankReport, blankOut) = try Self.build(blank)
    let sheets = try #require(blankReport.packs.first?.sheets)
    #expect(sheets.count == 2)
    let blankReader = try PackFileReader(contentsOf: blankOut + "/b.pack")
    try blankReader.verify()
    #expect(try blankReader.sheets().map { "\($0.width)x\($0.height)" } == ["1x1", "1x1"])
    #expect(PackInspector.verifySheets(try blankReader.sheets(), folder: blankOut).isEmpty)
  }

  /// A blob of random colours inside a random sub-rectangle of a transparent `side` square (an edge may touch
  /// the square's edge), with soft alpha at its border.
  static func margined(_ seed: Int, side: Int) -> RGBAImage {
    var g = SplitMix(seed: UInt64(seed) &+ 77)
    let x0 = Int(g.next() % UInt64(side / 3))
    let y0 = seed % 5 == 0 ? 0 : Int(g.next() % UInt64(side / 3))
    let x1 = seed % 3 == 0 ? side : side - Int(g.next() % UInt64(side / 3))
    let y1 = side - Int(g.next() % UInt64(side / 4))
    var pixels = [UInt8](repeating: 0, count: side * side * 4)
    for y in y0..<y1 {
      for x in x0..<x1 {
        let i = (y * side + x) * 4
        let edge = x == x0 || y == y0 || x == x1 - 1 || y == y1 - 1
        pixels[i] = UInt8(truncatingIfNeeded: g.next())
        pixels[i + 1] = UInt8(truncatingIfNeeded: g.next())
        pixels[i + 2] = UInt8((x * 7 + y * 3) % 256)
        pixels[i + 3] = edge ? UInt8(1 + g.next() % 200) : 255
      }
    }
    return RGBAImage(width: side, height: side, pixels: pixels)
  }

  /// A pack whose every entry ships a drawing per scale (`eN.png` at 16 px, `eN@2x.png` at 32 px) with
  /// transparent margins, and one fully transparent image.
  static func marginPack(count: Int = 9) throws -> (folder: String, images: [[RGBAImage]]) {
    let dir = Support.tempDir("margins") + "/margins"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var entries: [String] = []
    var images: [[RGBAImage]] = []
    for i in 0..<count {
      let set =
        i == count - 1
        ? [16, 32].map { RGBAImage(width: $0, height: $0, pixels: [UInt8](repeating: 0, count: $0 * $0 * 4)) }
        : [margined(i, side: 16), margined(i + 100, side: 32)]
      try Support.writePNG(set[0], to: "\(dir)/e\(i).png")
      try Support.writePNG(set[1], to: "\(dir)/e\(i)@2x.png")
      images.append(set)
      entries.append(#"{"image": "e\#(i)@2x.png", "tags": ["[e\#(i)]"]}"#)
    }
    let json =
      #"{"id": "margins", "size": 16, "scales": [1, 2], "emoticons": [\#(entries.joined(separator: ",\n"))]}"#
    try json.write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    return (dir, images)
  }

  /// The visible bounding box (alpha > 0) of `image`, written out here rather than taken from the build.
  static func visibleBox(_ image: RGBAImage) -> (x: Int, y: Int, w: Int, h: Int)? {
    var box: (Int, Int, Int, Int)?
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y].a > 0 {
        if let (x0, y0, x1, y1) = box {
          box = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
        } else {
          box = (x, y, x, y)
        }
      }
    }
    return box.map { ($0.0, $0.1, $0.2 - $0.0 + 1, $0.3 - $0.1 + 1) }
  }

  @Test func trimmedSpritesRoundTripExactlyThroughTheRuntime() throws {
    let (pack, images) = try Self.marginPack()
    let (report, out) = try Self.build(pack) {
      $0.exactColors = true
      $0.trim = .always
    }
    #expect(report.packs[0].sheets.map(\.scale) == [1, 2])
    let reader = try PackFileReader(contentsOf: out + "/margins.pack")
    try reader.verify()
    #expect(reader.trimmed && reader.formatMajor == 2)
    let catalog = try Catalog(paths: [out + "/margins.pack"])
    let sheets = SpriteSheets(catalog: catalog)
    for (i, set) in images.enumerated() {
      let ref = try #require(catalog.lookup(tag: "[e\(i)]"))
      for (k, scale) in [1, 2].enumerated() {
        // Every drawing is used as drawn (its size is exactly 16 × scale), so the runtime gives its pixels back.
        let same = try sheets.pixels(of: ref, scale: scale) == set[k]
        #expect(same, "[e\(i)] at \(scale)x: the runtime's pixels differ from the drawing")
        let location = try catalog.sprite(ref, scale: scale)
        if let box = Self.visibleBox(set[k]) {
          #expect(
            (location.left, location.top, location.width, location.height) == (box.x, box.y, box.w, box.h),
            "[e\(i)] at \(scale)x: rectangle is the visible box")
        } else {
          #expect(location.width == 0 && location.height == 0)
        }
      }
    }
    // Trimming stores fewer sheet pixels than whole squares would.
    let (untrimmed, untrimmedOut) = try Self.build(pack) {
      $0.exactColors = true
      $0.trim = .never
    }
    let pixels = { (r: BuildReport) in r.packs[0].sheets.reduce(0) { $0 + $1.width * $1.height } }
    #expect(pixels(report) < pixels(untrimmed))
    #expect(try !PackFileReader(contentsOf: untrimmedOut + "/margins.pack").trimmed)
  }

  @Test func trimmedEdgesKeepATransparentRingAndSquareEdgesAreExtruded() throws {
    let side = 8
    var pixels = [UInt8](repeating: 0, count: side * side * 4)
    // Visible columns 0...4 (touching the square's left edge), rows 2...5 (trimmed above and below).
    for y in 2...5 {
      for x in 0...4 {
        pixels.replaceSubrange(((y * side + x) * 4)..<((y * side + x) * 4 + 4), with: [200, 10, 10, 255])
      }
    }
    let trimmed = Trimmer.trim(RGBAImage(width: side, height: side, pixels: pixels))
    #expect((trimmed.left, trimmed.top, trimmed.image.width, trimmed.image.height) == (0, 2, 5, 4))
    let layout = try Atlas.layout(
      sizes: [Size(width: 5, height: 4)], names: ["a"], scale: 1, ring: 1, maxSide: 64, powerOfTwo: false)
    var sheet = [UInt8](repeating: 0, count: 7 * 6 * 4)
    sheet.withUnsafeMutableBufferPointer {
      Atlas.drawSprite(
        trimmed.image, x: 1, y: 1, ring: 1, extrude: Atlas.Extrusion(trimmed, side: side), into: $0.baseAddress!,
        rowStride: 7 * 4)
    }
    #expect(layout.pages == [Size(width: 7, height: 6)])
    let image = RGBAImage(width: 7, height: 6, pixels: sheet)
    #expect(image[0, 2].a == 255)  // left edge is the square's: extruded
    #expect(image[6, 2].a == 0 && image[3, 0].a == 0 && image[3, 5].a == 0)  // trimmed sides: transparent
  }

  /// By default a scale is trimmed only where that saves 15% of its sprite pixels (rings included): 32-pixel
  /// squares with a transparent border of 1 pixel would save 11% (kept whole), with 4 pixels 42% (trimmed).
  @Test(arguments: [(1, false), (4, true)]) func autoTrimsWhereItPays(border: Int, trimmed: Bool) throws {
    let dir = Support.tempDir("auto") + "/auto"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var entries: [String] = []
    for i in 0..<6 {
      var pixels = [UInt8](repeating: 0, count: 32 * 32 * 4)
      for y in border..<(32 - border) {
        for x in border..<(32 - border) {
          pixels.replaceSubrange(
            ((y * 32 + x) * 4)..<((y * 32 + x) * 4 + 4), with: [UInt8(i * 40), UInt8(x * 8), 9, 255])
        }
      }
      try Support.writePNG(RGBAImage(width: 32, height: 32, pixels: pixels), to: "\(dir)/e\(i).png")
      entries.append(#"{"image": "e\#(i).png", "tags": ["[e\#(i)]"]}"#)
    }
    try #"{"id": "auto", "size": 32, "scales": [1], "emoticons": [\#(entries.joined(separator: ","))]}"#.write(
      toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    let (_, out) = try Self.build(dir)
    let reader = try PackFileReader(contentsOf: out + "/auto.pack")
    #expect(reader.trimmed == trimmed)
    let p = try reader.placement(ofImage: 0, scaleIndex: 0)
    #expect(trimmed ? (p.left, p.width) == (border, 32 - 2 * border) : (p.left, p.width) == (0, 32))
  }

  @Test func trimmingThresholdCutsFaintBorders() {
    var pixels = [UInt8](repeating: 0, count: 4 * 4 * 4)
    pixels[3] = 10  // (0, 0) faint
    pixels[(2 * 4 + 2) * 4 + 3] = 255  // (2, 2) solid
    let image = RGBAImage(width: 4, height: 4, pixels: pixels)
    let all = Trimmer.trim(image)
    #expect((all.left, all.top, all.image.width, all.image.height) == (0, 0, 3, 3))
    let cut = Trimmer.trim(image, alphaThreshold: 10)
    #expect((cut.left, cut.top, cut.image.width, cut.image.height) == (2, 2, 1, 1))
    let none = Trimmer.trim(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 0, count: 64)))
    #expect(none.image.width == 0 && none.image.height == 0)
    #expect(Trimmer.placeBack(all, side: 4) == image)
  }

  /// The Weibo pack as Weibo ships it (`name.png` 32 px and `name@2x.png` 64 px, each through `optipng -o2`;
  /// `artgen.py weibo-shipped`): 1x and 2x only, the 1x sprites as drawn, and the bytes against the sources.
  @Test func weiboShippedPackAgainstItsSources() throws {
    let pack = Support.fixture("packs/weibo-shipped")
    let sources = try FileManager.default.contentsOfDirectory(atPath: pack).filter { $0.hasSuffix(".png") }.reduce(0) {
      $0 + (try Data(contentsOf: URL(fileURLWithPath: pack + "/" + $1)).count)
    }
    let (lossless, losslessOut) = try Self.build(pack) { $0.effort = .default }
    #expect(lossless.packs[0].sheets.map(\.scale) == [1, 2])
    // What ships, the .pack and its sheets, is within a few per cent of the optimised source PNGs at the default
    // effort, and no more than them at max (zopfli's pass).
    let output = try Self.bytes(losslessOut)
    #expect(Double(output) <= 1.06 * Double(sources), "lossless output \(output) bytes, sources \(sources)")
    let (_, maxOut) = try Self.build(pack) { $0.effort = .max }
    #expect(try Self.bytes(maxOut) <= sources, "max effort output, sources \(sources)")
    // Each scale's sprites fit one column, so each sheet is one sprite wide.
    let reader = try PackFileReader(contentsOf: losslessOut + "/shipped.pack")
    for sheet in try reader.sheets() {
      #expect(sheet.width <= 34 * sheet.scale && sheet.height > 20 * 32 * sheet.scale, "\(sheet.fileName)")
    }
    let (palette, paletteOut) = try Self.build(pack) {
      $0.effort = .default
      $0.lossy = true
    }
    #expect(palette.packs[0].sheets.allSatisfy { $0.lossy })
    let shipped = try Self.bytes(paletteOut)
    #expect(shipped * 2 <= sources, "palette output \(shipped) bytes, sources \(sources)")
    // The 1x sprite of an entry is its 1x drawing, trimmed, not a resampling of the 2x one.
    let catalog = try Catalog(paths: [losslessOut + "/shipped.pack"])
    let drawn = try PNGDecoder.decode(Data(contentsOf: URL(fileURLWithPath: pack + "/ws_xiaohaha.png"))).image
    let ref = try #require(catalog.lookup(tag: "[笑哈哈]"))
    let got = try SpriteSheets(catalog: catalog).pixels(of: ref, scale: 1, premultiplied: true)
    let same = got == Self.premultiplied(drawn)
    #expect(same, "the 1x sprite is not the 1x drawing")
  }

  static func premultiplied(_ image: RGBAImage) -> RGBAImage {
    var p = image.pixels
    for i in stride(from: 0, to: p.count, by: 4) {
      let a = UInt32(p[i + 3])
      for c in 0..<3 { p[i + c] = UInt8((UInt32(p[i + c]) * a + 127) / 255) }
    }
    return RGBAImage(width: image.width, height: image.height, pixels: p)
  }

  @Test func paletteSheetsAreIndexedWithNothingUnderZeroAlpha() throws {
    let (report, out) = try Self.build(Support.fixture("packs/weibo-shipped")) { $0.lossy = true }
    #expect(try PackFileReader(contentsOf: out + "/shipped.pack").palette)
    for sheet in report.packs[0].sheets {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/" + sheet.file)))
      #expect(bytes[25] == 3, "\(sheet.file) is colour type \(bytes[25]), not indexed")
      let image = try PNGDecoder.decode(bytes).image
      var colors = Set<UInt32>()
      for y in 0..<image.height {
        for x in 0..<image.width {
          let p = image[x, y]
          if p.a == 0 { #expect(p.r == 0 && p.g == 0 && p.b == 0, "\(sheet.file) \(x),\(y) hides a colour") }
          colors.insert(UInt32(p.r) << 24 | UInt32(p.g) << 16 | UInt32(p.b) << 8 | UInt32(p.a))
        }
      }
      #expect(colors.count <= 256)
    }
  }

  /// Every sprite of a palette build keeps the floor, measured through the runtime on both builds; a floor no
  /// palette can hold keeps every sheet lossless, says so, and gives the lossless bytes.
  @Test func ssimFloorIsHeldOrTheSheetStaysLossless() throws {
    let pack = Support.fixture("packs/weibo-shipped")
    let (_, losslessOut) = try Self.build(pack)
    let (_, paletteOut) = try Self.build(pack) { $0.lossy = true }
    let a = try Catalog(paths: [losslessOut + "/shipped.pack"])
    let b = try Catalog(paths: [paletteOut + "/shipped.pack"])
    let sa = SpriteSheets(catalog: a)
    let sb = SpriteSheets(catalog: b)
    var worst = 1.0
    for ref in a.categories[0].emoticons {
      for scale in [1, 2] {
        worst = min(worst, SSIM.compare(try sa.pixels(of: ref, scale: scale), try sb.pixels(of: ref, scale: scale)))
      }
    }
    #expect(worst >= PackSettings().ssimFloor, "worst sprite SSIM \(worst)")
    let (strict, strictOut) = try Self.build(pack) {
      $0.lossy = true
      $0.ssimFloor = 1.0
    }
    #expect(strict.packs[0].sheets.allSatisfy { !$0.lossy })
    #expect(strict.diagnostics.filter { $0.code == .lossySetApart }.count == 2)
    #expect(try !PackFileReader(contentsOf: strictOut + "/shipped.pack").palette)
    #expect(try FolderSnapshot.contents(strictOut) == FolderSnapshot.contents(losslessOut))
  }

  /// A sprite set apart is named with its SSIM, in figures that compare as the build did: the floor as given
  /// (0.995, not rounded to 0.99) and the sprite's SSIM cut, never rounded, to four places.
  @Test func aSetApartNoteNamesEachSpriteWithAnSSIMUnderTheFloor() throws {
    let (report, _) = try Self.build(try Self.relayoutPack(colors: 0, spread: 40, maxSide: 256)) {
      $0.lossy = true
      $0.ssimFloor = 0.995
    }
    let notes = report.diagnostics.filter { $0.code == .lossySetApart }.map(\.message)
    #expect(notes.count == 1)
    for note in notes {
      #expect(note.contains("SSIM floor of 0.995"), "\(note)")
      let figures = note.components(separatedBy: "(SSIM ").dropFirst().compactMap { Double($0.prefix { $0 != ")" }) }
      #expect(!figures.isEmpty && figures.allSatisfy { $0 < 0.995 }, "\(note)")
    }
    let apart = report.packs[0].sheets.flatMap(\.apart)
    #expect(!apart.isEmpty && apart.allSatisfy { $0.sprite.hasPrefix("e") && $0.sprite.hasSuffix(".png") && $0.ssim < 0.995 })
  }

  /// 16 sprites of 32 px at one scale on pages of at most `maxSide`, each of random colours: from a palette of
  /// `colors` random ones, or (`colors` 0) within `spread` of a colour of its own; every `noisyEvery`-th sprite
  /// (0: none) within ±3 of a colour of its own whatever the others.
  static func relayoutPack(
    colors: Int, spread: Int = 0, noisyEvery: Int = 0, noiseAll: Bool = false, maxSide: Int
  ) throws -> String {
    let dir = Support.tempDir("relayout") + "/relayout"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var g = SplitMix(seed: UInt64(colors * 100 + spread))
    var entries: [String] = []
    for i in 0..<16 {
      // Every `noisyEvery`-th sprite: one colour with every channel moved by up to ±3, over 256 colours.
      let noisy = noisyEvery > 0 && i % noisyEvery == 0
      let (n, d) = noisy ? (1, 3) : (max(colors, 1), spread)
      let own = (0..<n).map { _ in (0..<3).map { _ in UInt8(40 + g.next() % 176) } }
      var pixels: [UInt8] = []
      for _ in 0..<(32 * 32) {
        let base = own[Int(g.next() % UInt64(own.count))]
        if noisy && noiseAll {
          // Noise over the whole colour cube: no palette of 256 holds it.
          pixels += (0..<3).map { _ in UInt8(g.next() % 256) }
        } else {
          pixels += base.map { UInt8(Int($0) + (d == 0 ? 0 : Int(g.next() % UInt64(2 * d + 1)) - d)) }
        }
        pixels.append(255)
      }
      try Support.writePNG(RGBAImage(width: 32, height: 32, pixels: pixels), to: "\(dir)/e\(i).png")
      entries.append(#"{"image": "e\#(i).png", "tags": ["[e\#(i)]"]}"#)
    }
    let json =
      #"{"id": "relayout", "size": 32, "scales": [1], "sheet": {"maxSide": \#(maxSide)}, "emoticons": [\#(entries.joined(separator: ",\n"))]}"#
    try json.write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    return dir
  }

  /// One sprite no palette holds at a floor of 0.9999 (colour noise over the whole cube) is set apart, losslessly,
  /// and named; the fifteen others (one colour each) keep an indexed sheet of their page group, and every sprite
  /// reads back at the floor or better.
  @Test func aPackWithOneImpossibleSpriteKeepsTheOthersLossy() throws {
    let pack = try Self.relayoutPack(colors: 1, noisyEvery: 16, noiseAll: true, maxSide: 256)
    let (_, losslessOut) = try Self.build(pack)
    let (report, lossyOut) = try Self.build(pack) {
      $0.lossy = true
      $0.ssimFloor = 0.9999
    }
    let sheets = report.packs[0].sheets
    let shared = sheets.filter { !$0.setApart }
    let apart = sheets.filter(\.setApart)
    #expect(shared.count == 1 && shared[0].sprites == 15, "\(sheets)")
    // Their fifteen colours now fit a palette exactly: the sheet is indexed as it is.
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: lossyOut + "/" + shared[0].file)))
    #expect(try PNGDecoder.header(of: bytes).colorType == .palette)
    #expect(apart.count == 1 && !apart[0].lossy && apart[0].sprites == 1 && apart[0].apart.map(\.sprite) == ["e0.png"])
    let ssim = try PaletteSetApartTests.spriteSSIM(lossyOut, losslessOut, id: "relayout")
    #expect(ssim.count == 16 && ssim.allSatisfy { $0 >= 0.9999 }, "\(ssim)")
    #expect(report.diagnostics.filter { $0.code == .lossySetApart }.map { $0.message.contains("e0.png (SSIM ") } == [true])
  }

  @Test(arguments: ["lossless", "untrimmed", "palette", "threshold"])
  func everyModeIsDeterministic(mode: String) throws {
    let (pack, _) = try Self.marginPack(count: 6)
    let edit: (inout BuildOptions) -> Void = { o in
      switch mode {
      case "untrimmed": o.trim = .never
      case "palette": o.lossy = true
      case "threshold": o.trimAlpha = 100
      default: break
      }
    }
    let (_, first) = try Self.build(pack, edit)
    let (_, second) = try Self.build(pack) { o in
      edit(&o)
      o.jobs = 1
    }
    #expect(try FolderSnapshot.contents(first) == FolderSnapshot.contents(second))
  }

  @Test func outputFolderHoldsOnlyThePackAndItsSheets() throws {
    let out = Support.tempDir("only-ships")
    let root = Support.tempDir("cache-root")
    var o = BuildOptions(outputDirectory: out)
    o.effort = .fast
    // The default cache folder, under a root the test chooses.
    o.cacheDirectory = CacheLocation.folder(forOutput: out, environment: ["EMOPACK_CACHE_DIR": root])
    // An earlier version's cache inside the output folder is removed (it can be rebuilt).
    try FileManager.default.createDirectory(atPath: out + "/.emopack-cache/sprites", withIntermediateDirectories: true)
    let report = try PackBuilder(options: o).build(paths: [try Support.makePack(count: 3)])
    let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    #expect(
      names
        == ([report.packs[0].packFile] + report.packs[0].sheets.map { out + "/" + $0.file }).map {
          ($0 as NSString).lastPathComponent
        }.sorted())
    #expect(FileManager.default.fileExists(atPath: o.cacheDirectory! + "/gen.key"))
  }

  @Test func cacheLocationFollowsTheEnvironmentAndSeparatesOutputs() {
    let env = ["HOME": "/home/u"]
    #expect(CacheLocation.root(environment: env) == "/home/u/.cache/emopack")
    #expect(CacheLocation.root(environment: ["HOME": "/home/u", "XDG_CACHE_HOME": "/x"]) == "/x/emopack")
    #expect(CacheLocation.root(environment: ["EMOPACK_CACHE_DIR": "/c", "HOME": "/home/u"]) == "/c")
    let a = CacheLocation.folder(forOutput: "/p/build/emopack", environment: env)
    let b = CacheLocation.folder(forOutput: "/q/build/emopack", environment: env)
    #expect(a != b && a.hasPrefix("/home/u/.cache/emopack/emopack-") && !a.hasPrefix("/p/"))
    #expect(CacheLocation.folder(forOutput: "/p/build/./emopack", environment: env) == a)
  }
}

@Suite struct SSIMTests {
  static func flat(_ v: UInt8, alpha: UInt8 = 255, side: Int = 8) -> RGBAImage {
    RGBAImage(width: side, height: side, pixels: Array([v, v, v, alpha].repeated(side * side)))
  }

  @Test func identicalImagesScoreOne() {
    let image = CompactOutputTests.margined(3, side: 24)
    #expect(SSIM.compare(image, image) == 1)
  }

  /// One 8 × 8 window of constant colour: each of R, G, B scores (2ab + C1) / (a² + b² + C1), alpha 1.
  @Test func constantWindowsFollowTheFormula() {
    let c1 = (0.01 * 255) * (0.01 * 255)
    let expected = (3 * ((2 * 100.0 * 110 + c1) / (100.0 * 100 + 110 * 110 + c1)) + 1) / 4
    #expect(abs(SSIM.compare(Self.flat(100), Self.flat(110)) - expected) < 1e-12)
  }

  /// Windows fully transparent in the reference are skipped, whatever the candidate holds there.
  @Test func transparentWindowsAreSkipped() {
    var reference = Self.flat(0, alpha: 0, side: 16)
    var candidate = Self.flat(200, alpha: 255, side: 16)
    for y in 0..<8 {
      for x in 0..<8 {
        let i = (y * 16 + x) * 4
        reference.pixels.replaceSubrange(i..<(i + 4), with: [50, 60, 70, 255])
        candidate.pixels.replaceSubrange(i..<(i + 4), with: [50, 60, 70, 255])
      }
    }
    // Windows at x, y in {0, 4, 8}: only (0, 0) is fully visible; (4, 0), (0, 4), (4, 4) overlap the visible
    // quarter and differ; the five others are transparent in the reference and skipped.
    let s = SSIM.compare(reference, candidate)
    #expect(s < 1 && s > 0)
    #expect(SSIM.compare(Self.flat(0, alpha: 0, side: 16), Self.flat(255, side: 16)) == 1)
  }

  /// Sprites smaller than a window get one window of their size.
  @Test func smallSpritesGetOneWindow() {
    #expect(SSIM.compare(Self.flat(100, side: 3), Self.flat(100, side: 3)) == 1)
    #expect(SSIM.compare(Self.flat(100, side: 3), Self.flat(140, side: 3)) < 1)
  }

  /// Straight input is compared premultiplied: colours under zero alpha do not count.
  @Test func colourUnderZeroAlphaIsInvisible() {
    #expect(SSIM.compare(Self.flat(10, alpha: 0), Self.flat(250, alpha: 0)) == 1)
  }
}

@Suite struct PaletteQuantizerTests {
  /// Weighted rounds do not overflow: `width`×`height` noisy pixels, every one weighted 64 times by the third
  /// palette, and no palette holds the floor of 1.
  ///
  /// On a sheet whose sprites keep missing the floor, the weighted histogram's sums squared once overflowed 64 bits
  /// (a trap) at 200,000 such pixels; `PaletteQuantizerStressTests` runs that size.
  static func weightedRounds(width w: Int, height h: Int, levels mask: UInt8 = 0xFF) {
    var g = SplitMix(seed: 3)
    let pixels = (0..<(w * h * 4)).map { i in i % 4 == 3 ? UInt8(255) : UInt8(truncatingIfNeeded: g.next()) & mask }
    let result = pixels.withUnsafeBufferPointer {
      PaletteQuantizer(ssimFloor: 1).quantize(
        rows: $0.baseAddress!, rowStride: w * 4, width: w, height: h,
        sprites: [PixelRect(x: 0, y: 0, width: w, height: h)])
    }
    #expect(result.image == nil && !result.outcome.accepted && result.outcome.minimumSSIM < 1)
  }

  @Test func weightedRoundsDoNotOverflow() { Self.weightedRounds(width: 120, height: 105) }

  /// Without error diffusion every pixel takes a nearest palette entry: checked against every colour the result
  /// uses (a pixel's nearest entry is among them, since that pixel uses it), by the weighted distance restated.
  @Test func undiffusedPixelsTakeTheNearestEntry() throws {
    var g = SplitMix(seed: 11)
    let (w, h) = (64, 48)
    let pixels = (0..<(w * h * 4)).map { i in i % 4 == 3 ? UInt8(255) : UInt8(truncatingIfNeeded: g.next()) }
    var q = PaletteQuantizer(ssimFloor: 0)
    q.ditherStrengths = [0]
    let result = pixels.withUnsafeBufferPointer {
      q.quantize(
        rows: $0.baseAddress!, rowStride: w * 4, width: w, height: h,
        sprites: [PixelRect(x: 0, y: 0, width: w, height: h)])
    }
    let image = try #require(result.image)
    let used = Set(stride(from: 0, to: image.pixels.count, by: 4).map { Array(image.pixels[$0..<($0 + 3)]) })
    #expect(used.count > 200 && used.count <= 256)
    func distance(_ a: ArraySlice<UInt8>, _ b: [UInt8]) -> Int {
      zip([4, 5, 3], zip(a, b)).reduce(0) { $0 + $1.0 * (Int($1.1.0) - Int($1.1.1)) * (Int($1.1.0) - Int($1.1.1)) }
    }
    var wrong = 0
    for i in stride(from: 0, to: pixels.count, by: 4) {
      let best = used.map { distance(pixels[i..<(i + 3)], $0) }.min()!
      if distance(pixels[i..<(i + 3)], Array(image.pixels[i..<(i + 3)])) != best { wrong += 1 }
    }
    #expect(wrong == 0, "\(wrong) of \(w * h) pixels not at a nearest entry")
  }

  @Test func fewColoursStayExact() {
    let image = Support.strip(count: 1, side: 4)
    let result = image.pixels.withUnsafeBufferPointer {
      PaletteQuantizer().quantize(
        rows: $0.baseAddress!, rowStride: image.width * 4, width: image.width, height: image.height,
        sprites: [PixelRect(x: 0, y: 0, width: 4, height: 4)])
    }
    #expect(result.image == nil && result.outcome.exact && !result.outcome.accepted)
  }

  @Test func manyColoursBecomeAtMost256AndTransparentStaysTransparent() throws {
    let image = Support.strip(count: 12, side: 40)
    let rects = (0..<12).map { PixelRect(x: $0 * 40, y: 0, width: 40, height: 40) }
    let result = image.pixels.withUnsafeBufferPointer {
      PaletteQuantizer(ssimFloor: 0).quantize(
        rows: $0.baseAddress!, rowStride: image.width * 4, width: image.width, height: image.height, sprites: rects)
    }
    let q = try #require(result.image)
    var colors = Set<[UInt8]>()
    for i in stride(from: 0, to: q.pixels.count, by: 4) {
      colors.insert(Array(q.pixels[i..<(i + 4)]))
      if image.pixels[i + 3] == 0 { #expect(q.pixels[i..<(i + 4)] == [0, 0, 0, 0]) }
    }
    #expect(colors.count <= 256 && result.outcome.accepted && result.outcome.minimumSSIM > 0.9)
  }
}

extension Array {
  fileprivate func repeated(_ n: Int) -> [Element] { (0..<n).flatMap { _ in self } }
}

/// The quantizer at the size that once overflowed.
@Suite(.tags(.stress), .stressOnly) struct PaletteQuantizerStressTests {
  /// 480×420 noisy pixels (201,600), every one weighted 64 times.
  ///
  /// Sixteen levels a channel (4,096 colours) keep
  /// the k-means refinement short; the weighted sums, where the overflow was, are as large as with every colour.
  @Test func weightedRoundsDoNotOverflowOnTwoHundredThousandPixels() {
    PaletteQuantizerTests.weightedRounds(width: 480, height: 420, levels: 0xF0)
  }
}

/// The lossy mode degrades per sprite: on the Weibo-format fixture of 40 shaded emoticons with three hard ones (a
/// conic rainbow, a two-axis gradient, a colour field), the sprites are grouped by colour into palettes; a sprite
/// its group's palette cannot hold gets one of its own, and only what no palette holds is lossless.
@Suite struct PaletteSetApartTests {
  /// Each distinct sprite's SSIM in `palette` against the same sprite in `lossless` (both builds of one pack), by
  /// `ReferenceSSIM`.
  static func spriteSSIM(_ palette: String, _ lossless: String, id: String) throws -> [Double] {
    let a = try PackFileReader(contentsOf: palette + "/\(id).pack").contents()
    let b = try PackFileReader(contentsOf: lossless + "/\(id).pack").contents()
    func sheets(_ c: PackContents, _ folder: String) throws -> [RGBAImage] {
      try c.sheets.map {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0.fileName)))
        return $0.format == .webp ? try WebPDecoder.decode(bytes) : try PNGDecoder.decode(bytes).image
      }
    }
    let (sa, sb) = (try sheets(a, palette), try sheets(b, lossless))
    var out: [Double] = []
    for (x, y) in zip(a.images, b.images) {
      for (p, r) in zip(x.placements, y.placements) where p.width > 0 {
        // Scored by the tests' own SSIM, not the build's.
        out.append(
          ReferenceSSIM.score(
            sb[r.sheet].cropped(x: r.x, y: r.y, width: r.width, height: r.height),
            sa[p.sheet].cropped(x: p.x, y: p.y, width: p.width, height: p.height)))
      }
    }
    return out
  }

  @Test func hardSpritesAreSetApartAndTheRestKeepAPalette() throws {
    let pack = Support.fixture("packs/weibo-palette")
    let sources = try FileManager.default.contentsOfDirectory(atPath: pack).filter { $0.hasSuffix(".png") }.reduce(0) {
      $0 + (try Data(contentsOf: URL(fileURLWithPath: pack + "/" + $1))).count
    }
    #expect(sources >= 250_000)
    let (lossless, losslessOut) = try Support.build(pack, label: "apart-lossless") { $0.effort = .default }
    let (palette, paletteOut) = try Support.build(pack, label: "apart-palette") {
      $0.lossy = true
      $0.effort = .default
    }
    let sheets = palette.packs[0].sheets
    #expect(lossless.packs[0].sheets.count == 2)
    // Every sprite holds the floor, nearly all keep a palette, and the pack is well under half its sources.
    let ssim = try Self.spriteSSIM(paletteOut, losslessOut, id: "palette")
    #expect(ssim.count == 80 && ssim.allSatisfy { $0 >= 0.97 }, "\(ssim.min() ?? 0)")
    let kept = sheets.filter(\.lossy).reduce(0) { $0 + $1.sprites }
    #expect(kept >= 76, "\(kept) of 80 sprites keep a palette")
    let total = sheets.reduce(0) { $0 + $1.bytes } + palette.packs[0].packBytes
    #expect(Double(total) <= 0.4 * Double(sources), "\(total) of \(sources)")
    // The sprites set apart are named, with an SSIM under the floor, in the notes and in the report.
    let apart = sheets.filter(\.setApart).flatMap(\.apart)
    let notes = palette.diagnostics.filter { $0.code == .lossySetApart }
    #expect(apart.allSatisfy { $0.ssim < 0.97 && $0.sprite.hasSuffix(".png") })
    #expect(apart.allSatisfy { a in notes.contains { $0.message.contains(a.sprite) } } || apart.count > 5)
    // Lossy WebP holds the same floor in fewer bytes than the palette PNG.
    let (webp, webpOut) = try Support.build(pack, label: "apart-webp") {
      $0.lossy = true
      $0.sheetFormat = .webp
      $0.effort = .default
    }
    let webpTotal = webp.packs[0].sheets.reduce(0) { $0 + $1.bytes } + webp.packs[0].packBytes
    #expect(webpTotal <= total, "lossy WebP \(webpTotal), palette PNG \(total)")
    #expect(try Self.spriteSSIM(webpOut, losslessOut, id: "palette").allSatisfy { $0 >= 0.97 })
  }

}
