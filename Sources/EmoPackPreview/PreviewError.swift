import EmoPackFormat

/// Why a preview or export could not be made: the file involved, what went wrong, and the reader's or the sheet
/// check's own error where one of those is the cause.
package struct PreviewError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What caused it.
  package enum Cause: Equatable, Sendable {
    /// The `.pack` does not read.
    case pack(PackError)
    /// A sheet differs from its pack's record.
    case sheet(SheetProblem)
    /// The inputs cannot be exported as asked (a pack given twice).
    case conflict
    /// Anything else.
    case other
  }

  /// The file involved.
  package let path: String
  /// What went wrong.
  package let message: String
  /// What caused it.
  package let cause: Cause

  /// Creates an error.
  package init(path: String, _ message: String, cause: Cause = .other) {
    self.path = path
    self.message = message
    self.cause = cause
  }

  package var description: String { "\(path): \(message)" }
}
