import EmoPack
import Foundation
import Testing

/// The 0.1.1 names an app may still call, reached through a protocol so that this file compiles without
/// deprecation warnings; each must give what its replacement gives.
protocol PackNames011 {
  var entryCount: Int { get }
  var formatMajor: Int { get }
  var formatMinor: Int { get }
  func localizedNames() throws(PackError) -> [LocalizedName]
  func entryHasImage(at index: Int) -> Bool
}
extension EmoticonPack: PackNames011 {}

protocol EmoticonNames011 { var rect: SpriteRect? { get } }
extension Emoticon: EmoticonNames011 {}

protocol CategoryNames011 { var reader: EmoticonPack { get } }
extension Category: CategoryNames011 {}

@Suite struct DeprecatedAPITests {
  @Test(arguments: ["demo", "demo2"]) func packNamesForwardToTheirReplacements(folder: String) throws {
    let catalog = try Catalog(paths: [try AppClientTests.packPath(folder)])
    let pack = catalog.packs[0]
    let old: any PackNames011 = pack
    #expect(old.entryCount == pack.count)
    #expect("\(old.formatMajor).\(old.formatMinor)" == pack.formatVersion)
    #expect(try old.localizedNames() == pack.names())
    for ref in catalog.categories[0].emoticons {
      let hasImage = try catalog.emoticon(ref).image != nil
      #expect(old.entryHasImage(at: ref.entry) == hasImage)
    }
    let category: any CategoryNames011 = catalog.categories[0]
    #expect(category.reader.id == pack.id)
  }

  /// `rect` is the still's rectangle at the pack's smallest scale in points: at 1x, the sprite's own rectangle.
  @Test func emoticonRectIsTheSmallestScalesRectangle() throws {
    let catalog = try Catalog(paths: [try AppClientTests.packPath("demo2")])
    for ref in catalog.categories[0].emoticons {
      let emoticon = try catalog.emoticon(ref)
      let rect = (emoticon as any EmoticonNames011).rect
      guard emoticon.image != nil else {
        #expect(rect == nil)
        continue
      }
      let location = try catalog.sprite(ref, scale: 1)
      #expect(location.scale == 1)
      #expect(rect == SpriteRect(page: 0, x: location.x, y: location.y, width: location.width, height: location.height))
    }
  }
}
