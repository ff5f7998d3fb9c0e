/// An animation decoded to whole frames: each frame is the full canvas after its disposal and blending.
package struct AnimatedImage: Sendable, Equatable {
  /// Canvas width.
  package var width: Int
  /// Canvas height.
  package var height: Int
  /// The frames in order, each `width × height`, straight alpha.
  package var frames: [Frame]
  /// Total plays, 0 forever.
  package var loopCount: Int

  /// One shown frame.
  package struct Frame: Sendable, Equatable {
    /// The whole canvas as shown.
    package var image: RGBAImage
    /// How long it is shown, in milliseconds (already normalised: see `GIFDecoder` and `APNGDecoder`).
    package var delay: Int

    /// Creates a frame.
    package init(image: RGBAImage, delay: Int) {
      self.image = image
      self.delay = delay
    }
  }

  /// Creates an animation.
  package init(width: Int, height: Int, frames: [Frame], loopCount: Int) {
    self.width = width
    self.height = height
    self.frames = frames
    self.loopCount = loopCount
  }

  /// The sum of the frames' delays in milliseconds.
  package var duration: Int { frames.reduce(0) { $0 + $1.delay } }
}
