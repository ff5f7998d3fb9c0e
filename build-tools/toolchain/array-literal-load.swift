// A wrong-code bug of Swift 6.3.1's optimizer (x86_64 Linux), found while writing the tokenizer: the bytes of an
// array literal built in a loop, read back through `withUnsafeBytes` as a wider integer, are not the literal's.
//   swiftc -O build-tools/toolchain/array-literal-load.swift -o /tmp/a && /tmp/a      prints 0 (wrong)
//   swiftc -Onone build-tools/toolchain/array-literal-load.swift -o /tmp/a && /tmp/a  prints 2
// emopack never reads an array literal's bytes through a raw pointer: keys come from a pack's bytes, a String's
// UTF-8 or a temporary allocation, and arrays built with `Array(repeating:count:)` read back correctly.

@inline(never)
func count(_ keys: [UInt32]) -> Int {
  var n = 0
  for k in 0..<2 {
    let key: [UInt8] = [0xF0, 0x9F, 0x98, 0x80 | UInt8(k)]
    let word = key.withUnsafeBytes { $0.load(as: UInt32.self) }
    if keys.contains(word) { n += 1 }
  }
  return n
}

let keys = ["😀", "😁"].map { s in Array(s.utf8).withUnsafeBytes { $0.load(as: UInt32.self) } }
print(count(keys))
