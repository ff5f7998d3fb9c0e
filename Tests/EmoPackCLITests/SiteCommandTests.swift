import Foundation
import TestSupport
import Testing

/// `emopack keygen`, `publish` and `verify` as a user runs them.
@Suite struct SiteCommandTests {
  @Test func keygenPublishVerify() throws {
    let root = CLI.tempDir("site")
    try CLI.makePack(root + "/pack", count: 3)
    #expect(try CLI.run(["build", root + "/pack", "-o", root + "/out", "--effort", "fast", "-q"]).status == 0)
    let keygen = try CLI.run(["keygen", "-o", root + "/key"])
    #expect(keygen.status == 0 && keygen.stdout.contains("let publisherKey: [UInt8] = [0x"))
    #expect(try CLI.run(["keygen", "-o", root + "/key"]).status == 1)
    let pack = try #require(
      try FileManager.default.contentsOfDirectory(atPath: root + "/out").first { $0.hasSuffix(".pack") })
    let publish = try CLI.run([
      "publish", root + "/out/" + pack, "-o", root + "/site", "--key", root + "/key.key", "--expires", "30d",
    ])
    #expect(publish.status == 0 && publish.stdout.contains("serial 1"), "\(publish.stderr)")
    let index = try String(contentsOfFile: root + "/site/index.json", encoding: .utf8)
    #expect(index.contains(#""expires":"#))
    // The index is what docs/index.schema.json describes.
    let schema = try JSONSchemaSubset(
      data: Data(contentsOf: URL(fileURLWithPath: SamplePacks.folder + "/../docs/index.schema.json")))
    #expect(schema.problems(try JSONSerialization.jsonObject(with: Data(index.utf8))) == [])
    #expect(try CLI.run(["verify", root + "/site", "--key", root + "/key.pub"]).status == 0)
    // Another key is not trusted: exit 1, naming the index.
    #expect(try CLI.run(["keygen", "-o", root + "/other"]).status == 0)
    let other = try CLI.run(["verify", root + "/site", "--key", root + "/other.pub"])
    #expect(other.status == 1 && other.stderr.contains("index.json: signature: error: "))
    #expect(try CLI.run(["verify", root + "/site"]).status == 2)
  }
}
