package dev.emopack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Tokens and grapheme clusters of every message of web/test/vectors/tokenize.json (written by the Swift runtime:
 * every emoji-test.txt sequence, tags, codes and shortcodes mixed with text), and random messages against a plain
 * whole-message reference.
 */
class TokenizeTest {
  static Catalog catalog(List<Object> names) throws IOException, PackError {
    List<PackFile> packs = new ArrayList<>();
    for (Object name : names) packs.add(new PackFile(ByteBuffer.wrap(DamagedPackTest.fixture((String) name))));
    return new Catalog(packs);
  }

  static List<Object> rows(TokenizedText t) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < t.size(); i++) {
      out.add(
          Arrays.asList(
              (double) t.kind(i), (double) t.pack(i), (double) t.entry(i), (double) t.start(i), (double) t.end(i)));
    }
    return out;
  }

  static List<Object> doubles(int[] values) {
    List<Object> out = new ArrayList<>();
    for (int v : values) out.add((double) v);
    return out;
  }

  /**
   * A regional indicator pairs with the one before it when an odd number precede it in the run: a run of 300,000 flags
   * is decided once, not walked back for every flag (tens of billions of steps, stopped by the timeout).
   */
  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void longRunsOfRegionalIndicatorsPairFromTheirStart() throws Exception {
    Tokenizer tokenizer = new Tokenizer(catalog(List.of("bench-1000.pack", "emoji.pack")));
    String flags = "🇨🇳".repeat(300_000);
    // Shifted by one, the pairs are 🇨🇨 and 🇳🇨, which the catalog does not hold.
    Object[][] cases = {{flags, 300_000}, {"a" + flags, 300_000}, {"🇨" + flags, 0}};
    for (Object[] c : cases) {
      String message = (String) c[0];
      TokenizedText t = tokenizer.tokenize(message);
      int found = 0;
      StringBuilder joined = new StringBuilder();
      for (int i = 0; i < t.size(); i++) {
        joined.append(t.text(i));
        if (t.kind(i) == TokenizedText.EMOJI) {
          found++;
          assertEquals("🇨🇳", t.text(i));
        }
      }
      assertEquals((int) c[1], found, "flags found");
      assertEquals(message, joined.toString());
    }
  }

  @SuppressWarnings("unchecked")
  @Test
  void everyMessageSplitsAsInSwift() throws Exception {
    Map<String, Object> v = (Map<String, Object>) DamagedPackTest.vectors("tokenize.json");
    assertEquals(v.get("unicodeVersion"), Unicode.VERSION, "the tables' Unicode version is the vectors'");
    Tokenizer tokenizer = new Tokenizer(catalog((List<Object>) v.get("packs")));
    List<String> failures = new ArrayList<>();
    int count = 0;
    for (Object o : (List<Object>) v.get("messages")) {
      Map<String, Object> m = (Map<String, Object>) o;
      String text = (String) m.get("text");
      count++;
      TokenizedText t = tokenizer.tokenize(text);
      if (!rows(t).equals(m.get("tokens")) && failures.size() < 20) {
        failures.add("tokens of " + text + ": " + rows(t) + " != " + m.get("tokens"));
      }
      StringBuilder joined = new StringBuilder();
      for (int i = 0; i < t.size(); i++) joined.append(t.text(i));
      if (!joined.toString().equals(text) && failures.size() < 20) failures.add("plain text of " + text);
      if (!doubles(Unicode.clusterEnds(text)).equals(m.get("clusters")) && failures.size() < 20) {
        failures.add("clusters of " + text);
      }
    }
    assertTrue(count > 1000, "vectors were read: " + count);
    assertEquals(List.of(), failures, failures.size() + " disagreements (first 20 shown) of " + count);
  }

  /**
   * A plain reference written from docs/RUNTIME.md alone: at every cluster start, every key and emoji of the catalog
   * is tried and the longest match that ends on a cluster boundary wins (keys before emoji on a tie).
   */
  static List<Object> reference(Catalog catalog, List<String> keys, List<String> emoji, String text) {
    int[] clusterEnds = Unicode.clusterEnds(text);
    boolean[] boundary = new boolean[text.length() + 1];
    boundary[0] = true;
    for (int e : clusterEnds) boundary[e] = true;
    List<Object> out = new ArrayList<>();
    int textStart = 0;
    int s = 0;
    while (s < text.length()) {
      int best = -1;
      int bestKind = 0;
      int bestPack = -1, bestEntry = -1;
      if (boundary[s]) {
        for (String k : keys) {
          if (text.startsWith(k, s) && boundary[s + k.length()] && s + k.length() > best) {
            best = s + k.length();
            bestKind = 1;
            int[] pe = find(catalog, k, false);
            bestPack = pe[0];
            bestEntry = pe[1];
          }
        }
        if (best < 0) {
          int end = s + 1;
          while (!boundary[end]) end++;
          String cluster = Tokenizer.withoutSelectors(text.substring(s, end));
          for (String e : emoji) {
            if (Tokenizer.withoutSelectors(e).equals(cluster) && !cluster.isEmpty()) {
              int first = text.codePointAt(s);
              boolean mayStart = first >= 0x80 ? Unicode.isEmojiStart(first) : end > s + 1 && (text.charAt(s + 1) == 0xfe0f || text.charAt(s + 1) == 0x20e3);
              if (!mayStart) break;
              best = end;
              bestKind = 2;
              int[] pe = find(catalog, e, true);
              bestPack = pe[0];
              bestEntry = pe[1];
              break;
            }
          }
        }
      }
      if (best < 0) {
        s++;
        continue;
      }
      if (textStart < s) out.add(Arrays.asList(0.0, -1.0, -1.0, (double) textStart, (double) s));
      out.add(Arrays.asList((double) bestKind, (double) bestPack, (double) bestEntry, (double) s, (double) best));
      textStart = best;
      s = best;
    }
    if (textStart < text.length()) out.add(Arrays.asList(0.0, -1.0, -1.0, (double) textStart, (double) text.length()));
    return out;
  }

  static int[] find(Catalog catalog, String key, boolean isEmoji) {
    for (int p = 0; p < catalog.packs().size(); p++) {
      PackFile pack = catalog.packs().get(p);
      int e = isEmoji ? pack.entryIndexForEmoji(key) : pack.entryIndexForTag(key);
      if (e >= 0) return new int[] {p, e};
    }
    return new int[] {-1, -1};
  }

  @Test
  void randomMessagesAgreeWithAPlainReference() throws Exception {
    Catalog catalog = catalog(List.of("default.pack", "langxiaohua.pack", "emoji.pack"));
    Tokenizer tokenizer = new Tokenizer(catalog);
    List<String> keys = new ArrayList<>();
    List<String> emoji = new ArrayList<>();
    for (PackFile pack : catalog.packs()) {
      for (int e = 0; e < pack.entryCount(); e++) {
        PackFile.EntryRecord r = pack.entry(e);
        for (String k : r.tags) if (!k.startsWith(":") && !keys.contains(k)) keys.add(k);
        if (r.emoji != null) emoji.add(r.emoji);
      }
    }
    String[] filler = {"a", " ", "[", "]", "[x", "\u0301", "\u200d", "\ufe0f", "\ud83c\udffd", "中", "\n", "\r\n", "\ud83c\uddef", "\ud83c\uddf5"};
    Random random = new Random(62);
    List<String> failures = new ArrayList<>();
    for (int round = 0; round < 2000; round++) {
      StringBuilder b = new StringBuilder();
      int parts = 1 + random.nextInt(8);
      for (int k = 0; k < parts; k++) {
        switch (random.nextInt(3)) {
          case 0: b.append(keys.get(random.nextInt(keys.size()))); break;
          case 1: b.append(emoji.get(random.nextInt(emoji.size()))); break;
          default: b.append(filler[random.nextInt(filler.length)]);
        }
      }
      String text = b.toString();
      List<Object> want = reference(catalog, keys, emoji, text);
      List<Object> got = rows(tokenizer.tokenize(text));
      if (!want.equals(got) && failures.size() < 10) failures.add(text + ": " + got + " != " + want);
    }
    assertEquals(List.of(), failures);
  }
}
