/// Limits on manifests, checked before the cost is paid.
public struct ManifestLimits: Sendable, Equatable {
  /// Largest manifest file in bytes.
  public var maxBytes: Int = 16 << 20
  /// Deepest nesting of arrays and objects.
  public var maxDepth: Int = 64
  /// Most entries in one pack.
  public var maxEntries: Int = 65_535
  /// Longest tag in UTF-8 bytes.
  public var maxTagBytes: Int = 256

  /// Creates the default limits.
  public init() {}
}
