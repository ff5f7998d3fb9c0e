/// One frame of an animation given as images.
package struct ManifestFrame: Sendable, Equatable {
  /// The frame's image.
  package var image: Located<String>
  /// How long it shows, in milliseconds.
  package var delay: Located<Int>

  /// Creates a frame.
  package init(image: Located<String>, delay: Located<Int>) {
    self.image = image
    self.delay = delay
  }
}
