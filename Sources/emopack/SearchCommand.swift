import EmoPack
import EmoPackCompiler
import EmoPackFormat
import EmoPackPreview

/// `emopack search`.
enum SearchCommand {
  static let command = Command(
    name: "search", summary: "Search packs' tags, codes and keywords as the keyboard's search does",
    usage: ["[options] PACK.pack... QUERY"],
    about: """
      Lists the results ranked: a tag's text, a code or an emoji exactly, then a tag, code or keyword starting with
      the query, then one containing it; each entry once, packs in the order given. Case-, width- and (for Latin)
      accent-insensitive; a query's surrounding [ ] or : are ignored. Each line gives the rank, how it matched,
      the pack and entry, what choosing it inserts, and the key or keyword that matched with its locale. A query
      starting with '-' goes after '--'.
      """,
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: [
          CommandOption(
            ["--locales"], "LIST",
            "Keywords of these locales only, comma-separated (zh takes zh-Hans and zh-Hant, en-GB takes en; keys are always searched; default: every locale)"
          ),
          CommandOption(["--limit"], "N", "At most N results (default 23, a keyboard page)"),
          CommandOption(["--json"], "The same as one JSON object"),
        ])
    ],
    footer: """
      EXIT STATUS
        0 (also when nothing matches), 1 when a file is not a sound .pack (the diagnostic gives the byte offset), 2 on
        usage errors, 3 when a file cannot be read.
      """,
    run: run)

  static func run(_ args: [String]) -> Int32 {
    let json = args.contains("--json")
    let parsed: Arguments
    let limit: Int
    let locales: [String]
    do {
      parsed = try Arguments(args, valued: command.valued, flags: command.switches)
      if parsed.flag("-h", "--help") {
        Terminal.out(command.help)
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
      return Report.usageFailure(command, "\(error)", json: json)
    }
    var readers: [PackFileReader] = []
    var diagnostics: [Diagnostic] = []
    for path in parsed.positionals.dropLast() {
      do throws(PackError) {
        readers.append(try PackFileReader(contentsOf: path))
      } catch {
        diagnostics.append(error.diagnostic(file: path))
      }
    }
    guard diagnostics.isEmpty, let query = parsed.positionals.last else {
      return Report.finish(command.name, json: json, diagnostics: diagnostics)
    }
    let listing = SearchListing(catalog: Catalog(packs: readers), query: query, locales: locales, limit: limit)
    if json {
      Report.emit(command.name, json: true, diagnostics: [], payload: listing)
    } else {
      Terminal.out(listing.text)
    }
    return 0
  }
}
