/// How one scale is laid out: its page side divided by `divisor`, and the distinct sprites (by index) set apart
/// on pages of their own.
struct LayoutChoice: Hashable, Sendable {
  var divisor = 1
  var apart: [Int] = []
}

/// The palette mode's one retry policy: how each scale is laid out next when its sheets miss the SSIM floor.
///
/// A scale whose palette sheets have a few sprites under the floor sets those sprites apart, on pages of their own
/// (quantized with a palette of their own, or lossless when none holds), so that the rest keep a shared palette;
/// sprites still under the floor then are set apart too, up to `maxRounds` layouts. A scale where many sprites
/// miss the floor, but only narrowly, is laid out on smaller pages instead (half the side, so each palette serves
/// a quarter of the sprites), at most `maxHalvings` times. Once nothing more helps, each scale that missed takes,
/// of its first layout and the layouts tried that made an indexed sheet, the one whose sheets are the fewest
/// bytes; every sheet of those was encoded already, so laying the choice out again encodes nothing. Outside the
/// palette mode the first layout stands.
struct PaletteRelayout {
  /// How often a scale's page side is halved.
  static let maxHalvings = 2
  /// Layouts tried after the first, before the final choice.
  static let maxRounds = 4
  /// The most layouts a build makes: the first, the retries, and the final choice.
  static let maxLayouts = maxRounds + 2
  /// The largest share of a scale's sprites that may be set apart: past it, the sheet is not "a few hard
  /// sprites" but art no shared palette suits.
  static let maxApartFraction = 0.25

  /// For each scale, how it is laid out.
  private(set) var choices: [LayoutChoice]
  /// Every choice tried per scale.
  private(set) var tried: [Set<LayoutChoice>]
  private let enabled: Bool
  private let ssimFloor: Double
  private let spriteCount: Int
  private var rounds = 0
  private var halvings: [Int]
  private var settled = false

  /// The first layout's choices (full pages, nothing apart) for `scales` scales of `sprites` distinct sprites.
  init(scales: Int, sprites: Int, palette: Bool, ssimFloor: Double) {
    choices = [LayoutChoice](repeating: LayoutChoice(), count: scales)
    tried = choices.map { [$0] }
    halvings = [Int](repeating: 0, count: scales)
    spriteCount = sprites
    enabled = palette
    self.ssimFloor = ssimFloor
  }

  /// The choices to lay out with next, given what the current ones encoded to, or nil when they stand.
  ///
  /// `earlier` holds every sheet encoded so far, by scale, choice and page.
  mutating func next(
    after encoded: PackJob.Encoded, earlier: [PackJob.EncodingKey: PackJob.EncodedSheet]
  ) -> [LayoutChoice]? {
    guard enabled, !settled else { return nil }
    var next = choices
    if rounds < Self.maxRounds {
      for k in Set(encoded.keptLossless.map(\.sheet.scaleIndex)) {
        let failing = encoded.failing[k] ?? []
        let apart = Set(choices[k].apart).union(failing)
        let nearFloor = encoded.keptLossless.contains {
          $0.sheet.scaleIndex == k && $0.minimumSSIM >= ssimFloor - PaletteQuantizer.retryMargin
        }
        if !failing.isEmpty, Double(apart.count) <= Self.maxApartFraction * Double(spriteCount) {
          next[k].apart = apart.sorted()
        } else if nearFloor && halvings[k] < Self.maxHalvings {
          next[k] = LayoutChoice(divisor: choices[k].divisor * 2, apart: [])
          halvings[k] += 1
        }
      }
      if next != choices {
        rounds += 1
        choices = next
        for k in next.indices { tried[k].insert(next[k]) }
        return next
      }
    }
    settled = true
    let chosen = choices.indices.map { k in
      tried[k].count > 1 ? Self.fewestBytes(scaleIndex: k, tried[k], earlier) : choices[k]
    }
    guard chosen != choices else { return nil }
    choices = chosen
    return chosen
  }

  /// Of the first layout and the choices tried for the `scaleIndex`-th scale that made an indexed sheet, the one
  /// whose sheets are the fewest PNG bytes in all (on a tie: the fewest sprites apart, then the larger pages). A
  /// layout that indexed nothing is only the first one cut into more files.
  static func fewestBytes(
    scaleIndex: Int, _ tried: Set<LayoutChoice>, _ encoded: [PackJob.EncodingKey: PackJob.EncodedSheet]
  ) -> LayoutChoice {
    var bytes: [LayoutChoice: Int] = [:]
    var indexed: Set<LayoutChoice> = [LayoutChoice()]
    for (key, sheet) in encoded where key.scaleIndex == scaleIndex && tried.contains(key.choice) {
      bytes[key.choice, default: 0] += sheet.bytes.count
      if let o = sheet.palette, o.accepted || o.exact { indexed.insert(key.choice) }
    }
    return bytes.filter { indexed.contains($0.key) }.min { a, b in
      (a.value, a.key.apart.count, a.key.divisor) < (b.value, b.key.apart.count, b.key.divisor)
    }?.key ?? LayoutChoice()
  }
}
