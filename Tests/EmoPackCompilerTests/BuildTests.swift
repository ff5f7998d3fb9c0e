import EmoPNG
import EmoPack
import EmoPackCompiler
import EmoPackFormat
import EmoPackSprites
import Foundation
import TestSupport
import Testing

@Suite struct BuildTests {
  static func options(_ out: String) -> BuildOptions {
    var o = BuildOptions(outputDirectory: out)
    o.cacheDirectory = out + ".cache"
    o.effort = .fast
    return o
  }

  static func outputs(_ dir: String) throws -> [String: Data] { try FolderSnapshot.contents(dir) }

  static func mtimes(_ dir: String) throws -> [String: Date] { try FolderSnapshot.modificationTimes(dir) }

  @Test func nativePackBuildsAndVerifies() throws {
    let out = Support.tempDir("out")
    let report = try PackBuilder(options: Self.options(out)).build(paths: [Support.fixture("packs/native")])
    let p = try #require(report.packs.first)
    #expect(p.entries == 5 && p.uniqueSprites == 3 && p.sheets.count == 2)
    let reader = try PackFileReader(contentsOf: out + "/native.pack")
    try reader.verify()
    #expect(PackInspector.verifySheets(try reader.sheets(), folder: out).isEmpty)
    #expect(reader.entryIndex(forTag: "[愛你]") == 2)
    #expect(reader.entryIndex(forEmoji: "❤") == 3)
    #expect(reader.scales == [1, 2] && reader.pointSize == 16)
  }

  @Test func weiboAndNimPacksBuild() throws {
    let out = Support.tempDir("out")
    let report = try PackBuilder(options: Self.options(out)).build(paths: [
      Support.fixture("packs/weibo"), Support.fixture("packs/nim"),
    ])
    #expect(report.packs.map(\.id) == ["com.sina.default", "default", "ajmd"])
    for p in report.packs { try PackFileReader(contentsOf: p.packFile).verify() }
  }

  @Test func rebuildWithNothingChangedTouchesNothing() throws {
    let pack = try Support.makePack(count: 12)
    let out = Support.tempDir("out")
    let first = try PackBuilder(options: Self.options(out)).build(paths: [pack])
    #expect(first.packs[0].imagesProcessed == 12)
    let bytes = try Self.outputs(out)
    let times = try Self.mtimes(out)
    Thread.sleep(forTimeInterval: 0.05)
    let second = try PackBuilder(options: Self.options(out)).build(paths: [pack])
    #expect(second.packs[0].upToDate)
    #expect(second.packs[0].imagesProcessed == 0 && second.packs[0].bytesWritten == 0)
    #expect(try Self.outputs(out) == bytes)
    #expect(try Self.mtimes(out) == times)
    // An up-to-date report gives the figures the build that wrote the outputs gave.
    #expect(second.packs[0].uniqueSprites == first.packs[0].uniqueSprites)
    for (a, b) in zip(second.packs[0].sheets, first.packs[0].sheets) {
      #expect(a.file == b.file && a.bytes == b.bytes && a.lossy == b.lossy)
      #expect(abs(a.spriteFraction - b.spriteFraction) < 1e-9 && abs(a.packingEfficiency - b.packingEfficiency) < 1e-9)
    }
  }

  /// The same for packs with shared, trimmed and animated sprites, through a palette build.
  @Test(arguments: ["native", "weibo-shipped", "animated"])
  func upToDateReportsGiveTheBuildsFigures(fixture: String) throws {
    let out = Support.tempDir("out")
    var o = Self.options(out)
    o.lossy = fixture == "weibo-shipped"
    // The animated one is the repository's sample pack.
    let path =
      fixture == "animated"
      ? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../packs/animated")
        .standardized.path : Support.fixture("packs/" + fixture)
    let first = try PackBuilder(options: o).build(paths: [path])
    let second = try PackBuilder(options: o).build(paths: [path])
    #expect(second.packs[0].upToDate && second.packs[0].uniqueSprites == first.packs[0].uniqueSprites)
    #expect(second.packs[0].sheets.count == first.packs[0].sheets.count)
    for (a, b) in zip(second.packs[0].sheets, first.packs[0].sheets) {
      #expect(a.file == b.file && a.bytes == b.bytes && a.lossy == b.lossy)
      #expect(abs(a.spriteFraction - b.spriteFraction) < 1e-9, "\(a.file)")
      #expect(abs(a.packingEfficiency - b.packingEfficiency) < 1e-9, "\(a.file)")
    }
  }

  @Test func changingOneImageRedoesOnlyThatImage() throws {
    let pack = try Support.makePack(count: 12)
    let out = Support.tempDir("out")
    _ = try PackBuilder(options: Self.options(out)).build(paths: [pack])
    let before = try Self.outputs(out)
    try Support.writePNG(Support.generated(99, side: 48), to: pack + "/e5.png")
    let report = try PackBuilder(options: Self.options(out)).build(paths: [pack])
    #expect(report.packs[0].imagesProcessed == 1 && report.packs[0].imagesFromCache == 11)
    let after = try Self.outputs(out)
    #expect(after != before)
    // Old sheets are gone, the new pack names the new ones.
    #expect(after.count == before.count)
    try PackFileReader(contentsOf: out + "/gen.pack").verify()
  }

  @Test func damagedSpriteCacheIsIgnoredSlotBySlot() throws {
    let pack = try Support.makePack(count: 8)
    let clean = Support.tempDir("clean")
    _ = try PackBuilder(options: Self.options(clean)).build(paths: [pack])
    let out = Support.tempDir("out")
    _ = try PackBuilder(options: Self.options(out)).build(paths: [pack])
    // All sprites of a pack live in one file of fixed slots.
    let spritesFile = out + ".cache/sprites/gen.sprites"
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: spritesFile)))
    #expect(bytes.prefix(8) == Array("EMOSPRT1".utf8)[...])
    #expect(try FileManager.default.contentsOfDirectory(atPath: out + ".cache/sprites") == ["gen.sprites"])
    // Flip a byte in the third slot's pixels, and force a rebuild by dropping the build key.
    let slotBytes = (bytes.count - 16 - 36 * 8) / 8
    bytes[16 + 36 * 8 + 2 * slotBytes + 100] ^= 0xFF
    try Data(bytes).write(to: URL(fileURLWithPath: spritesFile))
    try FileManager.default.removeItem(atPath: out + ".cache/gen.key")
    let report = try PackBuilder(options: Self.options(out)).build(paths: [pack])
    #expect(report.packs[0].imagesProcessed == 1 && report.packs[0].imagesFromCache == 7)
    // A truncated file is not trusted at all.
    try Data(bytes.prefix(bytes.count - 1)).write(to: URL(fileURLWithPath: spritesFile))
    try FileManager.default.removeItem(atPath: out + ".cache/gen.key")
    let again = try PackBuilder(options: Self.options(out)).build(paths: [pack])
    #expect(again.packs[0].imagesProcessed == 8 && again.packs[0].imagesFromCache == 0)
    // Either way the outputs are those of a clean build.
    #expect(try Self.outputs(out) == Self.outputs(clean))
  }

  @Test func failedBuildLeavesEarlierOutputsUntouched() throws {
    let pack = try Support.makePack(count: 6)
    let out = Support.tempDir("out")
    _ = try PackBuilder(options: Self.options(out)).build(paths: [pack])
    let bytes = try Self.outputs(out)
    let times = try Self.mtimes(out)
    let spritesFile = out + ".cache/sprites/gen.sprites"
    let cached = try Data(contentsOf: URL(fileURLWithPath: spritesFile))
    // Corrupt one image's data (not its header): only the decode stage notices.
    var png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pack + "/e3.png")))
    png[png.count - 20] ^= 0xFF
    try Data(png).write(to: URL(fileURLWithPath: pack + "/e3.png"))
    #expect(throws: BuildError.self) { try PackBuilder(options: Self.options(out)).build(paths: [pack]) }
    do {
      _ = try PackBuilder(options: Self.options(out)).build(paths: [pack])
    } catch {
      guard case .invalidInput(let d) = error else { Issue.record("unexpected \(error)"); return }
      #expect(d.errors.map(\.message).first?.hasPrefix("image 'e3.png' is a corrupt PNG: ") == true)
    }
    #expect(try Self.outputs(out) == bytes)
    #expect(try Self.mtimes(out) == times)
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).allSatisfy { !$0.contains(".emopack-tmp-") })
    // The sprite cache too is the previous build's, with no temporary left beside it.
    #expect(try Data(contentsOf: URL(fileURLWithPath: spritesFile)) == cached)
    #expect(try FileManager.default.contentsOfDirectory(atPath: out + ".cache/sprites") == ["gen.sprites"])
  }

  @Test func twoOutputFoldersGetIdenticalBytes() throws {
    let a = Support.tempDir("a")
    let b = Support.tempDir("b")
    var o = Self.options(a)
    o.jobs = 1
    _ = try PackBuilder(options: o).build(paths: [Support.fixture("packs/native"), Support.fixture("packs/nim")])
    o = Self.options(b)
    o.jobs = 4
    _ = try PackBuilder(options: o).build(paths: [Support.fixture("packs/native"), Support.fixture("packs/nim")])
    #expect(try Self.outputs(a) == Self.outputs(b))
  }

  @Test func identicalImagesShareOneSprite() throws {
    let pack = try Support.makePack(count: 4)
    // A byte copy (shared before decoding) and a re-encoding with the same pixels but other bytes (shared after
    // drawing, by moving the cells to a smaller layout).
    try FileManager.default.copyItem(atPath: pack + "/e1.png", toPath: pack + "/copy.png")
    let e2 = try Data(contentsOf: URL(fileURLWithPath: pack + "/e2.png"))
    let e2Pixels = try PNGDecoder.decode(e2).image
    let recoded = try PNGEncoder.encode(e2Pixels, options: PNGEncodeOptions(level: 1, filter: .paeth))
    #expect(Data(recoded) != e2)
    try Data(recoded).write(to: URL(fileURLWithPath: pack + "/recoded.png"))
    let json =
      #"{"id": "gen", "size": 16, "scales": [1, 2], "emoticons": [{"image": "e0.png", "tags": ["[a]"]}, {"image": "e1.png", "tags": ["[b]"]}, {"image": "copy.png", "tags": ["[c]"]}, {"image": "e1.png", "tags": ["[d]"]}, {"image": "e2.png", "tags": ["[e]"]}, {"image": "e3.png", "tags": ["[f]"]}, {"image": "recoded.png", "tags": ["[g]"]}]}"#
    try json.write(toFile: pack + "/pack.json", atomically: true, encoding: .utf8)
    let out = Support.tempDir("out")
    let report = try PackBuilder(options: Self.options(out)).build(paths: [pack])
    #expect(report.packs[0].uniqueSprites == 4)
    #expect(report.packs[0].imagesProcessed == 5)  // e0, e1, e2, e3, recoded; copy.png has e1's bytes
    let reader = try PackFileReader(contentsOf: out + "/gen.pack")
    let images: [Int?] = try (0..<7).map { try reader.entry(at: $0).image }
    #expect(images[1] == images[2] && images[1] == images[3] && images[0] != images[1] && images[4] == images[6])
    try reader.verify()
    // Sharing re-lays the sheets out and moves the drawn cells: every entry still shows its own source.
    let catalog = try Catalog(paths: [out + "/gen.pack"])
    let sheets = SpriteSheets(catalog: catalog, folders: [out])
    for (tag, file) in [
      ("[a]", "e0"), ("[b]", "e1"), ("[c]", "copy"), ("[d]", "e1"), ("[e]", "e2"), ("[f]", "e3"), ("[g]", "recoded"),
    ] {
      let source = try PNGDecoder.decode(Data(contentsOf: URL(fileURLWithPath: pack + "/\(file).png"))).image
      let ref = try #require(catalog.lookup(tag: tag))
      let expected = PremultipliedForm.smaller(of: [16, 32].map { Resampler().fit(source, side: $0) })
      for (k, scale) in [1, 2].enumerated() {
        #expect(try sheets.pixels(of: ref, scale: scale) == expected[k], "\(tag) @\(scale)x")
      }
    }
  }

  /// exactColors keeps the resampler's exact straight colours.
  ///
  /// By default the sheets hold the premultiplied form. Premultiplied, the two are the same pixels, and
  /// switching rebuilds the sprites rather than reusing them.
  @Test func exactColorsKeepsTheResamplersColoursAndPremultipliesTheSame() throws {
    let pack = try Support.copyPack("native")
    let source = try PNGDecoder.decode(Data(contentsOf: URL(fileURLWithPath: pack + "/smile.png"))).image
    let out = Support.tempDir("out")
    var o = Self.options(out)
    _ = try PackBuilder(options: o).build(paths: [pack])
    let reader = try PackFileReader(contentsOf: out + "/native.pack")
    let catalog = Catalog(packs: [reader])
    let ref = try #require(catalog.lookup(tag: "[smile]"))
    let canonical = try SpriteSheets(catalog: catalog, folders: [out]).pixels(of: ref, scale: 2)
    let canonicalPre = try SpriteSheets(catalog: catalog, folders: [out]).pixels(of: ref, scale: 2, premultiplied: true)
    o.exactColors = true
    let report = try PackBuilder(options: o).build(paths: [pack])
    #expect(report.packs[0].imagesFromCache == 0)
    let exactCatalog = try Catalog(paths: [out + "/native.pack"])
    let exactRef = try #require(exactCatalog.lookup(tag: "[smile]"))
    let sheets = SpriteSheets(catalog: exactCatalog, folders: [out])
    let exact = try sheets.pixels(of: exactRef, scale: 2)
    #expect(exact == Resampler().fit(source, side: 32))
    #expect(canonical == PremultipliedForm.smaller(of: [Resampler().fit(source, side: 16), exact])[1])
    #expect(try sheets.pixels(of: exactRef, scale: 2, premultiplied: true) == canonicalPre)
    // The manifest can ask for it too.
    let json = try String(contentsOfFile: pack + "/pack.json", encoding: .utf8)
    let (packs, diagnostics) = ManifestLoader.read(
      bytes: Array(
        json.replacingOccurrences(of: "\"emoticons\"", with: "\"sheet\": {\"exactColors\": true}, \"emoticons\"").utf8),
      name: "pack.json", folder: pack)
    #expect(diagnostics.items.isEmpty, "\(diagnostics.items)")
    #expect(packs.first?.settings["exactColors"]?.value == .on(true))
    #expect(packs.first?.settings["exactColors"]?.location.keyPath == "sheet.exactColors")
  }

  @Test func spritesDecodeBackFromTheSheets() throws {
    let out = Support.tempDir("out")
    _ = try PackBuilder(options: Self.options(out)).build(paths: [Support.fixture("packs/native")])
    let catalog = try Catalog(paths: [out + "/native.pack"])
    let sprites = SpriteSheets(catalog: catalog, folders: [out])
    let ref = try #require(catalog.lookup(tag: "[smile]"))
    let source = try PNGDecoder.decode(
      Data(contentsOf: URL(fileURLWithPath: Support.fixture("packs/native/smile.png")))
    ).image
    let expected = PremultipliedForm.smaller(of: [16, 32].map { Resampler().fit(source, side: $0) })
    for (k, scale) in [1, 2].enumerated() {
      #expect(try sprites.pixels(of: ref, scale: scale) == expected[k])
    }
    let pre = try sprites.pixels(of: ref, scale: 2, premultiplied: true)
    let straight = try sprites.pixels(of: ref, scale: 2)
    for i in stride(from: 0, to: pre.pixels.count, by: 4) {
      let expected = (Int(straight.pixels[i]) * Int(straight.pixels[i + 3]) + 127) / 255
      #expect(Int(pre.pixels[i]) == expected)
    }
    // No 3x sheet: the largest scale the pack has is used, and the sprite says so.
    let fallback = try sprites.sprite(of: ref, scale: 3)
    #expect(fallback.location.scale == 2 && fallback.location.isFallback && fallback.image == expected[1])
    #expect(try catalog.sprite(ref, scale: 3).scale == 2 && catalog.sprite(ref, scale: 1).scale == 1)
    // The catalog knows where the sheets are: no folder list needed.
    #expect(try SpriteSheets(catalog: catalog).pixels(of: ref, scale: 1) == expected[0])
    // Fewer folders than packs, a reference outside the catalog, scale 0: typed errors, no trap.
    #expect(throws: SpriteError.noFolder(packID: "native")) {
      try SpriteSheets(catalog: catalog, folders: []).pixels(of: ref, scale: 1)
    }
    #expect(throws: SpriteError.self) { try sprites.pixels(of: EmoticonRef(pack: 3, entry: 0), scale: 1) }
    #expect(throws: SpriteError.catalog(.invalidScale(0))) { try sprites.pixels(of: ref, scale: 0) }
    #expect(throws: SpriteError.self) { try sprites.sheetImage(pack: 5, record: try catalog.readers[0].sheet(at: 0)) }
    #expect(throws: SpriteError.self) { try sprites.pixels(of: catalog.lookup(emoji: "❤️")!, scale: 1) }
  }

  @Test func swappedSheetIsDetected() throws {
    let out = Support.tempDir("out")
    var o = Self.options(out)
    o.stableSheetNames = true
    _ = try PackBuilder(options: o).build(paths: [Support.fixture("packs/native")])
    try FileManager.default.removeItem(atPath: out + "/native@2x.png")
    try FileManager.default.copyItem(atPath: out + "/native.png", toPath: out + "/native@2x.png")
    let reader = try PackFileReader(contentsOf: out + "/native.pack")
    let problems = PackInspector.verifySheets(try reader.sheets(), folder: out)
    #expect(problems.count == 1 && problems[0].file.hasSuffix("native@2x.png") && problems[0].code == .sheetSize)
    #expect(problems.first?.expected != nil && problems.first?.expected != problems.first?.found)
    let sprites = SpriteSheets(catalog: Catalog(packs: [reader]), folders: [out])
    #expect(throws: SpriteError.self) { try sprites.pixels(of: EmoticonRef(pack: 0, entry: 0), scale: 2) }
  }

  @Test func inspectGoldenTextAndJSON() throws {
    let out = Support.tempDir("out")
    _ = try PackBuilder(options: Self.options(out)).build(paths: [Support.fixture("packs/native")])
    let report = try PackInspector.inspect(path: out + "/native.pack", verify: true)
    #expect(report.problems == [])
    try Support.assertGolden(PackInspector.text(report) + "\n", "inspect-native.txt")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    try Support.assertGolden(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n", "inspect-native.json")
  }

  @Test func lockedOutputFolderFailsClearlyWithoutWaiting() throws {
    let out = Support.tempDir("out")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let lock = try FileSystem.Lock(path: out, wait: false)
    defer { lock.unlock() }
    var o = Self.options(out)
    o.waitForLock = false
    o.cacheDirectory = Support.tempDir("cache")
    #expect(throws: BuildError.self) { try PackBuilder(options: o).build(paths: [Support.fixture("packs/native")]) }
    lock.unlock()
    // Unlocked, the build runs, and the output folder holds only the pack and its sheets (the cache is
    // elsewhere here; the lock is on the folder itself).
    _ = try PackBuilder(options: o).build(paths: [Support.fixture("packs/native")])
    let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    #expect(names.allSatisfy { $0.hasSuffix(".pack") || $0.hasSuffix(".png") }, "\(names)")
  }

  /// Whole files and prefixes read back as written, at sizes around the reader's buffer steps.
  @Test func filesReadBackWholeAndByPrefix() throws {
    let root = Support.tempDir("read")
    for size in [0, 1, 4095, 65_536, 65_537, 200_001] {
      let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
      let path = root + "/f\(size)"
      try FileSystem.write(bytes, to: path)
      #expect(try FileSystem.read(path) == bytes, "\(size)")
      for count in [0, 1, 64, size, size + 1, Int.max] {
        #expect(try FileSystem.readPrefix(path, count: count) == Array(bytes.prefix(count)), "\(size) \(count)")
      }
      #expect(try FileSystem.readPrefix(path, count: -5).isEmpty)
    }
    #expect(throws: FileSystemError.self) { try FileSystem.read(root + "/missing") }
  }

  /// An output folder that cannot be made is an error naming the path, the part in the way and why.
  @Test func outputFolderThatCannotBeMadeNamesWhatIsInTheWay() throws {
    let root = Support.tempDir("mkdir")
    try FileSystem.makeDirectory(root + "/a/b/c")
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: root + "/a/b/c", isDirectory: &isFolder) && isFolder.boolValue)
    try FileSystem.makeDirectory(root + "/a/b/c")
    try FileSystem.makeDirectory(root + "//a/./b/")
    try FileSystem.write([1], to: root + "/file")
    #expect(
      throws: FileSystemError(path: root + "/file", operation: "mkdir", reason: "a file is in the way (not a folder)")
    ) {
      try FileSystem.makeDirectory(root + "/file")
    }
    #expect(
      throws: FileSystemError(
        path: root + "/file/out", operation: "mkdir", reason: root + "/file: a file is in the way (not a folder)")
    ) { try FileSystem.makeDirectory(root + "/file/out") }
    try FileManager.default.createSymbolicLink(atPath: root + "/dangling", withDestinationPath: root + "/missing")
    #expect(
      throws: FileSystemError(
        path: root + "/dangling/out", operation: "mkdir",
        reason: root + "/dangling: a symbolic link to '\(root)/missing', which is not a folder")
    ) { try FileSystem.makeDirectory(root + "/dangling/out") }
    #expect(
      throws: FileSystemError(
        path: root + "/file/dangling", operation: "mkdir", reason: root + "/file: a file is in the way (not a folder)")
    ) { try FileSystem.makeDirectory(root + "/file/dangling") }
    // The build says so before anything is written, and the file stays as it was.
    #expect(throws: BuildError.self) {
      try PackBuilder(options: Self.options(root + "/file")).build(paths: [Support.fixture("packs/native")])
    }
    #expect(try FileSystem.read(root + "/file") == [1])
  }

  /// Sprites drawn from the build's sprite file and sprites kept in memory give the same bytes.
  ///
  /// Drawing reads each sprite back (one per job in memory); where the file cannot be written the sprites stay
  /// in memory. Shared sprites included.
  @Test func spritesDrawnFromTheSpriteFileMatchSpritesKeptInMemory() throws {
    let packs = [Support.fixture("packs/native"), Support.fixture("packs/weibo-shipped")]
    let stored = Support.tempDir("stored")
    let report = try PackBuilder(options: Self.options(stored)).build(paths: packs)
    #expect(report.packs[0].entries == 5 && report.packs[0].uniqueSprites == 3)
    #expect(FileManager.default.fileExists(atPath: stored + ".cache/sprites/native.sprites"))
    // A folder where this process would create its new sprite files (".emopack-tmp-<pid>-<id>.sprites"): no
    // sprite file can be written, every sprite stays in memory.
    let kept = Support.tempDir("kept")
    for id in ["native", "shipped"] {
      try FileManager.default.createDirectory(
        atPath: kept + ".cache/sprites/.emopack-tmp-\(getpid())-\(id).sprites", withIntermediateDirectories: true)
    }
    let second = try PackBuilder(options: Self.options(kept)).build(paths: packs)
    #expect(second.packs.map(\.uniqueSprites) == report.packs.map(\.uniqueSprites))
    #expect(!FileManager.default.fileExists(atPath: kept + ".cache/sprites/native.sprites"))
    let a = try Self.outputs(stored)
    let b = try Self.outputs(kept)
    #expect(!a.isEmpty && a == b)
  }
}
