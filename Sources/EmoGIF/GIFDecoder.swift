import CEmoGIF
import EmoImage

/// Decodes GIFs held in memory with giflib, record by record, into whole composited frames.
///
/// A first pass (`GIFScan`) checks the structure and the limits without decoding. Then each frame is decoded by
/// giflib and composited on the canvas: its local or global palette, its transparent index, interlaced rows put
/// in order, and the previous frame's disposal applied (1 keep, 2 restore to background — transparent, as browsers
/// do —, 3 restore to what was there before). Delays follow `GIFScan.shownDelay`; the loop count
/// `GIFScan.loopCount`.
package enum GIFDecoder {
  /// True when `bytes` starts with a GIF signature.
  package static func isGIF(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 6 && bytes[0] == 0x47 && bytes[1] == 0x49 && bytes[2] == 0x46 && bytes[3] == 0x38
  }

  /// Decodes every frame.
  package static func decode(_ bytes: [UInt8], limits: AnimationLimits = .default) throws(GIFError) -> AnimatedImage {
    let scan = try GIFScan(bytes, limits: limits)
    var status = emogif_status()
    var screen = emogif_screen()
    return try bytes.withUnsafeBufferPointer { (raw) throws(GIFError) -> AnimatedImage in
      guard let decoder = emogif_open(raw.baseAddress, raw.count, &screen, &status) else {
        throw GIFError(.giflib, status.text)
      }
      defer { emogif_close(decoder) }
      let global = palette(screen.colors, count: Int(screen.color_count))
      var canvas = AnimationCanvas(width: scan.width, height: scan.height)
      var frames: [AnimatedImage.Frame] = []
      var frame = emogif_frame()
      while true {
        let r = emogif_next_frame(decoder, &frame, &status)
        if r < 0 { throw GIFError(.giflib, "frame \(frames.count): \(status.text)") }
        if r == 0 { break }
        guard frames.count < scan.delays.count else {
          throw GIFError(.malformed, "more frames than the first pass found")
        }
        let w = Int(frame.width)
        let h = Int(frame.height)
        // giflib reads the same descriptor the first pass checked; refuse anything else before allocating.
        guard w > 0, h > 0, w <= limits.maxSide, h <= limits.maxSide else {
          throw GIFError(.malformed, "frame \(frames.count) is \(w)x\(h), not what the first pass read")
        }
        var indices = [UInt8](repeating: 0, count: w * h)
        let code = indices.withUnsafeMutableBufferPointer {
          emogif_read_pixels(decoder, $0.baseAddress, $0.count, &status)
        }
        if code != 0 { throw GIFError(.giflib, "frame \(frames.count): \(status.text)") }
        let colors = frame.color_count > 0 ? palette(frame.colors, count: Int(frame.color_count)) : global
        let rows = frame.interlaced != 0 ? interlacedRows(h) : Array(0..<h)
        let saved = frame.disposal == 3 ? canvas.pixels : nil
        let transparent = Int(frame.transparent)
        let x0 = Int(frame.left)
        let y0 = Int(frame.top)
        for (fileRow, y) in rows.enumerated() {
          let cy = y0 + y
          guard cy >= 0, cy < canvas.height else { continue }
          for x in 0..<w {
            let cx = x0 + x
            guard cx >= 0, cx < canvas.width else { continue }
            let index = Int(indices[fileRow * w + x])
            // The transparent index, and an index past the palette, leave the canvas as it is.
            guard index != transparent, index * 3 + 2 < colors.count else { continue }
            let d = (cy * canvas.width + cx) * 4
            canvas.pixels[d] = colors[index * 3]
            canvas.pixels[d + 1] = colors[index * 3 + 1]
            canvas.pixels[d + 2] = colors[index * 3 + 2]
            canvas.pixels[d + 3] = 255
          }
        }
        frames.append(AnimatedImage.Frame(image: canvas.image, delay: scan.delays[frames.count]))
        switch frame.disposal {
        case 2: canvas.clear(x: x0, y: y0, width: w, height: h)
        case 3: if let saved { canvas.restore(x: x0, y: y0, width: w, height: h, from: saved) }
        default: break
        }
      }
      guard !frames.isEmpty else { throw GIFError(.malformed, "the GIF has no image") }
      // giflib and the first pass read the same blocks; a file they read differently is refused.
      guard frames.count == scan.delays.count else {
        throw GIFError(.malformed, "giflib read \(frames.count) frames, the block structure holds \(scan.delays.count)")
      }
      return AnimatedImage(width: scan.width, height: scan.height, frames: frames, loopCount: scan.loopCount)
    }
  }

  /// The canvas row of each stored row of an interlaced image (passes from rows 0, 4, 2, 1 by 8, 8, 4, 2).
  static func interlacedRows(_ h: Int) -> [Int] {
    var rows: [Int] = []
    rows.reserveCapacity(h)
    for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] { rows += stride(from: start, to: h, by: step) }
    return rows
  }

  static func palette<T>(_ colors: T, count: Int) -> [UInt8] {
    withUnsafeBytes(of: colors) { Array($0.prefix(count * 3)) }
  }
}

extension emogif_status {
  var text: String {
    withUnsafeBytes(of: message) { raw in String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self) }
  }
}
