package dev.emopack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Nothing traps on damaged packs: random bytes changed in several places at once, every API walked (entries,
 * sheets, placements, animations, keywords, verify, a tokenizer and search over the pack). Only PackError may come
 * out, and look-ups answer -1 or null.
 */
class HostileInputTest {
  /** Damaged copies per fixture: 300 in the suite; `-Demopack.hostileRounds=N` for a long run. */
  static final int ROUNDS = Integer.getInteger("emopack.hostileRounds", 300);

  @Test
  void damagedPacksThrowOnlyPackErrors() throws Exception {
    List<String> traps = new ArrayList<>();
    Random random = new Random(62);
    for (String name : List.of("default.pack", "codes.pack", "animated.pack", "emoji.pack", "tiny-v1.pack")) {
      byte[] intact = DamagedPackTest.fixture(name);
      for (int round = 0; round < ROUNDS; round++) {
        byte[] b = intact.clone();
        int changes = 1 + random.nextInt(6);
        for (int k = 0; k < changes; k++) b[random.nextInt(b.length)] = (byte) random.nextInt(256);
        try {
          walk(b);
        } catch (RuntimeException e) {
          if (traps.size() < 10) traps.add(name + " round " + round + ": " + e);
        }
      }
    }
    assertEquals(List.of(), traps);
  }

  static void walk(byte[] bytes) {
    PackFile pack;
    try {
      pack = new PackFile(ByteBuffer.wrap(bytes));
    } catch (PackError e) {
      return;
    }
    attempt(pack::verify);
    for (int i = 0; i < Math.min(pack.entryCount(), 200); i++) {
      int k = i;
      attempt(() -> pack.entry(k));
      attempt(() -> {
        int image = pack.imageIndex(k);
        if (image >= 0) for (int s = 0; s < pack.scales().length; s++) pack.placement(image, s);
      });
      attempt(() -> {
        int a = pack.animationIndex(k);
        if (a >= 0) pack.animation(a);
      });
    }
    for (int i = 0; i < Math.min(pack.sheetCount(), 50); i++) {
      int k = i;
      attempt(() -> pack.sheet(k));
    }
    for (int i = 0; i < Math.min(pack.keywordCount(), 200); i++) {
      int k = i;
      attempt(() -> pack.keyword(k));
    }
    Catalog catalog = new Catalog(List.of(pack));
    Tokenizer tokenizer = new Tokenizer(catalog);
    tokenizer.tokenize("[微笑]/微笑:smile:😀👍🏽 [哈哈]x");
    new EmoticonText("a[微笑]😀", tokenizer).deleteBackward(4, EmoticonText.Space.SOURCE);
    Search.search(catalog, "smile", List.of(), 23);
    Search.search(catalog, "笑", List.of("zh"), 23);
    catalog.collisions();
    catalog.accessibilityLabel(new Catalog.Ref(0, 0));
  }

  interface Body {
    void run() throws PackError;
  }

  /** A null argument is a NullPointerException naming the method and the argument, thrown before anything changes. */
  @Test
  void nullArgumentsAreNamedAndChangeNothing() throws Exception {
    Catalog catalog = new Catalog(List.of(new PackFile(ByteBuffer.wrap(DamagedPackTest.fixture("default.pack")))));
    Tokenizer tokenizer = new Tokenizer(catalog);
    EmoticonText model = new EmoticonText("好[哈哈]ok", tokenizer);
    EmoticonText.Space source = EmoticonText.Space.SOURCE;
    Map<String, Runnable> calls = new LinkedHashMap<>();
    calls.put("Tokenizer.tokenize: message is null", () -> tokenizer.tokenize(null));
    calls.put("Tokenizer: catalog is null", () -> new Tokenizer(null));
    calls.put("EmoticonText: source is null", () -> new EmoticonText(null, tokenizer));
    calls.put("EmoticonText.setSource: source is null", () -> model.setSource(null));
    calls.put("EmoticonText.replace: text is null", () -> model.replace(0, 0, source, null));
    calls.put("EmoticonText.replace: space is null", () -> model.replace(0, 0, null, "x"));
    calls.put("EmoticonText.deleteBackward: space is null", () -> model.deleteBackward(3, null));
    calls.put("EmoticonText.wholeTokens: space is null", () -> model.wholeTokens(0, 1, null));
    calls.put("EmoticonText.sourceText: space is null", () -> model.sourceText(0, 1, null));
    calls.put("EmoticonText.length: space is null", () -> model.length(null));
    calls.put("Catalog: packs is null", () -> new Catalog(null));
    calls.put("Catalog.lookupTag: tag is null", () -> catalog.lookupTag(null));
    calls.put("Catalog.lookupEmoji: emoji is null", () -> catalog.lookupEmoji(null));
    calls.put("Catalog.accessibilityLabel: ref is null", () -> catalog.accessibilityLabel(null));
    calls.put("Search.search: query is null", () -> Search.search(catalog, null, List.of(), 5));
    calls.put("Unicode.nfc: text is null", () -> Unicode.nfc(null));
    calls.put("Unicode.clusterEnds: text is null", () -> Unicode.clusterEnds(null));
    for (Map.Entry<String, Runnable> call : calls.entrySet()) {
      NullPointerException e = assertThrows(NullPointerException.class, call.getValue()::run, call.getKey());
      assertEquals(call.getKey(), e.getMessage());
    }
    NullPointerException e = assertThrows(NullPointerException.class, () -> catalog.entry(null));
    assertEquals("Catalog.entry: ref is null", e.getMessage());
    IndexOutOfBoundsException range = assertThrows(IndexOutOfBoundsException.class, () -> catalog.animation(new Catalog.Ref(3, 0)));
    assertEquals("Catalog.animation: pack 3 requested of 1", range.getMessage());
    // The rejected edits left the model whole: its lengths agree with its text, and an edit after them works.
    assertEquals("好[哈哈]ok", model.source());
    assertEquals(7, model.length(source));
    assertEquals(4, model.length(EmoticonText.Space.DISPLAY));
    assertEquals(1, model.deleteBackward(5, source).sourceCursor);
    assertEquals("好ok", model.source());
  }

  /** The display model read and edited at offsets outside its text, as Swift's API bounds test: offsets land inside it. */
  @Test
  void displayModelAtOffsetsOutsideItsText() throws Exception {
    Catalog catalog = new Catalog(List.of(new PackFile(ByteBuffer.wrap(DamagedPackTest.fixture("default.pack")))));
    Tokenizer tokenizer = new Tokenizer(catalog);
    int[] offsets = {Integer.MIN_VALUE, -1, 0, 1, 2, 3, 5, 8, 100, Integer.MAX_VALUE};
    String source = "a[哈哈]😆b👍🏽";
    EmoticonText model = new EmoticonText(source, tokenizer);
    String display = model.display();
    for (int x : offsets) {
      assertBetween(model.displayOffset(x), display.length(), "displayOffset(" + x + ")");
      assertBetween(model.sourceOffset(x), source.length(), "sourceOffset(" + x + ")");
      for (int y : offsets) {
        for (EmoticonText.Space space : EmoticonText.Space.values()) {
          String where = "(" + x + ", " + y + ", " + space + ")";
          String text = model.sourceText(x, y, space);
          assertTrue(source.contains(text), "sourceText" + where);
          int[] whole = model.wholeTokens(x, y, space);
          int n = space == EmoticonText.Space.SOURCE ? source.length() : display.length();
          assertBetween(whole[0], whole[1], "wholeTokens" + where);
          assertBetween(whole[1], n, "wholeTokens" + where);
          EmoticonText edited = new EmoticonText(source, tokenizer);
          EmoticonText.Change change = edited.replace(x, y, space, "[哈哈]x");
          assertEquals(new EmoticonText(edited.source(), tokenizer).display(), edited.display(), "replace" + where);
          assertBetween(change.sourceCursor, edited.source().length(), "replace" + where);
          assertBetween(change.displayCursor, edited.display().length(), "replace" + where);
          edited = new EmoticonText(source, tokenizer);
          edited.deleteBackward(x, y, space);
          assertEquals(new EmoticonText(edited.source(), tokenizer).display(), edited.display(), "deleteBackward" + where);
        }
      }
    }
    assertEquals(source, model.source());
  }

  static void assertBetween(int value, int most, String what) {
    assertTrue(value >= 0 && value <= most, what + ": " + value + " outside 0..." + most);
  }

  static void attempt(Body body) {
    try {
      body.run();
    } catch (PackError e) {
      // the answer a damaged pack should give
    }
  }
}
