import EmoPackFormat
import EmoSign
import EmoSite
import Foundation

/// Publishes built packs to a static site: files stored once by content (`files/<sha256>`) and a signed
/// `index.json` (`SiteIndex`), written last.
public enum Publisher {
  /// What a publish did.
  public struct Report: Sendable, Equatable {
    public var serial: Int
    /// The packs whose revision grew.
    public var changed: [String]
    /// Site paths written (files, then the index), relative to the site.
    public var written: [String]
    public var bytesWritten: Int
  }

  /// Publishes `packPaths` (their sheets beside them) to `site`, signed by `keys`; the index lists exactly these
  /// packs, in the order given (an app's tabs follow it), or in `order` (pack ids, each once). With no packs and an
  /// `order`, the existing site's packs are listed in that order. An existing index must verify with one of
  /// `keys`; unchanged packs in an unchanged order write nothing and keep the serial.
  public static func publish(
    packPaths: [String], site: String, keys: [SigningKey], expires: Date?, order: [String]?
  ) throws -> Report {
    guard !keys.isEmpty else { throw PublishError(file: site, check: "keys", "no signing key", code: .usage) }
    let indexPath = site + "/index.json"
    var previous: SiteIndex?
    if FileManager.default.fileExists(atPath: indexPath) {
      do {
        previous = try SiteVerifier.readIndex(indexPath, trusted: keys.map(\.verifyingKey))
      } catch let error as PublishError {
        var e = PublishError(
          file: error.file, check: "existing index",
          "\(error.message); emopack continues only from an index it can verify with the given key", code: error.code)
        e.expected = error.expected
        e.found = error.found
        throw e
      }
    }
    var packs: [SiteIndex.Pack] = []
    var contents: [String: [UInt8]] = [:]
    for path in packPaths {
      let bytes: [UInt8]
      do { bytes = try RegularFile.read(path) } catch {
        throw PublishError(file: path, check: "read", error.reason, code: .packUnreadable)
      }
      let reader: PackFileReader
      do {
        reader = try PackFileReader(bytes: bytes)
        try reader.verify()
      } catch {
        throw PublishError(file: path, reading: error)
      }
      let folder = (path as NSString).deletingLastPathComponent
      var files = [file((path as NSString).lastPathComponent, bytes, &contents)]
      let sheets: [SheetRecord]
      do { sheets = try reader.sheets() } catch { throw PublishError(file: path, reading: error) }
      for sheet in sheets {
        let sheetPath = (folder.isEmpty ? "." : folder) + "/" + sheet.fileName
        do {
          files.append(file(sheet.fileName, try sheet.read(at: sheetPath), &contents))
        } catch {
          throw PublishError(file: sheetPath, reading: error)
        }
      }
      guard !packs.contains(where: { $0.id == reader.id }) else {
        throw PublishError(file: path, check: "pack id", "'\(reader.id)' is given twice", code: .exportConflict)
      }
      let names = ((try? reader.localizedNames()) ?? []).map { SiteIndex.Name(locale: $0.locale, name: $0.name) }
      let before = previous?.signed.packs.first { $0.id == reader.id }
      let revision = before.map { $0.files == files ? $0.revision : $0.revision + 1 } ?? 1
      packs.append(
        SiteIndex.Pack(
          id: reader.id, names: names, formatVersion: "\(reader.formatMajor).\(reader.formatMinor)",
          revision: revision, files: files))
    }
    if packPaths.isEmpty {
      guard let previous, order != nil else {
        throw PublishError(
          file: site, check: "packs", "nothing to publish: give .pack files, or --order to reorder the site's packs",
          code: .usage)
      }
      packs = previous.signed.packs
    }
    if let order {
      let ids = packs.map(\.id)
      guard order.count == ids.count, Set(order) == Set(ids) else {
        var e = PublishError(
          file: site, check: "order", "--order must name every pack once: \(ids.joined(separator: ","))",
          code: .usage)
        e.expected = ids.sorted().joined(separator: ",")
        e.found = order.joined(separator: ",")
        throw e
      }
      packs.sort { order.firstIndex(of: $0.id)! < order.firstIndex(of: $1.id)! }
    }
    let expiry = expires.map { ISO8601DateFormatter().string(from: $0) }
    if let previous, previous.signed.packs == packs, previous.signed.expires == expiry {
      return Report(serial: previous.signed.serial, changed: [], written: [], bytesWritten: 0)
    }
    let signed = SiteIndex.Signed(
      schemaVersion: 1, serial: (previous?.signed.serial ?? 0) + 1, expires: expiry, packs: packs)
    let message = try SiteIndex.canonical(signed)
    var signatures: [SiteIndex.Signature] = []
    for key in keys {
      signatures.append(
        SiteIndex.Signature(keyId: key.verifyingKey.id, signature: Data(try key.sign(message)).base64EncodedString()))
    }
    let index = SiteIndex(signed: signed, signatures: signatures)
    // Content first, the index last: a reader of the site sees the old index or the new one, each whole.
    var written: [String] = []
    var bytesWritten = 0
    do { try FileSystem.makeDirectory(site + "/files") } catch {
      throw PublishError(file: error.path, check: "write", error.sentence, code: .ioFailed)
    }
    for (digest, bytes) in contents.sorted(by: { $0.key < $1.key }) {
      let path = site + "/files/" + digest
      if let existing = FileManager.default.contents(atPath: path), [UInt8](existing) == bytes { continue }
      try replace(path, bytes)
      written.append("files/" + digest)
      bytesWritten += bytes.count
    }
    let indexBytes = try index.fileBytes()
    try replace(indexPath, indexBytes)
    written.append("index.json")
    bytesWritten += indexBytes.count
    let changed = packs.filter { p in previous?.signed.packs.first { $0.id == p.id }?.revision != p.revision }.map(\.id)
    return Report(serial: signed.serial, changed: changed, written: written, bytesWritten: bytesWritten)
  }

  /// Publishes `packPaths` in the order given (`publish(packPaths:site:keys:expires:order:)` with no `order`).
  public static func publish(
    packPaths: [String], site: String, keys: [SigningKey], expires: Date? = nil
  ) throws -> Report {
    try publish(packPaths: packPaths, site: site, keys: keys, expires: expires, order: nil)
  }

  static func file(_ name: String, _ bytes: [UInt8], _ contents: inout [String: [UInt8]]) -> SiteIndex.File {
    let digest = SiteIndex.digest(bytes)
    contents[digest] = bytes
    return SiteIndex.File(name: name, size: bytes.count, sha256: digest)
  }

  /// Writes `bytes` beside `path` and renames it over `path`.
  static func replace(_ path: String, _ bytes: [UInt8]) throws {
    let temporary = path + ".\(getpid()).tmp"
    do { try FileSystem.write(bytes, to: temporary) } catch {
      throw PublishError(file: path, check: "write", error.sentence, code: .ioFailed)
    }
    guard rename(temporary, path) == 0 else {
      try? FileManager.default.removeItem(atPath: temporary)
      throw PublishError(
        file: path, check: "write", "cannot be written: \(String(cString: strerror(errno)))", code: .ioFailed)
    }
  }
}
