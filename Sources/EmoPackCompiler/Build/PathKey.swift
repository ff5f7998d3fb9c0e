/// A file path compared by its bytes, as the file system compares names.
///
/// Swift's `String` equality is canonical equivalence: `é.png` and `e` + U+0301 `.png` are equal as strings but
/// are two files, and keyed by `String` one would be taken for the other.
struct PathKey: Hashable, Sendable {
  let path: String
  private let bytes: [UInt8]

  init(_ path: String) {
    self.path = path
    bytes = Array(path.utf8)
  }

  static func == (a: PathKey, b: PathKey) -> Bool { a.bytes == b.bytes }
  func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}
