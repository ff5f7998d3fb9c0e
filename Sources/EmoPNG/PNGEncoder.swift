import CEmoPNG
import EmoImage
import Foundation

/// PNG row filters (the filter byte before each row).
public enum PNGRowFilter: String, CaseIterable, Sendable {
  case none, sub, up, average, paeth
  /// libpng's per-row choice among all five by minimum sum of absolute differences.
  case adaptive
  /// The adaptive choice on the eighth of the rows where it saves the most of that cost, the other rows
  /// unfiltered (libdeflate only; with zlib it is `adaptive`). On emoticon sheets it buys part of adaptive
  /// filtering's gain for a part of its compression time (docs/BENCHMARKS.md).
  case mixed

  var mask: Int32 {
    switch self {
    case .none: return 0x08
    case .sub: return 0x10
    case .up: return 0x20
    case .average: return 0x40
    case .paeth: return 0x80
    case .adaptive: return 0xF8
    case .mixed: return 0xF8 | 0x100
    }
  }
}

/// zlib's compression strategies.
public enum PNGStrategy: Int32, CaseIterable, Sendable {
  case `default` = 0
  case filtered = 1
  case huffmanOnly = 2
  case rle = 3
  case fixed = 4
}

/// The deflate implementation that compresses the image data.
public enum PNGCompressor: String, CaseIterable, Sendable {
  /// zlib through libpng's row writer: levels 0...9, strategies and memLevel apply.
  case zlib
  /// libdeflate on the whole filtered image: levels 0...12, where 10–12 use near-optimal parsing
  /// (smaller than zlib's best); strategy and memLevel do not apply.
  case libdeflate
  /// zopfli on the whole filtered image: `level` is its iteration count (1...1000). Up to a few per cent smaller
  /// than libdeflate's level 12, about a hundred times slower; strategy and memLevel do not apply.
  case zopfli
}

/// Compressor and filter settings for one encode.
public struct PNGEncodeOptions: Equatable, Sendable {
  /// Which deflate implementation compresses the rows.
  public var compressor: PNGCompressor
  /// zlib level 0...9, libdeflate level 0...12, or zopfli iterations 1...1000.
  public var level: Int
  /// zlib strategy (zlib only).
  public var strategy: PNGStrategy
  /// zlib memLevel 1...9 (zlib only).
  public var memLevel: Int
  /// The row filter.
  public var filter: PNGRowFilter

  /// Creates options; the defaults are zlib level 9, default strategy, memLevel 9, adaptive filter.
  public init(
    compressor: PNGCompressor = .zlib, level: Int = 9, strategy: PNGStrategy = .default, memLevel: Int = 9,
    filter: PNGRowFilter = .adaptive
  ) {
    self.compressor = compressor
    self.level = level
    self.strategy = strategy
    self.memLevel = memLevel
    self.filter = filter
  }
}

/// The pixel layouts the encoder writes.
public enum PNGPixelLayout: Sendable, Equatable {
  /// 8-bit RGBA, 4 bytes a pixel.
  case rgba
  /// 8-bit RGB, 3 bytes a pixel.
  case rgb
  /// 8-bit gray + alpha, 2 bytes a pixel.
  case grayAlpha
  /// Gray, one byte a pixel in the input, written at `bitDepth` 1, 2, 4 or 8.
  case gray(bitDepth: Int)
  /// Palette indices, one byte a pixel in the input, written at `bitDepth` 1, 2, 4 or 8.
  /// `palette` holds RGB triples; `alpha` one value per entry (may be shorter or empty).
  case indexed(palette: [UInt8], alpha: [UInt8], bitDepth: Int)

  /// True for 8-bit truecolour and gray samples (row filters help them; palette indices are left unfiltered).
  public var isEightBitSamples: Bool {
    switch self {
    case .rgba, .rgb, .grayAlpha: return true
    case .gray(let bitDepth): return bitDepth == 8
    case .indexed: return false
    }
  }

  /// Samples per pixel.
  public var channels: Int {
    switch self {
    case .rgba: return 4
    case .rgb: return 3
    case .grayAlpha: return 2
    case .gray, .indexed: return 1
    }
  }
}

/// Encodes pixels to PNG bytes with libpng.
///
/// No time or text chunks are written,
/// so the same pixels and options always give the same bytes.
public enum PNGEncoder {
  /// Encodes rows of `layout` samples (`width * channels` bytes a row, no padding).
  public static func encode(
    samples: [UInt8], width: Int, height: Int, layout: PNGPixelLayout, options: PNGEncodeOptions = .init()
  ) throws(PNGError) -> [UInt8] {
    try samples.withUnsafeBufferPointer { (buffer) throws(PNGError) -> [UInt8] in
      try encode(samples: buffer, width: width, height: height, layout: layout, options: options)
    }
  }

  /// Encodes rows of `layout` samples held in memory the caller owns.
  public static func encode(
    samples: UnsafeBufferPointer<UInt8>, width: Int, height: Int, layout: PNGPixelLayout,
    options: PNGEncodeOptions = .init()
  ) throws(PNGError) -> [UInt8] {
    guard width > 0, height > 0, samples.count == width * height * layout.channels, let base = samples.baseAddress
    else {
      throw PNGError(
        .invalidArgument, "expected \(width)x\(height) pixels of \(layout.channels) bytes, got \(samples.count) bytes")
    }
    return try encode(
      rows: base, rowStride: width * layout.channels, filterSlots: false, width: width, height: height, layout: layout,
      options: options)
  }

  /// Encodes `height` rows of `layout` samples starting `rowStride` bytes apart.
  ///
  /// With `filterSlots`, the byte before each row is spare (so `rowStride` is the row's bytes plus one) and may be
  /// overwritten: unfiltered 8-bit rows are then compressed by libdeflate where they lie, without a copy.
  /// The caller keeps the memory alive and unchanged for the duration of the call.
  public static func encode(
    rows: UnsafePointer<UInt8>, rowStride: Int, filterSlots: Bool, width: Int, height: Int, layout: PNGPixelLayout,
    options: PNGEncodeOptions = .init()
  ) throws(PNGError) -> [UInt8] {
    guard width > 0, height > 0, rowStride >= width * layout.channels + (filterSlots ? 1 : 0) else {
      throw PNGError(
        .invalidArgument, "rows of \(rowStride) bytes cannot hold \(width) pixels of \(layout.channels) bytes")
    }
    var c = emopng_encode_options()
    switch options.compressor {
    case .zlib: c.compressor = Int32(EMOPNG_COMPRESSOR_ZLIB.rawValue)
    case .libdeflate: c.compressor = Int32(EMOPNG_COMPRESSOR_LIBDEFLATE.rawValue)
    case .zopfli: c.compressor = Int32(EMOPNG_COMPRESSOR_ZOPFLI.rawValue)
    }
    c.level = Int32(options.level)
    c.strategy = options.strategy.rawValue
    c.mem_level = Int32(options.memLevel)
    c.filters = options.filter.mask
    c.filter_slots = filterSlots ? 1 : 0
    var palette: [UInt8] = []
    var alpha: [UInt8] = []
    switch layout {
    case .rgba:
      c.layout = Int32(EMOPNG_LAYOUT_RGBA.rawValue)
      c.bit_depth = 8
    case .rgb:
      c.layout = Int32(EMOPNG_LAYOUT_RGB.rawValue)
      c.bit_depth = 8
    case .grayAlpha:
      c.layout = Int32(EMOPNG_LAYOUT_GRAY_ALPHA.rawValue)
      c.bit_depth = 8
    case .gray(let depth):
      c.layout = Int32(EMOPNG_LAYOUT_GRAY.rawValue)
      c.bit_depth = Int32(depth)
    case .indexed(let p, let a, let depth):
      guard p.count % 3 == 0 else { throw PNGError(.invalidArgument, "palette must hold RGB triples") }
      c.layout = Int32(EMOPNG_LAYOUT_PALETTE.rawValue)
      c.bit_depth = Int32(depth)
      palette = p
      alpha = a
      c.palette_count = Int32(p.count / 3)
      c.trns_count = Int32(a.count)
    }
    var status = emopng_status()
    var buffer = emopng_buffer()
    let code = palette.withUnsafeBufferPointer { p in
      alpha.withUnsafeBufferPointer { a in
        var o = c
        o.palette = p.baseAddress
        o.trns = a.baseAddress
        return emopng_encode(rows, UInt32(width), UInt32(height), rowStride, o, &buffer, &status)
      }
    }
    defer { emopng_buffer_free(&buffer) }
    if code != 0 { throw PNGError(status: status) }
    return [UInt8](UnsafeBufferPointer(start: buffer.bytes, count: buffer.size))
  }

  /// Encodes an RGBA image as 8-bit RGBA.
  public static func encode(_ image: RGBAImage, options: PNGEncodeOptions = .init()) throws(PNGError) -> [UInt8] {
    try encode(samples: image.pixels, width: image.width, height: image.height, layout: .rgba, options: options)
  }
}

/// Deflate helpers: CRC-32, zlib and libdeflate streams, for the pack format's checks and the benchmarks' floor.
public enum Zlib {
  /// zlib's CRC-32 of `bytes`, continuing from `crc`.
  public static func crc32<Bytes: ContiguousBytes>(_ bytes: Bytes, continuing crc: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBytes { raw in
      emopng_crc32(crc, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count)
    }
  }

  /// zlib-compresses `bytes` (a zlib stream, as in IDAT); nil if zlib fails.
  public static func deflate(
    _ bytes: [UInt8], level: Int = 9, strategy: PNGStrategy = .default, memLevel: Int = 9
  ) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: emopng_deflate_bound(bytes.count))
    let n = bytes.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        emopng_deflate(
          input.baseAddress, input.count, Int32(level), strategy.rawValue, Int32(memLevel),
          output.baseAddress, output.count)
      }
    }
    guard n > 0 else { return nil }
    out.removeSubrange(n...)
    return out
  }

  /// libdeflate-compresses `bytes` to a zlib stream at `level` 0...12; nil if it fails.
  public static func libdeflate(_ bytes: [UInt8], level: Int) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: emopng_libdeflate_bound(bytes.count))
    let n = bytes.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        emopng_libdeflate(input.baseAddress, input.count, Int32(level), output.baseAddress, output.count)
      }
    }
    guard n > 0 else { return nil }
    out.removeSubrange(n...)
    return out
  }

  /// The version of libdeflate the shim was compiled against.
  public static var libdeflateVersion: String { String(cString: emopng_libdeflate_version()) }

  /// The version of libpng in use.
  public static var libpngVersion: String { String(cString: emopng_libpng_version()) }
}
