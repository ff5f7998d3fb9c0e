import Foundation
import TestSupport
import Testing

/// `inspect --json` against docs/inspect.schema.json, and the schema checker against reports it must refuse.
@Suite struct InspectSchemaTests {
  /// A small pack's report, parsed.
  static func report() throws -> [String: Any] {
    let root = CLI.tempDir("schema")
    try CLI.makePack(root + "/pack", count: 2)
    #expect(try CLI.run(["build", root + "/pack", "-o", root + "/out", "--effort", "fast"]).status == 0)
    let json = try CLI.run(["inspect", "--json", "--verify", root + "/out/cli.pack"])
    return try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
  }

  @Test func aReportIsDataThatTheSchemaAccepts() throws {
    let report = try Self.report()
    let schema = try SamplePacks.inspectSchema.get()
    #expect(schema.problems(report) == [])
    #expect(report["schemaVersion"] as? Int == 3 && report["command"] as? String == "inspect")
    let entry = try #require((report["entries"] as? [[String: Any]])?.first)
    let sprite = try #require((entry["sprites"] as? [[String: Any]])?.first)
    #expect(sprite["x"] as? Int == 1 && sprite["y"] as? Int == 1 && sprite["width"] as? Int == 16)
    #expect(sprite["scale"] as? Int == 1 && sprite["page"] as? Int == 0 && sprite["trimmed"] as? Bool == false)
    #expect((report["format"] as? [String: Any])?["major"] as? Int == 2)
  }

  /// Each kind of mistake the checker must catch: a missing field, a wrong type, an unknown field, a value outside
  /// its enum or range, a string off its pattern.
  @Test func theCheckerRefusesBrokenReports() throws {
    let report = try Self.report()
    let schema = try SamplePacks.inspectSchema.get()
    var entries = try #require(report["entries"] as? [[String: Any]])
    var broken: [(String, [String: Any])] = []
    var r = report
    r["id"] = nil
    broken.append(("missing 'id'", r))
    r = report
    r["fileBytes"] = "many"
    broken.append(("$.fileBytes: expected integer", r))
    r = report
    r["colour"] = "red"
    broken.append(("unexpected 'colour'", r))
    r = report
    entries[0]["kind"] = "sticker"
    r["entries"] = entries
    broken.append(("$.entries[0].kind: sticker is not one of", r))
    r = report
    var sheets = try #require(report["sheets"] as? [[String: Any]])
    sheets[0]["sha256"] = "XYZ"
    sheets[0]["scale"] = 9
    r["sheets"] = sheets
    broken.append(("$.sheets[0].sha256: 'XYZ' does not match", r))
    broken.append(("$.sheets[0].scale: 9 is over the maximum", r))
    for (expected, instance) in broken {
      let problems = schema.problems(instance)
      #expect(problems.contains { $0.contains(expected) }, "\(expected): \(problems)")
    }
  }
}
