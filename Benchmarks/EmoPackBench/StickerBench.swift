import EmoPackCompiler
import Foundation

/// Sticker exports of the sample packs: time per sticker and bytes against each platform's limit.
func stickerSamples(work: String) throws -> [Sample] {
  let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../packs").standardized.path
  var out: [Sample] = []
  for pack in ["langxiaohua", "animated"] {
    for platform in StickerPlatform.allCases where !(pack == "animated" && platform == .telegram) {
      var o = StickerOptions(platform: platform, outputDirectory: work + "/stickers-\(pack)-\(platform.rawValue)")
      o.publisher = "emopack-bench"
      o.defaultEmoji = "😀"
      let t = now()
      let report = StickerExporter.export(paths: [samples + "/" + pack], options: o)
      let seconds = now() - t
      let stickers = report.packs.flatMap(\.stickers)
      guard !stickers.isEmpty else { throw BenchError("\(pack) to \(platform.rawValue): \(report.diagnostics)") }
      let animated = stickers.contains(where: \.animated)
      let limit = Double(animated ? platform.rules.maxAnimatedBytes : platform.rules.maxStaticBytes)
      let shares = stickers.map { Double($0.bytes) / limit * 100 }.sorted()
      let lossy = stickers.filter { $0.quality != nil }
      out.append(
        Sample(
          name: "\(pack) → \(platform.rawValue): bytes / limit (\(stickers.count) stickers)", unit: "%", values: shares,
          note:
            "\(fmt(seconds / Double(stickers.count) * 1000)) ms a sticker; \(lossy.count) lossy (least SSIM \(String(format: "%.3f", lossy.map(\.ssim).min() ?? 1)))"
        ))
    }
  }
  return out
}
