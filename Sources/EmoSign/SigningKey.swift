#if canImport(CryptoKit)
import CryptoKit
#else
import CEmoSodium
#endif

/// An Ed25519 key pair's secret half (libsodium's 64 bytes: seed and public key), which signs.
public struct SigningKey: Sendable, Equatable {
  /// The 64 secret bytes.
  public let bytes: [UInt8]

  /// A new key from the system's randomness.
  public static func generate() throws(SignError) -> SigningKey {
    #if canImport(CryptoKit)
    let key = Curve25519.Signing.PrivateKey()
    return SigningKey(checked: [UInt8](key.rawRepresentation) + [UInt8](key.publicKey.rawRepresentation))
    #else
    var pk = [UInt8](repeating: 0, count: 32)
    var sk = [UInt8](repeating: 0, count: 64)
    guard emosodium_keypair(&pk, &sk) == 0 else { throw SignError("libsodium could not make a key pair") }
    return SigningKey(checked: sk)
    #endif
  }

  /// A key from its 64 bytes.
  public init(bytes: [UInt8]) throws(SignError) {
    guard bytes.count == 64 else { throw SignError("a secret key is 64 bytes, found \(bytes.count)") }
    self.init(checked: bytes)
  }

  private init(checked: [UInt8]) { bytes = checked }

  /// Its public half.
  public var verifyingKey: VerifyingKey {
    #if canImport(CryptoKit)
    if let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: bytes[..<32]) {
      return VerifyingKey(checked: [UInt8](key.publicKey.rawRepresentation))
    }
    return VerifyingKey(checked: Array(bytes[32...]))
    #else
    var pk = [UInt8](repeating: 0, count: 32)
    _ = emosodium_public_key(bytes, &pk)
    return VerifyingKey(checked: pk)
    #endif
  }

  /// The detached signature of `message`.
  public func sign(_ message: [UInt8]) throws(SignError) -> [UInt8] {
    #if canImport(CryptoKit)
    do {
      let key = try Curve25519.Signing.PrivateKey(rawRepresentation: bytes[..<32])
      return [UInt8](try key.signature(for: message))
    } catch { throw SignError("CryptoKit could not sign: \(error)") }
    #else
    var signature = [UInt8](repeating: 0, count: 64)
    let code = message.withUnsafeBufferPointer { emosodium_sign(&signature, $0.baseAddress, $0.count, bytes) }
    guard code == 0 else { throw SignError("libsodium could not sign") }
    return signature
    #endif
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

  /// True when `signature` is this key's signature of `message` (CryptoKit's `Curve25519.Signing` where it
  /// exists, libsodium elsewhere).
  public func isValidSignature(_ signature: [UInt8], of message: [UInt8]) -> Bool {
    guard signature.count == 64 else { return false }
    #if canImport(CryptoKit)
    guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: bytes) else { return false }
    return key.isValidSignature(signature, for: message)
    #else
    return message.withUnsafeBufferPointer { emosodium_verify(signature, $0.baseAddress, $0.count, bytes) } == 0
    #endif
  }
}

/// SHA-256 (CryptoKit where it exists, libsodium elsewhere), at once or fed in pieces.
public struct Digest: Sendable {
  #if canImport(CryptoKit)
  private var state = SHA256()
  #else
  private var state = emosodium_sha256_state()
  #endif

  public init() {
    #if !canImport(CryptoKit)
    _ = emosodium_sha256_init(&state)
    #endif
  }

  /// Adds `bytes` to what is digested.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    #if canImport(CryptoKit)
    state.update(bufferPointer: bytes)
    #else
    _ = emosodium_sha256_update(&state, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
    #endif
  }

  /// The digest of everything added.
  public mutating func finish() -> [UInt8] {
    #if canImport(CryptoKit)
    return [UInt8](state.finalize())
    #else
    var out = [UInt8](repeating: 0, count: 32)
    _ = emosodium_sha256_final(&state, &out)
    return out
    #endif
  }

  public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
    var d = Digest()
    bytes.withUnsafeBytes { d.update($0) }
    return d.finish()
  }
}

/// A signing failure, in a sentence.
public struct SignError: Error, Equatable, Sendable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
