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
