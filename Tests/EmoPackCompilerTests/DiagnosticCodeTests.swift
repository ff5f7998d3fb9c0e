import EmoPackCompiler
import Foundation
import Testing

@Suite struct DiagnosticCodeTests {
  static func d(_ code: DiagnosticCode, _ file: String, _ severity: Diagnostic.Severity = .warning) -> Diagnostic {
    Diagnostic(severity, code, file: file, line: 1, "m")
  }

  @Test func groupsKeepThreeOfACodePerFileAndCountTheRest() {
    var items: [Diagnostic] = []
    for _ in 0..<5 { items.append(Self.d(.imageNotSquare, "a.json")) }
    items.append(Self.d(.duplicateTag, "a.json", .error))
    items.append(Self.d(.firstDefinedHere, "a.json", .note))
    for _ in 0..<2 { items.append(Self.d(.imageNotSquare, "b.json")) }
    let lines = DiagnosticGroups(items).lines
    #expect(
      lines == [
        .diagnostic(items[0]), .diagnostic(items[1]), .diagnostic(items[2]),
        .more(file: "a.json", code: .imageNotSquare, severity: .warning, count: 2), .diagnostic(items[5]),
        .diagnostic(items[6]), .diagnostic(items[7]), .diagnostic(items[8]),
      ])
    #expect(DiagnosticGroups(items, limit: nil).lines == items.map { .diagnostic($0) })
  }

  /// docs/DIAGNOSTICS.md lists every code, once.
  @Test func everyCodeIsDocumented() throws {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../docs/DIAGNOSTICS.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    for code in DiagnosticCode.allCases {
      #expect(text.components(separatedBy: "| `\(code.rawValue)` |").count == 2, "\(code.rawValue)")
    }
  }
}
