/// Counts columns in code points, continuing from the last position asked so a parse stays linear.
struct ColumnCounter {
  private var index = 0
  private var value = 1

  /// The 1-based column of byte `i` on the line starting at `lineStart`.
  mutating func column(of i: Int, lineStart: Int, in bytes: [UInt8]) -> Int {
    if index < lineStart || index > i {
      index = lineStart
      value = 1
    }
    while index < i {
      if bytes[index] & 0xC0 != 0x80 { value += 1 }
      index += 1
    }
    return value
  }
}
