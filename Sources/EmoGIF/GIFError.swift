/// An error from reading a GIF: what was wrong and, where known, at which byte.
public struct GIFError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Categories of failure.
  public enum Kind: String, Sendable, Equatable {
    /// The bytes do not start with `GIF87a` or `GIF89a`.
    case notGIF
    /// The block structure is broken or ends early (the first pass's reason).
    case malformed
    /// giflib refused the data; the message is giflib's.
    case giflib
    /// The animation is over a limit (frames, duration, pixels, canvas).
    case tooLarge
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
