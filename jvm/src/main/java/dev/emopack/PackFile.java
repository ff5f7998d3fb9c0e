package dev.emopack;

import dev.emopack.Format.Animation;
import dev.emopack.Format.Entry;
import dev.emopack.Format.EntryFlags;
import dev.emopack.Format.EntryV1;
import dev.emopack.Format.Frame;
import dev.emopack.Format.Gram;
import dev.emopack.Format.Header;
import dev.emopack.Format.Image;
import dev.emopack.Format.Keyword;
import dev.emopack.Format.Meta;
import dev.emopack.Format.MetaFlags;
import dev.emopack.Format.Name;
import dev.emopack.Format.Section;
import dev.emopack.Format.SectionRow;
import dev.emopack.Format.Sheet;
import dev.emopack.Format.SheetFormatRecord;
import dev.emopack.Format.Size;
import dev.emopack.Format.StringRef;
import dev.emopack.Format.Tag;
import dev.emopack.PackError.Kind;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A .pack opened over its bytes (not copied; a memory-mapped file or an Android asset's buffer): every format
 * version the Swift reader opens (1.x and 2.0–2.3), with the same checks in the same order, so that opening,
 * {@link #verify()} and every look-up give the Swift reader's verdict on any bytes (docs/FORMAT.md). The header and
 * section table are checked when it opens, the rest on access. Safe to share between threads.
 */
public final class PackFile {
  /** One section's place in the file: its offset, length, record count and the offset of its table row. */
  static final class Span {
    final int offset;
    final int length;
    final int count;
    final int rowOffset;

    Span(int offset, int length, int count, int rowOffset) {
      this.offset = offset;
      this.length = length;
      this.count = count;
      this.rowOffset = rowOffset;
    }

    static final Span NONE = new Span(0, 0, 0, 0);
  }

  /** A sheet of sprites: its file, scale, page, pixel size, byte size, SHA-256, file format and whether lossy. */
  public static final class SheetRecord {
    public final String fileName;
    public final int scale;
    public final int page;
    public final long width;
    public final long height;
    public final long byteSize;
    private final byte[] sha256;
    /** "png" or "webp". */
    public final String format;
    public final boolean lossy;

    SheetRecord(
        String fileName, int scale, int page, long width, long height, long byteSize, byte[] sha256, String format,
        boolean lossy) {
      this.fileName = fileName;
      this.scale = scale;
      this.page = page;
      this.width = width;
      this.height = height;
      this.byteSize = byteSize;
      this.sha256 = sha256;
      this.format = format;
      this.lossy = lossy;
    }

    public byte[] sha256() {
      return sha256.clone();
    }
  }

  /**
   * Where an image lies at one scale: the sheet, the sprite's rectangle on it, and where that rectangle sits in the
   * emoticon's square (trimmed sprites; 0 and 0 otherwise). A width of 0 is an image with no pixels.
   */
  public static final class Placement {
    public final int sheet;
    public final int x;
    public final int y;
    public final int width;
    public final int height;
    public final int left;
    public final int top;

    Placement(int sheet, int x, int y, int width, int height, int left, int top) {
      this.sheet = sheet;
      this.x = x;
      this.y = y;
      this.width = width;
      this.height = height;
      this.left = left;
      this.top = top;
    }
  }

  /** A search keyword of an entry: its text, its locale (null for any) and its source (0 name, 2 CLDR, 3 given). */
  public static final class KeywordRecord {
    public final String text;
    public final String folded;
    public final long entry;
    public final String locale;
    public final int source;

    KeywordRecord(String text, String folded, long entry, String locale, int source) {
      this.text = text;
      this.folded = folded;
      this.entry = entry;
      this.locale = locale;
      this.source = source;
    }
  }

  /** An entry in keyboard order: image or emoji, its tags and codes, its emoji, image and animation indices. */
  public static final class EntryRecord {
    public final boolean isEmoji;
    public final List<String> tags;
    public final List<String> codes;
    public final String emoji;
    /** The image index, or -1. */
    public final int image;
    /** The animation index, or -1. */
    public final int animation;
    public final boolean insertsCode;
    public final List<KeywordRecord> keywords;

    EntryRecord(
        boolean isEmoji, List<String> tags, List<String> codes, String emoji, int image, int animation,
        boolean insertsCode, List<KeywordRecord> keywords) {
      this.isEmoji = isEmoji;
      this.tags = tags;
      this.codes = codes;
      this.emoji = emoji;
      this.image = image;
      this.animation = animation;
      this.insertsCode = insertsCode;
      this.keywords = keywords;
    }
  }

  /** An animation's record: its frames' range in FRAM, loop count (0 forever), still frame and duration in ms. */
  static final class AnimationRecord {
    final long firstFrame;
    final int frameCount;
    final int still;
    final int loopCount;
    final long duration;

    AnimationRecord(long firstFrame, int frameCount, int still, int loopCount, long duration) {
      this.firstFrame = firstFrame;
      this.frameCount = frameCount;
      this.still = still;
      this.loopCount = loopCount;
      this.duration = duration;
    }
  }

  /** An animation: each frame's image and duration (ms), the loop count (0 forever), the still frame, the duration. */
  public static final class AnimationInfo {
    public final int[] frameImages;
    public final long[] frameDurations;
    public final int loopCount;
    public final int still;
    public final long duration;

    AnimationInfo(int[] frameImages, long[] frameDurations, int loopCount, int still, long duration) {
      this.frameImages = frameImages;
      this.frameDurations = frameDurations;
      this.loopCount = loopCount;
      this.still = still;
      this.duration = duration;
    }
  }

  final ByteBuffer bytes;
  final int size;
  public final int formatMajor;
  public final int formatMinor;
  final int entrySize;
  final int tagSize;
  final Span meta;
  final Span names;
  final Span sheetSection;
  final Span imageSection;
  final Span entrySection;
  final Span animationSection;
  final Span frameSection;
  final Span localeSection;
  final Span keywordSection;
  final Span keywordRowSection;
  final Span gramSection;
  final Span postingSection;
  final Span sheetFormatSection;
  final Span tagSection;
  final Span tagIndex;
  final Span emojiIndex;
  final Span strings;
  private final int[] scales;
  public final int pointSize;
  public final int pageCount;
  public final boolean trimmed;
  public final boolean palette;
  public final String id;
  public final String version;

  /** Opens the pack in {@code input}'s remaining bytes (position to limit); the buffer is not copied or moved. */
  public PackFile(ByteBuffer input) throws PackError {
    ByteBuffer b = Objects.requireNonNull(input, "PackFile: input is null").slice().order(ByteOrder.LITTLE_ENDIAN);
    this.bytes = b;
    int n = b.remaining();
    this.size = n;
    byte[] magic = Format.MAGIC;
    if (n < magic.length) {
      throw new PackError(
          Kind.truncated, n, Format.Message.shorterThanMagic.format(n));
    }
    for (int i = 0; i < magic.length; i++) {
      if (b.get(i) != magic[i]) {
        throw new PackError(Kind.badMagic, i, Format.Message.badMagic.format());
      }
    }
    int header = Format.HEADER_SIZE;
    if (n < header) {
      throw new PackError(Kind.truncated, n, Format.Message.shorterThanHeader.format(n, header));
    }
    int major = le16(Header.MAJOR);
    if (major < Format.LOWEST_MAJOR || major > Format.HIGHEST_MAJOR) {
      throw new PackError(
          Kind.unsupportedVersion, Header.MAJOR,
          Format.Message.unsupportedVersion.format(major, Format.LOWEST_MAJOR, Format.HIGHEST_MAJOR));
    }
    formatMajor = major;
    formatMinor = le16(Header.MINOR);
    entrySize = major >= 2 ? Size.ENTRY : Size.ENTRY_V1;
    tagSize = major >= 2 ? Size.TAG : Size.TAG_V1;
    long headerSize = le32(Header.HEADER_SIZE);
    if (headerSize != header) {
      throw new PackError(Kind.badHeader, Header.HEADER_SIZE, Format.Message.headerSize.format(headerSize, header));
    }
    long fileSize = le32(Header.FILE_SIZE);
    if (fileSize != n) {
      if (fileSize > n) {
        throw new PackError(Kind.truncated, n, Format.Message.shorterThanHeaderSays.format(n, fileSize));
      }
      throw new PackError(
          Kind.badHeader, Header.FILE_SIZE, Format.Message.longerThanHeaderSays.format(fileSize, n));
    }
    // The header's bytes after its last field are reserved.
    for (int i = Header.SECTION_TABLE + 4; i < header; i++) {
      if (b.get(i) != 0) {
        throw new PackError(Kind.badHeader, i, Format.Message.reservedHeaderByte.format(u8(i)));
      }
    }
    long sectionCount = le32(Header.SECTION_COUNT);
    long tableOffset = le32(Header.SECTION_TABLE);
    if (sectionCount > Format.MAX_SECTIONS) {
      throw new PackError(
          Kind.badHeader, Header.SECTION_COUNT,
          Format.Message.sectionCount.format(sectionCount, Format.MAX_SECTIONS));
    }
    if (!(tableOffset >= header && tableOffset + sectionCount * Format.SECTION_ROW_SIZE <= n)) {
      throw new PackError(
          Kind.outOfBounds, Header.SECTION_TABLE,
          Format.Message.sectionTableOutside.format(tableOffset, sectionCount, n));
    }
    long tableEnd = tableOffset + sectionCount * Format.SECTION_ROW_SIZE;
    Map<Section, Span> found = new EnumMap<>(Section.class);
    for (int row = 0; row < sectionCount; row++) {
      int at = (int) tableOffset + row * Format.SECTION_ROW_SIZE;
      long code = le32(at + SectionRow.ID);
      long offset = le32(at + SectionRow.OFFSET);
      long length = le32(at + SectionRow.LENGTH);
      long count = le32(at + SectionRow.COUNT);
      Section section = null;
      for (Section s : Section.values()) {
        boolean known = major >= 2 || (s != Section.IMGS && !s.optional);
        if (known && s.code() == code) {
          section = s;
          break;
        }
      }
      if (section == null) continue;
      int recordSize = major >= 2 ? section.recordSize : section.recordSizeV1;
      if (found.containsKey(section)) {
        throw new PackError(Kind.badHeader, at, Format.Message.sectionTwice.format(section));
      }
      if (!(offset >= tableEnd && offset <= n && length <= n - offset)) {
        throw new PackError(
            Kind.outOfBounds, at + SectionRow.OFFSET,
            Format.Message.sectionOutside.format(section, offset, length, n));
      }
      if (count * recordSize != length) {
        throw new PackError(
            Kind.badHeader, at + SectionRow.COUNT,
            Format.Message.sectionLength.format(section, count, recordSize, length));
      }
      found.put(section, new Span((int) offset, (int) length, (int) count, at));
    }
    meta = need(found, Section.META, tableOffset);
    names = need(found, Section.NAME, tableOffset);
    sheetSection = need(found, Section.SHET, tableOffset);
    imageSection =
        major >= 2 ? need(found, Section.IMGS, tableOffset) : new Span(sheetSection.offset, 0, 0, 0);
    entrySection = need(found, Section.ENTR, tableOffset);
    animationSection = found.getOrDefault(Section.ANIM, Span.NONE);
    frameSection = found.getOrDefault(Section.FRAM, Span.NONE);
    localeSection = found.getOrDefault(Section.LOCS, Span.NONE);
    keywordSection = found.getOrDefault(Section.KWRD, Span.NONE);
    keywordRowSection = found.getOrDefault(Section.KENT, Span.NONE);
    gramSection = found.getOrDefault(Section.KGRM, Span.NONE);
    postingSection = found.getOrDefault(Section.KPST, Span.NONE);
    sheetFormatSection = found.getOrDefault(Section.SFMT, Span.NONE);
    tagSection = need(found, Section.TAGS, tableOffset);
    tagIndex = need(found, Section.TIDX, tableOffset);
    emojiIndex = need(found, Section.EIDX, tableOffset);
    strings = need(found, Section.STRS, tableOffset);
    for (Span index : new Span[] {tagIndex, emojiIndex}) {
      if ((index.count & (index.count - 1)) != 0) {
        throw new PackError(
            Kind.badHeader, index.rowOffset + SectionRow.COUNT,
            Format.Message.indexSlotCount.format(Integer.toUnsignedString(index.count)));
      }
    }
    if (meta.count != 1) {
      throw new PackError(
          Kind.badHeader, meta.rowOffset + SectionRow.COUNT, Format.Message.metaCount.format(meta.count));
    }
    int m = meta.offset;
    int scaleCount = u8(m + Meta.SCALE_COUNT);
    if (scaleCount < Format.MIN_SCALE || scaleCount > Format.MAX_SCALE) {
      throw new PackError(
          Kind.badHeader, m + Meta.SCALE_COUNT,
          Format.Message.scaleCount.format(scaleCount, Format.MIN_SCALE + "..." + Format.MAX_SCALE));
    }
    scales = new int[scaleCount];
    for (int i = 0; i < scaleCount; i++) {
      int s = u8(m + Meta.SCALES + i);
      int previous = i > 0 ? scales[i - 1] : 0;
      if (!(s >= Format.MIN_SCALE && s <= Format.MAX_SCALE && s > previous)) {
        throw new PackError(
            Kind.badHeader, m + Meta.SCALES + i,
            Format.Message.scaleOrder.format(s, Format.MIN_SCALE + "..." + Format.MAX_SCALE));
      }
      scales[i] = s;
    }
    pointSize = le16(m + Meta.POINT_SIZE);
    if (pointSize < Format.MIN_POINT_SIZE || pointSize > Format.MAX_POINT_SIZE) {
      throw new PackError(
          Kind.badHeader, m + Meta.POINT_SIZE,
          Format.Message.pointSize.format(pointSize, Format.MIN_POINT_SIZE + "..." + Format.MAX_POINT_SIZE));
    }
    pageCount = le16(m + Meta.PAGE_COUNT);
    if (major >= 2) {
      int flags = u8(m + Meta.FLAGS);
      trimmed = (flags & MetaFlags.TRIMMED) != 0;
      palette = (flags & MetaFlags.PALETTE) != 0;
      if (Integer.remainderUnsigned(imageSection.count, scaleCount) != 0) {
        throw new PackError(
            Kind.inconsistent, imageSection.rowOffset + SectionRow.COUNT,
            Format.Message.imageRows.format(imageSection.count, scaleCount));
      }
    } else {
      trimmed = false;
      palette = false;
      if (sheetSection.count != scaleCount * pageCount) {
        throw new PackError(
            Kind.inconsistent, sheetSection.rowOffset + SectionRow.COUNT,
            Format.Message.sheetCount.format(scaleCount * pageCount, scaleCount, pageCount, sheetSection.count));
      }
    }
    id = string(m + Meta.ID);
    version = string(m + Meta.VERSION);
  }

  private static Span need(Map<Section, Span> found, Section s, long tableOffset) throws PackError {
    Span span = found.get(s);
    if (span == null) throw new PackError(Kind.badHeader, tableOffset, Format.Message.sectionMissing.format(s));
    return span;
  }

  /** A view of {@code length} bytes at {@code at} (Buffer's own methods: Android's ByteBuffer lacks the covariant ones). */
  ByteBuffer window(int at, int length) {
    ByteBuffer d = bytes.duplicate();
    ((Buffer) d).limit(at + length);
    ((Buffer) d).position(at);
    return d;
  }

  /** Copies {@code out.length} bytes at {@code at} into {@code out} (no absolute bulk get before Android 14). */
  void copy(int at, byte[] out) {
    window(at, out.length).get(out);
  }

  int u8(int o) {
    return bytes.get(o) & 0xff;
  }

  int le16(int o) {
    return bytes.getShort(o) & 0xffff;
  }

  long le32(int o) {
    return bytes.getInt(o) & 0xffffffffL;
  }

  public String formatVersion() {
    return formatMajor + "." + formatMinor;
  }

  public int entryCount() {
    return entrySection.count;
  }

  public int tagCount() {
    return tagSection.count;
  }

  public int sheetCount() {
    return sheetSection.count;
  }

  public int animationCount() {
    return animationSection.count;
  }

  public int keywordCount() {
    return keywordSection.count;
  }

  public int imageCount() {
    return formatMajor >= 2 ? imageSection.count / scales.length : entrySection.count;
  }

  /** The pack's scales, ascending (for example 1, 2, 3). */
  public int[] scales() {
    return scales.clone();
  }

  int scaleCount() {
    return scales.length;
  }

  int scale(int k) {
    return scales[k];
  }

  /** The table offset and length of the string referenced at {@code ref}, or null when it lies outside STRS. */
  int[] stringRange(int ref) {
    long offset = le32(ref + StringRef.OFFSET);
    long length = le32(ref + StringRef.LENGTH);
    if (!(offset <= strings.length && length <= strings.length - offset)) return null;
    return new int[] {strings.offset + (int) offset, (int) length};
  }

  /** The bytes of the string referenced at {@code ref}, or null when it lies outside STRS. */
  byte[] stringBytes(int ref) {
    int[] r = stringRange(ref);
    if (r == null) return null;
    byte[] out = new byte[r[1]];
    copy(r[0], out);
    return out;
  }

  /** The string referenced at {@code ref}, strictly decoded from UTF-8. */
  String string(int ref) throws PackError {
    byte[] raw = stringBytes(ref);
    if (raw == null) {
      throw new PackError(
          Kind.outOfBounds, ref,
          Format.Message.stringOutside.format(le32(ref + StringRef.OFFSET), le32(ref + StringRef.LENGTH), strings.length));
    }
    String text = utf8(raw, 0, raw.length);
    if (text == null) throw new PackError(Kind.badString, ref, Format.Message.stringNotUTF8.format(le32(ref + StringRef.OFFSET)));
    return text;
  }

  /**
   * {@code b[from, to)} decoded, or null when it is not well-formed UTF-8 (an overlong form, a surrogate, a scalar
   * past U+10FFFF, a stray or missing continuation byte), as a strict {@code CharsetDecoder} reports. Checked here
   * and decoded by {@code new String}: a decoder made for each string cost about 15 µs with the JVM interpreting.
   */
  static String utf8(byte[] b, int from, int to) {
    for (int i = from; i < to; ) {
      int c = b[i] & 0xff;
      if (c < 0x80) {
        i++;
        continue;
      }
      int more, low = 0x80, high = 0xbf;
      if (c >= 0xc2 && c <= 0xdf) {
        more = 1;
      } else if (c >= 0xe0 && c <= 0xef) {
        more = 2;
        if (c == 0xe0) low = 0xa0;
        if (c == 0xed) high = 0x9f;
      } else if (c >= 0xf0 && c <= 0xf4) {
        more = 3;
        if (c == 0xf0) low = 0x90;
        if (c == 0xf4) high = 0x8f;
      } else {
        return null;
      }
      if (to - i <= more) return null;
      int second = b[i + 1] & 0xff;
      if (second < low || second > high) return null;
      for (int k = 2; k <= more; k++) if ((b[i + k] & 0xc0) != 0x80) return null;
      i += more + 1;
    }
    return new String(b, from, to - from, StandardCharsets.UTF_8);
  }

  /** The localized names, as {locale, name} pairs. */
  public List<String[]> localizedNames() throws PackError {
    List<String[]> out = new ArrayList<>();
    for (int i = 0; i < names.count; i++) {
      int at = names.offset + i * Size.NAME;
      out.add(new String[] {string(at + Name.LOCALE), string(at + Name.NAME)});
    }
    return out;
  }

  public SheetRecord sheet(int index) throws PackError {
    Span s = sheetSection;
    if (!(index >= 0 && index < s.count)) {
      throw new PackError(Kind.outOfBounds, s.offset, Format.Message.sheetIndex.format(index, s.count));
    }
    int at = s.offset + index * Size.SHEET;
    String fileName = string(at + Sheet.FILE_NAME);
    byte[] sha = new byte[Size.SHEET - Sheet.SHA256];
    copy(at + Sheet.SHA256, sha);
    String format = "png";
    boolean lossy = false;
    Span f = sheetFormatSection;
    if (f.count > 0) {
      if (f.count != s.count) {
        throw new PackError(
            Kind.inconsistent, f.rowOffset + SectionRow.COUNT, Format.Message.sheetFormatRows.format(f.count, s.count));
      }
      int r = f.offset + index * Size.SHEET_FORMAT;
      int code = u8(r + SheetFormatRecord.FORMAT);
      if (code > 1) {
        throw new PackError(Kind.inconsistent, r, Format.Message.sheetFormat.format(index, code));
      }
      int flags = u8(r + SheetFormatRecord.FLAGS);
      if ((flags & ~SheetFormatRecord.LOSSY) != 0 || le16(r + SheetFormatRecord.RESERVED) != 0) {
        throw new PackError(
            Kind.inconsistent, r + SheetFormatRecord.FLAGS,
            Format.Message.sheetFormatFlags.format(index));
      }
      format = code == 1 ? "webp" : "png";
      lossy = (flags & SheetFormatRecord.LOSSY) != 0;
    }
    return new SheetRecord(
        fileName, le16(at + Sheet.SCALE), le16(at + Sheet.PAGE), le32(at + Sheet.WIDTH), le32(at + Sheet.HEIGHT),
        le32(at + Sheet.BYTE_SIZE), sha, format, lossy);
  }

  public List<SheetRecord> sheets() throws PackError {
    List<SheetRecord> out = new ArrayList<>();
    for (int i = 0; i < sheetCount(); i++) out.add(sheet(i));
    return out;
  }

  void checkEntry(int index) throws PackError {
    if (!(index >= 0 && index < entrySection.count)) {
      throw new PackError(
          Kind.outOfBounds, entrySection.offset, Format.Message.entryIndex.format(index, entrySection.count));
    }
  }

  /** The entry at {@code index} in keyboard order. */
  public EntryRecord entry(int index) throws PackError {
    checkEntry(index);
    int at = entrySection.offset + index * entrySize;
    int kind = u8(at + Entry.KIND);
    if (kind > 1) throw new PackError(Kind.inconsistent, at + Entry.KIND, Format.Message.entryKind.format(index, kind));
    int flags = u8(at + Entry.FLAGS);
    int tagCount = le16(at + Entry.TAG_COUNT);
    long firstTag = le32(at + Entry.FIRST_TAG);
    if (!(firstTag <= tagSection.count && tagCount <= tagSection.count - firstTag)) {
      throw new PackError(
          Kind.outOfBounds, at + Entry.FIRST_TAG,
          Format.Message.entryTags.format(index, firstTag, (firstTag + tagCount), tagSection.count));
    }
    List<String> tags = new ArrayList<>();
    List<String> codes = new ArrayList<>();
    for (int t = (int) firstTag; t < firstTag + tagCount; t++) {
      String key = string(tagSection.offset + t * tagSize + Tag.TAG);
      if (keyForm(t) == 0) tags.add(key);
      else codes.add(key);
    }
    String emoji = (flags & EntryFlags.HAS_EMOJI) != 0 ? string(at + Entry.EMOJI) : null;
    List<KeywordRecord> keywords = new ArrayList<>();
    for (int k : keywordRows(index)) {
      KeywordRecord record = keyword(k);
      if (record.source != 1) keywords.add(record);
    }
    return new EntryRecord(
        kind == 1, tags, codes, emoji, imageIndex(index), animationIndex(index),
        formatMajor >= 2 && (flags & EntryFlags.INSERTS_CODE) != 0, keywords);
  }

  /** The form of key {@code index}: 0 tag, 1 code, 2 shortcode. */
  public int keyForm(int index) throws PackError {
    if (!(index >= 0 && index < tagSection.count)) {
      throw new PackError(Kind.outOfBounds, tagSection.offset, Format.Message.keyIndex.format(index, tagSection.count));
    }
    if (formatMajor < 2) return 0;
    int at = tagSection.offset + index * tagSize + Tag.FORM;
    int form = u8(at);
    if (form > 2) throw new PackError(Kind.inconsistent, at, Format.Message.keyForm.format(index, form));
    return form;
  }

  /** The animation of entry {@code index}, or -1. */
  public int animationIndex(int index) throws PackError {
    checkEntry(index);
    if (formatMajor < 2) return -1;
    int at = entrySection.offset + index * entrySize + Entry.ANIMATION;
    long a = le32(at);
    if (a == Format.NONE32) return -1;
    if (!(a < animationSection.count)) {
      throw new PackError(
          Kind.outOfBounds, at, Format.Message.entryAnimation.format(index, a, animationSection.count));
    }
    return (int) a;
  }

  AnimationRecord animationRecord(int index) throws PackError {
    Span s = animationSection;
    if (!(index >= 0 && index < s.count)) {
      throw new PackError(Kind.outOfBounds, s.offset, Format.Message.animationIndex.format(index, s.count));
    }
    int at = s.offset + index * Size.ANIMATION;
    long first = le32(at + Animation.FIRST_FRAME);
    int count = le16(at + Animation.FRAME_COUNT);
    int still = le16(at + Animation.STILL);
    long frames = frameSection.count;
    if (!(count > 0 && first <= frames && count <= frames - first && still < count)) {
      throw new PackError(
          Kind.outOfBounds, at,
          Format.Message.animationFrames.format(index, first, (first + count), frames, still));
    }
    return new AnimationRecord(first, count, still, le16(at + Animation.LOOP_COUNT), le32(at + Animation.DURATION));
  }

  /** Frame {@code index} of FRAM: its image and end time (ms). */
  long[] frameRecord(int index) throws PackError {
    Span s = frameSection;
    if (!(index >= 0 && index < s.count)) {
      throw new PackError(Kind.outOfBounds, s.offset, Format.Message.frameIndex.format(index, s.count));
    }
    int at = s.offset + index * Size.FRAME;
    long image = le32(at + Frame.IMAGE);
    if (!(image < imageCount())) {
      throw new PackError(Kind.outOfBounds, at, Format.Message.frameImage.format(index, image, imageCount()));
    }
    return new long[] {image, le32(at + Frame.END_TIME)};
  }

  /** Animation {@code index}: frames (image, duration), loop count and still frame. */
  public AnimationInfo animation(int index) throws PackError {
    AnimationRecord a = animationRecord(index);
    int[] images = new int[a.frameCount];
    long[] durations = new long[a.frameCount];
    long last = 0;
    for (int k = 0; k < a.frameCount; k++) {
      int f = (int) a.firstFrame + k;
      long[] r = frameRecord(f);
      if (!(r[1] > last)) {
        throw new PackError(
            Kind.inconsistent, frameSection.offset + (long) f * Size.FRAME,
            Format.Message.frameEndTime.format(k, index, r[1], last));
      }
      images[k] = (int) r[0];
      durations[k] = r[1] - last;
      last = r[1];
    }
    return new AnimationInfo(images, durations, a.loopCount, a.still, last);
  }

  /** The image of entry {@code index}, or -1. */
  public int imageIndex(int index) throws PackError {
    checkEntry(index);
    int at = entrySection.offset + index * entrySize;
    if (formatMajor < 2) return (u8(at + EntryV1.FLAGS) & EntryFlags.HAS_RECT) != 0 ? index : -1;
    long image = le32(at + Entry.IMAGE);
    if (image == Format.NONE32) return -1;
    if (!(image < imageCount())) {
      throw new PackError(
          Kind.outOfBounds, at + Entry.IMAGE, Format.Message.entryImage.format(index, image, imageCount()));
    }
    return (int) image;
  }

  /** Image {@code index} at the scale {@code scaleIndex} of {@link #scales()}. */
  public Placement placement(int index, int scaleIndex) throws PackError {
    if (!(scaleIndex >= 0 && scaleIndex < scales.length)) {
      throw new PackError(
          Kind.outOfBounds, meta.offset, Format.Message.scaleIndex.format(scaleIndex, scales.length));
    }
    if (!(index >= 0 && index < imageCount())) {
      throw new PackError(
          Kind.outOfBounds, formatMajor >= 2 ? imageSection.offset : entrySection.offset,
          Format.Message.imageIndex.format(index, imageCount()));
    }
    if (formatMajor < 2) {
      int at = entrySection.offset + index * entrySize;
      if ((u8(at + EntryV1.FLAGS) & EntryFlags.HAS_RECT) == 0) {
        throw new PackError(Kind.inconsistent, at + EntryV1.FLAGS, Format.Message.entryNoRectangle.format(index));
      }
      int s = scales[scaleIndex];
      int sheet = scaleIndex * pageCount + le16(at + EntryV1.PAGE);
      if (!(sheet < sheetSection.count)) {
        throw new PackError(
            Kind.outOfBounds, at + EntryV1.PAGE,
            Format.Message.entrySheet.format(index, sheet, sheetSection.count));
      }
      return new Placement(
          sheet, le16(at + EntryV1.X) * s, le16(at + EntryV1.Y) * s, le16(at + EntryV1.WIDTH) * s,
          le16(at + EntryV1.HEIGHT) * s, 0, 0);
    }
    int at = imageSection.offset + (index * scales.length + scaleIndex) * Size.IMAGE;
    int sheet = le16(at + Image.SHEET);
    if (!(sheet < sheetSection.count)) {
      throw new PackError(Kind.outOfBounds, at, Format.Message.imageSheet.format(index, sheet, sheetSection.count));
    }
    return new Placement(
        sheet, le16(at + Image.X), le16(at + Image.Y), le16(at + Image.WIDTH), le16(at + Image.HEIGHT),
        bytes.getShort(at + Image.LEFT), bytes.getShort(at + Image.TOP));
  }

  /** True when entry {@code index} has an image (false when out of range). */
  public boolean entryHasImage(int index) {
    if (!(index >= 0 && index < entrySection.count)) return false;
    int at = entrySection.offset + index * entrySize;
    if (formatMajor < 2) return (u8(at + EntryV1.FLAGS) & EntryFlags.HAS_RECT) != 0;
    return le32(at + Entry.IMAGE) != Format.NONE32;
  }

  /** True when entry {@code index} has an emoji (false when out of range). */
  public boolean entryHasEmoji(int index) {
    if (!(index >= 0 && index < entrySection.count)) return false;
    return (u8(entrySection.offset + index * entrySize + Entry.FLAGS) & EntryFlags.HAS_EMOJI) != 0;
  }

  /** FNV-1a over bytes. */
  static int fnv1a(byte[] key, int from, int to) {
    int h = 0x811c9dc5;
    for (int i = from; i < to; i++) h = (h ^ (key[i] & 0xff)) * 0x01000193;
    return h;
  }

  private static boolean isVariationSelector(byte[] p, int i, int end) {
    return i + 2 < end && (p[i] & 0xff) == 0xef && (p[i + 1] & 0xff) == 0xb8
        && ((p[i + 2] & 0xff) == 0x8f || (p[i + 2] & 0xff) == 0x8e);
  }

  /** FNV-1a of an emoji's UTF-8 without variation selectors 15 and 16. */
  static int emojiHash(byte[] p, int from, int to) {
    int h = 0x811c9dc5;
    int i = from;
    while (i < to) {
      if (isVariationSelector(p, i, to)) {
        i += 3;
        continue;
      }
      h = (h ^ (p[i] & 0xff)) * 0x01000193;
      i++;
    }
    return h;
  }

  /** True when the STRS bytes at {@code at} of {@code length} equal key[from, to). */
  private boolean bytesEqual(int at, int length, byte[] key, int from, int to) {
    if (length != to - from) return false;
    for (int i = 0; i < length; i++) if (bytes.get(at + i) != key[from + i]) return false;
    return true;
  }

  /** True when the STRS bytes at {@code at} equal key[from, to), variation selectors aside. */
  private boolean emojiEqual(int at, int length, byte[] key, int from, int to) {
    byte[] a = new byte[length];
    copy(at, a);
    int i = 0, j = from;
    for (; ; ) {
      while (isVariationSelector(a, i, length)) i += 3;
      while (isVariationSelector(key, j, to)) j += 3;
      if (i == length || j == to) return i == length && j == to;
      if (a[i] != key[j]) return false;
      i++;
      j++;
    }
  }

  /** The entry whose tag or code is exactly the UTF-8 bytes key[from, to), or -1. */
  public int entryIndexForTagBytes(byte[] key, int from, int to) {
    int n = tagIndex.count;
    if (n == 0) return -1;
    int slot = fnv1a(key, from, to) & (n - 1);
    for (int k = 0; k < n; k++) {
      long value = le32(tagIndex.offset + slot * Format.SLOT_SIZE);
      if (value == 0) return -1;
      long tag = value - 1;
      if (!(tag < tagSection.count)) return -1;
      int at = tagSection.offset + (int) tag * tagSize;
      int[] r = stringRange(at + Tag.TAG);
      if (r != null && bytesEqual(r[0], r[1], key, from, to)) {
        long entry = le32(at + Tag.ENTRY);
        return entry < entrySection.count ? (int) entry : -1;
      }
      slot = (slot + 1) & (n - 1);
    }
    return -1;
  }

  /** The entry whose emoji is the UTF-8 bytes key[from, to), variation selectors aside, or -1. */
  public int entryIndexForEmojiBytes(byte[] key, int from, int to) {
    int n = emojiIndex.count;
    if (n == 0) return -1;
    int slot = emojiHash(key, from, to) & (n - 1);
    for (int k = 0; k < n; k++) {
      long value = le32(emojiIndex.offset + slot * Format.SLOT_SIZE);
      if (value == 0) return -1;
      long entry = value - 1;
      if (!(entry < entrySection.count)) return -1;
      int at = entrySection.offset + (int) entry * entrySize;
      if ((u8(at + Entry.FLAGS) & EntryFlags.HAS_EMOJI) != 0) {
        int[] r = stringRange(at + Entry.EMOJI);
        if (r != null && emojiEqual(r[0], r[1], key, from, to)) return (int) entry;
      }
      slot = (slot + 1) & (n - 1);
    }
    return -1;
  }

  /** The entry whose tag or code is {@code tag}, or -1. */
  public int entryIndexForTag(String tag) {
    byte[] key = tag.getBytes(StandardCharsets.UTF_8);
    return entryIndexForTagBytes(key, 0, key.length);
  }

  /** The entry whose emoji is {@code emoji}, variation selectors aside, or -1. */
  public int entryIndexForEmoji(String emoji) {
    byte[] key = emoji.getBytes(StandardCharsets.UTF_8);
    return entryIndexForEmojiBytes(key, 0, key.length);
  }

  // Keywords (format 2.2).

  public String locale(int index) throws PackError {
    Span s = localeSection;
    if (!(index >= 0 && index < s.count)) {
      throw new PackError(Kind.outOfBounds, s.offset, Format.Message.localeIndex.format(index, s.count));
    }
    return string(s.offset + index * Size.LOCALE);
  }

  public List<String> locales() throws PackError {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < localeSection.count; i++) out.add(locale(i));
    return out;
  }

  /** KWRD row {@code index}. */
  public KeywordRecord keyword(int index) throws PackError {
    Span s = keywordSection;
    if (!(index >= 0 && index < s.count)) {
      throw new PackError(Kind.outOfBounds, s.offset, Format.Message.keywordIndex.format(index, s.count));
    }
    int at = s.offset + index * Size.KEYWORD;
    long entry = le32(at + Keyword.ENTRY);
    if (!(entry < entryCount())) {
      throw new PackError(
          Kind.outOfBounds, at + Keyword.ENTRY, Format.Message.keywordEntry.format(index, entry, entryCount()));
    }
    int localeIndex = le16(at + Keyword.LOCALE);
    String locale = localeIndex == Format.NONE16 ? null : locale(localeIndex);
    int source = u8(at + Keyword.SOURCE);
    if (source > 3) {
      throw new PackError(Kind.inconsistent, at + Keyword.SOURCE, Format.Message.keywordSource.format(index, source));
    }
    return new KeywordRecord(string(at + Keyword.WRITTEN), string(at + Keyword.FOLDED), entry, locale, source);
  }

  /** KWRD rows of entry {@code index}. */
  public int[] keywordRows(int index) throws PackError {
    if (!(index >= 0 && index < entryCount())) {
      throw new PackError(Kind.outOfBounds, entrySection.offset, Format.Message.entryIndex.format(index, entryCount()));
    }
    if (formatMajor < 2) return new int[0];
    int at = entrySection.offset + index * entrySize;
    long first = le32(at + Entry.FIRST_KEYWORD);
    if (first == Format.NONE32) return new int[0];
    int count = le16(at + Entry.KEYWORD_COUNT);
    Span rows = keywordRowSection;
    if (!(first <= rows.count && count <= rows.count - first)) {
      throw new PackError(
          Kind.outOfBounds, at + Entry.FIRST_KEYWORD,
          Format.Message.entryKeywordRows.format(index, first, (first + count), rows.count));
    }
    int[] out = new int[count];
    for (int k = 0; k < count; k++) {
      int rowAt = rows.offset + ((int) first + k) * Size.KEYWORD_ROW;
      long row = le32(rowAt);
      if (!(row < keywordSection.count)) {
        throw new PackError(
            Kind.outOfBounds, rowAt,
            Format.Message.keywordRow.format((first + k), row, keywordSection.count));
      }
      out[k] = (int) row;
    }
    return out;
  }

  /** The folded key's UTF-8 of KWRD row {@code index}, or null. */
  byte[] foldedKeyword(int index) {
    if (!(index >= 0 && index < keywordSection.count)) return null;
    return stringBytes(keywordSection.offset + index * Size.KEYWORD + Keyword.FOLDED);
  }

  /** Entry, LOCS index (-1: none) and source of KWRD row {@code index}, or null when malformed. */
  int[] keywordTarget(int index) {
    if (!(index >= 0 && index < keywordSection.count)) return null;
    int at = keywordSection.offset + index * Size.KEYWORD;
    long entry = le32(at + Keyword.ENTRY);
    int locale = le16(at + Keyword.LOCALE);
    int source = u8(at + Keyword.SOURCE);
    if (!(entry < entryCount()) || source > 3 || !(locale == Format.NONE16 || locale < localeSection.count)) return null;
    return new int[] {(int) entry, locale == Format.NONE16 ? -1 : locale, source};
  }

  /** The written text of KWRD row {@code index}, or null. */
  String keywordText(int index) {
    if (!(index >= 0 && index < keywordSection.count)) return null;
    try {
      return string(keywordSection.offset + index * Size.KEYWORD + Keyword.WRITTEN);
    } catch (PackError e) {
      return null;
    }
  }

  /** KPST row {@code index}: a KWRD row, or -1 when out of range. */
  int posting(int index) {
    if (!(index >= 0 && index < postingSection.count)) return -1;
    long row = le32(postingSection.offset + index * Size.POSTING);
    return row < keywordSection.count ? (int) row : -1;
  }

  // The keyword index, walked as Swift's PackKeywords walks it, so that a search gives the same rows on any pack
  // (a damaged index included).

  /** The KWRD rows whose folded key starts with {@code prefix} (folded UTF-8), by two binary searches: [lo, hi). */
  int[] keywordRange(byte[] prefix) {
    int lo = firstRow(prefix, false);
    int hi = firstRow(prefix, true);
    return new int[] {lo, Math.max(lo, hi)};
  }

  /** The first KWRD row whose key is at or (with {@code above}) above the prefix's place: a binary search. */
  private int firstRow(byte[] prefix, boolean above) {
    int lo = 0;
    int hi = keywordSection.count;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      int order = keyOrder(mid, prefix);
      if (above ? order > 0 : order >= 0) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** -1, 0, 1: KWRD row {@code row}'s key below the prefix, starting with it, above it (a malformed key: below). */
  private int keyOrder(int row, byte[] prefix) {
    byte[] key = foldedKeyword(row);
    if (key == null) return -1;
    int n = Math.min(key.length, prefix.length);
    for (int i = 0; i < n; i++) {
      if (key[i] != prefix[i]) return (key[i] & 0xFF) < (prefix[i] & 0xFF) ? -1 : 1;
    }
    return key.length >= prefix.length ? 0 : -1;
  }

  /** A KGRM key (Swift's PackLayout.gramKey), as an unsigned 32-bit value. */
  static long gramKey(int first, int second) {
    long hash = (second * Format.GRAM_HASH_MULTIPLIER) >>> (32 - Format.GRAM_HASH_BITS);
    return (((long) first << Format.GRAM_HASH_BITS) | hash) & 0xFFFFFFFFL;
  }

  /** The KPST range of the gram of two folded scalars (second 0: a keyword's end); empty when absent. */
  int[] gramPostings(int first, int second) {
    long key = gramKey(first, second);
    int row = lowerGram(key);
    if (!(row < gramSection.count) || gramKeyAt(row) != key) return new int[] {0, 0};
    return postingsOfGram(row);
  }

  /** The KPST runs of every gram starting with {@code first}, one per gram. */
  List<int[]> gramPostingRuns(int first) {
    List<int[]> out = new ArrayList<>();
    if (!(first >= 0 && first < 0x200000)) return out;
    int end = lowerGram((long) (first + 1) << Format.GRAM_HASH_BITS);
    for (int row = lowerGram((long) first << Format.GRAM_HASH_BITS); row < end; row++) out.add(postingsOfGram(row));
    return out;
  }

  private long gramKeyAt(int row) {
    return le32(gramSection.offset + row * Size.GRAM + Gram.KEY);
  }

  /** The first gram row whose key is at least {@code key}. */
  private int lowerGram(long key) {
    int lo = 0;
    int hi = gramSection.count;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (gramKeyAt(mid) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Where the postings of gram {@code row} start (KPST's count past the last gram), clamped to KPST. */
  private int gramStart(int row) {
    if (!(row < gramSection.count)) return postingSection.count;
    return (int) Math.min(le32(gramSection.offset + row * Size.GRAM + Gram.POSTINGS), postingSection.count);
  }

  private int[] postingsOfGram(int row) {
    int lo = gramStart(row);
    return new int[] {lo, Math.max(lo, gramStart(row + 1))};
  }

  private long postingValue(int index) {
    return le32(postingSection.offset + index * Size.POSTING);
  }

  /**
   * The next KWRD row that every run of KPST rows names, walking the first run from {@code cursors[0]} and seeking
   * each row in the others from their cursors (galloping, then a binary search); -1 when none is left. Rows past
   * KWRD or out of order (a damaged pack) are passed over or end the walk early.
   */
  int nextCommonPosting(List<int[]> runs, int[] cursors) {
    if (runs.isEmpty() || cursors.length != runs.size()) return -1;
    int total = postingSection.count;
    long rows = keywordSection.count;
    // Each run clamped to KPST once, before the walk.
    int[][] bounds = new int[runs.size()][];
    for (int k = 0; k < bounds.length; k++) bounds[k] = clamped(runs.get(k), total);
    int end = bounds[0][1];
    int c = Math.max(cursors[0], bounds[0][0]);
    try {
      next:
      while (c < end) {
        long r = postingValue(c);
        c++;
        if (!(r < rows)) continue;
        for (int k = 1; k < runs.size(); k++) {
          int[] run = bounds[k];
          int lo = Math.min(Math.max(cursors[k], run[0]), run[1]);
          int hi = lo;
          int step = 1;
          while (hi < run[1] && postingValue(hi) < r) {
            lo = hi + 1;
            hi = Math.min(run[1], hi + step);
            step *= 2;
          }
          while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (postingValue(mid) < r) lo = mid + 1;
            else hi = mid;
          }
          cursors[k] = lo;
          // A run passed to its end holds nothing further: no later row is common.
          if (lo == run[1]) {
            c = end;
            return -1;
          }
          if (postingValue(lo) != r) continue next;
        }
        return (int) r;
      }
      return -1;
    } finally {
      cursors[0] = c;
    }
  }

  private static int[] clamped(int[] range, int total) {
    int lo = Math.min(Math.max(range[0], 0), total);
    return new int[] {lo, Math.min(Math.max(range[1], lo), total)};
  }

  /** Walks the whole file: checksum, every string and range, both indexes, sprites and keyword sections. */
  public void verify() throws PackError {
    PackVerifier.verify(this);
  }

  /** True for a plain file name: not empty, not . or .., no slash, backslash or NUL, at most 255 UTF-8 bytes. */
  static boolean isSafeFileName(String name) {
    return !name.isEmpty() && !name.equals(".") && !name.equals("..") && !name.contains("/") && !name.contains("\\")
        && !name.contains("\0") && name.getBytes(StandardCharsets.UTF_8).length <= 255;
  }

  static String hex32(long v) {
    String h = Long.toHexString(v);
    return "0x" + "00000000".substring(h.length()) + h;
  }
}
