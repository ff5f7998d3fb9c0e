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

/// Time spent in one stage.
public struct StageTime: Sendable, Codable, Equatable {
  /// Stage name.
  public var stage: String
  /// Seconds.
  public var seconds: Double
}

/// What was built for one pack.
public struct PackReport: Sendable, Codable, Equatable {
  /// Pack id.
  public var id: String
  /// Path of the `.pack` file.
  public var packFile: String
  /// Size of the `.pack` file.
  public var packBytes: Int
  /// Entries.
  public var entries: Int
  /// Distinct sprites after sharing identical ones.
  public var uniqueSprites: Int
  /// Sheets written (or kept).
  public var sheets: [SheetReport]
  /// True when nothing had changed and no file was touched.
  public var upToDate: Bool
  /// Images decoded and resampled in this build.
  public var imagesProcessed: Int
  /// Images whose sprites came from the cache.
  public var imagesFromCache: Int
  /// Bytes written to the output folder by this build.
  public var bytesWritten: Int
}

/// One sheet PNG.
public struct SheetReport: Sendable, Codable, Equatable {
  /// File name in the output folder.
  public var file: String
  /// Scale.
  public var scale: Int
  /// Page.
  public var page: Int
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// PNG size in bytes.
  public var bytes: Int
  /// Sprite pixels / sheet pixels.
  public var spriteFraction: Double
  /// Sprites with padding and extrusion / sheet pixels.
  public var packingEfficiency: Double
  /// True when the sheet was written as a reduced palette.
  public var palette: Bool = false
}

/// Progress of a running build.
public struct BuildProgress: Sendable {
  /// The stage running.
  public var stage: String
  /// Pack being built.
  public var pack: String
  /// Units done.
  public var done: Int
  /// Units in all.
  public var total: Int
}
