import Foundation

/// Locates the test fixtures copied into the bundle by SwiftPM.
enum Fixtures {
  static let root: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

  static func data(_ relative: String) throws -> Data {
    try Data(contentsOf: root.appendingPathComponent(relative))
  }

  /// File names of PngSuite images, sorted; `corrupt` selects the `x*` files.
  static func pngSuite(corrupt: Bool) -> [String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("pngsuite").path)) ?? []
    return names.filter { $0.hasSuffix(".png") && $0.hasPrefix("x") == corrupt }.sorted()
  }
}
