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

  private static boolean startsWith(byte[] key, byte[] q) {
    if (key.length < q.length) return false;
    for (int i = 0; i < q.length; i++) if (key[i] != q[i]) return false;
    return true;
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
        for (int row = 0; row < pack.keywordCount(); row++) {
          byte[] key = pack.foldedKeyword(row);
          if (key == null) continue;
          if (rank == EXACT) {
            if (!startsWith(key, q)) continue;
            if (key.length != q.length) break;
          } else if (rank == PREFIX) {
            if (!startsWith(key, q)) continue;
          } else if (!contains(key, q)) {
            continue;
          }
          int[] target = pack.keywordTarget(row);
          if (target == null) continue;
          if (rank == EXACT && target[2] != 1) continue;
          boolean[] allow = allowed.get(p);
          if (target[1] >= 0 && allow != null && !(target[1] < allow.length && allow[target[1]])) continue;
          if (!seen.add(((long) p << 32) | target[0])) continue;
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
          if (out.size() >= limit) return out;
        }
      }
    }
    return out;
  }
}
