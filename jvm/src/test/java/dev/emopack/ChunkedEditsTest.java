package dev.emopack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.emopack.EmoticonText.Space;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * EmoticonText, which keeps a message in chunks and tokenizes again only around an edit, against a second, simple
 * model that tokenizes and segments the whole message on every edit ({@link ReferenceText}): random long messages of
 * the vector messages' pieces, random edits in both texts, every result and offset compared.
 */
class ChunkedEditsTest {
  private static Tokenizer tokenizer;
  private static List<String> messages;
  // Pieces that make and break matches at a distance: brackets, halves of tags and codes, joiners, marks, flags' halves.
  private static final String[] SMALL = {"[", "]", "哈哈", "[哈哈", "]]", "/", ":", "smile", ":smile:", "\u200d",
    "\u0301", "e\u0301", "🇨", "🇳", "👍", "🏽", "\ufe0f", "\u20e3", "1", "#", "\r", "\n", " ", "今天", "ok", "한국어",
    "क्ष", "😀", "[微笑]", "/::)", "[大笑]"};

  @SuppressWarnings("unchecked")
  @BeforeAll
  static void load() throws Exception {
    Map<String, Object> v = (Map<String, Object>) DamagedPackTest.vectors("tokenize.json");
    tokenizer = new Tokenizer(TokenizeTest.catalog((List<Object>) v.get("packs")));
    messages = new ArrayList<>();
    for (Object o : (List<Object>) v.get("messages")) messages.add((String) ((Map<String, Object>) o).get("text"));
  }

  /** The same generator as the web test's. */
  private static final class Random {
    private long x;

    Random(long seed) {
      x = seed;
    }

    int next() {
      x = x * 6364136223846793005L + 1442695040888963407L;
      return (int) (x >>> 33);
    }
  }

  private static String message(Random next, int units) {
    StringBuilder m = new StringBuilder();
    while (m.length() < units) {
      if (next.next() % 3 == 0) {
        m.append(SMALL[next.next() % SMALL.length]);
      } else {
        String source = messages.get(next.next() % messages.size());
        int a = next.next() % (source.length() + 1);
        m.append(source, a, Math.min(source.length(), a + next.next() % 40));
      }
    }
    return m.toString();
  }

  private static String describe(EmoticonText.Change c) {
    return c.sourceStart + ".." + c.sourceEnd + " " + c.replacement + " " + c.sourceCursor + " | " + c.displayStart
        + ".." + c.displayEnd + " " + c.displayCursor;
  }

  private static String describe(ReferenceText.Change c) {
    return c.sourceStart + ".." + c.sourceEnd + " " + c.replacement + " " + c.sourceCursor + " | " + c.displayStart
        + ".." + c.displayEnd + " " + c.displayCursor;
  }

  /** Everything the chunked model shows, at {@code offsets} (every offset when null). */
  private static String view(EmoticonText m, int[] offsets) {
    StringBuilder b = new StringBuilder(m.source()).append('\u0000').append(m.display()).append('\u0000');
    for (EmoticonText.Run r : m.runs()) {
      b.append(r.kind).append(',').append(r.pack).append(',').append(r.entry).append(',').append(r.start).append(',')
          .append(r.end).append(',').append(r.display).append(',').append(r.displayEnd).append(',')
          .append(r.attachment).append(';');
    }
    int n = m.length(Space.SOURCE);
    int d = m.length(Space.DISPLAY);
    for (int o : offsets == null ? range(Math.max(n, d) + 1) : offsets) {
      int[] w = m.wholeTokens(o, o + 3, Space.SOURCE);
      int[] x = m.wholeTokens(o, o + 2, Space.DISPLAY);
      b.append(m.displayOffset(o)).append(' ').append(m.sourceOffset(o)).append(' ').append(w[0]).append(' ')
          .append(w[1]).append(' ').append(x[0]).append(' ').append(x[1]).append(' ')
          .append(m.sourceText(o, o + 5, Space.SOURCE)).append('|').append(m.sourceText(o, o + 1, Space.DISPLAY))
          .append('\n');
    }
    return b.toString();
  }

  private static String view(ReferenceText m, int[] offsets) {
    StringBuilder b = new StringBuilder(m.source()).append('\u0000').append(m.display()).append('\u0000');
    for (ReferenceText.Run r : m.runs()) {
      b.append(r.kind).append(',').append(r.pack).append(',').append(r.entry).append(',').append(r.start).append(',')
          .append(r.end).append(',').append(r.display).append(',').append(r.displayEnd).append(',')
          .append(r.attachment).append(';');
    }
    int n = m.length(ReferenceText.Space.SOURCE);
    int d = m.length(ReferenceText.Space.DISPLAY);
    for (int o : offsets == null ? range(Math.max(n, d) + 1) : offsets) {
      int[] w = m.wholeTokens(o, o + 3, ReferenceText.Space.SOURCE);
      int[] x = m.wholeTokens(o, o + 2, ReferenceText.Space.DISPLAY);
      b.append(m.displayOffset(o)).append(' ').append(m.sourceOffset(o)).append(' ').append(w[0]).append(' ')
          .append(w[1]).append(' ').append(x[0]).append(' ').append(x[1]).append(' ')
          .append(m.sourceText(o, o + 5, ReferenceText.Space.SOURCE)).append('|')
          .append(m.sourceText(o, o + 1, ReferenceText.Space.DISPLAY)).append('\n');
    }
    return b.toString();
  }

  private static int[] range(int n) {
    int[] out = new int[n];
    for (int i = 0; i < n; i++) out[i] = i;
    return out;
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void editsInChunksGiveWhatTheWholeMessageModelGives(boolean emojiAsImages) {
    Random next = new Random(emojiAsImages ? 61 : 60);
    int edits = 0;
    for (int round = 0; round < 8; round++) {
      String start = message(next, 300 + next.next() % 2500);
      EmoticonText model = new EmoticonText(start, tokenizer, emojiAsImages);
      ReferenceText reference = new ReferenceText(start, tokenizer, emojiAsImages);
      assertEquals(view(reference, null), view(model, null), "at the start of round " + round);
      for (int step = 0; step < 60; step++) {
        boolean source = next.next() % 2 == 0;
        Space space = source ? Space.SOURCE : Space.DISPLAY;
        ReferenceText.Space rspace = source ? ReferenceText.Space.SOURCE : ReferenceText.Space.DISPLAY;
        int n = reference.length(rspace);
        // Half the edits land within a few units of a multiple of the chunk target, where chunks of text with a place
        // to cut at every unit meet.
        int lo = next.next() % (n + 1);
        int target = EmoticonText.CHUNK_TARGET;
        if (next.next() % 2 == 0) lo = Math.min(n, Math.max(0, lo - lo % target + next.next() % 13 - 6));
        int hi = next.next() % 3 == 0 ? Math.min(n, lo + next.next() % 30) : lo;
        int what = next.next() % 4;
        String text = what == 0 ? "" : what == 1 ? SMALL[next.next() % SMALL.length] : message(next, 1 + next.next() % 12);
        boolean deleting = next.next() % 2 == 0;
        String got = describe(deleting ? model.deleteBackward(lo, hi, space) : model.replace(lo, hi, space, text));
        String want =
            describe(deleting ? reference.deleteBackward(lo, hi, rspace) : reference.replace(lo, hi, rspace, text));
        String where = "round " + round + " step " + step + ": " + (deleting ? "delete " : "replace ") + space + " "
            + lo + ".." + hi + " " + text;
        assertEquals(want, got, where);
        int[] offsets = new int[57];
        for (int k = 0; k < 40; k++) offsets[k] = next.next() % (reference.length(ReferenceText.Space.SOURCE) + 2);
        for (int k = 0; k < 17; k++) offsets[40 + k] = Math.max(0, lo + k - 8);
        assertEquals(view(reference, offsets), view(model, offsets), where);
        edits++;
      }
      assertEquals(view(reference, null), view(model, null), "at the end of round " + round);
    }
    assertEquals(8 * 60, edits);
  }

  @Test
  void anEditCompletesOrBreaksATagWhereTwoChunksMeet() {
    String filler = "今".repeat(1000);
    // Every unit of the filler is a place to cut: the first chunk ends at the chunk target, where the tags' halves are
    // put.
    int c = EmoticonText.CHUNK_TARGET;
    Object[][] cases = {
      {filler.substring(0, c - 2) + "[哈哈x]" + filler, c + 1, c + 2, ""},
      {filler.substring(0, c - 1) + "哈哈]" + filler, c - 1, c - 1, "["},
      {filler.substring(0, c - 2) + "[哈哈]" + filler, c + 1, c + 1, "x"},
      {filler.substring(0, c - 1) + "[x哈哈]" + filler, c, c + 1, ""},
    };
    for (Object[] k : cases) {
      String text = (String) k[0];
      int lo = (Integer) k[1], hi = (Integer) k[2];
      EmoticonText model = new EmoticonText(text, tokenizer);
      ReferenceText reference = new ReferenceText(text, tokenizer);
      assertEquals(describe(reference.replace(lo, hi, ReferenceText.Space.SOURCE, (String) k[3])),
          describe(model.replace(lo, hi, Space.SOURCE, (String) k[3])), lo + ".." + hi);
      assertEquals(view(reference, null), view(model, null), lo + ".." + hi);
    }
  }

  @Test
  void chainedShortcodesMoveEveryMatchAfterAnEditAndTheModelFollows() {
    Random next = new Random(64);
    String[] names = {":smile", ":sad", ":ok", ":cool"};
    StringBuilder chain = new StringBuilder();
    while (chain.length() < 3000) chain.append(names[next.next() % names.length]);
    chain.append(':');
    int[][] edits = {{0, 1}, {0, 0}, {3, 3}, {1, 1}, {2, 4}, {100, 101}};
    String[] texts = {"", ":", "x", ":", "", ""};
    for (int i = 0; i < edits.length; i++) {
      EmoticonText model = new EmoticonText(chain.toString(), tokenizer);
      ReferenceText reference = new ReferenceText(chain.toString(), tokenizer);
      int lo = edits[i][0], hi = edits[i][1];
      assertEquals(describe(reference.replace(lo, hi, ReferenceText.Space.SOURCE, texts[i])),
          describe(model.replace(lo, hi, Space.SOURCE, texts[i])));
      assertEquals(view(reference, null), view(model, null), lo + ".." + hi + " " + texts[i]);
    }
  }

  @Test
  void editsInAMessageOfHundredsOfChunksGiveWhatTheWholeMessageModelGives() {
    String longText = message(new Random(63), 200_000);
    EmoticonText model = new EmoticonText(longText, tokenizer);
    ReferenceText reference = new ReferenceText(longText, tokenizer);
    int middle = longText.length() / 2;
    assertEquals(describe(reference.replace(middle, middle, ReferenceText.Space.SOURCE, "[哈哈]")),
        describe(model.replace(middle, middle, Space.SOURCE, "[哈哈]")));
    int end = reference.length(ReferenceText.Space.SOURCE);
    assertEquals(describe(reference.deleteBackward(end, ReferenceText.Space.SOURCE)),
        describe(model.deleteBackward(end, Space.SOURCE)));
    assertEquals(reference.source(), model.source());
    assertEquals(reference.display(), model.display());
    assertTrue(longText.length() > 100_000);
  }
}
