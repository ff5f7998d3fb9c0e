import Foundation

/// Finds and reads the manifest of a pack folder (or a manifest file), whatever its format.
package enum ManifestLoader {
  /// The manifest file names recognised in a pack folder, in the order they are tried.
  package static let manifestNames = [
    "pack.json", "pack.plist", "info.plist", "info.json", "emoji.plist", "emoticons.plist",
  ]

  /// Reads the pack(s) at `path`: a folder holding a manifest, or a manifest file.
  ///
  /// Returns every pack described (a Weibo bundle or NIM plist holds several) and all diagnostics.
  package static func load(
    _ path: String, limits: ManifestLimits = .init()
  ) -> (packs: [PackManifest], diagnostics: Diagnostics) {
    var diagnostics = Diagnostics()
    var isDirectory: ObjCBool = false
    let fm = FileManager.default
    guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
      diagnostics.append(Diagnostic(.error, .noSuchPath, file: path, "no such file or folder"))
      return ([], diagnostics)
    }
    var folder = path
    var manifest: String
    if isDirectory.boolValue {
      let found = manifestNames.filter { fm.fileExists(atPath: (path as NSString).appendingPathComponent($0)) }
      guard let first = found.first else {
        diagnostics.append(
          Diagnostic(
            .error, .noManifest, file: path,
            "no manifest found (expected one of \(manifestNames.joined(separator: ", ")))")
        )
        return ([], diagnostics)
      }
      if found.count > 1 {
        diagnostics.append(
          Diagnostic(
            .warning, .severalManifests, file: path,
            "several manifests found (\(found.joined(separator: ", "))); using \(first)")
        )
      }
      manifest = (path as NSString).appendingPathComponent(first)
    } else {
      manifest = path
      folder = (path as NSString).deletingLastPathComponent
      if folder.isEmpty { folder = "." }
    }
    let name = (manifest as NSString).lastPathComponent
    let root: ManifestNode
    do {
      root = try parse(file: manifest, limits: limits)
    } catch {
      diagnostics.append(error.diagnostic)
      return ([], diagnostics)
    }
    if name == "emoticons.plist" { return loadBundle(root, folder: folder, file: manifest, limits: limits) }
    let (packs, d) = readTree(root, name: name, folder: folder, file: manifest)
    diagnostics.append(contentsOf: d)
    return (packs, diagnostics)
  }

  /// Hands a parsed manifest to the reader its file name calls for.
  static func readTree(
    _ root: ManifestNode, name: String, folder: String, file: String, table: SettingsTable = .standard
  ) -> ([PackManifest], Diagnostics) {
    switch name {
    case "emoji.plist":
      return NIMManifestReader.read(root, folder: folder, file: file, files: FolderListing(folder: folder))
    case "info.plist", "info.json":
      if CodeListManifestReader.looksLikeCodeList(root) {
        let (pack, d) = CodeListManifestReader.read(
          root, folder: folder, file: file, files: FolderListing(folder: folder))
        return (pack.map { [$0] } ?? [], d)
      }
      let (pack, d) = WeiboManifestReader.read(root, folder: folder, file: file, files: FolderListing(folder: folder))
      return (pack.map { [$0] } ?? [], d)
    default:
      let (pack, d) = NativeManifestReader.read(root, folder: folder, file: file, table: table)
      return (pack.map { [$0] } ?? [], d)
    }
  }

  /// Reads manifest bytes as if they were the file `name` (`pack.json`, `info.plist`, `emoji.plist` …) in
  /// `folder`, without reading the manifest from disk: for tools, tests and fuzzing.
  package static func read(
    bytes: [UInt8], name: String, folder: String, limits: ManifestLimits = .init(),
    table: SettingsTable = .standard
  ) -> (packs: [PackManifest], diagnostics: Diagnostics) {
    var diagnostics = Diagnostics()
    let file = (folder as NSString).appendingPathComponent(name)
    guard bytes.count <= limits.maxBytes else {
      diagnostics.append(
        Diagnostic(
          .error, .manifestTooLarge, file: file,
          "manifest is \(bytes.count) bytes, over the limit of \(limits.maxBytes)"))
      return ([], diagnostics)
    }
    let root: ManifestNode
    do throws(ManifestError) {
      if bytes.isEmpty { throw ManifestError(file: file, line: nil, column: nil, "manifest is empty") }
      root =
        name.hasSuffix(".json")
        ? try JSONDocument.parse(bytes, file: file, maxDepth: limits.maxDepth)
        : try PlistDocument.parse(bytes, file: file, maxDepth: limits.maxDepth)
    } catch {
      diagnostics.append(error.diagnostic)
      return ([], diagnostics)
    }
    let (packs, d) = readTree(root, name: name, folder: folder, file: file, table: table)
    diagnostics.append(contentsOf: d)
    return (packs, diagnostics)
  }

  /// Reads and parses a manifest file as JSON (`.json`) or a property list (anything else).
  static func parse(file: String, limits: ManifestLimits) throws(ManifestError) -> ManifestNode {
    // One byte past the limit is enough to tell a manifest that is too large.
    let data: [UInt8]
    do { data = try FileSystem.readPrefix(file, count: limits.maxBytes + 1) } catch {
      throw ManifestError(
        file: file, line: nil, column: nil, code: .manifestUnreadable, "cannot read the file: \(error.reason)")
    }
    guard data.count <= limits.maxBytes else {
      let size = ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int) ?? data.count
      throw ManifestError(
        file: file, line: nil, column: nil, code: .manifestTooLarge,
        "manifest is \(size) bytes, over the limit of \(limits.maxBytes)")
    }
    if data.isEmpty { throw ManifestError(file: file, line: nil, column: nil, "manifest is empty") }
    if file.hasSuffix(".json") {
      return try JSONDocument.parse([UInt8](data), file: file, maxDepth: limits.maxDepth)
    }
    return try PlistDocument.parse([UInt8](data), file: file, maxDepth: limits.maxDepth)
  }

  /// A Weibo bundle: `emoticons.plist` lists packages, each a subfolder named by its id.
  private static func loadBundle(
    _ root: ManifestNode, folder: String, file: String, limits: ManifestLimits
  ) -> (packs: [PackManifest], diagnostics: Diagnostics) {
    var r = NodeReader(file: file)
    var packs: [PackManifest] = []
    var diagnostics = Diagnostics()
    guard let members = r.object(root, "") else { return ([], r.diagnostics) }
    guard let list = r.member(members, "packages") else {
      r.diagnostics.error(.bundleNoPackages, "missing required key 'packages'", at: r.location(root, ""))
      return ([], r.diagnostics)
    }
    guard let items = r.array(list, "packages") else { return ([], r.diagnostics) }
    for (index, item) in items.enumerated() {
      let path = "packages[\(index)]"
      guard let fields = r.object(item, path) else { continue }
      guard let idNode = r.member(fields, "id"), let id = r.string(idNode, path + ".id") else {
        if r.member(fields, "id") == nil {
          r.diagnostics.error(.bundlePackageNoId, "package has no 'id'", at: r.location(item, path))
        }
        continue
      }
      guard !id.isEmpty, !id.contains("/"), id != "..", id != "." else {
        r.diagnostics.error(
          .bundlePackageId, "package id '\(id)' is not a folder name", at: r.location(idNode, path + ".id"))
        continue
      }
      let sub = (folder as NSString).appendingPathComponent(id)
      let (p, d) = load(sub, limits: limits)
      diagnostics.append(contentsOf: d)
      packs += p
    }
    var all = r.diagnostics
    all.append(contentsOf: diagnostics)
    return (packs, all)
  }
}
