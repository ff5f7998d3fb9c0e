import EmoPackCompiler
import Foundation
import Testing

/// Every command, given a bad flag, a missing file and a truncated `.pack`, prints a coded diagnostic on standard
/// error and, with `--json`, one object carrying `command` and `diagnostics`; no Foundation error text reaches
/// the user.
@Suite struct EveryCommandDiagnosticsTests {
  /// A built pack, a copy cut short, a signed site and its key, in one folder.
  struct Fixture {
    let root: String
    var pack: String { root + "/out/cli.pack" }
    var truncated: String { root + "/cut/cli.pack" }
    var missing: String { root + "/nothing/here.pack" }
    var site: String { root + "/site" }
    var key: String { root + "/k" }

    init() throws {
      root = CLI.tempDir("every")
      try CLI.makePack(root + "/src", count: 2)
      #expect(try CLI.run(["build", root + "/src", "-o", root + "/out", "--effort", "fast"]).status == 0)
      let bytes = try Data(contentsOf: URL(fileURLWithPath: root + "/out/cli.pack"))
      try FileManager.default.copyItem(atPath: root + "/out", toPath: root + "/cut")
      try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: root + "/cut/cli.pack"))
      #expect(try CLI.run(["keygen", "-o", root + "/k"]).status == 0)
      #expect(try CLI.run(["publish", root + "/out/cli.pack", "-o", root + "/site", "--key", root + "/k.key"]).status == 0)
    }
  }

  /// Each command's three cases: the arguments and the codes each may report.
  static func cases(_ f: Fixture) -> [(name: String, args: [String], codes: Set<String>)] {
    let o = f.root + "/o-\(UUID().uuidString)"
    return [
      ("build", ["build", f.root + "/src", "--bogus"], ["usage"]),
      ("build", ["build", f.root + "/nothing", "-o", o], ["no-such-path", "no-pack"]),
      ("build", ["build", f.truncated, "-o", o], ["manifest-unreadable", "manifest-syntax", "no-pack"]),
      ("validate", ["validate", f.root + "/src", "--padding", "nope"], ["padding-range"]),
      ("validate", ["validate", f.root + "/nothing"], ["no-such-path", "no-pack"]),
      ("validate", ["validate", f.truncated], ["manifest-unreadable", "manifest-syntax", "no-pack"]),
      ("inspect", ["inspect", f.pack, "--bogus"], ["usage"]),
      ("inspect", ["inspect", f.missing], ["pack-unreadable"]),
      ("inspect", ["inspect", f.truncated], ["pack-truncated"]),
      ("search", ["search", f.pack, "x", "--limit", "0"], ["usage"]),
      ("search", ["search", f.missing, "x"], ["pack-unreadable"]),
      ("search", ["search", f.truncated, "x"], ["pack-truncated"]),
      ("preview", ["preview", f.pack, "-o", o + ".txt"], ["usage"]),
      ("preview", ["preview", f.missing, "-o", o + ".html"], ["pack-unreadable"]),
      ("preview", ["preview", f.truncated, "-o", o + ".html"], ["pack-truncated"]),
      ("export", ["export", f.pack, "--format", "xml", "-o", o], ["usage"]),
      ("export", ["export", f.missing, "--format", "web", "-o", o], ["pack-unreadable"]),
      ("export", ["export", f.truncated, "--format", "css", "-o", o], ["pack-truncated"]),
      ("export", ["export", f.root + "/nothing", "--format", "signal", "-o", o], ["no-such-path", "no-pack"]),
      ("publish", ["publish", f.pack, "-o", f.site, "--key", f.key + ".key", "--expires", "soon"], ["usage"]),
      ("publish", ["publish", f.missing, "-o", f.site, "--key", f.key + ".key"], ["pack-unreadable"]),
      ("publish", ["publish", f.truncated, "-o", f.site, "--key", f.key + ".key"], ["pack-truncated"]),
      ("keygen", ["keygen", "-o", f.key, "--bogus"], ["usage"]),
      ("keygen", ["keygen", "-o", f.root + "/nothing/key"], ["io-failed"]),
      ("keygen", ["keygen", "-o", f.key], ["key-exists"]),
      ("verify", ["verify", "--bogus", f.site, "--key", f.key + ".pub"], ["usage"]),
      ("verify", ["verify", f.root + "/nothing", "--key", f.key + ".pub"], ["site-check"]),
      ("verify", ["verify", f.site, "--key", f.truncated], ["key-invalid"]),
    ]
  }

  @Test func everyCommandReportsCodedDiagnosticsAndOneJSONObject() throws {
    let f = try Fixture()
    var seen = Set<String>()
    for (name, args, codes) in Self.cases(f) {
      seen.insert(name)
      let r = try CLI.run(args + ["--json"])
      let object = try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
      let diagnostics = object?["diagnostics"] as? [[String: Any]] ?? []
      let found = Set(diagnostics.compactMap { $0["code"] as? String })
      #expect(r.status != 0, "\(args)")
      #expect(object?["command"] as? String == name || name == "build", "\(args): \(r.stdout)")
      #expect(!found.isDisjoint(with: codes), "\(args): codes \(found), expected one of \(codes)\n\(r.stderr)")
      #expect(r.stderr.contains(": error: "), "\(args): \(r.stderr)")
      for text in [r.stdout, r.stderr] {
        #expect(!text.contains("NSCocoaErrorDomain") && !text.contains("Error Domain="), "\(args): \(text)")
      }
      // Without --json: the same diagnostic, and nothing on standard output but what the command prints.
      let plain = try CLI.run(args)
      #expect(plain.status == r.status && plain.stderr.contains(": error: "), "\(args)")
    }
    #expect(seen == Set(["build", "validate", "inspect", "search", "preview", "export", "publish", "keygen", "verify"]))
  }
}
