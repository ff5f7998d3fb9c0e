import Foundation
import Testing

/// The libFuzzer harnesses (`Fuzz/harnesses`, built by `build-tools/fuzz.sh`) still compile against the modules
/// as they are: each is type-checked against the modules built beside these tests.
@Suite struct FuzzHarnessTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
    .standardized.path

  @Test func everyHarnessTypeChecks() throws {
    let modules = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().appendingPathComponent("Modules").path
    let harnesses = try FileManager.default.contentsOfDirectory(atPath: Self.repository + "/Fuzz/harnesses")
      .filter { $0.hasSuffix(".swift") }.sorted()
    #expect(harnesses.count >= 10)
    let includes = ["CEmoPNG/include", "CEmoScan/include", "CEmoGIF/include", "CEmoSQLite"].flatMap {
      ["-I", Self.repository + "/Sources/" + $0]
    }
    for harness in harnesses {
      let p = Process()
      p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      p.arguments =
        ["swiftc", "-typecheck", "-parse-as-library", "-I", modules] + includes + [
          Self.repository + "/Fuzz/harnesses/" + harness
        ]
      let err = Pipe()
      p.standardError = err
      p.standardOutput = FileHandle.nullDevice
      try p.run()
      let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      p.waitUntilExit()
      #expect(p.terminationStatus == 0, "\(harness): \(text.split(separator: "\n").prefix(4).joined(separator: "\n"))")
    }
  }
}
