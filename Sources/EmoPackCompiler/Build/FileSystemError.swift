import Foundation

/// An I/O failure, naming the path and the system call that failed.
public struct FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The path involved.
  public let path: String
  /// What was being done (`open`, `rename`, …).
  public let operation: String
  /// The system's reason.
  public let reason: String

  /// Creates an error.
  public init(path: String, operation: String, reason: String) {
    self.path = path
    self.operation = operation
    self.reason = reason
  }

  public var description: String { "\(path): \(operation) failed: \(reason)" }
}
