import EmoGIF
import EmoImage
import EmoPNG
import Foundation
import Testing

/// GIF and APNG decoding against frames composited by `build-tools/goldens/animation_fixtures.py` from the frame
/// lists it wrote the files from (checked there against Pillow where Pillow's rules are the same).
@Suite struct AnimationDecoderTests {
  static let expected = ExpectedAnimation.load("animation")

  static func decode(_ bytes: [UInt8]) throws -> AnimatedImage {
    GIFDecoder.isGIF(bytes) ? try GIFDecoder.decode(bytes) : try APNGDecoder.decode(bytes)
  }

  @Test func everyFixtureIsListed() { #expect(Self.expected.count == 6) }

  @Test(arguments: expected) func framesMatchTheReference(_ e: ExpectedAnimation) throws {
    let bytes = [UInt8](try Fixtures.data("animation/" + e.file))
    let animation = try Self.decode(bytes)
    #expect((animation.width, animation.height) == (e.width, e.height))
    #expect(animation.frames.count == e.frames && animation.loopCount == e.loop)
    #expect(animation.frames.map(\.delay) == e.delays)
    let reference = [UInt8](try Fixtures.data("animation/" + e.file + ".rgba"))
    let size = e.width * e.height * 4
    #expect(reference.count == size * e.frames)
    for (i, frame) in animation.frames.enumerated() {
      let want = Array(reference[(i * size)..<((i + 1) * size)])
      let same = frame.image.pixels == want
      #expect(same, "\(e.file) frame \(i) differs from the reference")
    }
  }

  @Test func gifFirstPassReadsWithoutDecoding() throws {
    let scan = try GIFScan([UInt8](try Fixtures.data("animation/disposals.gif")))
    #expect(scan.delays == [80, 120, 100, 100, 250] && scan.storedLoopCount == 0 && scan.loopCount == 0)
    let loop = try GIFScan([UInt8](try Fixtures.data("animation/loop-transparent.gif")))
    #expect(loop.storedLoopCount == 2 && loop.loopCount == 3)
    #expect(try GIFScan([UInt8](try Fixtures.data("animation/still.gif"))).storedLoopCount == nil)
  }

  /// A GIF of `frames` 1 × 1 images on a `width × height` screen, built here.
  static func tinyGIF(frames: Int, width: Int = 1, height: Int = 1) -> [UInt8] {
    var b = Array("GIF89a".utf8)
    b += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0x80, 0, 0]
    b += [0, 0, 0, 255, 255, 255]
    for _ in 0..<frames {
      b += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]
      b += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]
    }
    return b + [0x3B]
  }

  @Test func limitsAreCheckedBeforeDecoding() throws {
    #expect(try GIFDecoder.decode(Self.tinyGIF(frames: 3)).frames.count == 3)
    let many = #expect(throws: GIFError.self) { try GIFDecoder.decode(Self.tinyGIF(frames: 10_000)) }
    #expect(many?.kind == .tooLarge && many?.message == "1001 frames or more, over the limit of 1000")
    let huge = #expect(throws: GIFError.self) { try GIFScan(Self.tinyGIF(frames: 1, width: 65535, height: 65535)) }
    #expect(huge?.message == "logical screen: canvas is 65535x65535, over the limit of 4096x4096")
    let long = #expect(throws: GIFError.self) {
      try GIFScan(Self.tinyGIF(frames: 200), limits: AnimationLimits(maxDuration: 1000))
    }
    #expect(long?.kind == .tooLarge)
  }

  /// Found by the fuzzer: a frame descriptor far larger than its screen made the decoder allocate gigabytes.
  @Test func aHugeFrameOnATinyScreenIsRefusedBeforeAllocating() throws {
    let bytes = [UInt8](try Fixtures.data("animation-hostile/huge-frame.gif"))
    let error = #expect(throws: GIFError.self) { try GIFDecoder.decode(bytes) }
    #expect(error?.kind == .tooLarge)
  }

  /// Found by the fuzzer: an application extension whose first sub-block is empty ended there for giflib but not
  /// for the first pass, so the two read different frames; they read the same blocks now, and a file they would
  /// read differently is refused rather than decoded halfway.
  @Test func theFirstPassAndGiflibReadTheSameBlocks() throws {
    let bytes = [UInt8](try Fixtures.data("animation-hostile/empty-application-block.gif"))
    let scan = try? GIFScan(bytes)
    let animation = try GIFDecoder.decode(bytes)
    #expect(scan?.delays.count == 25 && animation.frames.count == 25)
  }

  @Test func everyTruncationIsAnErrorNotACrash() throws {
    for file in ["disposals.gif", "local-interlaced.gif", "blend-dispose.png", "default-image.png"] {
      let bytes = [UInt8](try Fixtures.data("animation/" + file))
      for n in stride(from: 0, to: bytes.count - 1, by: 1) {
        #expect(throws: (any Error).self, "\(file) cut at \(n)") { _ = try Self.decode(Array(bytes[0..<n])) }
      }
    }
  }

  @Test func apngStructureErrorsNameTheProblem() throws {
    var bytes = [UInt8](try Fixtures.data("animation/blend-dispose.png"))
    #expect(APNGDecoder.isAnimated(bytes))
    // acTL's frame count (bytes 8 + 25 + 8 …) set to 5 while the file has 4 frames; its CRC recomputed.
    let acTL = 8 + 25
    bytes[acTL + 8 + 3] = 5
    let crc = Zlib.crc32(Array(bytes[(acTL + 4)..<(acTL + 16)]))
    for k in 0..<4 { bytes[acTL + 16 + k] = UInt8((crc >> UInt32(24 - 8 * k)) & 0xFF) }
    let mismatch = #expect(throws: PNGError.self) { try APNGDecoder.decode(bytes) }
    #expect(mismatch?.message == "acTL declares 5 frames, the file has 4")
    // A flipped byte in frame data is caught by the chunk's CRC, with the chunk named.
    var flipped = [UInt8](try Fixtures.data("animation/blend-dispose.png"))
    flipped[flipped.count - 20] ^= 0x55
    let crcError = #expect(throws: PNGError.self) { try APNGDecoder.decode(flipped) }
    #expect(crcError?.message.contains("CRC is 0x") == true)
    // A still PNG is not animated.
    #expect(!APNGDecoder.isAnimated([UInt8](try Fixtures.data("pngsuite/basn6a08.png"))))
  }

  @Test func browserDelayRule() {
    #expect(GIFScan.shownDelay(hundredths: 0) == 100 && GIFScan.shownDelay(hundredths: 1) == 100)
    #expect(GIFScan.shownDelay(hundredths: 2) == 20 && GIFScan.shownDelay(hundredths: 7) == 70)
    #expect(APNGDecoder.delayMilliseconds(1, 0) == 10 && APNGDecoder.delayMilliseconds(3, 100) == 30)
    #expect(APNGDecoder.delayMilliseconds(0, 10) == 10)
  }
}
