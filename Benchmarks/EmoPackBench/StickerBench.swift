import EmoPackCompiler
import Foundation

/// Sticker exports: the chat fixture (the shape of a real animated pack: 140 code-list items, 88 GIFs of 56 px at
/// 2x with up to 13 frames, 52 stills), the ladder fixture (animations no platform takes lossless) and the sample
/// packs, to every platform, with the wall-clock time against the platform's target, the bytes against its limit
/// and the least SSIM at display times. `quick`: the ladder fixture alone. Every export is checked as the tests
/// check it (no sticker refused, each within the platform's byte limit, least SSIM 0.93, every animation of the
/// ladder past lossless): `.ci/run` runs `--stickers-only --quick` in release for the cases too long for a debug
/// test run.
func stickerSamples(work: String, quick: Bool) throws -> [Sample] {
  let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../packs").standardized.path
  let ladder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Tests/EmoPackCompilerTests/Fixtures/packs/ladder").standardized.path
  let chat = work + "/sticker-chat"
  if !quick { _ = try ChatFixtures.writeAnimatedPack(folder: chat) }
  // Wall-clock targets for the chat pack's 140 stickers on 2 cores; nil: no target.
  let targets: [StickerPlatform: Double] = [.whatsapp: 30, .signal: 60]
  var out: [Sample] = []
  let sources =
    quick
    ? [("ladder", ladder)]
    : [
      ("chat", chat), ("ladder", ladder), ("langxiaohua", samples + "/langxiaohua"),
      ("animated", samples + "/animated"),
    ]
  for (pack, path) in sources {
    for platform in StickerPlatform.allCases {
      var o = StickerOptions(platform: platform, outputDirectory: work + "/stickers-\(pack)-\(platform.rawValue)")
      o.publisher = "emopack-bench"
      o.defaultEmoji = "😀"
      o.stills = platform == .telegram
      FileHandle.standardError.write(Data("stickers: \(pack) → \(platform.rawValue)…\n".utf8))
      let t = now()
      let report = StickerExporter.export(paths: [path], options: o)
      let seconds = now() - t
      let stickers = report.packs.flatMap(\.stickers)
      let errors = report.diagnostics.filter { $0.severity == .error }
      guard errors.isEmpty, !stickers.isEmpty else {
        throw BenchError("\(pack) to \(platform.rawValue): \(errors.map(\.message).joined(separator: "\n"))")
      }
      for s in stickers {
        let limit = s.animated ? platform.rules.maxAnimatedBytes : platform.rules.maxStaticBytes
        guard s.bytes <= limit, s.ssim >= 0.93 else {
          throw BenchError("\(pack) to \(platform.rawValue): \(s.entry) is \(s.bytes) bytes at SSIM \(s.ssim)")
        }
        if pack == "ladder" && s.animated {
          guard s.steps.first?.step == "lossless", (s.steps.first?.bytes ?? 0) > platform.rules.maxAnimatedBytes else {
            throw BenchError("ladder to \(platform.rawValue): \(s.entry) did not start lossless over the limit")
          }
        }
      }
      guard report.leastSSIM >= 0.93 else {
        throw BenchError("\(pack) to \(platform.rawValue): least SSIM \(report.leastSSIM)")
      }
      let shares = stickers.map { s in
        Double(s.bytes) / Double(s.animated ? platform.rules.maxAnimatedBytes : platform.rules.maxStaticBytes) * 100
      }
      var steps: [String: Int] = [:]
      for s in stickers { steps[s.steps.last?.step ?? "lossless", default: 0] += 1 }
      let kept = steps.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
      let target = pack == "chat" ? targets[platform] : nil
      out.append(
        Sample(
          name: "\(pack) → \(platform.rawValue) (\(stickers.count) stickers): wall seconds", unit: "s",
          values: [seconds],
          note: (target.map { "\(fmt(seconds / $0))× the \(Int($0)) s target; " } ?? "")
            + "largest \(fmt(shares.max() ?? 0)) % of the limit; least SSIM \(String(format: "%.4f", report.leastSSIM)); kept: \(kept)"
        ))
    }
  }
  return out
}
