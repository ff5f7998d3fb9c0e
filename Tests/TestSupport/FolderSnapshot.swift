import Foundation

/// The visible files of a folder (names not starting with '.'), for before/after comparisons.
public enum FolderSnapshot {
  /// Each file's bytes, by name.
  public static func contents(_ dir: String) throws -> [String: Data] {
    var out: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: dir) where !name.hasPrefix(".") {
      out[name] = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
    }
    return out
  }

  /// Each file's modification time, by name.
  public static func modificationTimes(_ dir: String) throws -> [String: Date] {
    var out: [String: Date] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: dir) where !name.hasPrefix(".") {
      out[name] = try FileManager.default.attributesOfItem(atPath: dir + "/" + name)[.modificationDate] as? Date
    }
    return out
  }
}
