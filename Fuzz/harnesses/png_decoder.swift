import EmoPNG

// libFuzzer harness: the PNG decoder through the libpng shim (header, limits, full decode).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? PNGDecoder.header(of: bytes)
  _ = try? PNGDecoder.decode(bytes, limits: PNGLimits(maxWidth: 1024, maxHeight: 1024, maxPixelBytes: 4 << 20))
  return 0
}
