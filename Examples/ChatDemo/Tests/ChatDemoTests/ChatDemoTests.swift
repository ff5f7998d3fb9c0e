import ChatDemo
import EmoPack
import Foundation
import Testing

@Test func bundledPackTokenizesAMessage() throws {
  let catalog = try Emoticons.catalog()
  let tokens = Tokenizer(catalog: catalog).tokenize("你好[哈哈][愛你]👍🏽!")
  #expect(tokens.map(\.text) == ["你好", "[哈哈]", "[愛你]", "👍🏽", "!"])
  #expect(tokens[1].kind == .emoticon(EmoticonRef(pack: 0, entry: 0)))
  #expect(tokens[3].kind == .emoji(EmoticonRef(pack: 0, entry: 3)))
  let pack = catalog.categories[0].pack
  try pack.verify()
  // The sheets sit beside the pack in the bundle.
  let folder = try #require(Emoticons.folder)
  for sheet in try pack.sheets() {
    #expect(FileManager.default.fileExists(atPath: folder + "/" + sheet.fileName), "\(sheet.fileName)")
  }
}

/// A NetEase `emoji.plist` (two packs) and a Weibo bundle (two packs) go through the same plugin.
@Test func netEaseAndWeiboBundlePacksAreCompiledToo() throws {
  let netease = try Emoticons.catalog(folder: "NetEase")
  #expect(netease.packs.map(\.id) == ["ajmd", "default"])
  let weibo = try Emoticons.catalog(folder: "Weibo")
  #expect(weibo.packs.map(\.id) == ["com.apple.emoji", "com.sina.lxh"])
  for catalog in [netease, weibo] {
    for pack in catalog.packs { try pack.verify() }
  }
  // The catalog knows where each pack's sheets are.
  let image = try #require(
    weibo.categories[1].emoticons.first { (try? weibo.emoticon($0).image) != nil })
  let location = try weibo.sprite(image, scale: 2)
  #expect(FileManager.default.fileExists(atPath: try #require(location.path)))
}

/// A YYText-style code list (`info.plist` as an array of `{code: image}`) goes through the plugin too: each code
/// is an animated entry whose PNG is its still.
@Test func aCodeListPackIsCompiledAndAnimates() throws {
  let qq = try Emoticons.catalog(folder: "QQ")
  #expect(qq.packs.map(\.id) == ["QQ"])
  let tokens = Tokenizer(catalog: qq).tokenize("好的/::)/::(/::D")
  #expect(tokens.map(\.text) == ["好的", "/::)", "/::(", "/::D"])
  for code in ["/::)", "/::(", "/::D"] {
    let ref = try #require(qq.lookup(tag: code))
    let animation = try #require(try qq.animation(ref))
    #expect(animation.frameCount > 1 && animation.hasOwnStill)
  }
}
