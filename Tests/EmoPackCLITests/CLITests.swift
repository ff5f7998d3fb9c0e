import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite struct CLITests {
  @Test func helpAndUsageErrors() throws {
    let help = try CLI.run(["--help"])
    #expect(help.status == 0 && help.stdout.contains("USAGE") && help.stdout.contains("EXIT STATUS"))
    let buildHelp = try CLI.run(["build", "--help"])
    #expect(buildHelp.status == 0 && buildHelp.stdout.contains("--max-sheet-side PIXELS"))
    #expect(try CLI.run([]).status == 2)
    let unknown = try CLI.run(["frobnicate"])
    #expect(unknown.status == 2 && unknown.stderr.contains("unknown command 'frobnicate'"))
    let badFlag = try CLI.run(["build", "--bogus", "x"])
    #expect(badFlag.status == 2 && badFlag.stderr.contains("unknown option '--bogus'"))
    let badValue = try CLI.run(["build", "x", "--scales", "1,9"])
    #expect(badValue.status == 2 && badValue.stderr.contains("--scales expects scales in 1...4"))
    #expect(try CLI.run(["build"]).status == 2)
    let empty = try CLI.run(["build", "x", "-o", ""])
    #expect(empty.status == 2 && empty.stderr.contains("option -o needs a value, got an empty one"), "\(empty.stderr)")
    #expect(try CLI.run(["build", "x", "--cache="]).status == 2)
    #expect(try CLI.run(["inspect"]).status == 2)
  }

  @Test func buildInspectAndRebuild() throws {
    let root = CLI.tempDir("build")
    try CLI.makePack(root + "/pack", count: 10)
    // Options after the positional argument work as before it.
    let first = try CLI.run(["build", root + "/pack", "-o", root + "/out", "--effort", "fast"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("cli: 10 entries, 10 sprites"))
    #expect(first.stdout.contains("images: 10 processed, 0 from cache"))
    let inspect = try CLI.run(["inspect", "--verify", root + "/out/cli.pack"])
    #expect(inspect.status == 0)
    #expect(inspect.stdout.contains("verify    ok"))
    let json = try CLI.run(["inspect", "--json", root + "/out/cli.pack"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(object?["id"] as? String == "cli")
    #expect((object?["entries"] as? [Any])?.count == 10)

    let bytes = try CLI.snapshot(root + "/out")
    let times = try CLI.mtimes(root + "/out")
    let again = try CLI.run(["build", "--effort", "fast", "-o", root + "/out", root + "/pack"])
    #expect(again.status == 0 && again.stdout.contains("cli: up to date"))
    #expect(try CLI.snapshot(root + "/out") == bytes)
    #expect(try CLI.mtimes(root + "/out") == times)

    try CLI.writeImage(root + "/pack/e4.png", seed: 500, side: 64)
    let changed = try CLI.run(["build", root + "/pack", "-o", root + "/out", "--effort", "fast", "--json"])
    #expect(changed.status == 0)
    let report = try JSONSerialization.jsonObject(with: Data(changed.stdout.utf8)) as? [String: Any]
    let pack = (report?["packs"] as? [[String: Any]])?.first
    #expect(pack?["imagesProcessed"] as? Int == 1, "\(changed.stdout)")
    #expect(pack?["imagesFromCache"] as? Int == 9)
  }

  @Test func inputErrorsExitOneAndWriteNothing() throws {
    let root = CLI.tempDir("errors")
    try CLI.makePack(root + "/pack", count: 3)
    try FileManager.default.removeItem(atPath: root + "/pack/e1.png")
    let r = try CLI.run(["build", root + "/pack", "-o", root + "/out"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("pack.json:1:") && r.stderr.contains("error: image 'e1.png' not found"))
    #expect(r.stderr.contains("nothing was written"))
    #expect(!FileManager.default.fileExists(atPath: root + "/out/cli.pack"))
    let v = try CLI.run(["validate", "--json", root + "/pack"])
    #expect(v.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(v.stdout.utf8)) as? [String: Any]
    let items = object?["diagnostics"] as? [[String: Any]]
    #expect(items?.first?["message"] as? String == "image 'e1.png' not found")
    #expect(items?.first?["severity"] as? String == "error")
    let missing = try CLI.run(["build", root + "/nothing-here", "-o", root + "/out"])
    #expect(missing.status == 1 && missing.stderr.contains("no such file or folder"))
  }

  @Test func limitFlagsApply() throws {
    let root = CLI.tempDir("limits")
    try CLI.makePack(root + "/pack", count: 3)
    let entries = try CLI.run(["build", root + "/pack", "-o", root + "/out", "--max-entries", "2"])
    #expect(entries.status == 1 && entries.stderr.contains("error: pack has 3 emoticons, over the limit of 2"))
    let side = try CLI.run(["validate", root + "/pack", "--max-image-side", "32"])
    #expect(
      side.status == 1 && side.stderr.contains("image 'e0.png' is too large: image is 64x64, over the limit of 32x32"))
    let pixels = try CLI.run(["build", root + "/pack", "-o", root + "/out", "--max-sheet-pixels", "100"])
    #expect(pixels.status == 1 && pixels.stderr.contains("over the limit of 100"))
  }

  /// `build --json` prints one object `{packs, diagnostics}` whatever happens: on failure no pack, and the error as
  /// a coded diagnostic naming the file (input errors, build-stage errors, usage errors alike).
  @Test func buildJSONIsOneObjectEvenOnFailure() throws {
    let root = CLI.tempDir("json")
    try CLI.makePack(root + "/pack", count: 3)
    func report(_ args: [String]) throws -> (Int32, [[String: Any]], [[String: Any]]) {
      let r = try CLI.run(args + ["--json"])
      let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
      return (r.status, object["packs"] as? [[String: Any]] ?? [], object["diagnostics"] as? [[String: Any]] ?? [])
    }
    let good = try report(["build", root + "/pack", "-o", root + "/out", "--effort", "fast"])
    #expect(good.0 == 0 && good.1.count == 1)
    let pixels = try report(["build", root + "/pack", "-o", root + "/out", "--max-sheet-pixels", "100"])
    #expect(pixels.0 == 1 && pixels.1.isEmpty)
    #expect(pixels.2.first?["code"] as? String == "sheet-pixels-limit", "\(pixels.2)")
    #expect(pixels.2.first?["file"] as? String == root + "/pack/pack.json")
    #expect((pixels.2.first?["message"] as? String)?.contains("over the limit of 100") == true)
    // As text: the diagnostic at the manifest, then what was kept.
    let text = try CLI.run(["build", root + "/pack", "-o", root + "/out", "--max-sheet-pixels", "100"])
    #expect(text.stderr.contains(root + "/pack/pack.json: error: pack 'cli': sheets would hold"), "\(text.stderr)")
    #expect(text.stderr.contains("the outputs of the last good build are kept"))
    try FileManager.default.removeItem(atPath: root + "/pack/e1.png")
    let missing = try report(["build", root + "/pack", "-o", root + "/out"])
    #expect(missing.0 == 1 && missing.1.isEmpty && missing.2.contains { $0["code"] as? String == "image-missing" })
    let usage = try report(["build", root + "/pack", "--bogus"])
    #expect(usage.0 == 2 && usage.1.isEmpty && usage.2.first?["code"] as? String == "usage")
    let setting = try report(["build", root + "/pack", "--scales", "1,9"])
    #expect(setting.0 == 2 && setting.1.isEmpty && setting.2.first?["code"] as? String == "scale-range")
    #expect(setting.2.first?["keyPath"] as? String == "--scales")
  }

  @Test func previewAndExport() throws {
    let root = CLI.tempDir("preview")
    try CLI.makePack(root + "/pack", count: 30)
    #expect(try CLI.run(["build", root + "/pack", "-o", root + "/out", "--effort", "fast"]).status == 0)
    let html = try CLI.run(["preview", root + "/out/cli.pack", "-o", root + "/p.html"])
    #expect(html.status == 0 && html.stdout.hasPrefix("wrote \(root)/p.html"))
    let page = try String(contentsOfFile: root + "/p.html", encoding: .utf8)
    #expect(page.components(separatedBy: "class=\"cell delete\"").count - 1 == 2)
    #expect(try CLI.run(["preview", root + "/out/cli.pack", "-o", root + "/p.png", "--scale", "1"]).status == 0)
    let png = try Data(contentsOf: URL(fileURLWithPath: root + "/p.png"))
    #expect(png.starts(with: [137, 80, 78, 71]))
    let css = try CLI.run(["export", root + "/out/cli.pack", "--format", "css", "-o", root + "/css"])
    #expect(css.status == 0 && FileManager.default.fileExists(atPath: root + "/css/cli.css"))
    let tp = try CLI.run(["export", root + "/out/cli.pack", "--format", "texturepacker-json", "-o", root + "/tp"])
    #expect(tp.status == 0)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: root + "/tp").filter { $0.hasSuffix(".json") }.count == 3)
    let bad = try CLI.run(["export", root + "/out/cli.pack", "--format", "xml", "-o", root + "/x"])
    #expect(bad.status == 2 && bad.stderr.contains("--format must be one of texturepacker-json, css"))
    let missing = try CLI.run(["preview", root + "/nope.pack", "-o", root + "/p.html"])
    #expect(missing.status == 3 && missing.stderr.contains("nope.pack: error: "), "\(missing.stderr)")
    // Where the output cannot go: the path and the reason, exit 3, no temporary file left, the earlier page kept.
    let before = try Data(contentsOf: URL(fileURLWithPath: root + "/p.html"))
    try Data([1]).write(to: URL(fileURLWithPath: root + "/file"))
    let noFolder = try CLI.run(["preview", root + "/out/cli.pack", "-o", root + "/none/p.html"])
    #expect(
      noFolder.status == 3
        && noFolder.stderr.contains("\(root)/none/p.html: error: cannot be written: no such file or directory"),
      "\(noFolder.stderr)")
    let inTheWay = try CLI.run(["export", root + "/out/cli.pack", "--format", "css", "-o", root + "/file"])
    #expect(
      inTheWay.status == 3
        && inTheWay.stderr.contains("\(root)/file: error: cannot be made a folder: a file is in the way (not a folder)"),
      "\(inTheWay.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/p.html")) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: root).allSatisfy { !$0.contains(".emopack-tmp-") })
  }

  /// `export --format web`: the packs and sheets, packs.json naming them, the web runtime as one ES module bundled
  /// from web/src, the example page; an export that fails leaves the earlier one whole.
  @Test func webExport() throws {
    let root = CLI.tempDir("web")
    try CLI.makePack(root + "/pack", count: 5)
    #expect(try CLI.run(["build", root + "/pack", "-o", root + "/out", "--effort", "fast"]).status == 0)
    let run = try CLI.run(["export", root + "/out/cli.pack", "--format", "web", "-o", root + "/site"])
    #expect(run.status == 0 && run.stdout.contains("1 pack(s)"), "\(run.stderr)")
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: root + "/site/packs.json")))
        as? [String: [[String: Any]]])
    let pack = try #require(manifest["packs"]?.first)
    #expect(pack["id"] as? String == "cli" && pack["file"] as? String == "packs/cli/cli.pack")
    let sheets = try #require(pack["sheets"] as? [String])
    #expect(!sheets.isEmpty && sheets.allSatisfy { FileManager.default.fileExists(atPath: root + "/site/" + $0) })
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: root + "/site/packs/cli/cli.pack"))
        == Data(contentsOf: URL(fileURLWithPath: root + "/out/cli.pack")))
    // The web runtime: esbuild's bundle of every file of web/src, as the CLI embeds it.
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").path
    let bundle = try String(contentsOfFile: root + "/site/emopack/emopack.js", encoding: .utf8)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: root + "/site/emopack/emopack.js"))
        == Data(contentsOf: URL(fileURLWithPath: repository + "/Sources/EmoPackPreview/Web/emopack.js")))
    let modules = try FileManager.default.contentsOfDirectory(atPath: repository + "/web/src").filter {
      $0.hasSuffix(".js")
    }
    #expect(modules.count >= 8)
    for file in modules where file != "index.js" {
      #expect(bundle.contains("// web/src/\(file)\n"), "emopack.js lacks web/src/\(file): run swift run emopack-web-vectors")
    }
    let page = try String(contentsOfFile: root + "/site/index.html", encoding: .utf8)
    #expect(page.contains("<emopack-keyboard") && page.contains("example.js"))
    // A missing pack: exit 3 (it cannot be read), the earlier export untouched, nothing left beside it.
    let before = try FileManager.default.contentsOfDirectory(atPath: root + "/site").sorted()
    let failed = try CLI.run([
      "export", root + "/out/cli.pack", root + "/nope.pack", "--format", "web", "-o", root + "/site",
    ])
    #expect(failed.status == 3 && failed.stderr.contains("nope.pack: error: "), "\(failed.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/site").sorted() == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: root).allSatisfy { !$0.contains(".emopack-") })
  }

  @Test func failedBuildLeavesEarlierOutputs() throws {
    let root = CLI.tempDir("fail")
    try CLI.makePack(root + "/pack", count: 4)
    #expect(try CLI.run(["build", root + "/pack", "-o", root + "/out", "--effort", "fast"]).status == 0)
    let before = try CLI.snapshot(root + "/out")
    var png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/pack/e2.png")))
    png[png.count - 20] ^= 0x55
    try Data(png).write(to: URL(fileURLWithPath: root + "/pack/e2.png"))
    let r = try CLI.run(["build", root + "/pack", "-o", root + "/out"])
    #expect(r.status == 1 && r.stderr.contains("image 'e2.png' is a corrupt PNG"))
    #expect(try CLI.snapshot(root + "/out") == before)
  }

  @Test func truncatedPackIsReportedWithOffset() throws {
    let root = CLI.tempDir("trunc")
    try CLI.makePack(root + "/pack", count: 2)
    #expect(try CLI.run(["build", root + "/pack", "-o", root + "/out", "--effort", "fast"]).status == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: root + "/out/cli.pack"))
    try bytes.prefix(bytes.count - 5).write(to: URL(fileURLWithPath: root + "/bad.pack"))
    let r = try CLI.run(["inspect", root + "/bad.pack"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("bad.pack: byte \(bytes.count - 5): error: "), "\(r.stderr)")
    #expect(r.stderr.contains("but its header says \(bytes.count)"))
  }

  @Test func samplePacksBuildInTwoFoldersIdentically() throws {
    let root = CLI.tempDir("twice")
    try CLI.makePack(root + "/pack", count: 6)
    #expect(try CLI.run(["build", root + "/pack", "-o", root + "/a", "-j", "1"]).status == 0)
    #expect(try CLI.run(["build", root + "/pack", "-o", root + "/b", "-j", "2"]).status == 0)
    #expect(try CLI.snapshot(root + "/a") == CLI.snapshot(root + "/b"))
  }

  /// The sample packs but the largest build and verify at fast effort: the animated one with every entry animated, the
  /// emoji-only one without sheets, the codes one with its codes and CLDR keywords (zh, zh-Hant, en) shown by inspect.
  /// (`CLIStressTests` builds all five at default effort.)
  @Test func theSamplePacksButTheLargestBuildAndVerify() throws {
    try SamplePacks.buildAndVerify(["langxiaohua", "emoji", "animated", "codes"], extra: ["--effort", "fast"])
  }

  /// The README's "A session" is what the binary prints: each `$ emopack …` there is run in a fresh folder beside
  /// the repository's packs and its output compared line by line (build times aside; a `…` line stands for any
  /// lines), so a change to the sheets or the pack shows up here until the README is brought up to date.
  @Test func readmeSessionIsWhatTheBinaryPrints() throws {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
      .standardized.path
    let readme = try String(contentsOfFile: repository + "/README.md", encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let heading = try #require(lines.firstIndex(of: "## A session"))
    let open = try #require(lines[heading...].firstIndex(of: "```console"))
    let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
    var session: [(command: [String], output: [String])] = []
    for line in lines[(open + 1)..<close] {
      if line.hasPrefix("$ emopack ") {
        session.append((line.dropFirst("$ emopack ".count).split(separator: " ").map(String.init), []))
      } else if !session.isEmpty {
        session[session.count - 1].output.append(line)
      }
    }
    #expect(session.count >= 4, "the README's session has \(session.count) commands")
    let cwd = CLI.tempDir("readme")
    try FileManager.default.createSymbolicLink(atPath: cwd + "/packs", withDestinationPath: repository + "/packs")
    // A build's own time is the one thing that differs from run to run.
    func steady(_ line: String) -> String {
      line.replacing(#/ in [0-9]+\.[0-9]+s$/#, with: " in …s")
    }
    for (command, expected) in session {
      let run = try CLI.run(command, cwd: cwd)
      #expect(run.status == 0, "\(command): \(run.stderr)")
      var actual = (run.stdout + run.stderr).split(separator: "\n", omittingEmptySubsequences: false).map {
        steady(String($0))
      }
      if actual.last == "" { actual.removeLast() }
      var a = 0
      var skipping = false
      for line in expected.map(steady) {
        if line.trimmingCharacters(in: .whitespaces) == "…" {
          skipping = true
          continue
        }
        while skipping && a < actual.count && actual[a] != line { a += 1 }
        skipping = false
        #expect(
          a < actual.count && actual[a] == line,
          "\(command): README says '\(line)', the binary '\(a < actual.count ? actual[a] : "(nothing more)")'")
        a += 1
      }
      #expect(
        skipping || a == actual.count, "\(command): the binary prints more than the README: \(actual.dropFirst(a))")
    }
  }

  /// `validate` checks the CLDR locales a build would read: an unknown one is an error naming the file.
  @Test func validateChecksKeywordLocales() throws {
    let packs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../packs")
      .standardized.path
    let good = try CLI.run(["validate", packs + "/codes", "--keyword-locales", "zh,en"])
    #expect(good.status == 0, "\(good.stderr)")
    let bad = try CLI.run(["validate", packs + "/codes", "--keyword-locales", "xx"])
    #expect(bad.status == 1 && bad.stderr.contains("annotations/xx.xml") && bad.stderr.contains("no CLDR annotations"))
  }

  @Test func concurrentBuildsOnOneFolderDoNotCorruptIt() throws {
    let root = CLI.tempDir("lock")
    try CLI.makePack(root + "/pack", count: 20, side: 96)
    let a = try CLI.start(["build", root + "/pack", "-o", root + "/out"])
    let b = try CLI.start(["build", root + "/pack", "-o", root + "/out"])
    a.waitUntilExit()
    b.waitUntilExit()
    #expect(a.terminationStatus == 0 && b.terminationStatus == 0)
    #expect(try CLI.run(["inspect", "--verify", root + "/out/cli.pack"]).status == 0)
    // With --no-wait, a held lock fails at once with a clear message.
    let fd = open(root + "/out", O_RDONLY | O_DIRECTORY)
    #expect(flock(fd, LOCK_EX) == 0)
    let r = try CLI.run(["build", root + "/pack", "-o", root + "/out", "--no-wait"])
    #expect(r.status == 3 && r.stderr.contains("another emopack build holds the lock"))
    flock(fd, LOCK_UN)
    close(fd)
  }

  /// Forty images too small for 3x: three warnings of the code shown and the rest counted; every one with
  /// --all-diagnostics and in --json, each with its code.
  @Test func diagnosticsAreGroupedByCode() throws {
    let dir = CLI.tempDir("grouped") + "/p"
    try CLI.makePack(dir, count: 40, side: 32)
    let grouped = try CLI.run(["validate", dir])
    let lines = grouped.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.filter { $0.contains("warning: image") && $0.contains("smaller than") }.count == 3, "\(grouped.stderr)")
    #expect(
      lines.contains { $0.hasSuffix("… and 37 more warning(s) like this [image-small] (--all-diagnostics shows them)") }
    )
    let all = try CLI.run(["validate", "--all-diagnostics", dir])
    #expect(all.stderr.split(separator: "\n").filter { $0.contains("smaller than") }.count == 40)
    let json = try CLI.run(["validate", "--json", dir])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any] ?? [:]
    let items = object["diagnostics"] as? [[String: Any]] ?? []
    #expect(items.count == 40 && items.allSatisfy { $0["code"] as? String == "image-small" })
    #expect(object["warnings"] as? Int == 40 && object["errors"] as? Int == 0 && object["packs"] as? Int == 1)
    // The build groups the same way.
    let build = try CLI.run(["build", dir, "-o", CLI.tempDir("grouped-out")])
    #expect(build.status == 0 && build.stderr.contains("… and 37 more warning(s) like this [image-small]"))
  }

  /// Sticker exports through the binary: their own flags checked as usage errors, an emoji-only pack refused with
  /// its code (exit 1, nothing written), a file given as -o refused in words, `--json` with the least SSIM.
  @Test func stickerExportFlagsAndRefusals() throws {
    let root = CLI.tempDir("stickers")
    let emoji = SamplePacks.folder + "/emoji"
    let tooLong = try CLI.run(["export", emoji, "--format", "signal", "--too-long", "slow", "-o", root + "/s"])
    #expect(tooLong.status == 2 && tooLong.stderr.contains("--too-long expects one of speed, trim, refuse, got 'slow'"))
    let stills = try CLI.run(["export", emoji, "--format", "whatsapp", "--stills", "-o", root + "/s"])
    #expect(stills.status == 2 && stills.stderr.contains("--stills is for telegram"))
    let onPack = try CLI.run(["export", emoji, "--format", "css", "--stills", "-o", root + "/s"])
    #expect(onPack.status == 2 && onPack.stderr.contains("--stills is for sticker formats"))
    let json = try CLI.run(["export", emoji, "--format", "telegram", "--json", "-o", root + "/t"])
    #expect(json.status == 1 && !FileManager.default.fileExists(atPath: root + "/t"))
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let codes = (object?["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
    #expect(codes == ["sticker-no-images"] && object?["leastSSIM"] as? Double == 1, "\(json.stdout)")
    #expect(!json.stderr.contains("--all-diagnostics") && !json.stdout.contains("--all-diagnostics"))
    try Data([1]).write(to: URL(fileURLWithPath: root + "/file"))
    let onFile = try CLI.run([
      "export", SamplePacks.folder + "/langxiaohua", "--format", "signal", "-o", root + "/file",
    ])
    #expect(
      onFile.status == 1 && onFile.stderr.contains("\(root)/file: error: is not an export of emopack's"),
      "\(onFile.stderr)")
    #expect(!onFile.stderr.contains("NSCocoaErrorDomain"))
  }
}
