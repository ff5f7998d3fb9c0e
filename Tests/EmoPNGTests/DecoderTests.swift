import EmoPNG
import Foundation
import TestSupport
import Testing

@Suite struct DecoderTests {
  @Test func zeroBytesIsNotPNG() {
    let error = #expect(throws: PNGError.self) { try PNGDecoder.decode([UInt8]()) }
    #expect(error?.kind == .notPNG)
    #expect(error?.message == "empty data: not a PNG file")
  }

  @Test func textIsNotPNG() {
    let error = #expect(throws: PNGError.self) { try PNGDecoder.decode(Array("hello, world".utf8)) }
    #expect(error?.kind == .notPNG)
    #expect(error?.message == "Not a PNG file")
  }

  @Test func jpegIsNotPNG() {
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01]
    #expect(throws: PNGError(.notPNG, "Not a PNG file")) { try PNGDecoder.decode(jpeg) }
  }

  /// Every prefix of a valid file is refused with an error; none decodes, none crashes.
  @Test(arguments: ["basn6a08.png", "basi3p02.png", "basn0g16.png"])
  func everyTruncationIsRejected(name: String) throws {
    let data = [UInt8](try Fixtures.data("pngsuite/\(name)"))
    for length in 0..<data.count {
      #expect(throws: PNGError.self, "prefix of \(length) bytes") {
        try PNGDecoder.decode(Array(data[0..<length]))
      }
    }
    #expect(throws: Never.self) { try PNGDecoder.decode(data) }
  }

  @Test func headerAloneGivesDimensions() throws {
    let header = try PNGDecoder.header(of: try Fixtures.data("pngsuite/basi3p04.png"))
    #expect(header == PNGHeader(width: 32, height: 32, bitDepth: 4, colorType: .palette, interlaced: true))
  }

  /// A tiny file whose IHDR declares 100000×100000 is refused before any pixel memory exists.
  @Test func decompressionBombIsRefusedFromHeader() throws {
    let bomb = Self.pngWithHeader(width: 100_000, height: 100_000)
    let header = try PNGDecoder.header(of: bomb)
    #expect(header.width == 100_000)
    #expect(throws: PNGError(.tooLarge, "image is 100000x100000, over the limit of 4096x4096")) {
      try PNGDecoder.decode(bomb)
    }
  }

  @Test func pixelByteLimitApplies() throws {
    let data = try Fixtures.data("pngsuite/basn6a08.png")
    let limits = PNGLimits(maxWidth: 100, maxHeight: 100, maxPixelBytes: 1000)
    #expect(throws: PNGError(.tooLarge, "image needs 4096 bytes of pixels, over the limit of 1000")) {
      try PNGDecoder.decode(data, limits: limits)
    }
  }

  @Test func randomGarbageAfterSignatureIsRejected() {
    var generator = SplitMix(seed: 7)
    for _ in 0..<200 {
      var bytes: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
      for _ in 0..<Int(generator.next() % 300) { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
      #expect(throws: PNGError.self) { try PNGDecoder.decode(bytes) }
    }
  }

  /// A signature followed by an IHDR chunk with a correct CRC and nothing else.
  static func pngWithHeader(width: UInt32, height: UInt32) -> [UInt8] {
    var chunk: [UInt8] = Array("IHDR".utf8)
    for v in [width, height] {
      chunk += [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)]
    }
    chunk += [8, 6, 0, 0, 0]
    let crc = Zlib.crc32(chunk)
    var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13]
    out += chunk
    out += [UInt8(crc >> 24), UInt8((crc >> 16) & 255), UInt8((crc >> 8) & 255), UInt8(crc & 255)]
    return out
  }
}
