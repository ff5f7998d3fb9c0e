import EmoImage

/// A first pass over a GIF's blocks that decodes nothing: the logical screen, the frames with their
/// rectangles and delays, and the loop count, checked against the limits as it goes (so a file of 10,000 frames
/// is refused at its 1,001st image descriptor, its compressed data skipped unread).
package struct GIFScan: Sendable, Equatable {
  /// Logical screen width.
  package var width: Int
  /// Logical screen height.
  package var height: Int
  /// Per frame: the delay as shown, in milliseconds (`GIFScan.shownDelay`).
  package var delays: [Int]
  /// The NETSCAPE2.0 loop count as stored (repetitions after the first play, 0 forever), nil when absent.
  package var storedLoopCount: Int?

  /// Total plays as emopack stores them: 0 forever (also when the file has no loop extension, as emoticon
  /// players treat it), else the stored repetitions plus the first play.
  package var loopCount: Int { storedLoopCount.map { $0 == 0 ? 0 : $0 + 1 } ?? 0 }

  /// A delay as browsers show it: 0 or 10 ms (0 or 1 hundredth) becomes 100 ms.
  package static func shownDelay(hundredths: Int) -> Int { hundredths <= 1 ? 100 : hundredths * 10 }

  /// Scans `bytes`.
  package init(_ b: [UInt8], limits: AnimationLimits = .default) throws(GIFError) {
    guard b.count >= 13, b[0] == 0x47, b[1] == 0x49, b[2] == 0x46, b[3] == 0x38, b[4] == 0x37 || b[4] == 0x39,
      b[5] == 0x61
    else { throw GIFError(.notGIF, "not a GIF file (no GIF87a or GIF89a signature)") }
    width = Int(b[6]) | Int(b[7]) << 8
    height = Int(b[8]) | Int(b[9]) << 8
    guard width > 0, height > 0 else { throw GIFError(.malformed, "logical screen is \(width)x\(height)") }
    if let v = limits.violation(width: width, height: height, frames: 0, duration: 0) {
      throw GIFError(.tooLarge, "logical screen: \(v)")
    }
    var at = 13
    if b[10] & 0x80 != 0 { at += 3 << (Int(b[10] & 7) + 1) }
    delays = []
    storedLoopCount = nil
    var pendingDelay = 0
    var duration = 0
    var framePixels = 0
    func need(_ n: Int, _ what: String) throws(GIFError) {
      guard at + n <= b.count else { throw GIFError(.malformed, "truncated at byte \(at): \(what) missing") }
    }
    /// Skips data sub-blocks up to and including their terminator; returns the first two blocks' bytes.
    func skipBlocks() throws(GIFError) -> [ArraySlice<UInt8>] {
      var first: [ArraySlice<UInt8>] = []
      while true {
        try need(1, "sub-block size")
        let n = Int(b[at])
        at += 1
        if n == 0 { return first }
        try need(n, "sub-block data")
        if first.count < 2 { first.append(b[at..<(at + n)]) }
        at += n
      }
    }
    while true {
      try need(1, "block introducer")
      let introducer = b[at]
      at += 1
      switch introducer {
      case 0x3B:
        return
      case 0x21:
        try need(1, "extension label")
        let label = b[at]
        at += 1
        // An extension is its label and data sub-blocks up to a zero; an application extension's first block is
        // its identifier, NETSCAPE2.0's second holds the loop count.
        let blocks = try skipBlocks()
        if label == 0xF9, let block = blocks.first, block.count >= 3 {
          let s = block.startIndex
          pendingDelay = Int(block[s + 1]) | Int(block[s + 2]) << 8
        } else if label == 0xFF, blocks.count == 2 {
          let id = String(decoding: blocks[0], as: UTF8.self)
          let data = blocks[1]
          if id == "NETSCAPE2.0" || id == "ANIMEXTS1.0", data.count >= 3, data[data.startIndex] == 1 {
            storedLoopCount = Int(data[data.startIndex + 1]) | Int(data[data.startIndex + 2]) << 8
          }
        }
      case 0x2C:
        try need(9, "image descriptor")
        let left = Int(b[at]) | Int(b[at + 1]) << 8
        let top = Int(b[at + 2]) | Int(b[at + 3]) << 8
        let w = Int(b[at + 4]) | Int(b[at + 5]) << 8
        let h = Int(b[at + 6]) | Int(b[at + 7]) << 8
        let packed = b[at + 8]
        at += 9
        guard w > 0, h > 0 else {
          throw GIFError(.malformed, "frame \(delays.count) at byte \(at - 10) is \(w)x\(h) (at \(left),\(top))")
        }
        // A frame may reach past the screen (it is clipped), but its own pixels are decoded: limit them too.
        framePixels += w * h
        if w > limits.maxSide || h > limits.maxSide || framePixels > limits.maxTotalPixels {
          throw GIFError(
            .tooLarge,
            "frame \(delays.count) is \(w)x\(h), over the limit of \(limits.maxSide)x\(limits.maxSide) or of \(limits.maxTotalPixels) frame pixels in all"
          )
        }
        if packed & 0x80 != 0 { at += 3 << (Int(packed & 7) + 1) }
        try need(1, "LZW code size")
        at += 1
        _ = try skipBlocks()
        let delay = Self.shownDelay(hundredths: pendingDelay)
        pendingDelay = 0
        duration += delay
        if let v = limits.violation(width: width, height: height, frames: delays.count + 1, duration: duration) {
          throw GIFError(.tooLarge, v)
        }
        delays.append(delay)
      default:
        throw GIFError(.malformed, "unexpected byte 0x\(String(introducer, radix: 16)) at byte \(at - 1)")
      }
    }
  }
}
