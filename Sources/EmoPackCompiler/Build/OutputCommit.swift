import EmoPackFormat
import Foundation

/// Writes a build's outputs so that a failure or a kill at any moment leaves the previous outputs usable.
///
/// Every file is first written to a temporary name in the output folder and flushed. Files whose final name
/// already holds the same bytes are left alone (their modification time is kept). Sheets are renamed into
/// place first; the `.pack` is renamed last. With content-hashed sheet names a new sheet never replaces an
/// old one, so until the pack's rename the old pack and its old sheets are intact, and after it the new ones
/// are: the pack's rename is the commit.
struct OutputCommit {
  let directory: String
  private var files: [(name: String, bytes: [UInt8])] = []

  init(directory: String) { self.directory = directory }

  /// Adds a file; a name given twice (two sheets with the same bytes, hence the same content-hashed name) is one file.
  mutating func add(_ name: String, _ bytes: [UInt8]) {
    if files.contains(where: { $0.name == name }) { return }
    files.append((name, bytes))
  }

  /// Returns the number of bytes written.
  func commit() throws(FileSystemError) -> Int {
    var staged: [(temp: String, final: String)] = []
    var written = 0
    do throws(FileSystemError) {
      for (name, bytes) in files {
        let final = directory + "/" + name
        if let existing = try? FileSystem.readPrefix(final, count: bytes.count + 1), existing == bytes {
          continue
        }
        let temp = directory + "/" + FileSystem.temporaryMarker + "\(getpid())-" + name
        try FileSystem.write(bytes, to: temp)
        staged.append((temp, final))
        written += bytes.count
      }
      for (temp, final) in staged { try FileSystem.rename(temp, to: final) }
      FileSystem.syncDirectory(directory)
    } catch {
      for (temp, _) in staged { FileSystem.remove(temp) }
      throw error
    }
    return written
  }

  /// Deletes temporaries left by a killed build: every one in the output folder (the caller holds its lock),
  /// and in the cache folder those of processes no longer running (a cache may be shared by several outputs).
  static func removeStaleTemporaries(in directory: String, cache: String) {
    for dir in [directory, cache, cache + "/sprites"] {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
      for name in names where name.hasPrefix(FileSystem.temporaryMarker) {
        if dir != directory, let pid = Int32(name.dropFirst(FileSystem.temporaryMarker.count).prefix { $0.isNumber }),
          pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH
        {
          continue
        }
        FileSystem.remove(dir + "/" + name)
      }
    }
  }
}
