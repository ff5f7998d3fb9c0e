/// A small JSON parser that keeps the line and column of every value, so
/// diagnostics can point into the manifest like a compiler does.
struct JSONDocument {
  private let bytes: [UInt8]
  private let file: String
  private let maxDepth: Int
  private var i = 0
  private var line = 1
  private var lineStart = 0
  private var columns = ColumnCounter()

  static func parse(_ bytes: [UInt8], file: String, maxDepth: Int = 64) throws(ManifestError) -> ManifestNode {
    var parser = JSONDocument(bytes: bytes, file: file, maxDepth: maxDepth)
    // A UTF-8 byte order mark is tolerated.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      parser.i = 3
      parser.lineStart = 3
    }
    parser.skipSpace()
    let node = try parser.value(depth: 0)
    parser.skipSpace()
    if parser.i < bytes.count { throw parser.fail("unexpected text after the top-level value") }
    return node
  }

  private init(bytes: [UInt8], file: String, maxDepth: Int) {
    self.bytes = bytes
    self.file = file
    self.maxDepth = maxDepth
  }

  /// The 1-based column of `i` in code points, counted on from the last call so parsing stays linear.
  private mutating func column() -> Int {
    columns.column(of: i, lineStart: lineStart, in: bytes)
  }

  private mutating func fail(_ message: String) -> ManifestError {
    ManifestError(file: file, line: line, column: column(), message)
  }

  private mutating func skipSpace() {
    while i < bytes.count {
      switch bytes[i] {
      case 0x20, 0x09, 0x0D: i += 1
      case 0x0A:
        i += 1
        line += 1
        lineStart = i
      default: return
      }
    }
  }

  private mutating func value(depth: Int) throws(ManifestError) -> ManifestNode {
    guard depth <= maxDepth else { throw fail("nesting deeper than \(maxDepth) levels") }
    guard i < bytes.count else { throw fail("unexpected end of file, expected a value") }
    let startLine = line
    let startColumn = column()
    func node(_ v: ManifestNode.Value) -> ManifestNode { ManifestNode(v, line: startLine, column: startColumn) }
    switch bytes[i] {
    case UInt8(ascii: "{"):
      i += 1
      var members: [(key: String, node: ManifestNode)] = []
      skipSpace()
      if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
        i += 1
        return node(.object(members))
      }
      while true {
        skipSpace()
        guard i < bytes.count else { throw fail("unexpected end of file inside an object") }
        guard bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
        let key = try string()
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':' after key \"\(key)\"") }
        i += 1
        skipSpace()
        members.append((key, try value(depth: depth + 1)))
        skipSpace()
        guard i < bytes.count else { throw fail("unexpected end of file inside an object") }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
          continue
        }
        if bytes[i] == UInt8(ascii: "}") {
          i += 1
          return node(.object(members))
        }
        throw fail("expected ',' or '}' after a member")
      }
    case UInt8(ascii: "["):
      i += 1
      var items: [ManifestNode] = []
      skipSpace()
      if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
        i += 1
        return node(.array(items))
      }
      while true {
        skipSpace()
        items.append(try value(depth: depth + 1))
        skipSpace()
        guard i < bytes.count else { throw fail("unexpected end of file inside an array") }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
          continue
        }
        if bytes[i] == UInt8(ascii: "]") {
          i += 1
          return node(.array(items))
        }
        throw fail("expected ',' or ']' after an element")
      }
    case UInt8(ascii: "\""):
      return node(.string(try string()))
    case UInt8(ascii: "t"):
      try literal("true")
      return node(.bool(true))
    case UInt8(ascii: "f"):
      try literal("false")
      return node(.bool(false))
    case UInt8(ascii: "n"):
      try literal("null")
      return node(.null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return node(try number())
    default:
      throw fail("unexpected character '\(String(decoding: [bytes[i]], as: UTF8.self))', expected a value")
    }
  }

  private mutating func literal(_ word: String) throws(ManifestError) {
    let w = Array(word.utf8)
    guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else {
      throw fail("invalid literal, expected '\(word)'")
    }
    i += w.count
  }

  private mutating func number() throws(ManifestError) -> ManifestNode.Value {
    let start = i
    var isReal = false
    if bytes[i] == UInt8(ascii: "-") { i += 1 }
    guard i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) else {
      throw fail("invalid number")
    }
    if bytes[i] == UInt8(ascii: "0") {
      i += 1
    } else {
      while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      isReal = true
      i += 1
      let digits = i
      while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
      if i == digits { throw fail("invalid number: digits expected after '.'") }
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      isReal = true
      i += 1
      if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
      let digits = i
      while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
      if i == digits { throw fail("invalid number: digits expected in the exponent") }
    }
    let text = String(decoding: bytes[start..<i], as: UTF8.self)
    if !isReal, let v = Int(text) { return .integer(v) }
    guard let d = Double(text), d.isFinite else {
      i = start  // point at the number, not past it
      throw fail("number \(text) is out of range")
    }
    return .real(d)
  }

  private mutating func hex4() throws(ManifestError) -> UInt32 {
    guard i + 4 <= bytes.count else { throw fail("unexpected end of file in a \\u escape") }
    var v: UInt32 = 0
    for _ in 0..<4 {
      let c = bytes[i]
      let d: UInt32
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
      default: throw fail("invalid \\u escape: '\(String(decoding: [c], as: UTF8.self))' is not a hex digit")
      }
      v = v << 4 | d
      i += 1
    }
    return v
  }

  private mutating func string() throws(ManifestError) -> String {
    i += 1  // opening quote
    var out: [UInt8] = []
    var runStart = i
    while true {
      guard i < bytes.count else { throw fail("unterminated string") }
      let c = bytes[i]
      if c == UInt8(ascii: "\"") {
        out += bytes[runStart..<i]
        i += 1
        break
      }
      if c < 0x20 {
        if c == 0x0A { throw fail("unterminated string (line break inside a string)") }
        throw fail("control character U+\(String(format4: UInt32(c))) inside a string must be escaped")
      }
      if c != UInt8(ascii: "\\") {
        i += 1
        continue
      }
      out += bytes[runStart..<i]
      i += 1
      guard i < bytes.count else { throw fail("unterminated string") }
      let e = bytes[i]
      i += 1
      switch e {
      case UInt8(ascii: "\""): out.append(0x22)
      case UInt8(ascii: "\\"): out.append(0x5C)
      case UInt8(ascii: "/"): out.append(0x2F)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try hex4()
        if (0xD800...0xDBFF).contains(scalar) {
          guard i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
            throw fail("lone surrogate \\u\(String(format4: scalar)) in a string")
          }
          i += 2
          let low = try hex4()
          guard (0xDC00...0xDFFF).contains(low) else {
            throw fail("lone surrogate \\u\(String(format4: scalar)) in a string")
          }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
          throw fail("lone surrogate \\u\(String(format4: scalar)) in a string")
        }
        out += Array(String(Character(Unicode.Scalar(scalar)!)).utf8)
      default:
        throw fail("invalid escape '\\\(String(decoding: [e], as: UTF8.self))' in a string")
      }
      runStart = i
    }
    guard let s = String(validating: out, as: UTF8.self) else { throw fail("string is not valid UTF-8") }
    return s
  }
}

extension String {
  /// Four (or more) upper-case hex digits.
  init(format4 v: UInt32) {
    self = hex4Digits(v)
  }
}

private func hex4Digits(_ v: UInt32) -> String {
  let digits = String(v, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
