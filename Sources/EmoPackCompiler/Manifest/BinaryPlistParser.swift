/// The binary form, `bplist00`: objects addressed through an offset table, every reference checked.
struct BinaryPlistParser {
  let bytes: [UInt8]
  let file: String
  let maxDepth: Int
  var offsetSize = 0
  var refSize = 0
  var objectCount = 0
  var tableOffset = 0
  var nodes = 0
  var onStack = Set<Int>()

  init(bytes: [UInt8], file: String, maxDepth: Int) {
    self.bytes = bytes
    self.file = file
    self.maxDepth = maxDepth
  }

  func fail(_ message: String, offset: Int) -> ManifestError {
    ManifestError(file: file, line: nil, column: nil, "binary property list, offset \(offset): \(message)")
  }

  func uint(_ at: Int, _ size: Int) throws(ManifestError) -> Int {
    guard size >= 1, size <= 8, at >= 0, at + size <= bytes.count else {
      throw fail("a \(size)-byte integer does not fit in the file", offset: at)
    }
    var v: UInt64 = 0
    for k in 0..<size { v = v << 8 | UInt64(bytes[at + k]) }
    guard v <= UInt64(Int.max) else { throw fail("integer \(v) is out of range", offset: at) }
    return Int(v)
  }

  mutating func parse() throws(ManifestError) -> ManifestNode {
    guard bytes.count >= 8 + 32 else { throw fail("file is too short for the trailer", offset: bytes.count) }
    let t = bytes.count - 32
    offsetSize = Int(bytes[t + 6])
    refSize = Int(bytes[t + 7])
    objectCount = try uint(t + 8, 8)
    let top = try uint(t + 16, 8)
    tableOffset = try uint(t + 24, 8)
    guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
      throw fail("offset size \(offsetSize) or reference size \(refSize) is not 1…8", offset: t + 6)
    }
    guard objectCount <= bytes.count, tableOffset >= 8, tableOffset <= t,
      objectCount * offsetSize <= t - tableOffset
    else {
      throw fail("offset table of \(objectCount) entries at \(tableOffset) does not fit", offset: t + 8)
    }
    return try object(top, depth: 0)
  }

  /// Length of a container or string: the marker's low nibble, or a following integer object when it is 0xF.
  func length(_ marker: UInt8, at: Int) throws(ManifestError) -> (Int, Int) {
    let low = Int(marker & 0x0F)
    if low != 0x0F { return (low, at + 1) }
    guard at + 1 < bytes.count, bytes[at + 1] >> 4 == 0x1 else { throw fail("bad length marker", offset: at + 1) }
    let size = 1 << Int(bytes[at + 1] & 0x0F)
    guard size <= 8 else { throw fail("length integer of \(size) bytes", offset: at + 1) }
    return (try uint(at + 2, size), at + 2 + size)
  }

  mutating func object(_ ref: Int, depth: Int) throws(ManifestError) -> ManifestNode {
    guard ref >= 0, ref < objectCount else {
      throw fail("object reference \(ref) of \(objectCount)", offset: tableOffset)
    }
    guard depth <= maxDepth else { throw fail("nesting deeper than \(maxDepth) levels", offset: tableOffset) }
    nodes += 1
    guard nodes <= PlistDocument.maxNodes else { throw fail("too many values", offset: tableOffset) }
    guard !onStack.contains(ref) else { throw fail("object \(ref) contains itself", offset: tableOffset) }
    onStack.insert(ref)
    defer { onStack.remove(ref) }
    let at = try uint(tableOffset + ref * offsetSize, offsetSize)
    guard at < tableOffset else { throw fail("object \(ref) at \(at) lies outside the object area", offset: at) }
    let marker = bytes[at]
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x08: return ManifestNode(.bool(false))
      case 0x09: return ManifestNode(.bool(true))
      case 0x00: return ManifestNode(.null)
      default: throw fail("unknown marker 0x\(String(marker, radix: 16))", offset: at)
      }
    case 0x1:
      let size = 1 << Int(marker & 0x0F)
      guard size <= 8 else { throw fail("integer of \(size) bytes is not supported", offset: at) }
      var v: UInt64 = 0
      guard at + 1 + size <= bytes.count else { throw fail("integer runs past the end", offset: at) }
      for k in 0..<size { v = v << 8 | UInt64(bytes[at + 1 + k]) }
      // 8-byte integers are signed; shorter ones unsigned.
      return ManifestNode(.integer(size == 8 ? Int(Int64(bitPattern: v)) : Int(v)))
    case 0x2:
      let size = 1 << Int(marker & 0x0F)
      guard size == 4 || size == 8, at + 1 + size <= bytes.count else { throw fail("bad real", offset: at) }
      var v: UInt64 = 0
      for k in 0..<size { v = v << 8 | UInt64(bytes[at + 1 + k]) }
      let d = size == 4 ? Double(Float(bitPattern: UInt32(v))) : Double(bitPattern: v)
      guard d.isFinite else { throw fail("real is not finite", offset: at) }
      return ManifestNode(.real(d))
    case 0x3:
      return ManifestNode(.other("a date"))
    case 0x4:
      let (n, start) = try length(marker, at: at)
      guard start + n <= tableOffset else { throw fail("data runs past the object area", offset: at) }
      return ManifestNode(.other("data"))
    case 0x5:
      let (n, start) = try length(marker, at: at)
      guard start + n <= tableOffset else { throw fail("string runs past the object area", offset: at) }
      guard bytes[start..<(start + n)].allSatisfy({ $0 < 0x80 }) else {
        throw fail("ASCII string has a non-ASCII byte", offset: start)
      }
      return ManifestNode(.string(String(decoding: bytes[start..<(start + n)], as: UTF8.self)))
    case 0x6:
      let (n, start) = try length(marker, at: at)
      guard n <= (tableOffset - start) / 2 else { throw fail("string runs past the object area", offset: at) }
      var units: [UInt16] = []
      units.reserveCapacity(n)
      for k in 0..<n { units.append(UInt16(bytes[start + 2 * k]) << 8 | UInt16(bytes[start + 2 * k + 1])) }
      var s = ""
      var iterator = units.makeIterator()
      var decoder = UTF16()
      loop: while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let c): s.unicodeScalars.append(c)
        case .emptyInput: break loop
        case .error: throw fail("string has a lone surrogate", offset: start)
        }
      }
      return ManifestNode(.string(s))
    case 0x8:
      return ManifestNode(.other("a UID"))
    case 0xA, 0xC, 0xD:
      let (n, start) = try length(marker, at: at)
      let count = marker >> 4 == 0xD ? n * 2 : n
      guard count <= (tableOffset - start) / refSize else {
        throw fail("container runs past the object area", offset: at)
      }
      var refs: [Int] = []
      refs.reserveCapacity(count)
      for k in 0..<count { refs.append(try uint(start + k * refSize, refSize)) }
      if marker >> 4 == 0xD {
        var members: [(key: String, node: ManifestNode)] = []
        for k in 0..<n {
          let keyNode = try object(refs[k], depth: depth + 1)
          guard case .string(let key) = keyNode.value else { throw fail("dictionary key is not a string", offset: at) }
          members.append((key, try object(refs[n + k], depth: depth + 1)))
        }
        return ManifestNode(.object(members))
      }
      var items: [ManifestNode] = []
      for r in refs { items.append(try object(r, depth: depth + 1)) }
      return ManifestNode(marker >> 4 == 0xA ? .array(items) : .other("a set"))
    default:
      throw fail("unknown marker 0x\(String(marker, radix: 16))", offset: at)
    }
  }
}
