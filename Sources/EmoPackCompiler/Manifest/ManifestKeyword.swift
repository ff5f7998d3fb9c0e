/// A search keyword as a manifest gives it.
package struct ManifestKeyword: Sendable, Equatable {
  /// Its BCP 47 locale, as the manifest's key names it.
  package var locale: String
  /// The keyword, with where it is.
  package var text: Located<String>

  /// Creates a keyword.
  package init(locale: String, text: Located<String>) {
    self.locale = locale
    self.text = text
  }
}
