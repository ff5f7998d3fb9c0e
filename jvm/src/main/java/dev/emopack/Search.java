package dev.emopack;

import dev.emopack.Catalog.Ref;
import dev.emopack.Format.Entry;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Search with the Swift runtime's folding and ranking: exact keys and emoji first, then keys and keywords starting
 * with the query, then those containing it; packs in tab order within a rank, keywords in folded byte order within a
 * pack, each emoticon once.
 */
public final class Search {
  private Search() {}

  /** How a result matched. */
  public static final int EXACT = 0, PREFIX = 1, CONTAINS = 2;

  /** A result: the emoticon, how it matched, the keyword that matched as written, and its locale (null: any). */
  public static final class Result {
    public final Ref ref;
    public final int match;
    public final String keyword;
    public final String locale;

    Result(Ref ref, int match, String keyword, String locale) {
      this.ref = ref;
      this.match = match;
      this.keyword = keyword;
      this.locale = locale;
    }
  }

  /** True when one locale is the other or a more specific form of it. */
  public static boolean localesMatch(String a, String b) {
    String x = a.toLowerCase(Locale.ROOT).replace('_', '-');
    String y = b.toLowerCase(Locale.ROOT).replace('_', '-');
    return x.equals(y) || x.startsWith(y + "-") || y.startsWith(x + "-");
  }

  private static boolean contains(byte[] key, byte[] q) {
    if (q.length == 0 || key.length < q.length) return false;
    outer:
    for (int i = 0; i + q.length <= key.length; i++) {
      for (int k = 0; k < q.length; k++) if (key[i + k] != q[k]) continue outer;
      return true;
    }
    return false;
  }

  /** Adds the result for KWRD {@code row} of this rank, if it is one and new; true when it added one. */
  private static boolean take(
      PackFile pack, int p, int row, int rank, byte[] q, boolean[] allow, Set<Long> seen, List<Result> out) {
    int[] target = pack.keywordTarget(row);
    if (target == null) return false;
    if (rank == EXACT && target[2] != 1) return false;
    if (rank == CONTAINS) {
      byte[] key = pack.foldedKeyword(row);
      if (key == null || !contains(key, q)) return false;
    }
    if (target[1] >= 0 && allow != null && !(target[1] < allow.length && allow[target[1]])) return false;
    if (!seen.add(((long) p << 32) | target[0])) return false;
    String locale = null;
    if (target[1] >= 0) {
      try {
        locale = pack.locale(target[1]);
      } catch (PackError e) {
        locale = null;
      }
    }
    String text = pack.keywordText(row);
    out.add(new Result(new Ref(p, target[0]), rank, text == null ? "" : text, locale));
    return true;
  }

  /**
   * The KPST runs whose common rows are the contains candidates for a query of two scalars or more: each scalar
   * pair's postings, rarest first; none when a pair is missing.
   */
  private static List<int[]> containsRuns(PackFile pack, int[] scalars) {
    List<int[]> runs = new ArrayList<>();
    for (int k = 0; k < scalars.length - 1; k++) {
      int[] r = pack.gramPostings(scalars[k], scalars[k + 1]);
      if (r[0] == r[1]) return new ArrayList<>();
      boolean known = false;
      for (int[] x : runs) known |= x[0] == r[0] && x[1] == r[1];
      if (!known) runs.add(r);
    }
    runs.sort((a, b) -> Integer.compare(a[1] - a[0], b[1] - b[0]));
    return runs;
  }

  /**
   * The KWRD rows of several KPST runs (one per gram) in ascending order, each once: a one-scalar query's contains
   * candidates. A binary heap holds each run's next row; rows past KWRD are passed over, and a damaged pack's
   * unsorted run only costs order (the same order as Swift's PostingMerge).
   */
  private static final class PostingMerge {
    private final PackFile pack;
    private final List<int[]> runs;
    private final int[] cursors;
    private int[] heapRow = new int[8];
    private int[] heapRun = new int[8];
    private int size = 0;
    private int last = -1;

    PostingMerge(PackFile pack, List<int[]> runs) {
      this.pack = pack;
      this.runs = runs;
      cursors = new int[runs.size()];
      for (int k = 0; k < cursors.length; k++) cursors[k] = runs.get(k)[0];
      for (int k = 0; k < cursors.length; k++) advance(k);
    }

    /** The next row in ascending order, or -1 when every run is done. */
    int next() {
      while (size > 0) {
        int row = heapRow[0];
        int run = heapRun[0];
        pop();
        advance(run);
        if (row != last) {
          last = row;
          return row;
        }
      }
      return -1;
    }

    private void advance(int k) {
      while (cursors[k] < runs.get(k)[1]) {
        int row = pack.posting(cursors[k]++);
        if (row >= 0) {
          push(row, k);
          return;
        }
      }
    }

    private void push(int row, int run) {
      if (size == heapRow.length) {
        heapRow = java.util.Arrays.copyOf(heapRow, size * 2);
        heapRun = java.util.Arrays.copyOf(heapRun, size * 2);
      }
      heapRow[size] = row;
      heapRun[size] = run;
      int i = size++;
      while (i > 0) {
        int parent = (i - 1) / 2;
        if (!(heapRow[i] < heapRow[parent])) break;
        swap(i, parent);
        i = parent;
      }
    }

    private void pop() {
      size--;
      if (size == 0) return;
      heapRow[0] = heapRow[size];
      heapRun[0] = heapRun[size];
      int i = 0;
      while (true) {
        int l = 2 * i + 1;
        int r = l + 1;
        int m = i;
        if (l < size && heapRow[l] < heapRow[m]) m = l;
        if (r < size && heapRow[r] < heapRow[m]) m = r;
        if (m == i) return;
        swap(i, m);
        i = m;
      }
    }

    private void swap(int a, int b) {
      int row = heapRow[a];
      int run = heapRun[a];
      heapRow[a] = heapRow[b];
      heapRun[a] = heapRun[b];
      heapRow[b] = row;
      heapRun[b] = run;
    }
  }

  /**
   * Emoticons and emoji for {@code query}, best first: at most {@code limit} results; keywords of other locales than
   * {@code locales} are left out (an empty list allows every locale).
   */
  public static List<Result> search(Catalog catalog, String query, List<String> locales, int limit) {
    Objects.requireNonNull(catalog, "Search.search: catalog is null");
    Objects.requireNonNull(query, "Search.search: query is null");
    Objects.requireNonNull(locales, "Search.search: locales is null");
    byte[] q = Unicode.compared(query).getBytes(StandardCharsets.UTF_8);
    List<Result> out = new ArrayList<>();
    if (q.length == 0 || limit <= 0) return out;
    Set<Long> seen = new HashSet<>();
    List<PackFile> packs = catalog.packs();
    List<boolean[]> allowed = new ArrayList<>();
    for (PackFile pack : packs) {
      if (locales.isEmpty()) {
        allowed.add(null);
        continue;
      }
      boolean[] list = new boolean[pack.localeSection.count];
      for (int i = 0; i < list.length; i++) {
        String l;
        try {
          l = pack.locale(i);
        } catch (PackError e) {
          l = null; // a damaged locale is allowed by nothing
        }
        for (String x : locales) if (l != null && localesMatch(x, l)) list[i] = true;
      }
      allowed.add(list);
    }
    // The query's scalars (of its folded UTF-8, as the index keys them) for the contains rank's grams, and each
    // pack's KWRD rows starting with the query, found once for the exact and the prefix rank.
    int[] scalars = new String(q, StandardCharsets.UTF_8).codePoints().toArray();
    int[][] prefixRanges = new int[packs.size()][];
    for (int rank = EXACT; rank <= CONTAINS; rank++) {
      for (int p = 0; p < packs.size(); p++) {
        PackFile pack = packs.get(p);
        if (rank == EXACT) {
          int entry = pack.entryIndexForEmojiBytes(q, 0, q.length);
          if (entry >= 0) {
            String written;
            try {
              written = pack.string(pack.entrySection.offset + entry * pack.entrySize + Entry.EMOJI);
            } catch (PackError e) {
              written = null;
            }
            long key = ((long) p << 32) | entry;
            if (written != null && seen.add(key)) {
              out.add(new Result(new Ref(p, entry), EXACT, written, null));
              if (out.size() >= limit) return out;
            }
          }
        }
        if (rank == CONTAINS) {
          // The pack's keyword index, walked as Swift walks it: one scalar, its grams' postings merged in row order;
          // more, the rows common to every scalar pair's postings (rarest first), each checked.
          if (scalars.length == 1) {
            PostingMerge merge = new PostingMerge(pack, pack.gramPostingRuns(scalars[0]));
            for (int row = merge.next(); row >= 0; row = merge.next()) {
              if (take(pack, p, row, rank, q, allowed.get(p), seen, out) && out.size() >= limit) return out;
            }
          } else {
            List<int[]> runs = containsRuns(pack, scalars);
            int[] cursors = new int[runs.size()];
            for (int k = 0; k < cursors.length; k++) cursors[k] = runs.get(k)[0];
            for (int row = pack.nextCommonPosting(runs, cursors); row >= 0; row = pack.nextCommonPosting(runs, cursors)) {
              if (take(pack, p, row, rank, q, allowed.get(p), seen, out) && out.size() >= limit) return out;
            }
          }
          continue;
        }
        int[] range = prefixRanges[p];
        if (range == null) range = prefixRanges[p] = pack.keywordRange(q);
        for (int row = range[0]; row < range[1]; row++) {
          // Exact matches come first in the prefix range: the first longer key ends the rank in this pack.
          if (rank == EXACT) {
            byte[] key = pack.foldedKeyword(row);
            if (key == null || key.length != q.length) break;
          }
          if (take(pack, p, row, rank, q, allowed.get(p), seen, out) && out.size() >= limit) return out;
        }
      }
    }
    return out;
  }
}
