/// An animation decoded to whole frames: each frame is the full canvas after its disposal and blending.
public struct AnimatedImage: Sendable, Equatable {
  /// Canvas width.
  public var width: Int
  /// Canvas height.
  public var height: Int
  /// The frames in order, each `width × height`, straight alpha.
  public var frames: [Frame]
  /// Total plays, 0 forever.
  public var loopCount: Int

  /// One shown frame.
  public struct Frame: Sendable, Equatable {
    /// The whole canvas as shown.
    public var image: RGBAImage
    /// How long it is shown, in milliseconds (already normalised: see `GIFDecoder` and `APNGDecoder`).
    public var delay: Int

    /// Creates a frame.
    public init(image: RGBAImage, delay: Int) {
      self.image = image
      self.delay = delay
    }
  }

  /// Creates an animation.
  public init(width: Int, height: Int, frames: [Frame], loopCount: Int) {
    self.width = width
    self.height = height
    self.frames = frames
    self.loopCount = loopCount
  }

  /// The sum of the frames' delays in milliseconds.
  public var duration: Int { frames.reduce(0) { $0 + $1.delay } }
}
