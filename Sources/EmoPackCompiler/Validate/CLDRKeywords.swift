import EmoPackFormat
import Foundation

/// Emoji names and keywords from CLDR's annotations (Debian's `unicode-cldr-core`), read at build time for the
/// locales a build asks for and added to the entries that have an emoji.
///
/// For each locale, `annotations/<file>.xml` and `annotationsDerived/<file>.xml` (skin tones, families, flags)
/// are read; an `<annotation cp="…">a | b</annotation>` line gives keywords, one with `type="tts"` the short
/// name. CLDR keys emoji without U+FE0F, so entries are matched with it removed.
package struct CLDRKeywords {
  /// Debian's location of CLDR's `common` folder, unless `$EMOPACK_CLDR_DIR` names another.
  static var defaultFolder: String {
    ProcessInfo.processInfo.environment["EMOPACK_CLDR_DIR"] ?? "/usr/share/unicode/cldr/common"
  }

  /// One emoji's annotations in one locale.
  package struct Annotation: Equatable, Sendable {
    /// CLDR's short name (`type="tts"`).
    package var name: String?
    /// Its keywords, in CLDR's order.
    package var keywords: [String] = []
  }

  let folder: String
  /// Loaded locales (nil: it failed, already reported).
  private var loaded: [String: [String: Annotation]?] = [:]

  init(folder: String) { self.folder = folder }

  /// The CLDR file name and the locale stored in the pack for a requested locale: `zh` (and `zh-Hans`) is
  /// CLDR's `zh`, stored as `zh-Hans`; others map `-` to `_` (`zh-Hant` → `zh_Hant`).
  static func resolve(_ locale: String) -> (file: String, stored: String) {
    switch locale {
    case "zh", "zh-Hans", "zh_Hans": return ("zh", "zh-Hans")
    default: return (locale.replacingOccurrences(of: "-", with: "_"), locale.replacingOccurrences(of: "_", with: "-"))
    }
  }

  /// Adds CLDR names and keywords for `locales` to every entry of `pack` with an emoji; an emoji CLDR does not
  /// know gets a note.
  mutating func annotate(_ pack: inout ValidatedPack, locales: [String], diagnostics d: inout Diagnostics) {
    var tables: [(stored: String, table: [String: Annotation])] = []
    for locale in locales {
      let (file, stored) = Self.resolve(locale)
      if loaded[file] == nil { loaded[file] = load(file, requested: locale, diagnostics: &d) }
      if let table = loaded[file] ?? nil { tables.append((stored, table)) }
    }
    guard !tables.isEmpty else { return }
    for i in pack.entries.indices {
      guard let emoji = pack.entries[i].emoji else { continue }
      let key = Self.key(emoji)
      var found = false
      for (stored, table) in tables {
        guard let a = table[key] else { continue }
        found = true
        if let name = a.name {
          pack.entries[i].keywords.append(PackKeyword(text: name, locale: stored, source: .cldrName))
        }
        for k in a.keywords where k != a.name {
          pack.entries[i].keywords.append(PackKeyword(text: k, locale: stored, source: .cldrKeyword))
        }
      }
      if !found {
        let hex = emoji.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
        // Validated entries follow the manifest's one for one: the note points at the entry's emoji.
        let written = pack.manifest.entries.indices.contains(i) ? pack.manifest.entries[i] : nil
        d.note(
          .cldrUnknownEmoji,
          "CLDR in \(folder) has no name or keywords for \(emoji) (\(hex)) in \(locales.joined(separator: ", ")): it gets none",
          at: written?.emoji?.location ?? written?.location ?? pack.manifest.location)
      }
    }
  }

  /// One locale's annotations by emoji (without variation selectors), loaded once; nil (with an error) when
  /// CLDR has no such locale.
  package mutating func table(_ locale: String, diagnostics d: inout Diagnostics) -> [String: Annotation]? {
    let (file, _) = Self.resolve(locale)
    if loaded[file] == nil { loaded[file] = load(file, requested: locale, diagnostics: &d) }
    return loaded[file] ?? nil
  }

  /// The emoji as CLDR keys it: without variation selectors (CLDR writes none), as emoji are compared elsewhere.
  static func key(_ emoji: String) -> String { EmojiCodepoints.identity(emoji) }

  /// Reads one locale's two files; nil (with an error) when the main file is missing or malformed.
  private func load(_ file: String, requested: String, diagnostics d: inout Diagnostics) -> [String: Annotation]? {
    let main = (folder as NSString).appendingPathComponent("annotations/\(file).xml")
    guard let bytes = try? FileSystem.read(main) else {
      let known =
        (try? FileManager.default.contentsOfDirectory(
          atPath: (folder as NSString).appendingPathComponent("annotations"))) ?? []
      let hint =
        known.isEmpty
        ? "install Debian's unicode-cldr-core (build-tools/setup.sh), or point --cldr or EMOPACK_CLDR_DIR at CLDR's common folder"
        : "\(known.count) locales there, such as \(known.filter { $0.hasSuffix(".xml") }.sorted().prefix(5).map { String($0.dropLast(4)) }.joined(separator: ", "))"
      d.append(
        Diagnostic(.error, .cldrLocale, file: main, "no CLDR annotations for keyword locale '\(requested)': \(hint)"))
      return nil
    }
    var table: [String: Annotation] = [:]
    guard Self.parse(bytes, file: main, into: &table, diagnostics: &d) else { return nil }
    let derived = (folder as NSString).appendingPathComponent("annotationsDerived/\(file).xml")
    if let more = try? FileSystem.read(derived) {
      guard Self.parse(more, file: derived, into: &table, diagnostics: &d) else { return nil }
    }
    return table
  }

  /// Parses the `<annotation>` lines of one file's bytes into `table`, keyed by emoji without U+FE0F (an
  /// earlier file's entries are kept); false, with an error naming `file` and the line, when it is malformed.
  package static func parse(
    _ bytes: [UInt8], file: String, into table: inout [String: Annotation], diagnostics d: inout Diagnostics
  ) -> Bool {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      d.append(Diagnostic(.error, .cldrMalformed, file: file, "CLDR annotations are not UTF-8"))
      return false
    }
    var fresh: [String: Annotation] = [:]
    for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard let open = line.range(of: "<annotation cp=\"") else { continue }
      let rest = line[open.upperBound...]
      guard let quote = rest.firstIndex(of: "\""), let gt = rest[quote...].firstIndex(of: ">"),
        let close = rest[gt...].range(of: "</annotation>")
      else {
        d.append(
          Diagnostic(
            .error, .cldrMalformed, file: file, line: n + 1,
            "annotation line is not '<annotation cp=\"…\">…</annotation>'"))
        return false
      }
      let cp = key(unescape(String(rest[..<quote])))
      let attributes = rest[quote..<gt]
      let value = unescape(String(rest[rest.index(after: gt)..<close.lowerBound])).trimmingCharacters(in: .whitespaces)
      // "↑↑↑" marks a value inherited from the parent locale: nothing of its own.
      guard !value.isEmpty, value != "↑↑↑" else { continue }
      var a = fresh[cp] ?? Annotation()
      if attributes.contains("type=\"tts\"") {
        a.name = value
      } else {
        a.keywords = value.components(separatedBy: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
          !$0.isEmpty
        }
      }
      // A value of separators only ("|") says nothing: nothing is kept for it.
      if a.name != nil || !a.keywords.isEmpty { fresh[cp] = a }
    }
    table.merge(fresh) { old, _ in old }
    return true
  }

  /// XML's five named entities and numeric references.
  static func unescape(_ s: String) -> String {
    guard s.contains("&") else { return s }
    var out = ""
    var i = s.startIndex
    while i < s.endIndex {
      if s[i] == "&", let semi = s[i...].firstIndex(of: ";") {
        let name = s[s.index(after: i)..<semi]
        var replacement: String?
        switch name {
        case "amp": replacement = "&"
        case "lt": replacement = "<"
        case "gt": replacement = ">"
        case "quot": replacement = "\""
        case "apos": replacement = "'"
        default:
          if name.hasPrefix("#x"), let v = UInt32(name.dropFirst(2), radix: 16), let u = Unicode.Scalar(v) {
            replacement = String(u)
          } else if name.hasPrefix("#"), let v = UInt32(name.dropFirst()), let u = Unicode.Scalar(v) {
            replacement = String(u)
          }
        }
        if let replacement {
          out += replacement
          i = s.index(after: semi)
          continue
        }
      }
      out.append(s[i])
      i = s.index(after: i)
    }
    return out
  }
}
