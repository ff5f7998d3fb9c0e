import EmoPNG
import EmoPackCompiler
import EmoPackStore
import EmoSign
import Foundation
import LoopbackServer

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
  let firstIndex = try [UInt8](Data(contentsOf: URL(fileURLWithPath: site + "/index.json")))
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
  out += try storeSamples(site: site, key: key, first: firstIndex, work: work, reps: reps)
  return out
}

/// The runtime store over the loopback server: a full install of the changed site into an empty folder against
/// the update from the first version, timed in turn.
func storeSamples(site: String, key: SigningKey, first: [UInt8], work: String, reps: Int) throws -> [Sample] {
  let second = try [UInt8](Data(contentsOf: URL(fileURLWithPath: site + "/index.json")))
  let server = try LoopbackServer(root: site)
  defer { server.stop() }
  var round = 0
  var bytes = (full: 0, update: 0)
  let (url, keys) = (server.url, [key.verifyingKey.bytes])
  @Sendable func store(_ folder: String) throws -> PackStore {
    try PackStore(site: url, trustedKeys: keys, folder: folder)
  }
  let timed = interleavedSamples(
    rounds: max(3, reps),
    [
      (
        1,
        {
          round += 1
          let folder = work + "/store-full-\(round)"
          server.setFault(.body(second), for: "/index.json")
          let t = now()
          let report = try! blocking { try await store(folder).refresh() }
          let elapsed = now() - t
          bytes.full = report.bytesFetched
          try? FileManager.default.removeItem(atPath: folder)
          return elapsed
        }
      ),
      (
        1,
        {
          round += 1
          let folder = work + "/store-update-\(round)"
          server.setFault(.body(first), for: "/index.json")
          _ = try! blocking { try await store(folder).refresh() }
          server.setFault(.body(second), for: "/index.json")
          let t = now()
          let report = try! blocking { try await store(folder).refresh() }
          let elapsed = now() - t
          bytes.update = report.bytesFetched
          try? FileManager.default.removeItem(atPath: folder)
          return elapsed
        }
      ),
    ])
  let (f, u) = (timed[0].sorted()[timed[0].count / 2], timed[1].sorted()[timed[1].count / 2])
  return [
    Sample(name: "store: full install over loopback HTTP", unit: "s", values: timed[0], note: "\(bytes.full) bytes"),
    Sample(name: "store: one-emoticon update", unit: "s", values: timed[1], note: "\(bytes.update) bytes"),
    Sample(
      name: "  update / full install", unit: "×", value: u / f,
      note: "bytes \(fmt(Double(bytes.update) / Double(max(1, bytes.full))))×"),
  ]
}

/// Runs `body` to its end from synchronous code.
func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  Task {
    do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
    done.signal()
  }
  done.wait()
  return try box.result!.get()
}

final class ResultBox<T>: @unchecked Sendable {
  var result: Result<T, any Error>?
}
