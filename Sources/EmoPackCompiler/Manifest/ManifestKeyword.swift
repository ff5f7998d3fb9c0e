/// A search keyword as a manifest gives it.
public struct ManifestKeyword: Sendable, Equatable {
  /// Its BCP 47 locale, as the manifest's key names it.
  public var locale: String
  /// The keyword, with where it is.
  public var text: Located<String>

  /// Creates a keyword.
  public init(locale: String, text: Located<String>) {
    self.locale = locale
    self.text = text
  }
}
