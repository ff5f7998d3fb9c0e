package dev.emopack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The composition tables against the JDK's own NFC, on text whose scalars both Unicode versions know; the tables built
 * at class load, run by run, against every scalar looked up on its own.
 */
class UnicodeTest {
  @Test
  void emojiLeadUnitsAreTheUnitsEveryEmojiStartBeginsWith() {
    boolean[] expected = new boolean[0x10000];
    for (int v = 0xa9; v < 0x10000; v++) expected[v] = Unicode.isEmojiStart(v);
    for (char u : "0123456789#*".toCharArray()) expected[u] = true;
    for (int v = 0x10000; v < 0x110000; v++) if (Unicode.isEmojiStart(v)) expected[0xd800 + ((v - 0x10000) >> 10)] = true;
    List<String> differing = new ArrayList<>();
    for (int u = 0; u < 0x10000; u++) {
      if (expected[u] != Unicode.EMOJI_LEAD_UNITS[u] && differing.size() < 10) differing.add(String.format("%04X", u));
    }
    assertEquals(List.of(), differing);
  }

  @Test
  void nfcAgreesWithTheJdkOnLatinHangulAndMarks() {
    String[] pieces = {
      "e", "E", "a", "o", "u", "n", "c", "A", "\u0301", "\u0300", "\u0302", "\u0308", "\u0327", "\u0323", "\u031b",
      "\u0303", "\u1100", "\u1161", "\u11a8", "\uac00", "\u1112", "\u1173", "\u11af", "中", "[", "]", "\u212b",
      "\u00c5", "\u0344", "\u0f73", "\u1e0a", "\u0307", "\u0958", "\u0915", "\u093c", "\ufb2c", "\u05e9", "\u05bc"
    };
    Random random = new Random(62);
    List<String> failures = new ArrayList<>();
    for (int round = 0; round < 20_000; round++) {
      StringBuilder b = new StringBuilder();
      int n = 1 + random.nextInt(8);
      for (int k = 0; k < n; k++) b.append(pieces[random.nextInt(pieces.length)]);
      String text = b.toString();
      String want = Normalizer.normalize(text, Normalizer.Form.NFC);
      String got = Unicode.nfc(text);
      if (!want.equals(got) && failures.size() < 10) failures.add(escape(text) + ": " + escape(got) + " != " + escape(want));
    }
    assertEquals(List.of(), failures);
  }

  /**
   * Every scalar the JDK's Unicode assigns (normalization is stable for assigned scalars across versions): alone,
   * after a Latin letter, a Hangul L and an LV syllable, and before an acute accent and a dot below, against the JDK.
   */
  @Test
  void nfcAgreesWithTheJdkOnEveryScalarItAssigns() {
    String[] before = {"", "a", "\u1100", "\uac00"};
    String[] after = {"", "\u0301", "\u0323\u0301"};
    List<String> failures = new ArrayList<>();
    int checked = 0;
    for (int v = 0; v < 0x30000; v++) {
      if (v >= 0xd800 && v < 0xe000 || !Character.isDefined(v)) continue;
      String scalar = new String(Character.toChars(v));
      for (String b : before) {
        for (String a : after) {
          String text = b + scalar + a;
          String want = Normalizer.normalize(text, Normalizer.Form.NFC);
          String got = Unicode.nfc(text);
          checked++;
          if (!want.equals(got) && failures.size() < 10) failures.add(escape(text) + ": " + escape(got) + " != " + escape(want));
        }
      }
    }
    assertEquals(List.of(), failures);
    assertEquals(true, checked > 1_000_000, "scalars checked: " + checked);
  }

  static String escape(String s) {
    StringBuilder b = new StringBuilder();
    s.codePoints().forEach(c -> b.append(String.format("U+%04X ", c)));
    return b.toString().trim();
  }
}
