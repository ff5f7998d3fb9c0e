import EmoPack
import EmoPackFormat

// libFuzzer harness: the .pack reader, every accessor, both lookups, search and verify() on arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPackReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let reader = try? PackFileReader(bytes: bytes) else { return 0 }
  _ = try? reader.localizedNames()
  _ = try? reader.sheets()
  for i in 0..<min(reader.entryCount, 64) { _ = try? reader.entry(at: i) }
  _ = reader.entryIndex(forTag: "[哈哈]")
  _ = reader.entryIndex(forEmoji: "❤️")
  _ = try? reader.contents()
  _ = try? reader.verify()
  // The tokenizer reads every tag and emoji of the pack into its own table: each must resolve as the
  // catalog resolves it, however malformed the pack.
  let catalog = Catalog(packs: [reader])
  let tokenizer = Tokenizer(catalog: catalog)
  for t in 0..<min(reader.tagCount, 64) {
    guard let tag = reader.withTag(at: t, { String(decoding: $0, as: UTF8.self) }) else { continue }
    let tokens = tokenizer.tokenize(tag)
    if let expected = catalog.lookup(tag: tag), isPlainTag(tag), tag.utf8.count <= tokenizer.maxTagBytes,
      !(tokens.count == 1 && tokens.kind(at: 0) == .emoticon(expected))
    {
      fatalError("tag \(tag.debugDescription) resolves in the catalog but not in the tokenizer")
    }
    for k in tokens.indices {
      if case .emoticon(let ref) = tokens.kind(at: k), catalog.lookup(tag: String(tokens[k].text)) != ref {
        fatalError("tag resolved differently")
      }
    }
  }
  _ = tokenizer.tokenize("[哈哈]❤️👍🏽[a] /::) :smile: abab")
  // Search reads KWRD, KGRM and KPST however they are broken: results name entries that exist, each once.
  for q in ["a", "ab", "哈", "哈哈", "smile", "[x]"] {
    let results = catalog.search(q).first(40)
    if Set(results.map(\.ref)).count != results.count { fatalError("search gave an entry twice") }
    for r in results where r.ref.entry >= reader.entryCount { fatalError("search named a missing entry") }
  }
  for i in 0..<min(reader.keywordCount, 64) {
    // A row's text alone is the text of the row read whole, whenever the whole row reads.
    let text = reader.keywordText(at: i)
    if let record = try? reader.keyword(at: i), record.text != text { fatalError("keywordText differs from keyword") }
  }
  // The postings walk on the pack's own pair runs, from cursors anywhere: each row it gives exists, it gives at
  // most one a row of its first run, and it never traps.
  let pairs = [reader.gramPostings(first: 0x61, second: 0x62), reader.gramPostings(first: 0x62, second: 0x61)]
  for start in [pairs.map(\.lowerBound), [Int.min, Int.max], [-1, pairs[1].upperBound + 1]] {
    var cursors = start
    var steps = 0
    while let row = reader.nextCommonPosting(pairs, cursors: &cursors) {
      if row < 0 || row >= reader.keywordCount { fatalError("walk named a missing keyword row") }
      steps += 1
      if steps > pairs[0].count { fatalError("walk gave more rows than its first run holds") }
    }
  }
  for i in 0..<min(reader.entryCount, 64) { _ = try? reader.keywordRows(ofEntry: i) }
  return 0
}

/// A tag the tokenizer can see whole: `[`, one or more bytes without brackets, `]`, valid UTF-8.
func isPlainTag(_ tag: String) -> Bool {
  let b = Array(tag.utf8)
  return b.count > 2 && b.first == UInt8(ascii: "[") && b.last == UInt8(ascii: "]")
    && !b.dropFirst().dropLast().contains { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }
}
