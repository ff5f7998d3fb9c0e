package dev.emopack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * The reader's verdicts on every damaged pack of web/test/vectors/damaged.json, written by the Swift reader: each
 * intact fixture, every byte (or a seeded sample) flipped with and without the checksum recomputed, and cuts; every
 * tenth case also the tokens a tokenizer over the pack alone finds in a message of every key and emoji, what a
 * search of it gives for a few queries, and what its entries hold.
 */
class DamagedPackTest {
  static final Path WEB_TEST = Path.of(System.getProperty("emopack.webTest", "../web/test"));

  static Object vectors(String name) throws IOException {
    return Json.parse(Files.readString(WEB_TEST.resolve("vectors").resolve(name), StandardCharsets.UTF_8));
  }

  static byte[] fixture(String name) throws IOException {
    return Files.readAllBytes(WEB_TEST.resolve("fixtures").resolve(name));
  }

  /** "ok", or "kind@offset" for a PackError (anything else thrown is a failure of its own). */
  interface Body {
    void run() throws PackError;
  }

  static String verdict(Body body) {
    try {
      body.run();
      return "ok";
    } catch (PackError e) {
      return e.verdict();
    } catch (RuntimeException e) {
      return "thrown: " + e;
    }
  }

  /** What the vectors record of a pack: opening, verify(), the first 64 entries, and look-ups of keys and emoji. */
  static Map<String, Object> verdicts(byte[] bytes, List<Object> keys, List<Object> emoji) {
    Map<String, Object> out = new LinkedHashMap<>();
    PackFile reader;
    try {
      reader = new PackFile(ByteBuffer.wrap(bytes));
    } catch (PackError e) {
      out.put("open", e.verdict());
      return out;
    } catch (RuntimeException e) {
      out.put("open", "thrown: " + e);
      return out;
    }
    out.put("open", "ok");
    out.put("verify", verdict(reader::verify));
    List<Object> entries = new ArrayList<>();
    for (int i = 0; i < Math.min(reader.entryCount(), 64); i++) {
      int k = i;
      entries.add(verdict(() -> reader.entry(k)));
    }
    out.put("entries", entries);
    List<Object> tags = new ArrayList<>();
    for (Object k : keys) tags.add((double) reader.entryIndexForTag((String) k));
    out.put("tags", tags);
    List<Object> found = new ArrayList<>();
    for (Object e : emoji) found.add((double) reader.entryIndexForEmoji((String) e));
    out.put("emoji", found);
    return out;
  }

  /**
   * What a tokenizer over {@code bytes} alone finds in {@code probe}, as the vectors write it: each emoticon or emoji
   * as {@code kind:entry:start-end}, space-separated; {@code refused} when the pack does not open.
   */
  static String probeTokens(byte[] bytes, String probe) {
    TokenizedText tokens;
    try {
      tokens = new Tokenizer(new Catalog(List.of(new PackFile(ByteBuffer.wrap(bytes))))).tokenize(probe);
    } catch (PackError e) {
      return "refused";
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < tokens.size(); i++) {
      if (tokens.kind(i) != TokenizedText.TEXT) {
        out.add(tokens.kind(i) + ":" + tokens.entry(i) + ":" + tokens.start(i) + "-" + tokens.end(i));
      }
    }
    return String.join(" ", out);
  }

  /**
   * What a search of a catalog of {@code bytes} alone gives for each of {@code queries} (any locale, the first 60),
   * as the vectors write it: each result as [entry, match, keyword, locale]; null when the pack does not open.
   */
  static List<Object> probeSearch(byte[] bytes, List<Object> queries) {
    Catalog catalog;
    try {
      catalog = new Catalog(List.of(new PackFile(ByteBuffer.wrap(bytes))));
    } catch (PackError e) {
      return null;
    }
    List<Object> out = new ArrayList<>();
    for (Object q : queries) {
      List<Object> results = new ArrayList<>();
      for (Search.Result r : Search.search(catalog, (String) q, List.of(), 60)) {
        results.add(Arrays.asList((double) r.ref.entry, (double) r.match, r.keyword, r.locale));
      }
      out.add(results);
    }
    return out;
  }

  /**
   * What each of the first 64 entries that read holds, as the vectors write it: [kind, tags, codes, emoji, image,
   * animation (-1: none), insertsCode, keywords as [text, locale, source]]; 0 for one that does not read.
   */
  static List<Object> entryContents(byte[] bytes) throws PackError {
    PackFile reader = new PackFile(ByteBuffer.wrap(bytes));
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < Math.min(reader.entryCount(), 64); i++) {
      PackFile.EntryRecord e;
      try {
        e = reader.entry(i);
      } catch (PackError error) {
        out.add(0.0);
        continue;
      }
      List<Object> keywords = new ArrayList<>();
      for (PackFile.KeywordRecord k : e.keywords) keywords.add(Arrays.asList(k.text, k.locale, (double) k.source));
      out.add(Arrays.asList(
          e.isEmoji ? 1.0 : 0.0, new ArrayList<Object>(e.tags), new ArrayList<Object>(e.codes), e.emoji,
          (double) e.image, (double) e.animation, e.insertsCode, keywords));
    }
    return out;
  }

  static byte[] withChecksum(byte[] bytes) {
    if (bytes.length < 64) return bytes;
    byte[] b = bytes.clone();
    CRC32 crc = new CRC32();
    crc.update(b, 64, b.length - 64);
    long c = crc.getValue();
    for (int k = 0; k < 4; k++) b[20 + k] = (byte) (c >>> (8 * k));
    return b;
  }

  /** The words of the error opening {@code bytes} gives, or else of {@code verify()}'s; empty when neither fails. */
  static Map<String, Object> messagesOf(byte[] bytes) {
    PackFile reader;
    try {
      reader = new PackFile(ByteBuffer.wrap(bytes));
    } catch (PackError e) {
      return Map.of("open", e.detail);
    }
    try {
      reader.verify();
    } catch (PackError e) {
      return Map.of("verify", e.detail);
    }
    return Map.of();
  }

  @SuppressWarnings("unchecked")
  @Test
  void everyDamagedPackGetsTheSwiftReadersVerdict() throws IOException {
    Map<String, Object> v = (Map<String, Object>) vectors("damaged.json");
    int xor = ((Double) v.get("xor")).intValue();
    List<String> failures = new ArrayList<>();
    int count = 0;
    int worded = 0;
    int tokenized = 0;
    for (Object o : (List<Object>) v.get("packs")) {
      Map<String, Object> d = (Map<String, Object>) o;
      String name = (String) d.get("pack");
      byte[] bytes = fixture(name);
      List<Object> keys = (List<Object>) d.get("keys");
      List<Object> emoji = (List<Object>) d.get("emoji");
      Map<String, Object> intact = (Map<String, Object>) d.get("intact");
      String probe = (String) d.get("probe");
      List<Object> queries = (List<Object>) d.get("queries");
      // Each case: its bytes, the verdict, its name, and whether it also tokenizes the probe (every tenth case).
      List<Object[]> cases = new ArrayList<>();
      cases.add(new Object[] {bytes, intact, "intact", true});
      List<Object> positions = (List<Object>) d.get("positions");
      for (int k = 0; k < positions.size(); k++) {
        int at = ((Double) positions.get(k)).intValue();
        byte[] b = bytes.clone();
        b[at] ^= (byte) xor;
        cases.add(new Object[] {b, ((List<Object>) d.get("flipped")).get(k), "byte " + at + " changed", k % 10 == 0});
        cases.add(new Object[] {
          withChecksum(b), ((List<Object>) d.get("flippedWithChecksum")).get(k),
          "byte " + at + " changed, checksum recomputed", k % 10 == 0
        });
      }
      List<Object> lengths = (List<Object>) d.get("lengths");
      for (int k = 0; k < lengths.size(); k++) {
        int n = ((Double) lengths.get(k)).intValue();
        cases.add(new Object[] {
          Arrays.copyOf(bytes, n), ((List<Object>) d.get("truncated")).get(k), "cut to " + n + " bytes", k % 10 == 0
        });
      }
      for (Object[] c : cases) {
        count++;
        Map<String, Object> want = (Map<String, Object>) c[1];
        Map<String, Object> got = verdicts((byte[]) c[0], keys, emoji);
        boolean probed = (Boolean) c[3] && "ok".equals(got.get("open"));
        if (probed) {
          got.put("tokens", probeTokens((byte[]) c[0], probe));
          got.put("search", probeSearch((byte[]) c[0], queries));
          try {
            got.put("contents", entryContents((byte[]) c[0]));
          } catch (PackError e) {
            got.put("contents", "refused");
          }
          tokenized++;
        }
        for (String key : probed
            ? new String[] {"open", "verify", "entries", "tags", "emoji", "tokens", "search", "contents"}
            : new String[] {"open", "verify", "entries", "tags", "emoji"}) {
          Object expected = want.containsKey(key) ? want.get(key) : ("ok".equals(want.get("open")) ? intact.get(key) : null);
          // Entry contents differing from the intact pack's are given by index (and a count when it differs).
          if (key.equals("contents") && want != intact && want.containsKey("contents")) {
            Map<String, Object> changed = (Map<String, Object>) want.get("contents");
            List<Object> base = (List<Object>) intact.get("contents");
            int n = changed.containsKey("count") ? ((Double) changed.get("count")).intValue() : base.size();
            List<Object> full = new ArrayList<>(base.subList(0, Math.min(n, base.size())));
            while (full.size() < n) full.add(null);
            for (Map.Entry<String, Object> ch : changed.entrySet()) {
              if (!ch.getKey().equals("count")) full.set(Integer.parseInt(ch.getKey()), ch.getValue());
            }
            expected = full;
          }
          if (!java.util.Objects.equals(got.get(key), expected)) {
            if (failures.size() < 20) failures.add(name + " " + c[2] + ": " + key + " " + got.get(key) + " != " + expected);
            break;
          }
        }
        // The words too, where the Swift reader wrote them (every seventh case).
        if (want.containsKey("messages")) {
          worded++;
          Map<String, Object> words = messagesOf((byte[]) c[0]);
          if (!words.equals(want.get("messages")) && failures.size() < 20) {
            failures.add(name + " " + c[2] + ": message " + words + " != " + want.get("messages"));
          }
        }
      }
    }
    assertTrue(count > 4000, "vectors were read: " + count);
    assertTrue(worded > 1000, "messages were compared: " + worded);
    assertTrue(tokenized > 1000, "probes were tokenized: " + tokenized);
    assertEquals(List.of(), failures, failures.size() + " disagreements (first 20 shown) of " + count);
  }
}
