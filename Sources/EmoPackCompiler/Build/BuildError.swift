import EmoPNG
import EmoPackFormat

/// Why a build stopped, with the evidence: which pack, which sheet, what was expected and what was found.
public enum BuildError: Error, Sendable, CustomStringConvertible {
  /// The inputs have errors (manifest, images); the diagnostics say which.
  case invalidInput(Diagnostics)
  /// Reading or writing a file failed.
  case io(FileSystemError)
  /// The sprites could not be laid out within the limits.
  case packing(pack: String, PackingError)
  /// The sheet of `scale` and `page` could not be encoded.
  case encoding(pack: String, scale: Int, page: Int, PNGError)
  /// The pack could not be serialised.
  case format(pack: String, PackWriteError)
  /// The layout needs more sheet pages than `--single-page` allows.
  case tooManyPages(pack: String, pages: Int, maxSheet: Int)
  /// The sheets would hold more pixels than the limit.
  case tooManySheetPixels(pack: String, pixels: Int, limit: Int)
  /// A sprite this build wrote to its sprite file could not be read back intact when drawing (the file was
  /// changed or could not be read); nothing was written to the output.
  case spriteCache(pack: String, path: String, slot: Int)

  public var description: String {
    switch self {
    case .invalidInput(let d): "\(d.errors.count) error(s) in the inputs"
    case .io(let e): e.description
    case .packing(let pack, let e): "pack '\(pack)': \(e.message)"
    case .encoding(let pack, let scale, let page, let e):
      "pack '\(pack)': encoding the \(scale)x sheet, page \(page), failed: \(e.message)"
    case .format(let pack, let e): "pack '\(pack)': \(e.message)"
    case .tooManyPages(let pack, let pages, let maxSheet):
      "pack '\(pack)': needs \(pages) sheet pages but --single-page allows one (raise --max-sheet, now \(maxSheet))"
    case .tooManySheetPixels(let pack, let pixels, let limit):
      "pack '\(pack)': sheets would hold \(pixels) pixels, over the limit of \(limit)"
    case .spriteCache(let pack, let path, let slot):
      "pack '\(pack)': sprite \(slot) written to '\(path)' during this build no longer reads back intact (was the cache changed?)"
    }
  }

  /// 1 for input errors, 3 for I/O and internal failures.
  public var exitCode: Int32 {
    switch self {
    case .invalidInput, .tooManyPages, .tooManySheetPixels, .packing: 1
    default: 3
    }
  }
}
