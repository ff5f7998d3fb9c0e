import EmoPNG
import EmoWebP

/// Why a sheet could not be encoded: libpng's or libwebp's own error.
public enum SheetEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The PNG encoder failed.
  case png(PNGError)
  /// The WebP encoder failed.
  case webp(WebPError)
  /// The sheet was never encoded (an internal failure).
  case notEncoded

  /// The encoder's reason.
  public var message: String {
    switch self {
    case .png(let e): "PNG: \(e.message)"
    case .webp(let e): "WebP: \(e.message)"
    case .notEncoded: "the sheet was not encoded"
    }
  }

  public var description: String { message }
}
