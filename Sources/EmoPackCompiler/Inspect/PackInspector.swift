import EmoPNG
import EmoPackFormat
import Foundation

/// What `emopack inspect` shows: a pack's contents as plain values, with optional verification.
public struct InspectReport: Sendable, Codable, Equatable {
  /// One sheet.
  public struct Sheet: Sendable, Codable, Equatable {
    /// File name beside the pack.
    public var file: String
    /// Scale.
    public var scale: Int
    /// Page.
    public var page: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// PNG bytes.
    public var bytes: Int
    /// SHA-256 as hex.
    public var sha256: String
    /// Sprite pixels / sheet pixels.
    public var occupancy: Double
  }

  /// One entry.
  public struct Entry: Sendable, Codable, Equatable {
    /// Keyboard position.
    public var index: Int
    /// `image` or `emoji`.
    public var kind: String
    /// Tags.
    public var tags: [String]
    /// Emoji as hex codepoints, if any.
    public var emoji: String?
    /// Rectangles per scale as `x,y wxh@page`, with `+left,top` when trimmed.
    public var rects: [String]
    /// For an animation: frames, one play's duration, loop count and still frame.
    public var animation: String?
    /// Codes (literal codes and shortcodes).
    public var codes: [String] = []
    /// The key `insert` writes.
    public var inserts: String?
    /// Search keywords as `locale:keyword` (`cldr` marks CLDR's, `name` its short name).
    public var keywords: [String] = []
  }

  /// Pack id.
  public var id: String
  /// Version.
  public var version: String
  /// Names by locale.
  public var names: [LocalizedName]
  /// File size.
  public var fileBytes: Int
  /// Format version.
  public var format: String
  /// Point size.
  public var pointSize: Int
  /// Scales.
  public var scales: [Int]
  /// Sheets.
  public var sheets: [Sheet]
  /// Entries.
  public var entries: [Entry]
  /// Verification result: nil when not asked, else the problems found (empty when sound).
  public var problems: [String]?
}

/// Reads a pack for `inspect`.
public enum PackInspector {
  /// Inspects the pack at `path`; with `verify`, also checks the whole file and the sheets beside it.
  public static func inspect(path: String, verify: Bool) throws(PackError) -> InspectReport {
    do { return try inspectUnlocated(path: path, verify: verify) } catch { throw error.located(path) }
  }

  private static func inspectUnlocated(path: String, verify: Bool) throws(PackError) -> InspectReport {
    let reader = try PackReader(contentsOf: path)
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
        sha256: hexString(s.sha256), occupancy: occ)
    }
    let entries = contents.entries.enumerated().map { (i, e) -> InspectReport.Entry in
      InspectReport.Entry(
        index: i, kind: e.kind == .image ? "image" : "emoji", tags: e.tags,
        emoji: e.emoji.map(EmojiCodepoints.hex),
        rects: e.image.map { contents.images[$0].placements.map { describe($0, contents) } } ?? [],
        animation: e.animation.map { describe(contents.animations[$0]) }, codes: e.codes,
        inserts: e.keys.first?.text,
        keywords: e.keywords.map { k in
          let tag = k.source == .cldrName ? " (cldr name)" : k.source == .cldrKeyword ? " (cldr)" : ""
          return "\(k.locale ?? "-"):\(k.text)\(tag)"
        })
    }
    var report = InspectReport(
      id: contents.id, version: contents.version, names: contents.names, fileBytes: reader.storage.count,
      format: "\(reader.formatMajor).\(reader.formatMinor)"
        + (reader.trimmed ? ", trimmed" : "") + (reader.palette ? ", palette sheets" : ""),
      pointSize: contents.pointSize, scales: contents.scales,
      sheets: sheets, entries: entries, problems: nil)
    if verify {
      try reader.verify()
      report.problems = verifySheets(contents.sheets, folder: (path as NSString).deletingLastPathComponent)
    }
    return report
  }

  /// `12 frames, 1.20 s, plays 3 times, still 0`.
  static func describe(_ a: PackAnimation) -> String {
    let plays = a.loopCount == 0 ? "loops forever" : a.loopCount == 1 ? "plays once" : "plays \(a.loopCount) times"
    return
      "\(a.frames.count) frames, \(String(format: "%.2f", Double(a.duration) / 1000)) s, \(plays), still \(a.still)"
  }

  /// `x,y wxh@page`, then `+left,top` when the sprite was trimmed; `empty` for an image with no visible pixel.
  static func describe(_ p: SpritePlacement, _ contents: PackContents) -> String {
    guard p.width > 0 else { return "empty" }
    let sheet = contents.sheets[p.sheet]
    let side = contents.pointSize * sheet.scale
    return "\(p.x),\(p.y) \(p.width)x\(p.height)@\(sheet.page)"
      + (p.isUntrimmed(side: side) ? "" : " +\(p.left),\(p.top)")
  }

  /// Checks that each sheet PNG is beside the pack with the recorded bytes, hash and dimensions.
  public static func verifySheets(_ sheets: [SheetRecord], folder: String) -> [String] {
    var problems: [String] = []
    for s in sheets {
      let path = (folder.isEmpty ? "." : folder) + "/" + s.fileName
      do throws(SheetProblem) {
        _ = try s.read(at: path)
      } catch {
        problems.append(error.description)
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
    lines.append("file      \(r.fileBytes) bytes, format \(r.format)")
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
        row += (e.tags.isEmpty ? "" : "  ") + "U+" + emoji.replacingOccurrences(of: " ", with: " U+")
      }
      if !e.rects.isEmpty { row += "  " + e.rects.joined(separator: " | ") }
      if let a = e.animation { row += "  [" + a + "]" }
      lines.append(row)
      if !e.keywords.isEmpty { lines.append("       keywords " + e.keywords.joined(separator: ", ")) }
    }
    if let problems = r.problems {
      lines.append("")
      if problems.isEmpty {
        lines.append(
          "verify    ok: checksum, records, indexes, rectangles\(animated > 0 ? ", animations" : "") and \(r.sheets.count) sheet(s) match"
        )
      } else {
        lines.append("verify    \(problems.count) problem(s):")
        for p in problems { lines.append("  \(p)") }
      }
    }
    return lines.joined(separator: "\n")
  }
}
