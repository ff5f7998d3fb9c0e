import EmoImage
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

  /// Smooth gradients with a transparent band: rows where each filter wins, so the adaptive choice varies.
  static func gradientImage(width: Int, height: Int) -> RGBAImage {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        let band = y % 7 == 3
        pixels += [
          UInt8((x * 3 + y) & 255), UInt8((y * 5) & 255), UInt8((x * y) & 255), band ? 0 : UInt8(255 - x % 64),
        ]
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// The chunk types of a PNG, in order.
  static func chunkTypes(_ png: [UInt8]) -> [String] {
    var types: [String] = []
    var i = 8
    while i + 8 <= png.count {
      let length = png[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) }
      types.append(String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self))
      i += 12 + length
    }
    return types
  }

  @Test(arguments: PNGRowFilter.allCases, [0, 1, 6, 10, 12])
  func libdeflateRoundTripsEveryFilterAndLevel(filter: PNGRowFilter, level: Int) throws {
    for image in [Self.randomImage(width: 37, height: 19, seed: 5), Self.gradientImage(width: 53, height: 29)] {
      let png = try PNGEncoder.encode(
        image, options: PNGEncodeOptions(compressor: .libdeflate, level: level, filter: filter))
      #expect(try PNGDecoder.decode(png).image == image)
      #expect(Self.chunkTypes(png) == ["IHDR", "IDAT", "IEND"])
    }
  }

  @Test(arguments: PNGCompressor.allCases)
  func largeImagesAreDeterministicAndHoldOneIDAT(compressor: PNGCompressor) throws {
    // Random pixels do not compress: about 1.4 MB of image data, still in one IDAT (each more costs 12 bytes).
    let image = Self.randomImage(width: 600, height: 600, seed: 6)
    let options = PNGEncodeOptions(compressor: compressor, level: 6, filter: .none)
    let png = try PNGEncoder.encode(image, options: options)
    #expect(png == (try PNGEncoder.encode(image, options: options)))
    #expect(Self.chunkTypes(png) == ["IHDR", "IDAT", "IEND"])
    let idatLength = png[33..<37].reduce(0) { $0 << 8 | Int($1) }
    #expect(idatLength > 1 << 20 && idatLength == png.count - 8 - 25 - 12 - 12)
    #expect(try PNGDecoder.decode(png).image == image)
  }

  /// Rows with a spare byte before each (as the build's sheets have) are filtered and compressed in place; the
  /// result must be the very PNG the copying path makes, for every filter including the mixed choice.
  @Test(arguments: PNGRowFilter.allCases)
  func inPlaceRowsEncodeLikeCopiedRows(filter: PNGRowFilter) throws {
    let image = Self.gradientImage(width: 61, height: 47)
    let options = PNGEncodeOptions(compressor: .libdeflate, level: 10, filter: filter)
    let copied = try PNGEncoder.encode(image, options: options)
    let stride = image.width * 4 + 1
    var rows = [UInt8](repeating: 0xEE, count: image.height * stride)
    for y in 0..<image.height {
      rows.replaceSubrange(
        (y * stride + 1)..<((y + 1) * stride), with: image.pixels[(y * image.width * 4)..<((y + 1) * image.width * 4)])
    }
    let inPlace = try rows.withUnsafeMutableBufferPointer { buffer in
      try PNGEncoder.encode(
        rows: UnsafePointer(buffer.baseAddress! + 1), rowStride: stride, filterSlots: true, width: image.width,
        height: image.height, layout: .rgba, options: options)
    }
    #expect(inPlace == copied)
    #expect(try PNGDecoder.decode(inPlace).image == image)
  }

  /// The filter byte of every row, read from an encoding at libdeflate level 0 (stored blocks, so the filtered
  /// rows lie in the IDAT as they are).
  static func filterTypes(_ image: RGBAImage, _ filter: PNGRowFilter) throws -> [UInt8] {
    let png = try PNGEncoder.encode(image, options: PNGEncodeOptions(compressor: .libdeflate, level: 0, filter: filter))
    let idatLength = png[33..<37].reduce(0) { $0 << 8 | Int($1) }
    let zlib = Array(png[41..<(41 + idatLength)])
    var data: [UInt8] = []
    var i = 2  // zlib header
    while i < zlib.count - 4 {
      let final = zlib[i] & 1
      let length = Int(zlib[i + 1]) | Int(zlib[i + 2]) << 8
      data += zlib[(i + 5)..<(i + 5 + length)]
      i += 5 + length
      if final == 1 { break }
    }
    let stride = image.width * 4 + 1
    #expect(data.count == stride * image.height)
    return (0..<image.height).map { data[$0 * stride] }
  }

  @Test func mixedFiltersAtMostAnEighthOfTheRows() throws {
    let image = Self.gradientImage(width: 200, height: 160)
    let adaptive = try Self.filterTypes(image, .adaptive)
    let mixed = try Self.filterTypes(image, .mixed)
    #expect(try Self.filterTypes(image, .none).allSatisfy { $0 == 0 })
    let filtered = mixed.indices.filter { mixed[$0] != 0 }
    #expect(!filtered.isEmpty && filtered.count <= image.height / 8)
    // Filtered rows use a real filter (1...4); the gradient makes most rows want one.
    #expect(filtered.allSatisfy { (1...4).contains(mixed[$0]) })
    #expect(adaptive.filter { $0 != 0 }.count > filtered.count)
  }

  @Test func libdeflateAtLevel10BeatsZlibAtLevel9() throws {
    let image = Self.gradientImage(width: 200, height: 120)
    let zlib = try PNGEncoder.encode(image, options: PNGEncodeOptions(level: 9, filter: .none))
    let libdeflate = try PNGEncoder.encode(
      image, options: PNGEncodeOptions(compressor: .libdeflate, level: 10, filter: .none))
    #expect(libdeflate.count < zlib.count)
    #expect(try PNGDecoder.decode(libdeflate).image == image)
  }

  @Test func libdeflateLevelOutOfRangeIsRejected() {
    let image = Self.randomImage(width: 4, height: 4, seed: 7)
    #expect(throws: PNGError(.invalidArgument, "invalid libdeflate level (0...12)")) {
      try PNGEncoder.encode(image, options: PNGEncodeOptions(compressor: .libdeflate, level: 13))
    }
  }

  @Test(arguments: [1, 2, 4, 8])
  func libdeflateGrayRoundTripAtEveryDepth(bitDepth: Int) throws {
    // 13 columns: rows end in a partly filled byte at depths below 8.
    var g = SplitMix(seed: 8)
    let samples = (0..<(13 * 7)).map { _ in UInt8(g.next() % UInt64(1 << bitDepth)) }
    for filter in [PNGRowFilter.none, .adaptive] {
      let png = try PNGEncoder.encode(
        samples: samples, width: 13, height: 7, layout: .gray(bitDepth: bitDepth),
        options: PNGEncodeOptions(compressor: .libdeflate, level: 10, filter: filter))
      let decoded = try PNGDecoder.decode(png)
      #expect(decoded.header.bitDepth == bitDepth)
      let scaled = samples.map { UInt8(Int($0) * 255 / ((1 << bitDepth) - 1)) }
      #expect(decoded.image.pixels == scaled.flatMap { [$0, $0, $0, 255] })
    }
  }

  @Test(arguments: [1, 2, 4, 8], PNGCompressor.allCases)
  func paletteRoundTripIsLossless(bitDepth: Int, compressor: PNGCompressor) throws {
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
      layout: .indexed(palette: palette, alpha: alpha, bitDepth: bitDepth),
      options: PNGEncodeOptions(compressor: compressor, level: compressor == .zlib ? 9 : 10))
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

  @Test func libdeflateProducesZlibStream() throws {
    let data = [UInt8](repeating: 42, count: 10_000)
    let out = try #require(Zlib.libdeflate(data, level: 12))
    #expect(out.count < 100)
    #expect(out.first == 0x78)
    #expect(!Zlib.libdeflateVersion.isEmpty)
  }

  @Test func deflateProducesZlibStream() throws {
    let data = [UInt8](repeating: 42, count: 10_000)
    let out = try #require(Zlib.deflate(data))
    #expect(out.count < 100)
    #expect(out.first == 0x78)
  }
}
