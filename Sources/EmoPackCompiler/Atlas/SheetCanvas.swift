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
  /// The rows, each after its spare byte (at least one byte, so the pointer exists for an empty sheet).
  private let storage: UnsafeMutablePointer<UInt8>
  private let byteCount: Int
  private var released = false

  /// A transparent black sheet.
  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    rowStride = width * 4 + 1
    byteCount = max(1, height * rowStride)
    storage = UnsafeMutablePointer<UInt8>.allocate(capacity: byteCount)
    storage.initialize(repeating: 0, count: byteCount)
  }

  deinit { release() }

  /// The first pixel of the first row; only valid until `release()` (reading after it is a contract breach).
  var pixels: UnsafeMutablePointer<UInt8> {
    precondition(!released, "a sheet's pixels were read after release()")
    return storage + 1
  }

  /// Frees the pixels.
  func release() {
    guard !released else { return }
    released = true
    storage.deallocate()
  }
}
