import EmoPack
import EmoPackFormat
import EmoPackPreview

/// `emopack search`.
enum SearchCommand {
  static func run(_ args: [String]) -> Int32 {
    let parsed: Arguments
    let limit: Int
    let locales: [String]
    do {
      parsed = try Arguments(args, valued: ["--locales", "--limit"], flags: ["--json", "-h", "--help"])
      if parsed.flag("-h", "--help") {
        Terminal.out(Help.search)
        return 0
      }
      guard parsed.positionals.count >= 2 else {
        throw UsageError(message: "expected one or more .pack files and a query")
      }
      limit = try parsed.int("--limit", in: 1...1_000_000) ?? 23
      locales =
        parsed.value("--locales").map { $0.split(separator: ",", omittingEmptySubsequences: false).map { String($0) } }
        ?? []
      if locales.contains(where: { $0.isEmpty || $0.contains(" ") }) {
        throw UsageError(message: "--locales expects comma-separated locales such as zh,en")
      }
    } catch {
      Terminal.error(
        "emopack search: \(error)\nUsage: emopack search [--locales L] [--limit N] [--json] PACK.pack… QUERY")
      return 2
    }
    var readers: [PackFileReader] = []
    for path in parsed.positionals.dropLast() {
      do throws(PackError) {
        readers.append(try PackFileReader(contentsOf: path))
      } catch {
        Terminal.error("\(error.path ?? path): error: \(error.messageWithOffset)")
        return error.kind == .io ? 3 : 1
      }
    }
    let listing = SearchListing(
      catalog: Catalog(packs: readers), query: parsed.positionals.last!, locales: locales, limit: limit)
    Terminal.out(parsed.flag("--json") ? jsonText(listing) : listing.text)
    return 0
  }
}
