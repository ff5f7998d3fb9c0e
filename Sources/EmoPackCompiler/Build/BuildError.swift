import EmoPNG

/// Why a build stopped.
public enum BuildError: Error, Sendable, CustomStringConvertible {
  /// The inputs have errors (manifest, images); the diagnostics say which.
  case invalidInput(Diagnostics)
  /// Reading or writing a file failed.
  case io(FileSystemError)
  /// The sprites could not be laid out within the limits.
  case packing(pack: String, PackingError)
  /// A sheet could not be encoded.
  case encoding(pack: String, PNGError)
  /// The pack could not be serialised.
  case format(pack: String, String)
  /// A limit was exceeded.
  case limit(pack: String, String)

  public var description: String {
    switch self {
    case .invalidInput(let d): return "\(d.errors.count) error(s) in the inputs"
    case .io(let e): return e.description
    case .packing(let pack, let e): return "pack '\(pack)': \(e.message)"
    case .encoding(let pack, let e): return "pack '\(pack)': encoding a sheet failed: \(e.message)"
    case .format(let pack, let m): return "pack '\(pack)': \(m)"
    case .limit(let pack, let m): return "pack '\(pack)': \(m)"
    }
  }

  /// 1 for input errors, 3 for I/O and internal failures.
  public var exitCode: Int32 {
    switch self {
    case .invalidInput, .limit, .packing: return 1
    default: return 3
    }
  }
}
