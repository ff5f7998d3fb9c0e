/// A growing list of diagnostics; order of insertion is kept.
public struct Diagnostics: Sendable, Equatable {
  /// All diagnostics so far.
  public private(set) var items: [Diagnostic] = []

  /// Creates an empty list.
  public init() {}

  /// True when any diagnostic is an error.
  public var hasErrors: Bool { items.contains { $0.severity == .error } }

  /// The errors only.
  public var errors: [Diagnostic] { items.filter { $0.severity == .error } }

  /// Appends a diagnostic.
  public mutating func append(_ d: Diagnostic) { items.append(d) }

  /// Appends all of `other`.
  public mutating func append(contentsOf other: Diagnostics) { items += other.items }

  /// Appends all of `other`.
  public mutating func append(contentsOf other: [Diagnostic]) { items += other }

  /// Appends an error at `location`.
  public mutating func error(_ code: DiagnosticCode, _ message: String, at location: DiagnosticLocation) {
    items.append(location.diagnostic(.error, code, message))
  }

  /// Appends a warning at `location`.
  public mutating func warning(_ code: DiagnosticCode, _ message: String, at location: DiagnosticLocation) {
    items.append(location.diagnostic(.warning, code, message))
  }

  /// Appends a note at `location`.
  public mutating func note(_ code: DiagnosticCode, _ message: String, at location: DiagnosticLocation) {
    items.append(location.diagnostic(.note, code, message))
  }
}
