import Foundation
import PackagePlugin

/// Compiles the emoticon packs inside a target's folder during `swift build`.
///
/// A pack is a folder whose name ends in `.emopack`, holding `pack.json`, `pack.plist` or Weibo's
/// `info.plist`. Every file in it is an input, so SwiftPM rebuilds only when the pack changes; the `.pack`
/// and its sheets (stable names: `<id>.png`, `<id>@2x.png` …) are outputs and become resources reachable
/// through `Bundle.module`. Exclude the `.emopack` folders from the target (`exclude:`) so SwiftPM does
/// not also copy the source images.
@main
struct EmoPackBuildPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard target is SourceModuleTarget else { return [] }
    let tool = try context.tool(named: "emopack")
    let root = target.directoryURL
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("packs")
    var commands: [Command] = []
    for pack in try Self.packFolders(in: root) {
      let info = try Self.describe(pack)
      var outputs = [output.appendingPathComponent("\(info.id).pack")]
      for scale in info.scales where info.hasImages {
        outputs.append(output.appendingPathComponent(scale == 1 ? "\(info.id).png" : "\(info.id)@\(scale)x.png"))
      }
      commands.append(
        .buildCommand(
          displayName: "emopack build \(pack.lastPathComponent)",
          executable: tool.url,
          arguments: [
            "build", pack.path, "-o", output.path, "--stable-names", "--single-page", "--quiet",
            "--cache", context.pluginWorkDirectoryURL.appendingPathComponent("cache").path,
          ],
          inputFiles: try Self.files(in: pack),
          outputFiles: outputs))
    }
    return commands
  }

  /// Folders named `*.emopack` below `root`, sorted.
  static func packFolders(in root: URL) throws -> [URL] {
    var found: [URL] = []
    let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])
    while let url = walker?.nextObject() as? URL {
      if url.pathExtension == "emopack" {
        found.append(url)
        walker?.skipDescendants()
      }
    }
    return found.sorted { $0.path < $1.path }
  }

  /// Every file of a pack, sorted: all of them are inputs of its build.
  static func files(in pack: URL) throws -> [URL] {
    var out: [URL] = []
    let walker = FileManager.default.enumerator(at: pack, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = walker?.nextObject() as? URL {
      if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { out.append(url) }
    }
    return out.sorted { $0.path < $1.path }
  }

  struct PackInfo {
    var id: String
    var scales: [Int]
    var hasImages: Bool
  }

  /// Reads the id and scales from the manifest, to name the outputs before the build runs.
  static func describe(_ pack: URL) throws -> PackInfo {
    for name in ["pack.json", "pack.plist", "info.plist", "info.json"] {
      let url = pack.appendingPathComponent(name)
      guard let data = FileManager.default.contents(atPath: url.path) else { continue }
      let object: Any
      if name.hasSuffix(".json") {
        object = try JSONSerialization.jsonObject(with: data)
      } else {
        object = try PropertyListSerialization.propertyList(from: data, format: nil)
      }
      guard let dict = object as? [String: Any] else { break }
      let id = (dict["id"] as? String) ?? (dict["id"] as? Int).map(String.init) ?? ""
      guard !id.isEmpty else { throw PluginError("\(url.path): no 'id'") }
      let scales = (dict["scales"] as? [Int]) ?? [1, 2, 3]
      let entries = (dict["emoticons"] as? [[String: Any]]) ?? []
      let hasImages = entries.contains { $0["image"] != nil || ($0["png"] as? String).map { !$0.isEmpty } == true }
      return PackInfo(id: id, scales: scales.sorted(), hasImages: hasImages)
    }
    throw PluginError("\(pack.path): no pack.json, pack.plist, info.plist or info.json")
  }
}

struct PluginError: Error, CustomStringConvertible {
  let description: String
  init(_ d: String) { description = d }
}
