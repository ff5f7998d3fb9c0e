import EmoImage
import EmoPNG
import EmoWebP
import Foundation
import TestSupport
import Testing

@testable import EmoPackCompiler

/// The sticker fitting ladder, step by step, on small animations made to need each step: every check scores the
/// frame shown at each source frame's time, and each step is taken only when the ones before it do not fit.
@Suite struct StickerLadderTests {
  /// Faces are drawn at `drawn` px and upscaled to `side`, as a chat pack's small GIFs are to a sticker's square.
  static let side = 64
  static let drawn = 24

  /// A shaded disc with fine grain (seeded) and two eyes; `blend` moves the eyes from open (0) to shut (1), `noise`
  /// adds per-frame grain of that amplitude.
  static func face(blend: Double, noise: Int, seed: UInt64) -> RGBAImage {
    var g = SplitMix(seed: 7)
    var n = SplitMix(seed: seed)
    let s = drawn
    var px = [UInt8](repeating: 0, count: s * s * 4)
    for y in 0..<s {
      for x in 0..<s {
        let dx = (Double(x) + 0.5 - Double(s) / 2) / (Double(s) * 0.45)
        let dy = (Double(y) + 0.5 - Double(s) / 2) / (Double(s) * 0.45)
        let grain = Int(g.next() % 24) - 12
        let shimmer = noise > 0 ? Int(n.next() % UInt64(2 * noise + 1)) - noise : 0
        guard dx * dx + dy * dy <= 1 else { continue }
        let light = max(0, 1 - ((dx + 0.3) * (dx + 0.3) + (dy + 0.3) * (dy + 0.3)).squareRoot() * 0.7)
        var rgb = [190 + 60 * light, 140 + 80 * light, 40 + 50 * light].map { Int($0) + grain + shimmer }
        for ex in [-0.35, 0.35] {
          let open = 0.2 * (1 - blend) + 0.03
          if (dx - ex) * (dx - ex) / 0.02 + (dy + 0.2) * (dy + 0.2) / (open * open) <= 1 { rgb = [30, 20, 40] }
        }
        let i = (y * s + x) * 4
        for c in 0..<3 { px[i + c] = UInt8(clamping: rgb[c]) }
        px[i + 3] = 255
      }
    }
    return Resampler(filter: .lanczos3).fit(RGBAImage(width: s, height: s, pixels: px), side: side)
  }

  static func animation(_ frames: [RGBAImage], delay: Int = 100) -> AnimatedImage {
    AnimatedImage(width: side, height: side, frames: frames.map { .init(image: $0, delay: delay) }, loopCount: 0)
  }

  /// Eyes shutting over 12 frames: neighbours differ a little (merged, then dropped frames help).
  static let blink = animation((0..<12).map { face(blend: Double($0) / 11, noise: 0, seed: 0) })
  /// Eyes shutting over 24 frames.
  static let slowBlink = animation((0..<24).map { face(blend: Double($0) / 23, noise: 0, seed: 0) }, delay: 50)
  /// Open eyes for 6 frames, shut for 6, every frame with grain of its own (lossy frames help).
  static let flicker = animation((0..<12).map { face(blend: $0 < 6 ? 0 : 1, noise: 3, seed: UInt64($0 + 1)) })

  /// The least SSIM of `reference`'s frames against the decoded frames shown at their start times: a second
  /// implementation of the pairing, with the test's own SSIM.
  static func shownByTime(_ reference: AnimatedImage, _ shown: AnimatedImage) -> Double {
    var least = 1.0
    var time = 0
    for frame in reference.frames {
      var start = 0
      var pick = shown.frames[0].image
      for f in shown.frames {
        if start <= time { pick = f.image }
        start += f.delay
      }
      if pick.width != frame.image.width { pick = Resampler(filter: .lanczos3).fit(pick, side: frame.image.width) }
      least = min(least, ReferenceSSIM.score(frame.image, pick))
      time += frame.delay
    }
    return least
  }

  static func decoded(_ bytes: [UInt8], _ ext: String) throws -> AnimatedImage {
    if ext == "webp" { return try WebPDecoder.decodeAnimation(bytes, limits: AnimationLimits(maxSide: 4096)) }
    if let a = try? APNGDecoder.decode(bytes), a.frames.count > 1 { return a }
    let still = try PNGDecoder.decode(bytes).image
    return AnimatedImage(
      width: still.width, height: still.height, frames: [.init(image: still, delay: 100)], loopCount: 0)
  }

  /// Libwebp merges neighbours it finds equal, so encoded frames no longer line up with the source's: paired by
  /// display time the score is the frames' own, paired by index it falls on the wrong frames.
  @Test func aMergedFrameWebPIsScoredByDisplayTime() throws {
    // A, A, A, B, B, C: the encoder keeps three frames, their times summed.
    let pictures = [0.0, 0, 0, 0.5, 0.5, 1].map { Self.face(blend: $0, noise: 0, seed: 0) }
    let source = Self.animation(pictures)
    let bytes = try StickerFitting.webp(source, lossless: true, quality: 75)
    let shown = try WebPDecoder.decodeAnimation(bytes, limits: AnimationLimits(maxSide: 4096))
    #expect(shown.frames.count == 3 && shown.frames.map(\.delay) == [300, 200, 100])
    #expect(try StickerFitting.shownSSIM(reference: source, encoded: bytes) == 1)
    let byIndex = zip(source.frames, shown.frames).map { ReferenceSSIM.score($0.image, $1.image) }.min() ?? 0
    #expect(byIndex < 0.99, "paired by index, frame 1 meets the half-shut eyes")
    #expect(Self.shownByTime(source, shown) > 0.9999)
  }

  /// A limit just under the lossless size takes the next step; for Signal a limit far under it a smaller square.
  @Test(arguments: [StickerPlatform.whatsapp, .signal])
  func aLimitUnderLosslessTakesTheNextStep(platform: StickerPlatform) throws {
    let lossless = try StickerFitting.fit(Self.blink, platform: platform, limit: 1 << 30, minimumSSIM: 0.93)
    #expect(lossless.steps.map(\.step) == ["lossless"] && lossless.ssim == 1 && lossless.quality == nil)
    let next = try StickerFitting.fit(
      Self.blink, platform: platform, limit: lossless.bytes.count - 1, minimumSSIM: 0.93)
    #expect(next.steps.map(\.step) == ["lossless", platform == .signal ? "lossy frames" : "lossy"])
    #expect(next.bytes.count < lossless.bytes.count && next.ssim >= 0.93 && next.ssim < 1)
    guard platform == .signal else { return }
    let far = try StickerFitting.fit(Self.blink, platform: platform, limit: lossless.bytes.count / 5, minimumSSIM: 0.93)
    #expect(far.steps.last?.step == "smaller square" && far.side < Self.side, "\(far.steps)")
    #expect(far.bytes.count <= lossless.bytes.count / 5 && far.ssim >= 0.93)
    #expect(Self.shownByTime(Self.blink, try Self.decoded(far.bytes, far.fileExtension)) >= 0.925)
  }

  /// Frames merged and dropped keep every source frame within the floor of the frame shown at its time, keep the
  /// first frame and the animation's length.
  @Test func mergedAndDroppedFramesKeepTheFloorAndTheLength() {
    for source in [Self.blink, Self.flicker] {
      for a in [
        StickerFitting.merged(source, threshold: StickerFitting.mergeThreshold(0.93)),
        StickerFitting.dropped(source, floor: 0.95),
      ] {
        #expect(a.frames.count < source.frames.count || source.frames.count == a.frames.count)
        #expect(a.duration == source.duration && a.frames[0].image == source.frames[0].image)
        #expect(Self.shownByTime(source, a) >= 0.93)
      }
    }
    #expect(StickerFitting.dropped(Self.blink, floor: 0.95).frames.count < 12)
  }

  /// Lossy frames keep a pixel already shown where the new one is within the tolerance: what the encoder then
  /// writes as transparent.
  @Test func lossyFramesKeepPixelsWithinTheTolerance() throws {
    let carried = StickerFitting.carried(Self.flicker, tolerance: 12)
    #expect((1..<6).allSatisfy { carried.frames[$0].image == carried.frames[0].image })
    #expect(carried.frames[6].image != carried.frames[5].image)
    #expect(try StickerFitting.apng(carried).count * 4 < StickerFitting.apng(Self.flicker).count)
  }

  /// Signal's smaller squares are scored after scaling back to the sticker's side.
  @Test func aSmallerSquareIsScoredAtTheFullSide() throws {
    let small = StickerFitting.scaled(Self.blink, side: 48)
    let ssim = StickerFitting.shownSSIM(reference: Self.blink, shown: small)
    #expect(ssim < 1 && abs(ssim - Self.shownByTime(Self.blink, small)) < 0.01)
    #expect(StickerFitting.signalSides(512) == [448, 384, 320, 256, 192, 160, 128])
  }

  /// Walks the ladder down: each limit just under the last result, until refused. Every result fits its limit with
  /// its SSIM (recomputed here from the decoded file, paired by time) at least the floor and every step before it
  /// over the limit or under the floor; a refusal names every step tried, lossless first. Returns the steps that
  /// fitted and every step reached.
  static func walk(
    _ source: AnimatedImage, _ platform: StickerPlatform, floor: Double = 0.93
  ) throws -> (
    kept: Set<String>, reached: Set<String>
  ) {
    var kept: Set<String> = []
    var reached: Set<String> = []
    let lossless = try StickerFitting.fit(source, platform: platform, limit: 1 << 30, minimumSSIM: floor)
    #expect(lossless.steps.map(\.step) == ["lossless"] && lossless.ssim == 1)
    kept.insert("lossless")
    var limit = lossless.bytes.count - 1
    for _ in 0..<14 {
      do throws(StickerFitting.Refusal) {
        let fitted = try StickerFitting.fit(source, platform: platform, limit: limit, minimumSSIM: floor)
        guard let last = fitted.steps.last, let shown = try? decoded(fitted.bytes, fitted.fileExtension) else {
          Issue.record("no step, or the file does not decode")
          break
        }
        #expect(fitted.bytes.count <= limit && last.fits && fitted.ssim >= floor)
        #expect(fitted.steps.dropLast().allSatisfy { !$0.fits }, "\(fitted.steps)")
        let independent = shownByTime(source, shown)
        #expect(abs(independent - fitted.ssim) < 0.01 && independent >= floor - 0.005, "\(last)")
        if platform == .signal { #expect(fitted.fileExtension == "png" && shown.loopCount == 0) }
        kept.insert(last.step)
        reached.formUnion(fitted.steps.map(\.step))
        limit = fitted.bytes.count - 1
      } catch {
        #expect(error.steps.first?.step == "lossless" && error.steps.allSatisfy { !$0.fits })
        #expect(error.summary.hasPrefix("lossless \(lossless.bytes.count) bytes"))
        reached.formUnion(error.steps.map(\.step))
        break
      }
    }
    return (kept, reached)
  }

  /// WebP's ladder walked down on the blink: lossless, lossy, then merged frames each fit a limit, and frames are
  /// dropped before it refuses.
  @Test func theWebPLadderWalksDownStepByStep() throws {
    let (kept, reached) = try Self.walk(Self.blink, .whatsapp)
    #expect(kept.isSuperset(of: ["lossless", "lossy", "merged frames"]), "\(kept)")
    #expect(reached.contains("dropped frames"), "\(reached)")
  }

}

/// The ladders walked down limit by limit on every test animation (slow in a debug build: the stress suite).
@Suite(.tags(.stress), .stressOnly) struct StickerLadderStressTests {
  @Test(arguments: [StickerPlatform.whatsapp, .signal])
  func eachStepIsTakenOnlyWhenTheOnesBeforeDoNotFit(platform: StickerPlatform) throws {
    var kept: Set<String> = []
    var reached: Set<String> = []
    for source in [StickerLadderTests.blink, StickerLadderTests.flicker, StickerLadderTests.slowBlink] {
      let walked = try StickerLadderTests.walk(source, platform)
      kept.formUnion(walked.kept)
      reached.formUnion(walked.reached)
    }
    let expected: Set<String> =
      platform == .signal
      ? ["lossless", "lossy frames", "merged frames", "dropped frames", "smaller square"]
      : ["lossless", "lossy", "merged frames"]
    #expect(expected.isSubset(of: kept), "\(kept)")
    #expect(reached.contains("dropped frames") && (platform == .whatsapp || reached.contains("palette frames")))
  }
}
