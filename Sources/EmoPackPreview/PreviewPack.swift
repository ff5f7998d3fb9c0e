import EmoPackFormat

/// A pack opened for previewing: its reader, its folder (where the sheets are) and its sheet bytes.
package struct PreviewPack: Sendable {
  /// The pack.
  package let reader: PackFileReader
  /// The `.pack` file's path.
  package let path: String
  /// The folder holding the sheets.
  package let folder: String
  /// Entries, in keyboard order.
  package let entries: [PackEntry]
  /// Sheet records.
  package let sheets: [SheetRecord]
  /// Still images (entries point into it).
  package let images: [PackImage]
  /// Animations (entries point into it).
  package let animations: [PackAnimation]

  /// Opens `path` and checks that its sheets are beside it and match.
  package init(path: String) throws(PreviewError) {
    do {
      reader = try PackFileReader(contentsOf: path)
      let contents = try reader.contents()
      entries = contents.entries
      sheets = contents.sheets
      images = contents.images
      animations = contents.animations
    } catch {
      throw PreviewError(path: path, error.messageWithOffset, cause: .pack(error.located(path)))
    }
    self.path = path
    let dir = (path as NSStringPath).deletingLastPathComponent
    folder = dir.isEmpty ? "." : dir
  }

  /// Entry `entry`'s placement at `scale` (or the nearest scale the pack has) and the scale used.
  ///
  /// The nearest is the smallest larger scale, else the largest; nil for emoji-only entries.
  package func placement(entry: Int, scale: Int) -> (placement: SpritePlacement, scale: Int)? {
    guard let image = entries[entry].image,
      let pick = reader.scales.first(where: { $0 >= scale }) ?? reader.scales.last,
      let k = reader.scales.firstIndex(of: pick)
    else { return nil }
    return (images[image].placements[k], pick)
  }

  /// Image `image`'s placement at `scale` (or the nearest scale the pack has) and the scale used.
  package func placement(image: Int, scale: Int) -> (placement: SpritePlacement, scale: Int)? {
    guard let pick = reader.scales.first(where: { $0 >= scale }) ?? reader.scales.last,
      let k = reader.scales.firstIndex(of: pick), image < images.count
    else { return nil }
    return (images[image].placements[k], pick)
  }

  /// The bytes of sheet `index`, checked against the pack's SHA-256.
  package func sheetBytes(_ index: Int) throws(PreviewError) -> [UInt8] {
    let record = sheets[index]
    let file = folder + "/" + record.fileName
    do throws(SheetProblem) {
      return try record.read(at: file)
    } catch {
      switch error {
      case .missing, .unreadable: throw PreviewError(path: file, error.message, cause: .sheet(error))
      default:
        throw PreviewError(
          path: file, "sheet differs from the one the pack was built with: \(error.message)", cause: .sheet(error))
      }
    }
  }
}
