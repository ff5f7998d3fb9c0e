import Foundation
import Testing

@testable import EmoPNG

/// The length-prefixed zlib records the CLI embeds its web bundles in: they give back their bytes, the inflate also
/// reads what zlib itself wrote, and damaged or cut records are refused.
@Suite struct ZlibTests {
  @Test func sizedRecordsGiveTheirBytesBack() throws {
    var generator = SystemRandomNumberGenerator()
    for size in [0, 1, 255, 4096, 100_003] {
      let bytes = (0..<size).map { _ in UInt8.random(in: 0...15, using: &generator) }
      let stored = try #require(Zlib.sized(bytes))
      #expect(Array(stored[0..<4]) == [UInt8(size & 255), UInt8(size >> 8 & 255), UInt8(size >> 16 & 255), 0])
      #expect(Zlib.unsized(stored) == bytes, "\(size) bytes")
      // The stream is plain zlib: zlib's deflate of the same bytes inflates to them by the same call.
      let zlibStream = try #require(Zlib.deflate(bytes))
      #expect(Zlib.inflate(zlibStream, size: size) == bytes)
    }
  }

  @Test func damagedOrCutRecordsAreRefused() throws {
    let bytes = [UInt8](repeating: 7, count: 1000) + (0..<1000).map { UInt8($0 % 251) }
    let stored = try #require(Zlib.sized(bytes))
    #expect(Zlib.unsized(Array(stored.prefix(3))) == nil)
    #expect(Zlib.unsized(Array(stored.dropLast(5))) == nil)
    var longer = stored
    longer[0] &+= 1  // a length one more than the stream holds
    #expect(Zlib.unsized(longer) == nil)
    var flipped = stored
    flipped[stored.count / 2] ^= 0x40
    #expect(Zlib.unsized(flipped) == nil)
  }
}
