import EmoImage

/// A decoded image together with libpng's warnings about it.
public struct DecodedPNG: Sendable {
  /// The pixels as 8-bit straight-alpha RGBA.
  public let image: RGBAImage
  /// The header as stored in the file.
  public let header: PNGHeader
  /// Warnings libpng issued (for example a damaged ancillary chunk that was skipped).
  public let warnings: [String]
}
