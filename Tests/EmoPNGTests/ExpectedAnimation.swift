/// One row of an animation fixture folder's `expected.tsv`: the canvas, frames, loop and delays the reference
/// (composited by a script in build-tools/goldens) has; its frames are in `FILE.rgba`.
struct ExpectedAnimation: Sendable, CustomStringConvertible {
  var file: String
  var width: Int
  var height: Int
  var frames: Int
  var loop: Int
  var delays: [Int]
  var description: String { file }

  /// The rows of `folder/expected.tsv` (comments skipped).
  static func load(_ folder: String) -> [ExpectedAnimation] {
    guard let text = try? String(decoding: Fixtures.data(folder + "/expected.tsv"), as: UTF8.self) else { return [] }
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
      let f = line.split(separator: "\t").map(String.init)
      return ExpectedAnimation(
        file: f[0], width: Int(f[1])!, height: Int(f[2])!, frames: Int(f[3])!, loop: Int(f[4])!,
        delays: f[5].split(separator: ",").map { Int($0)! })
    }
  }
}
