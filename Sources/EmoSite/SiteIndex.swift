import Foundation

/// A signed site's `index.json`: the signed part and its signatures, written as canonical JSON (sorted keys, no
/// spaces), so that the file's bytes are the only encoding a verifier accepts.
package struct SiteIndex: Codable, Sendable, Equatable {
  /// What is signed: the packs and the site's serial.
  package struct Signed: Codable, Sendable, Equatable {
    /// The index format (1).
    package var schemaVersion: Int
    /// One higher than the previous index's; a client refuses a lower one.
    package var serial: Int
    /// When the index stops being current (ISO 8601, UTC), if the publisher said so.
    package var expires: String?
    package var packs: [Pack]

    package init(schemaVersion: Int, serial: Int, expires: String?, packs: [Pack]) {
      self.schemaVersion = schemaVersion
      self.serial = serial
      self.expires = expires
      self.packs = packs
    }
  }

  /// One pack: its identity and every file it needs.
  package struct Pack: Codable, Sendable, Equatable {
    package var id: String
    package var names: [Name]
    /// The `.pack` format version, such as `2.2`.
    package var formatVersion: String
    /// Grows by one whenever any of the pack's files changes.
    package var revision: Int
    /// The `.pack` first, then its sheets, by the names the `.pack` records.
    package var files: [File]

    package init(id: String, names: [Name], formatVersion: String, revision: Int, files: [File]) {
      self.id = id
      self.names = names
      self.formatVersion = formatVersion
      self.revision = revision
      self.files = files
    }
  }

  package struct Name: Codable, Sendable, Equatable {
    package var locale: String
    package var name: String

    package init(locale: String, name: String) {
      self.locale = locale
      self.name = name
    }
  }

  /// A file by name, size and SHA-256 (hex); stored on the site as `files/<sha256>`.
  package struct File: Codable, Sendable, Equatable {
    package var name: String
    package var size: Int
    package var sha256: String

    package init(name: String, size: Int, sha256: String) {
      self.name = name
      self.size = size
      self.sha256 = sha256
    }
  }

  /// A signature of the signed part's canonical bytes, with the signing key's id.
  package struct Signature: Codable, Sendable, Equatable {
    package var keyId: String
    /// Base64 of the 64-byte Ed25519 signature.
    package var signature: String

    package init(keyId: String, signature: String) {
      self.keyId = keyId
      self.signature = signature
    }
  }

  package var signed: Signed
  package var signatures: [Signature]

  package init(signed: Signed, signatures: [Signature]) {
    self.signed = signed
    self.signatures = signatures
  }

  /// The canonical JSON of `value`: sorted keys, no whitespace, slashes unescaped.
  package static func canonical<T: Encodable>(_ value: T) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return [UInt8](try encoder.encode(value))
  }

  /// The bytes the signatures sign.
  package func signedBytes() throws -> [UInt8] { try Self.canonical(signed) }

  /// The file's bytes.
  package func fileBytes() throws -> [UInt8] { try Self.canonical(self) }

  /// A file name a pack may list: not empty, no separator, no `.` or `..`, no control character.
  package static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\\")
      && !name.unicodeScalars.contains { $0.properties.generalCategory == .control } && name.utf8.count <= 255
  }
}
