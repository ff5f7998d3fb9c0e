/// An error from decoding or encoding a PNG, carrying libpng's own message.
public struct PNGError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, by category.
  public enum Kind: String, Sendable, Equatable {
    /// The bytes do not start with a PNG signature.
    case notPNG
    /// libpng refused the data; the message is libpng's.
    case libpng
    /// The image is larger than the configured limits.
    case tooLarge
    /// Memory could not be allocated.
    case outOfMemory
    /// The caller passed pixels or options that do not fit together.
    case invalidArgument
  }

  /// The category of the failure.
  public let kind: Kind
  /// The message, from libpng where libpng produced it.
  public let message: String

  /// Creates an error of `kind` with `message`.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
