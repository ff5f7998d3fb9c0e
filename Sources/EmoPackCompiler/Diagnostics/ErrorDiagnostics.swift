import EmoPackFormat
import EmoSite

// Every stage's error as the coded diagnostic the commands print: the file, the code, and where the check gives
// them the byte offset and what was expected against what was found.

extension PackError {
  /// The code of this kind of failure.
  package var code: DiagnosticCode {
    switch kind {
    case .io: .packUnreadable
    case .badMagic: .packNotEmopack
    case .unsupportedVersion: .packVersion
    case .truncated: .packTruncated
    case .badHeader: .packHeader
    case .outOfBounds: .packBounds
    case .badString: .packString
    case .badChecksum: .packChecksum
    case .inconsistent: .packInconsistent
    }
  }

  /// The error as a diagnostic in `path` (the error's own file when it names one).
  package func diagnostic(file path: String) -> Diagnostic {
    var d = Diagnostic(.error, code, file: self.path ?? path, message)
    if kind != .io { d.offset = offset }
    return d
  }
}

extension SheetProblem {
  /// The code of this kind of difference.
  package var code: DiagnosticCode {
    switch self {
    case .missing: .sheetMissing
    case .unreadable: .sheetUnreadable
    case .byteSize: .sheetSize
    case .digest: .sheetDigest
    case .notPNG: .sheetNotPNG
    case .notWebP: .sheetNotWebP
    case .dimensions: .sheetDimensions
    }
  }

  /// The problem as a diagnostic, with what the pack records against what the file is.
  package var diagnostic: Diagnostic {
    var d = Diagnostic(.error, code, file: path, message)
    switch self {
    case .byteSize(_, let e, let f):
      d.expected = "\(e) bytes"
      d.found = "\(f) bytes"
    case .digest(_, let e, let f):
      d.expected = hexString(e)
      d.found = hexString(f)
    case .dimensions(_, let ew, let eh, let w, let h):
      d.expected = "\(ew)x\(eh)"
      d.found = "\(w)x\(h)"
    default:
      break
    }
    return d
  }
}

extension SiteError {
  /// The failure as a diagnostic: the check is the key path, with expected and found.
  package var diagnostic: Diagnostic {
    var d = Diagnostic(
      .error, .siteCheck, file: file, keyPath: check.rawValue, "\(check.rawValue): expected \(expected), found \(found)")
    d.expected = expected
    d.found = found
    return d
  }
}

extension FileSystemError {
  /// The failure as a diagnostic naming the path.
  package var diagnostic: Diagnostic { Diagnostic(.error, .ioFailed, file: path, sentence) }
}
