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

  /// What went wrong, in words, without the path (`cannot be opened: no such file or directory`).
  public var sentence: String {
    let what =
      switch operation {
      case "open", "read", "stat": "cannot be read"
      case "write", "pwrite", "ftruncate", "create": "cannot be written"
      case "fsync": "cannot be flushed to disk"
      case "rename": "cannot be moved into place"
      case "mkdir": "cannot be made a folder"
      case "utimes": "cannot have its time set"
      case "lock": "cannot be locked"
      case "remove", "unlink": "cannot be removed"
      default: "cannot be used (\(operation))"
      }
    let why = reason.first.map { $0.lowercased() + reason.dropFirst() } ?? ""
    return why.isEmpty ? what : "\(what): \(why)"
  }

  public var description: String { "\(path): \(sentence)" }
}
