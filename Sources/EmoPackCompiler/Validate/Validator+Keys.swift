import EmoPackFormat

// Keys: tags, codes and keywords, each checked on its own (their clashes are `PackValidation`'s).
extension Validator {
  func checkTag(_ tag: Located<String>, diagnostics d: inout Diagnostics) -> Bool {
    let t = tag.value
    if t.utf8.count > manifestLimits.maxTagBytes {
      d.error(
        .tagTooLong, "tag is \(t.utf8.count) bytes, over the limit of \(manifestLimits.maxTagBytes)", at: tag.location)
      return false
    }
    if t.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      d.error(
        .tagControl, "tag '\(t.debugDescription.dropFirst().dropLast())' contains a control character", at: tag.location
      )
      return false
    }
    if t != t.trimmingSpaces {
      d.error(.tagWhitespace, "tag '\(t)' has whitespace at its ends", at: tag.location)
      return false
    }
    guard t.hasPrefix("["), t.hasSuffix("]"), t.count >= 2 else {
      d.error(.tagForm, "tag '\(t)' must be one '[' … ']' (like '[哈哈]')", at: tag.location)
      return false
    }
    let inner = String(t.dropFirst().dropLast())
    if inner.isEmpty {
      d.error(.tagEmpty, "tag '\(t)' has no text between its brackets", at: tag.location)
      return false
    }
    if inner.contains("[") || inner.contains("]") {
      d.error(.tagInnerBracket, "tag '\(t)' must be one '[' … ']' with no brackets inside", at: tag.location)
      return false
    }
    if inner != inner.trimmingSpaces {
      d.error(.tagInnerWhitespace, "tag '\(t)' has whitespace at the ends of its text", at: tag.location)
      return false
    }
    let nfc = CanonicalComposition.nfc(t)
    if !Array(t.utf8).elementsEqual(nfc.utf8) {
      d.error(.tagNotNfc, "tag '\(t)' is not in Unicode NFC (write it as '\(nfc)')", at: tag.location)
      return false
    }
    return true
  }

  /// The longest code, in UTF-8 bytes (the runtime's scan looks this far for one).
  static let maxCodeBytes = 64

  /// Codes are any text on one line that a scan can find whole: not empty, no control character, not a tag's
  /// '[', at most 64 bytes, NFC, and starting and ending where a `Character` does whatever is around it.
  func checkCode(_ code: Located<String>, diagnostics d: inout Diagnostics) -> Bool {
    let c = code.value
    if c.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
      d.error(.codeEmpty, "code '\(c)' is empty or whitespace only", at: code.location)
      return false
    }
    func reject(_ why: String) -> Bool {
      d.error(.codeForm, "code '\(c.debugDescription.dropFirst().dropLast())' \(why)", at: code.location)
      return false
    }
    if c.unicodeScalars.contains(where: {
      $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
    }) {
      return reject("contains a line break or control character")
    }
    if c.utf8.count > Self.maxCodeBytes {
      return reject("is \(c.utf8.count) bytes, over the limit of \(Self.maxCodeBytes)")
    }
    if c.hasPrefix("[") { return reject("starts with '[', which opens a bracket tag (list it in 'tags')") }
    let nfc = CanonicalComposition.nfc(c)
    if !Array(c.utf8).elementsEqual(nfc.utf8) { return reject("is not in Unicode NFC (write it as '\(nfc)')") }
    // A mark at its start would join the text before it; a prepend mark or joiner at its end, the text after.
    if ("a" + c).count != c.count + 1 { return reject("starts with a mark that joins the character before it") }
    if (c + "a").count != c.count + 1 || (c + "\u{1F600}").count != c.count + 1 {
      return reject("ends with a mark that joins the character after it")
    }
    // `:bad name:` reads as a shortcode but is not one: say how it will be matched.
    if c.unicodeScalars.count >= 3, c.hasPrefix(":"), c.hasSuffix(":"), PackKey.Form(code: c) == .code {
      d.note(
        .codeLiteralColons,
        "code '\(c)' has whitespace or ':' between its colons: it is a literal code, matched exactly as written, not a shortcode (':name:' has neither)",
        at: code.location)
    }
    // Letters alone (下面, "below") are words: any message that says them would show the emoticon.
    if c.allSatisfy({ !$0.isPunctuation && !$0.isSymbol && !$0.isWhitespace }) {
      d.warning(
        .codeLettersOnly,
        "code '\(c)' is only letters, with no punctuation or symbol such as '/', ':' or '[' to set it off: every message that says '\(c)' will show this emoticon",
        at: code.location)
    }
    return true
  }

  /// A note for each code that is a proper prefix of another (with one example): where both fit, the longer wins.
  static func notePrefixCodes(_ codes: [Located<String>], diagnostics d: inout Diagnostics) {
    let sorted = codes.sorted { Array($0.value.utf8).lexicographicallyPrecedes(Array($1.value.utf8)) }
    for (a, b) in zip(sorted, sorted.dropFirst()) where b.value.utf8.starts(with: a.value.utf8) && a.value != b.value {
      d.note(
        .codePrefix,
        "code '\(a.value)' is a prefix of '\(b.value)': in '\(b.value)' the longer code is matched, '\(a.value)' only where '\(b.value)' does not fit",
        at: a.location)
    }
  }

  /// The manifest's keywords, checked: locales as BCP 47 tags, texts not empty, without controls, at most 256 bytes.
  func checkKeywords(_ keywords: [ManifestKeyword], diagnostics d: inout Diagnostics) -> [PackKeyword] {
    var out: [PackKeyword] = []
    var badLocales = Set<String>()
    for k in keywords {
      let locale = k.locale
      if !PackSettings.isLocale(locale) {
        if badLocales.insert(locale).inserted {
          d.error(
            .keywordLocale, "keyword locale '\(locale)' is not a BCP 47 tag (like 'zh-Hans' or 'en')",
            at: k.text.location)
        }
        continue
      }
      let t = k.text.value.trimmingSpaces
      if t.isEmpty || t.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        || t.utf8.count > 256
      {
        d.error(
          .keywordInvalid,
          "keyword '\(k.text.value.debugDescription.dropFirst().dropLast())' is empty, has a control character or is over 256 bytes",
          at: k.text.location)
        continue
      }
      out.append(PackKeyword(text: t, locale: locale, source: .manifest))
    }
    return out
  }
}
