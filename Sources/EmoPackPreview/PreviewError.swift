import EmoPackFormat

/// An error from making a preview or an export.
package struct PreviewError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file involved.
  package let path: String
  /// What went wrong.
  package let message: String

  /// Creates an error.
  package init(path: String, _ message: String) {
    self.path = path
    self.message = message
  }

  package var description: String { "\(path): \(message)" }
}
