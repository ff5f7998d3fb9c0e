import EmoPackCompiler
import EmoPackFormat
import EmoSign
import EmoSite
import Foundation
import TestSupport
import Testing

/// Signed sites: `keygen`, `publish` and `verify` (docs/DELIVERY.md).
@Suite struct PublishTests {
  /// A built pack of four emoticons, a key and a published site.
  static func site() throws -> (pack: String, packPath: String, site: String, key: SigningKey, root: String) {
    let pack = try Support.makePack(count: 4, side: 48, size: 16, scales: [1, 2], id: "pub")
    let root = Support.tempDir("publish")
    let (_, out) = try Support.build(pack, label: "publish-out")
    let (key, _, _) = try KeyFiles.generate(root + "/publisher")
    _ = try Publisher.publish(packPaths: [out + "/pub.pack"], site: root + "/site", keys: [key])
    return (pack, out + "/pub.pack", root + "/site", key, root)
  }

  /// Every file under `folder` by relative path, with its bytes.
  static func files(_ folder: String) throws -> [String: Data] {
    var out: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: folder)
    while let item = walker?.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder + "/" + item, isDirectory: &isFolder), !isFolder.boolValue {
        out[item] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + item))
      }
    }
    return out
  }

  @Test func aPublishedSiteVerifiesAndRepublishingChangesNothing() throws {
    let s = try Self.site()
    #expect(SiteVerifier.verify(site: s.site, trusted: [s.key.verifyingKey]).isEmpty)
    let before = try Self.files(s.site)
    let again = try Publisher.publish(packPaths: [s.packPath], site: s.site, keys: [s.key])
    #expect(again.written.isEmpty && again.serial == 1)
    #expect(try Self.files(s.site) == before)
    // The key files: the secret one private, neither overwritten.
    let attributes = try FileManager.default.attributesOfItem(atPath: s.root + "/publisher.key")
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(throws: PublishError.self) { try KeyFiles.generate(s.root + "/publisher") }
    #expect(try KeyFiles.verifyingKey(s.root + "/publisher.pub") == s.key.verifyingKey)
  }

  /// Every single-byte change of the index (signatures included) is refused, naming the index.
  @Test func everyByteOfTheIndexIsChecked() throws {
    let s = try Self.site()
    let path = s.site + "/index.json"
    let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    defer { try? Data(original).write(to: URL(fileURLWithPath: path)) }
    for i in original.indices {
      var changed = original
      changed[i] ^= i % 2 == 0 ? 0x01 : 0x20
      try Data(changed).write(to: URL(fileURLWithPath: path))
      let problems = SiteVerifier.verify(site: s.site, trusted: [s.key.verifyingKey])
      #expect(!problems.isEmpty, "byte \(i) changed and the site still verifies")
      #expect(problems.allSatisfy { $0.file == path }, "byte \(i): \(problems)")
    }
  }

  /// Changed bytes in the `.pack` and in a sheet (a seeded sample of positions) are refused, naming the file.
  @Test func changedFilesAreRefusedByName() throws {
    let s = try Self.site()
    let index = try SiteVerifier.readIndex(s.site + "/index.json", trusted: [s.key.verifyingKey])
    var g = SplitMix(seed: 48)
    for f in index.signed.packs[0].files.prefix(2) {
      let path = s.site + "/files/" + f.sha256
      let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      for _ in 0..<24 {
        var changed = original
        let at = Int(g.next() % UInt64(original.count))
        changed[at] ^= 0x01
        try Data(changed).write(to: URL(fileURLWithPath: path))
        let problems = SiteVerifier.verify(site: s.site, trusted: [s.key.verifyingKey])
        #expect(problems.contains { $0.file == path && $0.check == "sha256" }, "\(f.name) byte \(at): \(problems)")
      }
      try Data(original).write(to: URL(fileURLWithPath: path))
    }
    #expect(SiteVerifier.verify(site: s.site, trusted: [s.key.verifyingKey]).isEmpty)
  }

  @Test func untrustedKeysAndUnsafeNamesAreRefused() throws {
    let s = try Self.site()
    let other = try SigningKey.generate()
    let refused = SiteVerifier.verify(site: s.site, trusted: [other.verifyingKey])
    #expect(refused.map(\.check) == ["signature"])
    // Publishing over an index the given key cannot verify is refused.
    #expect(throws: PublishError.self) { try Publisher.publish(packPaths: [s.packPath], site: s.site, keys: [other]) }
    // A validly signed index naming `../x`, or a name twice, is refused.
    let index = try SiteVerifier.readIndex(s.site + "/index.json", trusted: [s.key.verifyingKey])
    for bad in ["../x", "a/b", "twice"] {
      var signed = index.signed
      if bad == "twice" {
        signed.packs[0].files.append(signed.packs[0].files[1])
      } else {
        signed.packs[0].files[1].name = bad
      }
      let signature = Data(try s.key.sign(try SiteIndex.canonical(signed))).base64EncodedString()
      let forged = SiteIndex(signed: signed, signatures: [.init(keyId: s.key.verifyingKey.id, signature: signature)])
      try Data(try SiteIndex.canonical(forged)).write(to: URL(fileURLWithPath: s.site + "/index.json"))
      let problems = SiteVerifier.verify(site: s.site, trusted: [s.key.verifyingKey])
      #expect(problems.map(\.check) == ["file name"], "\(bad): \(problems)")
    }
  }

  /// A one-emoticon change adds the new `.pack`, the changed sheet pages and the index, nothing else.
  @Test func aOneEmoticonChangeAddsOnlyWhatChanged() throws {
    let s = try Self.site()
    let before = try SiteVerifier.readIndex(s.site + "/index.json", trusted: [s.key.verifyingKey])
    try Support.writePNG(Support.generated(40, side: 48), to: s.pack + "/e2.png")
    let (_, out) = try Support.build(s.pack, label: "publish-changed")
    let report = try Publisher.publish(packPaths: [out + "/pub.pack"], site: s.site, keys: [s.key])
    let after = try SiteVerifier.readIndex(s.site + "/index.json", trusted: [s.key.verifyingKey])
    #expect(report.serial == 2 && report.changed == ["pub"] && after.signed.packs[0].revision == 2)
    let old = Set(before.signed.packs[0].files.map(\.sha256))
    let new = after.signed.packs[0].files.filter { !old.contains($0.sha256) }
    #expect(new.first?.name == "pub.pack" && new.count >= 2)
    #expect(Set(report.written) == Set(new.map { "files/" + $0.sha256 } + ["index.json"]))
    #expect(SiteVerifier.verify(site: s.site, trusted: [s.key.verifyingKey]).isEmpty)
  }

  /// The index lists packs in the order given (an app's tabs follow it), not sorted; `order` reorders them, alone
  /// reordering the site's packs under a new serial; an order that misses or repeats a pack is refused.
  @Test func packsKeepTheGivenOrderAndOrderReordersThem() throws {
    let (_, zed) = try Support.build(try Support.makePack(count: 2, id: "zed"), label: "zed-out")
    let (_, abc) = try Support.build(try Support.makePack(count: 2, id: "abc"), label: "abc-out")
    let root = Support.tempDir("publish-order")
    let (key, _, _) = try KeyFiles.generate(root + "/k")
    let site = root + "/site"
    _ = try Publisher.publish(packPaths: [zed + "/zed.pack", abc + "/abc.pack"], site: site, keys: [key])
    func ids() throws -> [String] {
      try SiteVerifier.readIndex(site + "/index.json", trusted: [key.verifyingKey]).signed.packs.map(\.id)
    }
    #expect(try ids() == ["zed", "abc"])
    let reordered = try Publisher.publish(packPaths: [], site: site, keys: [key], expires: nil, order: ["abc", "zed"])
    #expect(try ids() == ["abc", "zed"] && reordered.serial == 2 && reordered.written == ["index.json"])
    let same = try Publisher.publish(packPaths: [], site: site, keys: [key], expires: nil, order: ["abc", "zed"])
    #expect(same.serial == 2 && same.written.isEmpty)
    for bad in [["abc"], ["abc", "abc"], ["abc", "zed", "x"]] {
      #expect(throws: PublishError.self, "\(bad)") {
        try Publisher.publish(packPaths: [], site: site, keys: [key], expires: nil, order: bad)
      }
    }
    #expect(throws: PublishError.self) { try Publisher.publish(packPaths: [], site: site, keys: [key]) }
    #expect(SiteVerifier.verify(site: site, trusted: [key.verifyingKey]).isEmpty)
  }
}
