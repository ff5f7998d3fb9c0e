import EmoPack
import EmoPackCompiler
import EmoPackPreview
import Foundation

/// `emopack preview`.
enum PreviewCommand {
  static let command = Command(
    name: "preview", summary: "Draw packs as the keyboard shows them: self-contained HTML or a PNG contact sheet",
    usage: ["[options] PACK.pack... -o preview.html", "[options] PACK.pack... -o preview.png"],
    about: """
      HTML: one self-contained page (sheets embedded as data URIs): a tab per pack (and a 最近/Recent tab with
      --recents), 8×3 pages with the delete key, emoticons drawn from their sheets at their real size with a
      1x/2x/3x switch, tags on hover, emoji-only entries as text; then a table of all entries and the sheets.
      PNG: a contact sheet of the keyboard pages at --scale.
      """,
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: [
          CommandOption(["-o", "--output"], "FILE", "The .html or .png to write"),
          CommandOption(["--recents"], "DB", "A recents database (SQLite) for the Recent tab"),
          CommandOption(["--scale"], "N", "PNG scale, 1...4 (default 2)"),
          CommandOption(["--json"], "What was written as one JSON object"),
        ])
    ],
    footer: """
      EXIT STATUS
        0 written, 1 a pack or sheet is not sound, 2 usage errors, 3 a file that cannot be read or written.
      """,
    run: run)

  /// What `preview --json` prints beside the diagnostics.
  struct Written: Encodable {
    var output: String
    var bytes: Int
  }

  static func run(_ args: [String]) -> Int32 {
    let json = args.contains("--json")
    let parsed: Arguments
    let out: String
    let scale: Int
    do {
      parsed = try Arguments(args, valued: command.valued, flags: command.switches)
      if parsed.flag("-h", "--help") {
        Terminal.out(command.help)
        return 0
      }
      guard !parsed.positionals.isEmpty else { throw UsageError(message: "no .pack given") }
      guard let o = parsed.value("-o", "--output"), o.hasSuffix(".html") || o.hasSuffix(".png") else {
        throw UsageError(message: "-o must name an .html or a .png file")
      }
      out = o
      scale = try parsed.int("--scale", in: 1...4) ?? 2
    } catch {
      return Report.usageFailure(command, "\(error)", json: json)
    }
    var diagnostics: [Diagnostic] = []
    do throws(PreviewError) {
      let packs = try parsed.positionals.map { path throws(PreviewError) in try PreviewPack(path: path) }
      var recents: [EmoticonRef]?
      if let db = parsed.value("--recents") {
        do {
          recents = try RecentsStore(path: db).emoticons(in: Catalog(packs: packs.map(\.reader)))
        } catch {
          diagnostics.append(Diagnostic(.warning, .exportFailed, file: db, "recents not shown: \(error)"))
        }
      }
      let bytes: [UInt8] =
        out.hasSuffix(".html")
        ? Array(try HTMLPreview.render(packs, recents: recents).utf8) : try ContactSheet.png(packs, scale: scale)
      do throws(FileSystemError) {
        try FileSystem.replace(out, with: bytes)
      } catch {
        return Report.finish(command.name, json: json, diagnostics: diagnostics + [error.diagnostic])
      }
      if !json { Terminal.out("wrote \(out) (\(bytes.count) bytes)") }
      return Report.finish(
        command.name, json: json, diagnostics: diagnostics, payload: Written(output: out, bytes: bytes.count))
    } catch {
      return Report.finish(command.name, json: json, diagnostics: diagnostics + [error.diagnostic])
    }
  }
}

extension PreviewError {
  /// The error as a coded diagnostic: the reader's or the sheet check's own where one of them is the cause.
  var diagnostic: Diagnostic {
    switch cause {
    case .pack(let e): e.diagnostic(file: path)
    case .sheet(let p): p.diagnostic
    case .conflict: Diagnostic(.error, .exportConflict, file: path, message)
    case .other: Diagnostic(.error, .exportFailed, file: path, message)
    }
  }
}
