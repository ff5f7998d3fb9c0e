import EmoPackFormat

/// An error from making a preview or an export.
public struct PreviewError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file involved.
  public let path: String
  /// What went wrong.
  public let message: String

  /// Creates an error.
  public init(path: String, _ message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): \(message)" }
}
