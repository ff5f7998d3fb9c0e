/// A sheet's RGBA pixels while its sprites are drawn, possibly from several threads at once.
///
/// Each sprite owns its cell (sprite and ring), and cells never overlap, so concurrent `Atlas.drawCell`
/// calls on distinct cells touch distinct bytes; that is the contract that makes this type `Sendable`.
/// `release()` frees the pixels as soon as the sheet is encoded, so a build holds no more than its sheets.
final class SheetCanvas: @unchecked Sendable {
  let width: Int
  let height: Int
  private var storage: UnsafeMutableBufferPointer<UInt8>?

  /// A transparent black sheet.
  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: width * height * 4)
    buffer.initialize(repeating: 0)
    storage = buffer
  }

  deinit { release() }

  /// The pixels; only valid until `release()`.
  var pixels: UnsafeMutableBufferPointer<UInt8> { storage! }

  /// Frees the pixels.
  func release() {
    storage?.deallocate()
    storage = nil
  }
}
