import Foundation

/// A separable resampling kernel; its `id` feeds the build cache key.
public struct ResamplingFilter: Sendable, Equatable, Hashable {
  /// Stable identifier, as written in manifests and on the command line.
  public let id: String
  /// Half-width of the kernel in source pixels at scale 1.
  public let support: Double
  let kernel: @Sendable (Double) -> Double

  public static func == (a: ResamplingFilter, b: ResamplingFilter) -> Bool { a.id == b.id }
  public func hash(into h: inout Hasher) { h.combine(id) }

  /// Lanczos with three lobes: sharp, the default.
  public static let lanczos3 = ResamplingFilter(id: "lanczos3", support: 3) { x in
    let ax = abs(x)
    if ax >= 3 { return 0 }
    return sinc(ax) * sinc(ax / 3)
  }

  /// Mitchell–Netravali bicubic (B = C = 1/3): softer, no ringing.
  public static let mitchell = ResamplingFilter(id: "mitchell", support: 2) { cubic($0, b: 1.0 / 3, c: 1.0 / 3) }

  /// Catmull–Rom bicubic (B = 0, C = 1/2).
  public static let catmullRom = ResamplingFilter(id: "catmull-rom", support: 2) { cubic($0, b: 0, c: 0.5) }

  /// Area average (box).
  public static let box = ResamplingFilter(id: "box", support: 0.5) { x in
    (x > -0.5 && x <= 0.5) ? 1 : 0
  }

  /// True when the kernel is 1 at 0 and (within 1e-9) 0 at every other whole number of its support: at scale 1
  /// it keeps each pixel as it is.
  public var interpolates: Bool {
    kernel(0) == 1 && (1...max(1, Int(support.rounded(.down)))).allSatisfy { abs(kernel(Double($0))) < 1e-9 }
  }

  /// Every filter, by id.
  public static let all: [ResamplingFilter] = [.lanczos3, .mitchell, .catmullRom, .box]

  /// Names accepted in manifests and flags.
  public static var allNames: [String] { all.map(\.id) }

  /// Other names accepted for filters, by the filter's id.
  package static let aliases = [
    "lanczos": "lanczos3", "bicubic": "mitchell", "area": "box", "catmullrom": "catmull-rom",
  ]

  /// The filter called `name` (also `lanczos`, `bicubic`, `area`), or nil.
  public init?(name: String) {
    let key = Self.aliases[name.lowercased()] ?? name.lowercased()
    guard let f = Self.all.first(where: { $0.id == key }) else { return nil }
    self = f
  }

  private init(id: String, support: Double, kernel: @escaping @Sendable (Double) -> Double) {
    self.id = id
    self.support = support
    self.kernel = kernel
  }

  private static func sinc(_ x: Double) -> Double {
    if x == 0 { return 1 }
    let px = Double.pi * x
    return sin(px) / px
  }

  private static func cubic(_ x: Double, b: Double, c: Double) -> Double {
    let ax = abs(x)
    if ax < 1 {
      return ((12 - 9 * b - 6 * c) * ax * ax * ax + (-18 + 12 * b + 6 * c) * ax * ax + (6 - 2 * b)) / 6
    }
    if ax < 2 {
      return ((-b - 6 * c) * ax * ax * ax + (6 * b + 30 * c) * ax * ax + (-12 * b - 48 * c) * ax + (8 * b + 24 * c)) / 6
    }
    return 0
  }
}
