import EmoPackFormat
import Foundation

/// Where the build cache lives when `--cache` is not given: outside the output folder, so the output holds only
/// what ships.
///
/// The root is `$EMOPACK_CACHE_DIR`, else `$XDG_CACHE_HOME/emopack`, else `~/.cache/emopack` (Linux) or
/// `~/Library/Caches/emopack` (Apple platforms), else a folder in the temporary directory. Each output folder gets
/// its own subfolder, named after it and a hash of its absolute path, so builds into different folders never
/// share keys.
package enum CacheLocation {
  /// The cache root for this process's environment.
  package static func root(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    if let dir = environment["EMOPACK_CACHE_DIR"], !dir.isEmpty { return dir }
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/emopack" }
    if let home = environment["HOME"], home.hasPrefix("/") {
      #if canImport(Darwin)
      return home + "/Library/Caches/emopack"
      #else
      return home + "/.cache/emopack"
      #endif
    }
    return NSTemporaryDirectory() + "emopack-cache-\(getuid())"
  }

  /// The cache folder of builds into `output`.
  package static func folder(
    forOutput output: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let absolute = URL(fileURLWithPath: output).standardizedFileURL.path
    let name = (absolute as NSString).lastPathComponent.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
    let digest = hexString(SHA256.hash(Array(absolute.utf8)).prefix(6))
    return root(environment: environment) + "/" + String(name.prefix(40)) + "-" + digest
  }
}
