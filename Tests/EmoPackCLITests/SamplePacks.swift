import Foundation
import TestSupport
import Testing

/// The repository's sample packs, built and verified through the binary.
enum SamplePacks {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../packs")
    .standardized.path

  /// The JSON Schema of `inspect --json` (docs/inspect.schema.json).
  static let inspectSchema = Result {
    try JSONSchemaSubset(data: Data(contentsOf: URL(fileURLWithPath: folder + "/../docs/inspect.schema.json")))
  }

  /// The problems the schema finds in `inspect --json --verify` of the pack at `path`.
  static func schemaProblems(_ path: String) throws -> [String] {
    let json = try CLI.run(["inspect", "--json", "--verify", path])
    #expect(json.status == 0, "\(json.stderr)")
    return try inspectSchema.get().problems(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)))
  }

  /// Builds each named pack (the codes pack with CLDR keywords in zh, zh-Hant and en), verifies it, checks its
  /// `inspect --json` against the schema, and checks what inspect shows of the animated, emoji-only and codes packs.
  static func buildAndVerify(_ names: [String], extra: [String] = []) throws {
    let root = CLI.tempDir("samples")
    for name in names {
      let locales = name == "codes" ? ["--keyword-locales", "zh,zh-Hant,en"] : []
      let build = try CLI.run(["build", folder + "/" + name, "-o", root, "-q"] + locales + extra)
      #expect(build.status == 0, "\(name): \(build.stderr)")
      let inspect = try CLI.run(["inspect", "--verify", root + "/" + name + ".pack"])
      #expect(inspect.status == 0 && inspect.stdout.contains("verify    ok"), "\(name): \(inspect.stderr)")
      let problems = try schemaProblems(root + "/" + name + ".pack")
      #expect(problems.isEmpty, "\(name): \(problems.prefix(5))")
      if name == "animated" {
        #expect(inspect.stdout.contains("entries   12 (12 image, 12 of them animated, 0 emoji)"))
        #expect(inspect.stdout.contains("8 frames, 0.96 s, loops forever, still 0"))
      }
      if name == "emoji" {
        // Emoji only: the pack and no sheet; nothing for a sheet exporter to write.
        #expect(inspect.stdout.contains("sheets    0"), "\(inspect.stdout)")
        let tp = try CLI.run(["export", root + "/emoji.pack", "--format", "texturepacker-json", "-o", root + "/tp"])
        #expect(tp.status == 0 && tp.stdout.contains("has no sheets"), "\(tp.stdout)")
      }
      if name == "codes" {
        #expect(inspect.stdout.contains("[微笑] /微笑 /::) :smile: (inserts [微笑])"))
        #expect(inspect.stdout.contains("[闭嘴] /闭嘴 /::X :zip: (inserts /闭嘴)"))
        #expect(
          inspect.stdout.contains("en:grinning face (cldr name)") && inspect.stdout.contains("zh-Hant:笑臉 (cldr name)"))
      }
    }
  }
}
