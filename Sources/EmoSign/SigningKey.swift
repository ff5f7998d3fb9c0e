import CEmoSodium

/// An Ed25519 key pair's secret half (libsodium's 64 bytes: seed and public key), which signs.
public struct SigningKey: Sendable, Equatable {
  /// The 64 secret bytes.
  public let bytes: [UInt8]

  /// A new key from the system's randomness.
  public static func generate() throws(SignError) -> SigningKey {
    var pk = [UInt8](repeating: 0, count: 32)
    var sk = [UInt8](repeating: 0, count: 64)
    guard emosodium_keypair(&pk, &sk) == 0 else { throw SignError("libsodium could not make a key pair") }
    return SigningKey(checked: sk)
  }

  /// A key from its 64 bytes.
  public init(bytes: [UInt8]) throws(SignError) {
    guard bytes.count == 64 else { throw SignError("a secret key is 64 bytes, found \(bytes.count)") }
    self.init(checked: bytes)
  }

  private init(checked: [UInt8]) { bytes = checked }

  /// Its public half.
  public var verifyingKey: VerifyingKey {
    var pk = [UInt8](repeating: 0, count: 32)
    _ = emosodium_public_key(bytes, &pk)
    return VerifyingKey(checked: pk)
  }

  /// The detached signature of `message`.
  public func sign(_ message: [UInt8]) throws(SignError) -> [UInt8] {
    var signature = [UInt8](repeating: 0, count: 64)
    let code = message.withUnsafeBufferPointer { emosodium_sign(&signature, $0.baseAddress, $0.count, bytes) }
    guard code == 0 else { throw SignError("libsodium could not sign") }
    return signature
  }
}

/// An Ed25519 public key, which verifies.
public struct VerifyingKey: Sendable, Equatable, Hashable {
  /// The 32 public bytes.
  public let bytes: [UInt8]

  /// A key from its 32 bytes.
  public init(bytes: [UInt8]) throws(SignError) {
    guard bytes.count == 32 else { throw SignError("a public key is 32 bytes, found \(bytes.count)") }
    self.init(checked: bytes)
  }

  init(checked: [UInt8]) { bytes = checked }

  /// The key id: the first 8 bytes of the SHA-256 of the key, in hex.
  public var id: String {
    Digest.sha256(bytes).prefix(8).map { byte in
      let hex = String(byte, radix: 16)
      return hex.count == 1 ? "0" + hex : hex
    }.joined()
  }

  /// True when `signature` is this key's signature of `message`.
  public func isValidSignature(_ signature: [UInt8], of message: [UInt8]) -> Bool {
    guard signature.count == 64 else { return false }
    return message.withUnsafeBufferPointer { emosodium_verify(signature, $0.baseAddress, $0.count, bytes) } == 0
  }
}

/// SHA-256 through libsodium.
public enum Digest {
  public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 32)
    _ = bytes.withUnsafeBufferPointer { emosodium_sha256(&out, $0.baseAddress, $0.count) }
    return out
  }
}

/// A signing failure, in a sentence.
public struct SignError: Error, Equatable, Sendable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
