/// Time spent in one stage.
public struct StageTime: Sendable, Codable, Equatable {
  /// Stage name.
  public var stage: String
  /// Seconds.
  public var seconds: Double
}
