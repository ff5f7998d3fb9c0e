/// An error from reading a `.pack`: what was wrong and at which byte offset.
public struct PackError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Categories of failure.
  public enum Kind: String, Sendable, Equatable {
    /// The file could not be opened or mapped.
    case io
    /// The first eight bytes are not `EMOPACK\0`.
    case badMagic
    /// The major format version is not one this reader knows.
    case unsupportedVersion
    /// The file is shorter than its header says.
    case truncated
    /// A header or section-table field is invalid.
    case badHeader
    /// An offset, length, count or index points outside its range.
    case outOfBounds
    /// A string is not valid UTF-8.
    case badString
    /// The payload's CRC-32 differs from the header's.
    case badChecksum
    /// Records disagree with each other (index, rectangles, sheets).
    case inconsistent
  }

  /// The category.
  public let kind: Kind
  /// The byte offset in the file where the problem was found.
  public let offset: Int
  /// A sentence saying what was expected and what was found.
  public let message: String
  /// The `.pack` file, when the pack was opened from one.
  public var path: String?

  /// Creates an error.
  public init(_ kind: Kind, at offset: Int, _ message: String, path: String? = nil) {
    self.kind = kind
    self.offset = offset
    self.message = message
    self.path = path
  }

  /// This error in the file at `path` (unless it already names one).
  public func located(_ path: String?) -> PackError {
    var e = self
    if e.path == nil { e.path = path }
    return e
  }

  /// `offset N (0x…): message`, without the path; an I/O error, which has no offset in the file, is its message.
  public var messageWithOffset: String {
    kind == .io ? message : "offset \(offset) (0x\(String(offset, radix: 16))): \(message)"
  }

  /// `path: offset N (0x…): message`.
  public var description: String { (path.map { "\($0): " } ?? "") + messageWithOffset }
}
