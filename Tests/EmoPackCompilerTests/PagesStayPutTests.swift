import EmoImage
import EmoPNG
import EmoPackCompiler
import EmoPackFormat
import Foundation
import TestSupport
import Testing

/// Pages that stay put: one edit (change, add, remove or reorder one emoticon) re-encodes only the sheets whose
/// page group it touches; every other sheet keeps its bytes and its content-hashed name.
@Suite struct PagesStayPutTests {
  /// A pack of `count` entries (every 15th an animation of three frames given as images), 16 px at 1x.
  struct Fixture {
    /// Each entry's tag and its images' seeds (one for a still, three for an animation).
    var entries: [(tag: String, seeds: [Int])]

    init(count: Int) {
      entries = (0..<count).map { i in ("[e\(i)]", i % 15 == 7 ? [i * 10 + 1, i * 10 + 2, i * 10 + 3] : [i * 10]) }
    }

    /// Writes the pack into a new folder and returns it.
    func write() throws -> String {
      let dir = Support.tempDir("stay") + "/stay"
      try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
      var json: [String] = []
      for (tag, seeds) in entries {
        for seed in seeds {
          let path = "\(dir)/s\(seed).png"
          if !FileManager.default.fileExists(atPath: path) {
            try Support.writePNG(Support.generated(seed, side: 16), to: path)
          }
        }
        if seeds.count == 1 {
          json.append(#"{"image": "s\#(seeds[0]).png", "tags": ["\#(tag)"]}"#)
        } else {
          let frames = seeds.map { #"{"image": "s\#($0).png", "delay": 100}"# }.joined(separator: ",")
          json.append(#"{"frames": [\#(frames)], "tags": ["\#(tag)"]}"#)
        }
      }
      try #"{"id": "stay", "size": 16, "scales": [1], "emoticons": [\#(json.joined(separator: ",\n"))]}"#
        .write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
      return dir
    }
  }

  /// One edit and the tags it touches.
  enum Edit: CustomStringConvertible {
    case change(Int), add, remove(Int), reorder(Int, Int)

    var description: String {
      switch self {
      case .change(let i): "change \(i)"
      case .add: "add at the end"
      case .remove(let i): "remove \(i)"
      case .reorder(let i, let j): "move \(i) to \(j)"
      }
    }

    /// The fixture after the edit, and the tags whose pixels or position it changed.
    func apply(_ f: Fixture) -> (Fixture, Set<String>) {
      var g = f
      switch self {
      case .change(let i):
        g.entries[i].seeds = g.entries[i].seeds.map { $0 + 5 }
        return (g, [g.entries[i].tag])
      case .add:
        g.entries.append(("[added]", [99_999]))
        return (g, ["[added]"])
      case .remove(let i):
        let tag = g.entries.remove(at: i).tag
        return (g, [tag])
      case .reorder(let i, let j):
        let e = g.entries.remove(at: i)
        g.entries.insert(e, at: j)
        return (g, [e.tag])
      }
    }
  }

  /// Each sheet of a built pack: its file name and bytes, and the tags of the entries drawn on it.
  static func sheets(_ out: String) throws -> [(name: String, bytes: Data, tags: Set<String>)] {
    let reader = try PackFileReader(contentsOf: out + "/stay.pack")
    let contents = try reader.contents()
    var tags = [Set<String>](repeating: [], count: contents.sheets.count)
    for entry in contents.entries {
      var images = entry.image.map { [$0] } ?? []
      if let a = entry.animation { images += contents.animations[a].frames.map(\.image) }
      for image in images {
        for p in contents.images[image].placements where p.width > 0 { tags[p.sheet].formUnion(entry.tags) }
      }
    }
    return try contents.sheets.enumerated().map { k, s in
      (s.fileName, try Data(contentsOf: URL(fileURLWithPath: out + "/" + s.fileName)), tags[k])
    }
  }

  static func build(_ pack: String, cache: String, lossy: Bool) throws -> String {
    let out = Support.tempDir("stay-out")
    var o = BuildOptions(outputDirectory: out)
    o.cacheDirectory = cache
    o.effort = .fast
    o.lossy = lossy
    _ = try PackBuilder(options: o).build(paths: [pack])
    return out
  }

  /// The sheets of `fixture` built once, shared by the edits checked against it.
  static func before(
    _ fixture: Fixture, lossy: Bool, cache: String
  ) throws -> [(name: String, bytes: Data, tags: Set<String>)] {
    try sheets(try build(try fixture.write(), cache: cache, lossy: lossy))
  }

  /// The page groups of a built pack as ranges of entry positions in `fixture`: a page group's sheets (lossy, the
  /// palette sheet and the sprites set apart) hold entries of one run of the keyboard order, so sheets whose runs
  /// overlap belong to one group.
  static func pageGroups(
    _ sheets: [(name: String, bytes: Data, tags: Set<String>)], _ fixture: Fixture
  )
    -> [(range: ClosedRange<Int>, sheets: Set<String>)]
  {
    let position = Dictionary(uniqueKeysWithValues: fixture.entries.enumerated().map { ($1.tag, $0) })
    let runs = sheets.compactMap { sheet -> (ClosedRange<Int>, String)? in
      let at = sheet.tags.compactMap { position[$0] }
      guard let lo = at.min(), let hi = at.max() else { return nil }
      return (lo...hi, sheet.name)
    }.sorted { $0.0.lowerBound < $1.0.lowerBound }
    var groups: [(range: ClosedRange<Int>, sheets: Set<String>)] = []
    for (run, name) in runs {
      if let last = groups.last, run.lowerBound <= last.range.upperBound {
        groups[groups.count - 1] = (
          last.range.lowerBound...max(last.range.upperBound, run.upperBound), last.sheets.union([name])
        )
      } else {
        groups.append((run, [name]))
      }
    }
    return groups
  }

  /// Builds the fixture after `edit` and checks its sheets against `old`, the fixture's own.
  static func check(
    _ fixture: Fixture, _ edit: Edit, lossy: Bool, cache: String,
    old: [(name: String, bytes: Data, tags: Set<String>)]
  ) throws {
    let (after, edited) = edit.apply(fixture)
    let new = try sheets(try build(try after.write(), cache: cache, lossy: lossy))
    let oldByTags = Dictionary(old.map { ($0.tags, $0) }, uniquingKeysWith: { a, _ in a })
    // A sheet holding the same entries as before, none of them edited, is the same file.
    for sheet in new where sheet.tags.isDisjoint(with: edited) {
      if let before = oldByTags[sheet.tags] {
        #expect(
          before.name == sheet.name && before.bytes == sheet.bytes,
          "\(edit): a page holding \(sheet.tags.sorted().prefix(3)) changed")
      }
    }
    // Only the page groups the edit touches change: at each place the edit touches (two for a move), the group
    // there and the neighbours a moved boundary joins, at most three; for a change exactly the group holding it.
    let oldNames = Set(old.map(\.name))
    let changed = new.filter { !oldNames.contains($0.name) }
    let changedNames = Set(changed.map(\.name))
    let groups = pageGroups(new, after).filter { !$0.sheets.isDisjoint(with: changedNames) }
    let places = if case .reorder = edit { 2 } else { 1 }
    #expect(!changed.isEmpty, "\(edit): nothing changed")
    #expect(groups.count <= 3 * places, "\(edit): \(groups.count) page groups of \(new.count) sheets changed")
    if case .change = edit {
      // Lossless, the one sheet holding it; lossy, the sheets of its page group (a sprite set apart moves).
      #expect(groups.count == 1, "\(edit): \(groups.map(\.range))")
      #expect(lossy || changed.count == 1, "\(edit): \(changed.map(\.tags))")
      #expect(changed.contains { !$0.tags.isDisjoint(with: edited) }, "\(edit): \(changed.map(\.tags))")
    }
    // Every changed group lies near a place the edit touched (a page holds at most 64 cells).
    let touched =
      after.entries.indices.filter { edited.contains(after.entries[$0].tag) }
      + fixture.entries.indices.filter { edited.contains(fixture.entries[$0].tag) }
    for group in groups {
      #expect(
        touched.contains { group.range.lowerBound - 192 <= $0 && $0 <= group.range.upperBound + 192 },
        "\(edit): page group \(group.range) changed, far from \(touched)")
    }
  }

  @Test(arguments: [Edit.change(150), .remove(149)])
  func oneEditChangesOnlyThePagesItTouches(_ edit: Edit) throws {
    let cache = Support.tempDir("stay-cache")
    let fixture = Fixture(count: 300)
    try Self.check(fixture, edit, lossy: false, cache: cache, old: try Self.before(fixture, lossy: false, cache: cache))
  }

  /// The palette mode on a smaller pack (quantizing is slow in a debug build; the stress suite takes 300).
  @Test func oneEditChangesOnlyThePagesItTouchesInTheLossyMode() throws {
    let cache = Support.tempDir("stay-cache")
    let fixture = Fixture(count: 100)
    try Self.check(
      fixture, .change(51), lossy: true, cache: cache, old: try Self.before(fixture, lossy: true, cache: cache))
  }

  /// The pages layout's sheets hold about 32 cells each, the pack has several, and building it again (one job)
  /// writes the same files.
  @Test func pagesAreAboutThirtyTwoCellsAndTheBuildIsDeterministic() throws {
    let pack = try Fixture(count: 300).write()
    let out = try Self.build(pack, cache: Support.tempDir("stay-cache"), lossy: false)
    let sheets = try Self.sheets(out)
    #expect(sheets.count >= 5 && sheets.count <= 25, "\(sheets.count) sheets")
    #expect(sheets.allSatisfy { $0.tags.count <= 64 })
    let again = Support.tempDir("stay-again")
    var o = BuildOptions(outputDirectory: again)
    o.cacheDirectory = again + ".cache"
    o.effort = .fast
    o.jobs = 1
    _ = try PackBuilder(options: o).build(paths: [pack])
    #expect(try FolderSnapshot.contents(again) == FolderSnapshot.contents(out))
  }
}

/// One random single edit of each kind (change, add, remove, move one) on the 300-entry pack, lossless and
/// lossy: one build of the pack before the edits, one after each.
@Suite(.tags(.stress), .stressOnly) struct PagesStayPutStressTests {
  @Test(arguments: [false, true]) func randomSingleEditsOfEveryKind(lossy: Bool) throws {
    var g = SplitMix(seed: lossy ? 57 : 56)
    let cache = Support.tempDir("stay-cache")
    let n = 300
    let fixture = PagesStayPutTests.Fixture(count: n)
    let old = try PagesStayPutTests.before(fixture, lossy: lossy, cache: cache)
    for round in 0..<4 {
      let i = Int(g.next() % UInt64(n))
      let j = Int(g.next() % UInt64(n - 1))
      let edits: [PagesStayPutTests.Edit] = [.change(i), .add, .remove(i), .reorder(i, j)]
      try PagesStayPutTests.check(fixture, edits[round % 4], lossy: lossy, cache: cache, old: old)
    }
  }
}
