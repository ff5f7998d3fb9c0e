/// What a build did, for the summary, `--json` and tests.
public struct BuildReport: Sendable, Codable, Equatable {
  /// One report per pack, in build order.
  public var packs: [PackReport]
  /// Warnings and notes (errors stop the build and come through `BuildError`).
  public var diagnostics: [Diagnostic]
  /// Wall time in seconds.
  public var seconds: Double
  /// Wall time per stage in seconds: validate, images, pack, encode, write.
  public var stages: [StageTime]
  /// Peak resident memory of the process at the end of the build, in bytes (Linux), else nil.
  public var peakMemoryBytes: Int?

  /// A report of `packs` and `diagnostics` (a failed build has no pack and its errors among the diagnostics).
  public init(
    packs: [PackReport], diagnostics: [Diagnostic], seconds: Double, stages: [StageTime], peakMemoryBytes: Int? = nil
  ) {
    self.packs = packs
    self.diagnostics = diagnostics
    self.seconds = seconds
    self.stages = stages
    self.peakMemoryBytes = peakMemoryBytes
  }
}
