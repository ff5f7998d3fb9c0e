import EmoSign
import EmoSite
import Foundation

/// Checks a signed site offline: the index's canonical bytes and signatures, every file's size and SHA-256, and
/// that each `.pack` opens, verifies and lists exactly the sheets the index lists.
public enum SiteVerifier {
  /// Every problem found, each naming the file and the check; empty when the site is sound.
  public static func verify(site: String, trusted: [VerifyingKey]) -> [PublishError] {
    let indexPath = site + "/index.json"
    do {
      let index = try readIndex(indexPath, trusted: trusted)
      return checkFiles(index, site: site)
    } catch let error as PublishError {
      return [error]
    } catch {
      return [PublishError(file: indexPath, check: "read", "\(error)", code: .ioFailed)]
    }
  }

  /// The index at `path`, once its bytes are its canonical encoding and a trusted key's signature holds
  /// (`SiteIndex.verified`).
  package static func readIndex(_ path: String, trusted: [VerifyingKey]) throws -> SiteIndex {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PublishError(file: path, check: "presence", "no index: not a site emopack published, or not all of it")
    }
    do { return try SiteIndex.verified([UInt8](data), trusted: trusted, file: path) } catch {
      throw PublishError(error)
    }
  }

  static func checkFiles(_ index: SiteIndex, site: String) -> [PublishError] {
    var problems: [PublishError] = []
    for pack in index.signed.packs {
      var contents: [String: [UInt8]] = [:]
      for f in pack.files {
        let path = site + "/files/" + f.sha256
        guard let data = FileManager.default.contents(atPath: path) else {
          problems.append(PublishError(file: path, check: "presence", "'\(f.name)' of '\(pack.id)' is missing"))
          continue
        }
        let bytes = [UInt8](data)
        if bytes.count != f.size {
          var e = PublishError(file: path, check: "size", "expected \(f.size) bytes, found \(bytes.count)")
          e.expected = "\(f.size) bytes"
          e.found = "\(bytes.count) bytes"
          problems.append(e)
          continue
        }
        let digest = SiteIndex.digest(bytes)
        if digest != f.sha256 {
          var e = PublishError(file: path, check: "sha256", "expected \(f.sha256), found \(digest)")
          e.expected = f.sha256
          e.found = digest
          problems.append(e)
          continue
        }
        contents[f.name] = bytes
      }
      guard let first = pack.files.first, let packBytes = contents[first.name] else { continue }
      do { try SiteIndex.checkPack(packBytes, against: pack, file: site + "/files/" + first.sha256) } catch {
        problems.append(PublishError(error))
      }
    }
    return problems
  }
}
