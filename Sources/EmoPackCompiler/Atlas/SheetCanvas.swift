/// A sheet's RGBA pixels while its sprites are drawn, possibly from several threads at once.
///
/// Each sprite owns its cell (sprite and ring), and cells never overlap, so concurrent `Atlas.drawCell`
/// calls on distinct cells touch distinct bytes; that is the contract that makes this type `Sendable`.
/// Every row is preceded by one spare byte, where the PNG encoder puts the row's filter type, so an
/// unfiltered sheet is compressed where it lies. `release()` frees the pixels as soon as the sheet is
/// encoded, so a build holds no more than its sheets.
final class SheetCanvas: @unchecked Sendable {
  let width: Int
  let height: Int
  /// Bytes from one row's first pixel to the next row's: the pixels plus the spare byte.
  let rowStride: Int
  private var storage: UnsafeMutableBufferPointer<UInt8>?

  /// A transparent black sheet.
  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    rowStride = width * 4 + 1
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: height * rowStride)
    buffer.initialize(repeating: 0)
    storage = buffer
  }

  deinit { release() }

  /// The first pixel of the first row; only valid until `release()`.
  var pixels: UnsafeMutablePointer<UInt8> { storage!.baseAddress! + 1 }

  /// Frees the pixels.
  func release() {
    storage?.deallocate()
    storage = nil
  }
}
