import EmoImage

/// One sprite after trimming: its pixels at one scale and where they sit in the emoticon's square.
package struct TrimmedImage: Sendable, Equatable {
  /// The visible pixels (straight alpha); empty (0 × 0) when nothing is visible.
  package var image: RGBAImage
  /// Where `image`'s left edge goes in the `pointSize × scale` square.
  package var left: Int
  /// Where `image`'s top edge goes in the square.
  package var top: Int

  /// Creates a trimmed image.
  package init(image: RGBAImage, left: Int, top: Int) {
    self.image = image
    self.left = left
    self.top = top
  }
}
