import EmoPackFormat
import EmoSign
import Foundation

extension SiteIndex {
  /// The index in `bytes` (read from `file`), once its bytes are its canonical encoding and a trusted key's
  /// signature holds (every signature by a trusted key must hold; others are ignored); its pack ids and file records
  /// are checked too. Nothing of an index is used before this returns.
  package static func verified(_ bytes: [UInt8], trusted: [VerifyingKey], file: String) throws(SiteError) -> SiteIndex {
    let index: SiteIndex
    do { index = try JSONDecoder().decode(SiteIndex.self, from: Data(bytes)) } catch {
      throw SiteError(file: file, check: .parse, expected: "a signed index", found: "\(error)")
    }
    let canonical: [UInt8]
    let signed: [UInt8]
    do {
      canonical = try index.fileBytes()
      signed = try index.signedBytes()
    } catch {
      throw SiteError(file: file, check: .parse, expected: "an encodable index", found: "\(error)")
    }
    guard canonical == bytes else {
      let at =
        zip(canonical, bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(canonical.count, bytes.count)
      throw SiteError(
        file: file, check: .canonicalForm, expected: "the index's canonical JSON (\(canonical.count) bytes)",
        found: "\(bytes.count) bytes differing at offset \(at)")
    }
    var trustedValid = 0
    for s in index.signatures {
      guard let key = trusted.first(where: { $0.id == s.keyId }) else { continue }
      guard let raw = Data(base64Encoded: s.signature), key.isValidSignature([UInt8](raw), of: signed) else {
        throw SiteError(
          file: file, check: .signature, expected: "a valid signature by key \(s.keyId)",
          found: "one that does not verify")
      }
      trustedValid += 1
    }
    guard trustedValid > 0 else {
      throw SiteError(
        file: file, check: .signature,
        expected: "a signature by a trusted key (\(trusted.map(\.id).joined(separator: ", ")))",
        found: "keys \(index.signatures.map(\.keyId).joined(separator: ", "))")
    }
    guard index.signed.schemaVersion == 1 else {
      throw SiteError(file: file, check: .schema, expected: "schema version 1", found: "\(index.signed.schemaVersion)")
    }
    try index.checkRecords(file: file)
    return index
  }

  /// Pack ids are pack ids, listed once; file names are plain names, unique within their pack; sizes are not
  /// negative and digests are 64 lowercase hex digits; each pack lists its `.pack` first.
  func checkRecords(file: String) throws(SiteError) {
    var ids = Set<String>()
    for pack in signed.packs {
      guard isPackID(pack.id), ids.insert(pack.id).inserted else {
        throw SiteError(
          file: file, check: .packID, expected: "a pack id listed once", found: "'\(pack.id)'")
      }
      var names = Set<String>()
      for f in pack.files {
        guard Self.isPlainName(f.name) else {
          throw SiteError(
            file: file, check: .fileName, expected: "a plain file name in '\(pack.id)'", found: "'\(f.name)'")
        }
        guard names.insert(f.name).inserted else {
          throw SiteError(
            file: file, check: .fileName, expected: "each name once in '\(pack.id)'", found: "'\(f.name)' twice")
        }
        guard f.sha256.utf8.count == 64,
          f.sha256.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }),
          f.size >= 0
        else {
          throw SiteError(
            file: file, check: .fileRecord, expected: "a size and a SHA-256 for '\(f.name)'",
            found: "size \(f.size), digest '\(f.sha256)'")
        }
      }
      guard pack.files.first?.name.hasSuffix(".pack") == true else {
        throw SiteError(
          file: file, check: .fileList, expected: "'\(pack.id)' to list its .pack first",
          found: pack.files.first.map { "'\($0.name)'" } ?? "no files")
      }
    }
  }

  /// The SHA-256 of `bytes` in lowercase hex, as the index lists digests.
  package static func digest(_ bytes: some Sequence<UInt8>) -> String { hexString(Digest.sha256(Array(bytes))) }

  /// Checks a `.pack` (its bytes already matched `pack`'s first file) against `pack`: it opens and verifies, names
  /// the listed id and format version, and its sheet records are exactly the listed sheet files.
  package static func checkPack(_ packBytes: [UInt8], against pack: Pack, file: String) throws(SiteError) {
    let reader: PackFileReader
    let sheets: [SheetRecord]
    do {
      reader = try PackFileReader(bytes: packBytes)
      try reader.verify()
      sheets = try reader.sheets()
    } catch {
      throw SiteError(file: file, check: .pack, expected: "a pack that opens and verifies", found: "\(error)")
    }
    let version = "\(reader.formatMajor).\(reader.formatMinor)"
    guard reader.id == pack.id, version == pack.formatVersion else {
      throw SiteError(
        file: file, check: .identity, expected: "'\(pack.id)' \(pack.formatVersion)", found: "'\(reader.id)' \(version)"
      )
    }
    let listed = Dictionary(pack.files.dropFirst().map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for sheet in sheets {
      guard let f = listed[sheet.fileName], f.size == sheet.byteSize, f.sha256 == hexString(sheet.sha256) else {
        throw SiteError(
          file: file, check: .sheets, expected: "sheet '\(sheet.fileName)' listed as the .pack records it",
          found: listed[sheet.fileName].map { "\($0.size) bytes, \($0.sha256)" } ?? "not listed")
      }
    }
    let recorded = Set(sheets.map(\.fileName))
    if let extra = listed.keys.sorted().first(where: { !recorded.contains($0) }) {
      throw SiteError(
        file: file, check: .sheets, expected: "only the sheets the .pack records", found: "'\(extra)' listed too")
    }
  }
}
