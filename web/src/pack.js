// @ts-check
// The .pack reader: every format version the Swift reader opens (1.x and 2.0–2.3), with the same checks in the same
// order, so that opening, verify() and every look-up give the Swift reader's verdict on any bytes (docs/FORMAT.md).

import { bytesArg } from "./args.js";
import {
  Animation, Entry, EntryFlags, EntryV1, Frame, HEADER_SIZE, Header, Image, Keyword, MAGIC, MAX_SECTIONS, Meta,
  MetaFlags, NONE16, NONE32, Name, OPTIONAL, POINT_SIZES, READABLE_MAJORS, SCALES, SECTIONS, SECTION_ROW_SIZE,
  SLOT_SIZE, SectionRow, Sheet, SheetFormatRecord, Size, StringRef, Tag, message, GRAM_KEY, Gram,
} from "./format.js";
import { verifyPack } from "./verify.js";

/**
 * A KGRM key (PackLayout.gramKey): the first folded scalar above `GRAM_KEY.bits` bits of a hash of the second.
 * @param {number} first @param {number} second
 */
function gramKey(first, second) {
  return ((first << GRAM_KEY.bits) | (Math.imul(second, GRAM_KEY.multiplier) >>> (32 - GRAM_KEY.bits))) >>> 0;
}

/** @typedef {"io"|"badMagic"|"unsupportedVersion"|"truncated"|"badHeader"|"outOfBounds"|"badString"|"badChecksum"|"inconsistent"} PackErrorKind */

/** A reading failure: its kind, the byte offset where it was found, and a sentence. */
export class PackError extends Error {
  /**
   * @param {PackErrorKind} kind
   * @param {number} offset
   * @param {string} message
   */
  constructor(kind, offset, message) {
    super(`offset ${offset} (0x${offset.toString(16)}): ${message}`);
    this.name = "PackError";
    /** @type {PackErrorKind} */
    this.kind = kind;
    this.offset = offset;
    /** The sentence without the offset, word for word as the Swift reader's `PackError.message`. */
    this.detail = message;
  }
}

const HEADER = HEADER_SIZE;

/**
 * @param {string} id
 */
function code(id) {
  return id.charCodeAt(0) | (id.charCodeAt(1) << 8) | (id.charCodeAt(2) << 16) | ((id.charCodeAt(3) << 24) >>> 0);
}

// ignoreBOM keeps a leading U+FEFF, as Swift and Java decode it.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/**
 * @param {Uint8Array} bytes
 */
export function fnv1a(bytes) {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
  return h >>> 0;
}

/**
 * @param {Uint8Array} p
 * @param {number} i
 */
function isVariationSelector(p, i) {
  return i + 2 < p.length && p[i] === 0xef && p[i + 1] === 0xb8 && (p[i + 2] === 0x8f || p[i + 2] === 0x8e);
}

/**
 * FNV-1a of an emoji's UTF-8 without variation selectors 15 and 16.
 * @param {Uint8Array} p
 */
export function emojiHash(p) {
  let h = 0x811c9dc5;
  let i = 0;
  while (i < p.length) {
    if (isVariationSelector(p, i)) { i += 3; continue; }
    h = Math.imul(h ^ p[i], 0x01000193) >>> 0;
    i++;
  }
  return h >>> 0;
}

/**
 * @param {Uint8Array} a
 * @param {Uint8Array} b
 */
function emojiEqual(a, b) {
  let i = 0, j = 0;
  for (;;) {
    while (isVariationSelector(a, i)) i += 3;
    while (isVariationSelector(b, j)) j += 3;
    if (i === a.length || j === b.length) return i === a.length && j === b.length;
    if (a[i] !== b[j]) return false;
    i++; j++;
  }
}

/**
 * @param {Uint8Array} a
 * @param {Uint8Array} b
 */
function bytesEqual(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * @param {Uint8Array} a
 * @param {Uint8Array} b  True when a sorts before b byte by byte.
 */
export function precedes(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return a.length < b.length;
}

let crcTable = /** @type {Uint32Array|null} */ (null);
/**
 * CRC-32 (IEEE 802.3, as zlib).
 * @param {Uint8Array} bytes
 */
export function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let c = i;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[i] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** @typedef {{offset: number, length: number, count: number, rowOffset: number}} Span */
/** @typedef {{fileName: string, scale: number, page: number, width: number, height: number, byteSize: number, sha256: Uint8Array, format: "png"|"webp", lossy: boolean}} SheetRecord */
/** @typedef {{sheet: number, x: number, y: number, width: number, height: number, left: number, top: number}} Placement */
/** @typedef {{text: string, locale: string|null, source: number}} Keyword */
/** @typedef {{kind: "image"|"emoji", tags: string[], codes: string[], emoji: string|null, image: number|null, animation: number|null, insertsCode: boolean, keywords: Keyword[]}} Entry */

/** A .pack opened over its bytes (not copied): the header and section table are checked now, the rest on access. */
export class PackFile {
  /**
   * @param {ArrayBuffer|Uint8Array} input
   */
  constructor(input) {
    const b = bytesArg(input, "new PackFile(bytes)");
    this.bytes = b;
    this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const n = b.length;
    if (n < MAGIC.length) throw new PackError("truncated", n, message("shorterThanMagic", n));
    for (let i = 0; i < MAGIC.length; i++) {
      if (b[i] !== MAGIC[i]) throw new PackError("badMagic", i, message("badMagic"));
    }
    if (n < HEADER) throw new PackError("truncated", n, message("shorterThanHeader", n, HEADER));
    const major = this.le16(Header.major);
    const [lowest, highest] = READABLE_MAJORS;
    if (major < lowest || major > highest) {
      throw new PackError("unsupportedVersion", Header.major, message("unsupportedVersion", major, lowest, highest));
    }
    this.formatMajor = major;
    this.formatMinor = this.le16(Header.minor);
    this.entrySize = major >= 2 ? Size.entry : Size.entryV1;
    this.tagSize = major >= 2 ? Size.tag : Size.tagV1;
    const headerSize = this.le32(Header.headerSize);
    if (headerSize !== HEADER) throw new PackError("badHeader", Header.headerSize, message("headerSize", headerSize, HEADER));
    const fileSize = this.le32(Header.fileSize);
    if (fileSize !== n) {
      if (fileSize > n) throw new PackError("truncated", n, message("shorterThanHeaderSays", n, fileSize));
      throw new PackError("badHeader", Header.fileSize, message("longerThanHeaderSays", fileSize, n));
    }
    // The header's bytes after its last field are reserved.
    for (let i = Header.sectionTable + 4; i < HEADER; i++) {
      if (b[i] !== 0) throw new PackError("badHeader", i, message("reservedHeaderByte", b[i]));
    }
    const sectionCount = this.le32(Header.sectionCount);
    const tableOffset = this.le32(Header.sectionTable);
    if (sectionCount > MAX_SECTIONS) {
      throw new PackError("badHeader", Header.sectionCount, message("sectionCount", sectionCount, MAX_SECTIONS));
    }
    if (!(tableOffset >= HEADER && tableOffset + sectionCount * SECTION_ROW_SIZE <= n)) {
      throw new PackError("outOfBounds", Header.sectionTable, message("sectionTableOutside", tableOffset, sectionCount, n));
    }
    const tableEnd = tableOffset + sectionCount * SECTION_ROW_SIZE;
    const known = SECTIONS.filter(([id]) => major >= 2 || (id !== "IMGS" && !OPTIONAL.has(id)));
    /** @type {Map<string, Span>} */
    const found = new Map();
    for (let row = 0; row < sectionCount; row++) {
      const at = tableOffset + row * SECTION_ROW_SIZE;
      const id = this.le32(at + SectionRow.id);
      const offset = this.le32(at + SectionRow.offset);
      const length = this.le32(at + SectionRow.length);
      const count = this.le32(at + SectionRow.count);
      const section = known.find(([s]) => code(s) === id);
      if (!section) continue;
      const name = section[0];
      const recordSize = major >= 2 ? section[1] : section[2];
      if (found.has(name)) throw new PackError("badHeader", at, message("sectionTwice", name));
      if (!(offset >= tableEnd && offset <= n && length <= n - offset)) {
        throw new PackError("outOfBounds", at + SectionRow.offset, message("sectionOutside", name, offset, length, n));
      }
      if (count * recordSize !== length) {
        throw new PackError("badHeader", at + SectionRow.count, message("sectionLength", name, count, recordSize, length));
      }
      found.set(name, { offset, length, count, rowOffset: at });
    }
    /**
     * @param {string} s
     * @returns {Span}
     */
    const need = (s) => {
      const span = found.get(s);
      if (!span) throw new PackError("badHeader", tableOffset, message("sectionMissing", s));
      return span;
    };
    const none = { offset: 0, length: 0, count: 0, rowOffset: 0 };
    this.meta = need("META");
    this.names = need("NAME");
    this.sheetSection = need("SHET");
    this.imageSection = major >= 2 ? need("IMGS") : { offset: this.sheetSection.offset, length: 0, count: 0, rowOffset: 0 };
    this.entrySection = need("ENTR");
    this.animationSection = found.get("ANIM") ?? none;
    this.frameSection = found.get("FRAM") ?? none;
    this.localeSection = found.get("LOCS") ?? none;
    this.keywordSection = found.get("KWRD") ?? none;
    this.keywordRowSection = found.get("KENT") ?? none;
    this.gramSection = found.get("KGRM") ?? none;
    this.postingSection = found.get("KPST") ?? none;
    this.sheetFormatSection = found.get("SFMT") ?? none;
    this.tagSection = need("TAGS");
    this.tagIndex = need("TIDX");
    this.emojiIndex = need("EIDX");
    this.strings = need("STRS");
    for (const index of [this.tagIndex, this.emojiIndex]) {
      if ((index.count & (index.count - 1)) !== 0) {
        throw new PackError("badHeader", index.rowOffset + SectionRow.count, message("indexSlotCount", index.count));
      }
    }
    if (this.meta.count !== 1) {
      throw new PackError("badHeader", this.meta.rowOffset + SectionRow.count, message("metaCount", this.meta.count));
    }
    const m = this.meta.offset;
    const [minScale, maxScale] = SCALES;
    const scaleCount = b[m + Meta.scaleCount];
    if (scaleCount < minScale || scaleCount > maxScale) {
      throw new PackError("badHeader", m + Meta.scaleCount, message("scaleCount", scaleCount, `${minScale}...${maxScale}`));
    }
    /** @type {number[]} */
    const scales = [];
    for (let i = 0; i < scaleCount; i++) {
      const s = b[m + Meta.scales + i];
      if (!(s >= minScale && s <= maxScale && s > (scales[scales.length - 1] ?? 0))) {
        throw new PackError("badHeader", m + Meta.scales + i, message("scaleOrder", s, `${minScale}...${maxScale}`));
      }
      scales.push(s);
    }
    this.scales = scales;
    this.pointSize = this.le16(m + Meta.pointSize);
    const [minPoints, maxPoints] = POINT_SIZES;
    if (this.pointSize < minPoints || this.pointSize > maxPoints) {
      throw new PackError("badHeader", m + Meta.pointSize, message("pointSize", this.pointSize, `${minPoints}...${maxPoints}`));
    }
    this.pageCount = this.le16(m + Meta.pageCount);
    if (major >= 2) {
      const flags = b[m + Meta.flags];
      this.trimmed = (flags & MetaFlags.trimmed) !== 0;
      this.palette = (flags & MetaFlags.palette) !== 0;
      if (this.imageSection.count % scaleCount !== 0) {
        throw new PackError("inconsistent", this.imageSection.rowOffset + SectionRow.count, message("imageRows", this.imageSection.count, scaleCount));
      }
    } else {
      this.trimmed = false;
      this.palette = false;
      if (this.sheetSection.count !== scaleCount * this.pageCount) {
        throw new PackError("inconsistent", this.sheetSection.rowOffset + SectionRow.count, message("sheetCount", scaleCount * this.pageCount, scaleCount, this.pageCount, this.sheetSection.count));
      }
    }
    this.id = this.string(m + Meta.id);
    this.version = this.string(m + Meta.version);
  }

  /** @param {number} o */ le16(o) { return this.view.getUint16(o, true); }
  /** @param {number} o */ le32(o) { return this.view.getUint32(o, true); }

  get formatVersion() { return `${this.formatMajor}.${this.formatMinor}`; }
  get entryCount() { return this.entrySection.count; }
  get tagCount() { return this.tagSection.count; }
  get sheetCount() { return this.sheetSection.count; }
  get animationCount() { return this.animationSection.count; }
  get keywordCount() { return this.keywordSection.count; }
  get imageCount() { return this.formatMajor >= 2 ? this.imageSection.count / this.scales.length : this.entrySection.count; }

  /**
   * The bytes of the string whose reference is at `ref`, or null when it lies outside STRS.
   * @param {number} ref
   */
  stringBytes(ref) {
    const offset = this.le32(ref + StringRef.offset);
    const length = this.le32(ref + StringRef.length);
    if (!(offset <= this.strings.length && length <= this.strings.length - offset)) return null;
    const start = this.strings.offset + offset;
    return this.bytes.subarray(start, start + length);
  }

  /**
   * @param {number} ref
   */
  string(ref) {
    const raw = this.stringBytes(ref);
    if (!raw) {
      throw new PackError("outOfBounds", ref, message("stringOutside", this.le32(ref + StringRef.offset), this.le32(ref + StringRef.length), this.strings.length));
    }
    try {
      return utf8.decode(raw);
    } catch {
      throw new PackError("badString", ref, message("stringNotUTF8", this.le32(ref + StringRef.offset)));
    }
  }

  /**
   * The strings whose references are at `refs`, as `string` reads each (null for one that would throw), decoded in
   * one call: a decoder call costs microseconds in browsers, and a catalog's keys are thousands.
   * @param {number[]} refs
   * @returns {(string|null)[]}
   */
  stringsAt(refs) {
    const parts = refs.map((ref) => this.stringBytes(ref));
    let total = 0;
    for (const part of parts) total += (part ? part.length : 0) + 1;
    // Each string ends in a line feed: a string that is not UTF-8 cannot borrow its neighbour's bytes to look like it.
    const joined = new Uint8Array(total);
    let at = 0;
    for (const part of parts) {
      if (part) {
        joined.set(part, at);
        at += part.length;
      }
      joined[at++] = 0x0a;
    }
    try {
      const pieces = utf8.decode(joined).split("\n");
      if (pieces.length === parts.length + 1) return parts.map((part, i) => (part ? pieces[i] : null));
    } catch {
      // One is not UTF-8: each is decoded alone below.
    }
    // Or one holds a line feed of its own.
    return refs.map((ref) => {
      try { return this.string(ref); } catch { return null; }
    });
  }

  /**
   * The localized names.
   * @returns {{locale: string, name: string}[]}
   */
  localizedNames() {
    const out = [];
    for (let i = 0; i < this.names.count; i++) {
      const at = this.names.offset + i * Size.name;
      out.push({ locale: this.string(at + Name.locale), name: this.string(at + Name.name) });
    }
    return out;
  }

  /**
   * @param {number} index
   * @returns {SheetRecord}
   */
  sheet(index) {
    const s = this.sheetSection;
    if (!(index >= 0 && index < s.count)) throw new PackError("outOfBounds", s.offset, message("sheetIndex", index, s.count));
    const at = s.offset + index * Size.sheet;
    /** @type {SheetRecord} */
    const record = {
      fileName: this.string(at + Sheet.fileName), scale: this.le16(at + Sheet.scale), page: this.le16(at + Sheet.page),
      width: this.le32(at + Sheet.width), height: this.le32(at + Sheet.height), byteSize: this.le32(at + Sheet.byteSize),
      sha256: this.bytes.slice(at + Sheet.sha256, at + Size.sheet), format: "png", lossy: false,
    };
    const f = this.sheetFormatSection;
    if (f.count > 0) {
      if (f.count !== s.count) {
        throw new PackError("inconsistent", f.rowOffset + SectionRow.count, message("sheetFormatRows", f.count, s.count));
      }
      const r = f.offset + index * Size.sheetFormat;
      const format = this.bytes[r + SheetFormatRecord.format];
      if (format > 1) throw new PackError("inconsistent", r, message("sheetFormat", index, format));
      const flags = this.bytes[r + SheetFormatRecord.flags];
      if ((flags & ~SheetFormatRecord.lossy) !== 0 || this.le16(r + SheetFormatRecord.reserved) !== 0) {
        throw new PackError("inconsistent", r + SheetFormatRecord.flags, message("sheetFormatFlags", index));
      }
      record.format = format === 1 ? "webp" : "png";
      record.lossy = (flags & SheetFormatRecord.lossy) !== 0;
    }
    return record;
  }

  sheets() {
    const out = [];
    for (let i = 0; i < this.sheetCount; i++) out.push(this.sheet(i));
    return out;
  }

  /**
   * @param {number} index
   */
  checkEntry(index) {
    if (!(index >= 0 && index < this.entrySection.count)) {
      throw new PackError("outOfBounds", this.entrySection.offset, message("entryIndex", index, this.entrySection.count));
    }
  }

  /**
   * The entry at `index` in keyboard order.
   * @param {number} index
   * @returns {Entry}
   */
  entry(index) {
    this.checkEntry(index);
    const b = this.bytes;
    const at = this.entrySection.offset + index * this.entrySize;
    const kind = b[at + Entry.kind];
    if (kind > 1) throw new PackError("inconsistent", at + Entry.kind, message("entryKind", index, kind));
    const flags = b[at + Entry.flags];
    const tagCount = this.le16(at + Entry.tagCount);
    const firstTag = this.le32(at + Entry.firstTag);
    if (!(firstTag <= this.tagSection.count && tagCount <= this.tagSection.count - firstTag)) {
      throw new PackError("outOfBounds", at + Entry.firstTag, message("entryTags", index, firstTag, firstTag + tagCount, this.tagSection.count));
    }
    const tags = [];
    const codes = [];
    for (let t = firstTag; t < firstTag + tagCount; t++) {
      const key = this.string(this.tagSection.offset + t * this.tagSize + Tag.tag);
      if (this.keyForm(t) === 0) tags.push(key); else codes.push(key);
    }
    const emoji = flags & EntryFlags.hasEmoji ? this.string(at + Entry.emoji) : null;
    const keywords = [];
    for (const k of this.keywordRows(index)) {
      const record = this.keyword(k);
      if (record.source !== 1) keywords.push({ text: record.text, locale: record.locale, source: record.source });
    }
    return {
      kind: kind === 0 ? "image" : "emoji", tags, emoji, image: this.imageIndex(index), animation: this.animationIndex(index),
      codes, insertsCode: this.formatMajor >= 2 && (flags & EntryFlags.insertsCode) !== 0, keywords,
    };
  }

  /**
   * The form of key `index`: 0 tag, 1 code, 2 shortcode.
   * @param {number} index
   */
  keyForm(index) {
    if (!(index >= 0 && index < this.tagSection.count)) {
      throw new PackError("outOfBounds", this.tagSection.offset, message("keyIndex", index, this.tagSection.count));
    }
    if (this.formatMajor < 2) return 0;
    const at = this.tagSection.offset + index * this.tagSize + Tag.form;
    const form = this.bytes[at];
    if (form > 2) throw new PackError("inconsistent", at, message("keyForm", index, form));
    return form;
  }

  /**
   * @param {number} index
   */
  animationIndex(index) {
    this.checkEntry(index);
    if (this.formatMajor < 2) return null;
    const at = this.entrySection.offset + index * this.entrySize + Entry.animation;
    const a = this.le32(at);
    if (a === NONE32) return null;
    if (!(a < this.animationSection.count)) {
      throw new PackError("outOfBounds", at, message("entryAnimation", index, a, this.animationSection.count));
    }
    return a;
  }

  /**
   * @param {number} index
   */
  animationRecord(index) {
    const s = this.animationSection;
    if (!(index >= 0 && index < s.count)) throw new PackError("outOfBounds", s.offset, message("animationIndex", index, s.count));
    const at = s.offset + index * Size.animation;
    const first = this.le32(at + Animation.firstFrame);
    const count = this.le16(at + Animation.frameCount);
    const still = this.le16(at + Animation.still);
    const frames = this.frameSection.count;
    if (!(count > 0 && first <= frames && count <= frames - first && still < count)) {
      throw new PackError("outOfBounds", at, message("animationFrames", index, first, first + count, frames, still));
    }
    return {
      firstFrame: first, frameCount: count, loopCount: this.le16(at + Animation.loopCount), still,
      duration: this.le32(at + Animation.duration),
    };
  }

  /**
   * @param {number} index
   */
  frameRecord(index) {
    const s = this.frameSection;
    if (!(index >= 0 && index < s.count)) throw new PackError("outOfBounds", s.offset, message("frameIndex", index, s.count));
    const at = s.offset + index * Size.frame;
    const image = this.le32(at + Frame.image);
    if (!(image < this.imageCount)) throw new PackError("outOfBounds", at, message("frameImage", index, image, this.imageCount));
    return { image, endTime: this.le32(at + Frame.endTime) };
  }

  /**
   * Animation `index`: frames (image, duration), loop count and still frame.
   * @param {number} index
   */
  animation(index) {
    const a = this.animationRecord(index);
    const frames = [];
    let last = 0;
    for (let f = a.firstFrame; f < a.firstFrame + a.frameCount; f++) {
      const r = this.frameRecord(f);
      if (!(r.endTime > last)) {
        throw new PackError("inconsistent", this.frameSection.offset + f * Size.frame, message("frameEndTime", f - a.firstFrame, index, r.endTime, last));
      }
      frames.push({ image: r.image, duration: r.endTime - last });
      last = r.endTime;
    }
    return { frames, loopCount: a.loopCount, still: a.still, duration: last };
  }

  /**
   * @param {number} index
   */
  imageIndex(index) {
    this.checkEntry(index);
    const at = this.entrySection.offset + index * this.entrySize;
    if (this.formatMajor < 2) return this.bytes[at + EntryV1.flags] & EntryFlags.hasRect ? index : null;
    const image = this.le32(at + Entry.image);
    if (image === NONE32) return null;
    if (!(image < this.imageCount)) {
      throw new PackError("outOfBounds", at + Entry.image, message("entryImage", index, image, this.imageCount));
    }
    return image;
  }

  /**
   * @param {number} index
   * @param {number} scaleIndex
   * @returns {Placement}
   */
  placement(index, scaleIndex) {
    if (!(scaleIndex >= 0 && scaleIndex < this.scales.length)) {
      throw new PackError("outOfBounds", this.meta.offset, message("scaleIndex", scaleIndex, this.scales.length));
    }
    if (!(index >= 0 && index < this.imageCount)) {
      throw new PackError("outOfBounds", this.formatMajor >= 2 ? this.imageSection.offset : this.entrySection.offset, message("imageIndex", index, this.imageCount));
    }
    if (this.formatMajor < 2) {
      const at = this.entrySection.offset + index * this.entrySize;
      if (!(this.bytes[at + EntryV1.flags] & EntryFlags.hasRect)) {
        throw new PackError("inconsistent", at + EntryV1.flags, message("entryNoRectangle", index));
      }
      const s = this.scales[scaleIndex];
      const sheet = scaleIndex * this.pageCount + this.le16(at + EntryV1.page);
      if (!(sheet < this.sheetSection.count)) {
        throw new PackError("outOfBounds", at + EntryV1.page, message("entrySheet", index, sheet, this.sheetSection.count));
      }
      return {
        sheet, x: this.le16(at + EntryV1.x) * s, y: this.le16(at + EntryV1.y) * s,
        width: this.le16(at + EntryV1.width) * s, height: this.le16(at + EntryV1.height) * s, left: 0, top: 0,
      };
    }
    const at = this.imageSection.offset + (index * this.scales.length + scaleIndex) * Size.image;
    const sheet = this.le16(at + Image.sheet);
    if (!(sheet < this.sheetSection.count)) {
      throw new PackError("outOfBounds", at, message("imageSheet", index, sheet, this.sheetSection.count));
    }
    return {
      sheet, x: this.le16(at + Image.x), y: this.le16(at + Image.y), width: this.le16(at + Image.width),
      height: this.le16(at + Image.height), left: this.view.getInt16(at + Image.left, true),
      top: this.view.getInt16(at + Image.top, true),
    };
  }

  /**
   * Image `index` at every scale.
   * @param {number} index
   */
  image(index) { return this.scales.map((_, k) => this.placement(index, k)); }

  /**
   * @param {number} index
   */
  entryHasImage(index) {
    if (!(index >= 0 && index < this.entrySection.count)) return false;
    const at = this.entrySection.offset + index * this.entrySize;
    if (this.formatMajor < 2) return (this.bytes[at + EntryV1.flags] & EntryFlags.hasRect) !== 0;
    return this.le32(at + Entry.image) !== NONE32;
  }

  /**
   * True when entry `index` has an emoji (false when out of range).
   * @param {number} index
   */
  entryHasEmoji(index) {
    if (!(index >= 0 && index < this.entrySection.count)) return false;
    return (this.bytes[this.entrySection.offset + index * this.entrySize + Entry.flags] & EntryFlags.hasEmoji) !== 0;
  }

  /**
   * The entry whose tag or code is exactly these UTF-8 bytes, or null.
   * @param {Uint8Array} key
   */
  entryIndexForTagBytes(key) {
    const n = this.tagIndex.count;
    if (n === 0) return null;
    let slot = fnv1a(key) & (n - 1);
    for (let k = 0; k < n; k++) {
      const value = this.le32(this.tagIndex.offset + slot * SLOT_SIZE);
      if (value === 0) return null;
      const tag = value - 1;
      if (!(tag < this.tagSection.count)) return null;
      const at = this.tagSection.offset + tag * this.tagSize;
      const bytes = this.stringBytes(at + Tag.tag);
      if (bytes && bytesEqual(bytes, key)) {
        const entry = this.le32(at + Tag.entry);
        return entry < this.entrySection.count ? entry : null;
      }
      slot = (slot + 1) & (n - 1);
    }
    return null;
  }

  /**
   * The entry whose emoji is these UTF-8 bytes, variation selectors aside, or null.
   * @param {Uint8Array} key
   */
  entryIndexForEmojiBytes(key) {
    const n = this.emojiIndex.count;
    if (n === 0) return null;
    let slot = emojiHash(key) & (n - 1);
    for (let k = 0; k < n; k++) {
      const value = this.le32(this.emojiIndex.offset + slot * SLOT_SIZE);
      if (value === 0) return null;
      const entry = value - 1;
      if (!(entry < this.entrySection.count)) return null;
      const at = this.entrySection.offset + entry * this.entrySize;
      if (this.bytes[at + Entry.flags] & EntryFlags.hasEmoji) {
        const bytes = this.stringBytes(at + Entry.emoji);
        if (bytes && emojiEqual(bytes, key)) return entry;
      }
      slot = (slot + 1) & (n - 1);
    }
    return null;
  }

  /**
   * @param {string} tag
   */
  entryIndexForTag(tag) { return this.entryIndexForTagBytes(encoder.encode(tag)); }
  /**
   * @param {string} emoji
   */
  entryIndexForEmoji(emoji) { return this.entryIndexForEmojiBytes(encoder.encode(emoji)); }

  // Keywords (format 2.2).

  /**
   * @param {number} index
   */
  locale(index) {
    const s = this.localeSection;
    if (!(index >= 0 && index < s.count)) throw new PackError("outOfBounds", s.offset, message("localeIndex", index, s.count));
    return this.string(s.offset + index * Size.locale);
  }

  locales() {
    const out = [];
    for (let i = 0; i < this.localeSection.count; i++) out.push(this.locale(i));
    return out;
  }

  /**
   * KWRD row `index`.
   * @param {number} index
   */
  keyword(index) {
    const s = this.keywordSection;
    if (!(index >= 0 && index < s.count)) throw new PackError("outOfBounds", s.offset, message("keywordIndex", index, s.count));
    const at = s.offset + index * Size.keyword;
    const entry = this.le32(at + Keyword.entry);
    if (!(entry < this.entryCount)) throw new PackError("outOfBounds", at + Keyword.entry, message("keywordEntry", index, entry, this.entryCount));
    const localeIndex = this.le16(at + Keyword.locale);
    const locale = localeIndex === NONE16 ? null : this.locale(localeIndex);
    const source = this.bytes[at + Keyword.source];
    if (source > 3) throw new PackError("inconsistent", at + Keyword.source, message("keywordSource", index, source));
    return { text: this.string(at + Keyword.written), folded: this.string(at + Keyword.folded), entry, locale, source };
  }

  /**
   * The folded key's bytes of KWRD row `index`, or null.
   * @param {number} index
   */
  foldedKeyword(index) {
    if (!(index >= 0 && index < this.keywordSection.count)) return null;
    return this.stringBytes(this.keywordSection.offset + index * Size.keyword + Keyword.folded);
  }

  /**
   * Entry, LOCS index and source of KWRD row `index`, or null when malformed.
   * @param {number} index
   */
  keywordTarget(index) {
    if (!(index >= 0 && index < this.keywordSection.count)) return null;
    const at = this.keywordSection.offset + index * Size.keyword;
    const entry = this.le32(at + Keyword.entry);
    const locale = this.le16(at + Keyword.locale);
    const source = this.bytes[at + Keyword.source];
    if (!(entry < this.entryCount) || source > 3 || !(locale === NONE16 || locale < this.localeSection.count)) return null;
    return { entry, locale: locale === NONE16 ? null : locale, source };
  }

  /**
   * The written text of KWRD row `index`, or null.
   * @param {number} index
   */
  keywordText(index) {
    if (!(index >= 0 && index < this.keywordSection.count)) return null;
    try { return this.string(this.keywordSection.offset + index * Size.keyword + Keyword.written); } catch { return null; }
  }

  /**
   * KWRD rows of entry `index`.
   * @param {number} index
   */
  keywordRows(index) {
    if (!(index >= 0 && index < this.entryCount)) {
      throw new PackError("outOfBounds", this.entrySection.offset, message("entryIndex", index, this.entryCount));
    }
    if (this.formatMajor < 2) return [];
    const at = this.entrySection.offset + index * this.entrySize;
    const first = this.le32(at + Entry.firstKeyword);
    if (first === NONE32) return [];
    const count = this.le16(at + Entry.keywordCount);
    const rows = this.keywordRowSection;
    if (!(first <= rows.count && count <= rows.count - first)) {
      throw new PackError("outOfBounds", at + Entry.firstKeyword, message("entryKeywordRows", index, first, first + count, rows.count));
    }
    const out = [];
    for (let k = first; k < first + count; k++) {
      const row = this.le32(rows.offset + k * Size.keywordRow);
      if (!(row < this.keywordSection.count)) {
        throw new PackError("outOfBounds", rows.offset + k * Size.keywordRow, message("keywordRow", k, row, this.keywordSection.count));
      }
      out.push(row);
    }
    return out;
  }

  /**
   * The KWRD row KPST row `index` names; null when out of range.
   * @param {number} index
   */
  posting(index) {
    if (!(index >= 0 && index < this.postingSection.count)) return null;
    const row = this.le32(this.postingSection.offset + index * Size.posting);
    return row < this.keywordSection.count ? row : null;
  }

  // The keyword index, walked as Swift's PackKeywords walks it, so that a search gives the same rows on any pack
  // (a damaged index included).

  /**
   * The KWRD rows whose folded key starts with `prefix` (folded UTF-8), by two binary searches: [lo, hi).
   * @param {Uint8Array} prefix
   * @returns {[number, number]}
   */
  keywordRange(prefix) {
    // -1, 0, 1: the row's key below the prefix, starting with it, above it (a malformed key: below).
    const order = (/** @type {number} */ row) => {
      const key = this.foldedKeyword(row);
      if (key === null) return -1;
      const n = Math.min(key.length, prefix.length);
      for (let i = 0; i < n; i++) if (key[i] !== prefix[i]) return key[i] < prefix[i] ? -1 : 1;
      return key.length >= prefix.length ? 0 : -1;
    };
    const first = (/** @type {(o: number) => boolean} */ pass) => {
      let lo = 0, hi = this.keywordSection.count;
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2);
        if (pass(order(mid))) hi = mid; else lo = mid + 1;
      }
      return lo;
    };
    const lo = first((o) => o >= 0);
    const hi = first((o) => o > 0);
    return [lo, Math.max(lo, hi)];
  }

  /**
   * The KPST range of the gram of two folded scalars (`second` 0: a keyword's end); empty when absent. It may hold
   * keywords of other pairs with the same key: check each.
   * @param {number} first @param {number} second
   * @returns {[number, number]}
   */
  gramPostings(first, second) {
    const key = gramKey(first, second);
    const row = this.lowerGram(key);
    if (!(row < this.gramSection.count) || this.gramKeyAt(row) !== key) return [0, 0];
    return this.postingsOfGram(row);
  }

  /**
   * The KPST runs of every gram starting with `first`, one per gram.
   * @param {number} first
   * @returns {[number, number][]}
   */
  gramPostingRuns(first) {
    if (!(first < 0x200000)) return [];
    const out = [];
    const span = 2 ** GRAM_KEY.bits;
    for (let row = this.lowerGram(first * span), end = this.lowerGram((first + 1) * span); row < end; row++) {
      out.push(this.postingsOfGram(row));
    }
    return out;
  }

  /**
   * @private
   * @param {number} row
   */
  gramKeyAt(row) { return this.le32(this.gramSection.offset + row * Size.gram + Gram.key); }

  /**
   * The first gram row whose key is at least `key`.
   * @private
   * @param {number} key
   */
  lowerGram(key) {
    let lo = 0, hi = this.gramSection.count;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (this.gramKeyAt(mid) < key) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  /**
   * Where the postings of gram `row` start (KPST's count past the last gram), clamped to KPST.
   * @private
   * @param {number} row
   */
  gramStart(row) {
    if (!(row < this.gramSection.count)) return this.postingSection.count;
    return Math.min(this.le32(this.gramSection.offset + row * Size.gram + Gram.postings), this.postingSection.count);
  }

  /**
   * @private
   * @param {number} row
   * @returns {[number, number]}
   */
  postingsOfGram(row) {
    const lo = this.gramStart(row);
    return [lo, Math.max(lo, this.gramStart(row + 1))];
  }

  /**
   * The next KWRD row that every run of KPST rows names, walking the first run from `cursors[0]` and seeking each
   * row in the others from their cursors (galloping, then a binary search); null when none is left. Rows past KWRD
   * or out of order (a damaged pack) are passed over or end the walk early.
   * @param {[number, number][]} runs
   * @param {number[]} cursors one per run, their lower bounds to start
   */
  nextCommonPosting(runs, cursors) {
    if (runs.length === 0 || cursors.length !== runs.length) return null;
    const total = this.postingSection.count;
    const rows = this.keywordSection.count;
    const base = this.postingSection.offset;
    const row = (/** @type {number} */ k) => this.le32(base + k * Size.posting);
    // Each run clamped to KPST once, before the walk.
    const bounds = runs.map((r) => {
      const lo = Math.min(Math.max(r[0], 0), total);
      return [lo, Math.min(Math.max(r[1], lo), total)];
    });
    const end = bounds[0][1];
    let c = Math.max(cursors[0], bounds[0][0]);
    try {
      next: while (c < end) {
        const r = row(c);
        c++;
        if (!(r < rows)) continue;
        for (let k = 1; k < runs.length; k++) {
          const [runLo, runHi] = bounds[k];
          let lo = Math.min(Math.max(cursors[k], runLo), runHi);
          let hi = lo;
          let step = 1;
          while (hi < runHi && row(hi) < r) {
            lo = hi + 1;
            hi = Math.min(runHi, hi + step);
            step *= 2;
          }
          while (lo < hi) {
            const mid = Math.floor((lo + hi) / 2);
            if (row(mid) < r) lo = mid + 1; else hi = mid;
          }
          cursors[k] = lo;
          // A run passed to its end holds nothing further: no later row is common.
          if (lo === runHi) {
            c = end;
            return null;
          }
          if (row(lo) !== r) continue next;
        }
        return r;
      }
      return null;
    } finally {
      cursors[0] = c;
    }
  }

  /** Walks the whole file: checksum, every string and range, both indexes, sprites and keyword sections (verify.js). */
  verify() { verifyPack(this); }
}

/**
 * @param {string} name
 */
export function isSafeFileName(name) {
  return name !== "" && name !== "." && name !== ".." && !name.includes("/") && !name.includes("\\") &&
    !name.includes("\0") && encoder.encode(name).length <= 255;
}

/**
 * @param {number} v
 */
export function hex32(v) { return "0x" + v.toString(16).padStart(8, "0"); }
