import EmoPNG
import Foundation
import Testing

// The reference RGBA dumps in Fixtures/rgba were made once by
// build-tools/goldens/pngsuite_rgba.py, which decodes each file with pypng (a
// pure-Python decoder independent of libpng) and applies the conversion rules
// written out in that script (palette/tRNS expansion, exact scaling of low bit
// depths, rounding of 16-bit samples, no gamma). Every valid file must match
// byte for byte.

@Suite struct PngSuiteTests {
  static let valid = Fixtures.pngSuite(corrupt: false)
  static let corrupt = Fixtures.pngSuite(corrupt: true)

  @Test func suiteIsComplete() {
    #expect(Self.valid.count == 161)
    #expect(Self.corrupt.count == 14)
  }

  @Test(arguments: valid)
  func validImageMatchesReference(name: String) throws {
    let decoded = try PNGDecoder.decode(try Fixtures.data("pngsuite/\(name)"))
    let reference = try Fixtures.data("rgba/\(name.dropLast(4)).rgba")
    #expect(decoded.image.pixels.count == reference.count)
    let mismatch = zip(decoded.image.pixels, reference).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(mismatch == nil, "first differing byte at \(mismatch?.offset ?? -1)")
    let header = try PNGDecoder.header(of: try Fixtures.data("pngsuite/\(name)"))
    #expect(header.width * header.height * 4 == reference.count)
  }

  /// libpng's reason for each corrupt file (see shared/testdata/pngsuite/README.md).
  static let reasons: [String: String] = [
    "xs1n0g01.png": "Not a PNG file",
    "xs2n0g01.png": "Not a PNG file",
    "xs4n0g01.png": "Not a PNG file",
    "xs7n0g01.png": "PNG file corrupted by ASCII conversion",
    "xcrn0g04.png": "PNG file corrupted by ASCII conversion",
    "xlfn0g04.png": "PNG file corrupted by ASCII conversion",
    "xc1n0g08.png": "Invalid IHDR data",
    "xc9n2c08.png": "Invalid IHDR data",
    "xd0n2c08.png": "Invalid IHDR data",
    "xd3n2c08.png": "Invalid IHDR data",
    "xd9n2c08.png": "Invalid IHDR data",
    "xhdn0g08.png": "IHDR: CRC error",
    "xcsn0g01.png": "IDAT: CRC error",
    "xdtn0g01.png": "IEND: out of place",
  ]

  @Test(arguments: corrupt)
  func corruptImageIsRejectedWithReason(name: String) throws {
    let data = try Fixtures.data("pngsuite/\(name)")
    let expected = try #require(Self.reasons[name])
    let error = #expect(throws: PNGError.self) { try PNGDecoder.decode(data) }
    #expect(error?.message == expected)
  }
}
