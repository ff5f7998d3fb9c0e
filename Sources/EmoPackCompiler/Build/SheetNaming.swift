import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation

/// Names of sheet files.
package enum SheetNaming {
  /// The file name of a sheet.
  ///
  /// `<id>.<hash8>@2x.png` (content-hashed, the default: a sheet whose bytes stay keep its name wherever its page
  /// goes) or `<id>@2x.png` (stable, pages after the first adding `-p<N>`), `.webp` for WebP. The 1x sheet has no
  /// `@1x` suffix, as on Apple platforms.
  package static func name(
    id: String, scale: Int, page: Int, digest: [UInt8], stable: Bool, format: SheetFormat = .png
  ) -> String {
    var base = id
    if !stable { base += "." + hexString(digest.prefix(4)) }
    if stable && page > 0 { base += "-p\(page)" }
    return base + (scale == 1 ? "" : "@\(scale)x") + "." + format.fileExtension
  }
}
