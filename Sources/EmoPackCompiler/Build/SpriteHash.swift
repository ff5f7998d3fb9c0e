
/// A fast 64-bit hash of sprite pixels (only to find candidates; equality is checked on the bytes).
enum SpriteHash {
  static func of(_ sprite: [TrimmedImage]) -> UInt64 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15
    for t in sprite {
      let image = t.image
      h = (h ^ UInt64(t.left << 16 | t.top)) &* 0xBF58_476D_1CE4_E5B9
      image.pixels.withUnsafeBytes { raw in
        var i = 0
        let n = raw.count
        while i + 8 <= n {
          h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x0000_0100_0000_01B3
          h ^= h >> 29
          i += 8
        }
        while i < n {
          h = (h ^ UInt64(raw[i])) &* 0x0000_0100_0000_01B3
          i += 1
        }
      }
      h = (h ^ UInt64(image.width)) &* 0xBF58_476D_1CE4_E5B9
    }
    return h
  }
}
