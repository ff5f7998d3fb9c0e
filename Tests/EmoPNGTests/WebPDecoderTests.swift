import EmoImage
import EmoWebP
import Foundation
import Testing

/// WebP decoding against frames composited by `build-tools/goldens/webp_fixtures.py` from `webpmux -info` and
/// `dwebp` of each frame (not from libwebp's animation decoder), and encoding round trips.
@Suite struct WebPDecoderTests {
  static let expected = ExpectedAnimation.load("webp")

  @Test func everyFixtureIsListed() { #expect(Self.expected.map(\.file) == ["blend-dispose.webp", "loop.webp"]) }

  @Test(arguments: expected) func framesMatchTheReference(_ e: ExpectedAnimation) throws {
    let bytes = [UInt8](try Fixtures.data("webp/" + e.file))
    #expect(WebPDecoder.isAnimatedPrefix(Array(bytes.prefix(64))))
    let info = try WebPInfo(bytes, limits: .default)
    #expect(info.isAnimated && info.frameCount == e.frames && info.delays == e.delays)
    let animation = try WebPDecoder.decodeAnimation(bytes)
    #expect((animation.width, animation.height) == (e.width, e.height))
    #expect(animation.frames.count == e.frames && animation.loopCount == e.loop)
    #expect(animation.frames.map(\.delay) == e.delays)
    let reference = [UInt8](try Fixtures.data("webp/" + e.file + ".rgba"))
    let size = e.width * e.height * 4
    #expect(reference.count == size * e.frames)
    for (i, frame) in animation.frames.enumerated() {
      #expect(frame.image.pixels == Array(reference[(i * size)..<((i + 1) * size)]), "\(e.file) frame \(i)")
    }
  }

  @Test func aStillDecodesAsDwebpDecodesIt() throws {
    let bytes = [UInt8](try Fixtures.data("webp/still-lossless.webp"))
    #expect(!WebPDecoder.isAnimatedPrefix(bytes) && WebPDecoder.isWebP(bytes))
    let image = try WebPDecoder.decode(bytes)
    #expect((image.width, image.height) == (9, 7))
    #expect(image.pixels == [UInt8](try Fixtures.data("webp/still-lossless.webp.rgba")))
    let one = try WebPDecoder.decodeAnimation(bytes)
    #expect(one.frames.count == 1 && one.frames[0].image == image)
  }

  /// Lossless encoding gives back the pixels exactly (colour under zero alpha cleared first, as sheets are).
  @Test func losslessEncodingRoundTrips() throws {
    var pixels = [UInt8](repeating: 0, count: 33 * 21 * 4)
    for i in stride(from: 0, to: pixels.count, by: 4) {
      let a: UInt8 = i % 12 == 0 ? 0 : UInt8(truncatingIfNeeded: i * 7)
      pixels[i + 3] = a
      if a != 0 { (pixels[i], pixels[i + 1], pixels[i + 2]) = (UInt8(i % 251), UInt8(i % 199), UInt8(i % 97)) }
    }
    let image = RGBAImage(width: 33, height: 21, pixels: pixels)
    for method in [0, 4, 6] {
      let bytes = try WebPEncoder.encode(image, options: .init(lossless: true, quality: 75, method: method))
      #expect(try WebPDecoder.decode(bytes) == image, "method \(method)")
      #expect(try WebPInfo(bytes, limits: .default).isLossless)
      // Deterministic: the same bytes again.
      #expect(try WebPEncoder.encode(image, options: .init(lossless: true, quality: 75, method: method)) == bytes)
    }
    let lossy = try WebPEncoder.encode(image, options: .init(lossless: false, quality: 80, method: 4))
    let decoded = try WebPDecoder.decode(lossy)
    // The alpha plane is lossless.
    #expect(stride(from: 3, to: pixels.count, by: 4).allSatisfy { decoded.pixels[$0] == pixels[$0] })
  }

  @Test func limitsAndDamageAreErrorsNotTraps() throws {
    let bytes = [UInt8](try Fixtures.data("webp/blend-dispose.webp"))
    let small = #expect(throws: WebPError.self) {
      try WebPDecoder.decodeAnimation(bytes, limits: AnimationLimits(maxFrames: 3))
    }
    #expect(small?.kind == .tooLarge)
    let short = #expect(throws: WebPError.self) {
      try WebPDecoder.decodeAnimation(bytes, limits: AnimationLimits(maxDuration: 200))
    }
    #expect(short?.kind == .tooLarge && short?.message.contains("200 ms") == true)
    let side = #expect(throws: WebPError.self) {
      try WebPDecoder.decodeAnimation(bytes, limits: AnimationLimits(maxSide: 8))
    }
    #expect(side?.kind == .tooLarge)
    #expect(throws: WebPError.self) { try WebPDecoder.decode(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) }
    #expect(throws: WebPError.self) { try WebPDecoder.decode([1, 2, 3]) }
    // Every truncation of the animation and the still is refused or decoded, never a trap.
    let still = [UInt8](try Fixtures.data("webp/still-lossless.webp"))
    for file in [bytes, still] {
      for cut in stride(from: 0, to: file.count, by: 7) {
        _ = try? WebPDecoder.decodeAnimation(Array(file.prefix(cut)))
      }
    }
    #expect(throws: WebPError.self) { try WebPDecoder.decodeAnimation(Array(bytes.prefix(bytes.count - 40))) }
  }
}
