// Writes what the JavaScript runtime (web/) is held to, from the Swift runtime itself:
//   web/src/format.js           the .pack format's offsets, sizes, flags and limits, from EmoPackFormat's PackLayout
//   jvm/src/main/java/dev/emopack/Format.java   the same constants for the Java runtime
//   web/src/unicode-data.js     grapheme break properties, emoji starts, lowercase mappings and the composition
//                               tables, read from Swift's own String and Unicode.Scalar (its Unicode version)
//   web/test/fixtures/*.pack    the sample packs (and older format versions) the vectors are about
//   web/test/fixtures/site/     an index signed with RFC 8032's first test key, for the web PackSite's index checks
//   web/test/vectors/*.json     tokens, edits, display offsets, search, animation, keyboard and damaged-pack verdicts
// Run from the repository root after a behaviour change: swift run emopack-web-vectors
import EmoImage
import EmoPNG
import EmoPack
import EmoPackCompiler
import EmoPackFormat
import EmoPackSprites
import EmoSign
import EmoSite
import Foundation

let root = FileManager.default.currentDirectoryPath
let web = root + "/web"
for folder in ["/src", "/test/fixtures", "/test/vectors"] {
  try FileManager.default.createDirectory(atPath: web + folder, withIntermediateDirectories: true)
}

// MARK: - Output helpers

func writeJSON(_ value: Any, _ path: String) throws {
  let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])
  try data.write(to: URL(fileURLWithPath: web + "/" + path))
  print("wrote web/\(path) (\(data.count) bytes)")
}

/// A deterministic generator (SplitMix64).
struct Random {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
  mutating func pick<T>(_ a: [T]) -> T { a[below(a.count)] }
}

// MARK: - Packs

let work = FileManager.default.temporaryDirectory.appendingPathComponent("emopack-web-vectors-\(getpid())").path
defer { try? FileManager.default.removeItem(atPath: work) }

func build(_ source: String, _ edit: (inout BuildOptions) -> Void = { _ in }) throws -> String {
  let name = (source as NSString).lastPathComponent
  var options = BuildOptions(outputDirectory: work + "/" + name + "-\(UUID().uuidString.prefix(6))")
  options.cacheDirectory = nil
  options.effort = .fast
  edit(&options)
  let report = try PackBuilder(options: options).build(paths: [root + "/" + source])
  let id = report.packs[0].id
  return options.outputDirectory + "/" + id + ".pack"
}

var packFiles: [String] = []
var builtPaths: [String: String] = [:]
for name in ["default", "langxiaohua", "codes", "animated", "emoji"] {
  let built = try build("packs/" + name)
  builtPaths[name] = built
  let target = web + "/test/fixtures/\(name).pack"
  try? FileManager.default.removeItem(atPath: target)
  try FileManager.default.copyItem(atPath: built, toPath: target)
  packFiles.append(name + ".pack")
}
// The browser tests' expected pixels: langxiaohua's first emoticons at 2x, whole squares, as EmoPackSprites
// cuts them from the sheets (the tests build the same pack with the CLI: builds are deterministic).
let spriteFolder = web + "/test/fixtures/sprites"
try FileManager.default.createDirectory(atPath: spriteFolder, withIntermediateDirectories: true)
let spriteSheets = SpriteSheets(catalog: try Catalog(paths: [builtPaths["langxiaohua"]!]))
for entry in 0..<3 {
  let image = try spriteSheets.pixels(of: EmoticonRef(pack: 0, entry: entry), scale: 2)
  try Data(try PNGEncoder.encode(image, options: PNGEncodeOptions(level: 9)))
    .write(to: URL(fileURLWithPath: spriteFolder + "/langxiaohua-\(entry)@2x.png"))
}
// Format 2.3 (WebP sheets) and the committed older versions.
let webp = try build("packs/langxiaohua") { $0.sheetFormat = .webp }
try? FileManager.default.removeItem(atPath: web + "/test/fixtures/langxiaohua-webp.pack")
try FileManager.default.copyItem(atPath: webp, toPath: web + "/test/fixtures/langxiaohua-webp.pack")
for old in ["tiny.pack", "tiny-v1.pack"] {
  let target = web + "/test/fixtures/" + old
  try? FileManager.default.removeItem(atPath: target)
  try FileManager.default.copyItem(atPath: root + "/Tests/EmoPackFormatTests/Fixtures/golden/" + old, toPath: target)
}
// Packs of one 32-pixel sprite that every entry shares, for the tokenizer's and the catalog's tests.
func spritePack(id: String, name: String, entries: [PackEntry]) throws -> [UInt8] {
  try PackWriter.write(
    PackContents(
      id: id, version: "1", names: [LocalizedName(locale: "en", name: name)], pointSize: 32, scales: [1],
      sheets: [
        SheetRecord(
          fileName: id + "-1x-0.png", scale: 1, page: 0, width: 32, height: 32, byteSize: 0,
          sha256: [UInt8](repeating: 0, count: 32))
      ],
      images: [PackImage(placements: [SpritePlacement(sheet: 0, x: 0, y: 0, width: 32, height: 32)])],
      entries: entries))
}
/// Entries of one tag each.
func tagEntries(_ tags: [String]) -> [PackEntry] {
  tags.map { PackEntry(kind: .image, tags: [$0], emoji: nil, image: 0) }
}
// The bench's pack: 1,000 image entries `[表情N]` sharing one sprite, with a keyword each.
let benchEntries = (0..<1000).map {
  PackEntry(
    kind: .image, tags: ["[表情\($0)]"], emoji: nil, image: 0,
    keywords: [PackKeyword(text: "表情\($0)", locale: "zh-Hans", source: .manifest)])
}
try Data(try spritePack(id: "bench", name: "Bench", entries: benchEntries)).write(
  to: URL(fileURLWithPath: web + "/test/fixtures/bench-1000.pack"))
// A pack claiming some of bench's tags (and a code), for `Catalog.collisions()`.
try Data(try spritePack(id: "rival", name: "Rival", entries: tagEntries(["[表情1]", "[表情2]", "[表情999]", "[别的]"])))
  .write(to: URL(fileURLWithPath: web + "/test/fixtures/rival.pack"))
// Tags that normalization composes: typed decomposed (`[cafe\u{301}]`, `[か\u{3099}んばれ]`) or as U+212B, they are
// found only once normalized, which the tokenizer kernel asks JavaScript for.
try Data(try spritePack(id: "accents", name: "Accents", entries: tagEntries(["[café]", "[がんばれ]", "[Ёлка]", "[Å]"])))
  .write(to: URL(fileURLWithPath: web + "/test/fixtures/accents.pack"))
// Codes the tokenizer kernel must take as JavaScript does: shortcodes found only once normalized (`:café:` typed with
// a combining accent), codes led by an ideograph, a digit and a pictograph, a code that is a prefix of another.
// `many-leads` starts its codes with more units than the kernel's filter tests one by one, so JavaScript keeps them.
func codesPack(id: String, codes: [[String]]) throws -> [UInt8] {
  try spritePack(
    id: id, name: id,
    entries: codes.enumerated().map { k, c in
      PackEntry(kind: .image, tags: ["[\(id)\(k)]"], emoji: nil, image: 0, codes: c)
    })
}
let wideCodes: [[String]] = [
  [":café:", "哈哈哈"], [":naïve:", "1+1"], [":ok:", "❤love"], ["哈哈"], [":日本:", "~~"], ["~~~", ":Å:"],
]
try Data(try codesPack(id: "wide", codes: wideCodes)).write(
  to: URL(fileURLWithPath: web + "/test/fixtures/wide-codes.pack"))
let manyLeads: [[String]] = [["!a"], ["#b"], ["$c"], ["%d"], ["&e"], ["=f"], ["?g"], ["@h"]]
try Data(try codesPack(id: "leads", codes: manyLeads)).write(
  to: URL(fileURLWithPath: web + "/test/fixtures/many-leads.pack"))
// A signed index the web's PackSite must accept byte for byte: names with non-ASCII, quotes, backslashes and
// slashes, signed (deterministically) with RFC 8032's first Ed25519 test key.
func bytesOf(hex: String) -> [UInt8] {
  var out: [UInt8] = []
  var i = hex.startIndex
  while i < hex.endIndex {
    let j = hex.index(i, offsetBy: 2)
    out.append(UInt8(hex[i..<j], radix: 16)!)
    i = j
  }
  return out
}
let rfcSeed = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
let rfcPublic = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
let rfcKey = try SigningKey(bytes: bytesOf(hex: rfcSeed + rfcPublic))
let siteSigned = SiteIndex.Signed(
  schemaVersion: 1, serial: 7, expires: "2099-01-01T00:00:00Z",
  packs: [
    SiteIndex.Pack(
      id: "langxiaohua",
      names: [.init(locale: "zh-Hans", name: "浪小花"), .init(locale: "en", name: "Lang \"X\" \\ 1/2 😀")],
      formatVersion: "2.2", revision: 3,
      files: [
        .init(name: "langxiaohua.pack", size: 1234, sha256: String(repeating: "ab", count: 32)),
        .init(name: "表情-2x.png", size: 99, sha256: String(repeating: "0f", count: 32)),
      ]),
    SiteIndex.Pack(
      id: "emoji", names: [.init(locale: "ja", name: "絵文字")], formatVersion: "2.3", revision: 1,
      files: [.init(name: "emoji.pack", size: 10, sha256: String(repeating: "cd", count: 32))]),
  ])
let siteIndex = SiteIndex(
  signed: siteSigned,
  signatures: [
    .init(
      keyId: rfcKey.verifyingKey.id,
      signature: Data(try rfcKey.sign(try SiteIndex.canonical(siteSigned))).base64EncodedString())
  ])
try FileManager.default.createDirectory(atPath: web + "/test/fixtures/site", withIntermediateDirectories: true)
try Data(try siteIndex.fileBytes()).write(to: URL(fileURLWithPath: web + "/test/fixtures/site/index.json"))
try Data((rfcPublic + "\n").utf8).write(to: URL(fileURLWithPath: web + "/test/fixtures/site/key.hex"))
print("wrote web/test/fixtures")

let catalog = try Catalog(paths: packFiles.map { web + "/test/fixtures/" + $0 })
let tokenizer = Tokenizer(catalog: catalog)

// MARK: - Unicode tables from Swift's own segmentation and properties

/// Runs of equal values over every scalar: [start, value, start, value, ...] (a run lasts until the next start).
/// Written as [start - previous start, value, ...], which compresses better.
func runs(_ value: (UInt32) -> Int) -> [Int] {
  var out: [Int] = []
  var last = -1
  for v in UInt32(0)...0x10FFFF {
    let x = (0xD800...0xDFFF).contains(v) ? 0 : value(v)
    if x != last {
      out += [Int(v), x]
      last = x
    }
  }
  return out
}

func count(_ scalars: [UInt32]) -> Int {
  var s = String.UnicodeScalarView()
  for v in scalars { s.append(Unicode.Scalar(v)!) }
  return String(s).count
}

// Grapheme_Cluster_Break as the cluster rules see it, found by asking `Character` how each scalar joins.
enum Break: Int {
  case other = 0, cr, lf, control, extend, zwj, regionalIndicator, prepend, spacingMark, l, v, t, lv, lvt
}
let a: UInt32 = 0x61
let grinning: UInt32 = 0x1F600
let zwj: UInt32 = 0x200D
func breakProperty(_ s: UInt32) -> Int {
  if s == 0x0D { return Break.cr.rawValue }
  if s == 0x0A { return Break.lf.rawValue }
  let joinsBefore = count([a, s]) == 1
  let joinsAfter = count([s, a]) == 1
  if !joinsBefore && count([s, 0x301]) == 2 { return Break.control.rawValue }
  if joinsBefore {
    if count([grinning, s, grinning]) == 1 { return Break.zwj.rawValue }
    return count([grinning, s, zwj, grinning]) == 1 ? Break.extend.rawValue : Break.spacingMark.rawValue
  }
  if joinsAfter { return Break.prepend.rawValue }
  if count([s, s]) == 1 && count([s, s, s]) == 2 { return Break.regionalIndicator.rawValue }
  let afterL = count([0x1100, s]) == 1
  let beforeV = count([s, 0x1161]) == 1
  let beforeT = count([s, 0x11A8]) == 1
  let afterT = count([0x11A8, s]) == 1
  if afterL && beforeV && !beforeT { return Break.l.rawValue }
  if afterL && beforeV && beforeT { return count([0x1161, s]) == 1 ? Break.v.rawValue : Break.lv.rawValue }
  if afterL && !beforeV && beforeT { return Break.lvt.rawValue }
  if afterT && !afterL { return Break.t.rawValue }
  return Break.other.rawValue
}
let breaks = runs(breakProperty)
// Extended_Pictographic: an emoji after it and a ZWJ joins (GB11).
let pictographic = runs { count([$0, zwj, grinning]) == 1 ? 1 : 0 }
// Indic_Conjunct_Break (GB9c): 1 Consonant, 2 Linker, 3 Extend.
let ka: UInt32 = 0x915
let virama: UInt32 = 0x94D
let conjunct = runs { s in
  if count([ka, s, ka]) == 1 { return 2 }
  if count([s, virama, ka]) == 1 { return 1 }
  if count([ka, virama, s, ka]) == 1 { return 3 }
  return 0
}
// Scalars that may start an emoji (Emoji or Emoji_Presentation), as the tokenizer's rule asks.
let emojiStart = runs { v in
  guard let s = Unicode.Scalar(v) else { return 0 }
  return s.properties.isEmoji || s.properties.isEmojiPresentation ? 1 : 0
}
// The ASCII letter a Latin letter with diacritics folds to (0: none).
let latinFold = runs { Int(KeywordFold.latinBase($0) ?? 0) }
func deltas(_ runs: [Int]) -> [Int] {
  var out: [Int] = []
  var last = 0
  for i in stride(from: 0, to: runs.count, by: 2) {
    out += [runs[i] - last, runs[i + 1]]
    last = runs[i]
  }
  return out
}
// Full lowercase mappings where they change the scalar, and White_Space.
var lowercase: [Int] = []
var whitespace: [Int] = []
for v in UInt32(0)...0x10FFFF {
  guard let s = Unicode.Scalar(v) else { continue }
  if s.properties.isWhitespace { whitespace.append(Int(v)) }
  if v >= 0x80, s.properties.changesWhenLowercased {
    let m = s.properties.lowercaseMapping.unicodeScalars.map { Int($0.value) }
    lowercase.append(Int(v))
    lowercase.append(m.count)
    lowercase += m
  }
}
var age = (0, 0)
for v in UInt32(0)...0x10FFFF {
  if let s = Unicode.Scalar(v), let g = s.properties.age, (g.major, g.minor) > age { age = (g.major, g.minor) }
}
let unicodeVersion = "\(age.0).\(age.1)"
let composition = CanonicalComposition.tablesText
var js =
  "// Generated by build-tools/web/vectors (swift run emopack-web-vectors) from Swift's Unicode \(unicodeVersion): do not edit.\n"
js +=
  "// Runs are [first scalar - the previous run's first scalar, value, ...]; a run lasts until the next one starts.\n\n"
js +=
  "/** The Unicode version of the Swift runtime these tables come from. */\nexport const unicodeVersion = \"\(unicodeVersion)\";\n"
js +=
  "/** Grapheme_Cluster_Break: 0 Other, 1 CR, 2 LF, 3 Control, 4 Extend, 5 ZWJ, 6 Regional_Indicator, 7 Prepend, 8 SpacingMark, 9 L, 10 V, 11 T, 12 LV, 13 LVT. */\n"
js += "export const graphemeBreak = [\(deltas(breaks).map(String.init).joined(separator: ","))];\n"
js +=
  "/** Extended_Pictographic. */\nexport const extendedPictographic = [\(deltas(pictographic).map(String.init).joined(separator: ","))];\n"
js +=
  "/** Indic_Conjunct_Break: 1 Consonant, 2 Linker, 3 Extend. */\nexport const indicConjunctBreak = [\(deltas(conjunct).map(String.init).joined(separator: ","))];\n"
js +=
  "/** Emoji or Emoji_Presentation: a scalar that may start an emoji. */\nexport const emojiStart = [\(deltas(emojiStart).map(String.init).joined(separator: ","))];\n"
js +=
  "/** The ASCII letter search folds a Latin letter with diacritics to (0: none). */\nexport const latinFold = [\(deltas(latinFold).map(String.init).joined(separator: ","))];\n"
js +=
  "/** White_Space scalars. */\nexport const whiteSpace = [\(whitespace.map(String.init).joined(separator: ","))];\n"
// One-scalar mappings as runs [first, count, step, delta]; longer ones as [scalar, count, mapped...].
var singles: [(Int, Int)] = []
var multiple: [Int] = []
var li = 0
while li < lowercase.count {
  let n = lowercase[li + 1]
  if n == 1 {
    singles.append((lowercase[li], lowercase[li + 2] - lowercase[li]))
  } else {
    multiple += Array(lowercase[li..<(li + 2 + n)])
  }
  li += 2 + n
}
var lowerRuns: [Int] = []
var si = 0
while si < singles.count {
  var step = si + 1 < singles.count ? singles[si + 1].0 - singles[si].0 : 1
  if step > 2 { step = 1 }
  var sj = si + 1
  while sj < singles.count && singles[sj].1 == singles[si].1 && singles[sj].0 - singles[sj - 1].0 == step { sj += 1 }
  lowerRuns += [singles[si].0, sj - si, step, singles[si].1]
  si = sj
}
js += "/** Lowercase mappings of non-ASCII scalars that change to one scalar: runs of [first, count, step, delta]. */\n"
js += "export const lowercaseRuns = [\(lowerRuns.map(String.init).joined(separator: ","))];\n"
js += "/** Lowercase mappings to several scalars: scalar, count, mapped scalars. */\n"
js += "export const lowercaseLong = [\(multiple.map(String.init).joined(separator: ","))];\n"
js += "// Canonical decompositions, composition exclusions and combining classes, as EmoPackFormat's tables (Unicode "
js += "\(composition.version)).\n"
var decomposed: [Int] = []
var lastKey = 0
for item in composition.decompositions.split(separator: " ") {
  let parts = item.split(separator: "=")
  let key = Int(parts[0], radix: 16)!
  let target = parts[1].split(separator: "+").map { Int($0, radix: 16)! }
  decomposed += [key - lastKey, key - target[0], target.count > 1 ? target[1] : 0]
  lastKey = key
}
js += "/** Decompositions as [scalar - previous scalar, scalar - first, second (0: none)]. */\n"
js += "export const decompositions = [\(decomposed.map(String.init).joined(separator: ","))];\n"
js += "export const exclusions = \"\(composition.exclusions)\";\n"
js += "export const combiningClasses = \"\(composition.classes)\";\n"
try js.write(toFile: web + "/src/unicode-data.js", atomically: true, encoding: .utf8)
print("wrote web/src/unicode-data.js (Unicode \(unicodeVersion), \(js.utf8.count) bytes)")

/// A Java expression for `text`: string literals of at most 60,000 bytes each (a class constant's limit is 65,535).
func javaText(_ text: String) -> String {
  let ascii = Array(text.utf8)
  precondition(ascii.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }, "plain ASCII only")
  let literals = stride(from: 0, to: max(ascii.count, 1), by: 60_000).map {
    "\"" + String(decoding: ascii[$0..<min($0 + 60_000, ascii.count)], as: UTF8.self) + "\""
  }
  // StringBuilder, not String.join (Android 8): pieces joined when the class loads.
  return literals.count == 1
    ? literals[0] : "new StringBuilder()" + literals.map { ".append(\($0))" }.joined() + ".toString()"
}
func javaRuns(_ values: [Int]) -> String { javaText(values.map(String.init).joined(separator: ",")) }
var unicodeJava = """
  // Generated by build-tools/web/vectors (swift run emopack-web-vectors) from Swift's Unicode \(unicodeVersion): do not edit.
  package dev.emopack;

  /**
   * The tables the tokenizer's grapheme clusters and canonical composition come from, read from Swift's own String
   * and Unicode.Scalar: runs are "first scalar - the previous run's first scalar, value, ...", a run lasting until the
   * next one starts.
   */
  final class UnicodeData {
    private UnicodeData() {}

    /** The Unicode version of the Swift runtime these tables come from. */
    static final String VERSION = "\(unicodeVersion)";
    /** Grapheme_Cluster_Break: 0 Other, 1 CR, 2 LF, 3 Control, 4 Extend, 5 ZWJ, 6 Regional_Indicator, 7 Prepend, 8 SpacingMark, 9 L, 10 V, 11 T, 12 LV, 13 LVT. */
    static final String GRAPHEME_BREAK = \(javaRuns(deltas(breaks)));
    /** Extended_Pictographic. */
    static final String EXTENDED_PICTOGRAPHIC = \(javaRuns(deltas(pictographic)));
    /** Indic_Conjunct_Break: 1 Consonant, 2 Linker, 3 Extend. */
    static final String INDIC_CONJUNCT_BREAK = \(javaRuns(deltas(conjunct)));
    /** Emoji or Emoji_Presentation: a scalar that may start an emoji. */
    static final String EMOJI_START = \(javaRuns(deltas(emojiStart)));
    /** Decompositions as [scalar - previous scalar, scalar - first, second (0: none)] (EmoPackFormat's tables, Unicode \(composition.version)). */
    static final String DECOMPOSITIONS = \(javaRuns(decomposed));
    static final String EXCLUSIONS = \(javaText(composition.exclusions));
    static final String COMBINING_CLASSES = \(javaText(composition.classes));
    /** The ASCII letter search folds a Latin letter with diacritics to (0: none). */
    static final String LATIN_FOLD = \(javaRuns(deltas(latinFold)));
    /** White_Space scalars. */
    static final String WHITE_SPACE = \(javaRuns(whitespace));
    /** Lowercase mappings of non-ASCII scalars that change to one scalar: runs of [first, count, step, delta]. */
    static final String LOWERCASE_RUNS = \(javaRuns(lowerRuns));
    /** Lowercase mappings to several scalars: scalar, count, mapped scalars. */
    static final String LOWERCASE_LONG = \(javaRuns(multiple));
  }

  """
try FileManager.default.createDirectory(
  atPath: root + "/jvm/src/main/java/dev/emopack", withIntermediateDirectories: true)
try unicodeJava.write(
  toFile: root + "/jvm/src/main/java/dev/emopack/UnicodeData.java", atomically: true, encoding: .utf8)
print("wrote jvm/src/main/java/dev/emopack/UnicodeData.java")

// MARK: - Scalars whose break properties differ from Debian's Unicode data (an older engine's view)

func ucdRanges(_ path: String, _ field: (String) -> Int?) -> [UInt32: Int] {
  var out: [UInt32: Int] = [:]
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return out }
  for line in text.split(separator: "\n") {
    let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
    let parts = body.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count >= 2, let value = field(parts.dropFirst().joined(separator: ";")) else { continue }
    let bounds = parts[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
    guard let lo = bounds.first else { continue }
    for v in lo...(bounds.last ?? lo) { out[v] = value }
  }
  return out
}
let names: [String: Break] = [
  "CR": .cr, "LF": .lf, "Control": .control, "Extend": .extend, "ZWJ": .zwj, "Regional_Indicator": .regionalIndicator,
  "Prepend": .prepend, "SpacingMark": .spacingMark, "L": .l, "V": .v, "T": .t, "LV": .lv, "LVT": .lvt,
]
let oldBreaks = ucdRanges("/usr/share/unicode/auxiliary/GraphemeBreakProperty.txt") { names[$0]?.rawValue }
let oldPictographic = ucdRanges("/usr/share/unicode/emoji/emoji-data.txt") { $0 == "Extended_Pictographic" ? 1 : nil }
func lookupRuns(_ runs: [Int], _ v: UInt32) -> Int {
  var value = 0
  var i = 0
  while i < runs.count && runs[i] <= Int(v) {
    value = runs[i + 1]
    i += 2
  }
  return value
}
var differing: [Int] = []
if !oldBreaks.isEmpty {
  var bi = 0
  var pi = 0
  var b = 0
  var p = 0
  for v in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(v) {
    while bi < breaks.count && breaks[bi] <= Int(v) {
      b = breaks[bi + 1]
      bi += 2
    }
    while pi < pictographic.count && pictographic[pi] <= Int(v) {
      p = pictographic[pi + 1]
      pi += 2
    }
    if b != (oldBreaks[v] ?? 0) || p != (oldPictographic[v] ?? 0) || lookupRuns(conjunct, v) != 0 && v > 0x2000 {
      differing.append(Int(v))
    }
  }
}
print("scalars whose properties differ from /usr/share/unicode (or carry Indic_Conjunct_Break): \(differing.count)")

// MARK: - Messages

var pieces: [String] = []
var tags: [String] = []
var codes: [String] = []
var emoji: [String] = []
for (p, pack) in catalog.packs.enumerated() {
  for e in 0..<pack.count {
    guard let em = try? catalog.emoticon(EmoticonRef(pack: p, entry: e)) else { continue }
    tags += em.tags
    codes += em.codes
    if let x = em.emoji { emoji.append(x) }
  }
}
var emojiTest: [(String, String)] = []  // sequence, qualification
if let text = try? String(contentsOfFile: "/usr/share/unicode/emoji/emoji-test.txt", encoding: .utf8) {
  for line in text.split(separator: "\n") where !line.hasPrefix("#") {
    let parts = line.split(separator: ";")
    guard parts.count >= 2 else { continue }
    var s = String.UnicodeScalarView()
    for h in parts[0].split(separator: " ") { if let v = UInt32(h, radix: 16) { s.append(Unicode.Scalar(v)!) } }
    let status = parts[1].split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
    emojiTest.append((String(s), status))
  }
}
let awkward = [
  "[", "]", "[]", "[[哈哈]", "[哈哈", "哈哈]", "[不存在]", "[哈哈]\u{301}", "\u{600}[哈哈]", "\u{600}", "\u{605}", "\u{110BD}",
  "\u{903}", "\u{A8B4}", "\r\n", "\r", "\n", "\0", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F3FB}", "\u{1F3FF}",
  "\u{1F1E8}", "\u{1F1E8}\u{1F1E8}\u{1F1F3}", "\u{1F1FA}\u{1F1F8}\u{1F1E8}", "👨‍🦰‍😀", "❤️‍🔥", "🧑🏽‍🤝‍🧑🏿", "1️⃣", "#", "*️⃣",
  "\u{1100}\u{1161}\u{11A8}", "\u{AC00}\u{11A8}", "क्‍ष", "क्ष", "\u{915}\u{94D}\u{200D}\u{915}", "café", "cafe\u{301}",
  "ᄒ\u{1161}\u{11AB}", "/", ":", "::", ":smile", "smile:", " ", "  ", "\t", "今天", "hello", "ok", "😀", "👍🏽", "🏳️‍🌈",
  "\u{E0067}", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "\u{FFFC}", "\u{FEFF}", "\u{2028}",
]
pieces = tags + codes + emoji + awkward
for c in codes where c.count > 1 { pieces.append(String(c.dropLast())) }
pieces += differing.prefix(400).compactMap { Unicode.Scalar(UInt32($0)).map { String($0) } }
for (s, _) in emojiTest { pieces.append(s) }

var random = Random(state: 50)
var messages: [String] = []
// Every emoji-test sequence, in messages of a few each with text between.
var i = 0
while i < emojiTest.count {
  var m = ""
  for k in i..<min(emojiTest.count, i + 6) { m += emojiTest[k].0 + (k % 3 == 0 ? "x" : "") }
  messages.append(m)
  i += 6
}
// Every differing scalar in the contexts its property decides.
for (k, v) in differing.enumerated() {
  guard let s = Unicode.Scalar(UInt32(v)).map({ String($0) }) else { continue }
  let contexts = [
    "a" + s + "b", s + "a", "😀" + s + "\u{200D}😀", s + "\u{200D}😀", "क्" + s + "क", "\u{1100}" + s, s + s + s,
  ]
  messages.append(contexts[k % contexts.count] + contexts[(k + 3) % contexts.count])
}
for _ in 0..<1500 {
  var m = ""
  for _ in 0..<(1 + random.below(10)) { m += random.pick(pieces) }
  messages.append(m)
}

func tokenRows(_ m: String) -> [[Any]] {
  tokenizer.tokenize(m).map { t in
    switch t.kind {
    case .text: [0, -1, -1, t.utf16Range.lowerBound, t.utf16Range.upperBound]
    case .emoticon(let r): [1, r.pack, r.entry, t.utf16Range.lowerBound, t.utf16Range.upperBound]
    case .emoji(let r): [2, r.pack, r.entry, t.utf16Range.lowerBound, t.utf16Range.upperBound]
    }
  }
}
func clusters(_ m: String) -> [Int] {
  var out: [Int] = []
  var at = 0
  for c in m {
    at += c.utf16.count
    out.append(at)
  }
  return out
}
try writeJSON(
  [
    "packs": packFiles, "unicodeVersion": unicodeVersion, "differingScalars": differing,
    "messages": messages.map { ["text": $0, "tokens": tokenRows($0), "clusters": clusters($0)] },
  ], "test/vectors/tokenize.json")

// MARK: - Edits: the delete key at every cursor, and the display model

var edits: [[String: Any]] = []
for m in messages.prefix(60) + messages.suffix(340) {
  let n = m.utf16.count
  var deletes: [[Int]] = []
  for c in 0...n {
    let e = tokenizer.deleteBackward(in: m, at: c)
    deletes.append([e.cursor, n - e.text.utf16.count])
  }
  let model = EmoticonText(m, tokenizer: tokenizer)
  let d = model.displayUTF16Count
  var displayDeletes: [[Int]] = []
  for c in 0...d {
    var copy = model
    let change = copy.deleteBackward(at: c, in: .display)
    displayDeletes.append([
      change.source.range.lowerBound, change.source.range.upperBound, change.source.cursor, change.display.cursor,
    ])
  }
  edits.append([
    "text": m, "delete": deletes, "display": model.display,
    "displayOffsets": (0...n).map { model.displayOffset(forSourceOffset: $0) },
    "sourceOffsets": (0...d).map { model.sourceOffset(forDisplayOffset: $0) },
    "displayDelete": displayDeletes,
  ])
}
try writeJSON(["packs": packFiles, "messages": edits], "test/vectors/edits.json")

// MARK: - Search

var queries = [
  "笑", "哈", "哈哈", "[哈", "[哈哈]", ":smile:", ":smi", "/::", "/", "smile", "SMILE", "ｓｍｉｌｅ", "cafe", "café",
  "😀", "❤", "❤️", "heart", "face", "cat", "猫", "爱", "a", "e", " ", "", "zz", "[", ":", "hand", "thumbs up", "Ö", "ok",
  "狗",
  "🇨🇳", "flag", "小", "lxh", "/微笑", "微笑", "ｈｅａｒｔ", "  face  ", "grinning face",
]
for _ in 0..<60 {
  let t = random.pick(tags + codes)
  let scalars = Array(t.unicodeScalars)
  let lo = random.below(scalars.count)
  let hi = min(scalars.count, lo + 1 + random.below(3))
  var s = String.UnicodeScalarView()
  s.append(contentsOf: scalars[lo..<hi])
  queries.append(String(s))
}
var searches: [[String: Any]] = []
for q in queries {
  for locales in [[String](), ["en"], ["zh"]] {
    let results = catalog.search(q, locales: locales).first(60).map { r -> [Any] in
      [r.ref.pack, r.ref.entry, r.match.rawValue, r.keyword, r.locale ?? NSNull()]
    }
    searches.append(["query": q, "locales": locales, "compared": KeywordFold.compared(q), "results": results])
  }
}
try writeJSON(["packs": packFiles, "searches": searches], "test/vectors/search.json")

// MARK: - Animation, keyboard

var animations: [[String: Any]] = []
for (p, pack) in catalog.packs.enumerated() {
  for e in 0..<pack.count {
    guard let anim = try? catalog.animation(EmoticonRef(pack: p, entry: e)) else { continue }
    var samples: [[Any]] = []
    for t in [-5, 0, 1, 50, 99, 100, 101, 250, 1000, 5000, 123_456, 10_000_000]
      + (0..<20).map({ _ in random.below(20_000) })
    {
      samples.append([t, anim.frame(at: t), anim.nextChange(after: t).map { $0 as Any } ?? NSNull()])
    }
    animations.append([
      "pack": p, "entry": e, "endTimes": anim.endTimes, "loopCount": anim.loopCount, "still": anim.stillFrame,
      "hasOwnStill": anim.hasOwnStill, "samples": samples,
    ])
  }
}
// Synthetic timings too: loop counts and frame counts the sample packs lack.
for k in 0..<20 {
  let delays = (0..<(1 + k % 5)).map { _ in 10 + random.below(300) }
  let anim = EmoticonAnimation(ref: EmoticonRef(pack: 0, entry: 0), delays: delays, loopCount: k % 4, stillFrame: 0)
  var samples: [[Any]] = []
  for _ in 0..<30 {
    let t = random.below(4000) - 10
    samples.append([t, anim.frame(at: t), anim.nextChange(after: t).map { $0 as Any } ?? NSNull()])
  }
  animations.append([
    "pack": -1, "entry": -1, "endTimes": anim.endTimes, "loopCount": anim.loopCount, "still": 0, "hasOwnStill": false,
    "samples": samples,
  ])
}
var fits: [[String: Any]] = []
for (w, h, cell, gap, maxSpacing) in [
  (375.0, 216.0, 36.0, 8.0, Double.infinity), (414.0, 226.0, 36.0, 8.0, Double.infinity),
  (320.0, 180.0, 32.0, 6.0, 12.0),
  (768.0, 264.0, 44.0, 10.0, 20.0), (50.0, 30.0, 36.0, 8.0, Double.infinity), (80.0, 40.0, 36.0, 4.0, Double.infinity),
  (1024.0, 300.0, 40.0, 0.0, 5.0),
] {
  let fit = GridFit(
    width: w, height: h, cellSize: cell, minSpacing: gap, insets: (8, 4, 8, 4), maxColumns: 8, maxRows: 3,
    maxSpacing: maxSpacing)
  fits.append([
    "width": w, "height": h, "cellSize": cell, "minSpacing": gap, "maxSpacing": maxSpacing.isFinite ? maxSpacing : -1,
    "columns": fit.grid.columns, "rows": fit.grid.rows, "spacingX": fit.spacingX, "spacingY": fit.spacingY,
    "frames": fit.frames.map { [$0.x, $0.y, $0.width, $0.height] },
  ])
}
var pages: [[String: Any]] = []
for (columns, rows, items, after) in [
  (8, 3, 0, false), (8, 3, 23, false), (8, 3, 24, true), (8, 3, 47, true), (7, 3, 40, false), (1, 1, 5, false),
  (2, 1, 3, true),
] {
  let refs = (0..<items).map { EmoticonRef(pack: 0, entry: $0) }
  let laid = KeyboardGrid(columns: columns, rows: rows).pages(refs, delete: after ? .afterLastEmoticon : .lastCell)
  pages.append([
    "columns": columns, "rows": rows, "items": items, "afterLastEmoticon": after,
    "pages": laid.map { page in
      page.cells.map { cell -> Int in
        switch cell {
        case .emoticon(let r): r.entry
        case .delete: -1
        case .empty: -2
        }
      }
    },
  ])
}
try writeJSON(["packs": packFiles, "animations": animations, "fits": fits, "pages": pages], "test/vectors/layout.json")

// MARK: - Damaged packs: the Swift reader's verdicts

func verdict(_ body: () throws -> Void) -> String {
  do {
    try body()
    return "ok"
  } catch let error as PackError { return "\(error.kind.rawValue)@\(error.offset)" } catch { return "\(error)" }
}

/// The message of the error `body` throws, if it throws a `PackError`.
func message(_ body: () throws -> Void) -> String? {
  do {
    try body()
    return nil
  } catch let error as PackError { return error.message } catch { return nil }
}

/// What a tokenizer over `bytes` alone finds in `probe`: each emoticon or emoji as `kind:entry:start-end` (UTF-16
/// offsets), space-separated; `refused` when the pack does not open.
func probeTokens(_ bytes: [UInt8], _ probe: String) -> String {
  guard let pack = try? EmoticonPack(bytes: bytes) else { return "refused" }
  return Tokenizer(catalog: Catalog(packs: [pack])).tokenize(probe).compactMap { t -> String? in
    let at = "\(t.utf16Range.lowerBound)-\(t.utf16Range.upperBound)"
    switch t.kind {
    case .text: return nil
    case .emoticon(let r): return "1:\(r.entry):\(at)"
    case .emoji(let r): return "2:\(r.entry):\(at)"
    }
  }.joined(separator: " ")
}

/// What each of the first 64 entries that read holds: [kind, tags, codes, emoji, image, animation (-1: none),
/// insertsCode, keywords as [text, locale, source]]; 0 for one that does not read.
func entryContents(_ reader: PackFileReader) -> [Any] {
  (0..<min(reader.entryCount, 64)).map { i -> Any in
    guard let e = try? reader.entry(at: i) else { return 0 }
    let keywords = e.keywords.map { [$0.text, $0.locale ?? NSNull(), $0.source.rawValue] as [Any] }
    return [
      e.kind.rawValue, e.tags, e.codes, e.emoji ?? NSNull(), e.image ?? -1, e.animation ?? -1, e.insertsCode, keywords,
    ] as [Any]
  }
}

/// What a search of a catalog of `bytes` alone gives for each of `queries` (any locale, the first 60): each
/// result as [entry, match, keyword, locale]; nil when the pack does not open.
func probeSearch(_ bytes: [UInt8], _ queries: [String]) -> [[[Any]]]? {
  guard let pack = try? EmoticonPack(bytes: bytes) else { return nil }
  let catalog = Catalog(packs: [pack])
  return queries.map { q in
    catalog.search(q, locales: []).first(60).map { r in
      [r.ref.entry, r.match.rawValue, r.keyword, r.locale ?? NSNull()] as [Any]
    }
  }
}

/// What the reader says of `bytes`: opening, verifying, each entry, each key and emoji looked up.
///
/// The last three are left out when they are what `intact` says. With `messages`, also the words of the opening's or
/// `verify()`'s error. With `probe`, what a tokenizer over the pack finds in it (`tokens`), what a search gives for
/// each of `queries` (`search`) and what the entries hold (`contents`), each left out when it is what `intact`
/// says.
func verdicts(
  _ bytes: [UInt8], keys: [String], emoji: [String], intact: [String: Any]? = nil, messages: Bool = false,
  probe: String? = nil, queries: [String] = []
)
  -> [String: Any]
{
  let reader: PackFileReader
  do { reader = try PackFileReader(bytes: bytes) } catch {
    var out: [String: Any] = ["open": "\(error.kind.rawValue)@\(error.offset)"]
    if messages { out["messages"] = ["open": error.message] }
    return out
  }
  var out: [String: Any] = [
    "open": "ok", "verify": verdict { try reader.verify() }, "tokens": probe.map { probeTokens(bytes, $0) } as Any,
    "entries": (0..<min(reader.entryCount, 64)).map { i in verdict { _ = try reader.entry(at: i) } },
    "tags": keys.map { reader.entryIndex(forTag: $0) ?? -1 },
    "emoji": emoji.map { reader.entryIndex(forEmoji: $0) ?? -1 },
  ]
  for key in ["entries", "tags", "emoji"] {
    if let a = out[key] as? NSArray, let b = intact?[key] as? NSArray, a.isEqual(b) { out[key] = nil }
  }
  if probe == nil || out["tokens"] as? String == intact?["tokens"] as? String { out["tokens"] = nil }
  if probe != nil {
    // Against an intact pack's, only the entries that differ, by index (the entry count may differ too).
    let contents = entryContents(reader)
    if let base = intact?["contents"] as? [Any] {
      var changed: [String: Any] = [:]
      for (i, c) in contents.enumerated() where i >= base.count || !([c] as NSArray).isEqual(to: [base[i]]) {
        changed[String(i)] = c
      }
      if contents.count != base.count { changed["count"] = contents.count }
      if !changed.isEmpty { out["contents"] = changed }
    } else {
      out["contents"] = contents
    }
  }
  if probe != nil, let found = probeSearch(bytes, queries) {
    let same = (intact?["search"] as? NSArray)?.isEqual(found as NSArray) ?? false
    if !same { out["search"] = found }
  }
  if messages, let words = message({ try reader.verify() }) { out["messages"] = ["verify": words] }
  return out
}

func withChecksum(_ bytes: [UInt8]) -> [UInt8] {
  guard bytes.count >= 64 else { return bytes }
  var b = bytes
  let crc = CRC32.checksum(Array(b[64...]))
  for k in 0..<4 { b[20 + k] = UInt8((crc >> (8 * UInt32(k))) & 0xFF) }
  return b
}

var damaged: [[String: Any]] = []
for name in ["codes.pack", "animated.pack", "tiny.pack", "tiny-v1.pack", "langxiaohua-webp.pack"] {
  let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: web + "/test/fixtures/" + name)))
  let reader = try PackFileReader(bytes: bytes)
  var keys: [String] = []
  var emo: [String] = []
  for i in 0..<reader.entryCount {
    let entry = try reader.entry(at: i)
    keys += entry.tags + entry.codes
    if let x = entry.emoji { emo.append(x) }
  }
  keys.append("[missing]")
  emo.append("🦄")
  // A message of every key and emoji, which every tenth case also tokenizes with the pack alone, and a few
  // searches (letters, a character, the first two tags' words) it also makes.
  let probe = (keys + emo).joined(separator: " ")
  var queries = ["e", "a", "笑"]
  for key in keys.prefix(2) where key.hasPrefix("[") {
    let word = String(key.dropFirst().dropLast())
    if !queries.contains(word) { queries.append(word) }
  }
  let intact = verdicts(bytes, keys: keys, emoji: emo, probe: probe, queries: queries)
  var flips: [Any] = []
  var fixed: [Any] = []
  var cuts: [Any] = []
  // Every byte of the small packs; a seeded sample of the larger ones.
  let positions = bytes.count <= 6000 ? Array(bytes.indices) : (0..<3000).map { _ in random.below(bytes.count) }
  // Every seventh case also carries the error's words, which the other readers must give too.
  for (k, at) in positions.enumerated() {
    var b = bytes
    b[at] ^= 0x55
    flips.append(
      verdicts(
        b, keys: keys, emoji: emo, intact: intact, messages: k % 7 == 0, probe: k % 10 == 0 ? probe : nil,
        queries: queries))
    fixed.append(
      verdicts(
        withChecksum(b), keys: keys, emoji: emo, intact: intact, messages: k % 7 == 0,
        probe: k % 10 == 0 ? probe : nil, queries: queries))
  }
  let lengths = bytes.count <= 6000 ? Array(0..<bytes.count) : (0..<600).map { _ in random.below(bytes.count) }
  for (k, n) in lengths.enumerated() {
    cuts.append(
      verdicts(
        Array(bytes[..<n]), keys: keys, emoji: emo, intact: intact, messages: k % 7 == 0,
        probe: k % 10 == 0 ? probe : nil, queries: queries))
  }
  damaged.append([
    "pack": name, "keys": keys, "emoji": emo, "probe": probe, "queries": queries, "intact": intact,
    "positions": positions,
    "flipped": flips, "flippedWithChecksum": fixed, "lengths": lengths, "truncated": cuts,
  ])
}
try writeJSON(["xor": 0x55, "packs": damaged], "test/vectors/damaged.json")
// Tags claimed by more than one pack, in both tab orders.
var collisionCases: [[String: Any]] = []
for order in [["bench-1000.pack", "rival.pack"], ["rival.pack", "bench-1000.pack", "default.pack"]] {
  let c = try Catalog(paths: order.map { web + "/test/fixtures/" + $0 })
  collisionCases.append([
    "packs": order,
    "collisions": c.collisions().map { ["tag": $0.tag, "winner": $0.winner, "shadowed": $0.shadowed] },
  ])
}
try writeJSON(["cases": collisionCases], "test/vectors/collisions.json")

// MARK: - The format's constants, from PackLayout

typealias L = PackLayout
/// The format's layout as named groups of named numbers, written out for JavaScript and for Java alike.
let layoutGroups: [(name: String, fields: [(String, Int)])] = [
  (
    "Size",
    [
      ("meta", L.metaSize), ("name", L.nameSize), ("sheet", L.sheetSize), ("entry", L.entrySize),
      ("entryV1", L.entrySizeV1), ("tag", L.tagSize), ("tagV1", L.tagSizeV1), ("image", L.imageSize),
      ("animation", L.animationSize), ("frame", L.frameSize), ("locale", L.localeSize), ("keyword", L.keywordSize),
      ("keywordRow", L.keywordRowSize), ("gram", L.gramSize), ("posting", L.postingSize),
      ("sheetFormat", L.sheetFormatSize),
    ]
  ),
  (
    "Header",
    [
      ("magic", L.Header.magic), ("major", L.Header.major), ("minor", L.Header.minor),
      ("headerSize", L.Header.headerSize), ("fileSize", L.Header.fileSize), ("checksum", L.Header.checksum),
      ("sectionCount", L.Header.sectionCount), ("sectionTable", L.Header.sectionTable),
    ]
  ),
  ("StringRef", [("offset", L.StringRef.offset), ("length", L.StringRef.length), ("size", L.StringRef.size)]),
  (
    "SectionRow",
    [
      ("id", L.SectionRow.id), ("offset", L.SectionRow.offset), ("length", L.SectionRow.length),
      ("count", L.SectionRow.count),
    ]
  ),
  (
    "Meta",
    [
      ("id", L.Meta.id), ("version", L.Meta.version), ("pointSize", L.Meta.pointSize),
      ("scaleCount", L.Meta.scaleCount), ("flags", L.Meta.flags), ("pageCount", L.Meta.pageCount),
      ("scales", L.Meta.scales),
    ]
  ),
  ("MetaFlags", [("trimmed", Int(L.MetaFlags.trimmed.rawValue)), ("palette", Int(L.MetaFlags.palette.rawValue))]),
  ("Name", [("locale", L.Name.locale), ("name", L.Name.name)]),
  (
    "SheetFormatRecord",
    [
      ("format", L.SheetFormatRecord.format), ("flags", L.SheetFormatRecord.flags),
      ("reserved", L.SheetFormatRecord.reserved), ("lossy", Int(L.SheetFormatRecord.lossy)),
    ]
  ),
  (
    "Sheet",
    [
      ("fileName", L.Sheet.fileName), ("scale", L.Sheet.scale), ("page", L.Sheet.page), ("width", L.Sheet.width),
      ("height", L.Sheet.height), ("byteSize", L.Sheet.byteSize), ("sha256", L.Sheet.sha256),
    ]
  ),
  (
    "Entry",
    [
      ("kind", L.Entry.kind), ("flags", L.Entry.flags), ("tagCount", L.Entry.tagCount),
      ("firstTag", L.Entry.firstTag), ("emoji", L.Entry.emoji), ("image", L.Entry.image),
      ("animation", L.Entry.animation), ("firstKeyword", L.Entry.firstKeyword),
      ("keywordCount", L.Entry.keywordCount), ("label", L.Entry.label),
    ]
  ),
  (
    "EntryV1",
    [
      ("kind", L.EntryV1.kind), ("flags", L.EntryV1.flags), ("tagCount", L.EntryV1.tagCount),
      ("firstTag", L.EntryV1.firstTag), ("emoji", L.EntryV1.emoji), ("page", L.EntryV1.page), ("x", L.EntryV1.x),
      ("y", L.EntryV1.y), ("width", L.EntryV1.width), ("height", L.EntryV1.height),
    ]
  ),
  (
    "EntryFlags",
    [
      ("hasRect", Int(L.EntryFlags.hasRect.rawValue)), ("hasEmoji", Int(L.EntryFlags.hasEmoji.rawValue)),
      ("insertsCode", Int(L.EntryFlags.insertsCode.rawValue)),
    ]
  ),
  ("Tag", [("tag", L.Tag.tag), ("entry", L.Tag.entry), ("form", L.Tag.form), ("locale", L.Tag.locale)]),
  (
    "Image",
    [
      ("sheet", L.Image.sheet), ("x", L.Image.x), ("y", L.Image.y), ("width", L.Image.width),
      ("height", L.Image.height), ("left", L.Image.left), ("top", L.Image.top),
    ]
  ),
  (
    "Animation",
    [
      ("firstFrame", L.Animation.firstFrame), ("frameCount", L.Animation.frameCount), ("still", L.Animation.still),
      ("loopCount", L.Animation.loopCount), ("duration", L.Animation.duration),
    ]
  ),
  ("Frame", [("image", L.Frame.image), ("endTime", L.Frame.endTime)]),
  (
    "Keyword",
    [
      ("folded", L.Keyword.folded), ("written", L.Keyword.written), ("entry", L.Keyword.entry),
      ("locale", L.Keyword.locale), ("source", L.Keyword.source),
    ]
  ),
  ("Gram", [("key", L.Gram.key), ("postings", L.Gram.postings)]),
]

/// `name: value` lines of a JavaScript object literal.
func jsObject(_ fields: [(String, Int)]) -> String {
  "{ " + fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + " }"
}
var format = """
  // @ts-check
  // Generated by build-tools/web/vectors (swift run emopack-web-vectors) from EmoPackFormat's PackLayout: do not edit.
  // The .pack format's byte layout (docs/FORMAT.md): record sizes, field offsets, flag bits and limits.

  export const MAGIC = [\(L.magic.map(String.init).joined(separator: ", "))];
  export const FORMAT_MAJOR = \(L.formatMajor);
  export const READABLE_MAJORS = [\(L.readableMajors.lowerBound), \(L.readableMajors.upperBound)];
  export const NEWEST_MINOR = \(L.newestMinor);
  export const POINT_SIZES = [\(L.pointSizes.lowerBound), \(L.pointSizes.upperBound)];
  export const SCALES = [\(L.scales.lowerBound), \(L.scales.upperBound)];
  export const HEADER_SIZE = \(L.headerSize);
  export const SECTION_ROW_SIZE = \(L.sectionRowSize);
  export const MAX_SECTIONS = \(L.maxSections);
  export const NONE32 = \(L.none32);
  export const NONE16 = \(L.none16);
  export const SLOT_SIZE = \(L.slotSize);
  /** A KGRM key (PackLayout.gramKey): the first scalar shifted by `bits`, above the top `bits` of the second times `multiplier`. */
  export const GRAM_KEY = { bits: \(L.gramHashBits), multiplier: \(L.gramHashMultiplier) };

  """
for group in layoutGroups { format += "export const \(group.name) = \(jsObject(group.fields));\n" }
format += """
  /** Sections in the order the format lists them: id, record size (format 2), record size in format 1. */
  export const SECTIONS = /** @type {[string, number, number][]} */ ([
  \(L.Section.allCases.map { "  [\"\($0.rawValue)\", \($0.recordSize(major: 2)), \($0.recordSize(major: 1))]," }.joined(separator: "\n"))
  ]);
  /** Sections a minor version added: absent means none. */
  export const OPTIONAL = new Set([\(L.Section.allCases.filter { L.Section.optional.contains($0) }.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))]);

  """
/// `text` as a double-quoted JavaScript or Java string literal: its JSON form.
func quoted(_ text: String) -> String {
  let data = try! JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes])
  return String(decoding: data, as: UTF8.self)
}
format += """
  /** The reader's and `verify()`'s messages, by name (EmoPackFormat's PackMessage): `{n}` is argument n. */
  export const MESSAGES = {
  \(PackMessage.allCases.map { "  \($0.rawValue): \(quoted($0.template))," }.joined(separator: "\n"))
  };
  /**
   * Message `name` with argument n in place of each `{n}`, as the Swift reader words it.
   * @param {keyof typeof MESSAGES} name
   * @param {...(string|number)} args
   */
  export function message(name, ...args) {
    return MESSAGES[name].replace(/\\{(\\d+)\\}/g, (_, n) => String(args[Number(n)]));
  }

  """
try format.write(toFile: web + "/src/format.js", atomically: true, encoding: .utf8)
print("wrote web/src/format.js")

/// `firstTag` → `FIRST_TAG`, `entryV1` → `ENTRY_V1`, `sha256` → `SHA256`: a Java constant's name.
func javaConstant(_ name: String) -> String {
  var out = ""
  var previous: Character?
  for c in name {
    if let p = previous, c.isUppercase && !p.isUppercase { out += "_" }
    out += c.uppercased()
    previous = c
  }
  return out
}
var java = """
  // Generated by build-tools/web/vectors (swift run emopack-web-vectors) from EmoPackFormat's PackLayout: do not edit.
  package dev.emopack;

  /** The .pack format's byte layout (docs/FORMAT.md): record sizes, field offsets, flag bits and limits. */
  public final class Format {
    private Format() {}

    public static final byte[] MAGIC = {\(L.magic.map(String.init).joined(separator: ", "))};
    public static final int FORMAT_MAJOR = \(L.formatMajor);
    public static final int LOWEST_MAJOR = \(L.readableMajors.lowerBound);
    public static final int HIGHEST_MAJOR = \(L.readableMajors.upperBound);
    public static final int NEWEST_MINOR = \(L.newestMinor);
    public static final int MIN_POINT_SIZE = \(L.pointSizes.lowerBound);
    public static final int MAX_POINT_SIZE = \(L.pointSizes.upperBound);
    public static final int MIN_SCALE = \(L.scales.lowerBound);
    public static final int MAX_SCALE = \(L.scales.upperBound);
    public static final int HEADER_SIZE = \(L.headerSize);
    public static final int SECTION_ROW_SIZE = \(L.sectionRowSize);
    public static final int MAX_SECTIONS = \(L.maxSections);
    public static final long NONE32 = \(L.none32)L;
    public static final int NONE16 = \(L.none16);
    public static final int SLOT_SIZE = \(L.slotSize);
    /** A KGRM key (PackLayout.gramKey): the first scalar shifted by this, above as many top bits of the second times the multiplier. */
    public static final int GRAM_HASH_BITS = \(L.gramHashBits);
    public static final int GRAM_HASH_MULTIPLIER = (int) \(L.gramHashMultiplier)L;

  """
for group in layoutGroups {
  java += "\n  public static final class \(group.name) {\n    private \(group.name)() {}\n\n"
  for (name, value) in group.fields { java += "    public static final int \(javaConstant(name)) = \(value);\n" }
  java += "  }\n"
}
java += """

    /** A section of the format: its four-letter id, record sizes in format 2 and 1, and whether it may be absent. */
    public enum Section {
  \(L.Section.allCases.map { "    \($0.rawValue)(\($0.recordSize(major: 2)), \($0.recordSize(major: 1)), \(L.Section.optional.contains($0)))" }.joined(separator: ",\n"));

      public final int recordSize;
      public final int recordSizeV1;
      public final boolean optional;

      Section(int recordSize, int recordSizeV1, boolean optional) {
        this.recordSize = recordSize;
        this.recordSizeV1 = recordSizeV1;
        this.optional = optional;
      }

      /** The id as the section table stores it: four ASCII bytes read as a little-endian 32-bit number. */
      public long code() {
        String s = name();
        return (s.charAt(0) | (s.charAt(1) << 8) | (s.charAt(2) << 16) | ((long) s.charAt(3) << 24));
      }
    }
  }

  """
// The messages, before the class's closing brace.
java.removeLast(2)
java += """

    /** The reader's and {@code verify()}'s messages, by name (EmoPackFormat's PackMessage): {n} is argument n. */
    public enum Message {
  \(PackMessage.allCases.map { "    \($0.rawValue)(\(quoted($0.template)))" }.joined(separator: ",\n"));

      /** The words, with {0}, {1} … where the arguments go. */
      public final String template;

      Message(String template) {
        this.template = template;
      }

      /** The message with argument n in place of each {n}, as the Swift reader words it. */
      public String format(Object... args) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < template.length()) {
          char c = template.charAt(i);
          int close = c == '{' ? template.indexOf('}', i) : -1;
          if (close > i + 1) {
            out.append(args[Integer.parseInt(template.substring(i + 1, close))]);
            i = close + 1;
          } else {
            out.append(c);
            i++;
          }
        }
        return out.toString();
      }
    }
  }

  """
let javaFolder = root + "/jvm/src/main/java/dev/emopack"
try FileManager.default.createDirectory(atPath: javaFolder, withIntermediateDirectories: true)
try java.write(toFile: javaFolder + "/Format.java", atomically: true, encoding: .utf8)
print("wrote jvm/src/main/java/dev/emopack/Format.java")

// MARK: - The module for `emopack export --format web` and the HTML preview, bundled by esbuild

/// Runs esbuild on web/src/index.js with `arguments`; its output.
func esbuild(_ arguments: [String]) throws -> Data {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["esbuild", web + "/src/index.js", "--bundle", "--log-level=error", "--charset=utf8"] + arguments
  let out = Pipe()
  process.standardOutput = out
  try process.run()
  let data = out.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0, !data.isEmpty else {
    throw NSError(
      domain: "emopack-web-vectors", code: Int(process.terminationStatus),
      userInfo: [NSLocalizedDescriptionKey: "esbuild failed (build-tools/setup-web.sh installs it)"])
  }
  return data
}
// The CLI embeds these as SwiftPM resources (Package.swift: embedInCode), so the binary needs no bundle beside it.
let resources = root + "/Sources/EmoPackPreview/Web"
try FileManager.default.createDirectory(atPath: resources, withIntermediateDirectories: true)
// The module as one ES module, as apps import it; and as one classic script defining `EmoPack`, which the
// self-contained HTML preview inlines.
// Each as text for review and zlib-compressed (`.z`, Zlib.sized) for the binary: SwiftPM embeds a file as a byte array
// literal, and the compiler takes about four times as long over the plain 457 KB as over the compressed 127 KB.
for (name, arguments) in [
  ("emopack.js", ["--format=esm"]), ("emopack-classic.js", ["--format=iife", "--global-name=EmoPack", "--minify"]),
] {
  let bundle = try esbuild(arguments)
  try bundle.write(to: URL(fileURLWithPath: resources + "/" + name))
  guard let sized = Zlib.sized([UInt8](bundle)) else {
    throw NSError(
      domain: "emopack-web-vectors", code: 1, userInfo: [NSLocalizedDescriptionKey: "libdeflate failed on \(name)"])
  }
  try Data(sized).write(to: URL(fileURLWithPath: resources + "/" + name + ".z"))
}
for file in ["index.html", "example.js"] {
  try Data(contentsOf: URL(fileURLWithPath: web + "/example/" + file)).write(
    to: URL(fileURLWithPath: resources + "/" + file))
}
print("wrote Sources/EmoPackPreview/Web (emopack.js, emopack-classic.js, each also as .z, the example page)")
