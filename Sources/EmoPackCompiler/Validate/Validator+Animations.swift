import EmoGIF
import EmoPNG
import EmoPackFormat
import EmoWebP
import Foundation

// Animations: GIF, APNG and animated WebP files, checked by a first pass that decodes nothing.
extension Validator {
  /// True when `name` in `folder` is a GIF or an animated PNG (by its bytes).
  func isAnimationFile(_ name: String, folder: String) -> Bool {
    guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return false }
    let path = (folder as NSString).appendingPathComponent(name)
    // An APNG's acTL comes before IDAT, within the first few hundred bytes.
    guard let head = try? FileSystem.readPrefix(path, count: 4096) else { return false }
    return GIFDecoder.isGIF(head) || APNGDecoder.isAnimatedPrefix(head) || WebPDecoder.isAnimatedPrefix(head)
  }

  /// Checks a GIF or APNG file with a first pass that decodes nothing: structure, frame count, canvas, limits.
  func checkAnimationFile(
    _ file: Located<String>, folder: String, files: FolderListing, pointSize: Int, diagnostics d: inout Diagnostics
  ) -> (source: ImageSource, frames: Int)? {
    guard var checked = scanAnimationFile(file, folder: folder, diagnostics: &d) else { return nil }
    // Siblings drawn exactly for a scale are used as drawn when they are the same animation (frames and delays).
    for (scale, name) in files.family(of: file.value)?.members ?? [] {
      let side = pointSize * scale
      if name == file.value {
        if checked.source.width == side && checked.source.height == side {
          checked.source.variants.append(ScaleVariant(scale: scale, relativePath: name, path: checked.source.path))
        }
        continue
      }
      var quiet = Diagnostics()
      guard let sibling = scanAnimationFile(Located(name, file.location), folder: folder, diagnostics: &quiet),
        sibling.source.width == side, sibling.source.height == side
      else { continue }
      if sibling.delays == checked.delays {
        checked.source.variants.append(
          ScaleVariant(scale: scale, relativePath: name, path: sibling.source.path))
      } else {
        d.note(
          .animationVariantDiffers,
          "'\(name)' is drawn for \(scale)x but its \(sibling.delays.count) frames (\(sibling.delays.reduce(0, +)) ms) differ from the \(checked.delays.count) frames (\(checked.delays.reduce(0, +)) ms) of '\(file.value)': \(scale)x is resampled from '\(file.value)'",
          at: file.location)
      }
    }
    return (checked.source, checked.delays.count)
  }

  /// The first pass over one GIF or APNG: its canvas and each frame's delay.
  func scanAnimationFile(
    _ file: Located<String>, folder: String, diagnostics d: inout Diagnostics
  ) -> (source: ImageSource, delays: [Int])? {
    let name = file.value
    if name.hasPrefix("/") || name.split(separator: "/").contains("..") {
      d.error(.imageOutside, "animation '\(name)' points outside the pack folder", at: file.location)
      return nil
    }
    let path = (folder as NSString).appendingPathComponent(name)
    guard FileSystem.isInside(path, folder: folder) else {
      d.error(
        .imageSymlinkOutside, "animation '\(name)' is a symlink pointing outside the pack folder", at: file.location)
      return nil
    }
    let bytes: [UInt8]
    do { bytes = try FileSystem.read(path) } catch {
      d.error(.imageUnreadable, "animation '\(name)' cannot be read: \(error.reason)", at: file.location)
      return nil
    }
    let source = { (w: Int, h: Int) in
      ImageSource(relativePath: name, path: path, width: w, height: h, location: file.location)
    }
    if WebPDecoder.isWebP(bytes) {
      do throws(WebPError) {
        let info = try WebPInfo(bytes, limits: animationLimits)
        return (source(info.width, info.height), info.isAnimated ? info.delays : [100])
      } catch {
        let code: DiagnosticCode = error.kind == .tooLarge ? .animationTooLarge : .animationCorrupt
        d.error(code, "animation '\(name)': \(error.message)", at: file.location)
        return nil
      }
    }
    if GIFDecoder.isGIF(bytes) {
      do throws(GIFError) {
        let scan = try GIFScan(bytes, limits: animationLimits)
        guard !scan.delays.isEmpty else { throw GIFError(.malformed, "the GIF has no image") }
        return (source(scan.width, scan.height), scan.delays)
      } catch {
        let code: DiagnosticCode = error.kind == .tooLarge ? .animationTooLarge : .animationCorrupt
        d.error(code, "animation '\(name)': \(error.message)", at: file.location)
        return nil
      }
    }
    do throws(PNGError) {
      let summary = try APNGDecoder.summary(bytes, limits: animationLimits)
      return (source(summary.width, summary.height), summary.delays)
    } catch {
      let code: DiagnosticCode = error.kind == .tooLarge ? .animationTooLarge : .animationCorrupt
      d.error(code, "animation '\(name)': \(error.message)", at: file.location)
      return nil
    }
  }
}
