import Foundation

/// A signed site's `index.json`: the signed part and its signatures, written as canonical JSON (sorted keys, no
/// spaces), so that the file's bytes are the only encoding a verifier accepts.
public struct SiteIndex: Codable, Sendable, Equatable {
  /// What is signed: the packs and the site's serial.
  public struct Signed: Codable, Sendable, Equatable {
    /// The index format (1).
    public var schemaVersion: Int
    /// One higher than the previous index's; a client refuses a lower one.
    public var serial: Int
    /// When the index stops being current (ISO 8601, UTC), if the publisher said so.
    public var expires: String?
    public var packs: [Pack]

    public init(schemaVersion: Int, serial: Int, expires: String?, packs: [Pack]) {
      self.schemaVersion = schemaVersion
      self.serial = serial
      self.expires = expires
      self.packs = packs
    }
  }

  /// One pack: its identity and every file it needs.
  public struct Pack: Codable, Sendable, Equatable {
    public var id: String
    public var names: [Name]
    /// The `.pack` format version, such as `2.2`.
    public var formatVersion: String
    /// Grows by one whenever any of the pack's files changes.
    public var revision: Int
    /// The `.pack` first, then its sheets, by the names the `.pack` records.
    public var files: [File]

    public init(id: String, names: [Name], formatVersion: String, revision: Int, files: [File]) {
      self.id = id
      self.names = names
      self.formatVersion = formatVersion
      self.revision = revision
      self.files = files
    }
  }

  public struct Name: Codable, Sendable, Equatable {
    public var locale: String
    public var name: String

    public init(locale: String, name: String) {
      self.locale = locale
      self.name = name
    }
  }

  /// A file by name, size and SHA-256 (hex); stored on the site as `files/<sha256>`.
  public struct File: Codable, Sendable, Equatable {
    public var name: String
    public var size: Int
    public var sha256: String

    public init(name: String, size: Int, sha256: String) {
      self.name = name
      self.size = size
      self.sha256 = sha256
    }
  }

  /// A signature of the signed part's canonical bytes, with the signing key's id.
  public struct Signature: Codable, Sendable, Equatable {
    public var keyId: String
    /// Base64 of the 64-byte Ed25519 signature.
    public var signature: String

    public init(keyId: String, signature: String) {
      self.keyId = keyId
      self.signature = signature
    }
  }

  public var signed: Signed
  public var signatures: [Signature]

  public init(signed: Signed, signatures: [Signature]) {
    self.signed = signed
    self.signatures = signatures
  }

  /// The canonical JSON of `value`: sorted keys, no whitespace, slashes unescaped.
  public static func canonical<T: Encodable>(_ value: T) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return [UInt8](try encoder.encode(value))
  }

  /// The bytes the signatures sign.
  public func signedBytes() throws -> [UInt8] { try Self.canonical(signed) }

  /// The file's bytes.
  public func fileBytes() throws -> [UInt8] { try Self.canonical(self) }

  /// A file name a pack may list: not empty, no separator, no `.` or `..`, no control character.
  public static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\\")
      && !name.unicodeScalars.contains { $0.properties.generalCategory == .control } && name.utf8.count <= 255
  }
}
