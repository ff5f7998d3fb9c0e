package dev.emopack;

import java.util.ArrayList;
import java.util.List;

/**
 * The display model the slow and obvious way, for the tests: every edit tokenizes and segments the whole message
 * again, and every offset is found by walking all its runs.
 */
final class ReferenceText {
  /** Which text an offset is in. */
  public enum Space {
    SOURCE, DISPLAY
  }

  /** A run of the message: its kind and emoticon, its source range and display range, and whether it is an image. */
  public static final class Run {
    public final int kind;
    public final int pack;
    public final int entry;
    public final int start;
    public final int end;
    public final int display;
    public final int displayEnd;
    public final boolean attachment;

    Run(int kind, int pack, int entry, int start, int end, int display, int displayEnd, boolean attachment) {
      this.kind = kind;
      this.pack = pack;
      this.entry = entry;
      this.start = start;
      this.end = end;
      this.display = display;
      this.displayEnd = displayEnd;
      this.attachment = attachment;
    }
  }

  /** What an edit changed: the source range replaced and the text put there, the display range, both cursors. */
  public static final class Change {
    public final int sourceStart;
    public final int sourceEnd;
    public final String replacement;
    public final int sourceCursor;
    public final int displayStart;
    public final int displayEnd;
    public final int displayCursor;

    Change(int sourceStart, int sourceEnd, String replacement, int sourceCursor, int displayStart, int displayEnd,
        int displayCursor) {
      this.sourceStart = sourceStart;
      this.sourceEnd = sourceEnd;
      this.replacement = replacement;
      this.sourceCursor = sourceCursor;
      this.displayStart = displayStart;
      this.displayEnd = displayEnd;
      this.displayCursor = displayCursor;
    }
  }

  private final Tokenizer tokenizer;
  private final boolean emojiAsImages;
  private String source = "";
  private int[] ends = new int[0];
  private final List<Run> runs = new ArrayList<>();
  private int displayLength;

  ReferenceText(String source, Tokenizer tokenizer) {
    this(source, tokenizer, false);
  }

  /** With {@code emojiAsImages}, emoji the catalog draws are images too (an app's own emoji art). */
  ReferenceText(String source, Tokenizer tokenizer, boolean emojiAsImages) {
    this.tokenizer = tokenizer;
    this.emojiAsImages = emojiAsImages;
    setSource(source);
  }

  public void setSource(String source) {
    this.source = source;
    ends = Unicode.clusterEnds(source);
    runs.clear();
    TokenizedText t = tokenizer.tokenize(source);
    int d = 0;
    for (int i = 0; i < t.size(); i++) {
      int kind = t.kind(i);
      boolean attachment =
          kind == TokenizedText.EMOTICON
              || (kind == TokenizedText.EMOJI && emojiAsImages
                  && tokenizer.catalog().packs().get(t.pack(i)).entryHasImage(t.entry(i)));
      int len = attachment ? 1 : t.end(i) - t.start(i);
      runs.add(new Run(kind, t.pack(i), t.entry(i), t.start(i), t.end(i), d, d + len, attachment));
      d += len;
    }
    displayLength = d;
  }

  public String source() {
    return source;
  }

  /** The display text: each image a U+FFFC. */
  public String display() {
    StringBuilder b = new StringBuilder();
    for (Run r : runs) {
      if (r.attachment) b.append('\ufffc');
      else b.append(source, r.start, r.end);
    }
    return b.toString();
  }

  /** The runs, in order. */
  public List<Run> runs() {
    return new ArrayList<>(runs);
  }

  public int length(Space space) {
    return space == Space.SOURCE ? source.length() : displayLength;
  }

  private int clusterBoundary(int o, boolean up) {
    int prev = 0;
    for (int e : ends) {
      if (e == o) return o;
      if (e > o) return up ? e : prev;
      prev = e;
    }
    return source.length();
  }

  private int toSource(int offset, Space space, boolean up) {
    for (Run r : runs) {
      int at = space == Space.SOURCE ? r.start : r.display;
      int len = space == Space.SOURCE ? r.end - r.start : r.displayEnd - r.display;
      if (offset == at) return r.start;
      if (offset < at + len) {
        if (r.kind != TokenizedText.TEXT) return up ? r.end : r.start;
        return clusterBoundary(r.start + (offset - at), up);
      }
    }
    return source.length();
  }

  private int fromSource(int s, Space space) {
    int at = 0;
    for (Run r : runs) {
      int len = space == Space.SOURCE ? r.end - r.start : r.displayEnd - r.display;
      if (s < r.end) {
        if (s <= r.start) return at;
        if (r.kind != TokenizedText.TEXT) return at + len;
        return at + (s - r.start);
      }
      at += len;
    }
    return at;
  }

  private int[] sourceRange(int lo, int hi, Space space) {
    int total = length(space);
    int a0 = Math.min(Math.max(lo, 0), total);
    int b0 = Math.min(Math.max(hi, a0), total);
    int a = toSource(a0, space, a0 == b0);
    int b = a0 == b0 ? a : toSource(b0, space, true);
    return new int[] {a, Math.max(a, b)};
  }

  /** The display offset of a source offset (inside a token or cluster: its end). */
  public int displayOffset(int offset) {
    int o = Math.min(Math.max(offset, 0), source.length());
    return fromSource(toSource(o, Space.SOURCE, true), Space.DISPLAY);
  }

  /** The source offset of a display offset (inside a cluster: its end). */
  public int sourceOffset(int offset) {
    int o = Math.min(Math.max(offset, 0), displayLength);
    return fromSource(toSource(o, Space.DISPLAY, true), Space.SOURCE);
  }

  /** A range widened to whole tokens and clusters, in the same text. */
  public int[] wholeTokens(int lo, int hi, Space space) {
    int[] r = sourceRange(lo, hi, space);
    return new int[] {fromSource(r[0], space), fromSource(r[1], space)};
  }

  /** The source text of a range widened to whole tokens: what copy puts on the clipboard. */
  public String sourceText(int lo, int hi, Space space) {
    int[] r = sourceRange(lo, hi, space);
    return source.substring(r[0], r[1]);
  }

  private int startOfUnit(int end) {
    for (Run r : runs) {
      if (r.start < end && end <= r.end) {
        if (r.kind != TokenizedText.TEXT) return r.start;
        int prev = 0;
        for (int e : ends) {
          if (e >= end) break;
          prev = e;
        }
        return Math.max(prev, r.start);
      }
    }
    return end;
  }

  private int[] tokenAround(int offset, Space space) {
    if (!(offset > 0 && offset < length(space))) return null;
    for (Run r : runs) {
      int at = space == Space.SOURCE ? r.start : r.display;
      int len = space == Space.SOURCE ? r.end - r.start : r.displayEnd - r.display;
      if (at < offset && offset < at + len) return r.kind != TokenizedText.TEXT ? new int[] {r.start, r.end} : null;
    }
    return null;
  }

  /** Replaces a range (widened to whole tokens; an empty one inside a token takes the token) with plain text. */
  public Change replace(int lo, int hi, Space space, String text) {
    int[] r = sourceRange(lo, hi, space);
    if (lo == hi) {
      int[] around = tokenAround(lo, space);
      if (around != null) r = around;
    }
    return apply(r[0], r[1], text);
  }

  /** The delete key at a cursor ({@code lo == hi}) or over a selection. */
  public Change deleteBackward(int lo, int hi, Space space) {
    int[] r = sourceRange(lo, hi, space);
    int a = r[0], b = r[1];
    if (a == b) {
      if (b <= 0) return apply(0, 0, "");
      a = startOfUnit(b);
    }
    return apply(a, b, "");
  }

  public Change deleteBackward(int cursor, Space space) {
    return deleteBackward(cursor, cursor, space);
  }

  private Change apply(int a, int b, String text) {
    int displayLo = fromSource(a, Space.DISPLAY);
    int displayHi = fromSource(b, Space.DISPLAY);
    setSource(source.substring(0, a) + text + source.substring(b));
    int cursor = a + text.length();
    return new Change(a, b, text, cursor, displayLo, displayHi, fromSource(cursor, Space.DISPLAY));
  }
}
