import EmoPack
import EmoPackFormat
import Foundation

/// `emopack-bench --tokenize-only ROUNDS`: the tokenizer alone on the run's dense and messages corpora (2 MB
/// each, 1,000 tags), ROUNDS timings each, medians in MB/s; for interleaved A/B runs between two commits.
func tokenizeOnly(rounds: Int) throws {
  let count = 1000
  let tags = try PackFileReader(
    bytes: try PackWriter.write(
      PackContents(
        id: "bench", version: "1", names: [], pointSize: 32, scales: [1], sheets: [],
        images: [], entries: (0..<count).map { PackEntry(kind: .emoji, tags: ["[表情\($0)]"], emoji: nil, image: nil) })))
  let emoji = try PackFileReader(
    bytes: try PackWriter.write(
      PackContents(
        id: "emoji", version: "1", names: [], pointSize: 32, scales: [1], sheets: [],
        images: [],
        entries: ["😀", "😂", "👍🏽", "👨‍👩‍👧‍👦", "❤️", "🇨🇳", "🙏", "🔥"].map {
          PackEntry(kind: .emoji, tags: [], emoji: $0, image: nil)
        })))
  let tokenizer = Tokenizer(catalog: Catalog(packs: [tags, emoji]))
  let (dense, messages, _) = chatCorpora(tags: count, bytes: 2_000_000)
  for (label, corpus) in [("dense", dense), ("messages", messages)] {
    let mb = Double(corpus.utf8.count) / 1_048_576
    var tokens = 0
    let rates = (0..<rounds).map { _ -> Double in
      let t = now()
      tokens = tokenizer.tokenize(corpus).count
      return mb / (now() - t)
    }
    print(
      "tokenize \(label): \(String(format: "%.1f", rates.sorted()[rounds / 2])) MB/s median of \(rounds), \(tokens) tokens, \(Tokenizer.scanKernel)"
    )
  }
}

/// The run's chat corpora (seed 99), each at least `bytes` long, over tags `[表情0]` … `[表情<tags - 1>]`.
///
/// Dense: a run every 13 bytes on average (60% words, 16% tags, 14% emoji, 10% line breaks). Messages: lines of
/// 2–30 words; 30% carry a known tag, 5% an unknown one, 20% an emoji. Tagged: `今天[表情N]` over and over.
func chatCorpora(tags count: Int, bytes: Int) -> (dense: String, messages: String, tagged: String) {
  var g = ArtGenerator(seed: 99)
  let words = ["今天", "天气", "不错", "我们", "一起", "吃饭", "吧", "哈哈", "好的", "ok", "see you", "lol", "明天见", "，", "。", "！", " "]
  let emojiChoices = ["😀", "😂", "👍🏽", "👨‍👩‍👧‍👦", "❤️", "❤", "🇨🇳", "🙏", "🔥", "👍🏿"]
  var dense = ""
  while dense.utf8.count < bytes {
    switch g.next() % 100 {
    case 0..<60: dense += words[Int(g.next() % UInt64(words.count))]
    case 60..<72: dense += "[表情\(g.next() % UInt64(count))]"
    case 72..<76: dense += "[不存在\(g.next() % 50)]"
    case 76..<90: dense += emojiChoices[Int(g.next() % 10)]
    default: dense += "\n"
    }
  }
  var messages = ""
  while messages.utf8.count < bytes {
    var line = ""
    for _ in 0..<(2 + Int(g.next() % 29)) { line += words[Int(g.next() % UInt64(words.count))] }
    if g.next() % 100 < 30 { line += "[表情\(g.next() % UInt64(count))]" }
    if g.next() % 100 < 5 { line += "[不存在\(g.next() % 50)]" }
    if g.next() % 100 < 20 { line += emojiChoices[Int(g.next() % 10)] }
    messages += line + "\n"
  }
  var tagged = ""
  while tagged.utf8.count < bytes { tagged += "今天[表情\(g.next() % UInt64(count))]" }
  return (dense, messages, tagged)
}

/// N delete-and-insert pairs at the end of a 60-character message (for a profiler).
func editsOnly(_ n: Int) throws {
  let pack = try PackFileReader(
    bytes: try PackWriter.write(
      PackContents(
        id: "p", version: "1", names: [], pointSize: 32, scales: [1], sheets: [],
        images: [], entries: (0..<1000).map { PackEntry(kind: .emoji, tags: ["[表情\($0)]"], emoji: nil, image: nil) })))
  let catalog = Catalog(packs: [pack])
  var model = EmoticonText(
    "今天[表情1]天气不错👍🏽我们一起吃饭吧[表情2]哈哈😂see you明天见👨‍👩‍👧‍👦", tokenizer: Tokenizer(catalog: catalog))
  let emoticon = try catalog.emoticon(EmoticonRef(pack: 0, entry: 3))
  for _ in 0..<n {
    model.insert(emoticon, replacing: model.sourceUTF16Count..<model.sourceUTF16Count, in: .source)
    model.deleteBackward(at: model.sourceUTF16Count, in: .source)
  }
  print(model.source.utf8.count)
}
