/// Errors from packing.
public struct PackingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What could not be packed.
  public let message: String
  public var description: String { message }
}
