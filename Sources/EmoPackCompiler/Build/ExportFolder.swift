import Foundation

/// Writes an export's files as one folder: all of them into a new folder beside the target, which then takes the
/// target's place; a failure leaves the target as it was, and a folder emopack did not write is never replaced.
/// The marker lists every file the export wrote (`file NAME` lines), so a file the user added to an export later
/// is carried into the new folder, never deleted.
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

  /// The files an earlier export's marker lists as its own; nil for a marker that lists none (every file its own).
  static func ownFiles(_ markerText: String) -> Set<String>? {
    let names = markerText.split(separator: "\n").filter { $0.hasPrefix("file ") }.map { String($0.dropFirst(5)) }
    return names.isEmpty ? nil : Set(names)
  }

  /// Every regular file under `dir`, as paths relative to it, sorted.
  static func filesUnder(_ dir: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: dir) else { return [] }
    var out: [String] = []
    while let name = walker.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: dir + "/" + name, isDirectory: &isFolder), !isFolder.boolValue {
        out.append(name)
      }
    }
    return out.sorted()
  }

  /// Writes `files` (paths relative to `dir`) and the marker (`description`, then the files it wrote) as the
  /// folder `dir`, carrying over the files a user added to an earlier export there.
  ///
  /// Refused with `export-conflict` when `dir` is a file, a folder holding files emopack did not write, or an
  /// export holding a user's file at a path this export writes; a file that cannot be written is `io-failed`,
  /// naming it.
  package static func write(
    _ files: [(name: String, bytes: [UInt8])], to dir: String, description: String
  ) throws(Diagnostic) {
    let target = dir.hasSuffix("/") && dir.count > 1 ? String(dir.dropLast()) : dir
    if existing(target) == .foreign {
      throw Diagnostic(
        .error, .exportConflict, file: target,
        "is not an export of emopack's (no \(marker) in it): choose a new or empty folder; nothing was written")
    }
    // The user's files in an earlier export: every file its marker does not list.
    var carried: [(name: String, bytes: [UInt8])] = []
    if case .export(let text) = existing(target), let own = ownFiles(text) {
      let writing = Set(files.map(\.name))
      for name in filesUnder(target) where name != marker && !own.contains(name) {
        if writing.contains(name) {
          throw Diagnostic(
            .error, .exportConflict, file: target + "/" + name,
            "is not a file emopack wrote, and this export writes a file there: move it, or choose another folder; nothing was written"
          )
        }
        do throws(FileSystemError) {
          carried.append((name, try FileSystem.read(target + "/" + name)))
        } catch {
          throw error.diagnostic
        }
      }
    }
    let parent = (target as NSString).deletingLastPathComponent
    let base = (target as NSString).lastPathComponent
    let staging = (parent.isEmpty ? "" : parent + "/") + ".\(base).emopack-\(getpid()).tmp"
    let old = (parent.isEmpty ? "" : parent + "/") + ".\(base).emopack-\(getpid()).old"
    try? FileManager.default.removeItem(atPath: staging)
    do throws(FileSystemError) {
      if !parent.isEmpty { try FileSystem.makeDirectory(parent) }
      try FileSystem.makeDirectory(staging)
      for (name, bytes) in files + carried {
        let path = staging + "/" + name
        let folder = (path as NSString).deletingLastPathComponent
        if folder != staging { try FileSystem.makeDirectory(folder) }
        try FileSystem.write(bytes, to: path)
      }
      let listing = files.map { "file " + $0.name }.joined(separator: "\n")
      let text =
        (description.hasSuffix("\n") || description.isEmpty ? description : description + "\n") + listing + "\n"
      try FileSystem.write(Array(text.utf8), to: staging + "/" + marker)
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
