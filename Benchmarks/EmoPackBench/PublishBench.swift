import EmoPNG
import EmoPackCompiler
import EmoSign
import Foundation

/// Signed sites: publishing the generated pack, verifying the site against `sha256sum` of the same files, and the
/// bytes a one-emoticon change adds.
func publishSamples(work: String, count: Int, reps: Int) throws -> [Sample] {
  let packDir = work + "/publish-pack"
  try? FileManager.default.removeItem(atPath: packDir)
  _ = try ArtGenerator.writePack(folder: packDir, count: count, side: 160, seed: 2026)
  let (built, _) = try compactBuild(packDir, work + "/publish-out", { _ in })
  let packPath = work + "/publish-out/bench.pack"
  let key = try SigningKey.generate()
  let site = work + "/publish-site"
  var publishTimes: [Double] = []
  for _ in 0..<reps {
    try? FileManager.default.removeItem(atPath: site)
    let t = now()
    _ = try Publisher.publish(packPaths: [packPath], site: site, keys: [key])
    publishTimes.append(now() - t)
  }
  let siteBytes = built.packs[0].sheets.reduce(0) { $0 + $1.bytes } + built.packs[0].packBytes
  var out = [
    Sample(
      name: "publish \(count) sources (\(siteBytes) bytes of .pack and sheets)", unit: "s", values: publishTimes)
  ]
  // Verification against the floor: sha256sum reading the same files, timed in turn.
  let files = try FileManager.default.contentsOfDirectory(atPath: site + "/files").sorted().map {
    site + "/files/" + $0
  }
  if let sha256sum = which("sha256sum") {
    let timed = interleavedSamples(
      rounds: max(3, reps),
      [
        (
          1,
          {
            let t = now()
            precondition(SiteVerifier.verify(site: site, trusted: [key.verifyingKey]).isEmpty)
            return now() - t
          }
        ),
        (
          1,
          {
            let t = now(); _ = runCapturing(sha256sum, files); return now() - t
          }
        ),
      ])
    let (v, f) = (timed[0].sorted()[timed[0].count / 2], timed[1].sorted()[timed[1].count / 2])
    out += [
      Sample(name: "verify the site", unit: "s", values: timed[0]),
      Sample(name: "floor: sha256sum of the same files", unit: "s", values: timed[1]),
      Sample(name: "  verify / sha256sum", unit: "×", value: v / f, note: "target ≤ 1.3"),
    ]
  }
  // One emoticon changed: what the next publish adds.
  let first = try FileManager.default.contentsOfDirectory(atPath: packDir).filter { $0.hasSuffix(".png") }.sorted()[0]
  var g = ArtGenerator(seed: 99)
  try Data(try PNGEncoder.encode(g.face(side: 160), options: PNGEncodeOptions(level: 6))).write(
    to: URL(fileURLWithPath: packDir + "/" + first))
  _ = try compactBuild(packDir, work + "/publish-out2", { _ in })
  let report = try Publisher.publish(packPaths: [work + "/publish-out2/bench.pack"], site: site, keys: [key])
  out.append(
    Sample(
      name: "one emoticon changed: bytes added to the site", unit: "bytes", value: Double(report.bytesWritten),
      note:
        "\(fmt(Double(report.bytesWritten) / Double(siteBytes) * 100))% of the pack's bytes; \(report.written.count) file(s)"
    ))
  return out
}
