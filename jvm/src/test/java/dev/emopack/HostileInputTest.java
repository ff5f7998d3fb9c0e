package dev.emopack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
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

  static void attempt(Body body) {
    try {
      body.run();
    } catch (PackError e) {
      // the answer a damaged pack should give
    }
  }
}
