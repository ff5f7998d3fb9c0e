package dev.emopack;

import dev.emopack.Format.Animation;
import dev.emopack.Format.Entry;
import dev.emopack.Format.EntryV1;
import dev.emopack.Format.Gram;
import dev.emopack.Format.Header;
import dev.emopack.Format.SectionRow;
import dev.emopack.Format.Sheet;
import dev.emopack.Format.Size;
import dev.emopack.PackError.Kind;
import dev.emopack.PackFile.AnimationInfo;
import dev.emopack.PackFile.AnimationRecord;
import dev.emopack.PackFile.EntryRecord;
import dev.emopack.PackFile.Placement;
import dev.emopack.PackFile.SheetRecord;
import dev.emopack.PackFile.Span;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.CRC32;

/**
 * The whole-file check of a .pack ({@link PackFile#verify()}): the checksum, every string and range, both indexes,
 * the sheets' order and names, sprite placements and the keyword sections, in the Swift reader's order.
 */
final class PackVerifier {
  private PackVerifier() {}

  static void verify(PackFile pack) throws PackError {
    long stored = pack.le32(Header.CHECKSUM);
    CRC32 crc = new CRC32();
    crc.update(pack.window(Format.HEADER_SIZE, pack.size - Format.HEADER_SIZE));
    long computed = crc.getValue();
    if (stored != computed) {
      throw new PackError(
          Kind.badChecksum, Header.CHECKSUM,
          Format.Message.checksum.format(PackFile.hex32(computed), PackFile.hex32(stored)));
    }
    pack.localizedNames();
    List<SheetRecord> sheets = pack.sheets();
    checkSheetOrder(pack, sheets);
    if (pack.sheetFormatSection.count > 0) {
      for (int k = 0; k < sheets.size(); k++) {
        SheetRecord sheet = sheets.get(k);
        if (!sheet.fileName.endsWith("." + sheet.format)) {
          throw new PackError(
              Kind.inconsistent, pack.sheetFormatSection.offset + k * Size.SHEET_FORMAT,
              Format.Message.sheetExtension.format(k, sheet.fileName, sheet.format));
        }
      }
    }
    long nextTag = 0;
    int emojiCount = 0;
    Set<Integer> usedImages = new TreeSet<>();
    for (int i = 0; i < pack.entryCount(); i++) {
      int at = pack.entrySection.offset + i * pack.entrySize;
      EntryRecord entry = pack.entry(i);
      long firstTag = pack.le32(at + Entry.FIRST_TAG);
      if (firstTag != nextTag) {
        throw new PackError(
            Kind.inconsistent, at + Entry.FIRST_TAG, Format.Message.entryFirstTag.format(i, firstTag, nextTag));
      }
      nextTag += entry.tags.size() + entry.codes.size();
      if (!entry.isEmoji && entry.image < 0) {
        throw new PackError(Kind.inconsistent, at + Entry.FLAGS, Format.Message.imageEntryWithoutImage.format(i));
      }
      if (entry.emoji != null) emojiCount++;
      if (entry.image >= 0) usedImages.add(entry.image);
      if (entry.animation >= 0 && entry.image < 0) {
        throw new PackError(Kind.inconsistent, at + Entry.ANIMATION, Format.Message.animatedEntryWithoutStill.format(i));
      }
      List<String> keys = new ArrayList<>(entry.tags);
      keys.addAll(entry.codes);
      for (String tag : keys) {
        if (pack.entryIndexForTag(tag) != i) {
          throw new PackError(
              Kind.inconsistent, pack.tagIndex.offset,
              Format.Message.tagIndexMiss.format(tag, i));
        }
      }
      if (entry.emoji != null && pack.entryIndexForEmoji(entry.emoji) != i) {
        throw new PackError(
            Kind.inconsistent, pack.emojiIndex.offset,
            Format.Message.emojiIndexMiss.format(i));
      }
    }
    if (nextTag != pack.tagCount()) {
      throw new PackError(
          Kind.inconsistent, pack.tagSection.rowOffset + SectionRow.COUNT,
          Format.Message.tagTotal.format(nextTag, pack.tagCount()));
    }
    checkSlots(pack, pack.tagIndex, pack.tagCount(), "tag");
    checkSlots(pack, pack.emojiIndex, emojiCount, "emoji");
    long nextFrame = 0;
    for (int a = 0; a < pack.animationCount(); a++) {
      AnimationRecord r = pack.animationRecord(a);
      int row = pack.animationSection.offset + a * Size.ANIMATION;
      if (r.firstFrame != nextFrame) {
        throw new PackError(
            Kind.inconsistent, row, Format.Message.animationFirstFrame.format(a, r.firstFrame, nextFrame));
      }
      nextFrame += r.frameCount;
      AnimationInfo animation = pack.animation(a);
      if (animation.duration != r.duration) {
        throw new PackError(
            Kind.inconsistent, row + Animation.DURATION,
            Format.Message.animationDuration.format(a, r.duration, animation.duration));
      }
    }
    if (nextFrame != pack.frameSection.count) {
      throw new PackError(
          Kind.inconsistent, pack.frameSection.rowOffset + SectionRow.COUNT,
          Format.Message.frameTotal.format(nextFrame, pack.frameSection.count));
    }
    int[] images;
    if (pack.formatMajor >= 2) {
      images = new int[pack.imageCount()];
      for (int i = 0; i < images.length; i++) images[i] = i;
    } else {
      images = usedImages.stream().mapToInt(Integer::intValue).toArray();
    }
    checkPlacements(pack, images, sheets);
    checkKeywords(pack);
  }

  private static void checkSheetOrder(PackFile pack, List<SheetRecord> sheets) throws PackError {
    int scaleIndex = 0;
    int page = 0;
    for (int i = 0; i < sheets.size(); i++) {
      SheetRecord sheet = sheets.get(i);
      int at = pack.sheetSection.offset + i * Size.SHEET;
      while (scaleIndex < pack.scaleCount() && sheet.scale != pack.scale(scaleIndex)) {
        if (pack.formatMajor < 2 && page != pack.pageCount) {
          throw new PackError(
              Kind.inconsistent, at,
              Format.Message.scalePages.format(pack.scale(scaleIndex), page, pack.pageCount));
        }
        scaleIndex++;
        page = 0;
      }
      if (!(scaleIndex < pack.scaleCount() && sheet.page == page)) {
        throw new PackError(
            Kind.inconsistent, at + Sheet.SCALE,
            Format.Message.sheetOrder.format(i, sheet.scale, sheet.page, page));
      }
      page++;
      if (!PackFile.isSafeFileName(sheet.fileName)) {
        throw new PackError(Kind.inconsistent, at, Format.Message.sheetFileName.format(sheet.fileName));
      }
      if (!(sheet.width > 0 && sheet.height > 0)) {
        throw new PackError(
            Kind.inconsistent, at + Sheet.WIDTH, Format.Message.sheetSize.format(sheet.fileName, sheet.width, sheet.height));
      }
    }
  }

  private static void checkPlacements(PackFile pack, int[] images, List<SheetRecord> sheets) throws PackError {
    Set<String> seen = new HashSet<>();
    List<Placement> distinct = new ArrayList<>();
    List<Integer> distinctAt = new ArrayList<>();
    for (int i : images) {
      for (int k = 0; k < pack.scaleCount(); k++) {
        int scale = pack.scale(k);
        Placement p = pack.placement(i, k);
        int at =
            pack.formatMajor >= 2
                ? pack.imageSection.offset + (i * pack.scaleCount() + k) * Size.IMAGE
                : pack.entrySection.offset + i * pack.entrySize + EntryV1.PAGE;
        SheetRecord sheet = sheets.get(p.sheet);
        int side = pack.pointSize * scale;
        if (sheet.scale != scale) {
          throw new PackError(
              Kind.inconsistent, at,
              Format.Message.imageSheetScale.format(i, scale, sheet.fileName, sheet.scale));
        }
        if (!((long) p.x + p.width <= sheet.width && (long) p.y + p.height <= sheet.height)) {
          throw new PackError(Kind.inconsistent, at, Format.Message.spriteOutsideSheet.format(i, p.x, p.y, p.width, p.height, scale, sheet.fileName, sheet.width, sheet.height));
        }
        if (!((p.width == 0) == (p.height == 0)
            && (p.width == 0
                || (p.left >= 0 && p.top >= 0 && p.left + p.width <= side && p.top + p.height <= side)))) {
          throw new PackError(
              Kind.inconsistent, at,
              Format.Message.spriteOutsideSquare.format(i, p.width, p.height, p.left, p.top, side, side, scale));
        }
        String key = p.sheet + "," + p.x + "," + p.y + "," + p.width + "," + p.height + "," + p.left + "," + p.top;
        if (p.width > 0 && seen.add(key)) {
          distinct.add(p);
          distinctAt.add(at);
        }
      }
    }
    Integer[] order = new Integer[distinct.size()];
    for (int i = 0; i < order.length; i++) order[i] = i;
    // A stable sort by sheet, x, y, as JavaScript's Array.prototype.sort is.
    Arrays.sort(
        order,
        (u, v) -> {
          Placement a = distinct.get(u), b = distinct.get(v);
          if (a.sheet != b.sheet) return Integer.compare(a.sheet, b.sheet);
          if (a.x != b.x) return Integer.compare(a.x, b.x);
          return Integer.compare(a.y, b.y);
        });
    for (int i = 0; i < order.length; i++) {
      Placement a = distinct.get(order[i]);
      for (int j = i + 1;
          j < order.length && distinct.get(order[j]).sheet == a.sheet && distinct.get(order[j]).x < a.x + a.width;
          j++) {
        Placement c = distinct.get(order[j]);
        if (c.x < a.x + a.width && a.x < c.x + c.width && c.y < a.y + a.height && a.y < c.y + c.height) {
          throw new PackError(
              Kind.inconsistent, distinctAt.get(order[j]),
              Format.Message.spriteOverlap.format(c.x, c.y, c.width, c.height, a.x, a.y, a.width, a.height, sheets.get(a.sheet).fileName));
        }
      }
    }
  }

  private static void checkSlots(PackFile pack, Span index, int expected, String name) throws PackError {
    int used = 0;
    for (int s = 0; s < index.count; s++) if (pack.le32(index.offset + s * Format.SLOT_SIZE) != 0) used++;
    if (used != expected) {
      throw new PackError(Kind.inconsistent, index.offset, Format.Message.indexKeyCount.format(name, used, expected));
    }
  }

  /** True when a sorts before b byte by byte. */
  static boolean precedes(byte[] a, byte[] b) {
    int n = Math.min(a.length, b.length);
    for (int i = 0; i < n; i++) if (a[i] != b[i]) return (a[i] & 0xff) < (b[i] & 0xff);
    return a.length < b.length;
  }

  /** LOCS sorted, KWRD sorted by folded key, KENT listing each keyword once, KGRM and KPST in order. */
  private static void checkKeywords(PackFile pack) throws PackError {
    List<String> locales = pack.locales();
    for (int i = 1; i < locales.size(); i++) {
      if (!precedes(
          locales.get(i - 1).getBytes(StandardCharsets.UTF_8), locales.get(i).getBytes(StandardCharsets.UTF_8))) {
        throw new PackError(
            Kind.inconsistent, pack.localeSection.offset + i * Size.LOCALE, Format.Message.localeOrder.format(i));
      }
    }
    byte[] previous = new byte[0];
    for (int k = 0; k < pack.keywordCount(); k++) {
      byte[] folded = pack.keyword(k).folded.getBytes(StandardCharsets.UTF_8);
      if (folded.length == 0 || precedes(folded, previous)) {
        throw new PackError(
            Kind.inconsistent, pack.keywordSection.offset + k * Size.KEYWORD, Format.Message.keywordOrder.format(k, pack.keyword(k).folded));
      }
      previous = folded;
    }
    boolean[] covered = new boolean[pack.keywordCount()];
    long nextRow = 0;
    for (int i = 0; i < pack.entryCount(); i++) {
      int[] rows = pack.keywordRows(i);
      if (rows.length > 0) {
        int at = pack.entrySection.offset + i * pack.entrySize + Entry.FIRST_KEYWORD;
        long first = pack.le32(at);
        if (first != nextRow) {
          throw new PackError(
              Kind.inconsistent, at, Format.Message.entryFirstKeywordRow.format(i, first, nextRow));
        }
        nextRow += rows.length;
      }
      for (int r : rows) {
        if (!(pack.keyword(r).entry == i && !covered[r])) {
          throw new PackError(
              Kind.inconsistent, pack.keywordRowSection.offset,
              Format.Message.keywordRowOwner.format(r, i));
        }
        covered[r] = true;
      }
    }
    boolean all = true;
    for (boolean c : covered) all &= c;
    if (!(nextRow == pack.keywordRowSection.count && all)) {
      throw new PackError(
          Kind.inconsistent, pack.keywordRowSection.rowOffset + SectionRow.COUNT, Format.Message.keywordRowsIncomplete.format());
    }
    long previousGram = -1;
    long nextPosting = 0;
    Span grams = pack.gramSection;
    long postings = pack.postingSection.count;
    for (int g = 0; g < grams.count; g++) {
      int at = grams.offset + g * Size.GRAM;
      long key = pack.le32(at + Gram.KEY);
      long start = pack.le32(at + Gram.POSTINGS);
      long end = g + 1 < grams.count ? pack.le32(at + Size.GRAM + Gram.POSTINGS) : postings;
      if (!((previousGram < 0 || previousGram < key) && start == nextPosting && end > start && end <= postings)) {
        throw new PackError(
            Kind.inconsistent, at, Format.Message.gramOrder.format(g));
      }
      int last = -1;
      for (long p = start; p < end; p++) {
        int row = pack.posting((int) p);
        if (row < 0 || !(row > last)) {
          throw new PackError(
              Kind.inconsistent, pack.postingSection.offset + p * Size.POSTING,
              Format.Message.postingOrder.format(p));
        }
        last = row;
      }
      previousGram = key;
      nextPosting = end;
    }
    if (nextPosting != postings) {
      throw new PackError(
          Kind.inconsistent, pack.postingSection.rowOffset + SectionRow.COUNT,
          Format.Message.postingTotal.format(nextPosting, postings));
    }
  }
}
