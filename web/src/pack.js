// @ts-check
// The .pack reader: every format version the Swift reader opens (1.x and 2.0–2.3), with the same checks in the same
// order, so that opening, verify() and every look-up give the Swift reader's verdict on any bytes (docs/FORMAT.md).

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
  }
}

const MAGIC = [0x45, 0x4d, 0x4f, 0x50, 0x41, 0x43, 0x4b, 0x00];
const HEADER = 64;
const MAX_SECTIONS = 64;
const NONE32 = 0xffffffff;
const NONE16 = 0xffff;

/** Sections in the order the format lists them, with their record sizes (format 2; format 1 where it differs). */
const SECTIONS = [
  ["META", 32], ["NAME", 16], ["SHET", 56], ["IMGS", 16], ["ENTR", 40, 28], ["TAGS", 16, 12], ["TIDX", 4],
  ["EIDX", 4], ["ANIM", 16], ["FRAM", 8], ["LOCS", 8], ["KWRD", 24], ["KENT", 4], ["KGRM", 8], ["KPST", 4],
  ["SFMT", 4], ["STRS", 1],
];
const OPTIONAL = new Set(["ANIM", "FRAM", "LOCS", "KWRD", "KENT", "KGRM", "KPST", "SFMT"]);

/**
 * @param {string} id
 */
function code(id) {
  return id.charCodeAt(0) | (id.charCodeAt(1) << 8) | (id.charCodeAt(2) << 16) | ((id.charCodeAt(3) << 24) >>> 0);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
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
function precedes(a, b) {
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
    const b = input instanceof Uint8Array ? input : new Uint8Array(input);
    this.bytes = b;
    this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const n = b.length;
    if (n < 8) throw new PackError("truncated", n, `file is ${n} bytes, shorter than the 8-byte magic`);
    for (let i = 0; i < 8; i++) {
      if (b[i] !== MAGIC[i]) throw new PackError("badMagic", i, "not an emopack file: the first 8 bytes must be 'EMOPACK\\0'");
    }
    if (n < HEADER) throw new PackError("truncated", n, `file is ${n} bytes, shorter than the 64-byte header`);
    const major = this.le16(8);
    if (major < 1 || major > 2) {
      throw new PackError("unsupportedVersion", 8, `format version ${major} is not supported (this reader reads versions 1 to 2)`);
    }
    this.formatMajor = major;
    this.formatMinor = this.le16(10);
    this.entrySize = major >= 2 ? 40 : 28;
    this.tagSize = major >= 2 ? 16 : 12;
    const headerSize = this.le32(12);
    if (headerSize !== HEADER) throw new PackError("badHeader", 12, `header size is ${headerSize}, expected 64`);
    const fileSize = this.le32(16);
    if (fileSize !== n) {
      if (fileSize > n) throw new PackError("truncated", n, `file is ${n} bytes but its header says ${fileSize}`);
      throw new PackError("badHeader", 16, `header says the file is ${fileSize} bytes but it is ${n}`);
    }
    for (let i = 32; i < HEADER; i++) {
      if (b[i] !== 0) throw new PackError("badHeader", i, `reserved header byte is ${b[i]}, expected 0`);
    }
    const sectionCount = this.le32(24);
    const tableOffset = this.le32(28);
    if (sectionCount > MAX_SECTIONS) {
      throw new PackError("badHeader", 24, `section count ${sectionCount} is over the limit of ${MAX_SECTIONS}`);
    }
    if (!(tableOffset >= HEADER && tableOffset + sectionCount * 16 <= n)) {
      throw new PackError("outOfBounds", 28, `section table at ${tableOffset} with ${sectionCount} rows does not fit in ${n} bytes`);
    }
    const tableEnd = tableOffset + sectionCount * 16;
    const known = SECTIONS.filter(([id]) => major >= 2 || (id !== "IMGS" && !OPTIONAL.has(/** @type {string} */ (id))));
    /** @type {Map<string, Span>} */
    const found = new Map();
    for (let row = 0; row < sectionCount; row++) {
      const at = tableOffset + row * 16;
      const id = this.le32(at);
      const offset = this.le32(at + 4);
      const length = this.le32(at + 8);
      const count = this.le32(at + 12);
      const section = known.find(([s]) => code(/** @type {string} */ (s)) === id);
      if (!section) continue;
      const name = /** @type {string} */ (section[0]);
      const recordSize = /** @type {number} */ (major >= 2 ? section[1] : section[2] ?? section[1]);
      if (found.has(name)) throw new PackError("badHeader", at, `section ${name} appears twice`);
      if (!(offset >= tableEnd && offset <= n && length <= n - offset)) {
        throw new PackError("outOfBounds", at + 4, `section ${name} at ${offset} of ${length} bytes lies outside the file (${n} bytes)`);
      }
      if (count * recordSize !== length) {
        throw new PackError("badHeader", at + 12, `section ${name} holds ${count} records of ${recordSize} bytes but is ${length} bytes long`);
      }
      found.set(name, { offset, length, count, rowOffset: at });
    }
    /**
     * @param {string} s
     * @returns {Span}
     */
    const need = (s) => {
      const span = found.get(s);
      if (!span) throw new PackError("badHeader", tableOffset, `required section ${s} is missing`);
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
        throw new PackError("badHeader", index.rowOffset + 12, `index slot count ${index.count} is not a power of two`);
      }
    }
    if (this.meta.count !== 1) {
      throw new PackError("badHeader", this.meta.rowOffset + 12, `META must hold one record, not ${this.meta.count}`);
    }
    const m = this.meta.offset;
    const scaleCount = b[m + 18];
    if (scaleCount < 1 || scaleCount > 4) throw new PackError("badHeader", m + 18, `scale count ${scaleCount} is not in 1...4`);
    /** @type {number[]} */
    const scales = [];
    for (let i = 0; i < scaleCount; i++) {
      const s = b[m + 24 + i];
      if (!(s >= 1 && s <= 4 && s > (scales[scales.length - 1] ?? 0))) {
        throw new PackError("badHeader", m + 24 + i, `scale ${s} is not in 1...4 or not ascending`);
      }
      scales.push(s);
    }
    this.scales = scales;
    this.pointSize = this.le16(m + 16);
    if (this.pointSize < 1 || this.pointSize > 1024) {
      throw new PackError("badHeader", m + 16, `point size ${this.pointSize} is not in 1...1024`);
    }
    this.pageCount = this.le16(m + 20);
    if (major >= 2) {
      const flags = b[m + 19];
      this.trimmed = (flags & 1) !== 0;
      this.palette = (flags & 2) !== 0;
      if (this.imageSection.count % scaleCount !== 0) {
        throw new PackError("inconsistent", this.imageSection.rowOffset + 12, `IMGS holds ${this.imageSection.count} rows, not a multiple of the ${scaleCount} scales`);
      }
    } else {
      this.trimmed = false;
      this.palette = false;
      if (this.sheetSection.count !== scaleCount * this.pageCount) {
        throw new PackError("inconsistent", this.sheetSection.rowOffset + 12, `expected ${scaleCount * this.pageCount} sheets, found ${this.sheetSection.count}`);
      }
    }
    this.id = this.string(m);
    this.version = this.string(m + 8);
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
    const offset = this.le32(ref);
    const length = this.le32(ref + 4);
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
      throw new PackError("outOfBounds", ref, `string reference (offset ${this.le32(ref)}, length ${this.le32(ref + 4)}) lies outside the ${this.strings.length}-byte string table`);
    }
    try {
      return utf8.decode(raw);
    } catch {
      throw new PackError("badString", ref, `string at table offset ${this.le32(ref)} is not valid UTF-8`);
    }
  }

  /**
   * The localized names.
   * @returns {{locale: string, name: string}[]}
   */
  localizedNames() {
    const out = [];
    for (let i = 0; i < this.names.count; i++) {
      const at = this.names.offset + i * 16;
      out.push({ locale: this.string(at), name: this.string(at + 8) });
    }
    return out;
  }

  /**
   * @param {number} index
   * @returns {SheetRecord}
   */
  sheet(index) {
    const s = this.sheetSection;
    if (!(index >= 0 && index < s.count)) throw new PackError("outOfBounds", s.offset, `sheet ${index} requested of ${s.count}`);
    const at = s.offset + index * 56;
    /** @type {SheetRecord} */
    const record = {
      fileName: this.string(at), scale: this.le16(at + 8), page: this.le16(at + 10), width: this.le32(at + 12),
      height: this.le32(at + 16), byteSize: this.le32(at + 20), sha256: this.bytes.slice(at + 24, at + 56),
      format: "png", lossy: false,
    };
    const f = this.sheetFormatSection;
    if (f.count > 0) {
      if (f.count !== s.count) {
        throw new PackError("inconsistent", f.rowOffset + 12, `SFMT holds ${f.count} rows for ${s.count} sheets`);
      }
      const r = f.offset + index * 4;
      const format = this.bytes[r];
      if (format > 1) throw new PackError("inconsistent", r, `sheet ${index} has unknown file format ${format}`);
      const flags = this.bytes[r + 1];
      if ((flags & ~1) !== 0 || this.le16(r + 2) !== 0) {
        throw new PackError("inconsistent", r + 1, `sheet ${index}'s format record has unknown flags or reserved bits`);
      }
      record.format = format === 1 ? "webp" : "png";
      record.lossy = (flags & 1) !== 0;
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
      throw new PackError("outOfBounds", this.entrySection.offset, `entry ${index} requested of ${this.entrySection.count}`);
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
    const kind = b[at];
    if (kind > 1) throw new PackError("inconsistent", at, `entry ${index} has unknown kind ${kind}`);
    const flags = b[at + 1];
    const tagCount = this.le16(at + 2);
    const firstTag = this.le32(at + 4);
    if (!(firstTag <= this.tagSection.count && tagCount <= this.tagSection.count - firstTag)) {
      throw new PackError("outOfBounds", at + 4, `entry ${index} names tags ${firstTag}..<${firstTag + tagCount} of ${this.tagSection.count}`);
    }
    const tags = [];
    const codes = [];
    for (let t = firstTag; t < firstTag + tagCount; t++) {
      const key = this.string(this.tagSection.offset + t * this.tagSize);
      if (this.keyForm(t) === 0) tags.push(key); else codes.push(key);
    }
    const emoji = flags & 2 ? this.string(at + 8) : null;
    const keywords = [];
    for (const k of this.keywordRows(index)) {
      const record = this.keyword(k);
      if (record.source !== 1) keywords.push({ text: record.text, locale: record.locale, source: record.source });
    }
    return {
      kind: kind === 0 ? "image" : "emoji", tags, emoji, image: this.imageIndex(index), animation: this.animationIndex(index),
      codes, insertsCode: this.formatMajor >= 2 && (flags & 4) !== 0, keywords,
    };
  }

  /**
   * The form of key `index`: 0 tag, 1 code, 2 shortcode.
   * @param {number} index
   */
  keyForm(index) {
    if (!(index >= 0 && index < this.tagSection.count)) {
      throw new PackError("outOfBounds", this.tagSection.offset, `key ${index} requested of ${this.tagSection.count}`);
    }
    if (this.formatMajor < 2) return 0;
    const at = this.tagSection.offset + index * this.tagSize + 12;
    const form = this.bytes[at];
    if (form > 2) throw new PackError("inconsistent", at, `key ${index} has unknown form ${form}`);
    return form;
  }

  /**
   * @param {number} index
   */
  animationIndex(index) {
    this.checkEntry(index);
    if (this.formatMajor < 2) return null;
    const at = this.entrySection.offset + index * this.entrySize + 20;
    const a = this.le32(at);
    if (a === NONE32) return null;
    if (!(a < this.animationSection.count)) {
      throw new PackError("outOfBounds", at, `entry ${index} names animation ${a} of ${this.animationSection.count}`);
    }
    return a;
  }

  /**
   * @param {number} index
   */
  animationRecord(index) {
    const s = this.animationSection;
    if (!(index >= 0 && index < s.count)) throw new PackError("outOfBounds", s.offset, `animation ${index} requested of ${s.count}`);
    const at = s.offset + index * 16;
    const first = this.le32(at);
    const count = this.le16(at + 4);
    const still = this.le16(at + 6);
    const frames = this.frameSection.count;
    if (!(count > 0 && first <= frames && count <= frames - first && still < count)) {
      throw new PackError("outOfBounds", at, `animation ${index} names frames ${first}..<${first + count} of ${frames}, still ${still}`);
    }
    return { firstFrame: first, frameCount: count, loopCount: this.le16(at + 8), still, duration: this.le32(at + 12) };
  }

  /**
   * @param {number} index
   */
  frameRecord(index) {
    const s = this.frameSection;
    if (!(index >= 0 && index < s.count)) throw new PackError("outOfBounds", s.offset, `frame ${index} requested of ${s.count}`);
    const at = s.offset + index * 8;
    const image = this.le32(at);
    if (!(image < this.imageCount)) throw new PackError("outOfBounds", at, `frame ${index} names image ${image} of ${this.imageCount}`);
    return { image, endTime: this.le32(at + 4) };
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
        throw new PackError("inconsistent", this.frameSection.offset + f * 8, `frame ${f - a.firstFrame} of animation ${index} ends at ${r.endTime} ms, not after ${last} ms`);
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
    if (this.formatMajor < 2) return this.bytes[at + 1] & 1 ? index : null;
    const image = this.le32(at + 16);
    if (image === NONE32) return null;
    if (!(image < this.imageCount)) {
      throw new PackError("outOfBounds", at + 16, `entry ${index} names image ${image} of ${this.imageCount}`);
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
      throw new PackError("outOfBounds", this.meta.offset, `scale index ${scaleIndex} requested of ${this.scales.length}`);
    }
    if (!(index >= 0 && index < this.imageCount)) {
      throw new PackError("outOfBounds", this.formatMajor >= 2 ? this.imageSection.offset : this.entrySection.offset, `image ${index} requested of ${this.imageCount}`);
    }
    if (this.formatMajor < 2) {
      const at = this.entrySection.offset + index * this.entrySize;
      if (!(this.bytes[at + 1] & 1)) throw new PackError("inconsistent", at + 1, `entry ${index} has no sprite rectangle`);
      const s = this.scales[scaleIndex];
      const sheet = scaleIndex * this.pageCount + this.le16(at + 16);
      if (!(sheet < this.sheetSection.count)) {
        throw new PackError("outOfBounds", at + 16, `entry ${index} names sheet ${sheet} of ${this.sheetSection.count}`);
      }
      return { sheet, x: this.le16(at + 18) * s, y: this.le16(at + 20) * s, width: this.le16(at + 22) * s, height: this.le16(at + 24) * s, left: 0, top: 0 };
    }
    const at = this.imageSection.offset + (index * this.scales.length + scaleIndex) * 16;
    const sheet = this.le16(at);
    if (!(sheet < this.sheetSection.count)) {
      throw new PackError("outOfBounds", at, `image ${index} names sheet ${sheet} of ${this.sheetSection.count}`);
    }
    return {
      sheet, x: this.le16(at + 2), y: this.le16(at + 4), width: this.le16(at + 6), height: this.le16(at + 8),
      left: this.view.getInt16(at + 10, true), top: this.view.getInt16(at + 12, true),
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
    if (this.formatMajor < 2) return (this.bytes[at + 1] & 1) !== 0;
    return this.le32(at + 16) !== NONE32;
  }

  /**
   * True when entry `index` has an emoji (false when out of range).
   * @param {number} index
   */
  entryHasEmoji(index) {
    if (!(index >= 0 && index < this.entrySection.count)) return false;
    return (this.bytes[this.entrySection.offset + index * this.entrySize + 1] & 2) !== 0;
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
      const value = this.le32(this.tagIndex.offset + slot * 4);
      if (value === 0) return null;
      const tag = value - 1;
      if (!(tag < this.tagSection.count)) return null;
      const at = this.tagSection.offset + tag * this.tagSize;
      const bytes = this.stringBytes(at);
      if (bytes && bytesEqual(bytes, key)) {
        const entry = this.le32(at + 8);
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
      const value = this.le32(this.emojiIndex.offset + slot * 4);
      if (value === 0) return null;
      const entry = value - 1;
      if (!(entry < this.entrySection.count)) return null;
      const at = this.entrySection.offset + entry * this.entrySize;
      if (this.bytes[at + 1] & 2) {
        const bytes = this.stringBytes(at + 8);
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
    if (!(index >= 0 && index < s.count)) throw new PackError("outOfBounds", s.offset, `locale ${index} requested of ${s.count}`);
    return this.string(s.offset + index * 8);
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
    if (!(index >= 0 && index < s.count)) throw new PackError("outOfBounds", s.offset, `keyword ${index} requested of ${s.count}`);
    const at = s.offset + index * 24;
    const entry = this.le32(at + 16);
    if (!(entry < this.entryCount)) throw new PackError("outOfBounds", at + 16, `keyword ${index} names entry ${entry} of ${this.entryCount}`);
    const localeIndex = this.le16(at + 20);
    const locale = localeIndex === NONE16 ? null : this.locale(localeIndex);
    const source = this.bytes[at + 22];
    if (source > 3) throw new PackError("inconsistent", at + 22, `keyword ${index} has unknown source ${source}`);
    return { text: this.string(at + 8), folded: this.string(at), entry, locale, source };
  }

  /**
   * The folded key's bytes of KWRD row `index`, or null.
   * @param {number} index
   */
  foldedKeyword(index) {
    if (!(index >= 0 && index < this.keywordSection.count)) return null;
    return this.stringBytes(this.keywordSection.offset + index * 24);
  }

  /**
   * Entry, LOCS index and source of KWRD row `index`, or null when malformed.
   * @param {number} index
   */
  keywordTarget(index) {
    if (!(index >= 0 && index < this.keywordSection.count)) return null;
    const at = this.keywordSection.offset + index * 24;
    const entry = this.le32(at + 16);
    const locale = this.le16(at + 20);
    const source = this.bytes[at + 22];
    if (!(entry < this.entryCount) || source > 3 || !(locale === NONE16 || locale < this.localeSection.count)) return null;
    return { entry, locale: locale === NONE16 ? null : locale, source };
  }

  /**
   * The written text of KWRD row `index`, or null.
   * @param {number} index
   */
  keywordText(index) {
    if (!(index >= 0 && index < this.keywordSection.count)) return null;
    try { return this.string(this.keywordSection.offset + index * 24 + 8); } catch { return null; }
  }

  /**
   * KWRD rows of entry `index`.
   * @param {number} index
   */
  keywordRows(index) {
    if (!(index >= 0 && index < this.entryCount)) {
      throw new PackError("outOfBounds", this.entrySection.offset, `entry ${index} requested of ${this.entryCount}`);
    }
    if (this.formatMajor < 2) return [];
    const at = this.entrySection.offset + index * this.entrySize;
    const first = this.le32(at + 24);
    if (first === NONE32) return [];
    const count = this.le16(at + 28);
    const rows = this.keywordRowSection;
    if (!(first <= rows.count && count <= rows.count - first)) {
      throw new PackError("outOfBounds", at + 24, `entry ${index} names keyword rows ${first}..<${first + count} of ${rows.count}`);
    }
    const out = [];
    for (let k = first; k < first + count; k++) {
      const row = this.le32(rows.offset + k * 4);
      if (!(row < this.keywordSection.count)) {
        throw new PackError("outOfBounds", rows.offset + k * 4, `keyword row ${k} names keyword ${row} of ${this.keywordSection.count}`);
      }
      out.push(row);
    }
    return out;
  }

  /**
   * @param {number} index
   */
  posting(index) {
    if (!(index >= 0 && index < this.postingSection.count)) return null;
    const row = this.le32(this.postingSection.offset + index * 4);
    return row < this.keywordSection.count ? row : null;
  }

  /** Walks the whole file: checksum, every string and range, both indexes, sprites and keyword sections. */
  verify() {
    const stored = this.le32(20);
    const computed = crc32(this.bytes.subarray(HEADER));
    if (stored !== computed) {
      throw new PackError("badChecksum", 20, `payload CRC-32 is ${hex32(computed)}, header says ${hex32(stored)}`);
    }
    this.localizedNames();
    const sheets = this.sheets();
    this.checkSheetOrder(sheets);
    if (this.sheetFormatSection.count > 0) {
      sheets.forEach((sheet, k) => {
        if (!sheet.fileName.endsWith("." + sheet.format)) {
          throw new PackError("inconsistent", this.sheetFormatSection.offset + k * 4, `sheet ${k} '${sheet.fileName}' is ${sheet.format} but its name ends otherwise`);
        }
      });
    }
    let nextTag = 0;
    let emojiCount = 0;
    const usedImages = new Set();
    for (let i = 0; i < this.entryCount; i++) {
      const at = this.entrySection.offset + i * this.entrySize;
      const entry = this.entry(i);
      const firstTag = this.le32(at + 4);
      if (firstTag !== nextTag) throw new PackError("inconsistent", at + 4, `entry ${i} starts at tag ${firstTag}, expected ${nextTag}`);
      nextTag += entry.tags.length + entry.codes.length;
      if (entry.kind === "image" && entry.image === null) throw new PackError("inconsistent", at + 1, `image entry ${i} has no image`);
      if (entry.emoji !== null) emojiCount++;
      if (entry.image !== null) usedImages.add(entry.image);
      if (entry.animation !== null && entry.image === null) {
        throw new PackError("inconsistent", at + 20, `animated entry ${i} has no still image`);
      }
      for (const tag of [...entry.tags, ...entry.codes]) {
        if (this.entryIndexForTag(tag) !== i) {
          throw new PackError("inconsistent", this.tagIndex.offset, `tag '${tag}' of entry ${i} is not found at its entry through the tag index`);
        }
      }
      if (entry.emoji !== null && this.entryIndexForEmoji(entry.emoji) !== i) {
        throw new PackError("inconsistent", this.emojiIndex.offset, `emoji of entry ${i} is not found at its entry through the emoji index`);
      }
    }
    if (nextTag !== this.tagCount) {
      throw new PackError("inconsistent", this.tagSection.rowOffset + 12, `entries use ${nextTag} tags but the table holds ${this.tagCount}`);
    }
    this.checkSlots(this.tagIndex, this.tagCount, "tag");
    this.checkSlots(this.emojiIndex, emojiCount, "emoji");
    let nextFrame = 0;
    for (let a = 0; a < this.animationCount; a++) {
      const r = this.animationRecord(a);
      const row = this.animationSection.offset + a * 16;
      if (r.firstFrame !== nextFrame) throw new PackError("inconsistent", row, `animation ${a} starts at frame ${r.firstFrame}, expected ${nextFrame}`);
      nextFrame += r.frameCount;
      const animation = this.animation(a);
      if (animation.duration !== r.duration) {
        throw new PackError("inconsistent", row + 12, `animation ${a} records ${r.duration} ms, its frames end at ${animation.duration} ms`);
      }
    }
    if (nextFrame !== this.frameSection.count) {
      throw new PackError("inconsistent", this.frameSection.rowOffset + 12, `animations use ${nextFrame} frames but FRAM holds ${this.frameSection.count}`);
    }
    const images = this.formatMajor >= 2
      ? Array.from({ length: this.imageCount }, (_, i) => i)
      : [...usedImages].sort((x, y) => x - y);
    this.checkPlacements(images, sheets);
    this.checkKeywords();
  }

  /**
   * @param {SheetRecord[]} sheets
   */
  checkSheetOrder(sheets) {
    let scaleIndex = 0;
    let page = 0;
    sheets.forEach((sheet, i) => {
      const at = this.sheetSection.offset + i * 56;
      while (scaleIndex < this.scales.length && sheet.scale !== this.scales[scaleIndex]) {
        if (this.formatMajor < 2 && page !== this.pageCount) {
          throw new PackError("inconsistent", at, `scale ${this.scales[scaleIndex]}x has ${page} sheets, expected ${this.pageCount}`);
        }
        scaleIndex++;
        page = 0;
      }
      if (!(scaleIndex < this.scales.length && sheet.page === page)) {
        throw new PackError("inconsistent", at + 8, `sheet ${i} is scale ${sheet.scale} page ${sheet.page}, out of order (expected page ${page})`);
      }
      page++;
      if (!isSafeFileName(sheet.fileName)) throw new PackError("inconsistent", at, `sheet file name '${sheet.fileName}' is not a plain file name`);
      if (!(sheet.width > 0 && sheet.height > 0)) {
        throw new PackError("inconsistent", at + 12, `sheet ${sheet.fileName} is ${sheet.width}x${sheet.height}`);
      }
    });
  }

  /**
   * @param {number[]} images
   * @param {SheetRecord[]} sheets
   */
  checkPlacements(images, sheets) {
    const seen = new Set();
    /** @type {[Placement, number][]} */
    const distinct = [];
    for (const i of images) {
      this.scales.forEach((scale, k) => {
        const p = this.placement(i, k);
        const at = this.formatMajor >= 2
          ? this.imageSection.offset + (i * this.scales.length + k) * 16
          : this.entrySection.offset + i * this.entrySize + 16;
        const sheet = sheets[p.sheet];
        const side = this.pointSize * scale;
        if (sheet.scale !== scale) throw new PackError("inconsistent", at, `image ${i} at ${scale}x lies on ${sheet.fileName}, a sheet of ${sheet.scale}x`);
        if (!(p.x + p.width <= sheet.width && p.y + p.height <= sheet.height)) {
          throw new PackError("inconsistent", at, `image ${i}'s sprite lies outside ${sheet.fileName}`);
        }
        if (!((p.width === 0) === (p.height === 0) &&
          (p.width === 0 || (p.left >= 0 && p.top >= 0 && p.left + p.width <= side && p.top + p.height <= side)))) {
          throw new PackError("inconsistent", at, `image ${i}'s sprite lies outside its ${side}x${side} square at ${scale}x`);
        }
        const key = `${p.sheet},${p.x},${p.y},${p.width},${p.height},${p.left},${p.top}`;
        if (p.width > 0 && !seen.has(key)) {
          seen.add(key);
          distinct.push([p, at]);
        }
      });
    }
    distinct.sort((u, v) => u[0].sheet - v[0].sheet || u[0].x - v[0].x || u[0].y - v[0].y);
    for (let i = 0; i < distinct.length; i++) {
      const a = distinct[i][0];
      for (let j = i + 1; j < distinct.length && distinct[j][0].sheet === a.sheet && distinct[j][0].x < a.x + a.width; j++) {
        const c = distinct[j][0];
        if (c.x < a.x + a.width && a.x < c.x + c.width && c.y < a.y + a.height && a.y < c.y + c.height) {
          throw new PackError("inconsistent", distinct[j][1], `sprite ${c.x},${c.y} overlaps sprite ${a.x},${a.y}`);
        }
      }
    }
  }

  /**
   * @param {Span} index
   * @param {number} expected
   * @param {string} name
   */
  checkSlots(index, expected, name) {
    let used = 0;
    for (let s = 0; s < index.count; s++) if (this.le32(index.offset + s * 4) !== 0) used++;
    if (used !== expected) throw new PackError("inconsistent", index.offset, `${name} index has ${used} keys, expected ${expected}`);
  }

  checkKeywords() {
    const locales = this.locales().map((l) => encoder.encode(l));
    for (let i = 1; i < locales.length; i++) {
      if (!precedes(locales[i - 1], locales[i])) {
        throw new PackError("inconsistent", this.localeSection.offset + i * 8, `locales are not sorted and unique at ${i}`);
      }
    }
    let previous = new Uint8Array(0);
    for (let k = 0; k < this.keywordCount; k++) {
      const folded = encoder.encode(this.keyword(k).folded);
      if (folded.length === 0 || precedes(folded, previous)) {
        throw new PackError("inconsistent", this.keywordSection.offset + k * 24, `keyword ${k} is empty or out of order`);
      }
      previous = folded;
    }
    const covered = new Array(this.keywordCount).fill(false);
    let nextRow = 0;
    for (let i = 0; i < this.entryCount; i++) {
      const rows = this.keywordRows(i);
      if (rows.length > 0) {
        const at = this.entrySection.offset + i * this.entrySize + 24;
        const first = this.le32(at);
        if (first !== nextRow) throw new PackError("inconsistent", at, `entry ${i} keywords start at row ${first}, expected ${nextRow}`);
        nextRow += rows.length;
      }
      for (const r of rows) {
        if (!(this.keyword(r).entry === i && !covered[r])) {
          throw new PackError("inconsistent", this.keywordRowSection.offset, `keyword ${r} is listed for entry ${i} but is not its own, or twice`);
        }
        covered[r] = true;
      }
    }
    if (!(nextRow === this.keywordRowSection.count && !covered.includes(false))) {
      throw new PackError("inconsistent", this.keywordRowSection.rowOffset + 12, "KENT does not list every keyword once");
    }
    let previousGram = -1;
    let nextPosting = 0;
    const grams = this.gramSection;
    const postings = this.postingSection.count;
    for (let g = 0; g < grams.count; g++) {
      const at = grams.offset + g * 8;
      const key = this.le32(at);
      const start = this.le32(at + 4);
      const end = g + 1 < grams.count ? this.le32(at + 8 + 4) : postings;
      if (!((previousGram < 0 || previousGram < key) && start === nextPosting && end > start && end <= postings)) {
        throw new PackError("inconsistent", at, `gram ${g} is out of order or its postings are not the next ones of KPST`);
      }
      let last = -1;
      for (let p = start; p < end; p++) {
        const row = this.posting(p);
        if (row === null || !(row > last)) {
          throw new PackError("inconsistent", this.postingSection.offset + p * 4, `posting ${p} is out of range or out of order`);
        }
        last = row;
      }
      previousGram = key;
      nextPosting = end;
    }
    if (nextPosting !== postings) {
      throw new PackError("inconsistent", this.postingSection.rowOffset + 12, `grams use ${nextPosting} postings but KPST holds ${postings}`);
    }
  }
}

/**
 * @param {string} name
 */
function isSafeFileName(name) {
  return name !== "" && name !== "." && name !== ".." && !name.includes("/") && !name.includes("\\") &&
    !name.includes("\0") && encoder.encode(name).length <= 255;
}

/**
 * @param {number} v
 */
function hex32(v) { return "0x" + v.toString(16).padStart(8, "0"); }
