/// A checked animation: a GIF or APNG file, or frames given as images.
package struct ValidatedAnimation: Sendable, Equatable {
  /// Where the frames come from.
  package enum Frames: Sendable, Equatable {
    /// A GIF or an animated PNG, with the frame count its first pass found.
    case file(ImageSource, frameCount: Int)
    /// Still images, each shown for its delay in milliseconds.
    case images([ImageSource], delays: [Int])
  }

  /// The frames.
  package var frames: Frames
  /// Total plays, 0 forever, when the manifest says (else the file's; frames given as images loop forever).
  package var loop: Int?
  /// The still frame when the manifest names one (else the first frame, or the entry's own still image).
  package var still: Int?

  /// The image files it reads.
  package var sources: [ImageSource] {
    switch frames {
    case .file(let f, _): [f]
    case .images(let images, _): images
    }
  }
}
