/// Parses the emoji notations manifests use: hex codepoints (`1F468 200D 1F469`, `0x1f603`, `U+2764 U+FE0F`)
/// or the emoji characters themselves.
enum EmojiCodepoints {
  enum Failure: Equatable {
    case malformed(String)
    case surrogate(UInt32)
    case outOfRange(String)
    case empty
  }

  static func parse(_ text: String) -> Result<String, FailureBox> {
    let trimmed = text.trimmingSpaces
    if trimmed.isEmpty { return .failure(FailureBox(.empty)) }
    // All-ASCII text is codepoint notation; anything else is the emoji written as itself.
    guard trimmed.unicodeScalars.allSatisfy({ $0.isASCII }) else { return .success(trimmed) }
    var scalars = String.UnicodeScalarView()
    for rawToken in trimmed.split(whereSeparator: { " ,-_\t".contains($0) }) {
      var token = Substring(rawToken)
      if token.hasPrefix("0x") || token.hasPrefix("0X") || token.hasPrefix("U+") || token.hasPrefix("u+") {
        token = token.dropFirst(2)
      }
      guard !token.isEmpty, token.count <= 8, token.allSatisfy(\.isHexDigit), let value = UInt32(token, radix: 16)
      else {
        return .failure(FailureBox(.malformed(String(rawToken))))
      }
      if (0xD800...0xDFFF).contains(value) { return .failure(FailureBox(.surrogate(value))) }
      guard let scalar = Unicode.Scalar(value) else { return .failure(FailureBox(.outOfRange(String(rawToken)))) }
      scalars.append(scalar)
    }
    if scalars.isEmpty { return .failure(FailureBox(.empty)) }
    return .success(String(scalars))
  }

  /// The message for a parse failure.
  static func message(_ f: Failure, text: String) -> String {
    switch f {
    case .malformed(let token): return "emoji '\(text)': '\(token)' is not a hexadecimal codepoint"
    case .surrogate(let v): return "emoji '\(text)': U+\(String(format4: v)) is a surrogate, not a character"
    case .outOfRange(let token): return "emoji '\(text)': \(token) is beyond U+10FFFF"
    case .empty: return "emoji is empty"
    }
  }

  /// Hex notation of a string's scalars, such as `1F468 200D 1F469`.
  static func hex(_ s: String) -> String {
    s.unicodeScalars.map { String(format4: $0.value) }.joined(separator: " ")
  }

  /// The key under which two emoji are "the same": scalars without variation selectors 15/16.
  static func identity(_ s: String) -> String {
    String(String.UnicodeScalarView(s.unicodeScalars.filter { $0.value != 0xFE0F && $0.value != 0xFE0E }))
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and newlines.
  var trimmingSpaces: String {
    var s = Substring(self)
    while let c = s.first, c.isWhitespace { s.removeFirst() }
    while let c = s.last, c.isWhitespace { s.removeLast() }
    return String(s)
  }
}
