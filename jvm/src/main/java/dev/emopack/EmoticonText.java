package dev.emopack;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A message being edited: its source text (tags and codes as typed) and its display text, where each emoticon shown
 * as an image is one U+FFFC (an {@code ImageSpan} over it on Android); offsets are UTF-16 in either text. Edits take
 * whole tokens and clusters: the delete key removes a whole tag, code or emoji, never a part (docs/RUNTIME.md).
 * Not thread-safe: one per text field.
 *
 * <p>The text is held in chunks of a few hundred units, each with its runs, cut only between two characters that no
 * grapheme rule joins and outside any token. An edit tokenizes again the chunks within reach of the change (twice the
 * longest key) and no others, so its cost follows the text around it, not the message's length.
 */
public final class EmoticonText {
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

  /** Chunks are cut near this many UTF-16 units, where no segmentation rule or match reaches across. */
  static final int CHUNK_TARGET = 64;

  /**
   * A piece of the message with its runs, offsets from the piece's start: {@code at} each run's start then the
   * piece's length, {@code shown} each run's display offset then the piece's display length.
   */
  private static final class Chunk {
    final String text;
    final int[] at;
    final int[] kind;
    final int[] pack;
    final int[] entry;
    final int[] shown;
    final boolean[] attached;

    Chunk(String text, int runs) {
      this.text = text;
      at = new int[runs + 1];
      kind = new int[runs];
      pack = new int[runs];
      entry = new int[runs];
      shown = new int[runs + 1];
      attached = new boolean[runs];
    }

    int runs() {
      return kind.length;
    }
  }

  private final Tokenizer tokenizer;
  private final boolean emojiAsImages;
  private final int reach;
  private final List<Chunk> chunks = new ArrayList<>();
  /** Where each chunk starts in the source and in the display text, then their lengths. */
  private int[] starts = new int[] {0};
  private int[] displayStarts = new int[] {0};
  /** The source as one string, made again when asked for after an edit. */
  private String joined = "";

  public EmoticonText(String source, Tokenizer tokenizer) {
    this(source, tokenizer, false);
  }

  /** With {@code emojiAsImages}, emoji the catalog draws are images too (an app's own emoji art). */
  public EmoticonText(String source, Tokenizer tokenizer, boolean emojiAsImages) {
    Objects.requireNonNull(source, "EmoticonText: source is null");
    this.tokenizer = Objects.requireNonNull(tokenizer, "EmoticonText: tokenizer is null");
    this.emojiAsImages = emojiAsImages;
    this.reach = tokenizer.editReach();
    setSource(source);
  }

  public void setSource(String source) {
    Objects.requireNonNull(source, "EmoticonText.setSource: source is null");
    chunks.clear();
    chunks.addAll(makeChunks(source, tokenizer.tokenize(source)));
    recount(0);
    joined = source;
  }

  /** The source text (built from the chunks once after each edit). */
  public String source() {
    if (joined == null) {
      StringBuilder b = new StringBuilder(starts[chunks.size()]);
      for (Chunk c : chunks) b.append(c.text);
      joined = b.toString();
    }
    return joined;
  }

  /** The display text: each image a U+FFFC. */
  public String display() {
    StringBuilder b = new StringBuilder();
    for (Chunk c : chunks) {
      for (int r = 0; r < c.runs(); r++) {
        if (c.attached[r]) b.append('\ufffc');
        else b.append(c.text, c.at[r], c.at[r + 1]);
      }
    }
    return b.toString();
  }

  /** The runs, in order (built from the chunks: O(length)). */
  public List<Run> runs() {
    List<Run> out = new ArrayList<>();
    for (int k = 0; k < chunks.size(); k++) {
      Chunk c = chunks.get(k);
      for (int r = 0; r < c.runs(); r++) {
        int start = starts[k] + c.at[r];
        int end = starts[k] + c.at[r + 1];
        int display = displayStarts[k] + c.shown[r];
        int displayEnd = displayStarts[k] + c.shown[r + 1];
        Run last = out.isEmpty() ? null : out.get(out.size() - 1);
        if (c.kind[r] == TokenizedText.TEXT && last != null && last.kind == TokenizedText.TEXT) {
          out.set(out.size() - 1, new Run(last.kind, -1, -1, last.start, end, last.display, displayEnd, false));
          continue;
        }
        out.add(new Run(c.kind[r], c.pack[r], c.entry[r], start, end, display, displayEnd, c.attached[r]));
      }
    }
    return out;
  }

  public int length(Space space) {
    Objects.requireNonNull(space, "EmoticonText.length: space is null");
    return (space == Space.SOURCE ? starts : displayStarts)[chunks.size()];
  }

  /** The last chunk whose start in {@code in} is at or before {@code offset}. */
  private int chunkAt(int[] in, int offset) {
    int low = 0;
    int high = chunks.size() - 1;
    while (low < high) {
      int mid = (low + high + 1) >>> 1;
      if (in[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** The cluster boundary at source offset {@code o} (a place inside a text run), or the one after or before it. */
  private int clusterBoundary(int o, boolean up) {
    int k = chunkAt(starts, o);
    Chunk c = chunks.get(k);
    int local = o - starts[k];
    int n = c.text.length();
    boolean[] ends = new boolean[n + 1];
    Unicode.markClusterEnds(c.text, ends, 0, n);
    if (local == 0 || ends[local]) return o;
    if (up) {
      int e = local + 1;
      while (e < n && !ends[e]) e++;
      return starts[k] + e;
    }
    int e = local - 1;
    while (e > 0 && !ends[e]) e--;
    return starts[k] + e;
  }

  private int toSource(int offset, Space space, boolean up) {
    int[] in = space == Space.SOURCE ? starts : displayStarts;
    if (offset >= in[chunks.size()]) return starts[chunks.size()];
    int k = chunkAt(in, Math.max(offset, 0));
    Chunk c = chunks.get(k);
    int local = offset - in[k];
    int[] at = space == Space.SOURCE ? c.at : c.shown;
    for (int r = 0; r < c.runs(); r++) {
      if (local == at[r]) return starts[k] + c.at[r];
      if (local < at[r + 1]) {
        if (c.kind[r] != TokenizedText.TEXT) return starts[k] + (up ? c.at[r + 1] : c.at[r]);
        return clusterBoundary(starts[k] + c.at[r] + (local - at[r]), up);
      }
    }
    return starts[k + 1];
  }

  private int fromSource(int s, Space space) {
    if (s >= starts[chunks.size()]) return length(space);
    int k = chunkAt(starts, Math.max(s, 0));
    Chunk c = chunks.get(k);
    int local = s - starts[k];
    int base = space == Space.SOURCE ? starts[k] : displayStarts[k];
    int[] at = space == Space.SOURCE ? c.at : c.shown;
    for (int r = 0; r < c.runs(); r++) {
      if (local < c.at[r + 1]) {
        if (local <= c.at[r]) return base + at[r];
        if (c.kind[r] != TokenizedText.TEXT) return base + at[r + 1];
        return base + at[r] + (local - c.at[r]);
      }
    }
    return base + at[c.runs()];
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
    int o = Math.min(Math.max(offset, 0), length(Space.SOURCE));
    return fromSource(toSource(o, Space.SOURCE, true), Space.DISPLAY);
  }

  /** The source offset of a display offset (inside a cluster: its end). */
  public int sourceOffset(int offset) {
    int o = Math.min(Math.max(offset, 0), length(Space.DISPLAY));
    return fromSource(toSource(o, Space.DISPLAY, true), Space.SOURCE);
  }

  /** A range widened to whole tokens and clusters, in the same text. */
  public int[] wholeTokens(int lo, int hi, Space space) {
    Objects.requireNonNull(space, "EmoticonText.wholeTokens: space is null");
    int[] r = sourceRange(lo, hi, space);
    return new int[] {fromSource(r[0], space), fromSource(r[1], space)};
  }

  /** The source text of a range widened to whole tokens: what copy puts on the clipboard. */
  public String sourceText(int lo, int hi, Space space) {
    Objects.requireNonNull(space, "EmoticonText.sourceText: space is null");
    int[] r = sourceRange(lo, hi, space);
    if (joined != null) return joined.substring(r[0], r[1]);
    StringBuilder b = new StringBuilder(r[1] - r[0]);
    for (int k = r[0] == r[1] ? chunks.size() : chunkAt(starts, r[0]); k < chunks.size() && starts[k] < r[1]; k++) {
      String t = chunks.get(k).text;
      b.append(t, Math.max(r[0] - starts[k], 0), Math.min(r[1] - starts[k], t.length()));
    }
    return b.toString();
  }

  private int startOfUnit(int end) {
    if (end <= 0 || end > starts[chunks.size()]) return end;
    // The chunk holding the unit before `end`.
    int k = chunkAt(starts, end - 1);
    Chunk c = chunks.get(k);
    int local = end - starts[k];
    for (int r = 0; r < c.runs(); r++) {
      if (c.at[r] < local && local <= c.at[r + 1]) {
        if (c.kind[r] != TokenizedText.TEXT) return starts[k] + c.at[r];
        // The clusters from the last place before `end` that no rule reaches across (or the run's start).
        int from = c.at[r];
        for (int q = local - 1; q > c.at[r]; q--) {
          if (isSafeCut(c.text, q)) {
            from = q;
            break;
          }
        }
        boolean[] ends = new boolean[local + 1];
        Unicode.markClusterEnds(c.text, ends, from, local);
        int prev = local - 1;
        while (prev > from && !ends[prev]) prev--;
        return starts[k] + prev;
      }
    }
    return end;
  }

  private int[] tokenAround(int offset, Space space) {
    if (!(offset > 0 && offset < length(space))) return null;
    int[] in = space == Space.SOURCE ? starts : displayStarts;
    int k = chunkAt(in, offset);
    Chunk c = chunks.get(k);
    int local = offset - in[k];
    int[] at = space == Space.SOURCE ? c.at : c.shown;
    for (int r = 0; r < c.runs(); r++) {
      if (at[r] < local && local < at[r + 1]) {
        return c.kind[r] != TokenizedText.TEXT ? new int[] {starts[k] + c.at[r], starts[k] + c.at[r + 1]} : null;
      }
    }
    return null;
  }

  /** Replaces a range (widened to whole tokens; an empty one inside a token takes the token) with plain text. */
  public Change replace(int lo, int hi, Space space, String text) {
    Objects.requireNonNull(space, "EmoticonText.replace: space is null");
    Objects.requireNonNull(text, "EmoticonText.replace: text is null");
    int[] r = sourceRange(lo, hi, space);
    if (lo == hi) {
      int[] around = tokenAround(lo, space);
      if (around != null) r = around;
    }
    return apply(r[0], r[1], text);
  }

  /** The delete key at a cursor ({@code lo == hi}) or over a selection. */
  public Change deleteBackward(int lo, int hi, Space space) {
    Objects.requireNonNull(space, "EmoticonText.deleteBackward: space is null");
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
    splice(a, b, text);
    int cursor = a + text.length();
    return new Change(a, b, text, cursor, displayLo, displayHi, fromSource(cursor, Space.DISPLAY));
  }

  /** Replaces source {@code a..<b} with {@code text}, tokenizing again only the chunks within reach of the change. */
  private void splice(int a, int b, String text) {
    int lastChunk = chunks.size() - 1;
    int first = chunkAt(starts, Math.max(a - 1, 0));
    int last = chunkAt(starts, Math.max(b - 1, 0));
    while (first > 0 && a - starts[first] < reach) first--;
    while (last < lastChunk && starts[last + 1] - b < reach) last++;
    int base = starts[first];
    String region;
    TokenizedText tokens;
    while (true) {
      StringBuilder old = new StringBuilder();
      for (int k = first; k <= last; k++) old.append(chunks.get(k).text);
      region = old.substring(0, a - base) + text + old.substring(b - base);
      tokens = tokenizer.tokenize(region);
      // Codes can chain (`ab` and `ba` over `abab…`), so a change may move every match after it: the region grows
      // (doubling) until the old and new runs agree at a place after the change, from where both scans go alike.
      // Tags and emoji never chain: for them the first region agrees.
      if (!tokenizer.hasCodes() || last == lastChunk) break;
      if (agreeAfterChange(regionRuns(first, last), runsOf(tokens), b - base, a - base + text.length(),
          region.length() - reach)) {
        break;
      }
      last = Math.min(lastChunk, last + (last - first + 1));
    }
    List<Chunk> made = region.isEmpty() ? List.of() : makeChunks(region, tokens);
    chunks.subList(first, last + 1).clear();
    chunks.addAll(first, made);
    recount(first);
    joined = null;
  }

  /** A region's runs as one text's: starts (then the end), and a code per run (0 text, else kind, pack, entry). */
  private static final class RegionRuns {
    final int[] start;
    final long[] code;

    RegionRuns(int[] start, long[] code) {
      this.start = start;
      this.code = code;
    }
  }

  private static long code(int kind, int pack, int entry) {
    return kind == TokenizedText.TEXT ? 0 : ((long) kind << 62) | ((long) pack << 31) | entry;
  }

  private static RegionRuns runsOf(TokenizedText t) {
    int[] start = new int[t.size() + 1];
    long[] code = new long[t.size()];
    for (int i = 0; i < t.size(); i++) {
      start[i] = t.start(i);
      code[i] = code(t.kind(i), t.pack(i), t.entry(i));
    }
    start[t.size()] = t.message().length();
    return new RegionRuns(start, code);
  }

  /** The runs of chunks {@code first} to {@code last} as one text's, adjacent text merged. */
  private RegionRuns regionRuns(int first, int last) {
    int count = 0;
    for (int k = first; k <= last; k++) count += chunks.get(k).runs();
    int[] start = new int[count + 1];
    long[] code = new long[count];
    int m = 0;
    for (int k = first; k <= last; k++) {
      Chunk c = chunks.get(k);
      for (int r = 0; r < c.runs(); r++) {
        long x = code(c.kind[r], c.pack[r], c.entry[r]);
        if (x == 0 && m > 0 && code[m - 1] == 0) continue;
        start[m] = starts[k] - starts[first] + c.at[r];
        code[m++] = x;
      }
    }
    start[m] = starts[last + 1] - starts[first];
    return new RegionRuns(Arrays.copyOf(start, m + 1), Arrays.copyOf(code, m));
  }

  /**
   * True when old and new runs of a region are at the same place, outside any match, somewhere after the change
   * ({@code oldFrom} in the old region, {@code newFrom} in the new) and at or before {@code limit} in the new region,
   * far enough from its end that nothing decided before it looked past the region.
   */
  private static boolean agreeAfterChange(RegionRuns old, RegionRuns now, int oldFrom, int newFrom, int limit) {
    int delta = newFrom - oldFrom;
    int j = 0;
    for (int r = 0; r < old.code.length; r++) {
      int end = old.start[r + 1];
      if (end <= oldFrom) continue;
      int start = Math.max(old.start[r], oldFrom);
      // The new run holding old place `start`, shifted.
      int p = start + delta;
      if (p > limit) return false;
      while (j < now.code.length && now.start[j + 1] <= p) j++;
      if (j >= now.code.length) return false;
      if (old.code[r] != 0) {
        // A match in the old scan: both start it here.
        if (old.start[r] >= oldFrom && now.start[j] == p && now.code[j] == old.code[r]) return true;
      } else if (now.code[j] == 0) {
        // Text in both from here to the nearer end: any place there is one both scans pass outside a match.
        int lo = Math.max(p, now.start[j]);
        int hi = Math.min(end + delta, now.start[j + 1]);
        if (lo < hi && lo <= limit) return true;
      }
    }
    return false;
  }

  /** {@code text} and its runs cut into chunks near {@link #CHUNK_TARGET} units, where nothing reaches across. */
  private List<Chunk> makeChunks(String text, TokenizedText tokens) {
    int count = tokens.size();
    int n = text.length();
    List<Chunk> out = new ArrayList<>();
    int start = 0;
    int r = 0; // the run holding `start`
    while (true) {
      int cut = n;
      if (n - start > 2 * CHUNK_TARGET) {
        int k = r;
        for (int q = start + CHUNK_TARGET; q < n - CHUNK_TARGET / 2; q++) {
          while (k < count - 1 && tokens.end(k) <= q) k++;
          if ((tokens.start(k) == q || tokens.kind(k) == TokenizedText.TEXT) && isSafeCut(text, q)) {
            cut = q;
            break;
          }
        }
      }
      while (r < count - 1 && tokens.end(r) <= start) r++;
      int e = r;
      while (e < count && tokens.start(e) < cut) e++;
      Chunk c = new Chunk(text.substring(start, cut), e - r);
      for (int i = 0; i < e - r; i++) {
        int run = r + i;
        int s = Math.max(tokens.start(run), start);
        int end = Math.min(tokens.end(run), cut);
        c.at[i] = s - start;
        c.kind[i] = tokens.kind(run);
        c.pack[i] = tokens.pack(run);
        c.entry[i] = tokens.entry(run);
        c.attached[i] = c.kind[i] == TokenizedText.EMOTICON
            || (c.kind[i] == TokenizedText.EMOJI && emojiAsImages
                && tokenizer.catalog().packs().get(c.pack[i]).entryHasImage(c.entry[i]));
        c.shown[i + 1] = c.shown[i] + (c.attached[i] ? 1 : end - s);
      }
      c.at[e - r] = cut - start;
      out.add(c);
      if (cut >= n) break;
      start = cut;
    }
    return out;
  }

  /** Recounts the chunks' starts from chunk {@code k} on. */
  private void recount(int k) {
    if (chunks.isEmpty()) chunks.add(new Chunk("", 0));
    int size = chunks.size();
    if (starts.length < size + 1) {
      starts = Arrays.copyOf(starts, Math.max(size + 1, 2 * starts.length));
      displayStarts = Arrays.copyOf(displayStarts, starts.length);
    }
    for (int i = k; i < size; i++) {
      Chunk c = chunks.get(i);
      starts[i + 1] = starts[i] + c.text.length();
      displayStarts[i + 1] = displayStarts[i] + c.shown[c.runs()];
    }
  }

  /**
   * True when a chunk may end at {@code q}: between two characters that no grapheme rule joins whatever surrounds
   * them (before: ASCII but CR, U+3000–U+9FFF, a Hangul syllable or a pictograph; after: ASCII, U+4000–U+9FFF, a
   * Hangul syllable or a pictograph; a pictograph neither a regional indicator nor a skin tone).
   */
  static boolean isSafeCut(String t, int q) {
    if (q <= 0 || q >= t.length()) return false;
    char p = t.charAt(q - 1);
    boolean before = (p < 0x80 && p != 0x0d) || (p >= 0x3000 && p <= 0x9fff) || (p >= 0xac00 && p <= 0xd7a3)
        || (p >= 0xdc00 && p <= 0xdfff && q >= 2 && pictograph(t.charAt(q - 2), p));
    if (!before) return false;
    char c = t.charAt(q);
    return c < 0x80 || (c >= 0x4000 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7a3)
        || (q + 1 < t.length() && pictograph(c, t.charAt(q + 1)));
  }

  /** True for a surrogate pair in U+1F000–U+1FFFF other than a regional indicator or a skin tone. */
  private static boolean pictograph(char high, char low) {
    if (high < 0xd83c || high > 0xd83f || low < 0xdc00 || low > 0xdfff) return false;
    if (high == 0xd83c && low >= 0xdde6 && low <= 0xddff) return false;
    return !(high == 0xd83c && low >= 0xdffb);
  }
}
