import Foundation

/// The file names in a pack folder, for resolving @2x/@3x variants and case mismatches.
struct FolderListing: Sendable {
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

  /// The existing files of `name`'s family by scale: `a.png` (1x), `a@2x.png`, `a@3x.png`, `a@4x.png`.
  func scaleVariants(of name: String) -> [(scale: Int, name: String)] {
    var base = name
    var ext = ".png"
    if let dot = base.lastIndex(of: "."), !base[dot...].contains("/") {
      ext = String(base[dot...])
      base = String(base[..<dot])
    }
    for suffix in ["@4x", "@3x", "@2x"] where base.hasSuffix(suffix) { base.removeLast(3) }
    return [(1, ""), (2, "@2x"), (3, "@3x"), (4, "@4x")].compactMap { scale, suffix in
      contains(base + suffix + ext) ? (scale, base + suffix + ext) : nil
    }
  }

  /// `name` with its largest existing scale suffix: `a.png` → `a@3x.png` when that exists.
  func largestVariant(of name: String) -> String {
    var base = name
    var ext = ".png"
    if let dot = base.lastIndex(of: "."), !base[dot...].contains("/") {
      ext = String(base[dot...])
      base = String(base[..<dot])
    }
    for suffix in ["@3x", "@2x"] where base.hasSuffix(suffix) { base.removeLast(3) }
    for suffix in ["@3x", "@2x", ""] where contains(base + suffix + ext) { return base + suffix + ext }
    return name
  }
}
