import EmoPackCompiler

// libFuzzer harness: JSON read as Weibo's info.json (the Weibo reader over the JSON parser).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWeiboJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let (packs, _) = ManifestLoader.read(bytes: bytes, name: "info.json", folder: "/nonexistent-emopack-fuzz")
  _ = Validator(decodeImages: false).validate(packs)
  return 0
}
