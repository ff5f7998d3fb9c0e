import EmoPNG
import EmoPack
import EmoPackCompiler
import EmoPackFormat
import EmoPackPreview
import Foundation
import TestSupport
import Testing

/// Codes, keywords and CLDR annotations from manifest to `.pack` (format 2.2).
@Suite struct CodesAndKeywordsTests {
  /// A pack folder whose `pack.json` has `emoticons` as given (each image entry gets its own generated PNG).
  static func pack(_ id: String, _ emoticons: [String]) throws -> String {
    let dir = Support.tempDir(id) + "/" + id
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var entries: [String] = []
    for (i, e) in emoticons.enumerated() {
      if e.contains("\"IMAGE\"") {
        try Support.writePNG(Support.generated(i, side: 32), to: "\(dir)/e\(i).png")
        entries.append(e.replacingOccurrences(of: "\"IMAGE\"", with: "\"e\(i).png\""))
      } else {
        entries.append(e)
      }
    }
    let json =
      #"{"id": "\#(id)", "version": "1", "size": 16, "scales": [1], "emoticons": [\#(entries.joined(separator: ",\n"))]}"#
    try json.write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    return dir
  }

  /// The validated packs and every diagnostic, the manifest reader's (a value of the wrong form) first.
  func validate(_ paths: [String], _ edit: (inout BuildOptions) -> Void = { _ in }) -> ([ValidatedPack], Diagnostics) {
    let loaded = paths.map { ManifestLoader.load($0) }
    let manifests = loaded.flatMap(\.0)
    var o = BuildOptions()
    edit(&o)
    var (packs, d) = Validator().validate(manifests, options: o)
    var all = Diagnostics()
    for (_, read) in loaded { all.append(contentsOf: read) }
    all.append(contentsOf: d)
    d = all
    return (loaded.contains { $0.1.hasErrors } ? [] : packs, d)
  }

  @Test func codesAndKeywordsRoundTripThroughThePack() throws {
    let dir = try Self.pack(
      "codes",
      [
        #"{"image": "IMAGE", "tags": ["[微笑]"], "codes": ["/微笑", "/::)", ":smile:"], "keywords": {"zh-Hans": ["笑"], "en": ["happy"]}}"#,
        #"{"image": "IMAGE", "tags": ["[闭嘴]"], "codes": ["/::X"], "insert": "code"}"#,
        #"{"image": "IMAGE", "codes": ["/OK"]}"#,
      ])
    let (report, out) = try Support.build(dir, label: "codes-out")
    #expect(report.packs.count == 1)
    let reader = try PackFileReader(contentsOf: out + "/codes.pack")
    try reader.verify()
    #expect(reader.formatMajor == 2 && reader.formatMinor == 2)
    let e0 = try reader.entry(at: 0)
    #expect(e0.tags == ["[微笑]"] && e0.codes == ["/微笑", "/::)", ":smile:"] && !e0.insertsCode)
    #expect(
      Set(e0.keywords) == [
        PackKeyword(text: "笑", locale: "zh-Hans", source: .manifest),
        PackKeyword(text: "happy", locale: "en", source: .manifest),
      ])
    #expect(try reader.entry(at: 1).insertsCode && reader.entry(at: 1).keys.first?.text == "/::X")
    #expect(try reader.entry(at: 2).insertsCode && reader.entry(at: 2).tags.isEmpty)
    #expect(
      try (0..<reader.tagCount).map { try reader.keyForm(at: $0) } == [
        .tag, .code, .code, .shortcode, .code, .tag, .code,
      ])
    #expect(reader.entryIndex(forTag: ":smile:") == 0 && reader.entryIndex(forTag: "/OK") == 2)
    #expect(try reader.locales() == ["en", "zh-Hans"])
    // Prefix search over folded keys: keys (without brackets and colons) and keywords.
    let smi = Array("smi".utf8).withUnsafeBytes { reader.keywordRange(withPrefix: $0) }
    #expect(try smi.map { try reader.keyword(at: $0).text } == [":smile:"])
    // Written twice, the same bytes.
    let again = try PackWriter.write(try reader.contents())
    #expect(again == Array(reader.storage.buffer))
  }

  @Test func badCodesAreErrorsNamingTheCode() throws {
    let dir = try Self.pack(
      "bad",
      [
        #"{"image": "IMAGE", "tags": ["[a]"], "codes": ["", "  ", "[b", "x\ny", "/a", "\u0301x", "\#(String(repeating: "x", count: 65))"]}"#,
        #"{"image": "IMAGE", "tags": ["[c]"], "codes": ["/a", "[a]"], "insert": "nothing"}"#,
        #"{"image": "IMAGE", "tags": ["[d]"], "insert": "code", "keywords": {"not a locale": ["x"], "en": [""]}}"#,
      ])
    let (packs, d) = validate([dir])
    #expect(packs.isEmpty)
    let errors = d.items.filter { $0.severity == .error }.map { "\($0.code.rawValue): \($0.message)" }
    #expect(errors.contains("code-empty: code '' is empty or whitespace only"))
    #expect(errors.contains("code-empty: code '  ' is empty or whitespace only"))
    #expect(errors.contains { $0.hasPrefix("code-form: code '[b' starts with '['") })
    #expect(errors.contains { $0.hasPrefix("code-form: code 'x\\ny' contains a line break") })
    #expect(errors.contains { $0.hasPrefix("code-form:") && $0.contains("starts with a mark") })
    #expect(errors.contains { $0.hasPrefix("code-form:") && $0.contains("over the limit of 64") })
    #expect(errors.contains("duplicate-code: code '/a' is already a key of this pack"))
    #expect(
      errors.contains("duplicate-code: code '[a]' is already a key of this pack")
        || errors.contains { $0.contains("'[a]' starts with '['") })
    #expect(errors.contains("insert-form: insert must be \"tag\" or \"code\", found \"nothing\""))
    #expect(errors.contains("insert-form: insert is 'code' but the entry has no code"))
    #expect(errors.contains { $0.hasPrefix("keyword-locale: keyword locale 'not a locale'") })
    #expect(errors.contains { $0.hasPrefix("keyword-invalid:") })
    // Every error names the manifest, with a line.
    #expect(d.items.filter { $0.severity == .error }.allSatisfy { $0.file.hasSuffix("pack.json") && $0.line != nil })
  }

  @Test func codesClashAcrossPacksAndPrefixesGetANote() throws {
    let a = try Self.pack("a", [#"{"image": "IMAGE", "tags": ["[x]"], "codes": ["/::", "/::)", "/::("]}"#])
    let b = try Self.pack("b", [#"{"image": "IMAGE", "tags": ["[y]"], "codes": ["/::)"]}"#])
    let (_, d) = validate([a, b])
    #expect(
      d.items.contains { $0.code == .duplicateCode && $0.message == "duplicate code '/::)': pack 'a' already uses it" })
    let notes = d.items.filter { $0.code == .codePrefix }.map(\.message)
    #expect(notes.count == 1 && notes[0].hasPrefix("code '/::' is a prefix of '/::("))
  }

  /// A code between colons with a space or a colon inside is kept as a literal code, with a note saying so; a
  /// shortcode gets none.
  @Test func colonsAroundANameWithASpaceMakeALiteralCodeAndANote() throws {
    let a = try Self.pack(
      "a", [#"{"image": "IMAGE", "tags": ["[x]"], "codes": [":bad code:", ":a:b:", ":good:", ":-:"]}"#])
    let (packs, d) = validate([a])
    let notes = d.items.filter { $0.code == .codeLiteralColons }
    #expect(
      notes.map(\.message).sorted() == [
        "code ':a:b:' has whitespace or ':' between its colons: it is a literal code, matched exactly as written, not a shortcode (':name:' has neither)",
        "code ':bad code:' has whitespace or ':' between its colons: it is a literal code, matched exactly as written, not a shortcode (':name:' has neither)",
      ])
    #expect(notes.allSatisfy { $0.severity == .note && $0.file.hasSuffix("pack.json") && $0.line != nil })
    #expect(try #require(packs.first).entries[0].codes == [":bad code:", ":a:b:", ":good:", ":-:"])
  }

  /// A code of letters alone (QQ's 下面, "below") would turn every message that says it into an emoticon.
  @Test func aCodeOfLettersAloneGetsAWarningOfItsOwn() throws {
    let a = try Self.pack(
      "letters", [#"{"image": "IMAGE", "tags": ["[x]"], "codes": ["下面", "ok1", "/下面", ":ok:", "o k", "<3"]}"#])
    let (packs, d) = validate([a])
    let warned = d.items.filter { $0.code == .codeLettersOnly }
    #expect(warned.map(\.severity) == [.warning, .warning] && warned.allSatisfy { $0.line != nil })
    #expect(warned.map { $0.message.components(separatedBy: " is only letters").first } == ["code '下面'", "code 'ok1'"])
    #expect(try #require(packs.first).entries[0].codes.count == 6)
  }

  @Test func weiboNamesAreKeywordsInTheirScripts() throws {
    let (packs, _) = validate([Support.fixture("packs/weibo")])
    let p = try #require(packs.first)
    let keywords = p.entries.flatMap(\.keywords)
    #expect(keywords.contains { $0.locale == "zh-Hans" && $0.source == .manifest })
    #expect(keywords.contains { $0.locale == "zh-Hant" && $0.source == .manifest })
    #expect(keywords.allSatisfy { !$0.text.hasPrefix("[") })
  }

  /// CLDR from Debian's unicode-cldr-core, read at build time: names and keywords in two locales, FE0F
  /// ignored, an emoji CLDR 41 lacks gets a note, a locale it lacks is an error naming the file.
  @Test func cldrGivesEmojiNamesAndKeywords() throws {
    let dir = try Self.pack(
      "cldr",
      [
        #"{"emoji": "1F600"}"#, #"{"emoji": "2764 FE0F"}"#,
        #"{"image": "IMAGE", "tags": ["[x]"], "emoji": "1F44D 1F3FD"}"#, #"{"emoji": "1FAE8"}"#,
      ])
    let (packs, d) = validate([dir]) { $0.keywordLocales = ["zh", "en"] }
    let p = try #require(packs.first)
    let grin = p.entries[0].keywords
    #expect(grin.contains(PackKeyword(text: "grinning face", locale: "en", source: .cldrName)))
    #expect(grin.contains(PackKeyword(text: "笑脸", locale: "zh-Hans", source: .cldrKeyword)))
    #expect(grin.contains(PackKeyword(text: "嘿嘿", locale: "zh-Hans", source: .cldrName)))
    #expect(p.entries[1].keywords.contains(PackKeyword(text: "red heart", locale: "en", source: .cldrName)))
    // Skin tones come from annotationsDerived.
    #expect(p.entries[2].keywords.contains { $0.text == "thumbs up: medium skin tone" && $0.source == .cldrName })
    #expect(p.entries[3].keywords.isEmpty)
    let unknown = try #require(d.items.first { $0.code == .cldrUnknownEmoji })
    #expect(unknown.message.contains("1FAE8"))
    // It points at that entry's emoji, found here by reading the manifest's lines.
    let lines = try String(contentsOfFile: dir + "/pack.json", encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    let row = try #require(lines.firstIndex { $0.contains("\"1FAE8\"") })
    #expect(unknown.file.hasSuffix("pack.json"))
    #expect(unknown.line == row + 1)
    #expect(unknown.column.map { lines[row].utf8.dropFirst($0 - 1).starts(with: "\"1FAE8\"".utf8) } == true)
    let (none, missing) = validate([dir]) { $0.keywordLocales = ["xx-Nope"] }
    #expect(none.isEmpty)
    #expect(missing.items.contains { $0.code == .cldrLocale && $0.file.hasSuffix("annotations/xx_Nope.xml") })
    let (_, broken) = validate([dir]) {
      $0.keywordLocales = ["en"]
      $0.cldrDirectory = "/nonexistent"
    }
    #expect(broken.items.contains { $0.code == .cldrLocale && $0.message.contains("unicode-cldr-core") })
  }
}

extension CodesAndKeywordsTests {
  /// The annotation parser on its own: XML entities, numeric references, CLDR's "↑↑↑" (inherited, nothing of its
  /// own), U+FE0F left out of keys, and a broken line refused with its file and line.
  @Test func cldrParserReadsEntitiesAndRefusesBrokenLines() {
    var table: [String: CLDRKeywords.Annotation] = [:]
    var d = Diagnostics()
    let xml = """
      <ldml>
      <annotation cp="&amp;">ampersand | and</annotation>
      <annotation cp="&amp;" type="tts">ampersand</annotation>
      <annotation cp="&#x2764;&#xFE0F;">heart | love &lt;3</annotation>
      <annotation cp="😀">↑↑↑</annotation>
      <annotation cp="😃"> | </annotation>
      </ldml>
      """
    #expect(CLDRKeywords.parse(Array(xml.utf8), file: "a.xml", into: &table, diagnostics: &d))
    #expect(table["&"]?.name == "ampersand" && table["&"]?.keywords == ["ampersand", "and"])
    #expect(table["❤"]?.keywords == ["heart", "love <3"])
    #expect(table["😀"] == nil && table["😃"] == nil && d.items.isEmpty)
    var broken = Diagnostics()
    #expect(
      !CLDRKeywords.parse(
        Array("<x/>\n<annotation cp=\"a\">no end\n".utf8), file: "b.xml", into: &table, diagnostics: &broken))
    #expect(broken.items.map { "\($0.file):\($0.line ?? 0)" } == ["b.xml:2"])
  }
}

/// The preview's search box (the web runtime's search over the embedded packs), run in Node (Debian's nodejs, from
/// build-tools/setup.sh), against the runtime's `Catalog.search` on the same packs: the same entries, ranks and order.
@Suite struct PreviewSearchTests {
  @Test func previewSearchAgreesWithTheRuntime() throws {
    let dir = try CodesAndKeywordsTests.pack(
      "kw",
      [
        #"{"image": "IMAGE", "tags": ["[微笑]"], "codes": ["/::)", ":smile:", ":-)"], "keywords": {"zh-Hans": ["笑", "开心"], "en": ["Happy", "Crème brûlée"]}}"#,
        #"{"image": "IMAGE", "tags": ["[爱你]", "[愛你]"], "codes": ["/:8-)"], "keywords": {"zh-Hant": ["愛"], "en": ["love", "big smile"]}}"#,
        #"{"image": "IMAGE", "tags": ["[大笑]"], "keywords": {"zh-Hans": ["哈哈大笑"]}}"#,
        #"{"emoji": "1F600", "keywords": {"en": ["grinning face"]}}"#,
        #"{"image": "IMAGE", "tags": ["[心]"], "emoji": "2764 FE0F", "keywords": {"en": ["heart"]}}"#,
        // Written decomposed (kana and voicing mark, Hangul jamo), found by precomposed queries and the reverse.
        #"{"image": "IMAGE", "tags": ["[学校]"], "keywords": {"ja": ["\u304B\u3099\u3063\u3053\u3046"], "ko": ["\u1100\u1161방"], "el": ["έλα"]}}"#,
      ])
    let (_, out) = try Support.build(dir, label: "kw-out")
    let weibo = try Support.build(Support.fixture("packs/weibo"), label: "kw-weibo").1
    let weiboPacks: [String] = try FileManager.default.contentsOfDirectory(atPath: weibo).filter {
      $0.hasSuffix(".pack")
    }
    var packs: [PreviewPack] = [try PreviewPack(path: out + "/kw.pack")]
    for name in weiboPacks.sorted() { packs.append(try PreviewPack(path: weibo + "/" + name)) }
    let html = try HTMLPreview.render(packs)
    #expect(html.contains("<input id=\"search\""))
    let node = "/usr/bin/node"
    #expect(FileManager.default.isExecutableFile(atPath: node), "Node is needed: build-tools/setup.sh installs nodejs")
    guard FileManager.default.isExecutableFile(atPath: node) else { return }
    let afterBegin: String = try #require(html.components(separatedBy: "// search:begin").dropFirst().first)
    let script: String = try #require(afterBegin.components(separatedBy: "// search:end").first)
    let queries = [
      "smile", "SMILE", "ｓｍｉｌｅ", ":smile:", "[微笑]", "笑", "大", "哈", "愛", "爱", "e", "big", "creme", "brulee", "Crè",
      "/::", ")", "grin", "face", "[", ":", "", " ", "ha", "可", "喜", "😀", "😀\u{FE0F}", "❤️", "❤", ":❤:", "constructor",
      "が", "か\u{3099}", "がっ", "가방", "\u{1100}\u{1161}", "ε\u{301}λα", "έ", "/:", "/::)", ":-)", ":-", ":smi", "[微",
      "微笑]", "：ＳＭＩＬＥ：", "8-)",
    ]
    var program = script
    program +=
      "\nconst Q = " + (try HTMLPreviewJSON.array(queries)) + ";\nconsole.log(JSON.stringify(Q.map(search)));\n"
    let file = Support.tempDir("node") + "/search.js"
    try program.write(toFile: file, atomically: true, encoding: .utf8)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: node)
    p.arguments = [file]
    let pipe = Pipe()
    p.standardOutput = pipe
    try p.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    #expect(p.terminationStatus == 0)
    let js = try #require(try JSONSerialization.jsonObject(with: output) as? [[[Int]]])
    let catalog = Catalog(packs: packs.map(\.reader))
    var nonEmpty = 0
    for (q, page) in zip(queries, js) {
      let swift: [[Int]] = Array(catalog.search(q)).map { r in [r.ref.pack, r.ref.entry, r.match.rawValue] }
      #expect(swift == page, "\(q)")
      if !page.isEmpty { nonEmpty += 1 }
    }
    #expect(nonEmpty >= 20)
    // Decomposed and precomposed forms find the same entry, the one whose keywords were written decomposed.
    let school = try #require(packs[0].reader.entryIndex(forTag: "[学校]"))
    for q in ["が", "か\u{3099}", "가", "\u{1100}\u{1161}", "έλα", "ε\u{301}λα"] {
      #expect(Array(catalog.search(q)).map(\.ref) == [EmoticonRef(pack: 0, entry: school)], "\(q)")
    }
  }
}

/// JSON text for the test's Node program.
enum HTMLPreviewJSON {
  static func array(_ strings: [String]) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: strings), as: UTF8.self)
  }
}
