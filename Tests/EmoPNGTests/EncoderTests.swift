import EmoPNG
import Foundation
import TestSupport
import Testing

@Suite struct EncoderTests {
  static func randomImage(width: Int, height: Int, seed: UInt64) -> RGBAImage {
    var g = SplitMix(seed: seed)
    return RGBAImage(
      width: width, height: height, pixels: (0..<(width * height * 4)).map { _ in UInt8(truncatingIfNeeded: g.next()) })
  }

  @Test(arguments: PNGRowFilter.allCases)
  func rgbaRoundTripIsLossless(filter: PNGRowFilter) throws {
    let image = Self.randomImage(width: 37, height: 19, seed: 1)
    let png = try PNGEncoder.encode(image, options: PNGEncodeOptions(level: 6, filter: filter))
    let back = try PNGDecoder.decode(png)
    #expect(back.image == image)
    #expect(back.header.colorType == .rgba)
  }

  @Test(arguments: PNGStrategy.allCases)
  func everyStrategyRoundTrips(strategy: PNGStrategy) throws {
    let image = Self.randomImage(width: 16, height: 16, seed: 2)
    let png = try PNGEncoder.encode(image, options: PNGEncodeOptions(level: 9, strategy: strategy))
    #expect(try PNGDecoder.decode(png).image == image)
  }

  @Test(arguments: [1, 2, 4, 8])
  func paletteRoundTripIsLossless(bitDepth: Int) throws {
    let colors = 1 << bitDepth
    var palette: [UInt8] = []
    for i in 0..<colors {
      palette += [UInt8(i * 255 / max(colors - 1, 1)), UInt8(255 - i), UInt8(i * 7 & 255)]
    }
    let alpha = (0..<(colors / 2 + 1)).map { UInt8($0 * 50 & 255) }
    var g = SplitMix(seed: 3)
    let width = 13
    let height = 9
    let indices = (0..<(width * height)).map { _ in UInt8(g.next() % UInt64(colors)) }
    let png = try PNGEncoder.encode(
      samples: indices, width: width, height: height,
      layout: .indexed(palette: palette, alpha: alpha, bitDepth: bitDepth))
    let decoded = try PNGDecoder.decode(png)
    #expect(decoded.header.colorType == .palette)
    #expect(decoded.header.bitDepth == bitDepth)
    for (i, index) in indices.enumerated() {
      let p = Int(index)
      let expected: [UInt8] = [
        palette[p * 3], palette[p * 3 + 1], palette[p * 3 + 2], p < alpha.count ? alpha[p] : 255,
      ]
      #expect(Array(decoded.image.pixels[(i * 4)..<(i * 4 + 4)]) == expected)
    }
  }

  @Test func grayRoundTrip() throws {
    let samples = (0..<64).map { UInt8($0 * 4) }
    let png = try PNGEncoder.encode(samples: samples, width: 8, height: 8, layout: .gray(bitDepth: 8))
    let decoded = try PNGDecoder.decode(png)
    #expect(decoded.header.colorType == .gray)
    #expect(decoded.image.pixels == samples.flatMap { [$0, $0, $0, 255] })
  }

  @Test func sameInputGivesSameBytesWithoutMetadata() throws {
    let image = Self.randomImage(width: 20, height: 20, seed: 4)
    let a = try PNGEncoder.encode(image)
    let b = try PNGEncoder.encode(image)
    #expect(a == b)
    let text = String(decoding: a, as: UTF8.self)
    for chunk in ["tIME", "tEXt", "zTXt", "iTXt", "pHYs"] { #expect(!text.contains(chunk)) }
  }

  @Test func mismatchedSamplesAreRejected() {
    #expect(throws: PNGError(.invalidArgument, "expected 4x4 pixels of 4 bytes, got 3 bytes")) {
      try PNGEncoder.encode(samples: [1, 2, 3], width: 4, height: 4, layout: .rgba)
    }
  }

  @Test func crcMatchesKnownValue() {
    #expect(Zlib.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
  }

  @Test func deflateProducesZlibStream() throws {
    let data = [UInt8](repeating: 42, count: 10_000)
    let out = try #require(Zlib.deflate(data))
    #expect(out.count < 100)
    #expect(out.first == 0x78)
  }
}
