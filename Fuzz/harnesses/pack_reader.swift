import EmoPackFormat

// libFuzzer harness: the .pack reader, every accessor, both lookups and verify() on arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPackReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let reader = try? PackReader(bytes: bytes) else { return 0 }
  _ = try? reader.localizedNames()
  _ = try? reader.sheets()
  for i in 0..<min(reader.entryCount, 64) { _ = try? reader.entry(at: i) }
  _ = reader.entryIndex(forTag: "[哈哈]")
  _ = reader.entryIndex(forEmoji: "❤️")
  _ = try? reader.contents()
  _ = try? reader.verify()
  return 0
}
