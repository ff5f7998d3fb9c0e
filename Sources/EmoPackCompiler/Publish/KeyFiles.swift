import EmoPackFormat
import EmoSign
import EmoSite
import Foundation

/// Key files: `NAME.key` (the 64-byte secret key in base64, mode 0600) and `NAME.pub` (the 32-byte public key in
/// base64), each one line.
public enum KeyFiles {
  /// Writes a new key pair as `name.key` and `name.pub`; an existing file is never overwritten.
  public static func generate(_ name: String) throws -> (SigningKey, key: String, pub: String) {
    let key = try SigningKey.generate()
    let (secretPath, publicPath) = (name + ".key", name + ".pub")
    for path in [secretPath, publicPath] where FileManager.default.fileExists(atPath: path) {
      throw PublishError(
        file: path, check: "keygen", "exists already: emopack never overwrites a key", code: .keyExists)
    }
    let secret = Data((Data(key.bytes).base64EncodedString() + "\n").utf8)
    guard
      FileManager.default.createFile(
        atPath: secretPath, contents: secret, attributes: [.posixPermissions: NSNumber(value: 0o600)])
    else { throw PublishError(file: secretPath, check: "keygen", "cannot be written", code: .ioFailed) }
    do {
      try Data((Data(key.verifyingKey.bytes).base64EncodedString() + "\n").utf8).write(
        to: URL(fileURLWithPath: publicPath), options: .withoutOverwriting)
    } catch {
      throw PublishError(file: publicPath, check: "keygen", "cannot be written", code: .ioFailed)
    }
    return (key, secretPath, publicPath)
  }

  /// The signing key in `path`.
  public static func signingKey(_ path: String) throws -> SigningKey {
    try SigningKey(bytes: try decode(path, bytes: 64))
  }

  /// The verifying key in `path` (a `.pub` file, or a `.key` file whose public half is taken).
  public static func verifyingKey(_ path: String) throws -> VerifyingKey {
    if path.hasSuffix(".key") { return try signingKey(path).verifyingKey }
    return try VerifyingKey(bytes: try decode(path, bytes: 32))
  }

  static func decode(_ path: String, bytes count: Int) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PublishError(file: path, check: "key", "cannot be read", code: .keyInvalid)
    }
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let raw = Data(base64Encoded: text), raw.count == count else {
      throw PublishError(file: path, check: "key", "is not \(count) bytes in base64", code: .keyInvalid)
    }
    return [UInt8](raw)
  }
}

/// Why publishing or verifying stopped: the file, the check, and what was expected against what was found.
public struct PublishError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file (a path on the site, a pack, a key file).
  public var file: String
  /// The check that failed (`signature`, `size`, `pack` …).
  public var check: String
  /// What failed, in words.
  public var message: String
  /// The diagnostic code users see.
  public var code: DiagnosticCode = .siteCheck
  /// What was expected, where the check compares values.
  public var expected: String?
  /// What was found instead.
  public var found: String?

  /// Creates an error.
  public init(file: String, check: String, _ message: String, code: DiagnosticCode = .siteCheck) {
    self.file = file
    self.check = check
    self.message = message
    self.code = code
  }

  /// A site check's failure, as publishing and verifying report it.
  public init(_ error: SiteError) {
    self.init(file: error.file, check: error.check.rawValue, "expected \(error.expected), found \(error.found)")
    expected = error.expected
    found = error.found
  }

  /// The failure of reading a `.pack` or one of its sheets, with the reader's or the sheet check's own code.
  package init(file: String, reading error: any Error) {
    if let e = error as? PackError {
      self.init(file: file, check: "pack", e.messageWithOffset, code: e.code)
    } else if let p = error as? SheetProblem {
      self.init(file: p.path, check: "sheet", p.message, code: p.code)
      let d = p.diagnostic
      expected = d.expected
      found = d.found
    } else {
      self.init(file: file, check: "read", "\(error)", code: .ioFailed)
    }
  }

  public var description: String { "\(file): \(check): \(message)" }

  /// The error as a coded diagnostic; the check is its key path.
  public var diagnostic: Diagnostic {
    var d = Diagnostic(.error, code, file: file, keyPath: check, message)
    d.expected = expected
    d.found = found
    return d
  }
}
