import CEmoPNG
import EmoImage
import Foundation

/// Decodes PNG bytes held in memory with libpng.
package enum PNGDecoder {
  /// Reads the header without decoding any pixels.
  package static func header<Bytes: ContiguousBytes>(of bytes: Bytes) throws(PNGError) -> PNGHeader {
    var status = emopng_status()
    var header = emopng_header()
    let code = bytes.withUnsafeBytes { raw in
      emopng_read_header(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, &header, &status)
    }
    if code != 0 { throw PNGError(status: status) }
    guard let colorType = PNGHeader.ColorType(rawValue: Int(header.color_type)) else {
      throw PNGError(.libpng, "Invalid IHDR data")
    }
    return PNGHeader(
      width: Int(header.width), height: Int(header.height), bitDepth: Int(header.bit_depth),
      colorType: colorType, interlaced: header.interlace != 0)
  }

  /// Checks `header` against `limits`, throwing `.tooLarge` when it exceeds them.
  package static func check(_ header: PNGHeader, against limits: PNGLimits) throws(PNGError) {
    if header.width > limits.maxWidth || header.height > limits.maxHeight {
      throw PNGError(
        .tooLarge,
        "image is \(header.width)x\(header.height), over the limit of \(limits.maxWidth)x\(limits.maxHeight)")
    }
    let bytes = header.width.multipliedReportingOverflow(by: header.height)
    let total = bytes.partialValue.multipliedReportingOverflow(by: 4)
    if bytes.overflow || total.overflow || total.partialValue > limits.maxPixelBytes {
      throw PNGError(
        .tooLarge,
        "image needs \(header.width * header.height * 4) bytes of pixels, over the limit of \(limits.maxPixelBytes)")
    }
  }

  /// Decodes to 8-bit RGBA with straight alpha; 16-bit samples are rounded to 8 bits.
  ///
  /// Gamma, chromaticity and significant-bits chunks are not applied: samples are
  /// taken as sRGB values, as emoticon art is.
  package static func decode<Bytes: ContiguousBytes>(
    _ bytes: Bytes, limits: PNGLimits = .default
  ) throws(PNGError) -> DecodedPNG {
    let header = try header(of: bytes)
    try check(header, against: limits)
    var status = emopng_status()
    var buffer = emopng_buffer()
    var width: UInt32 = 0
    var height: UInt32 = 0
    let code = bytes.withUnsafeBytes { raw in
      emopng_decode_rgba8(
        raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count, limits.c, &buffer, &width, &height,
        &status)
    }
    defer { emopng_buffer_free(&buffer) }
    if code != 0 { throw PNGError(status: status) }
    guard Int(width) == header.width, Int(height) == header.height else {
      throw PNGError(.libpng, "decoded size differs from IHDR")
    }
    let pixels = [UInt8](UnsafeBufferPointer(start: buffer.bytes, count: buffer.size))
    return DecodedPNG(
      image: RGBAImage(width: header.width, height: header.height, pixels: pixels),
      header: header, warnings: status.warningList)
  }
}

extension emopng_status {
  var messageText: String {
    withUnsafeBytes(of: message) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
  }

  var warningList: [String] {
    let count = min(Int(warning_count), Int(EMOPNG_WARNINGS_MAX))
    return withUnsafeBytes(of: warnings) { raw in
      (0..<count).map { i in
        let slice = raw[(i * Int(EMOPNG_MESSAGE_MAX))..<((i + 1) * Int(EMOPNG_MESSAGE_MAX))]
        return String(decoding: slice.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
    }
  }
}

extension PNGError {
  init(status: emopng_status) {
    let kind: Kind
    switch Int(status.code) {
    case Int(EMOPNG_ERR_LIMIT.rawValue): kind = .tooLarge
    case Int(EMOPNG_ERR_NOMEM.rawValue): kind = .outOfMemory
    case Int(EMOPNG_ERR_ARGUMENT.rawValue): kind = .invalidArgument
    case Int(EMOPNG_ERR_SIGNATURE.rawValue): kind = .notPNG
    default: kind = .libpng
    }
    self.init(kind, status.messageText)
  }
}
