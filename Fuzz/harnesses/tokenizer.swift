import EmoPack
import EmoPackFormat

// libFuzzer harness: tokenizing (round trip, ranges, look-ups as the catalog's) and editing on arbitrary
// (valid UTF-8 repaired) text.
/// The catalog, with or without a literal code at ':' (`:smile:!`): shortcodes take the scan loop's own path
/// only without one.
let catalogs: [Catalog] = [true, false].map { literalAtColon in
  var contents = PackContents(
    id: "f", version: "1", names: [], pointSize: 8, scales: [1],
    sheets: [
      SheetRecord(
        fileName: "f.png", scale: 1, page: 0, width: 64, height: 64, byteSize: 1,
        sha256: [UInt8](repeating: 0, count: 32))
    ],
    images: [PackImage(placements: [SpritePlacement(sheet: 0, x: 0, y: 0, width: 8, height: 8)])],
    entries: [
      // Tags and a shortcode with other canonically equivalent spellings (decomposed, as jamo).
      PackEntry(kind: .image, tags: ["[哈哈]", "[a]", "[caf\u{E9}]", "[\u{C6C3}]"], emoji: "😀", image: 0),
      PackEntry(kind: .emoji, tags: [], emoji: "👨‍👩‍👧‍👦", image: nil),
      PackEntry(kind: .emoji, tags: [], emoji: "❤️", image: nil),
      PackEntry(kind: .emoji, tags: [], emoji: "🇨🇳", image: nil),
      PackEntry(kind: .emoji, tags: [], emoji: "1️⃣", image: nil),
      PackEntry(kind: .emoji, tags: [], emoji: "👍🏽", image: nil),
      // Codes with shared prefixes, chaining ones and shortcodes.
      PackEntry(kind: .emoji, tags: [], emoji: nil, image: nil, codes: ["/::)", "/::", ":smile:", ":a:", ":\u{E9}:"]),
      PackEntry(kind: .emoji, tags: [], emoji: nil, image: nil, codes: ["ab"]),
      PackEntry(kind: .emoji, tags: [], emoji: nil, image: nil, codes: ["ba", "x\u{301}"]),
      // Codes sharing their first four bytes (one group, longest first), a literal longer than a shortcode it
      // starts with, and one of more than 16 bytes.
      PackEntry(
        kind: .emoji, tags: [], emoji: nil, image: nil,
        codes: ["/微笑", "/微笑呀", "/::)!", ":smile:!", "/a-code-longer-than-16"]),
    ])
  if !literalAtColon { contents.entries[contents.entries.count - 1].codes.removeAll { $0.hasPrefix(":") } }
  guard let bytes = try? PackWriter.write(contents), let reader = try? PackFileReader(bytes: bytes) else {
    fatalError("the fuzzer's catalog does not build")
  }
  return Catalog(packs: [reader])
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenizer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let catalog = catalogs[size % 2]
  let tokenizer = Tokenizer(catalog: catalog)
  let tokens = tokenizer.tokenize(text)
  if Tokenizer.plainText(tokens) != text { fatalError("round trip broke") }
  // Ranges tile the message; each match resolves as the catalog resolves its text; the accessors agree.
  var utf16 = 0
  for k in tokens.indices {
    let t = tokens[k]
    if t.utf16Range.lowerBound != utf16 || t.text.utf16.count != t.utf16Range.count { fatalError("UTF-16 ranges") }
    utf16 = t.utf16Range.upperBound
    if tokens.kind(at: k) != t.kind || tokens.utf8Range(at: k) != t.utf8Range { fatalError("accessors") }
    switch t.kind {
    case .text: break
    case .emoticon(let ref): if catalog.lookup(tag: String(t.text)) != ref { fatalError("key resolved differently") }
    case .emoji(let ref): if catalog.lookup(emoji: String(t.text)) != ref { fatalError("emoji resolved differently") }
    }
  }
  if utf16 != text.utf16.count { fatalError("ranges do not cover the message") }
  // The input as a search query: folded and ranked over the catalog's keys; each result an entry, once.
  let found = catalog.search(text).first(40)
  if Set(found.map(\.ref)).count != found.count { fatalError("search gave an entry twice") }
  for r in found where r.ref.pack != 0 || r.ref.entry >= catalog.readers[0].entryCount { fatalError("search ref") }
  let cursor = size == 0 ? 0 : Int(data[0]) % (text.utf16.count + 1)
  let deleted = tokenizer.deleteBackward(in: text, at: cursor)
  if deleted.cursor < 0 || deleted.cursor > deleted.text.utf16.count { fatalError("cursor out of range") }
  if let e = try? catalog.emoticon(EmoticonRef(pack: 0, entry: size % 10)) {
    let inserted = tokenizer.insert(e, into: text, at: cursor)
    if inserted.text.utf8.count != text.utf8.count + e.insertionText.utf8.count { fatalError("insert lost text") }
  }
  // The editing model: edits driven by the input's bytes, in both texts; each change applied to the texts it
  // was made for gives the model's texts, and the model equals one built afresh.
  var model = EmoticonText(text, tokenizer: tokenizer, options: DisplayOptions(emojiAsImages: size % 2 == 0))
  var source = text
  var display = model.display
  if model.source != text || display.utf16.count != model.displayUTF16Count { fatalError("model texts") }
  for k in 0..<min(8, size) {
    let space: TextSpace = data[k] & 1 == 0 ? .display : .source
    let length = space == .display ? model.displayUTF16Count : model.sourceUTF16Count
    let a = Int(data[k] >> 1) % (length + 1)
    let b = min(length, a + Int(data[k] & 6) / 2)
    let change: TextEditResult
    switch data[k] % 3 {
    case 0: change = model.deleteBackward(a..<b, in: space)
    case 1: change = model.replace(a..<b, in: space, with: String(text.prefix(Int(data[k]) % 5)))
    default:
      guard let e = try? catalog.emoticon(EmoticonRef(pack: 0, entry: k % 9)) else { continue }
      change = model.insert(e, replacing: a..<b, in: space)
    }
    source = change.source.applied(to: source)
    display = change.display.applied(to: display)
    if source != model.source || display != model.display { fatalError("a change does not give the model's text") }
    _ = model.sourceOffset(forDisplayOffset: a)
    _ = model.displayOffset(forSourceOffset: a)
  }
  let fresh = EmoticonText(source, tokenizer: tokenizer, options: DisplayOptions(emojiAsImages: size % 2 == 0))
  if fresh.displayRuns != model.displayRuns { fatalError("edited model differs from a fresh one") }
  return 0
}
