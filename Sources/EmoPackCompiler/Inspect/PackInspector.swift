import EmoPNG
import EmoPackFormat
import Foundation

/// Reads a pack for `inspect`.
public enum PackInspector {
  /// Inspects the pack at `path`; with `verify`, also checks the whole file and the sheets beside it.
  public static func inspect(path: String, verify: Bool) throws(PackError) -> InspectReport {
    do { return try inspectUnlocated(path: path, verify: verify) } catch { throw error.located(path) }
  }

  private static func inspectUnlocated(path: String, verify: Bool) throws(PackError) -> InspectReport {
    let reader = try PackFileReader(contentsOf: path)
    let contents = try reader.contents()
    // Occupancy: the distinct rectangles on each sheet over its pixels (shared sprites count once).
    var spritePixels = [Int](repeating: 0, count: contents.sheets.count)
    var seen = Set<SpritePlacement>()
    for image in contents.images {
      for p in image.placements where seen.insert(p).inserted { spritePixels[p.sheet] += p.width * p.height }
    }
    let sheets = contents.sheets.enumerated().map { i, s -> InspectReport.Sheet in
      let occ = s.width * s.height > 0 ? Double(spritePixels[i]) / Double(s.width * s.height) : 0
      return InspectReport.Sheet(
        file: s.fileName, scale: s.scale, page: s.page, width: s.width, height: s.height, bytes: s.byteSize,
        sha256: hexString(s.sha256), occupancy: occ, fileFormat: s.format.fileExtension, lossy: s.lossy)
    }
    func sprites(_ image: Int) -> [InspectReport.Sprite] {
      contents.images[image].placements.map { sprite($0, contents) }
    }
    let entries = contents.entries.enumerated().map { (i, e) -> InspectReport.Entry in
      InspectReport.Entry(
        index: i, kind: e.kind == .image ? "image" : "emoji", tags: e.tags, codes: e.codes,
        inserts: e.keys.first?.text,
        emoji: e.emoji.map {
          InspectReport.Emoji(text: $0, codepoints: EmojiCodepoints.hex($0).split(separator: " ").map(String.init))
        },
        sprites: e.image.map(sprites) ?? [],
        animation: e.animation.map { k in
          let a = contents.animations[k]
          return InspectReport.Animation(
            frames: a.frames.map { InspectReport.Frame(delayMs: $0.duration, sprites: sprites($0.image)) },
            durationMs: a.duration, loopCount: a.loopCount, still: a.still)
        },
        keywords: e.keywords.map { k in
          let source: String
          switch k.source {
          case .manifest: source = "manifest"
          case .key: source = "key"
          case .cldrName: source = "cldrName"
          case .cldrKeyword: source = "cldrKeyword"
          }
          return InspectReport.Keyword(text: k.text, locale: k.locale, source: source)
        })
    }
    var report = InspectReport(
      schemaVersion: InspectReport.currentSchemaVersion, id: contents.id, version: contents.version,
      names: contents.names, fileBytes: reader.storage.count,
      format: InspectReport.Format(
        major: Int(reader.formatMajor), minor: Int(reader.formatMinor), trimmed: reader.trimmed,
        lossySheets: reader.palette),
      pointSize: contents.pointSize, scales: contents.scales, sheets: sheets, entries: entries, problems: nil)
    if verify {
      try reader.verify()
      report.problems = verifySheets(contents.sheets, folder: (path as NSString).deletingLastPathComponent)
    }
    return report
  }

  /// A placement as the report gives it.
  static func sprite(_ p: SpritePlacement, _ contents: PackContents) -> InspectReport.Sprite {
    let sheet = contents.sheets.indices.contains(p.sheet) ? contents.sheets[p.sheet] : nil
    let side = contents.pointSize * (sheet?.scale ?? 0)
    return InspectReport.Sprite(
      scale: sheet?.scale ?? 0, page: sheet?.page ?? 0, x: p.x, y: p.y, width: p.width, height: p.height,
      left: p.left, top: p.top, trimmed: p.width > 0 && !p.isUntrimmed(side: side))
  }

  /// `12 frames, 1.20 s, plays 3 times, still 0`.
  static func describe(_ a: InspectReport.Animation) -> String {
    let plays = a.loopCount == 0 ? "loops forever" : a.loopCount == 1 ? "plays once" : "plays \(a.loopCount) times"
    return
      "\(a.frames.count) frames, \(String(format: "%.2f", Double(a.durationMs) / 1000)) s, \(plays), still \(a.still)"
  }

  /// `x,y wxh@page`, then `+left,top` when the sprite was trimmed; `empty` for an image with no visible pixel.
  static func describe(_ s: InspectReport.Sprite) -> String {
    guard s.width > 0 else { return "empty" }
    return "\(s.x),\(s.y) \(s.width)x\(s.height)@\(s.page)" + (s.trimmed ? " +\(s.left),\(s.top)" : "")
  }

  /// `locale:text`, with ` (cldr name)` or ` (cldr)` after CLDR's; `-` for no locale.
  static func describe(_ k: InspectReport.Keyword) -> String {
    let tag = k.source == "cldrName" ? " (cldr name)" : k.source == "cldrKeyword" ? " (cldr)" : ""
    return "\(k.locale ?? "-"):\(k.text)\(tag)"
  }

  /// Checks that each sheet is beside the pack with the recorded bytes, hash and dimensions; each difference is a
  /// coded diagnostic naming the sheet, with what the pack records against what the file is.
  public static func verifySheets(_ sheets: [SheetRecord], folder: String) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    for s in sheets {
      let path = (folder.isEmpty ? "." : folder) + "/" + s.fileName
      do throws(SheetProblem) {
        _ = try s.read(at: path)
      } catch {
        problems.append(error.diagnostic)
      }
    }
    return problems
  }

  /// The human-readable form.
  public static func text(_ r: InspectReport) -> String {
    var lines: [String] = []
    lines.append("pack      \(r.id)")
    for n in r.names { lines.append("name      \(n.locale): \(n.name)") }
    lines.append("version   \(r.version)")
    let format =
      "\(r.format.major).\(r.format.minor)" + (r.format.trimmed ? ", trimmed" : "")
      + (r.format.lossySheets ? ", lossy sheets" : "")
    lines.append("file      \(r.fileBytes) bytes, format \(format)")
    lines.append("size      \(r.pointSize) pt at \(r.scales.map { "\($0)x" }.joined(separator: ", "))")
    lines.append("sheets    \(r.sheets.count)")
    for s in r.sheets {
      lines.append(
        "  \(s.file)  \(s.width)x\(s.height)  \(s.bytes) bytes  occupancy \(String(format: "%.1f%%", s.occupancy * 100))  sha256 \(s.sha256.prefix(16))…"
      )
    }
    let images = r.entries.filter { $0.kind == "image" }.count
    let animated = r.entries.filter { $0.animation != nil }.count
    lines.append(
      "entries   \(r.entries.count) (\(images) image\(animated > 0 ? ", \(animated) of them animated" : ""), \(r.entries.count - images) emoji)"
    )
    lines.append("")
    lines.append("  #  kind   tags / emoji / rect per scale")
    for e in r.entries {
      var row =
        String(repeating: " ", count: max(0, 3 - String(e.index).count))
        + "\(e.index)  \(e.kind.padding(toLength: 5, withPad: " ", startingAt: 0))  "
      row += (e.tags + e.codes).joined(separator: " ")
      if !e.codes.isEmpty, let inserts = e.inserts { row += " (inserts \(inserts))" }
      if let emoji = e.emoji {
        row += (e.tags.isEmpty ? "" : "  ") + emoji.codepoints.map { "U+" + $0 }.joined(separator: " ")
      }
      if !e.sprites.isEmpty { row += "  " + e.sprites.map(describe).joined(separator: " | ") }
      if let a = e.animation { row += "  [" + describe(a) + "]" }
      lines.append(row)
      if !e.keywords.isEmpty { lines.append("       keywords " + e.keywords.map(describe).joined(separator: ", ")) }
    }
    if let problems = r.problems {
      lines.append("")
      if problems.isEmpty {
        lines.append(
          "verify    ok: checksum, records, indexes, rectangles\(animated > 0 ? ", animations" : "") and \(r.sheets.count) sheet(s) match"
        )
      } else {
        lines.append("verify    \(problems.count) problem(s):")
        for p in problems { lines.append("  \(p.file): \(p.message) [\(p.code.rawValue)]") }
      }
    }
    return lines.joined(separator: "\n")
  }
}
