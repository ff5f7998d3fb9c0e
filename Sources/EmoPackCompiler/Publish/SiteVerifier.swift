import EmoPackFormat
import EmoSign
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
      return [PublishError(file: indexPath, check: "read", "\(error)")]
    }
  }

  /// The index at `path`, once its bytes are its canonical encoding and a trusted key's signature holds (every
  /// signature by a trusted key must hold; others are ignored); its file names are checked too.
  public static func readIndex(_ path: String, trusted: [VerifyingKey]) throws -> SiteIndex {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PublishError(file: path, check: "read", "no index")
    }
    let bytes = [UInt8](data)
    let index: SiteIndex
    do { index = try JSONDecoder().decode(SiteIndex.self, from: data) } catch {
      throw PublishError(file: path, check: "parse", "not an index: \(error)")
    }
    guard try index.fileBytes() == bytes else {
      throw PublishError(file: path, check: "canonical form", "the bytes are not the index's canonical JSON")
    }
    let signed = try index.signedBytes()
    var trustedValid = 0
    for s in index.signatures {
      guard let key = trusted.first(where: { $0.id == s.keyId }) else { continue }
      guard let raw = Data(base64Encoded: s.signature), key.isValidSignature([UInt8](raw), of: signed) else {
        throw PublishError(file: path, check: "signature", "the signature by key \(s.keyId) does not verify")
      }
      trustedValid += 1
    }
    guard trustedValid > 0 else {
      throw PublishError(
        file: path, check: "signature",
        "expected a signature by a trusted key (\(trusted.map(\.id).joined(separator: ", "))), found keys \(index.signatures.map(\.keyId).joined(separator: ", "))"
      )
    }
    try checkNames(index, path: path)
    return index
  }

  /// File names are plain names, unique within their pack; digests are 64 hex digits.
  static func checkNames(_ index: SiteIndex, path: String) throws {
    var ids = Set<String>()
    for pack in index.signed.packs {
      guard PackSettings.isPackID(pack.id), ids.insert(pack.id).inserted else {
        throw PublishError(file: path, check: "pack id", "'\(pack.id)' is not a pack id or is listed twice")
      }
      var names = Set<String>()
      for f in pack.files {
        guard SiteIndex.isPlainName(f.name) else {
          throw PublishError(file: path, check: "file name", "'\(f.name)' in '\(pack.id)' is not a plain file name")
        }
        guard names.insert(f.name).inserted else {
          throw PublishError(file: path, check: "file name", "'\(f.name)' is listed twice in '\(pack.id)'")
        }
        guard f.sha256.count == 64, f.sha256.allSatisfy({ "0123456789abcdef".contains($0) }), f.size >= 0 else {
          throw PublishError(file: path, check: "file record", "'\(f.name)' has no valid size and SHA-256")
        }
      }
      guard pack.files.first?.name.hasSuffix(".pack") == true else {
        throw PublishError(file: path, check: "file list", "'\(pack.id)' does not list its .pack first")
      }
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
          problems.append(PublishError(file: path, check: "size", "expected \(f.size) bytes, found \(bytes.count)"))
          continue
        }
        let digest = hexString(Digest.sha256(bytes))
        if digest != f.sha256 {
          problems.append(PublishError(file: path, check: "sha256", "expected \(f.sha256), found \(digest)"))
          continue
        }
        contents[f.name] = bytes
      }
      guard let first = pack.files.first, let packBytes = contents[first.name] else { continue }
      let packPath = site + "/files/" + first.sha256
      do {
        let reader = try PackFileReader(bytes: packBytes)
        try reader.verify()
        let version = "\(reader.formatMajor).\(reader.formatMinor)"
        if reader.id != pack.id || version != pack.formatVersion {
          problems.append(
            PublishError(
              file: packPath, check: "identity",
              "expected '\(pack.id)' \(pack.formatVersion), found '\(reader.id)' \(version)"))
        }
        let sheets = try reader.sheets()
        let listed = Dictionary(uniqueKeysWithValues: pack.files.dropFirst().map { ($0.name, $0) })
        for sheet in sheets {
          guard let f = listed[sheet.fileName], f.size == sheet.byteSize, f.sha256 == hexString(sheet.sha256) else {
            problems.append(
              PublishError(
                file: packPath, check: "sheets", "sheet '\(sheet.fileName)' is not listed as the .pack records it"))
            continue
          }
        }
        if Set(sheets.map(\.fileName)) != Set(listed.keys) {
          problems.append(
            PublishError(file: packPath, check: "sheets", "the index lists files the .pack does not name"))
        }
      } catch {
        problems.append(PublishError(file: packPath, check: "pack", "\(error)"))
      }
    }
    return problems
  }
}
