/// Property lists (XML and binary) parsed in Swift, with line and column for XML values.
///
/// Foundation's PropertyListSerialization is not used for manifests: on Linux it crashes on some
/// malformed binary plists (sets) and leaks on refused input, and it gives no positions.
enum PlistDocument {
  /// Most values one document may hold (guards against reference fan-out in binary plists).
  static let maxNodes = 2_000_000

  static func parse(_ bytes: [UInt8], file: String, maxDepth: Int = 64) throws(ManifestError) -> ManifestNode {
    if bytes.starts(with: Array("bplist00".utf8)) {
      var parser = BinaryPlistParser(bytes: bytes, file: file, maxDepth: maxDepth)
      return try parser.parse()
    }
    var parser = XMLPlistParser(bytes: bytes, file: file, maxDepth: maxDepth)
    return try parser.parse()
  }
}
