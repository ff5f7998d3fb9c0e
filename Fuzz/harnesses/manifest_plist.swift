import EmoPackCompiler

// libFuzzer harness: property lists read as native pack.plist, Weibo info.plist and NIM emoji.plist.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifestPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  for name in ["pack.plist", "info.plist", "emoji.plist"] {
    let (packs, _) = ManifestLoader.read(bytes: bytes, name: name, folder: "/nonexistent-emopack-fuzz")
    _ = Validator(decodeImages: false).validate(packs)
  }
  return 0
}
