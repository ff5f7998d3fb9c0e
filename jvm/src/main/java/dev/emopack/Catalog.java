package dev.emopack;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Several packs in keyboard-tab order: the first pack that defines a key or an emoji wins it, as in Swift and
 * JavaScript.
 */
public final class Catalog {
  private final List<PackFile> packs;

  public Catalog(List<PackFile> packs) {
    this.packs = Collections.unmodifiableList(new ArrayList<>(packs));
  }

  public List<PackFile> packs() {
    return packs;
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
