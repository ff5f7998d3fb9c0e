package dev.emopack;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Grapheme clusters, emoji starts and canonical composition exactly as the Swift runtime sees them: the tables
 * ({@link UnicodeData}) are generated from Swift's own String and Unicode.Scalar, so the same text splits the same way
 * here whatever Unicode version the JVM or Android carries ({@code java.text.BreakIterator} is not used).
 */
public final class Unicode {
  private Unicode() {}

  /** The Unicode version of the tables. */
  public static final String VERSION = UnicodeData.VERSION;

  static final int CR = 1, LF = 2, CONTROL = 3, EXTEND = 4, ZWJ = 5, RI = 6, PREPEND = 7, SPACING = 8, L = 9,
      V = 10, T = 11, LV = 12, LVT = 13;

  /**
   * The comma-separated integers of {@code text}, read in one pass over its chars (at class load the interpreter
   * runs this: a call per char, or split and parseInt, cost several times as much).
   */
  private static int[] parse(String text) {
    char[] chars = text.toCharArray();
    int n = chars.length == 0 ? 0 : 1;
    for (char c : chars) if (c == ',') n++;
    int[] out = new int[n];
    int k = 0, value = 0, sign = 1;
    for (char c : chars) {
      if (c == ',') {
        out[k++] = sign * value;
        value = 0;
        sign = 1;
      } else if (c == '-') {
        sign = -1;
      } else {
        value = 10 * value + (c - '0');
      }
    }
    if (n > 0) out[k] = sign * value;
    return out;
  }

  /** A look-up over runs "start delta, value, ...": the value of the run holding a scalar, by binary search. */
  static final class Runs {
    private final int[] starts;
    private final int[] values;

    Runs(int[] runs) {
      starts = new int[runs.length / 2];
      values = new int[runs.length / 2];
      int start = 0;
      for (int i = 0; i < starts.length; i++) {
        start += runs[2 * i];
        starts[i] = start;
        values[i] = runs[2 * i + 1];
      }
    }

    int get(int v) {
      int lo = 0, hi = starts.length - 1;
      while (lo < hi) {
        int mid = (lo + hi + 1) >>> 1;
        if (starts[mid] <= v) lo = mid;
        else hi = mid - 1;
      }
      return starts.length == 0 ? 0 : values[lo];
    }

    /** ORs each run's value, shifted, into {@code table} (indexed by scalar, as far as it reaches). */
    void fill(byte[] table, int shift) {
      for (int i = 0; i < starts.length; i++) {
        int end = Math.min(table.length, i + 1 < starts.length ? starts[i + 1] : 0x110000);
        int value = values[i] << shift;
        if (value == 0) continue;
        for (int v = starts[i]; v < end; v++) table[v] |= (byte) value;
      }
    }
  }

  private static final Runs BREAK = new Runs(parse(UnicodeData.GRAPHEME_BREAK));
  private static final Runs PICTOGRAPHIC = new Runs(parse(UnicodeData.EXTENDED_PICTOGRAPHIC));
  private static final Runs CONJUNCT = new Runs(parse(UnicodeData.INDIC_CONJUNCT_BREAK));
  private static final Runs EMOJI_START_RUNS = new Runs(parse(UnicodeData.EMOJI_START));

  // Each scalar's properties in one byte: Grapheme_Cluster_Break (bits 0-3), Extended_Pictographic (bit 4),
  // Indic_Conjunct_Break (bits 5-6); a table for the BMP and plane 1 (emoji), the runs for the rest. Emoji starts
  // likewise (bit 0 of a second table).
  private static final int TABLE = 0x20000;
  private static final byte[] PACKED = new byte[TABLE];
  private static final byte[] EMOJI_START = new byte[TABLE];

  static {
    BREAK.fill(PACKED, 0);
    PICTOGRAPHIC.fill(PACKED, 4);
    CONJUNCT.fill(PACKED, 5);
    EMOJI_START_RUNS.fill(EMOJI_START, 0);
  }

  static int packed(int v) {
    return v < TABLE ? PACKED[v] & 0xff : BREAK.get(v) | (PICTOGRAPHIC.get(v) << 4) | (CONJUNCT.get(v) << 5);
  }

  /** The Grapheme_Cluster_Break value of a scalar (see {@link UnicodeData}). */
  public static int graphemeBreakProperty(int v) {
    return packed(v) & 15;
  }

  /** True for a scalar that may start an emoji (Emoji or Emoji_Presentation). */
  public static boolean isEmojiStart(int v) {
    if (v < 0 || v >= 0x110000) return false;
    return v < TABLE ? EMOJI_START[v] != 0 : EMOJI_START_RUNS.get(v) == 1;
  }

  /** True for a UTF-16 unit an emoji can begin with: a BMP emoji start from U+00A9, a keycap base, a lead surrogate. */
  static final boolean[] EMOJI_LEAD_UNITS = new boolean[0x10000];

  /** The tokenizer's lead bits before a catalog's keys: 8 on each emoji lead unit, 2 on `[` (each Tokenizer copies it). */
  static final byte[] BASE_LEADS = new byte[0x10000];

  // The class initializers below read the static tables through locals: while a class initializes, the JVM takes
  // a slow path for each access to its own static fields (a 64 K loop over them took 20 ms in HotSpot).
  static {
    boolean[] leads = EMOJI_LEAD_UNITS;
    byte[] starts = EMOJI_START;
    for (int v = 0xa9; v < 0x10000; v++) leads[v] = starts[v] != 0;
    for (char u : "0123456789#*".toCharArray()) leads[u] = true;
    // A lead surrogate for each 1,024 scalars holding an emoji start, found run by run: a test of every scalar would
    // cost a million look-ups at class load.
    Runs runs = EMOJI_START_RUNS;
    for (int i = 0; i < runs.starts.length; i++) {
      int end = i + 1 < runs.starts.length ? runs.starts[i + 1] : 0x110000;
      if (runs.values[i] != 1 || end <= 0x10000) continue;
      for (int v = Math.max(i == 0 ? 0 : runs.starts[i], 0x10000); v < end; v += 0x400 - ((v - 0x10000) & 0x3ff)) {
        leads[0xd800 + ((v - 0x10000) >> 10)] = true;
      }
    }
    byte[] base = BASE_LEADS;
    for (int u = 0; u < 0x10000; u++) if (leads[u]) base[u] = 8;
    base['['] |= 2;
  }

  /**
   * Marks in {@code ends} (length at least to + 1) each UTF-16 offset in (from, to] where an extended grapheme
   * cluster of {@code text} ends (UAX #29 with Swift's properties), starting at a cluster boundary {@code from}.
   */
  static void markClusterEnds(CharSequence text, boolean[] ends, int from, int to) {
    int prev = -1;
    int ri = 0;
    boolean inPictographic = false; // EP Extend* ends at the previous scalar
    boolean zwjAfterPictographic = false; // ... then a ZWJ
    boolean consonant = false; // InCB Consonant [Extend|Linker]* ends at the previous scalar
    boolean linker = false; // ... with a Linker among them
    int i = from;
    while (i < to) {
      int v = text.charAt(i);
      int n = 1;
      if (v >= 0xd800 && v < 0xdc00 && i + 1 < to) {
        int low = text.charAt(i + 1);
        if (low >= 0xdc00 && low < 0xe000) {
          v = ((v - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
          n = 2;
        }
      }
      int bits = packed(v);
      int c = bits & 15;
      if (prev >= 0) {
        boolean join;
        if ((prev | c) == 0 && bits == 0) join = false;
        else if (prev == CR && c == LF) join = true;
        else if (prev == CR || prev == LF || prev == CONTROL) join = false;
        else if (c == CR || c == LF || c == CONTROL) join = false;
        else if (prev == L && (c == L || c == V || c == LV || c == LVT)) join = true;
        else if ((prev == LV || prev == V) && (c == V || c == T)) join = true;
        else if ((prev == LVT || prev == T) && c == T) join = true;
        else if (c == EXTEND || c == ZWJ || c == SPACING) join = true;
        else if (prev == PREPEND) join = true;
        else if ((bits >> 5) == 1 && consonant && linker) join = true;
        else if (zwjAfterPictographic && (bits & 16) != 0) join = true;
        else join = prev == RI && c == RI && ri % 2 == 1;
        if (!join) ends[i] = true;
      }
      ri = c == RI ? ri + 1 : 0;
      zwjAfterPictographic = c == ZWJ && inPictographic;
      inPictographic = (bits & 16) != 0 || (inPictographic && c == EXTEND);
      int incb = bits >> 5;
      if (incb == 1) {
        consonant = true;
        linker = false;
      } else if (consonant && incb == 2) {
        linker = true;
      } else if (!(consonant && incb == 3)) {
        consonant = false;
        linker = false;
      }
      prev = c;
      i += n;
    }
    if (to > from) ends[to] = true;
  }

  /** The UTF-16 offsets where each extended grapheme cluster of {@code text} ends. */
  public static int[] clusterEnds(CharSequence text) {
    int n = Objects.requireNonNull(text, "Unicode.clusterEnds: text is null").length();
    boolean[] marks = new boolean[n + 1];
    markClusterEnds(text, marks, 0, n);
    int count = 0;
    for (int i = 1; i <= n; i++) if (marks[i]) count++;
    int[] out = new int[count];
    for (int i = 1, k = 0; i <= n; i++) if (marks[i]) out[k++] = i;
    return out;
  }

  // Canonical composition (NFC) from EmoPackFormat's tables, as the Swift runtime composes. The tables are built on
  // first use (a text with a scalar outside ASCII, CJK ideographs and Hangul syllables), in primitive arrays.

  /** A hexadecimal digit's value. */
  private static int hex(char c) {
    return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
  }

  /**
   * The ranges of "combining classes" items ("first-last:class" or "first:class", hexadecimal scalars, decimal class)
   * or of "first-last" items, separated by spaces: {first, last, class} triples (class 0 without one).
   */
  private static int[] parseRanges(String text) {
    char[] chars = text.toCharArray();
    int items = 0;
    for (char c : chars) if (c == ' ') items++;
    int[] out = new int[3 * (items + 1)];
    int k = 0;
    for (int i = 0; i < chars.length; ) {
      if (chars[i] == ' ') {
        i++;
        continue;
      }
      int first = 0, last, cc = 0;
      while (i < chars.length && chars[i] != '-' && chars[i] != ':' && chars[i] != ' ') first = 16 * first + hex(chars[i++]);
      last = first;
      if (i < chars.length && chars[i] == '-') {
        last = 0;
        i++;
        while (i < chars.length && chars[i] != ':' && chars[i] != ' ') last = 16 * last + hex(chars[i++]);
      }
      if (i < chars.length && chars[i] == ':') {
        i++;
        while (i < chars.length && chars[i] != ' ') cc = 10 * cc + (chars[i++] - '0');
      }
      out[k++] = first;
      out[k++] = last;
      out[k++] = cc;
    }
    return Arrays.copyOf(out, k);
  }

  private static final class Nfc {
    private Nfc() {}

    /** Scalars with a canonical decomposition, ascending, and the one or two scalars each maps to (second 0: none). */
    static final int[] DECOMPOSED, FIRST, SECOND;
    /** Primary composites: (first << 21 | second) << 21 | composite, ascending. */
    static final long[] COMPOSITES;
    /** Runs of a nonzero canonical combining class: first scalars ascending, last scalars and classes alike. */
    static final int[] CLASS_FIRST, CLASS_LAST, CLASS;
    /** One bit per scalar that normalization may change or move; none above the table's end. */
    static final long[] ACTIVE;

    static {
      int[] d = parse(UnicodeData.DECOMPOSITIONS);
      int count = d.length / 3;
      int[] decomposed = new int[count], first = new int[count], second = new int[count];
      int v = 0;
      for (int i = 0; i < count; i++) {
        v += d[3 * i];
        decomposed[i] = v;
        first[i] = v - d[3 * i + 1];
        second[i] = d[3 * i + 2];
      }
      int[] excluded = parseRanges(UnicodeData.EXCLUSIONS);
      // Classes: one run a range, sorted by its first scalar.
      int[] ranges = parseRanges(UnicodeData.COMBINING_CLASSES);
      int runCount = ranges.length / 3;
      long[] runs = new long[runCount];
      for (int r = 0; r < runCount; r++) runs[r] = (long) ranges[3 * r] << 32 | (long) ranges[3 * r + 1] << 8 | ranges[3 * r + 2];
      Arrays.sort(runs);
      int[] classFirst = new int[runCount], classLast = new int[runCount], classOf = new int[runCount];
      for (int r = 0; r < runCount; r++) {
        classFirst[r] = (int) (runs[r] >>> 32);
        classLast[r] = (int) ((runs[r] >>> 8) & 0xffffff);
        classOf[r] = (int) (runs[r] & 0xff);
      }
      // Active: excluded composites, scalars with a class, second halves of primary composites, singletons, and the
      // Hangul vowels and trailing consonants.
      int top = 0x11c3;
      for (int x : decomposed) top = Math.max(top, x + 1);
      for (int x : second) top = Math.max(top, x + 1);
      for (int r = 0; r < excluded.length; r += 3) top = Math.max(top, excluded[r + 1] + 1);
      for (int x : classLast) top = Math.max(top, x + 1);
      long[] active = new long[(top + 63) >> 6];
      long[] isExcluded = new long[active.length];
      for (int r = 0; r < excluded.length; r += 3) {
        for (int x = excluded[r]; x <= excluded[r + 1]; x++) {
          active[x >> 6] |= 1L << x;
          isExcluded[x >> 6] |= 1L << x;
        }
      }
      for (int r = 0; r < runCount; r++) for (int x = classFirst[r]; x <= classLast[r]; x++) active[x >> 6] |= 1L << x;
      long[] composites = new long[count];
      int compositeCount = 0;
      for (int i = 0; i < count; i++) {
        int x = decomposed[i];
        if (second[i] == 0) {
          active[x >> 6] |= 1L << x;
        } else if ((isExcluded[x >> 6] & (1L << x)) == 0) {
          composites[compositeCount++] = ((long) first[i] << 21 | second[i]) << 21 | x;
          active[second[i] >> 6] |= 1L << second[i];
        }
      }
      composites = Arrays.copyOf(composites, compositeCount);
      Arrays.sort(composites);
      for (int x = 0x1161; x <= 0x1175; x++) active[x >> 6] |= 1L << x;
      for (int x = 0x11a8; x <= 0x11c2; x++) active[x >> 6] |= 1L << x;
      DECOMPOSED = decomposed;
      FIRST = first;
      SECOND = second;
      COMPOSITES = composites;
      CLASS_FIRST = classFirst;
      CLASS_LAST = classLast;
      CLASS = classOf;
      ACTIVE = active;
    }
  }

  private static final int S_BASE = 0xac00, L_BASE = 0x1100, V_BASE = 0x1161, T_BASE = 0x11a7, L_COUNT = 19,
      V_COUNT = 21, T_COUNT = 28, S_COUNT = L_COUNT * V_COUNT * T_COUNT;

  private static boolean isInert(int v) {
    if (v < 0x300 || (v >= 0x3400 && v <= 0x9fff) || (v >= 0xac00 && v <= 0xd7a3)) return true;
    long[] active = Nfc.ACTIVE;
    return (v >> 6) >= active.length || (active[v >> 6] & (1L << v)) == 0;
  }

  private static int combiningClass(int v) {
    if (v < 0x300) return 0;
    int r = Arrays.binarySearch(Nfc.CLASS_FIRST, v);
    if (r < 0) r = -r - 2;
    return r >= 0 && v <= Nfc.CLASS_LAST[r] ? Nfc.CLASS[r] : 0;
  }

  private static void decompose(int v, List<Integer> out) {
    int s = v - S_BASE;
    if (s >= 0 && s < S_COUNT) {
      out.add(L_BASE + s / (V_COUNT * T_COUNT));
      out.add(V_BASE + (s % (V_COUNT * T_COUNT)) / T_COUNT);
      if (s % T_COUNT != 0) out.add(T_BASE + s % T_COUNT);
      return;
    }
    int at = Arrays.binarySearch(Nfc.DECOMPOSED, v);
    if (at < 0) {
      out.add(v);
      return;
    }
    decompose(Nfc.FIRST[at], out);
    if (Nfc.SECOND[at] != 0) decompose(Nfc.SECOND[at], out);
  }

  private static int composite(int a, int b) {
    if (a >= L_BASE && a < L_BASE + L_COUNT && b >= V_BASE && b < V_BASE + V_COUNT) {
      return S_BASE + ((a - L_BASE) * V_COUNT + (b - V_BASE)) * T_COUNT;
    }
    int s = a - S_BASE;
    if (s >= 0 && s < S_COUNT && s % T_COUNT == 0 && b > T_BASE && b < T_BASE + T_COUNT) return a + (b - T_BASE);
    long key = ((long) a << 21 | b) << 21;
    long[] composites = Nfc.COMPOSITES;
    int at = Arrays.binarySearch(composites, key); // an insertion point: no composite is U+0000
    at = at >= 0 ? at : -at - 1;
    return at < composites.length && (composites[at] & ~0x1fffffL) == key ? (int) (composites[at] & 0x1fffff) : -1;
  }

  /** {@code text} in Normalization Form C, as EmoPackFormat's CanonicalComposition gives it. */
  public static String nfc(String text) {
    Objects.requireNonNull(text, "Unicode.nfc: text is null");
    boolean inert = true;
    for (int i = 0; i < text.length(); i++) {
      char u = text.charAt(i);
      if (u < 0x300 || (u >= 0x3400 && u <= 0x9fff) || (u >= 0xac00 && u <= 0xd7a3)) continue;
      if (!isInert(text.codePointAt(i))) {
        inert = false;
        break;
      }
    }
    return inert ? text : composed(text);
  }

  /** {@code nfc} of a text holding a scalar that normalization may change or move. */
  private static String composed(String text) {
    List<Integer> d = new ArrayList<>();
    for (int i = 0; i < text.length(); ) {
      int v = text.codePointAt(i);
      i += Character.charCount(v);
      decompose(v, d);
    }
    // Reorder each run of non-starters by combining class (stable).
    for (int i = 0; i < d.size(); ) {
      if (combiningClass(d.get(i)) == 0) {
        i++;
        continue;
      }
      int j = i;
      while (j < d.size() && combiningClass(d.get(j)) != 0) j++;
      // Stable: by class, then by place (a run can be as long as the text, so no quadratic sort).
      long[] run = new long[j - i];
      for (int k = i; k < j; k++) run[k - i] = (long) combiningClass(d.get(k)) << 32 | (k - i);
      Arrays.sort(run);
      Integer[] marks = d.subList(i, j).toArray(new Integer[0]);
      for (int k = 0; k < run.length; k++) d.set(i + k, marks[(int) run[k]]);
      i = j;
    }
    int kept = 0;
    if (!d.isEmpty()) {
      int starter = 0;
      int lastClass = combiningClass(d.get(0)) == 0 ? 0 : 256;
      kept = 1;
      for (int i = 1; i < d.size(); i++) {
        int c = d.get(i);
        int cc = combiningClass(c);
        int comp = lastClass < cc || lastClass == 0 ? composite(d.get(starter), c) : -1;
        if (comp >= 0) {
          d.set(starter, comp);
          continue;
        }
        if (cc == 0) starter = kept;
        lastClass = cc;
        d.set(kept++, c);
      }
    }
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < kept; i++) out.appendCodePoint(d.get(i));
    return out.toString();
  }

  // Search folding (KeywordFold): tables built on first use (a search), not at class load.

  private static final class Fold {
    private Fold() {}

    static final Runs LATIN = new Runs(parse(UnicodeData.LATIN_FOLD));
    static final Set<Integer> WHITE_SPACE = new HashSet<>();
    static final Map<Integer, int[]> LOWERCASE = new HashMap<>();

    static {
      Set<Integer> whiteSpace = WHITE_SPACE;
      Map<Integer, int[]> lowercase = LOWERCASE;
      for (int v : parse(UnicodeData.WHITE_SPACE)) whiteSpace.add(v);
      int[] lower = parse(UnicodeData.LOWERCASE_RUNS);
      for (int i = 0; i < lower.length; i += 4) {
        for (int k = 0; k < lower[i + 1]; k++) {
          int v = lower[i] + k * lower[i + 2];
          lowercase.put(v, new int[] {v + lower[i + 3]});
        }
      }
      int[] longer = parse(UnicodeData.LOWERCASE_LONG);
      for (int i = 0; i < longer.length; ) {
        int n = longer[i + 1];
        lowercase.put(longer[i], Arrays.copyOfRange(longer, i + 2, i + 2 + n));
        i += 2 + n;
      }
    }
  }

  /** One scalar folded: none, one or several. */
  private static int[] foldScalar(int scalar) {
    int v = scalar;
    if (v >= 0xff01 && v <= 0xff5e) v -= 0xfee0;
    if (v == 0x3000) v = 0x20;
    if ((v >= 0x300 && v <= 0x36f) || (v >= 0xfe00 && v <= 0xfe0f)) return new int[0];
    int base = Fold.LATIN.get(v);
    if (base != 0) v = base;
    if (v < 0x80) return new int[] {v >= 0x41 && v <= 0x5a ? v + 0x20 : v};
    int[] lower = Fold.LOWERCASE.get(v);
    if (lower == null) return new int[] {v};
    int kept = 0;
    int[] out = new int[lower.length];
    for (int x : lower) if (!(x >= 0x300 && x <= 0x36f)) out[kept++] = x;
    return kept == out.length ? out : Arrays.copyOf(out, kept);
  }

  /** {@code text} folded for search: NFC, width, Latin accents and case folded, whitespace runs one space, trimmed. */
  public static String fold(String text) {
    Objects.requireNonNull(text, "Unicode.fold: text is null");
    StringBuilder out = new StringBuilder();
    boolean pendingSpace = false;
    String composed = nfc(text);
    for (int i = 0; i < composed.length(); ) {
      int c = composed.codePointAt(i);
      i += Character.charCount(c);
      for (int f : foldScalar(c)) {
        if (Fold.WHITE_SPACE.contains(f)) {
          pendingSpace = out.length() > 0;
          continue;
        }
        if (pendingSpace) {
          out.append(' ');
          pendingSpace = false;
        }
        out.appendCodePoint(f);
      }
    }
    return out.toString();
  }

  /** {@code text} as search compares it: folded, a leading `[` or `:` dropped with the `]` or `:` closing it. */
  public static String compared(String text) {
    Objects.requireNonNull(text, "Unicode.compared: text is null");
    String q = fold(text);
    if (q.isEmpty()) return q;
    int[] ends = clusterEnds(q);
    String open = q.substring(0, ends[0]);
    if (ends.length <= 1 || !(open.equals("[") || open.equals(":"))) return q;
    q = q.substring(1);
    String close = open.equals("[") ? "]" : ":";
    int[] rest = clusterEnds(q);
    if (rest.length > 1) {
      int last = rest[rest.length - 2];
      if (q.substring(last).equals(close)) q = q.substring(0, q.length() - 1);
    }
    return fold(q);
  }
}
