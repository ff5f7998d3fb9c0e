/// Diagnostics as a person reads them: in each file, the first `limit` of a code are kept and the rest are
/// counted.
public struct DiagnosticGroups: Sendable, Equatable {
  /// One line of output: a diagnostic, or a count of those of its code left out in its file.
  public enum Line: Sendable, Equatable {
    /// A diagnostic shown.
    case diagnostic(Diagnostic)
    /// `count` more of `code` in `file` were left out.
    case more(file: String, code: DiagnosticCode, severity: Diagnostic.Severity, count: Int)
  }

  /// The lines, in the diagnostics' order, each count right after the last shown diagnostic of its group.
  public let lines: [Line]

  /// Groups `diagnostics` by file and code, keeping the first `limit` of each (nil: keep all).
  ///
  /// A note right after a kept diagnostic stays with it.
  public init(_ diagnostics: [Diagnostic], limit: Int? = 3) {
    struct Key: Hashable {
      var file: String
      var code: DiagnosticCode
    }
    var seen: [Key: Int] = [:]
    var lastShown: [Key: Int] = [:]
    var out: [Line] = []
    var keptPrevious = true
    for d in diagnostics {
      // A note that follows a diagnostic goes with it (`first used here`).
      if d.severity == .note, d.code == .firstDefinedHere {
        if keptPrevious { out.append(.diagnostic(d)) }
        continue
      }
      let key = Key(file: d.file, code: d.code)
      let n = seen[key, default: 0]
      seen[key] = n + 1
      keptPrevious = limit.map { n < $0 } ?? true
      if keptPrevious {
        out.append(.diagnostic(d))
        lastShown[key] = out.count - 1
      }
    }
    guard let limit else {
      lines = out
      return
    }
    // Counts go after the last shown diagnostic of their group.
    var inserts: [(Int, Line)] = []
    for (key, n) in seen where n > limit {
      guard let at = lastShown[key], case .diagnostic(let d) = out[at] else { continue }
      inserts.append((at + 1, .more(file: key.file, code: key.code, severity: d.severity, count: n - limit)))
    }
    for (at, line) in inserts.sorted(by: { $0.0 > $1.0 }) { out.insert(line, at: at) }
    lines = out
  }
}
