import EmoSign
import Testing

/// Published vectors for whichever signature and digest path this platform builds (CryptoKit on Apple
/// platforms, libsodium elsewhere): RFC 8032 section 7.1 and FIPS 180-2's SHA-256 examples.
@Suite struct SignatureVectorTests {
  static func bytes(_ hex: String) -> [UInt8] {
    var out: [UInt8] = []
    var i = hex.startIndex
    while i < hex.endIndex {
      let j = hex.index(i, offsetBy: 2)
      out.append(UInt8(hex[i..<j], radix: 16)!)
      i = j
    }
    return out
  }

  static let ed25519: [(secret: String, public: String, message: String, signature: String)] = [
    (
      "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
      "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
      "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
    ),
    (
      "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
      "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
      "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"
    ),
    (
      "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
      "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
      "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"
    ),
  ]

  @Test(arguments: 0..<3) func ed25519VectorsSignAndVerify(_ k: Int) throws {
    let v = Self.ed25519[k]
    let key = try SigningKey(bytes: Self.bytes(v.secret + v.public))
    #expect(key.verifyingKey.bytes == Self.bytes(v.public))
    #expect(try key.sign(Self.bytes(v.message)) == Self.bytes(v.signature))
    let verifying = try VerifyingKey(bytes: Self.bytes(v.public))
    #expect(verifying.isValidSignature(Self.bytes(v.signature), of: Self.bytes(v.message)))
    var forged = Self.bytes(v.signature)
    forged[k * 7] ^= 0x10
    #expect(!verifying.isValidSignature(forged, of: Self.bytes(v.message)))
    #expect(!verifying.isValidSignature(Self.bytes(v.signature), of: Self.bytes(v.message) + [0]))
  }

  @Test func sha256VectorsAtOnceAndInPieces() {
    let abc = Array("abc".utf8)
    let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
    #expect(Digest.sha256([]) == Self.bytes("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"))
    #expect(Digest.sha256(abc) == Self.bytes("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
    #expect(Digest.sha256(long) == Self.bytes("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"))
    for split in 0...long.count {
      var d = Digest()
      long[..<split].withUnsafeBytes { d.update($0) }
      long[split...].withUnsafeBytes { d.update($0) }
      #expect(d.finish() == Digest.sha256(long), "split at \(split)")
    }
  }
}
