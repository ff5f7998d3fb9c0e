import EmoImage
import EmoPNG
import Foundation
import TestSupport
import Testing

/// Runs the real `emopack` binary built beside the tests.
enum CLI {
  static let binary: String = {
    let candidates = [
      Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
    ]
    .flatMap { [$0, $0.deletingLastPathComponent()] }
    .map { $0.appendingPathComponent("emopack").path }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
  }()

  /// The tests' environment with the default build cache under the tests' temporary folder.
  static var environment: [String: String] {
    var e = ProcessInfo.processInfo.environment
    e["EMOPACK_CACHE_DIR"] = TemporaryFolder.root + "/cache"
    return e
  }

  struct Result {
    /// The exit status, or the signal's number when `signalled`.
    var status: Int32
    var stdout: String
    var stderr: String
    /// True when a signal ended the process.
    var signalled = false
  }

  /// Runs the binary with `args`, in `cwd`, with `environment` added to the tests' own, and waits for it.
  @discardableResult
  static func run(_ args: [String], cwd: String? = nil, environment extra: [String: String] = [:]) throws -> Result {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: binary)
    p.arguments = args
    p.environment = environment.merging(extra) { _, new in new }
    if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return Result(
      status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
      stderr: String(decoding: e, as: UTF8.self), signalled: p.terminationReason == .uncaughtSignal)
  }

  /// Starts the binary without waiting.
  static func start(_ args: [String]) throws -> Process {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: binary)
    p.arguments = args
    p.environment = environment
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try p.run()
    return p
  }

  static func tempDir(_ label: String) -> String { TemporaryFolder.make("cli-" + label) }

  /// A pack folder of `count` generated images.
  static func makePack(_ dir: String, count: Int, variant: Int = 0, side: Int = 64) throws {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var entries: [String] = []
    for i in 0..<count {
      try writeImage(dir + "/e\(i).png", seed: i + variant * 1000, side: side)
      entries.append(#"{"image": "e\#(i).png", "tags": ["[e\#(i)]"]}"#)
    }
    try
      #"{"id": "cli", "version": "1", "size": 16, "scales": [1, 2, 3], "emoticons": [\#(entries.joined(separator: ", "))]}"#
      .write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
  }

  static func writeImage(_ path: String, seed: Int, side: Int) throws {
    var pixels = [UInt8](repeating: 0, count: side * side * 4)
    for y in 0..<side {
      for x in 0..<side {
        let dx = Double(x) - Double(side) / 2
        let dy = Double(y) - Double(side) / 2
        let inside = dx * dx + dy * dy < Double(side * side) / 5
        let i = (y * side + x) * 4
        pixels[i] = UInt8((seed * 53 + x) % 256)
        pixels[i + 1] = UInt8((seed * 17 + y) % 256)
        pixels[i + 2] = UInt8((seed * 29) % 256)
        pixels[i + 3] = inside ? 255 : 0
      }
    }
    let png = try PNGEncoder.encode(
      RGBAImage(width: side, height: side, pixels: pixels), options: PNGEncodeOptions(level: 1))
    try Data(png).write(to: URL(fileURLWithPath: path))
  }

  static func snapshot(_ dir: String) throws -> [String: Data] { try FolderSnapshot.contents(dir) }

  static func mtimes(_ dir: String) throws -> [String: Date] { try FolderSnapshot.modificationTimes(dir) }
}
