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
