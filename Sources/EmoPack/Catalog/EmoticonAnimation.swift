import EmoPackFormat

/// An emoticon's animation: its frames' timing, how often it plays and its still frame.
///
/// Times are milliseconds from the start of the first play. `frame(at:)` is a binary search over the frames'
/// end times, so it costs O(log frames) and allocates nothing.
public struct EmoticonAnimation: Sendable, Equatable {
  /// The emoticon.
  public let ref: EmoticonRef
  /// Each frame's end time in one play, in milliseconds, strictly rising; the last is `duration`.
  public let endTimes: [Int]
  /// Total plays, 0 forever.
  public let loopCount: Int
  /// The frame to show when animations are off (reduced motion, notifications, keyboards that do not animate),
  /// when the still is one of the frames (`hasOwnStill` false).
  public let stillFrame: Int
  /// True when the entry's still is an image of its own beside the animation (a Weibo `png` beside its `gif`, a
  /// native `image` beside `frames`) rather than a frame. Either way `Catalog.sprite(_:scale:)` is the still.
  public var hasOwnStill = false

  /// The longest frame delay kept, in milliseconds (2³¹ − 1, about 24.8 days).
  public static let maxDelay = Int(Int32.max)

  /// Creates an animation from its frame durations.
  ///
  /// Each delay is kept within 1...`maxDelay` ms; a loop count below 0 is taken as 0 (forever), one above
  /// `Int32.max` as `Int32.max`.
  public init(ref: EmoticonRef, delays: [Int], loopCount: Int, stillFrame: Int) {
    self.ref = ref
    var end = 0
    endTimes = delays.map { d in
      // Below 2^31 frames of at most 2^31 ms each, the sum stays below 2^62.
      end += min(max(1, d), Self.maxDelay)
      return end
    }
    self.loopCount = min(max(0, loopCount), Int(Int32.max))
    self.stillFrame = min(max(0, stillFrame), max(0, delays.count - 1))
  }

  /// Number of frames.
  public var frameCount: Int { endTimes.count }
  /// One play, in milliseconds.
  public var duration: Int { endTimes.last ?? 0 }
  /// Each frame's delay in milliseconds.
  public var delays: [Int] { endTimes.indices.map { endTimes[$0] - ($0 == 0 ? 0 : endTimes[$0 - 1]) } }
  /// When the last play ends, in milliseconds; nil when it plays forever.
  public var totalDuration: Int? {
    guard loopCount > 0 else { return nil }
    let (total, overflow) = duration.multipliedReportingOverflow(by: loopCount)
    return overflow ? Int.max : total
  }

  /// The frame shown `time` milliseconds after the start: playing `loopCount` times (forever for 0), then
  /// resting on the last frame; frame 0 before the start.
  public func frame(at time: Int) -> Int {
    guard !endTimes.isEmpty, time > 0 else { return 0 }
    if let total = totalDuration, time >= total { return endTimes.count - 1 }
    let t = time % duration
    // The first frame whose end time is after t.
    var lo = 0
    var hi = endTimes.count - 1
    while lo < hi {
      let mid = (lo + hi) / 2
      if endTimes[mid] > t { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }

  /// When the frame next changes after `time`, in milliseconds from the start; nil once the animation rests on
  /// its last frame (or has one frame).
  public func nextChange(after time: Int) -> Int? {
    guard endTimes.count > 1 else { return nil }
    let now = max(0, time)
    let play = now / duration
    let f = frame(at: now)
    if let total = totalDuration, now >= total || (play == loopCount - 1 && f == endTimes.count - 1) { return nil }
    // Past the last representable time there is no next change.
    let (next, overflow) = (play * duration).addingReportingOverflow(endTimes[f])
    return overflow ? nil : next
  }
}

/// Drives an animation from a clock (a display link, a timer): which frame to show now, and when to look again.
///
/// Holds no buffers: each call is a binary search over the animation's end times.
public struct AnimationPlayer: Sendable, Equatable {
  /// The animation played.
  public let animation: EmoticonAnimation
  /// The clock's reading, in seconds, when the first play started.
  public var startTime: Double

  /// Starts `animation` at `startTime` (seconds on the app's clock, such as `CACurrentMediaTime()`).
  public init(_ animation: EmoticonAnimation, startTime: Double) {
    self.animation = animation
    self.startTime = startTime
  }

  /// The frame to show at `now` (seconds on the same clock).
  public func frame(at now: Double) -> Int { animation.frame(at: milliseconds(now)) }

  /// The clock reading at which the frame next changes after `now`; nil when the animation has finished (it rests
  /// on its last frame): stop the display link then.
  public func nextChange(after now: Double) -> Double? {
    animation.nextChange(after: milliseconds(now)).map { startTime + Double($0) / 1000 }
  }

  private func milliseconds(_ now: Double) -> Int {
    let ms = (now - startTime) * 1000
    if ms.isNaN { return 0 }
    return Int(max(0, min(ms, Double(Int32.max) * 1000)).rounded(.down))
  }
}

extension Catalog {
  /// The animation of `ref`, nil for a still or emoji-only emoticon.
  public func animation(_ ref: EmoticonRef) throws(CatalogError) -> EmoticonAnimation? {
    let pack = try reader(of: ref)
    do {
      guard let a = try pack.animationIndex(ofEntry: ref.entry) else { return nil }
      let animation = try pack.animation(at: a)
      var clip = EmoticonAnimation(
        ref: ref, delays: animation.frames.map(\.duration), loopCount: animation.loopCount, stillFrame: animation.still)
      // The entry's image is the still; it is a frame's unless the manifest gave a still image of its own.
      let still = animation.frames.indices.contains(animation.still) ? animation.frames[animation.still].image : nil
      clip.hasOwnStill = try pack.imageIndex(ofEntry: ref.entry).map { $0 != still } ?? false
      return clip
    } catch {
      throw .malformed(packID: pack.id, error)
    }
  }

  /// Where frame `frame` of `ref`'s animation is at `scale` (the scale chosen as `sprite(_:scale:)` does).
  public func sprite(_ ref: EmoticonRef, frame: Int, scale: Int) throws(CatalogError) -> SpriteLocation {
    let pack = try reader(of: ref)
    let animation: Int?
    do { animation = try pack.animationIndex(ofEntry: ref.entry) } catch { throw .malformed(packID: pack.id, error) }
    guard let animation else {
      guard frame == 0 else { throw .noSuchFrame(ref, frame: frame, frameCount: 1) }
      return try sprite(ref, scale: scale)
    }
    let record: (firstFrame: Int, frameCount: Int, loopCount: Int, still: Int, duration: Int)
    do { record = try pack.animationRecord(at: animation) } catch { throw .malformed(packID: pack.id, error) }
    guard frame >= 0, frame < record.frameCount else {
      throw .noSuchFrame(ref, frame: frame, frameCount: record.frameCount)
    }
    let image: Int
    do { image = try pack.frameRecord(at: record.firstFrame + frame).image } catch {
      throw .malformed(packID: pack.id, error)
    }
    return try location(ref, image: image, scale: scale)
  }
}
