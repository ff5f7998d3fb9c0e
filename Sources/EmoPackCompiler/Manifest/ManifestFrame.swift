/// One frame of an animation given as images.
public struct ManifestFrame: Sendable, Equatable {
  /// The frame's image.
  public var image: Located<String>
  /// How long it shows, in milliseconds.
  public var delay: Located<Int>

  /// Creates a frame.
  public init(image: Located<String>, delay: Located<Int>) {
    self.image = image
    self.delay = delay
  }
}
