/// CRC-32 (IEEE 802.3, as zlib and PNG use), in pure Swift so the runtime needs no zlib.
package enum CRC32 {
  private static let table: [[UInt32]] = {
    var tables = [[UInt32]](repeating: [UInt32](repeating: 0, count: 256), count: 8)
    for i in 0..<256 {
      var c = UInt32(i)
      for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
      tables[0][i] = c
    }
    for i in 0..<256 {
      for t in 1..<8 { tables[t][i] = (tables[t - 1][i] >> 8) ^ tables[0][Int(tables[t - 1][i] & 0xFF)] }
    }
    return tables
  }()

  /// The CRC-32 of `bytes`, continuing from `crc` (0 to start).
  package static func checksum(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
    var c = ~crc
    let t = table
    var i = 0
    let n = bytes.count
    // Slicing-by-8: eight table look-ups per eight bytes.
    while i + 8 <= n {
      let lo =
        c ^ (UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24)
      let hi =
        UInt32(bytes[i + 4]) | UInt32(bytes[i + 5]) << 8 | UInt32(bytes[i + 6]) << 16 | UInt32(bytes[i + 7]) << 24
      c =
        t[7][Int(lo & 0xFF)] ^ t[6][Int((lo >> 8) & 0xFF)] ^ t[5][Int((lo >> 16) & 0xFF)] ^ t[4][Int(lo >> 24)]
        ^ t[3][Int(hi & 0xFF)] ^ t[2][Int((hi >> 8) & 0xFF)] ^ t[1][Int((hi >> 16) & 0xFF)] ^ t[0][Int(hi >> 24)]
      i += 8
    }
    while i < n {
      c = t[0][Int((c ^ UInt32(bytes[i])) & 0xFF)] ^ (c >> 8)
      i += 1
    }
    return ~c
  }

  /// The CRC-32 of a byte array.
  package static func checksum(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBytes { checksum($0) }
  }
}

/// SHA-256 (FIPS 180-4), used for the content hash of each sheet PNG.
package struct SHA256: Sendable {
  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  private var h: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]
  private var buffer: [UInt8] = []
  private var length: UInt64 = 0

  /// Starts a new hash.
  package init() {}

  /// Feeds `bytes` into the hash.
  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    length &+= UInt64(bytes.count)
    var i = 0
    if !buffer.isEmpty {
      while i < bytes.count && buffer.count < 64 {
        buffer.append(bytes[i])
        i += 1
      }
      if buffer.count == 64 {
        let block = buffer
        block.withUnsafeBytes { compress($0, 0) }
        buffer.removeAll(keepingCapacity: true)
      }
    }
    while i + 64 <= bytes.count {
      compress(bytes, i)
      i += 64
    }
    while i < bytes.count {
      buffer.append(bytes[i])
      i += 1
    }
  }

  /// Finishes and returns the 32-byte digest.
  package mutating func finalize() -> [UInt8] {
    let bits = length &* 8
    var tail = buffer
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    for s in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(s))) }
    tail.withUnsafeBytes { raw in
      var o = 0
      while o < raw.count {
        compress(raw, o)
        o += 64
      }
    }
    buffer.removeAll()
    return h.flatMap { v in [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
  }

  /// The digest of `bytes` in one call.
  package static func hash(_ bytes: [UInt8]) -> [UInt8] {
    var s = SHA256()
    bytes.withUnsafeBytes { s.update($0) }
    return s.finalize()
  }

  private mutating func compress(_ p: UnsafeRawBufferPointer, _ offset: Int) {
    // The message schedule lives on the stack: one heap array per 64-byte block was most of the cost.
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
      for t in 0..<16 {
        w[t] = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: offset &+ t &* 4, as: UInt32.self))
      }
      for t in 16..<64 {
        let s0 = w[t - 15].rotr(7) ^ w[t - 15].rotr(18) ^ (w[t - 15] >> 3)
        let s1 = w[t - 2].rotr(17) ^ w[t - 2].rotr(19) ^ (w[t - 2] >> 10)
        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
      }
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7]
      Self.k.withUnsafeBufferPointer { k in
        for t in 0..<64 {
          let s1 = e.rotr(6) ^ e.rotr(11) ^ e.rotr(25)
          let ch = (e & f) ^ (~e & g)
          let t1 = hh &+ s1 &+ ch &+ k[t] &+ w[t]
          let s0 = a.rotr(2) ^ a.rotr(13) ^ a.rotr(22)
          let maj = (a & b) ^ (a & c) ^ (b & c)
          let t2 = s0 &+ maj
          hh = g
          g = f
          f = e
          e = d &+ t1
          d = c
          c = b
          b = a
          a = t1 &+ t2
        }
      }
      h[0] &+= a
      h[1] &+= b
      h[2] &+= c
      h[3] &+= d
      h[4] &+= e
      h[5] &+= f
      h[6] &+= g
      h[7] &+= hh
    }
  }
}

extension UInt32 {
  fileprivate func rotr(_ n: UInt32) -> UInt32 { (self >> n) | (self << (32 - n)) }
}

/// Hex text of bytes, lower case.
package func hexString(_ bytes: some Sequence<UInt8>) -> String {
  let digits = Array("0123456789abcdef".utf8)
  var out: [UInt8] = []
  for b in bytes {
    out.append(digits[Int(b >> 4)])
    out.append(digits[Int(b & 15)])
  }
  return String(decoding: out, as: UTF8.self)
}

/// FNV-1a, 32 bits: the hash of the pack's lookup indexes.
@inline(__always)
func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
  var h: UInt32 = 0x811C_9DC5
  for b in bytes { h = (h ^ UInt32(b)) &* 0x0100_0193 }
  return h
}
