/// The XML form: `<plist><dict><key>…</key><string>…</string>…</dict></plist>`.
struct XMLPlistParser {
  let bytes: [UInt8]
  let file: String
  let maxDepth: Int
  var i = 0
  var line = 1
  var lineStart = 0
  var nodes = 0
  var columns = ColumnCounter()

  init(bytes: [UInt8], file: String, maxDepth: Int) {
    self.bytes = bytes
    self.file = file
    self.maxDepth = maxDepth
  }

  /// The column of `i`, counted on from the last call so parsing stays linear.
  mutating func currentColumn() -> Int {
    columns.column(of: i, lineStart: lineStart, in: bytes)
  }

  struct Tag {
    var name: String
    var closing: Bool
    var empty: Bool
    var line: Int
    var column: Int
  }

  func fail(_ message: String, line l: Int? = nil, column c: Int? = nil) -> ManifestError {
    ManifestError(file: file, line: l ?? line, column: c ?? column(at: i), message)
  }

  func column(at k: Int) -> Int {
    var c = 1
    var j = lineStart
    while j < k && j < bytes.count {
      if bytes[j] & 0xC0 != 0x80 { c += 1 }
      j += 1
    }
    return c
  }

  mutating func advance() {
    if bytes[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    i += 1
  }

  mutating func skipSpace() {
    while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { advance() }
  }

  func starts(_ text: String) -> Bool {
    let t = Array(text.utf8)
    return i + t.count <= bytes.count && Array(bytes[i..<(i + t.count)]) == t
  }

  /// Skips `<?…?>`, `<!--…-->` and `<!DOCTYPE …>` between elements.
  mutating func skipMisc() throws(ManifestError) {
    while true {
      skipSpace()
      if starts("<?") {
        try skip(until: "?>")
      } else if starts("<!--") {
        try skip(until: "-->")
      } else if starts("<!DOCTYPE") || starts("<!doctype") {
        try skip(until: ">")
      } else {
        return
      }
    }
  }

  mutating func skip(until end: String) throws(ManifestError) {
    let startLine = line
    while i < bytes.count {
      if starts(end) {
        for _ in 0..<end.utf8.count { advance() }
        return
      }
      advance()
    }
    throw fail("unterminated markup (expected '\(end)') starting on line \(startLine)")
  }

  mutating func tag() throws(ManifestError) -> Tag {
    try skipMisc()
    guard i < bytes.count else { throw fail("unexpected end of file, expected an element") }
    guard bytes[i] == UInt8(ascii: "<") else { throw fail("expected '<', found text outside an element") }
    let l = line
    let c = currentColumn()
    advance()
    var closing = false
    if i < bytes.count, bytes[i] == UInt8(ascii: "/") {
      closing = true
      advance()
    }
    let nameStart = i
    while i < bytes.count, bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/"), bytes[i] != 0x20,
      bytes[i] != 0x0A, bytes[i] != 0x09, bytes[i] != 0x0D
    {
      advance()
    }
    let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
    // Attributes (plist version="1.0") are ignored.
    var empty = false
    while i < bytes.count, bytes[i] != UInt8(ascii: ">") {
      if bytes[i] == UInt8(ascii: "/") { empty = true }
      advance()
    }
    guard i < bytes.count else { throw fail("unterminated tag <\(name)", line: l, column: c) }
    advance()
    if name.isEmpty { throw fail("element without a name", line: l, column: c) }
    return Tag(name: name, closing: closing, empty: empty && !closing, line: l, column: c)
  }

  /// Character data up to the next '<', with entities and CDATA resolved.
  mutating func text() throws(ManifestError) -> String {
    var out: [UInt8] = []
    while i < bytes.count {
      if starts("<![CDATA[") {
        for _ in 0..<9 { advance() }
        while i < bytes.count, !starts("]]>") {
          out.append(bytes[i])
          advance()
        }
        guard i < bytes.count else { throw fail("unterminated CDATA section") }
        for _ in 0..<3 { advance() }
        continue
      }
      if bytes[i] == UInt8(ascii: "<") { break }
      if bytes[i] == UInt8(ascii: "&") {
        let start = i
        let entityLine = line
        let entityColumn = column(at: i)
        while i < bytes.count, bytes[i] != UInt8(ascii: ";"), i - start < 12 { advance() }
        guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else { throw fail("unterminated entity") }
        let name = String(decoding: bytes[(start + 1)..<i], as: UTF8.self)
        advance()
        switch name {
        case "lt": out.append(0x3C)
        case "gt": out.append(0x3E)
        case "amp": out.append(0x26)
        case "quot": out.append(0x22)
        case "apos": out.append(0x27)
        default:
          var value: UInt32?
          if name.hasPrefix("#x") || name.hasPrefix("#X") {
            value = UInt32(name.dropFirst(2), radix: 16)
          } else if name.hasPrefix("#") {
            value = UInt32(name.dropFirst(), radix: 10)
          }
          guard let v = value, let scalar = Unicode.Scalar(v), v != 0 else {
            throw fail("unknown entity '&\(name);'", line: entityLine, column: entityColumn)
          }
          out += Array(String(Character(scalar)).utf8)
        }
        continue
      }
      out.append(bytes[i])
      advance()
    }
    guard let s = String(validating: out, as: UTF8.self) else { throw fail("text is not valid UTF-8") }
    return s
  }

  mutating func expectClose(_ name: String) throws(ManifestError) {
    let t = try tag()
    guard t.closing, t.name == name else {
      throw fail("expected </\(name)>, found <\(t.closing ? "/" : "")\(t.name)>", line: t.line, column: t.column)
    }
  }

  mutating func parse() throws(ManifestError) -> ManifestNode {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      i = 3
      lineStart = 3
    }
    let root = try tag()
    guard root.name == "plist", !root.closing else {
      throw fail("not a property list: expected <plist>, found <\(root.name)>", line: root.line, column: root.column)
    }
    if root.empty { throw fail("empty <plist/>", line: root.line, column: root.column) }
    let value = try self.value(try tag(), depth: 0)
    try expectClose("plist")
    try skipMisc()
    if i < bytes.count { throw fail("unexpected content after </plist>") }
    return value
  }

  mutating func value(_ t: Tag, depth: Int) throws(ManifestError) -> ManifestNode {
    guard depth <= maxDepth else {
      throw fail("nesting deeper than \(maxDepth) levels", line: t.line, column: t.column)
    }
    nodes += 1
    guard nodes <= PlistDocument.maxNodes else { throw fail("property list holds too many values") }
    guard !t.closing else { throw fail("unexpected </\(t.name)>", line: t.line, column: t.column) }
    func node(_ v: ManifestNode.Value) -> ManifestNode { ManifestNode(v, line: t.line, column: t.column) }
    switch t.name {
    case "dict":
      var members: [(key: String, node: ManifestNode)] = []
      if t.empty { return node(.object(members)) }
      while true {
        let k = try tag()
        if k.closing && k.name == "dict" { return node(.object(members)) }
        guard k.name == "key", !k.closing else {
          throw fail(
            "expected <key> in <dict>, found <\(k.closing ? "/" : "")\(k.name)>", line: k.line, column: k.column)
        }
        let key = k.empty ? "" : try text()
        if !k.empty { try expectClose("key") }
        members.append((key, try value(try tag(), depth: depth + 1)))
      }
    case "array":
      var items: [ManifestNode] = []
      if t.empty { return node(.array(items)) }
      while true {
        let e = try tag()
        if e.closing && e.name == "array" { return node(.array(items)) }
        items.append(try value(e, depth: depth + 1))
      }
    case "string":
      if t.empty { return node(.string("")) }
      let s = try text()
      try expectClose("string")
      return node(.string(s))
    case "integer", "real":
      let s = t.empty ? "" : try text()
      if !t.empty { try expectClose(t.name) }
      let trimmed = s.trimmingSpaces
      if t.name == "integer" {
        if let v = Int(trimmed) { return node(.integer(v)) }
        if trimmed.hasPrefix("0x"), let v = Int(trimmed.dropFirst(2), radix: 16) { return node(.integer(v)) }
        throw fail("<integer> '\(trimmed)' is not a whole number in range", line: t.line, column: t.column)
      }
      guard let d = Double(trimmed), d.isFinite else {
        throw fail("<real> '\(trimmed)' is not a finite number", line: t.line, column: t.column)
      }
      return node(.real(d))
    case "true", "false":
      if !t.empty { try expectClose(t.name) }
      return node(.bool(t.name == "true"))
    case "data", "date":
      if !t.empty {
        _ = try text()
        try expectClose(t.name)
      }
      return node(.other(t.name == "data" ? "data" : "a date"))
    default:
      throw fail("unknown property list element <\(t.name)>", line: t.line, column: t.column)
    }
  }
}
