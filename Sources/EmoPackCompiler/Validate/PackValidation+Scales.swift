import EmoImage
import EmoPackFormat
import Foundation

// Scales: when the manifest and the flags name none, those every source has the pixels for.
extension PackValidation {
  /// The scales every source has the pixels for (at least size × scale on each side), of those asked.
  ///
  /// The others are left out with one note naming the sources short of them. When none is, the smallest scale
  /// is kept, with a warning for each source short of it.
  static func scalesTheSourcesGive(
    _ pack: PackManifest, _ entries: [ValidatedEntry], _ settings: PackSettings, _ d: inout Diagnostics
  ) -> [Int] {
    var seen = Set<String>()
    let sources = entries.flatMap { [$0.image].compactMap { $0 } + ($0.animation?.sources ?? []) }.filter {
      seen.insert($0.path).inserted
    }
    guard !sources.isEmpty, let smallest = settings.scales.first else { return settings.scales }
    func short(_ scale: Int) -> [ImageSource] {
      sources.filter { min($0.width, $0.height) < settings.pointSize * scale }
    }
    var kept = settings.scales.filter { short($0).isEmpty }
    if kept.isEmpty {
      kept = [smallest]
      let side = settings.pointSize * smallest
      for s in short(smallest) {
        d.warning(
          .imageSmall,
          "image '\(s.relativePath)' is \(s.width)x\(s.height), smaller than \(side)x\(side) (size \(settings.pointSize) × scale \(smallest)): it will be upscaled and look blurry",
          at: s.location)
      }
    }
    let left = settings.scales.filter { !kept.contains($0) }
    if let first = left.first {
      let shortOfFirst = short(first)
      let examples = shortOfFirst.prefix(3).map { "\($0.relativePath) \($0.width)x\($0.height)" }
        .joined(separator: ", ")
      let all = settings.scales.map(String.init).joined(separator: ", ")
      d.note(
        .scalesLeftOut,
        "\(left.map { "\($0)x" }.joined(separator: ", ")) not built: \(shortOfFirst.count) source(s) have fewer than "
          + "\(settings.pointSize * first)x\(settings.pointSize * first) pixels (\(examples)\(shortOfFirst.count > 3 ? ", …" : "")); "
          + "name the scales to build them anyway (\"scales\": [\(all)] in the manifest, or --scales \(all.replacingOccurrences(of: " ", with: "")))",
        at: pack.location)
    }
    return kept
  }
}
