/// What a signed site's check found wrong: the file (a path or URL), the check, and what was expected against what
/// was found. Thrown by the index and pack checks here, and by the runtime store.
public struct SiteError: Error, Equatable, Sendable, CustomStringConvertible {
  public var file: String
  public var check: SiteCheck
  public var expected: String
  public var found: String

  public init(file: String, check: SiteCheck, expected: String, found: String) {
    self.file = file
    self.check = check
    self.expected = expected
    self.found = found
  }

  public var description: String { "\(file): \(check.rawValue): expected \(expected), found \(found)" }
}

/// The checks a signed site's index and files pass before anything of them is used.
public enum SiteCheck: String, Sendable, CaseIterable {
  /// The index's bytes: readable, and not larger than allowed.
  case read
  /// The index is JSON of the index's shape.
  case parse
  /// The bytes are the index's canonical JSON.
  case canonicalForm = "canonical form"
  /// A trusted key's signature holds, and no signature by a trusted key fails.
  case signature
  /// The schema version is one this reader knows.
  case schema
  /// Pack ids are pack ids, each listed once.
  case packID = "pack id"
  /// File names are plain names, unique within their pack.
  case fileName = "file name"
  /// Each file has a size and a 64-hex-digit SHA-256.
  case fileRecord = "file record"
  /// A pack lists its `.pack` first.
  case fileList = "file list"
  /// A file is present.
  case presence
  /// A file has the listed size: never shorter, never longer.
  case size
  /// A file has the listed SHA-256.
  case sha256
  /// A `.pack` names the listed pack id and format version.
  case identity
  /// A `.pack`'s sheet records are exactly the listed sheet files.
  case sheets
  /// A `.pack` opens and verifies.
  case pack
  /// The serial never goes down, and an equal serial has equal bytes.
  case serial
  /// A pack's revision never goes down, and files change only with a higher revision.
  case revision
  /// The index has not expired.
  case expiry
  /// The server answered (connection, HTTP status).
  case transport
  /// The server kept sending within the timeout.
  case timeout
  /// Writing the new generation.
  case install
  /// The store folder's locks.
  case lock
}
