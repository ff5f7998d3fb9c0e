import EmoPackFormat
import Foundation
import Testing

/// Every index-taking reader call at indexes outside its table, on the golden pack with codes and keywords: an
/// error or nil, never a trap, and in-range indexes still answer.
@Suite struct ReaderBoundsTests {
  @Test func indexesOutsideEveryTable() throws {
    let reader = try PackFileReader(bytes: try Samples.golden("tiny.pack"))
    let outside = [Int.min, Int.min + 1, -1, Int.max - 1, Int.max]
    for i in outside + [reader.entryCount, reader.tagCount, reader.localeCount, reader.keywordCount] {
      let inEntries = i >= 0 && i < reader.entryCount
      #expect((try? reader.entry(at: i)) != nil || !inEntries)
      _ = try? reader.sheet(at: i)
      _ = try? reader.keyForm(at: i)
      _ = try? reader.animationIndex(ofEntry: i)
      _ = try? reader.animationRecord(at: i)
      _ = try? reader.frameRecord(at: i)
      _ = try? reader.animation(at: i)
      _ = try? reader.imageIndex(ofEntry: i)
      _ = try? reader.image(at: i)
      for s in outside + [0] { _ = try? reader.placement(ofImage: i, scaleIndex: s) }
      _ = reader.withPrimaryTag(ofEntry: i) { $0.count }
      _ = reader.withTag(at: i) { $0.count }
      _ = reader.entryHasImage(at: i)
      _ = reader.withEmoji(ofEntry: i) { $0.count }
      _ = try? reader.locale(at: i)
      #expect(i >= 0 && i < reader.keywordCount || reader.keywordText(at: i) == nil)
      _ = try? reader.keyword(at: i)
      _ = reader.withFoldedKeyword(at: i) { $0.count }
      _ = reader.keywordTarget(at: i)
      _ = try? reader.keywordRows(ofEntry: i)
      _ = reader.posting(at: i)
    }
    for i in outside {
      #expect((try? reader.entry(at: i)) == nil && (try? reader.image(at: i)) == nil)
      #expect(reader.withTag(at: i) { $0.count } == nil && reader.keywordTarget(at: i) == nil)
      #expect(reader.posting(at: i) == nil && (try? reader.locale(at: i)) == nil)
    }
    // Runs and cursors beyond the postings are cut to them (a run that is not one pair's is out of contract, so
    // its rows are not an intersection): whatever comes back is a keyword row, and the walk ends.
    for start in [[Int.min, Int.min], [Int.min, Int.max], [Int.max, -1]] {
      var cursors = start
      var steps = 0
      var ended = false
      while steps < 10_000 {
        guard let row = reader.nextCommonPosting([Int.min..<Int.max, -5..<Int.max], cursors: &cursors) else {
          ended = true
          break
        }
        #expect(row >= 0 && row < reader.keywordCount)
        steps += 1
      }
      #expect(ended)
    }
    for (a, b) in [(UInt32.max, UInt32.max), (0, 0), (0x10FFFF, 0x110000)] {
      _ = reader.gramPostings(first: a, second: b)
      _ = reader.gramPostingRuns(first: a)
    }
    #expect(try reader.entry(at: 0).tags.count >= 1)
  }
}
