/// The palette mode's one retry policy: which page sizes each scale is laid out on next.
///
/// A scale whose sheets cannot all hold the SSIM floor is laid out again on smaller pages (half the side: a
/// quarter of the sprites each, so each palette serves fewer), at most `maxHalvings` times, and only while its
/// sheets are near the floor (far under it no palette holds). A scale still under the floor then takes, of its
/// first layout and the page sizes that made indexed sheets, the one whose sheets are the fewest bytes; every
/// sheet of those was encoded already, so laying the choice out again encodes nothing. Outside the palette mode
/// the first layout stands.
struct PaletteRelayout {
  /// How often a scale's page side is halved.
  static let maxHalvings = 2
  /// The most layouts a build makes: the first, the halvings, and the final choice.
  static let maxLayouts = maxHalvings + 2

  /// For each scale, what its page side is divided by (1: the full side).
  private(set) var divisors: [Int]
  private let enabled: Bool
  private let ssimFloor: Double
  private var halvings = 0
  private var settled = false

  /// The first layout's divisors (all 1) for `scales` scales.
  init(scales: Int, palette: Bool, ssimFloor: Double) {
    divisors = [Int](repeating: 1, count: scales)
    enabled = palette
    self.ssimFloor = ssimFloor
  }

  /// The divisors to lay out with next, given what the current ones encoded to, or nil when they stand.
  ///
  /// `earlier` holds every sheet encoded so far, by scale, divisor and page.
  mutating func next(after encoded: PackJob.Encoded, earlier: [PackJob.EncodingKey: PackJob.EncodedSheet]) -> [Int]? {
    guard enabled, !settled else { return nil }
    let failing = Set(
      encoded.keptLossless.filter { $0.minimumSSIM >= ssimFloor - PaletteQuantizer.retryMargin }.map(
        \.sheet.scaleIndex))
    if !failing.isEmpty && halvings < Self.maxHalvings {
      for k in failing { divisors[k] *= 2 }
      halvings += 1
      return divisors
    }
    settled = true
    let missing = Set(encoded.keptLossless.map(\.sheet.scaleIndex))
    let chosen = divisors.indices.map {
      missing.contains($0) ? Self.fewestBytes(scaleIndex: $0, earlier) : divisors[$0]
    }
    guard chosen != divisors else { return nil }
    divisors = chosen
    return chosen
  }

  /// The divisor of the `scaleIndex`-th scale's page side, of 1 and those in `encoded` that made an indexed sheet,
  /// whose sheets are the fewest PNG bytes in all (on a tie, the larger pages: fewer files).
  static func fewestBytes(scaleIndex: Int, _ encoded: [PackJob.EncodingKey: PackJob.EncodedSheet]) -> Int {
    var bytes: [Int: Int] = [:]
    var indexed: Set<Int> = [1]
    for (key, sheet) in encoded where key.scaleIndex == scaleIndex {
      bytes[key.divisor, default: 0] += sheet.png.count
      if let o = sheet.palette, o.accepted || o.exact { indexed.insert(key.divisor) }
    }
    return bytes.filter { indexed.contains($0.key) }.min { ($0.value, $0.key) < ($1.value, $1.key) }?.key ?? 1
  }
}
