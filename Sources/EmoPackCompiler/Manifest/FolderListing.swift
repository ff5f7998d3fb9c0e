import Foundation

/// The file names in a pack folder, for resolving scale families (`ImageFamily`) and case mismatches.
package struct FolderListing: Sendable {
  /// The names, compared by their bytes as the file system compares them.
  private let names: Set<PathKey>

  init(folder: String) {
    var all = Set<PathKey>()
    let fm = FileManager.default
    if let walker = fm.enumerator(atPath: folder) {
      while let item = walker.nextObject() as? String {
        all.insert(PathKey(item))
        if all.count > 100_000 { break }
      }
    }
    names = all
  }

  func contains(_ name: String) -> Bool { names.contains(PathKey(name)) }

  /// Every name, sorted (by Swift's string order, then bytes: the same on every run).
  var sortedNames: [String] {
    names.map(\.path).sorted { $0 != $1 ? $0 < $1 : Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
  }
}
