import EmoImage
import EmoPNG
import EmoPackFormat
import Foundation

/// The build cache: the last build's key per pack, and each pack's resampled sprites by content.
///
/// It lives outside the output folder (`CacheLocation`) unless set otherwise, and may be deleted at any time:
/// the next build then redoes the image work.
struct BuildCache: Sendable {
  let directory: String

  /// The last build's key of `pack` and the SHA-256 of the `.pack` it wrote, as hex.
  func key(for pack: String) -> (key: String, packDigest: String)? {
    guard let data = try? FileSystem.read("\(directory)/\(pack).key") else { return nil }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count == 2 else { return nil }
    return (String(lines[0]), String(lines[1]))
  }

  /// Records the build's key with the digest of the `.pack` it wrote: the output folder may have been written
  /// since by a build with another cache, and then the key alone would lie.
  func setKey(_ key: String, packDigest: String, for pack: String) throws(FileSystemError) {
    try FileSystem.replace("\(directory)/\(pack).key", with: Array((key + "\n" + packDigest).utf8))
  }

  /// The sprite file of pack `id`.
  func spritesPath(for id: String) -> String { "\(directory)/sprites/\(id).sprites" }
}
