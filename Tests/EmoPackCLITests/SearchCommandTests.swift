import Foundation
import Testing

/// `emopack search` on the sample codes pack built with CLDR keywords, against a reference computed here from
/// what `emopack inspect --json` lists (keys and keywords) by plain string comparison.
@Suite struct SearchCommandTests {
  /// The codes pack with CLDR keywords and its `inspect --json` listing, built once for the whole process.
  struct Built: Sendable {
    let root: String
    let pack: String
    let listing: Data
  }

  static let built: Result<Built, any Error> = Result {
    let root = CLI.tempDir("search")
    let build = try CLI.run([
      "build", SamplePacks.folder + "/codes", "-o", root, "-q", "--effort", "fast", "--keyword-locales",
      "zh,zh-Hant,en",
    ])
    guard build.status == 0 else { throw CLIFailure(message: build.stderr) }
    let json = try CLI.run(["inspect", "--json", root + "/codes.pack"])
    guard json.status == 0 else { throw CLIFailure(message: json.stderr) }
    return Built(root: root, pack: root + "/codes.pack", listing: Data(json.stdout.utf8))
  }

  struct CLIFailure: Error { let message: String }

  let root: String
  let pack: String
  let listing: Data

  init() throws {
    let built = try Self.built.get()
    root = built.root
    pack = built.pack
    listing = built.listing
  }

  /// Each entry's best match for `query` (0 exact key, 1 prefix, 2 contains), from the inspect listing.
  func reference(_ query: String) throws -> [Int: Int] {
    let object = try #require(try JSONSerialization.jsonObject(with: listing) as? [String: Any])
    let entries = try #require(object["entries"] as? [[String: Any]])
    // Lowercased and trimmed (the sample pack's keywords need no more of the fold); a leading `[` or `:` goes, and
    // the `]` or `:` closing it.
    func compared(_ text: String) -> String {
      var q = text.lowercased().trimmingCharacters(in: .whitespaces)
      guard q.count > 1, let open = q.first, open == "[" || open == ":" else { return q }
      q.removeFirst()
      if q.count > 1, q.last == (open == "[" ? "]" : ":") { q.removeLast() }
      return q.trimmingCharacters(in: .whitespaces)
    }
    let q = compared(query)
    var best: [Int: Int] = [:]
    guard !q.isEmpty else { return best }
    for e in entries {
      let index = try #require(e["index"] as? Int)
      // Keys as search reads them, compared as a query is: a tag between its brackets, a shortcode's name, any
      // other code as written (but for a leading ':').
      let keys = ((e["tags"] as? [String] ?? []) + (e["codes"] as? [String] ?? [])).map(compared)
      let keywords = (e["keywords"] as? [[String: Any]] ?? []).compactMap { ($0["text"] as? String)?.lowercased() }
      var rank: Int?
      // The emoji, found whole without its variation selectors.
      if let emoji = (e["emoji"] as? [String: Any])?["text"] as? String {
        let bare = { (s: String) in String(String.UnicodeScalarView(s.unicodeScalars.filter { $0 != "\u{FE0F}" })) }
        if bare(emoji) == bare(q) { rank = 0 }
      }
      for (t, isKey) in keys.map({ ($0, true) }) + keywords.map({ ($0, false) }) {
        let r: Int? =
          isKey && t == q ? 0 : t.utf8.starts(with: q.utf8) ? 1 : String(t).range(of: q) != nil ? 2 : nil
        if let r { rank = min(rank ?? r, r) }
      }
      if let rank { best[index] = rank }
    }
    return best
  }

  @Test func resultsAreTheReferencesRankedAndEachOnce() throws {
    let queries = [
      "笑", "cry", "CRY", "smile", ":smile:", "[微笑]", "/::", "/:", "/::)", ":smi", "[微", "微笑]", "心", "sad", "face",
      "哭", "ok", "e", "脸", "zzz", " ", " cry ",
      "😀", "❤️", "❤", "👍🏽", "🫠",
    ]
    for query in queries {
      let r = try CLI.run(["search", "--json", "--limit", "1000", pack, "--", query])
      #expect(r.status == 0, "\(query): \(r.stderr)")
      let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
      let rows = try #require(object["results"] as? [[String: Any]])
      let names = ["exact": 0, "prefix": 1, "contains": 2]
      let got = rows.map { ($0["entry"] as? Int ?? -1, names[$0["match"] as? String ?? ""] ?? -1) }
      #expect(Dictionary(got, uniquingKeysWith: { a, _ in -a - 10 }) == (try reference(query)), "\(query)")
      #expect(got.map(\.1) == got.map(\.1).sorted(), "ranked: \(query)")
      #expect(rows.allSatisfy { $0["pack"] as? String == "codes" }, "\(query)")
      #expect(object["more"] as? Bool == false)
    }
  }

  @Test func textListsRankMatchEntryInsertionAndKeyword() throws {
    let r = try CLI.run(["search", pack, "笑"])
    #expect(r.status == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("3 result(s) for \"笑\" (folded \"笑\", all locales)") == true, "\(r.stdout)")
    #expect(lines.dropFirst().first == "   1  prefix    codes #0   [微笑]  matched 笑 (zh-Hans)", "\(r.stdout)")
    // A code that inserts itself, and keys searched whatever the locales.
    let zip = try CLI.run(["search", "--locales", "en", pack, "zip"])
    #expect(zip.stdout.contains("   1  exact     codes #7  /闭嘴  matched :zip:"), "\(zip.stdout)")
    let en = try CLI.run(["search", "--locales", "en", pack, "笑"])
    #expect(en.stdout.contains("1 result(s)") && en.stdout.contains("contains  codes #0  [微笑]  matched /微笑"))
    // --limit, and what follows it.
    let limited = try CLI.run(["search", "--limit", "1", pack, "笑"])
    #expect(limited.stdout.hasPrefix("1+ result(s)") && limited.stdout.contains("more follow"))
    // The query shown as search compares it: folded, the shortcode's colons dropped.
    let colons = try CLI.run(["search", pack, "：ＳＭＩＬＥ："])
    #expect(colons.stdout.hasPrefix("1 result(s) for \"：ＳＭＩＬＥ：\" (folded \"smile\""), "\(colons.stdout)")
  }

  @Test func usageAndBadPacks() throws {
    #expect(try CLI.run(["search", pack]).status == 2)
    #expect(try CLI.run(["search", "--limit", "0", pack, "x"]).status == 2)
    #expect(try CLI.run(["search", "--locales", "zh,,en", pack, "x"]).status == 2)
    let help = try CLI.run(["search", "--help"])
    #expect(help.status == 0 && help.stdout.contains("--locales LIST"))
    let cut = root + "/cut.pack"
    let bytes = try Data(contentsOf: URL(fileURLWithPath: pack))
    try bytes.prefix(300).write(to: URL(fileURLWithPath: cut))
    let broken = try CLI.run(["search", pack, cut, "x"])
    #expect(
      broken.status == 1 && broken.stderr.contains("cut.pack") && broken.stderr.contains(": byte "), "\(broken.stderr)")
    let missing = try CLI.run(["search", root + "/none.pack", "x"])
    #expect(missing.status == 3 && missing.stderr.contains("none.pack"), "\(missing.stderr)")
  }
}
