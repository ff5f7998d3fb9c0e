import EmoPackCompiler

// libFuzzer harness: the native JSON manifest parser and reader, then validation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifestJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let (packs, _) = ManifestLoader.read(bytes: bytes, name: "pack.json", folder: "/nonexistent-emopack-fuzz")
  _ = Validator(decodeImages: false).validate(packs)
  return 0
}
