import EmoImage
import EmoPNG
import Foundation
import Testing

/// APNG writing, read back by emopack's decoder and by Pillow (an independent decoder; Debian's python3-pil).
@Suite struct APNGEncoderTests {
  /// Three whole frames of a moving square; `colors` distinct colours at most (over 256: RGBA, else indexed).
  static func animation(colors: Int) -> AnimatedImage {
    let (w, h) = (20, 14)
    let frames = (0..<3).map { k -> AnimatedImage.Frame in
      var px = [UInt8](repeating: 0, count: w * h * 4)
      for y in 0..<h {
        for x in 0..<w where (x - k * 3) >= 2 && (x - k * 3) < 12 && y >= 2 && y < 12 {
          let i = (y * w + x) * 4
          let c = (x * 31 + y * 17 + k * 5) % colors
          (px[i], px[i + 1], px[i + 2], px[i + 3]) = (
            UInt8(c % 256), UInt8((c * 7) % 256), UInt8(k * 60), y == 2 ? 128 : 255
          )
        }
      }
      return AnimatedImage.Frame(image: RGBAImage(width: w, height: h, pixels: px), delay: [120, 40, 300][k])
    }
    return AnimatedImage(width: w, height: h, frames: frames, loopCount: 2)
  }

  /// An opaque disc on a transparent canvas whose "eye" blinks: every change is opaque, so the second frame blends
  /// over with its unchanged pixels transparent; the third also adds a semi-transparent dot, so it replaces.
  static func blinking(colors: Int) -> AnimatedImage {
    let (w, h) = (20, 14)
    let frames = (0..<3).map { k -> AnimatedImage.Frame in
      var px = [UInt8](repeating: 0, count: w * h * 4)
      for y in 0..<h {
        for x in 0..<w {
          let i = (y * w + x) * 4
          if (x - 10) * (x - 10) + (y - 7) * (y - 7) <= 36 {
            let c = (x * 31 + y * 17) % colors
            let eye = k == 1 && y == 5 && (x == 8 || x == 12)
            (px[i], px[i + 1], px[i + 2], px[i + 3]) =
              eye ? (0, 0, 0, 255) : (UInt8(c % 256), UInt8((c * 7) % 256), 90, 255)
          } else if k == 2 && x == 1 && y == 1 {
            (px[i], px[i + 1], px[i + 2], px[i + 3]) = (200, 10, 10, 100)
          }
        }
      }
      return AnimatedImage.Frame(image: RGBAImage(width: w, height: h, pixels: px), delay: [120, 40, 300][k])
    }
    return AnimatedImage(width: w, height: h, frames: frames, loopCount: 2)
  }

  /// The blend byte of every fcTL (0 source, 1 over).
  static func blends(_ bytes: [UInt8]) throws -> [UInt8] {
    var out: [UInt8] = []
    var p = 8
    while p + 8 <= bytes.count {
      let length = bytes[p..<(p + 4)].reduce(0) { $0 << 8 | Int($1) }
      if String(decoding: bytes[(p + 4)..<(p + 8)], as: UTF8.self) == "fcTL" { out.append(bytes[p + 8 + 25]) }
      p += 12 + length
    }
    return out
  }

  @Test func opaqueChangesBlendOverAndMovesReplace() throws {
    #expect(try Self.blends(APNGEncoder.encode(Self.blinking(colors: 16))) == [0, 1, 0])
    #expect(try Self.blends(APNGEncoder.encode(Self.animation(colors: 16))) == [0, 0, 0])
  }

  @Test(arguments: [(16, false), (4096, false), (16, true), (4096, true)])
  func framesReadBackHereAndInPillow(colors: Int, blink: Bool) throws {
    let animation = blink ? Self.blinking(colors: colors) : Self.animation(colors: colors)
    let bytes = try APNGEncoder.encode(animation)
    let decoded = try APNGDecoder.decode(bytes)
    #expect(decoded.frames.map(\.image) == animation.frames.map(\.image))
    #expect(decoded.frames.map(\.delay) == [120, 40, 300] && decoded.loopCount == 2)
    // Pillow: the frame count, the delays and every frame's RGBA.
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "emopack-apng-\(getpid())-\(colors)-\(blink)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("a.png")
    try Data(bytes).write(to: file)
    let script = """
      import sys
      from PIL import Image
      im = Image.open(sys.argv[1])
      out = open(sys.argv[1] + ".rgba", "wb")
      print(im.n_frames, im.info.get("loop"))
      for k in range(im.n_frames):
          im.seek(k)
          print(im.info.get("duration"))
          out.write(im.convert("RGBA").tobytes())
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", script, file.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "Pillow (python3-pil) could not read the APNG")
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.first == "3 2", "\(lines)")
    #expect(lines.dropFirst().compactMap { Double($0) }.map { Int($0) } == [120, 40, 300])
    let pixels = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.path + ".rgba")))
    #expect(pixels == animation.frames.flatMap(\.image.pixels))
  }
}
