import Foundation

/// Temporary files for tests, all under one folder per test process that is removed when the process exits.
public enum TemporaryFolder {
  /// `$TMPDIR/emopack-tests-<pid>`, created on first use; an `atexit` handler removes it with everything in it.
  public static let root: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("emopack-tests-\(getpid())").path
    try? FileManager.default.removeItem(atPath: path)
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: TemporaryFolder.root) }
    return path
  }()

  /// A new empty folder under `root`, its name starting with `label`.
  public static func make(_ label: String) -> String {
    let path = root + "/\(label)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A path under `root` for a file that does not exist yet, its name starting with `label`.
  public static func file(_ label: String, extension ext: String) -> String {
    root + "/\(label)-\(UUID().uuidString).\(ext)"
  }
}
