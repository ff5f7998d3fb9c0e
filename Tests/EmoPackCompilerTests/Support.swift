import EmoImage
import EmoPNG
import EmoPackCompiler
import Foundation
import TestSupport
import Testing

/// Fixture access and temporary folders for the compiler tests.
enum Support {
  static let fixtures: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

  /// The source folder of the fixtures, for re-recording golden files with RECORD=1.
  static let sourceFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures")

  static func fixture(_ relative: String) -> String { fixtures.appendingPathComponent(relative).path }

  /// Builds `pack` into a new temporary folder (its cache beside it, fast PNG effort unless `edit` says otherwise).
  static func build(
    _ pack: String, label: String, _ edit: (inout BuildOptions) -> Void = { _ in }
  ) throws -> (BuildReport, String) {
    let out = tempDir(label)
    var o = BuildOptions(outputDirectory: out)
    o.cacheDirectory = out + ".cache"
    o.effort = .fast
    edit(&o)
    return (try PackBuilder(options: o).build(paths: [pack]), out)
  }

  /// A new empty temporary folder.
  static func tempDir(_ label: String = "t") -> String { TemporaryFolder.make(label) }

  /// Copies a fixture pack folder into a temporary folder and returns the copy's path.
  static func copyPack(_ name: String) throws -> String {
    let dir = tempDir(name)
    let dest = dir + "/" + name
    try FileManager.default.copyItem(atPath: fixture("packs/\(name)"), toPath: dest)
    return dest
  }

  /// Compares `actual` with golden file `name`, or rewrites it when RECORD=1.
  static func assertGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if ProcessInfo.processInfo.environment["RECORD"] == "1" {
      try actual.write(to: sourceFixtures.appendingPathComponent("golden/\(name)"), atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: fixtures.appendingPathComponent("golden/\(name)"), encoding: .utf8)
    #expect(
      actual == expected, "golden \(name) differs; RECORD=1 swift test re-records it", sourceLocation: sourceLocation)
  }

  /// Writes a PNG of `image` to `path`.
  static func writePNG(_ image: RGBAImage, to path: String) throws {
    try Data(try PNGEncoder.encode(image, options: PNGEncodeOptions(level: 1))).write(to: URL(fileURLWithPath: path))
  }

  /// A pack folder with `count` distinct generated images of `side` pixels and a pack.json.
  static func makePack(
    count: Int, side: Int = 48, size: Int = 16, scales: [Int] = [1, 2], id: String = "gen"
  ) throws -> String {
    let dir = tempDir(id) + "/" + id
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var entries: [String] = []
    for i in 0..<count {
      try writePNG(generated(i, side: side), to: "\(dir)/e\(i).png")
      entries.append(#"{"image": "e\#(i).png", "tags": ["[e\#(i)]"]}"#)
    }
    let json =
      #"{"id": "\#(id)", "version": "1", "size": \#(size), "scales": \#(scales), "emoticons": [\#(entries.joined(separator: ",\n"))]}"#
    try json.write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    return dir
  }

  /// A distinct anti-aliased disc with transparency.
  static func generated(_ seed: Int, side: Int) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: side * side * 4)
    let c = Double(side) / 2
    let r = Double(side) * (0.3 + Double(seed % 7) * 0.02)
    for y in 0..<side {
      for x in 0..<side {
        let d = ((Double(x) + 0.5 - c) * (Double(x) + 0.5 - c) + (Double(y) + 0.5 - c) * (Double(y) + 0.5 - c))
          .squareRoot()
        let a = min(max(r - d + 0.5, 0), 1)
        let i = (y * side + x) * 4
        pixels[i] = UInt8((seed * 37) % 256)
        pixels[i + 1] = UInt8((seed * 91 + x * 3) % 256)
        pixels[i + 2] = UInt8((seed * 13 + y * 5) % 256)
        pixels[i + 3] = UInt8((a * 255).rounded())
      }
    }
    return RGBAImage(width: side, height: side, pixels: pixels)
  }

  /// A sheet-like strip: `count` generated sprites of `side` pixels side by side.
  static func strip(count: Int, side: Int) -> RGBAImage {
    let sprites = (0..<count).map { generated($0, side: side) }
    var pixels: [UInt8] = []
    pixels.reserveCapacity(count * side * side * 4)
    for y in 0..<side {
      for sprite in sprites { pixels += sprite.pixels[(y * side * 4)..<((y + 1) * side * 4)] }
    }
    return RGBAImage(width: count * side, height: side, pixels: pixels)
  }
}
