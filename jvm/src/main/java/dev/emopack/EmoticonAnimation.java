package dev.emopack;

/**
 * An animation's timing: which frame shows when, playing {@code loopCount} times (0: forever), and when the frame
 * next changes, so that a view schedules one redraw a change (Android: {@code postInvalidateDelayed}).
 */
public final class EmoticonAnimation {
  private final long[] endTimes;
  public final int loopCount;
  public final int stillFrame;
  private final int[] images;

  public EmoticonAnimation(long[] endTimes, int loopCount, int stillFrame, int[] images) {
    this.endTimes = endTimes.clone();
    this.loopCount = loopCount;
    this.stillFrame = stillFrame;
    this.images = images.clone();
  }

  public int frameCount() {
    return endTimes.length;
  }

  /** When each frame ends (ms after the start of a play). */
  public long[] endTimes() {
    return endTimes.clone();
  }

  /** Each frame's image index in its pack (for {@link PackFile#placement}). */
  public int image(int frame) {
    return images[frame];
  }

  public long duration() {
    return endTimes.length == 0 ? 0 : endTimes[endTimes.length - 1];
  }

  /** When the last play ends (ms); -1 when it plays forever. */
  public long totalDuration() {
    return loopCount > 0 ? duration() * loopCount : -1;
  }

  /** The frame shown {@code time} ms after the start; the last frame once every loop has played. */
  public int frameAt(long time) {
    if (endTimes.length == 0 || time <= 0) return 0;
    long total = totalDuration();
    if (total >= 0 && time >= total) return endTimes.length - 1;
    long t = time % duration();
    int lo = 0, hi = endTimes.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (endTimes[mid] > t) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** When the frame next changes after {@code time} (ms), or -1 once it rests. */
  public long nextChange(long time) {
    if (endTimes.length <= 1) return -1;
    long now = Math.max(0, time);
    long play = now / duration();
    int f = frameAt(now);
    long total = totalDuration();
    if ((total >= 0 && now >= total) || (play == loopCount - 1 && f == endTimes.length - 1)) return -1;
    return play * duration() + endTimes[f];
  }
}
