import EmoPack

/// What `emopack search` prints: the runtime's ranked results for one query, as a table or JSON.
package struct SearchListing: Sendable, Codable, Equatable {
  /// One result.
  package struct Row: Sendable, Codable, Equatable {
    /// `exact`, `prefix` or `contains`.
    package var match: String
    /// The pack's id and the entry's index in it.
    package var pack: String
    package var entry: Int
    /// What choosing the result inserts (its primary tag, first code, or emoji).
    package var inserts: String
    /// The key or keyword that matched, as written, and its locale (nil for keys).
    package var keyword: String
    package var locale: String?
  }

  /// The query as given, and folded as search compares it.
  package var query: String
  package var folded: String
  /// The locales keywords were limited to (empty: all).
  package var locales: [String]
  package var results: [Row]
  /// True when more results follow the last one listed.
  package var more: Bool

  /// The first `limit` results of `catalog.search(query, locales:)`.
  package init(catalog: Catalog, query: String, locales: [String], limit: Int) {
    self.query = query
    self.locales = locales
    let search = catalog.search(query, locales: locales)
    folded = search.comparedQuery
    let found = search.first(max(limit, 0) + 1)
    more = found.count > limit
    results = found.prefix(max(limit, 0)).map { r in
      let emoticon = try? catalog.emoticon(r.ref)
      return Row(
        match: Self.name(r.match), pack: catalog.readers[r.ref.pack].id, entry: r.ref.entry,
        inserts: emoticon?.insertionText ?? "", keyword: r.keyword, locale: r.locale)
    }
  }

  static func name(_ m: SearchResult.Match) -> String {
    switch m {
    case .exactKey: "exact"
    case .prefix: "prefix"
    case .contains: "contains"
    }
  }

  /// The listing as text: a heading line, then one line per result (rank, match, pack and entry aligned; then
  /// what it inserts and what matched).
  package var text: String {
    let scope = locales.isEmpty ? "all locales" : locales.joined(separator: ",")
    var lines = [
      "\(results.count)\(more ? "+" : "") result(s) for \(query.debugDescription) (folded \(folded.debugDescription), \(scope))"
    ]
    let width = results.map { "\($0.pack) #\($0.entry)".count }.max() ?? 0
    for (n, r) in results.enumerated() {
      let rank = String(n + 1)
      let at = "\(r.pack) #\(r.entry)"
      var line = String(repeating: " ", count: max(0, 4 - rank.count)) + rank + "  " + r.match.padded(8)
      line += "  \(at.padded(width))  \(r.inserts)  matched \(r.keyword)"
      if let l = r.locale { line += " (\(l))" }
      lines.append(line)
    }
    if more { lines.append("… more follow (--limit N lists more)") }
    return lines.joined(separator: "\n")
  }
}

extension String {
  fileprivate func padded(_ n: Int) -> String { self + String(repeating: " ", count: max(0, n - count)) }
}
