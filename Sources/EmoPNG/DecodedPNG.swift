import EmoImage

/// A decoded image together with libpng's warnings about it.
package struct DecodedPNG: Sendable {
  /// The pixels as 8-bit straight-alpha RGBA.
  package let image: RGBAImage
  /// The header as stored in the file.
  package let header: PNGHeader
  /// Warnings libpng issued (for example a damaged ancillary chunk that was skipped).
  package let warnings: [String]
}
