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
      throw PublishError(file: path, check: "keygen", "exists already: emopack never overwrites a key")
    }
    let secret = Data((Data(key.bytes).base64EncodedString() + "\n").utf8)
    guard
      FileManager.default.createFile(
        atPath: secretPath, contents: secret, attributes: [.posixPermissions: NSNumber(value: 0o600)])
    else { throw PublishError(file: secretPath, check: "keygen", "cannot be written") }
    try Data((Data(key.verifyingKey.bytes).base64EncodedString() + "\n").utf8).write(
      to: URL(fileURLWithPath: publicPath), options: .withoutOverwriting)
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
      throw PublishError(file: path, check: "key", "cannot be read")
    }
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let raw = Data(base64Encoded: text), raw.count == count else {
      throw PublishError(file: path, check: "key", "is not \(count) bytes in base64")
    }
    return [UInt8](raw)
  }
}

/// Why publishing or verifying stopped: the file, the check, and what was expected against what was found.
public struct PublishError: Error, Equatable, Sendable, CustomStringConvertible {
  public var file: String
  public var check: String
  public var message: String

  public init(file: String, check: String, _ message: String) {
    self.file = file
    self.check = check
    self.message = message
  }

  /// A site check's failure, as publishing and verifying report it.
  public init(_ error: SiteError) {
    self.init(file: error.file, check: error.check.rawValue, "expected \(error.expected), found \(error.found)")
  }

  public var description: String { "\(file): \(check): \(message)" }
}
