import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import EmoWebP
import Foundation

// Images: each still source and its scale family, checked (and decoded, with `decodeImages`) once.
extension Validator {
  func checkImage(
    _ image: Located<String>, folder: String, files: FolderListing, pointSize: Int, largestScale: Int,
    diagnostics d: inout Diagnostics
  ) -> ImageSource? {
    let name = image.value
    if name.isEmpty {
      d.error(.imageNameEmpty, "image name is empty", at: image.location)
      return nil
    }
    if name.contains("\0") {
      d.error(.imageNameNul, "image name contains a NUL byte", at: image.location)
      return nil
    }
    if name.utf8.count > 1024 || name.split(separator: "/").contains(where: { $0.utf8.count > 255 }) {
      d.error(.imageNameLong, "image name is too long", at: image.location)
      return nil
    }
    if name.hasPrefix("/") || name.hasPrefix("~") {
      d.error(
        .imageAbsolute, "image '\(name)' is an absolute path; images must be inside the pack folder", at: image.location
      )
      return nil
    }
    if name.split(separator: "/").contains("..") {
      d.error(.imageOutside, "image '\(name)' points outside the pack folder", at: image.location)
      return nil
    }
    let path = (folder as NSString).appendingPathComponent(name)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      if let match = files.sortedNames.first(where: { $0 == name }) {
        // Canonically equivalent but other bytes: a name composed one way and the file the other (macOS writes
        // names decomposed).
        d.error(
          .imageNormalization,
          "image '\(name)' not found; '\(match)' looks the same but is spelled with other code points "
            + "(\(Self.codePoints(name)) against \(Self.codePoints(match))): one of them is NFC, the other NFD",
          at: image.location)
      } else if let match = files.sortedNames.first(where: { $0.lowercased() == name.lowercased() }) {
        d.error(
          .imageCase,
          "image '\(name)' not found; '\(match)' differs only in case (names are case-sensitive)", at: image.location)
      } else {
        d.error(.imageMissing, "image '\(name)' not found", at: image.location)
      }
      return nil
    }
    if isDirectory.boolValue {
      d.error(.imageFolder, "image '\(name)' is a folder, not a PNG file", at: image.location)
      return nil
    }
    guard FileSystem.isInside(path, folder: folder) else {
      d.error(.imageSymlinkOutside, "image '\(name)' is a symlink pointing outside the pack folder", at: image.location)
      return nil
    }
    let bytes: [UInt8]
    do {
      // Without decoding, the signature and IHDR (33 bytes) are all that is needed.
      bytes = decodeImages ? try FileSystem.read(path) : try FileSystem.readPrefix(path, count: 64)
    } catch {
      d.error(.imageUnreadable, "image '\(name)' cannot be read: \(error.reason)", at: image.location)
      return nil
    }
    let header: (width: Int, height: Int)
    if WebPDecoder.isWebP(bytes) {
      // A WebP still: its headers against the same limits, decoded when images are.
      do throws(WebPError) {
        let info = try WebPInfo(bytes, limits: SourceDecoder.limits(imageLimits))
        if decodeImages { _ = try WebPDecoder.decode(bytes, limits: SourceDecoder.limits(imageLimits)) }
        header = (info.width, info.height)
      } catch {
        switch error.kind {
        case .tooLarge: d.error(.imageTooLarge, "image '\(name)' is too large: \(error.message)", at: image.location)
        default: d.error(.imageCorrupt, "image '\(name)' is a corrupt WebP: \(error.message)", at: image.location)
        }
        return nil
      }
    } else {
      do {
        let png = try PNGDecoder.header(of: bytes)
        try PNGDecoder.check(png, against: imageLimits)
        if decodeImages { _ = try PNGDecoder.decode(bytes, limits: imageLimits) }
        header = (png.width, png.height)
      } catch {
        switch error.kind {
        case .notPNG:
          d.error(.imageNotPng, "image '\(name)' is not a PNG or WebP file (\(error.message))", at: image.location)
        case .tooLarge: d.error(.imageTooLarge, "image '\(name)' is too large: \(error.message)", at: image.location)
        default: d.error(.imageCorrupt, "image '\(name)' is a corrupt PNG: \(error.message)", at: image.location)
        }
        return nil
      }
    }
    let needed = pointSize * largestScale
    if header.width < needed || header.height < needed {
      d.warning(
        .imageSmall,
        "image '\(name)' is \(header.width)x\(header.height), smaller than \(needed)x\(needed) (size \(pointSize) × scale \(largestScale)): it will be upscaled and look blurry",
        at: image.location)
    }
    if header.width != header.height {
      d.warning(
        .imageNotSquare,
        "image '\(name)' is \(header.width)x\(header.height), not square: it will be fitted inside the square, centred, with transparent margins",
        at: image.location)
    }
    var source = ImageSource(
      relativePath: name, path: path, width: header.width, height: header.height, location: image.location)
    source.variants = scaleVariants(of: source, folder: folder, files: files, pointSize: pointSize)
    return source
  }

  /// The image's siblings drawn exactly for a scale (`size × scale` square PNGs, the image itself included);
  /// others of its family are resampled from the largest as before.
  func scaleVariants(
    of image: ImageSource, folder: String, files: FolderListing, pointSize: Int
  ) -> [ScaleVariant] {
    (files.family(of: image.relativePath)?.members ?? []).compactMap { scale, name in
      let path = (folder as NSString).appendingPathComponent(name)
      let side = pointSize * scale
      if name == image.relativePath {
        return image.width == side && image.height == side
          ? ScaleVariant(scale: scale, relativePath: name, path: path) : nil
      }
      guard FileSystem.isInside(path, folder: folder), let bytes = try? FileSystem.readPrefix(path, count: 64),
        let header = SourceDecoder.size(bytes), header.width == side, header.height == side
      else { return nil }
      return ScaleVariant(scale: scale, relativePath: name, path: path)
    }
  }
}
