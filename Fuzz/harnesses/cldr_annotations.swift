import EmoPackCompiler
import Foundation

// libFuzzer harness: the CLDR annotations parser (what --keyword-locales reads) on arbitrary bytes. A parse
// either succeeds or reports an error naming the file; every kept annotation has a name or a keyword, and no
// key holds U+FE0F.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCLDRAnnotations(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var table: [String: CLDRKeywords.Annotation] = [:]
  var diagnostics = Diagnostics()
  let ok = CLDRKeywords.parse(bytes, file: "annotations/fuzz.xml", into: &table, diagnostics: &diagnostics)
  if !ok && (diagnostics.items.isEmpty || !diagnostics.items.allSatisfy({ $0.file == "annotations/fuzz.xml" })) {
    fatalError("a refused file without an error naming it")
  }
  for (key, a) in table {
    if key.unicodeScalars.contains("\u{FE0F}") { fatalError("a key kept U+FE0F") }
    if a.name == nil && a.keywords.isEmpty { fatalError("an empty annotation was kept") }
  }
  return 0
}
