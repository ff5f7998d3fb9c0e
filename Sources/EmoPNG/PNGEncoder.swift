import CEmoPNG
import EmoImage
import Foundation

/// Encodes pixels to PNG bytes with libpng.
///
/// No time or text chunks are written,
/// so the same pixels and options always give the same bytes.
package enum PNGEncoder {
  /// Encodes rows of `layout` samples (`width * channels` bytes a row, no padding).
  package static func encode(
    samples: [UInt8], width: Int, height: Int, layout: PNGPixelLayout, options: PNGEncodeOptions = .init()
  ) throws(PNGError) -> [UInt8] {
    try samples.withUnsafeBufferPointer { (buffer) throws(PNGError) -> [UInt8] in
      try encode(samples: buffer, width: width, height: height, layout: layout, options: options)
    }
  }

  /// Encodes rows of `layout` samples held in memory the caller owns.
  package static func encode(
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
  package static func encode(
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
  package static func encode(_ image: RGBAImage, options: PNGEncodeOptions = .init()) throws(PNGError) -> [UInt8] {
    try encode(samples: image.pixels, width: image.width, height: image.height, layout: .rgba, options: options)
  }
}
