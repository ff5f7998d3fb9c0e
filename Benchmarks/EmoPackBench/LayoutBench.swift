import EmoPNG
import EmoPackFormat
import EmoPackCompiler
import EmoSign
import Foundation

/// The sheet layouts against each other: what one edit republishes, what the store fetches, and the sheets' bytes,
/// on the generated pack and on the chat-like animated fixture (`--layout-only`).
func layoutSamples(work: String, count: Int, reps: Int) throws -> [Sample] {
  var out: [Sample] = []
  let packDir = work + "/layout-pack"
  try? FileManager.default.removeItem(atPath: packDir)
  _ = try ArtGenerator.writePack(folder: packDir, count: count, side: 160, seed: 2026)
  /// Total bytes of a build (.pack and sheets), its sheet count and mean occupancy.
  func figures(_ r: BuildReport) -> (bytes: Int, sheets: Int, occupancy: Double) {
    let p = r.packs[0]
    let occ = p.sheets.reduce(0.0) { $0 + $1.spriteFraction * Double($1.width * $1.height) }
      / Double(max(1, p.sheets.reduce(0) { $0 + $1.width * $1.height }))
    return (p.sheets.reduce(0) { $0 + $1.bytes } + p.packBytes, p.sheets.count, occ)
  }
  var totals: [SheetLayout: Int] = [:]
  for layout in SheetLayout.allCases {
    let t = now()
    let (r, _) = try compactBuild(packDir, work + "/layout-\(layout.rawValue)", { $0.layout = layout })
    let f = figures(r)
    totals[layout] = f.bytes
    out.append(
      Sample(
        name: "\(count) sources, --layout \(layout.rawValue): .pack and sheets", unit: "bytes", value: Double(f.bytes),
        note: "\(f.sheets) sheets, occupancy \(fmt(f.occupancy * 100))%, build \(fmt(now() - t)) s"))
  }
  if let pages = totals[.pages], let global = totals[.global] {
    out.append(
      Sample(
        name: "  pages / global, bytes", unit: "×", value: Double(pages) / Double(global), note: "target ≤ 1.03"))
  }
  // One edit at a time from the same first version, republished over the first site.
  let key = try SigningKey.generate()
  let pngs = try FileManager.default.contentsOfDirectory(atPath: packDir).filter { $0.hasSuffix(".png") }.sorted {
    $0.count != $1.count ? $0.count < $1.count : $0 < $1
  }
  let manifest = try String(contentsOfFile: packDir + "/pack.json", encoding: .utf8)
  let middle = pngs[pngs.count / 2]
  var g = ArtGenerator(seed: 99)
  let changedFace = try PNGEncoder.encode(g.face(side: 160), options: PNGEncodeOptions(level: 6))
  let edits: [(String, (String) throws -> Void)] = [
    (
      "change one emoticon",
      { dir in try Data(changedFace).write(to: URL(fileURLWithPath: dir + "/" + middle)) }
    ),
    (
      "add one at the end",
      { dir in
        try Data(changedFace).write(to: URL(fileURLWithPath: dir + "/added.png"))
        let end = manifest.range(of: "]}", options: .backwards)!
        try manifest.replacingCharacters(in: end, with: #", {"image": "added.png", "tags": ["[added]"]}]}"#)
          .write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
      }
    ),
    (
      "remove one from the middle",
      { dir in
        let entry = #"{"image": "\#(middle)", "tags": ["[表情\#(middle.dropFirst().dropLast(4))]", "[\#(middle.dropLast(4))]"]},"#
        precondition(manifest.contains(entry), "the bench pack's manifest changed shape")
        try manifest.replacingOccurrences(of: entry, with: "").write(
          toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
      }
    ),
  ]
  for layout in SheetLayout.allCases {
    let site = work + "/layout-site-\(layout.rawValue)"
    try? FileManager.default.removeItem(atPath: site)
    let (first, _) = try compactBuild(packDir, work + "/layout-first-\(layout.rawValue)", { $0.layout = layout })
    let packBytes = figures(first).bytes
    _ = try Publisher.publish(packPaths: [work + "/layout-first-\(layout.rawValue)/bench.pack"], site: site, keys: [key])
    let firstIndex = try [UInt8](Data(contentsOf: URL(fileURLWithPath: site + "/index.json")))
    for (name, edit) in edits {
      let dir = work + "/layout-edit"
      try? FileManager.default.removeItem(atPath: dir)
      try FileManager.default.copyItem(atPath: packDir, toPath: dir)
      try edit(dir)
      let editedOut = work + "/layout-edited-\(layout.rawValue)"
      _ = try compactBuild(dir, editedOut, { $0.layout = layout })
      let copy = site + "-copy"
      try? FileManager.default.removeItem(atPath: copy)
      try FileManager.default.copyItem(atPath: site, toPath: copy)
      let report = try Publisher.publish(packPaths: [editedOut + "/bench.pack"], site: copy, keys: [key])
      let share = Double(report.bytesWritten) / Double(packBytes)
      out.append(
        Sample(
          name: "--layout \(layout.rawValue), \(name): bytes republished", unit: "bytes",
          value: Double(report.bytesWritten),
          note:
            "\(fmt(share * 100))% of the pack's \(packBytes) bytes, \(report.written.count) file(s)\(layout == .pages ? " (target ≤ 10%)" : "")"
        ))
      // The store's update for the change, over loopback, against a full install of the changed site.
      if layout == .pages && name == "change one emoticon" {
        out += try storeSamples(site: copy, key: key, first: firstIndex, work: work, reps: reps)
      }
    }
  }
  out += try animatedLayoutSamples(work: work)
  return out
}

/// The chat-like animated fixture built at 2x: sheet bytes against the GIFs' and between the layouts, lossless PNG
/// and lossless WebP.
func animatedLayoutSamples(work: String) throws -> [Sample] {
  let dir = work + "/chat"
  let gifBytes = try ChatFixtures.writeAnimatedPack(folder: dir)
  var out = [
    Sample(
      name: "chat fixture: 88 GIFs of 2–13 frames + 52 stills, 56 px\(which("gifsicle") == nil ? "" : " (gifsicle -O3)")",
      unit: "bytes", value: Double(gifBytes), note: "the GIFs' bytes")
  ]
  var bytes: [String: Int] = [:]
  for format in [SheetFormat.png, .webp] {
    for layout in SheetLayout.allCases {
      let t = now()
      let (r, _) = try compactBuild(
        dir, work + "/chat-\(format.fileExtension)-\(layout.rawValue)",
        {
          $0.layout = layout
          $0.sheetFormat = format
        })
      let sheets = r.packs[0].sheets.reduce(0) { $0 + $1.bytes }
      bytes["\(format.fileExtension) \(layout.rawValue)"] = sheets
      let configurations = Set(r.packs[0].sheets.compactMap(\.webpConfiguration)).sorted()
      out.append(
        Sample(
          name: "  \(format.fileExtension) sheets, --layout \(layout.rawValue)", unit: "bytes", value: Double(sheets),
          note:
            "\(fmt(Double(sheets) / Double(gifBytes)))× the GIFs, \(r.packs[0].sheets.count) sheets, build \(fmt(now() - t)) s\(configurations.isEmpty ? "" : ", libwebp " + configurations.joined(separator: " / "))"
        ))
    }
    if let p = bytes["\(format.fileExtension) pages"], let g = bytes["\(format.fileExtension) global"] {
      out.append(
        Sample(name: "    \(format.fileExtension): pages / global", unit: "×", value: Double(p) / Double(g), note: ""))
    }
  }
  if let w = bytes["webp pages"], let p = bytes["png pages"] {
    out.append(
      Sample(
        name: "    lossless WebP / PNG, pages", unit: "×", value: Double(w) / Double(p), note: "target ≤ 1"))
  }
  return out
}
