/// An image name's family: `name.ext`, `name@2x.ext`, `name@3x.ext` and `name@4x.ext`, the files that exist.
///
/// Every image field of every manifest format is resolved by this one rule: a name written with `@Nx` is that
/// file and its siblings come from the base name; the largest scale present is the source; a member exactly
/// `size × scale` pixels square is drawn for its scale.
package struct ImageFamily: Sendable, Equatable {
  /// The name without its scale suffix and extension (`face` for `face@2x.png`).
  package var base: String
  /// The extension with its dot (`.png`, `.gif`), as written.
  package var ext: String
  /// The members present, by ascending scale.
  package var members: [(scale: Int, name: String)]

  package static func == (a: ImageFamily, b: ImageFamily) -> Bool {
    a.base == b.base && a.ext == b.ext && a.members.map(\.scale) == b.members.map(\.scale)
      && a.members.map(\.name) == b.members.map(\.name)
  }

  /// The suffixes by scale.
  static let suffixes = [(1, ""), (2, "@2x"), (3, "@3x"), (4, "@4x")]

  /// Splits `name` into base and extension (`.png` when it has none) and drops a scale suffix.
  static func split(_ name: String) -> (base: String, ext: String) {
    var base = name
    var ext = ""
    if let dot = base.lastIndex(of: "."), !base[dot...].contains("/") {
      ext = String(base[dot...])
      base = String(base[..<dot])
    }
    for (_, suffix) in suffixes.reversed() where !suffix.isEmpty && base.hasSuffix(suffix) {
      base.removeLast(suffix.count)
      break
    }
    return (base, ext)
  }

  /// The largest member: the source every scale without a drawing of its own is resampled from.
  package var largest: (scale: Int, name: String)? { members.last }
}

extension FolderListing {
  /// The family of `name` in this folder (members that exist), or nil when none does.
  package func family(of name: String) -> ImageFamily? {
    let (base, ext) = ImageFamily.split(name)
    let members = ImageFamily.suffixes.compactMap { scale, suffix in
      contains(base + suffix + ext) ? (scale, base + suffix + ext) : nil
    }
    return members.isEmpty ? nil : ImageFamily(base: base, ext: ext, members: members)
  }

  /// The file `name` stands for: its family's largest member, or `name` itself when no member exists (so the
  /// error names what the manifest wrote).
  package func source(of name: String) -> String { family(of: name)?.largest?.name ?? name }
}
