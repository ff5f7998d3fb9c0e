package dev.emopack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The reader's UTF-8 check and decode against the JDK's strict decoder, byte sequence by byte sequence. */
class Utf8Test {
  static String strict(byte[] b) {
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(b))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  static void compare(byte[] b, List<String> failures) {
    String want = strict(b);
    // Inside a larger array too: the range's ends are the decoder's.
    byte[] padded = new byte[b.length + 4];
    padded[0] = (byte) 0xe4;
    padded[1] = (byte) 0xb8;
    System.arraycopy(b, 0, padded, 2, b.length);
    padded[b.length + 2] = (byte) 0x80;
    padded[b.length + 3] = (byte) 0x80;
    for (String got : new String[] {PackFile.utf8(b, 0, b.length), PackFile.utf8(padded, 2, 2 + b.length)}) {
      boolean same = want == null ? got == null : want.equals(got);
      if (!same && failures.size() < 10) {
        StringBuilder hex = new StringBuilder();
        for (byte x : b) hex.append(String.format("%02X ", x));
        failures.add(hex.toString().trim() + ": " + (got == null ? "refused" : "accepted") + ", the JDK " + (want == null ? "refuses" : "accepts"));
      }
    }
  }

  @Test
  void everyShortSequenceAndEveryLeadWithBoundaryContinuations() {
    List<String> failures = new ArrayList<>();
    int checked = 0;
    for (int a = 0; a < 256; a++) {
      compare(new byte[] {(byte) a}, failures);
      checked++;
      for (int b = 0; b < 256; b++, checked++) compare(new byte[] {(byte) a, (byte) b}, failures);
    }
    int[] edges = {0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc2, 0xe0, 0xf0, 0xff};
    for (int a = 0xc0; a < 0x100; a++) {
      for (int b : edges) {
        for (int c : edges) {
          compare(new byte[] {(byte) a, (byte) b, (byte) c}, failures);
          checked++;
          for (int d : edges) {
            compare(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d}, failures);
            checked++;
          }
        }
      }
    }
    assertEquals(List.of(), failures);
    assertEquals(253_952, checked, "sequences checked");
  }

  @Test
  void randomSequencesOfLeadsAndContinuations() {
    int[] alphabet = {0x00, 0x41, 0x5b, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xb8, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0,
        0xe4, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf4, 0xf5, 0xff};
    Random random = new Random(61);
    List<String> failures = new ArrayList<>();
    for (int round = 0; round < 200_000; round++) {
      byte[] b = new byte[random.nextInt(13)];
      for (int i = 0; i < b.length; i++) b[i] = (byte) alphabet[random.nextInt(alphabet.length)];
      compare(b, failures);
    }
    assertEquals(List.of(), failures);
  }
}
