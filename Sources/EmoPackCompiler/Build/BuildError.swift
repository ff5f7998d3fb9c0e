import EmoPNG
import EmoPackFormat

/// Why a build stopped, with the evidence: which pack (its id and manifest file), which sheet, what was expected
/// and what was found.
public enum BuildError: Error, Sendable, CustomStringConvertible {
  /// The inputs have errors (manifest, images); the diagnostics say which.
  case invalidInput(Diagnostics)
  /// Reading or writing a file failed.
  case io(FileSystemError)
  /// The sprites could not be laid out within the limits.
  case packing(pack: String, file: String, PackingError)
  /// The sheet of `scale` and `page` could not be encoded.
  case encoding(pack: String, file: String, scale: Int, page: Int, SheetEncodingError)
  /// The pack could not be serialised.
  case format(pack: String, file: String, PackWriteError)
  /// The layout needs more sheet pages than `--single-page` allows.
  case tooManyPages(pack: String, file: String, pages: Int, maxSheetSide: Int)
  /// The sheets would hold more pixels than the limit.
  case tooManySheetPixels(pack: String, file: String, pixels: Int, limit: Int)
  /// A sprite this build wrote to its sprite file could not be read back intact when drawing (the file was
  /// changed or could not be read); nothing was written to the output.
  case spriteCache(pack: String, file: String, path: String, slot: Int)

  public var description: String {
    switch self {
    case .invalidInput(let d): "\(d.errors.count) error(s) in the inputs"
    case .io(let e): e.description
    default: "pack '\(pack ?? "")': \(message)"
    }
  }

  /// The pack it concerns, when one.
  private var pack: String? {
    switch self {
    case .invalidInput, .io: nil
    case .packing(let pack, _, _), .encoding(let pack, _, _, _, _), .format(let pack, _, _),
      .tooManyPages(let pack, _, _, _), .tooManySheetPixels(let pack, _, _, _), .spriteCache(let pack, _, _, _):
      pack
    }
  }

  /// What went wrong, without the pack's name.
  private var message: String {
    switch self {
    case .invalidInput(let d): "\(d.errors.count) error(s) in the inputs"
    case .io(let e): e.sentence
    case .packing(_, _, let e): e.message
    case .encoding(_, _, let scale, let page, let e): "encoding the \(scale)x sheet, page \(page), failed: \(e.message)"
    case .format(_, _, let e): e.message
    case .tooManyPages(_, _, let pages, let maxSheetSide):
      "needs \(pages) sheet pages but --single-page allows one (raise --max-sheet-side, now \(maxSheetSide))"
    case .tooManySheetPixels(_, _, let pixels, let limit):
      "sheets would hold \(pixels) pixels, over the limit of \(limit)"
    case .spriteCache(_, _, let path, let slot):
      "sprite \(slot) written to '\(path)' during this build no longer reads back intact (was the cache changed?)"
    }
  }

  /// The error as coded diagnostics: the input's own for `invalidInput`, else one error naming the file (the pack's
  /// manifest, or the file an I/O call failed on).
  public var diagnostics: [Diagnostic] {
    let code: DiagnosticCode
    let file: String
    switch self {
    case .invalidInput(let d): return d.items
    case .io(let e): return [e.diagnostic]
    case .packing(_, let f, _): (code, file) = (.packingFailed, f)
    case .encoding(_, let f, _, _, _): (code, file) = (.sheetEncodingFailed, f)
    case .format(_, let f, _): (code, file) = (.packFormatLimit, f)
    case .tooManyPages(_, let f, _, _): (code, file) = (.tooManyPages, f)
    case .tooManySheetPixels(_, let f, _, _): (code, file) = (.sheetPixelsLimit, f)
    case .spriteCache(_, let f, _, _): (code, file) = (.spriteCacheChanged, f)
    }
    let text = pack.map { "pack '\($0)': \(message)" } ?? message
    return [Diagnostic(.error, code, file: file, text)]
  }

  /// 1 for input errors, 3 for I/O and internal failures.
  public var exitCode: Int32 {
    switch self {
    case .invalidInput, .tooManyPages, .tooManySheetPixels, .packing: 1
    default: 3
    }
  }
}
