import Foundation

/// Writes an export's files as one folder: all of them into a new folder beside the target, which then takes the
/// target's place; a failure leaves the target as it was, and a folder emopack did not write is never replaced.
package enum ExportFolder {
  /// The file that marks a folder as one of emopack's exports (any of its exports may replace it).
  package static let marker = ".emopack-export"

  /// What `dir` holds now: nothing, an export of emopack's (its marker's text), or something else.
  package enum Existing: Equatable {
    case nothing
    case export(String)
    case foreign
  }

  /// What is at `dir`: an empty folder counts as nothing, a folder with the marker as an export.
  package static func existing(_ dir: String) -> Existing {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: dir, isDirectory: &isFolder) else { return .nothing }
    guard isFolder.boolValue else { return .foreign }
    if let text = try? FileSystem.read(dir + "/" + marker) { return .export(String(decoding: text, as: UTF8.self)) }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? ["?"]
    return names.isEmpty ? .nothing : .foreign
  }

  /// Writes `files` (paths relative to `dir`) and the marker (`description` as its text) as the folder `dir`.
  ///
  /// Refused with `export-conflict` when `dir` is a file or a folder holding files emopack did not write; a file
  /// that cannot be written is `io-failed`, naming it.
  package static func write(
    _ files: [(name: String, bytes: [UInt8])], to dir: String, description: String
  ) throws(Diagnostic) {
    let target = dir.hasSuffix("/") && dir.count > 1 ? String(dir.dropLast()) : dir
    if existing(target) == .foreign {
      throw Diagnostic(
        .error, .exportConflict, file: target,
        "is not an export of emopack's (no \(marker) in it): choose a new or empty folder; nothing was written")
    }
    let parent = (target as NSString).deletingLastPathComponent
    let base = (target as NSString).lastPathComponent
    let staging = (parent.isEmpty ? "" : parent + "/") + ".\(base).emopack-\(getpid()).tmp"
    let old = (parent.isEmpty ? "" : parent + "/") + ".\(base).emopack-\(getpid()).old"
    try? FileManager.default.removeItem(atPath: staging)
    do throws(FileSystemError) {
      if !parent.isEmpty { try FileSystem.makeDirectory(parent) }
      try FileSystem.makeDirectory(staging)
      for (name, bytes) in files {
        let path = staging + "/" + name
        let folder = (path as NSString).deletingLastPathComponent
        if folder != staging { try FileSystem.makeDirectory(folder) }
        try FileSystem.write(bytes, to: path)
      }
      try FileSystem.write(Array(description.utf8), to: staging + "/" + marker)
      var moved = false
      if existing(target) != .nothing || FileManager.default.fileExists(atPath: target) {
        try FileSystem.rename(target, to: old)
        moved = true
      }
      do throws(FileSystemError) {
        try FileSystem.rename(staging, to: target)
      } catch {
        if moved { try? FileSystem.rename(old, to: target) }
        throw FileSystemError(path: target, operation: error.operation, reason: error.reason)
      }
      if moved { try? FileManager.default.removeItem(atPath: old) }
    } catch {
      try? FileManager.default.removeItem(atPath: staging)
      // The staging folder is ours; a failure inside it is reported at the file the user asked for.
      let path = error.path.hasPrefix(staging) ? target + error.path.dropFirst(staging.count) : error.path
      throw FileSystemError(path: path, operation: error.operation, reason: error.reason).diagnostic
    }
  }
}
