package dev.emopack;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Several packs in keyboard-tab order: the first pack that defines a key or an emoji wins it, as in Swift and
 * JavaScript.
 */
public final class Catalog {
  private final List<PackFile> packs;

  public Catalog(List<PackFile> packs) {
    Objects.requireNonNull(packs, "Catalog: packs is null");
    for (PackFile pack : packs) Objects.requireNonNull(pack, "Catalog: a pack is null");
    this.packs = Collections.unmodifiableList(new ArrayList<>(packs));
  }

  public List<PackFile> packs() {
    return packs;
  }

  /** The emoticon for a tag or code (any canonically equivalent spelling of a tag), or null. */
  public Ref lookupTag(String tag) {
    Objects.requireNonNull(tag, "Catalog.lookupTag: tag is null");
    for (int p = 0; p < packs.size(); p++) {
      int e = packs.get(p).entryIndexForTag(tag);
      if (e >= 0) return new Ref(p, e);
    }
    String composed = Unicode.nfc(tag);
    if (composed.equals(tag)) return null;
    for (int p = 0; p < packs.size(); p++) {
      int e = packs.get(p).entryIndexForTag(composed);
      if (e >= 0) return new Ref(p, e);
    }
    return null;
  }

  /** The entry standing for an emoji (variation selectors 15 and 16 ignored), or null. */
  public Ref lookupEmoji(String emoji) {
    Objects.requireNonNull(emoji, "Catalog.lookupEmoji: emoji is null");
    for (int p = 0; p < packs.size(); p++) {
      int e = packs.get(p).entryIndexForEmoji(emoji);
      if (e >= 0) return new Ref(p, e);
    }
    return null;
  }

  /** What the keyboard inserts for an emoticon: its first code when it inserts codes, else its first tag, or its emoji. */
  public String insertionText(Ref ref) throws PackError {
    PackFile.EntryRecord e = entry(ref);
    List<String> first = e.insertsCode ? e.codes : e.tags;
    List<String> second = e.insertsCode ? e.tags : e.codes;
    if (!first.isEmpty()) return first.get(0);
    if (!second.isEmpty()) return second.get(0);
    return e.emoji != null ? e.emoji : "";
  }

  /** What a screen reader reads: the first tag without brackets or colons, or the emoji; null when unreadable. */
  public String accessibilityLabel(Ref ref) {
    Objects.requireNonNull(ref, "Catalog.accessibilityLabel: ref is null");
    PackFile.EntryRecord e;
    try {
      e = entry(ref);
    } catch (PackError | IndexOutOfBoundsException error) {
      return null;
    }
    if (e.tags.isEmpty()) return e.emoji;
    String tag = e.tags.get(0);
    for (String[] pair : new String[][] {{"[", "]"}, {":", ":"}}) {
      if (tag.codePointCount(0, tag.length()) > 2 && tag.startsWith(pair[0]) && tag.endsWith(pair[1])) {
        return tag.substring(1, tag.length() - 1);
      }
    }
    return tag;
  }

  /** The entry {@code ref} names. */
  public PackFile.EntryRecord entry(Ref ref) throws PackError {
    return pack(ref, "entry").entry(ref.entry);
  }

  /** The pack {@code ref} names: a NullPointerException for no ref, IndexOutOfBoundsException for no such pack. */
  private PackFile pack(Ref ref, String method) {
    Objects.requireNonNull(ref, "Catalog." + method + ": ref is null");
    if (ref.pack < 0 || ref.pack >= packs.size()) {
      throw new IndexOutOfBoundsException("Catalog." + method + ": pack " + ref.pack + " requested of " + packs.size());
    }
    return packs.get(ref.pack);
  }

  /** The animation of {@code ref}, or null for a still. */
  public EmoticonAnimation animation(Ref ref) throws PackError {
    PackFile pack = pack(ref, "animation");
    int a = pack.entry(ref.entry).animation;
    if (a < 0) return null;
    PackFile.AnimationInfo info = pack.animation(a);
    long[] ends = new long[info.frameDurations.length];
    long end = 0;
    for (int i = 0; i < ends.length; i++) ends[i] = end += info.frameDurations[i];
    return new EmoticonAnimation(ends, info.loopCount, info.still, info.frameImages);
  }

  /** A tag two packs define: the pack it resolves to (the first in tab order) and the pack it shadows. */
  public static final class Collision {
    public final String tag;
    public final String winner;
    public final String shadowed;

    Collision(String tag, String winner, String shadowed) {
      this.tag = tag;
      this.winner = winner;
      this.shadowed = shadowed;
    }
  }

  /** Every tag claimed by more than one pack, as Swift's {@code Catalog.collisions()}; it walks every tag. */
  public List<Collision> collisions() {
    Map<String, String> owner = new HashMap<>();
    List<Collision> out = new ArrayList<>();
    for (PackFile p : packs) {
      for (int i = 0; i < p.entryCount(); i++) {
        List<String> tags;
        try {
          tags = p.entry(i).tags;
        } catch (PackError e) {
          continue;
        }
        for (String tag : tags) {
          String first = owner.get(tag);
          if (first == null) owner.put(tag, p.id);
          else if (!first.equals(p.id)) out.add(new Collision(tag, first, p.id));
        }
      }
    }
    return out;
  }

  /** An emoticon of the catalog: its pack's index in the catalog and its entry's index in the pack. */
  public static final class Ref {
    public final int pack;
    public final int entry;

    public Ref(int pack, int entry) {
      this.pack = pack;
      this.entry = entry;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Ref && ((Ref) o).pack == pack && ((Ref) o).entry == entry;
    }

    @Override
    public int hashCode() {
      return pack * 1_000_003 + entry;
    }

    @Override
    public String toString() {
      return pack + "/" + entry;
    }
  }
}
