import EmoImage
import EmoPackFormat

// Animations: the file or the frames an entry names, its loop count and its still.
extension PackValidation {
  /// The entry's animation from `file` (a GIF, APNG or animated WebP) or its `frames`, with its loop and still;
  /// a single frame given as an image is the still source instead.
  mutating func animation(
    of entry: ManifestEntry, file: Located<String>?, still image: Located<String>?
  ) -> (ImageSource?, ValidatedAnimation?) {
    var animation: ValidatedAnimation?
    if let file {
      if let a = validator.checkAnimationFile(
        file, folder: pack.folder, files: files, pointSize: settings.pointSize, diagnostics: &d)
      {
        animation = ValidatedAnimation(frames: .file(a.source, frameCount: a.frames), loop: nil, still: nil)
        usedImages.insert(PathKey(file.value))
      }
    } else if !entry.frames.isEmpty {
      var images: [ImageSource] = []
      var delays: [Int] = []
      for var frame in entry.frames {
        frame.image = resolved(frame.image)
        if let checked = checkedImage(frame.image) { images.append(checked) }
        usedImages.insert(PathKey(frame.image.value))
        if !(1...65535).contains(frame.delay.value) {
          d.error(
            .frameDelayRange, "frame delay \(frame.delay.value) ms is not in 1...65535", at: frame.delay.location)
        }
        delays.append(frame.delay.value)
      }
      if images.count == entry.frames.count {
        animation = ValidatedAnimation(frames: .images(images, delays: delays), loop: nil, still: nil)
      }
    }
    guard var a = animation else { return (nil, nil) }
    if let loop = entry.loop {
      if (0...65535).contains(loop.value) {
        a.loop = loop.value
      } else {
        d.error(.loopRange, "loop \(loop.value) is not in 0...65535 (total plays, 0 forever)", at: loop.location)
      }
    }
    let count: Int
    switch a.frames {
    case .file(_, let n): count = n
    case .images(let images, _): count = images.count
    }
    if let still = entry.still, let own = image {
      // The still is one thing: the entry's own still image, or the frame `still` names.
      d.error(
        .stillConflict, "the entry has a still image ('\(own.value)') and 'still' \(still.value): give one of them",
        at: still.location)
      d.error(
        .stillConflict, "the entry has 'still' \(still.value) and this still image: give one of them",
        at: own.location)
    } else if let still = entry.still {
      if (0..<count).contains(still.value) {
        a.still = still.value
      } else {
        d.error(.stillRange, "still \(still.value) is not a frame index (0..<\(count))", at: still.location)
      }
    }
    // One frame given as an image is a still (a one-frame GIF or APNG is made a still by the build).
    if count == 1, image == nil, case .images(let images, _) = a.frames { return (images[0], nil) }
    return (nil, a)
  }
}
