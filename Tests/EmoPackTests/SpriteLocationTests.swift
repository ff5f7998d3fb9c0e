import EmoPack
import Testing

@Suite struct SpriteLocationTests {
  /// Rectangles at each scale, the fallback for scales the pack lacks, and typed errors for misuse.
  @Test func locationsWithoutDecoding() throws {
    let catalog = try TestPacks.catalog()
    let ref = EmoticonRef(pack: 0, entry: 3)
    // Entry 3 of the default pack sits at (1 + 3 × 34, 1) at 1x, 32 × 32; the pack has 1x and 2x.
    let one = try catalog.sprite(ref, scale: 1)
    #expect(one.x == 103 && one.y == 1 && one.width == 32 && one.height == 32 && one.scale == 1 && !one.isFallback)
    #expect(one.sheet.fileName == "default@1x.png" && one.path == nil && one.pointSize == 32)
    let two = try catalog.sprite(ref, scale: 2)
    #expect(two.x == 206 && two.y == 2 && two.width == 64 && two.sheet.fileName == "default@2x.png")
    // 3x and 4x: the largest the pack has.
    #expect(
      try catalog.sprite(ref, scale: 3)
        == SpriteLocation(
          ref: ref, requestedScale: 3, scale: 2, sheet: two.sheet, path: nil, x: 206, y: 2, width: 64, height: 64,
          pointSize: 32))
    #expect(throws: CatalogError.invalidScale(0)) { try catalog.sprite(ref, scale: 0) }
    #expect(throws: CatalogError.notAnImage(EmoticonRef(pack: 1, entry: 0), packID: "emoji")) {
      try catalog.sprite(EmoticonRef(pack: 1, entry: 0), scale: 1)
    }
    #expect(throws: CatalogError.noSuchEmoticon(EmoticonRef(pack: 0, entry: 99), packCount: 3, entryCount: 5)) {
      try catalog.sprite(EmoticonRef(pack: 0, entry: 99), scale: 1)
    }
    #expect(throws: CatalogError.self) { try catalog.sprite(EmoticonRef(pack: -1, entry: 0), scale: 1) }
    // Folders given: the path is the folder and the file name.
    let placed = Catalog(packs: catalog.readers, sheetFolders: ["/app/Emoticons"])
    #expect(try placed.sprite(ref, scale: 2).path == "/app/Emoticons/default@2x.png")
    #expect(try placed.sprite(EmoticonRef(pack: 2, entry: 0), scale: 1).path == nil)
  }
}
