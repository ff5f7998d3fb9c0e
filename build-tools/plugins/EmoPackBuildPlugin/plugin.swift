import Foundation
import PackagePlugin

/// Compiles the emoticon packs inside a target's folder during `swift build`.
///
/// A pack is a folder whose name ends in `.emopack` holding anything `emopack build` reads: `pack.json` or
/// `pack.plist`, Weibo's `info.plist` or a bundle, NetEase's `emoji.plist`. The plugin reads no manifest: every
/// file of the folder is an input (SwiftPM rebuilds only when one changes), and the output is one folder named
/// after the pack folder (`Emoticons.emopack` → `Emoticons/`), which SwiftPM copies into the bundle whole, so
/// the `.pack` files and sheets are found with
/// `Bundle.module.path(forResource: "<id>", ofType: "pack", inDirectory: "Emoticons")`, however many packs,
/// scales or sheet pages the build makes. Exclude the `.emopack` folders from the target (`exclude:`) so SwiftPM
/// does not also copy the source images.
@main
struct EmoPackBuildPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard target is SourceModuleTarget else { return [] }
    let tool = try context.tool(named: "emopack")
    let work = context.pluginWorkDirectoryURL
    var commands: [Command] = []
    for pack in try Self.packFolders(in: target.directoryURL) {
      let name = pack.deletingPathExtension().lastPathComponent
      let output = work.appendingPathComponent("packs").appendingPathComponent(name)
      commands.append(
        .buildCommand(
          displayName: "emopack build \(pack.lastPathComponent)",
          executable: tool.url,
          arguments: [
            "build", pack.path, "-o", output.path, "--stable-names", "--quiet", "--touch-output",
            "--cache", work.appendingPathComponent("cache").appendingPathComponent(name).path,
          ],
          inputFiles: try Self.files(in: pack),
          outputFiles: [output]))
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
}
