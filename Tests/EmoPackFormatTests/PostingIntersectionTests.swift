import EmoPackFormat
import TestSupport
import Testing

/// `PackFileReader.nextCommonPosting` (the search's `contains` candidates) against plain set intersection.
@Suite struct PostingIntersectionTests {
  /// A pack of keywords over a four-letter alphabet, so that pairs are shared by many keywords and their runs
  /// overlap in every way.
  static func pack(_ g: inout SplitMix) throws -> PackFileReader {
    let entries = (0..<600).map { i -> PackEntry in
      let keywords = (0..<(1 + Int(g.next() % 2))).map { _ in
        PackKeyword(
          text: String((0..<(2 + Int(g.next() % 6))).map { _ in Array("abcd")[Int(g.next() % 4)] }), locale: "en",
          source: .manifest)
      }
      return PackEntry(kind: .emoji, tags: ["[k\(i)]"], emoji: nil, image: nil, keywords: keywords)
    }
    return try PackFileReader(
      bytes: try PackWriter.write(
        PackContents(
          id: "p", version: "1", names: [], pointSize: 32, scales: [1], sheets: [], images: [], entries: entries)))
  }

  @Test func commonRowsAreTheIntersectionInTheFirstRunsOrder() throws {
    var g = SplitMix(seed: 7)
    let reader = try Self.pack(&g)
    var nonEmpty = 0
    for _ in 0..<400 {
      let query = (0..<(2 + Int(g.next() % 4))).map { _ in UInt32(Array("abcd".unicodeScalars)[Int(g.next() % 4)].value)
      }
      var runs: [Range<Int>] = []
      for k in 0..<(query.count - 1) {
        let r = reader.gramPostings(first: query[k], second: query[k + 1])
        if !runs.contains(r) { runs.append(r) }
      }
      // Any order of the runs: the first is walked, the others are sought in.
      runs.shuffle(using: &g)
      var cursors = runs.map(\.lowerBound)
      var walked: [Int] = []
      while let row = reader.nextCommonPosting(runs, cursors: &cursors) { walked.append(row) }
      // The reference: every row of the first run, in order, that each other run lists.
      let sets = runs.map { run in Set(run.compactMap { reader.posting(at: $0) }) }
      let expected = runs[0].compactMap { reader.posting(at: $0) }.filter { row in sets.allSatisfy { $0.contains(row) }
      }
      #expect(walked == expected, "query \(query), runs \(runs)")
      // Once done, it stays done.
      #expect(reader.nextCommonPosting(runs, cursors: &cursors) == nil)
      if !expected.isEmpty { nonEmpty += 1 }
    }
    // The queries exercise both outcomes.
    #expect(nonEmpty > 50 && nonEmpty < 400)
  }

  @Test func oneRunGivesEachOfItsRows() throws {
    var g = SplitMix(seed: 8)
    let reader = try Self.pack(&g)
    let runs = reader.gramPostingRuns(first: 0x61)
    #expect(runs.count > 1)
    // The grams' runs are consecutive in KPST.
    #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    let run = (runs.first?.lowerBound ?? 0)..<(runs.last?.upperBound ?? 0)
    var cursors = [run.lowerBound]
    var walked: [Int] = []
    while let row = reader.nextCommonPosting([run], cursors: &cursors) { walked.append(row) }
    #expect(walked == run.compactMap { reader.posting(at: $0) })
    #expect(!walked.isEmpty)
  }

  @Test func badRunsAndCursorsGiveNothingAndDoNotTrap() throws {
    var g = SplitMix(seed: 9)
    let reader = try Self.pack(&g)
    var none: [Int] = []
    #expect(reader.nextCommonPosting([], cursors: &none) == nil)
    var one = [0]
    #expect(reader.nextCommonPosting([0..<1, 0..<1], cursors: &one) == nil)
    // Ranges past KPST and cursors before or past their runs are clamped.
    var far = [Int.max - 1, -5]
    #expect(reader.nextCommonPosting([(Int.max - 2)..<(Int.max - 1), 0..<3], cursors: &far) == nil)
    var pastTheEnd = [0, Int.max - 1]
    #expect(reader.nextCommonPosting([0..<3, 0..<3], cursors: &pastTheEnd) == nil)
    var before = [-10]
    let run = reader.gramPostings(first: 0x62, second: 0x61)
    #expect(reader.nextCommonPosting([run], cursors: &before) == reader.posting(at: run.lowerBound))
  }
}
