/// An error from reading or writing WebP: what was wrong, in a sentence.
public struct WebPError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Categories of failure.
  public enum Kind: String, Sendable, Equatable {
    /// The bytes are not a WebP file (no `RIFF….WEBP` with a known chunk).
    case notWebP
    /// The file's structure or data is broken or ends early; libwebp's reason follows.
    case malformed
    /// The image or animation is over a limit (side, frames, duration, pixels).
    case tooLarge
    /// Encoding failed.
    case encoding
    /// Memory could not be allocated.
    case noMemory
  }

  /// The category.
  public let kind: Kind
  /// A sentence saying what was found.
  public let message: String

  /// Creates an error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
