package dev.emopack;

import dev.emopack.Catalog.Ref;
import dev.emopack.Format.Entry;
import dev.emopack.Format.Tag;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Splits messages into text, emoticon and emoji runs with exactly the rules of docs/RUNTIME.md: at each grapheme
 * cluster boundary, the longest literal code ending on a boundary, a shortcode {@code :name:}, a tag {@code [..]}
 * within {@code maxTagBytes} (also in NFC), or an emoji cluster (variation selectors 15 and 16 aside); the first
 * pack of the catalog wins a key. Immutable and safe to share between threads.
 */
public final class Tokenizer {
  private final Catalog catalog;
  private final int maxTagBytes;
  /** Literal codes by first UTF-16 unit, longest (in UTF-8 bytes) first; the first pack's wins. */
  private final Map<Character, List<Code>> codes = new HashMap<>();

  /** A literal code and the emoticon it stands for. */
  private static final class Code {
    final String text;
    final Ref ref;
    final int utf8Length;

    Code(String text, Ref ref) {
      this.text = text;
      this.ref = ref;
      this.utf8Length = text.getBytes(StandardCharsets.UTF_8).length;
    }
  }
  private final Map<String, Ref> shortcodes = new HashMap<>();
  /** Every key as written (tag, code, shortcode), the first pack's winning. */
  private final Map<String, Ref> keys = new HashMap<>();
  /** Every emoji without U+FE0E and U+FE0F, the first pack's winning. */
  private final Map<String, Ref> emoji = new HashMap<>();
  /** UTF-16 units that may start a match: 1 a code's first unit, 2 `[`, 4 `:` with shortcodes, 8 an emoji's. */
  private final byte[] leads = Unicode.BASE_LEADS.clone();
  /** The longest tag, shortcode, literal code and emoji in UTF-16 units, as the packs spell them. */
  private int longestTag, longestShortcode, longestCode, longestEmoji;

  public Tokenizer(Catalog catalog) {
    this(catalog, 256);
  }

  /** A tokenizer whose tags are at most {@code maxTagBytes} UTF-8 bytes long, brackets included. */
  public Tokenizer(Catalog catalog, int maxTagBytes) {
    this.catalog = Objects.requireNonNull(catalog, "Tokenizer: catalog is null");
    this.maxTagBytes = Math.min(Math.max(maxTagBytes, 0), 1 << 24);
    Set<String> seen = new HashSet<>();
    List<PackFile> packs = catalog.packs();
    for (int p = 0; p < packs.size(); p++) {
      PackFile pack = packs.get(p);
      for (int t = 0; t < pack.tagCount(); t++) {
        // A form byte this reader does not know (a damaged pack) reads as a tag, as in Swift's TokenIndex.
        int form;
        try {
          form = pack.keyForm(t);
        } catch (PackError e) {
          form = 0;
        }
        int at = pack.tagSection.offset + t * pack.tagSize;
        byte[] raw = pack.stringBytes(at + Tag.TAG);
        long entry = pack.le32(at + Tag.ENTRY);
        // The key's bytes decoded and looked up as they are (no second encoding); one that is no UTF-8 is left out.
        String text = raw == null ? null : PackFile.utf8(raw, 0, raw.length);
        if (text == null || entry >= pack.entryCount() || pack.entryIndexForTagBytes(raw, 0, raw.length) != entry) continue;
        Ref ref = new Ref(p, (int) entry);
        keys.putIfAbsent(text, ref);
        if (form == 0) {
          longestTag = Math.max(longestTag, text.length());
          continue;
        }
        if (form == 2) {
          longestShortcode = Math.max(longestShortcode, text.length());
          shortcodes.putIfAbsent(text, ref);
          leads[':'] |= 4;
        } else if (!text.isEmpty() && seen.add(text)) {
          longestCode = Math.max(longestCode, text.length());
          char first = text.charAt(0);
          codes.computeIfAbsent(first, k -> new ArrayList<>()).add(new Code(text, ref));
          leads[first] |= 1;
        }
      }
      for (int e = 0; e < pack.entryCount(); e++) {
        byte[] raw = pack.entryHasEmoji(e) ? pack.stringBytes(pack.entrySection.offset + e * pack.entrySize + Entry.EMOJI) : null;
        String found = raw == null ? null : PackFile.utf8(raw, 0, raw.length);
        if (found == null || pack.entryIndexForEmojiBytes(raw, 0, raw.length) != e) continue;
        longestEmoji = Math.max(longestEmoji, found.length());
        emoji.putIfAbsent(withoutSelectors(found), new Ref(p, e));
      }
    }
    for (List<Code> list : codes.values()) list.sort((x, y) -> y.utf8Length - x.utf8Length);
  }

  public Catalog catalog() {
    return catalog;
  }

  /**
   * How far (UTF-16 units) an edit can change matches around it: twice the longest key, a tag or shortcode typed in
   * another canonically equivalent spelling counted at four times its units (U+1F82 decomposes to four), a tag at
   * most {@code maxTagBytes} bytes.
   */
  int editReach() {
    int tag = Math.min(maxTagBytes + 2, 4 * longestTag);
    return 2 * Math.max(Math.max(tag, 4 * longestShortcode), Math.max(longestCode, longestEmoji)) + 16;
  }

  /** True when the catalog has literal codes or shortcodes, whose matches can chain. */
  boolean hasCodes() {
    return !codes.isEmpty() || !shortcodes.isEmpty();
  }

  static String withoutSelectors(String text) {
    for (int i = 0; i < text.length(); i++) {
      char u = text.charAt(i);
      if (u == 0xfe0f || u == 0xfe0e) return text.replace("\ufe0f", "").replace("\ufe0e", "");
    }
    return text;
  }

  /** The runs of {@code message}, in order; joined, they give it back. */
  public TokenizedText tokenize(String message) {
    int n = Objects.requireNonNull(message, "Tokenizer.tokenize: message is null").length();
    boolean[] ends = new boolean[n + 1];
    Unicode.markClusterEnds(message, ends, 0, n);
    int[] runs = new int[5 * (8 + (n >> 3))];
    int count = 0;
    int textStart = 0;
    int s = 0;
    while (s < n) {
      char unit = message.charAt(s);
      int lead = leads[unit];
      // Only a cluster start whose first unit may begin a key or an emoji is looked at; a keycap base only before
      // U+FE0F or U+20E3.
      if (lead == 0 || (s > 0 && !ends[s])) {
        s++;
        continue;
      }
      if (lead == 8 && unit < 0x80) {
        char next = s + 1 < n ? message.charAt(s + 1) : 0;
        if (next != 0xfe0f && next != 0x20e3) {
          s++;
          continue;
        }
      }
      Ref ref = null;
      int matchEnd = -1;
      int kind = TokenizedText.EMOTICON;
      if ((lead & 1) != 0) {
        for (Code c : codes.get(unit)) {
          int e = s + c.text.length();
          if (e <= n && message.startsWith(c.text, s) && ends[e]) {
            matchEnd = e;
            ref = c.ref;
            break;
          }
        }
      }
      if ((lead & 4) != 0) {
        int close = message.indexOf(':', s + 1);
        if (close > s + 1 && close + 1 > matchEnd && ends[close + 1]) {
          String name = message.substring(s, close + 1);
          Ref found = shortcodes.get(name);
          if (found == null) found = shortcodes.get(Unicode.nfc(name));
          if (found != null) {
            matchEnd = close + 1;
            ref = found;
          }
        }
      }
      if (ref == null && (lead & 2) != 0 && (s + 1 >= n || ends[s + 1])) {
        int tagEnd = tagEnd(message, s, ends);
        if (tagEnd > 0) {
          String tag = message.substring(s, tagEnd);
          ref = keys.get(tag);
          if (ref == null) {
            String composed = Unicode.nfc(tag);
            if (!composed.equals(tag)) ref = keys.get(composed);
          }
          if (ref != null) matchEnd = tagEnd;
        }
      }
      if (ref == null && (lead & 8) != 0) {
        int end = s + 1;
        while (end < n && !ends[end]) end++;
        int first = message.codePointAt(s);
        int width = first > 0xffff ? 2 : 1;
        int second = end > s + width ? message.charAt(s + width) : -1;
        boolean mayStart = first < 0x80 ? second == 0xfe0f || second == 0x20e3 : Unicode.isEmojiStart(first);
        if (mayStart) {
          ref = emoji.get(withoutSelectors(message.substring(s, end)));
          if (ref != null) {
            matchEnd = end;
            kind = TokenizedText.EMOJI;
          }
        }
      }
      if (ref == null) {
        s++;
        continue;
      }
      if (5 * count + 10 > runs.length) runs = Arrays.copyOf(runs, runs.length * 2);
      if (textStart < s) {
        set(runs, count++, textStart, s, TokenizedText.TEXT, -1, -1);
      }
      set(runs, count++, s, matchEnd, kind, ref.pack, ref.entry);
      textStart = matchEnd;
      s = matchEnd;
    }
    if (textStart < n) {
      if (5 * count + 5 > runs.length) runs = Arrays.copyOf(runs, runs.length + 5);
      set(runs, count++, textStart, n, TokenizedText.TEXT, -1, -1);
    }
    return new TokenizedText(message, runs, count);
  }

  private static void set(int[] runs, int i, int start, int end, int kind, int pack, int entry) {
    int at = 5 * i;
    runs[at] = start;
    runs[at + 1] = end;
    runs[at + 2] = kind;
    runs[at + 3] = pack;
    runs[at + 4] = entry;
  }

  /** Where the bracketed text starting at {@code start} ends (after its `]`) within maxTagBytes, or -1. */
  private int tagEnd(String s, int start, boolean[] ends) {
    int bytes = 1;
    int j = start + 1;
    int n = s.length();
    while (j < n && bytes < maxTagBytes) {
      char u = s.charAt(j);
      if (u == ']') return j > start + 1 && ends[j + 1] ? j + 1 : -1;
      if (u == '[') return -1;
      if (u < 0x80) {
        bytes += 1;
        j++;
      } else if (u < 0x800) {
        bytes += 2;
        j++;
      } else if (u >= 0xd800 && u < 0xdc00 && j + 1 < n && (s.charAt(j + 1) & 0xfc00) == 0xdc00) {
        bytes += 4;
        j += 2;
      } else {
        bytes += 3;
        j++;
      }
    }
    return -1;
  }
}
