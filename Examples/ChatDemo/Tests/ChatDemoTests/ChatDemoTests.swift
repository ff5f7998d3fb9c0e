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
  try catalog.packs[0].verify()
  // The sheets sit beside the pack in the bundle.
  let folder = try #require(Emoticons.folder)
  for sheet in try catalog.packs[0].sheets() {
    #expect(FileManager.default.fileExists(atPath: folder + "/" + sheet.fileName), "\(sheet.fileName)")
  }
}
