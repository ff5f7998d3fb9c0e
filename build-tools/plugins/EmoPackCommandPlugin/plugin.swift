import Foundation
import PackagePlugin

/// `swift package emopack <build|validate|inspect> …`: runs the emopack CLI on the package's packs.
///
/// Arguments are passed as they are. Building writes into the package (default `build/emopack`), so it
/// needs `--allow-writing-to-package-directory`. The command fails, with emopack's diagnostics shown,
/// when emopack exits non-zero.
@main
struct EmoPackCommandPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "emopack")
    let process = Process()
    process.executableURL = tool.url
    process.arguments = arguments.isEmpty ? ["--help"] : arguments
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      Diagnostics.error("emopack \(arguments.first ?? "") failed with exit status \(process.terminationStatus)")
      throw CommandFailure(status: process.terminationStatus)
    }
  }
}

struct CommandFailure: Error, CustomStringConvertible {
  let status: Int32
  var description: String { "emopack exited with status \(status)" }
}
