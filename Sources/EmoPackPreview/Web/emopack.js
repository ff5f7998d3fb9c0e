// web/src/args.js
function shown(value) {
  if (value === null || value === void 0)
    return String(value);
  if (typeof value === "string")
    return JSON.stringify(value.length > 24 ? value.slice(0, 24) + "…" : value);
  if (typeof value === "object")
    return `an object (${value.constructor?.name ?? "no prototype"})`;
  if (typeof value === "function")
    return "a function";
  return `${typeof value} ${String(value)}`;
}
function stringArg(value, where) {
  if (typeof value !== "string")
    throw new TypeError(`${where}: expected a string, got ${shown(value)}`);
  return value;
}
function offsetArg(value, where) {
  if (typeof value !== "number" || Number.isNaN(value)) {
    throw new TypeError(`${where}: expected a UTF-16 offset (a number), got ${shown(value)}`);
  }
  return Math.trunc(value);
}
function arrayArg(value, where) {
  if (!Array.isArray(value))
    throw new TypeError(`${where}: expected an array, got ${shown(value)}`);
  return value;
}
function optionsArg(value, where) {
  if (typeof value !== "object" || value === null)
    throw new TypeError(`${where}: expected an object, got ${shown(value)}`);
  return value;
}
function spaceArg(value, where) {
  if (value !== "source" && value !== "display") {
    throw new TypeError(`${where}: expected "source" or "display", got ${shown(value)}`);
  }
  return value;
}
function refArg(value, where) {
  const ref = (
    /** @type {{pack?: unknown, entry?: unknown}} */
    value
  );
  if (typeof value !== "object" || value === null || !Number.isInteger(ref.pack) || !Number.isInteger(ref.entry)) {
    throw new TypeError(`${where}: expected an emoticon reference {pack, entry} of two integers, got ${shown(value)}`);
  }
  return (
    /** @type {{pack: number, entry: number}} */
    value
  );
}
function emoticonArg(value, where) {
  const emoticon = (
    /** @type {{insertionText?: unknown}} */
    value
  );
  if (typeof value !== "object" || value === null || typeof emoticon.insertionText !== "string") {
    throw new TypeError(`${where}: expected an emoticon from catalog.emoticon(ref), with its insertionText, got ${shown(value)}`);
  }
  return (
    /** @type {{insertionText: string}} */
    value
  );
}
function bytesArg(value, where) {
  if (value instanceof Uint8Array)
    return value;
  if (ArrayBuffer.isView(value))
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof ArrayBuffer || typeof SharedArrayBuffer !== "undefined" && value instanceof SharedArrayBuffer) {
    return new Uint8Array(value);
  }
  throw new TypeError(`${where}: expected a pack's bytes (an ArrayBuffer or a Uint8Array), got ${shown(value)}`);
}

// web/src/format.js
var MAGIC = [69, 77, 79, 80, 65, 67, 75, 0];
var READABLE_MAJORS = [1, 2];
var POINT_SIZES = [1, 1024];
var SCALES = [1, 4];
var HEADER_SIZE = 64;
var SECTION_ROW_SIZE = 16;
var MAX_SECTIONS = 64;
var NONE32 = 4294967295;
var NONE16 = 65535;
var SLOT_SIZE = 4;
var GRAM_KEY = { bits: 11, multiplier: 2654435761 };
var Size = { meta: 32, name: 16, sheet: 56, entry: 40, entryV1: 28, tag: 16, tagV1: 12, image: 16, animation: 16, frame: 8, locale: 8, keyword: 24, keywordRow: 4, gram: 8, posting: 4, sheetFormat: 4 };
var Header = { magic: 0, major: 8, minor: 10, headerSize: 12, fileSize: 16, checksum: 20, sectionCount: 24, sectionTable: 28 };
var StringRef = { offset: 0, length: 4, size: 8 };
var SectionRow = { id: 0, offset: 4, length: 8, count: 12 };
var Meta = { id: 0, version: 8, pointSize: 16, scaleCount: 18, flags: 19, pageCount: 20, scales: 24 };
var MetaFlags = { trimmed: 1, palette: 2 };
var Name = { locale: 0, name: 8 };
var SheetFormatRecord = { format: 0, flags: 1, reserved: 2, lossy: 1 };
var Sheet = { fileName: 0, scale: 8, page: 10, width: 12, height: 16, byteSize: 20, sha256: 24 };
var Entry = { kind: 0, flags: 1, tagCount: 2, firstTag: 4, emoji: 8, image: 16, animation: 20, firstKeyword: 24, keywordCount: 28, label: 32 };
var EntryV1 = { kind: 0, flags: 1, tagCount: 2, firstTag: 4, emoji: 8, page: 16, x: 18, y: 20, width: 22, height: 24 };
var EntryFlags = { hasRect: 1, hasEmoji: 2, insertsCode: 4 };
var Tag = { tag: 0, entry: 8, form: 12, locale: 14 };
var Image = { sheet: 0, x: 2, y: 4, width: 6, height: 8, left: 10, top: 12 };
var Animation = { firstFrame: 0, frameCount: 4, still: 6, loopCount: 8, duration: 12 };
var Frame = { image: 0, endTime: 4 };
var Keyword = { folded: 0, written: 8, entry: 16, locale: 20, source: 22 };
var Gram = { key: 0, postings: 4 };
var SECTIONS = (
  /** @type {[string, number, number][]} */
  [
    ["META", 32, 32],
    ["NAME", 16, 16],
    ["SHET", 56, 56],
    ["IMGS", 16, 16],
    ["ENTR", 40, 28],
    ["TAGS", 16, 12],
    ["TIDX", 4, 4],
    ["EIDX", 4, 4],
    ["ANIM", 16, 16],
    ["FRAM", 8, 8],
    ["LOCS", 8, 8],
    ["KWRD", 24, 24],
    ["KENT", 4, 4],
    ["KGRM", 8, 8],
    ["KPST", 4, 4],
    ["SFMT", 4, 4],
    ["STRS", 1, 1]
  ]
);
var OPTIONAL = /* @__PURE__ */ new Set(["ANIM", "FRAM", "LOCS", "KWRD", "KENT", "KGRM", "KPST", "SFMT"]);
var MESSAGES = {
  shorterThanMagic: "file is {0} bytes, shorter than the 8-byte magic",
  badMagic: "not an emopack file: the first 8 bytes must be 'EMOPACK\\0'",
  shorterThanHeader: "file is {0} bytes, shorter than the {1}-byte header",
  unsupportedVersion: "format version {0} is not supported (this reader reads versions {1} to {2})",
  headerSize: "header size is {0}, expected {1}",
  shorterThanHeaderSays: "file is {0} bytes but its header says {1}",
  longerThanHeaderSays: "header says the file is {0} bytes but it is {1}",
  reservedHeaderByte: "reserved header byte is {0}, expected 0",
  sectionCount: "section count {0} is over the limit of {1}",
  sectionTableOutside: "section table at {0} with {1} rows does not fit in {2} bytes",
  sectionTwice: "section {0} appears twice",
  sectionOutside: "section {0} at {1} of {2} bytes lies outside the file ({3} bytes)",
  sectionLength: "section {0} holds {1} records of {2} bytes but is {3} bytes long",
  sectionMissing: "required section {0} is missing",
  indexSlotCount: "index slot count {0} is not a power of two",
  metaCount: "META must hold one record, not {0}",
  scaleCount: "scale count {0} is not in {1}",
  scaleOrder: "scale {0} is not in {1} or not ascending",
  pointSize: "point size {0} is not in {1}",
  imageRows: "IMGS holds {0} rows, not a multiple of the {1} scales",
  sheetCount: "expected {0} sheets ({1} scales × {2} pages), found {3}",
  sheetIndex: "sheet {0} requested of {1}",
  sheetFormatRows: "SFMT holds {0} rows for {1} sheets",
  sheetFormat: "sheet {0} has unknown file format {1}",
  sheetFormatFlags: "sheet {0}'s format record has unknown flags or reserved bits",
  entryIndex: "entry {0} requested of {1}",
  entryKind: "entry {0} has unknown kind {1}",
  entryTags: "entry {0} names tags {1}..<{2} of {3}",
  keyIndex: "key {0} requested of {1}",
  keyForm: "key {0} has unknown form {1}",
  entryAnimation: "entry {0} names animation {1} of {2}",
  animationIndex: "animation {0} requested of {1}",
  animationFrames: "animation {0} names frames {1}..<{2} of {3}, still {4}",
  frameIndex: "frame {0} requested of {1}",
  frameImage: "frame {0} names image {1} of {2}",
  frameEndTime: "frame {0} of animation {1} ends at {2} ms, not after {3} ms",
  entryImage: "entry {0} names image {1} of {2}",
  scaleIndex: "scale index {0} requested of {1}",
  imageIndex: "image {0} requested of {1}",
  entryNoRectangle: "entry {0} has no sprite rectangle",
  entrySheet: "entry {0} names sheet {1} of {2}",
  imageSheet: "image {0} names sheet {1} of {2}",
  stringOutside: "string reference (offset {0}, length {1}) lies outside the {2}-byte string table",
  stringNotUTF8: "string at table offset {0} is not valid UTF-8",
  localeIndex: "locale {0} requested of {1}",
  keywordIndex: "keyword {0} requested of {1}",
  keywordEntry: "keyword {0} names entry {1} of {2}",
  keywordSource: "keyword {0} has unknown source {1}",
  entryKeywordRows: "entry {0} names keyword rows {1}..<{2} of {3}",
  keywordRow: "keyword row {0} names keyword {1} of {2}",
  checksum: "payload CRC-32 is {0}, header says {1}",
  sheetExtension: "sheet {0} '{1}' is {2} but its name ends otherwise",
  entryFirstTag: "entry {0} starts at tag {1}, expected {2}",
  imageEntryWithoutImage: "image entry {0} has no image",
  animatedEntryWithoutStill: "animated entry {0} has no still image",
  tagIndexMiss: "tag '{0}' of entry {1} is not found at its entry through the tag index (duplicate or broken index)",
  emojiIndexMiss: "emoji of entry {0} is not found at its entry through the emoji index",
  tagTotal: "entries use {0} tags but the table holds {1}",
  animationFirstFrame: "animation {0} starts at frame {1}, expected {2}",
  animationDuration: "animation {0} records {1} ms, its frames end at {2} ms",
  frameTotal: "animations use {0} frames but FRAM holds {1}",
  localeOrder: "locales are not sorted and unique at {0}",
  keywordOrder: "keyword {0} '{1}' is empty or out of order (KWRD is sorted by folded key)",
  entryFirstKeywordRow: "entry {0} keywords start at row {1}, expected {2}",
  keywordRowOwner: "keyword {0} is listed for entry {1} but is not its own, or twice",
  keywordRowsIncomplete: "KENT does not list every keyword once",
  gramOrder: "gram {0} is out of order or its postings are not the next ones of KPST",
  postingOrder: "posting {0} is out of range or out of order",
  postingTotal: "grams use {0} postings but KPST holds {1}",
  scalePages: "scale {0}x has {1} sheets, expected {2}",
  sheetOrder: "sheet {0} is scale {1} page {2}, out of the order by scale, then page (expected page {3})",
  sheetFileName: "sheet file name '{0}' is not a plain file name",
  sheetSize: "sheet {0} is {1}x{2}",
  imageSheetScale: "image {0} at {1}x lies on {2}, a sheet of {3}x",
  spriteOutsideSheet: "image {0}'s sprite {1},{2} {3}x{4} at {5}x lies outside {6} ({7}x{8})",
  spriteOutsideSquare: "image {0}'s sprite {1}x{2} placed at {3},{4} lies outside its {5}x{6} square at {7}x",
  spriteOverlap: "sprite {0},{1} {2}x{3} overlaps sprite {4},{5} {6}x{7} on {8}",
  indexKeyCount: "{0} index has {1} keys, expected {2}"
};
function message(name, ...args) {
  return MESSAGES[name].replace(/\{(\d+)\}/g, (_, n) => String(args[Number(n)]));
}

// web/src/verify.js
var encoder = new TextEncoder();
function verifyPack(pack) {
  const stored = pack.le32(Header.checksum);
  const computed = crc32(pack.bytes.subarray(HEADER_SIZE));
  if (stored !== computed) {
    throw new PackError("badChecksum", Header.checksum, message("checksum", hex32(computed), hex32(stored)));
  }
  pack.localizedNames();
  const sheets = pack.sheets();
  checkSheetOrder(pack, sheets);
  if (pack.sheetFormatSection.count > 0) {
    sheets.forEach((sheet, k) => {
      if (!sheet.fileName.endsWith("." + sheet.format)) {
        throw new PackError("inconsistent", pack.sheetFormatSection.offset + k * Size.sheetFormat, message("sheetExtension", k, sheet.fileName, sheet.format));
      }
    });
  }
  let nextTag = 0;
  let emojiCount = 0;
  const usedImages = /* @__PURE__ */ new Set();
  for (let i = 0; i < pack.entryCount; i++) {
    const at = pack.entrySection.offset + i * pack.entrySize;
    const entry = pack.entry(i);
    const firstTag = pack.le32(at + Entry.firstTag);
    if (firstTag !== nextTag)
      throw new PackError("inconsistent", at + Entry.firstTag, message("entryFirstTag", i, firstTag, nextTag));
    nextTag += entry.tags.length + entry.codes.length;
    if (entry.kind === "image" && entry.image === null)
      throw new PackError("inconsistent", at + Entry.flags, message("imageEntryWithoutImage", i));
    if (entry.emoji !== null)
      emojiCount++;
    if (entry.image !== null)
      usedImages.add(entry.image);
    if (entry.animation !== null && entry.image === null) {
      throw new PackError("inconsistent", at + Entry.animation, message("animatedEntryWithoutStill", i));
    }
    for (const tag of [...entry.tags, ...entry.codes]) {
      if (pack.entryIndexForTag(tag) !== i) {
        throw new PackError("inconsistent", pack.tagIndex.offset, message("tagIndexMiss", tag, i));
      }
    }
    if (entry.emoji !== null && pack.entryIndexForEmoji(entry.emoji) !== i) {
      throw new PackError("inconsistent", pack.emojiIndex.offset, message("emojiIndexMiss", i));
    }
  }
  if (nextTag !== pack.tagCount) {
    throw new PackError("inconsistent", pack.tagSection.rowOffset + SectionRow.count, message("tagTotal", nextTag, pack.tagCount));
  }
  checkSlots(pack, pack.tagIndex, pack.tagCount, "tag");
  checkSlots(pack, pack.emojiIndex, emojiCount, "emoji");
  let nextFrame = 0;
  for (let a = 0; a < pack.animationCount; a++) {
    const r = pack.animationRecord(a);
    const row = pack.animationSection.offset + a * Size.animation;
    if (r.firstFrame !== nextFrame)
      throw new PackError("inconsistent", row, message("animationFirstFrame", a, r.firstFrame, nextFrame));
    nextFrame += r.frameCount;
    const animation = pack.animation(a);
    if (animation.duration !== r.duration) {
      throw new PackError("inconsistent", row + Animation.duration, message("animationDuration", a, r.duration, animation.duration));
    }
  }
  if (nextFrame !== pack.frameSection.count) {
    throw new PackError("inconsistent", pack.frameSection.rowOffset + SectionRow.count, message("frameTotal", nextFrame, pack.frameSection.count));
  }
  const images = pack.formatMajor >= 2 ? Array.from({ length: pack.imageCount }, (_, i) => i) : [...usedImages].sort((x, y) => x - y);
  checkPlacements(pack, images, sheets);
  checkKeywords(pack);
}
function checkSheetOrder(pack, sheets) {
  let scaleIndex = 0;
  let page = 0;
  sheets.forEach((sheet, i) => {
    const at = pack.sheetSection.offset + i * Size.sheet;
    while (scaleIndex < pack.scales.length && sheet.scale !== pack.scales[scaleIndex]) {
      if (pack.formatMajor < 2 && page !== pack.pageCount) {
        throw new PackError("inconsistent", at, message("scalePages", pack.scales[scaleIndex], page, pack.pageCount));
      }
      scaleIndex++;
      page = 0;
    }
    if (!(scaleIndex < pack.scales.length && sheet.page === page)) {
      throw new PackError("inconsistent", at + Sheet.scale, message("sheetOrder", i, sheet.scale, sheet.page, page));
    }
    page++;
    if (!isSafeFileName(sheet.fileName))
      throw new PackError("inconsistent", at, message("sheetFileName", sheet.fileName));
    if (!(sheet.width > 0 && sheet.height > 0)) {
      throw new PackError("inconsistent", at + Sheet.width, message("sheetSize", sheet.fileName, sheet.width, sheet.height));
    }
  });
}
function checkPlacements(pack, images, sheets) {
  const seen = /* @__PURE__ */ new Set();
  const distinct = [];
  for (const i of images) {
    pack.scales.forEach((scale, k) => {
      const p = pack.placement(i, k);
      const at = pack.formatMajor >= 2 ? pack.imageSection.offset + (i * pack.scales.length + k) * Size.image : pack.entrySection.offset + i * pack.entrySize + EntryV1.page;
      const sheet = sheets[p.sheet];
      const side = pack.pointSize * scale;
      if (sheet.scale !== scale)
        throw new PackError("inconsistent", at, message("imageSheetScale", i, scale, sheet.fileName, sheet.scale));
      if (!(p.x + p.width <= sheet.width && p.y + p.height <= sheet.height)) {
        throw new PackError("inconsistent", at, message("spriteOutsideSheet", i, p.x, p.y, p.width, p.height, scale, sheet.fileName, sheet.width, sheet.height));
      }
      if (!(p.width === 0 === (p.height === 0) && (p.width === 0 || p.left >= 0 && p.top >= 0 && p.left + p.width <= side && p.top + p.height <= side))) {
        throw new PackError("inconsistent", at, message("spriteOutsideSquare", i, p.width, p.height, p.left, p.top, side, side, scale));
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
        throw new PackError("inconsistent", distinct[j][1], message("spriteOverlap", c.x, c.y, c.width, c.height, a.x, a.y, a.width, a.height, sheets[a.sheet].fileName));
      }
    }
  }
}
function checkSlots(pack, index, expected, name) {
  let used = 0;
  for (let s = 0; s < index.count; s++)
    if (pack.le32(index.offset + s * SLOT_SIZE) !== 0)
      used++;
  if (used !== expected)
    throw new PackError("inconsistent", index.offset, message("indexKeyCount", name, used, expected));
}
function checkKeywords(pack) {
  const locales = pack.locales().map((l) => encoder.encode(l));
  for (let i = 1; i < locales.length; i++) {
    if (!precedes(locales[i - 1], locales[i])) {
      throw new PackError("inconsistent", pack.localeSection.offset + i * Size.locale, message("localeOrder", i));
    }
  }
  let previous = new Uint8Array(0);
  for (let k = 0; k < pack.keywordCount; k++) {
    const folded = encoder.encode(pack.keyword(k).folded);
    if (folded.length === 0 || precedes(folded, previous)) {
      throw new PackError("inconsistent", pack.keywordSection.offset + k * Size.keyword, message("keywordOrder", k, pack.keyword(k).folded));
    }
    previous = folded;
  }
  const covered = new Array(pack.keywordCount).fill(false);
  let nextRow = 0;
  for (let i = 0; i < pack.entryCount; i++) {
    const rows = pack.keywordRows(i);
    if (rows.length > 0) {
      const at = pack.entrySection.offset + i * pack.entrySize + Entry.firstKeyword;
      const first = pack.le32(at);
      if (first !== nextRow)
        throw new PackError("inconsistent", at, message("entryFirstKeywordRow", i, first, nextRow));
      nextRow += rows.length;
    }
    for (const r of rows) {
      if (!(pack.keyword(r).entry === i && !covered[r])) {
        throw new PackError("inconsistent", pack.keywordRowSection.offset, message("keywordRowOwner", r, i));
      }
      covered[r] = true;
    }
  }
  if (!(nextRow === pack.keywordRowSection.count && !covered.includes(false))) {
    throw new PackError("inconsistent", pack.keywordRowSection.rowOffset + SectionRow.count, message("keywordRowsIncomplete"));
  }
  let previousGram = -1;
  let nextPosting = 0;
  const grams = pack.gramSection;
  const postings = pack.postingSection.count;
  for (let g = 0; g < grams.count; g++) {
    const at = grams.offset + g * Size.gram;
    const key = pack.le32(at + Gram.key);
    const start = pack.le32(at + Gram.postings);
    const end = g + 1 < grams.count ? pack.le32(at + Size.gram + Gram.postings) : postings;
    if (!((previousGram < 0 || previousGram < key) && start === nextPosting && end > start && end <= postings)) {
      throw new PackError("inconsistent", at, message("gramOrder", g));
    }
    let last = -1;
    for (let p = start; p < end; p++) {
      const row = pack.posting(p);
      if (row === null || !(row > last)) {
        throw new PackError("inconsistent", pack.postingSection.offset + p * Size.posting, message("postingOrder", p));
      }
      last = row;
    }
    previousGram = key;
    nextPosting = end;
  }
  if (nextPosting !== postings) {
    throw new PackError("inconsistent", pack.postingSection.rowOffset + SectionRow.count, message("postingTotal", nextPosting, postings));
  }
}

// web/src/pack.js
function gramKey(first, second) {
  return (first << GRAM_KEY.bits | Math.imul(second, GRAM_KEY.multiplier) >>> 32 - GRAM_KEY.bits) >>> 0;
}
var PackError = class extends Error {
  /**
   * @param {PackErrorKind} kind
   * @param {number} offset
   * @param {string} message
   */
  constructor(kind, offset, message2) {
    super(`offset ${offset} (0x${offset.toString(16)}): ${message2}`);
    this.name = "PackError";
    this.kind = kind;
    this.offset = offset;
    this.detail = message2;
  }
};
var HEADER = HEADER_SIZE;
function code(id) {
  return id.charCodeAt(0) | id.charCodeAt(1) << 8 | id.charCodeAt(2) << 16 | id.charCodeAt(3) << 24 >>> 0;
}
var utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
var encoder2 = new TextEncoder();
function fnv1a(bytes) {
  let h = 2166136261;
  for (let i = 0; i < bytes.length; i++)
    h = Math.imul(h ^ bytes[i], 16777619) >>> 0;
  return h >>> 0;
}
function isVariationSelector(p, i) {
  return i + 2 < p.length && p[i] === 239 && p[i + 1] === 184 && (p[i + 2] === 143 || p[i + 2] === 142);
}
function emojiHash(p) {
  let h = 2166136261;
  let i = 0;
  while (i < p.length) {
    if (isVariationSelector(p, i)) {
      i += 3;
      continue;
    }
    h = Math.imul(h ^ p[i], 16777619) >>> 0;
    i++;
  }
  return h >>> 0;
}
function emojiEqual(a, b) {
  let i = 0, j = 0;
  for (; ; ) {
    while (isVariationSelector(a, i))
      i += 3;
    while (isVariationSelector(b, j))
      j += 3;
    if (i === a.length || j === b.length)
      return i === a.length && j === b.length;
    if (a[i] !== b[j])
      return false;
    i++;
    j++;
  }
}
function bytesEqual(a, b) {
  if (a.length !== b.length)
    return false;
  for (let i = 0; i < a.length; i++)
    if (a[i] !== b[i])
      return false;
  return true;
}
function precedes(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++)
    if (a[i] !== b[i])
      return a[i] < b[i];
  return a.length < b.length;
}
var crcTable = (
  /** @type {Uint32Array|null} */
  null
);
function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let c2 = i;
      for (let k = 0; k < 8; k++)
        c2 = c2 & 1 ? 3988292384 ^ c2 >>> 1 : c2 >>> 1;
      crcTable[i] = c2 >>> 0;
    }
  }
  let c = 4294967295;
  for (let i = 0; i < bytes.length; i++)
    c = crcTable[(c ^ bytes[i]) & 255] ^ c >>> 8;
  return (c ^ 4294967295) >>> 0;
}
var PackFile = class {
  /**
   * @param {ArrayBuffer|Uint8Array} input
   */
  constructor(input) {
    const b = bytesArg(input, "new PackFile(bytes)");
    this.bytes = b;
    this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const n = b.length;
    if (n < MAGIC.length)
      throw new PackError("truncated", n, message("shorterThanMagic", n));
    for (let i = 0; i < MAGIC.length; i++) {
      if (b[i] !== MAGIC[i])
        throw new PackError("badMagic", i, message("badMagic"));
    }
    if (n < HEADER)
      throw new PackError("truncated", n, message("shorterThanHeader", n, HEADER));
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
    if (headerSize !== HEADER)
      throw new PackError("badHeader", Header.headerSize, message("headerSize", headerSize, HEADER));
    const fileSize = this.le32(Header.fileSize);
    if (fileSize !== n) {
      if (fileSize > n)
        throw new PackError("truncated", n, message("shorterThanHeaderSays", n, fileSize));
      throw new PackError("badHeader", Header.fileSize, message("longerThanHeaderSays", fileSize, n));
    }
    for (let i = Header.sectionTable + 4; i < HEADER; i++) {
      if (b[i] !== 0)
        throw new PackError("badHeader", i, message("reservedHeaderByte", b[i]));
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
    const known = SECTIONS.filter(([id]) => major >= 2 || id !== "IMGS" && !OPTIONAL.has(id));
    const found = /* @__PURE__ */ new Map();
    for (let row = 0; row < sectionCount; row++) {
      const at = tableOffset + row * SECTION_ROW_SIZE;
      const id = this.le32(at + SectionRow.id);
      const offset = this.le32(at + SectionRow.offset);
      const length = this.le32(at + SectionRow.length);
      const count = this.le32(at + SectionRow.count);
      const section = known.find(([s]) => code(s) === id);
      if (!section)
        continue;
      const name = section[0];
      const recordSize = major >= 2 ? section[1] : section[2];
      if (found.has(name))
        throw new PackError("badHeader", at, message("sectionTwice", name));
      if (!(offset >= tableEnd && offset <= n && length <= n - offset)) {
        throw new PackError("outOfBounds", at + SectionRow.offset, message("sectionOutside", name, offset, length, n));
      }
      if (count * recordSize !== length) {
        throw new PackError("badHeader", at + SectionRow.count, message("sectionLength", name, count, recordSize, length));
      }
      found.set(name, { offset, length, count, rowOffset: at });
    }
    const need = (s) => {
      const span = found.get(s);
      if (!span)
        throw new PackError("badHeader", tableOffset, message("sectionMissing", s));
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
      if ((index.count & index.count - 1) !== 0) {
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
  /** @param {number} o */
  le16(o) {
    return this.view.getUint16(o, true);
  }
  /** @param {number} o */
  le32(o) {
    return this.view.getUint32(o, true);
  }
  get formatVersion() {
    return `${this.formatMajor}.${this.formatMinor}`;
  }
  get entryCount() {
    return this.entrySection.count;
  }
  get tagCount() {
    return this.tagSection.count;
  }
  get sheetCount() {
    return this.sheetSection.count;
  }
  get animationCount() {
    return this.animationSection.count;
  }
  get keywordCount() {
    return this.keywordSection.count;
  }
  get imageCount() {
    return this.formatMajor >= 2 ? this.imageSection.count / this.scales.length : this.entrySection.count;
  }
  /**
   * The bytes of the string whose reference is at `ref`, or null when it lies outside STRS.
   * @param {number} ref
   */
  stringBytes(ref) {
    const offset = this.le32(ref + StringRef.offset);
    const length = this.le32(ref + StringRef.length);
    if (!(offset <= this.strings.length && length <= this.strings.length - offset))
      return null;
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
    for (const part of parts)
      total += (part ? part.length : 0) + 1;
    const joined = new Uint8Array(total);
    let at = 0;
    for (const part of parts) {
      if (part) {
        joined.set(part, at);
        at += part.length;
      }
      joined[at++] = 10;
    }
    try {
      const pieces = utf8.decode(joined).split("\n");
      if (pieces.length === parts.length + 1)
        return parts.map((part, i) => part ? pieces[i] : null);
    } catch {
    }
    return refs.map((ref) => {
      try {
        return this.string(ref);
      } catch {
        return null;
      }
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
    if (!(index >= 0 && index < s.count))
      throw new PackError("outOfBounds", s.offset, message("sheetIndex", index, s.count));
    const at = s.offset + index * Size.sheet;
    const record = {
      fileName: this.string(at + Sheet.fileName),
      scale: this.le16(at + Sheet.scale),
      page: this.le16(at + Sheet.page),
      width: this.le32(at + Sheet.width),
      height: this.le32(at + Sheet.height),
      byteSize: this.le32(at + Sheet.byteSize),
      sha256: this.bytes.slice(at + Sheet.sha256, at + Size.sheet),
      format: "png",
      lossy: false
    };
    const f = this.sheetFormatSection;
    if (f.count > 0) {
      if (f.count !== s.count) {
        throw new PackError("inconsistent", f.rowOffset + SectionRow.count, message("sheetFormatRows", f.count, s.count));
      }
      const r = f.offset + index * Size.sheetFormat;
      const format = this.bytes[r + SheetFormatRecord.format];
      if (format > 1)
        throw new PackError("inconsistent", r, message("sheetFormat", index, format));
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
    for (let i = 0; i < this.sheetCount; i++)
      out.push(this.sheet(i));
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
    if (kind > 1)
      throw new PackError("inconsistent", at + Entry.kind, message("entryKind", index, kind));
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
      if (this.keyForm(t) === 0)
        tags.push(key);
      else
        codes.push(key);
    }
    const emoji = flags & EntryFlags.hasEmoji ? this.string(at + Entry.emoji) : null;
    const keywords = [];
    for (const k of this.keywordRows(index)) {
      const record = this.keyword(k);
      if (record.source !== 1)
        keywords.push({ text: record.text, locale: record.locale, source: record.source });
    }
    return {
      kind: kind === 0 ? "image" : "emoji",
      tags,
      emoji,
      image: this.imageIndex(index),
      animation: this.animationIndex(index),
      codes,
      insertsCode: this.formatMajor >= 2 && (flags & EntryFlags.insertsCode) !== 0,
      keywords
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
    if (this.formatMajor < 2)
      return 0;
    const at = this.tagSection.offset + index * this.tagSize + Tag.form;
    const form = this.bytes[at];
    if (form > 2)
      throw new PackError("inconsistent", at, message("keyForm", index, form));
    return form;
  }
  /**
   * @param {number} index
   */
  animationIndex(index) {
    this.checkEntry(index);
    if (this.formatMajor < 2)
      return null;
    const at = this.entrySection.offset + index * this.entrySize + Entry.animation;
    const a = this.le32(at);
    if (a === NONE32)
      return null;
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
    if (!(index >= 0 && index < s.count))
      throw new PackError("outOfBounds", s.offset, message("animationIndex", index, s.count));
    const at = s.offset + index * Size.animation;
    const first = this.le32(at + Animation.firstFrame);
    const count = this.le16(at + Animation.frameCount);
    const still = this.le16(at + Animation.still);
    const frames = this.frameSection.count;
    if (!(count > 0 && first <= frames && count <= frames - first && still < count)) {
      throw new PackError("outOfBounds", at, message("animationFrames", index, first, first + count, frames, still));
    }
    return {
      firstFrame: first,
      frameCount: count,
      loopCount: this.le16(at + Animation.loopCount),
      still,
      duration: this.le32(at + Animation.duration)
    };
  }
  /**
   * @param {number} index
   */
  frameRecord(index) {
    const s = this.frameSection;
    if (!(index >= 0 && index < s.count))
      throw new PackError("outOfBounds", s.offset, message("frameIndex", index, s.count));
    const at = s.offset + index * Size.frame;
    const image = this.le32(at + Frame.image);
    if (!(image < this.imageCount))
      throw new PackError("outOfBounds", at, message("frameImage", index, image, this.imageCount));
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
    if (this.formatMajor < 2)
      return this.bytes[at + EntryV1.flags] & EntryFlags.hasRect ? index : null;
    const image = this.le32(at + Entry.image);
    if (image === NONE32)
      return null;
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
      const at2 = this.entrySection.offset + index * this.entrySize;
      if (!(this.bytes[at2 + EntryV1.flags] & EntryFlags.hasRect)) {
        throw new PackError("inconsistent", at2 + EntryV1.flags, message("entryNoRectangle", index));
      }
      const s = this.scales[scaleIndex];
      const sheet2 = scaleIndex * this.pageCount + this.le16(at2 + EntryV1.page);
      if (!(sheet2 < this.sheetSection.count)) {
        throw new PackError("outOfBounds", at2 + EntryV1.page, message("entrySheet", index, sheet2, this.sheetSection.count));
      }
      return {
        sheet: sheet2,
        x: this.le16(at2 + EntryV1.x) * s,
        y: this.le16(at2 + EntryV1.y) * s,
        width: this.le16(at2 + EntryV1.width) * s,
        height: this.le16(at2 + EntryV1.height) * s,
        left: 0,
        top: 0
      };
    }
    const at = this.imageSection.offset + (index * this.scales.length + scaleIndex) * Size.image;
    const sheet = this.le16(at + Image.sheet);
    if (!(sheet < this.sheetSection.count)) {
      throw new PackError("outOfBounds", at, message("imageSheet", index, sheet, this.sheetSection.count));
    }
    return {
      sheet,
      x: this.le16(at + Image.x),
      y: this.le16(at + Image.y),
      width: this.le16(at + Image.width),
      height: this.le16(at + Image.height),
      left: this.view.getInt16(at + Image.left, true),
      top: this.view.getInt16(at + Image.top, true)
    };
  }
  /**
   * Image `index` at every scale.
   * @param {number} index
   */
  image(index) {
    return this.scales.map((_, k) => this.placement(index, k));
  }
  /**
   * @param {number} index
   */
  entryHasImage(index) {
    if (!(index >= 0 && index < this.entrySection.count))
      return false;
    const at = this.entrySection.offset + index * this.entrySize;
    if (this.formatMajor < 2)
      return (this.bytes[at + EntryV1.flags] & EntryFlags.hasRect) !== 0;
    return this.le32(at + Entry.image) !== NONE32;
  }
  /**
   * True when entry `index` has an emoji (false when out of range).
   * @param {number} index
   */
  entryHasEmoji(index) {
    if (!(index >= 0 && index < this.entrySection.count))
      return false;
    return (this.bytes[this.entrySection.offset + index * this.entrySize + Entry.flags] & EntryFlags.hasEmoji) !== 0;
  }
  /**
   * The entry whose tag or code is exactly these UTF-8 bytes, or null.
   * @param {Uint8Array} key
   */
  entryIndexForTagBytes(key) {
    const n = this.tagIndex.count;
    if (n === 0)
      return null;
    let slot = fnv1a(key) & n - 1;
    for (let k = 0; k < n; k++) {
      const value = this.le32(this.tagIndex.offset + slot * SLOT_SIZE);
      if (value === 0)
        return null;
      const tag = value - 1;
      if (!(tag < this.tagSection.count))
        return null;
      const at = this.tagSection.offset + tag * this.tagSize;
      const bytes = this.stringBytes(at + Tag.tag);
      if (bytes && bytesEqual(bytes, key)) {
        const entry = this.le32(at + Tag.entry);
        return entry < this.entrySection.count ? entry : null;
      }
      slot = slot + 1 & n - 1;
    }
    return null;
  }
  /**
   * The entry whose emoji is these UTF-8 bytes, variation selectors aside, or null.
   * @param {Uint8Array} key
   */
  entryIndexForEmojiBytes(key) {
    const n = this.emojiIndex.count;
    if (n === 0)
      return null;
    let slot = emojiHash(key) & n - 1;
    for (let k = 0; k < n; k++) {
      const value = this.le32(this.emojiIndex.offset + slot * SLOT_SIZE);
      if (value === 0)
        return null;
      const entry = value - 1;
      if (!(entry < this.entrySection.count))
        return null;
      const at = this.entrySection.offset + entry * this.entrySize;
      if (this.bytes[at + Entry.flags] & EntryFlags.hasEmoji) {
        const bytes = this.stringBytes(at + Entry.emoji);
        if (bytes && emojiEqual(bytes, key))
          return entry;
      }
      slot = slot + 1 & n - 1;
    }
    return null;
  }
  /**
   * @param {string} tag
   */
  entryIndexForTag(tag) {
    return this.entryIndexForTagBytes(encoder2.encode(tag));
  }
  /**
   * @param {string} emoji
   */
  entryIndexForEmoji(emoji) {
    return this.entryIndexForEmojiBytes(encoder2.encode(emoji));
  }
  // Keywords (format 2.2).
  /**
   * @param {number} index
   */
  locale(index) {
    const s = this.localeSection;
    if (!(index >= 0 && index < s.count))
      throw new PackError("outOfBounds", s.offset, message("localeIndex", index, s.count));
    return this.string(s.offset + index * Size.locale);
  }
  locales() {
    const out = [];
    for (let i = 0; i < this.localeSection.count; i++)
      out.push(this.locale(i));
    return out;
  }
  /**
   * KWRD row `index`.
   * @param {number} index
   */
  keyword(index) {
    const s = this.keywordSection;
    if (!(index >= 0 && index < s.count))
      throw new PackError("outOfBounds", s.offset, message("keywordIndex", index, s.count));
    const at = s.offset + index * Size.keyword;
    const entry = this.le32(at + Keyword.entry);
    if (!(entry < this.entryCount))
      throw new PackError("outOfBounds", at + Keyword.entry, message("keywordEntry", index, entry, this.entryCount));
    const localeIndex = this.le16(at + Keyword.locale);
    const locale = localeIndex === NONE16 ? null : this.locale(localeIndex);
    const source = this.bytes[at + Keyword.source];
    if (source > 3)
      throw new PackError("inconsistent", at + Keyword.source, message("keywordSource", index, source));
    return { text: this.string(at + Keyword.written), folded: this.string(at + Keyword.folded), entry, locale, source };
  }
  /**
   * The folded key's bytes of KWRD row `index`, or null.
   * @param {number} index
   */
  foldedKeyword(index) {
    if (!(index >= 0 && index < this.keywordSection.count))
      return null;
    return this.stringBytes(this.keywordSection.offset + index * Size.keyword + Keyword.folded);
  }
  /**
   * Entry, LOCS index and source of KWRD row `index`, or null when malformed.
   * @param {number} index
   */
  keywordTarget(index) {
    if (!(index >= 0 && index < this.keywordSection.count))
      return null;
    const at = this.keywordSection.offset + index * Size.keyword;
    const entry = this.le32(at + Keyword.entry);
    const locale = this.le16(at + Keyword.locale);
    const source = this.bytes[at + Keyword.source];
    if (!(entry < this.entryCount) || source > 3 || !(locale === NONE16 || locale < this.localeSection.count))
      return null;
    return { entry, locale: locale === NONE16 ? null : locale, source };
  }
  /**
   * The written text of KWRD row `index`, or null.
   * @param {number} index
   */
  keywordText(index) {
    if (!(index >= 0 && index < this.keywordSection.count))
      return null;
    try {
      return this.string(this.keywordSection.offset + index * Size.keyword + Keyword.written);
    } catch {
      return null;
    }
  }
  /**
   * KWRD rows of entry `index`.
   * @param {number} index
   */
  keywordRows(index) {
    if (!(index >= 0 && index < this.entryCount)) {
      throw new PackError("outOfBounds", this.entrySection.offset, message("entryIndex", index, this.entryCount));
    }
    if (this.formatMajor < 2)
      return [];
    const at = this.entrySection.offset + index * this.entrySize;
    const first = this.le32(at + Entry.firstKeyword);
    if (first === NONE32)
      return [];
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
    if (!(index >= 0 && index < this.postingSection.count))
      return null;
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
    const order = (row) => {
      const key = this.foldedKeyword(row);
      if (key === null)
        return -1;
      const n = Math.min(key.length, prefix.length);
      for (let i = 0; i < n; i++)
        if (key[i] !== prefix[i])
          return key[i] < prefix[i] ? -1 : 1;
      return key.length >= prefix.length ? 0 : -1;
    };
    const first = (pass) => {
      let lo2 = 0, hi2 = this.keywordSection.count;
      while (lo2 < hi2) {
        const mid = Math.floor((lo2 + hi2) / 2);
        if (pass(order(mid)))
          hi2 = mid;
        else
          lo2 = mid + 1;
      }
      return lo2;
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
    if (!(row < this.gramSection.count) || this.gramKeyAt(row) !== key)
      return [0, 0];
    return this.postingsOfGram(row);
  }
  /**
   * The KPST runs of every gram starting with `first`, one per gram.
   * @param {number} first
   * @returns {[number, number][]}
   */
  gramPostingRuns(first) {
    if (!(first < 2097152))
      return [];
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
  gramKeyAt(row) {
    return this.le32(this.gramSection.offset + row * Size.gram + Gram.key);
  }
  /**
   * The first gram row whose key is at least `key`.
   * @private
   * @param {number} key
   */
  lowerGram(key) {
    let lo = 0, hi = this.gramSection.count;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (this.gramKeyAt(mid) < key)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo;
  }
  /**
   * Where the postings of gram `row` start (KPST's count past the last gram), clamped to KPST.
   * @private
   * @param {number} row
   */
  gramStart(row) {
    if (!(row < this.gramSection.count))
      return this.postingSection.count;
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
    if (runs.length === 0 || cursors.length !== runs.length)
      return null;
    const total = this.postingSection.count;
    const rows = this.keywordSection.count;
    const base = this.postingSection.offset;
    const row = (k) => this.le32(base + k * Size.posting);
    const bounds = runs.map((r) => {
      const lo = Math.min(Math.max(r[0], 0), total);
      return [lo, Math.min(Math.max(r[1], lo), total)];
    });
    const end = bounds[0][1];
    let c = Math.max(cursors[0], bounds[0][0]);
    try {
      next:
        while (c < end) {
          const r = row(c);
          c++;
          if (!(r < rows))
            continue;
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
              if (row(mid) < r)
                lo = mid + 1;
              else
                hi = mid;
            }
            cursors[k] = lo;
            if (lo === runHi) {
              c = end;
              return null;
            }
            if (row(lo) !== r)
              continue next;
          }
          return r;
        }
      return null;
    } finally {
      cursors[0] = c;
    }
  }
  /** Walks the whole file: checksum, every string and range, both indexes, sprites and keyword sections (verify.js). */
  verify() {
    verifyPack(this);
  }
};
function isSafeFileName(name) {
  return name !== "" && name !== "." && name !== ".." && !name.includes("/") && !name.includes("\\") && !name.includes("\0") && encoder2.encode(name).length <= 255;
}
function hex32(v) {
  return "0x" + v.toString(16).padStart(8, "0");
}

// web/src/unicode-data.js
var unicodeVersion = "17.0";
var graphemeBreak = [0, 3, 10, 2, 1, 3, 2, 1, 1, 3, 18, 0, 95, 3, 33, 0, 13, 3, 1, 0, 594, 4, 112, 0, 275, 4, 7, 0, 263, 4, 45, 0, 1, 4, 1, 0, 1, 4, 2, 0, 1, 4, 2, 0, 1, 4, 1, 0, 56, 7, 6, 0, 10, 4, 11, 0, 1, 3, 1, 0, 46, 4, 21, 0, 16, 4, 1, 0, 101, 4, 7, 7, 1, 0, 1, 4, 6, 0, 2, 4, 2, 0, 1, 4, 4, 0, 33, 7, 1, 0, 1, 4, 1, 0, 30, 4, 27, 0, 91, 4, 11, 0, 58, 4, 9, 0, 9, 4, 1, 0, 24, 4, 4, 0, 1, 4, 9, 0, 1, 4, 3, 0, 1, 4, 5, 0, 43, 4, 3, 0, 52, 7, 2, 0, 5, 4, 9, 0, 42, 4, 24, 7, 1, 4, 32, 8, 1, 0, 54, 4, 1, 8, 1, 4, 1, 0, 1, 8, 3, 4, 8, 8, 4, 4, 1, 8, 2, 0, 1, 4, 7, 0, 10, 4, 2, 0, 29, 4, 1, 8, 2, 0, 56, 4, 1, 0, 1, 4, 1, 8, 2, 4, 4, 0, 2, 8, 2, 0, 2, 8, 2, 4, 1, 0, 9, 4, 1, 0, 10, 4, 2, 0, 26, 4, 1, 0, 2, 4, 2, 8, 1, 0, 56, 4, 1, 0, 1, 8, 3, 4, 2, 0, 4, 4, 2, 0, 2, 4, 3, 0, 3, 4, 1, 0, 30, 4, 2, 0, 3, 4, 1, 0, 11, 4, 2, 8, 1, 0, 56, 4, 1, 0, 1, 8, 3, 4, 5, 0, 1, 4, 2, 8, 1, 0, 1, 8, 2, 4, 1, 0, 20, 4, 2, 0, 22, 4, 6, 0, 1, 4, 1, 8, 2, 0, 56, 4, 1, 0, 1, 4, 2, 8, 1, 4, 4, 0, 2, 8, 2, 0, 2, 8, 2, 4, 1, 0, 7, 4, 3, 0, 10, 4, 2, 0, 30, 4, 1, 0, 59, 4, 1, 8, 1, 4, 1, 8, 2, 0, 3, 8, 3, 0, 1, 8, 3, 4, 1, 0, 9, 4, 1, 0, 40, 4, 1, 8, 3, 4, 1, 0, 55, 4, 1, 0, 1, 4, 3, 8, 4, 0, 1, 4, 3, 0, 1, 4, 4, 0, 7, 4, 2, 0, 11, 4, 2, 0, 29, 4, 1, 8, 2, 0, 56, 4, 1, 0, 1, 8, 1, 4, 2, 8, 1, 4, 1, 8, 2, 0, 1, 4, 3, 0, 1, 4, 4, 0, 7, 4, 2, 0, 11, 4, 2, 0, 15, 8, 1, 0, 12, 4, 2, 8, 2, 0, 55, 4, 2, 0, 1, 4, 1, 8, 2, 4, 4, 0, 1, 8, 3, 0, 1, 8, 3, 4, 1, 7, 1, 0, 8, 4, 1, 0, 10, 4, 2, 0, 29, 4, 1, 8, 2, 0, 70, 4, 1, 0, 4, 4, 1, 8, 2, 4, 3, 0, 1, 4, 1, 0, 1, 8, 7, 4, 1, 0, 18, 8, 2, 0, 61, 4, 1, 0, 1, 8, 1, 4, 7, 0, 12, 4, 8, 0, 98, 4, 1, 0, 1, 8, 1, 4, 9, 0, 11, 4, 7, 0, 73, 4, 2, 0, 27, 4, 1, 0, 1, 4, 1, 0, 1, 4, 1, 0, 4, 8, 2, 0, 49, 4, 14, 8, 1, 4, 5, 0, 1, 4, 2, 0, 5, 4, 11, 0, 1, 4, 36, 0, 9, 4, 1, 0, 102, 4, 4, 8, 1, 4, 6, 0, 1, 4, 2, 8, 2, 4, 2, 0, 23, 8, 2, 4, 2, 0, 4, 4, 3, 0, 16, 4, 4, 0, 13, 4, 1, 0, 1, 8, 1, 4, 2, 0, 6, 4, 1, 0, 15, 4, 1, 0, 98, 9, 96, 10, 72, 11, 88, 0, 349, 4, 3, 0, 946, 4, 4, 0, 28, 4, 3, 0, 29, 4, 2, 0, 30, 4, 2, 0, 64, 4, 2, 8, 1, 4, 7, 8, 8, 4, 1, 8, 2, 4, 11, 0, 9, 4, 1, 0, 45, 4, 3, 3, 1, 4, 1, 0, 117, 4, 2, 0, 34, 4, 1, 0, 118, 4, 3, 8, 4, 4, 2, 8, 3, 0, 4, 8, 2, 4, 1, 8, 6, 4, 3, 0, 219, 4, 2, 8, 2, 4, 1, 0, 57, 8, 1, 4, 1, 8, 1, 4, 7, 0, 1, 4, 1, 0, 1, 4, 1, 0, 2, 4, 8, 8, 6, 4, 10, 0, 2, 4, 1, 0, 48, 4, 46, 0, 2, 4, 12, 0, 20, 4, 4, 8, 1, 0, 47, 4, 10, 8, 4, 4, 3, 0, 38, 4, 9, 0, 12, 4, 2, 8, 1, 0, 30, 8, 1, 4, 4, 8, 2, 4, 6, 0, 56, 4, 1, 8, 1, 4, 2, 8, 3, 4, 1, 8, 1, 4, 5, 0, 48, 8, 8, 4, 8, 8, 2, 4, 2, 0, 152, 4, 3, 0, 1, 4, 13, 8, 1, 4, 7, 0, 4, 4, 1, 0, 6, 4, 1, 0, 2, 8, 1, 4, 2, 0, 198, 4, 64, 0, 523, 3, 1, 4, 1, 5, 1, 3, 2, 0, 24, 3, 7, 0, 49, 3, 16, 0, 96, 4, 33, 0, 3070, 4, 3, 0, 141, 4, 1, 0, 96, 4, 32, 0, 554, 4, 6, 0, 105, 4, 2, 0, 30164, 4, 4, 0, 1, 4, 10, 0, 32, 4, 2, 0, 80, 4, 2, 0, 272, 4, 1, 0, 3, 4, 1, 0, 4, 4, 1, 0, 23, 8, 2, 4, 2, 8, 1, 0, 4, 4, 1, 0, 83, 8, 2, 0, 50, 8, 16, 4, 2, 0, 26, 4, 18, 0, 13, 4, 1, 0, 38, 4, 8, 0, 25, 4, 11, 8, 1, 4, 1, 0, 12, 9, 29, 0, 3, 4, 3, 8, 1, 0, 47, 4, 1, 8, 2, 4, 4, 8, 2, 4, 2, 8, 2, 4, 1, 0, 36, 4, 1, 0, 67, 4, 6, 8, 2, 4, 2, 8, 2, 4, 2, 0, 12, 4, 1, 0, 8, 4, 1, 8, 1, 0, 46, 4, 1, 0, 51, 4, 1, 0, 1, 4, 3, 0, 2, 4, 2, 0, 5, 4, 2, 0, 1, 4, 1, 0, 41, 8, 1, 4, 2, 8, 2, 0, 5, 8, 1, 4, 1, 0, 236, 8, 2, 4, 1, 8, 2, 4, 1, 8, 2, 0, 1, 8, 1, 4, 1, 0, 18, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 12, 1, 13, 27, 0, 12, 10, 23, 0, 4, 11, 49, 0, 8994, 4, 1, 0, 737, 4, 16, 0, 16, 4, 16, 0, 207, 3, 1, 0, 158, 4, 2, 0, 80, 3, 12, 0, 513, 4, 1, 0, 226, 4, 1, 0, 149, 4, 5, 0, 1670, 4, 3, 0, 1, 4, 2, 0, 5, 4, 4, 0, 40, 4, 3, 0, 4, 4, 1, 0, 165, 4, 2, 0, 573, 4, 4, 0, 65, 4, 5, 0, 317, 4, 2, 0, 77, 4, 6, 0, 70, 4, 11, 0, 49, 4, 4, 0, 122, 8, 1, 4, 1, 8, 1, 0, 53, 4, 15, 0, 41, 4, 1, 0, 2, 4, 2, 0, 10, 4, 3, 8, 1, 0, 45, 8, 3, 4, 4, 8, 2, 4, 2, 0, 2, 7, 1, 0, 4, 4, 1, 0, 10, 7, 1, 0, 50, 4, 3, 0, 36, 4, 5, 8, 1, 4, 8, 0, 16, 8, 2, 0, 44, 4, 1, 0, 12, 4, 2, 8, 1, 0, 48, 8, 3, 4, 9, 8, 1, 4, 1, 0, 1, 7, 2, 0, 5, 4, 4, 0, 1, 8, 1, 4, 1, 0, 92, 8, 3, 4, 3, 8, 2, 4, 4, 0, 6, 4, 1, 0, 2, 4, 1, 0, 157, 4, 1, 8, 3, 4, 8, 0, 21, 4, 2, 8, 2, 0, 55, 4, 2, 0, 1, 4, 1, 8, 1, 4, 1, 8, 4, 0, 2, 8, 2, 0, 2, 8, 2, 4, 1, 0, 9, 4, 1, 0, 10, 8, 2, 0, 2, 4, 7, 0, 3, 4, 5, 0, 67, 4, 1, 8, 2, 4, 6, 0, 1, 4, 1, 0, 2, 4, 1, 0, 1, 4, 3, 8, 1, 0, 1, 8, 2, 4, 3, 7, 1, 4, 1, 0, 14, 4, 2, 0, 82, 8, 3, 4, 8, 8, 2, 4, 3, 8, 1, 4, 1, 0, 23, 4, 1, 0, 81, 4, 1, 8, 2, 4, 6, 8, 1, 4, 1, 8, 2, 4, 1, 8, 1, 4, 2, 8, 1, 4, 2, 0, 235, 4, 1, 8, 2, 4, 4, 0, 2, 8, 4, 4, 2, 8, 1, 4, 2, 0, 27, 4, 2, 0, 82, 8, 3, 4, 8, 8, 2, 4, 1, 8, 1, 4, 2, 0, 106, 4, 1, 8, 1, 4, 1, 8, 2, 4, 8, 0, 101, 4, 1, 8, 1, 4, 1, 0, 2, 4, 4, 8, 1, 4, 5, 0, 256, 8, 3, 4, 9, 8, 1, 4, 2, 0, 245, 4, 1, 8, 5, 0, 1, 8, 2, 0, 2, 4, 4, 7, 1, 8, 1, 7, 1, 8, 1, 4, 1, 0, 141, 8, 3, 4, 4, 0, 2, 4, 2, 8, 4, 4, 1, 0, 3, 8, 1, 0, 28, 4, 10, 0, 40, 4, 6, 8, 1, 0, 1, 4, 4, 0, 8, 4, 1, 0, 9, 4, 6, 8, 2, 4, 3, 0, 40, 7, 6, 4, 13, 8, 1, 4, 2, 0, 198, 4, 1, 8, 1, 4, 3, 8, 1, 4, 1, 8, 1, 0, 199, 8, 1, 4, 7, 0, 1, 4, 6, 8, 1, 4, 1, 0, 82, 4, 22, 0, 1, 8, 1, 4, 7, 8, 1, 4, 2, 8, 1, 4, 2, 0, 122, 4, 6, 0, 3, 4, 1, 0, 1, 4, 2, 0, 1, 4, 7, 7, 1, 4, 1, 0, 66, 8, 5, 0, 1, 4, 2, 0, 1, 8, 2, 4, 1, 8, 1, 4, 1, 0, 347, 4, 2, 8, 2, 0, 9, 4, 2, 7, 1, 8, 1, 0, 48, 8, 2, 4, 5, 0, 3, 8, 2, 4, 3, 0, 23, 4, 1, 0, 5333, 3, 16, 4, 1, 0, 6, 4, 15, 0, 11464, 4, 12, 8, 3, 4, 3, 0, 2496, 4, 5, 0, 59, 4, 7, 0, 1048, 4, 1, 0, 1, 8, 55, 0, 7, 4, 4, 0, 81, 4, 1, 0, 11, 4, 2, 0, 19627, 4, 2, 0, 1, 3, 4, 0, 4700, 4, 46, 0, 2, 4, 23, 0, 542, 4, 5, 0, 3, 4, 6, 3, 8, 4, 8, 0, 2, 4, 7, 0, 30, 4, 4, 0, 148, 4, 3, 0, 1979, 4, 55, 0, 4, 4, 50, 0, 8, 4, 1, 0, 14, 4, 1, 0, 22, 4, 5, 0, 1, 4, 15, 0, 1360, 4, 7, 0, 1, 4, 17, 0, 2, 4, 7, 0, 1, 4, 2, 0, 1, 4, 5, 0, 100, 4, 1, 0, 160, 4, 7, 0, 375, 4, 1, 0, 61, 4, 4, 0, 508, 4, 4, 0, 254, 4, 2, 0, 243, 4, 1, 0, 2, 4, 1, 0, 7, 4, 2, 0, 5, 4, 1, 0, 474, 4, 7, 0, 109, 4, 7, 0, 2203, 6, 26, 0, 507, 4, 5, 0, 789504, 3, 32, 4, 96, 3, 128, 4, 240, 3, 3600, 0];
var extendedPictographic = [0, 0, 169, 1, 1, 0, 4, 1, 1, 0, 8077, 1, 1, 0, 12, 1, 1, 0, 216, 1, 1, 0, 22, 1, 1, 0, 90, 1, 6, 0, 15, 1, 2, 0, 367, 1, 2, 0, 12, 1, 1, 0, 166, 1, 1, 0, 25, 1, 11, 0, 4, 1, 3, 0, 199, 1, 1, 0, 231, 1, 2, 0, 10, 1, 1, 0, 9, 1, 1, 0, 58, 1, 4, 0, 1, 1, 5, 0, 9, 1, 1, 0, 2, 1, 1, 0, 2, 1, 2, 0, 2, 1, 1, 0, 4, 1, 1, 0, 2, 1, 1, 0, 1, 1, 2, 0, 2, 1, 1, 0, 3, 1, 1, 0, 3, 1, 2, 0, 8, 1, 3, 0, 5, 1, 1, 0, 1, 1, 1, 0, 5, 1, 12, 0, 11, 1, 2, 0, 2, 1, 1, 0, 1, 1, 2, 0, 1, 1, 1, 0, 18, 1, 1, 0, 2, 1, 2, 0, 18, 1, 6, 0, 1, 1, 1, 0, 1, 1, 2, 0, 3, 1, 2, 0, 5, 1, 1, 0, 2, 1, 2, 0, 4, 1, 2, 0, 11, 1, 2, 0, 5, 1, 2, 0, 2, 1, 1, 0, 5, 1, 2, 0, 1, 1, 1, 0, 1, 1, 2, 0, 20, 1, 2, 0, 5, 1, 6, 0, 1, 1, 4, 0, 2, 1, 1, 0, 4, 1, 1, 0, 2, 1, 1, 0, 2, 1, 6, 0, 1, 1, 1, 0, 2, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 6, 1, 1, 0, 3, 1, 1, 0, 6, 1, 1, 0, 10, 1, 2, 0, 15, 1, 1, 0, 2, 1, 1, 0, 4, 1, 1, 0, 1, 1, 1, 0, 4, 1, 3, 0, 1, 1, 1, 0, 11, 1, 2, 0, 48, 1, 3, 0, 9, 1, 1, 0, 14, 1, 1, 0, 14, 1, 1, 0, 372, 1, 2, 0, 463, 1, 3, 0, 19, 1, 2, 0, 51, 1, 1, 0, 4, 1, 1, 0, 1242, 1, 1, 0, 12, 1, 1, 0, 601, 1, 1, 0, 1, 1, 1, 0, 114026, 1, 1, 0, 39, 1, 4, 0, 100, 1, 12, 0, 15, 1, 2, 0, 15, 1, 1, 0, 14, 1, 2, 0, 37, 1, 10, 0, 112, 1, 2, 0, 12, 1, 2, 0, 14, 1, 1, 0, 2, 1, 10, 0, 19, 1, 56, 0, 27, 1, 15, 0, 10, 1, 1, 0, 20, 1, 1, 0, 2, 1, 9, 0, 1, 1, 4, 0, 9, 1, 23, 0, 6, 1, 188, 0, 2, 1, 112, 0, 2, 1, 2, 0, 1, 1, 3, 0, 2, 1, 83, 0, 2, 1, 3, 0, 1, 1, 4, 0, 5, 1, 254, 0, 1, 1, 63, 0, 11, 1, 6, 0, 1, 1, 24, 0, 7, 1, 2, 0, 2, 1, 8, 0, 12, 1, 1, 0, 2, 1, 4, 0, 2, 1, 1, 0, 4, 1, 2, 0, 13, 1, 2, 0, 2, 1, 1, 0, 8, 1, 2, 0, 9, 1, 1, 0, 5, 1, 3, 0, 12, 1, 3, 0, 8, 1, 3, 0, 2, 1, 1, 0, 1, 1, 1, 0, 4, 1, 1, 0, 6, 1, 1, 0, 3, 1, 1, 0, 6, 1, 86, 0, 48, 1, 70, 0, 5, 1, 8, 0, 2, 1, 17, 0, 3, 1, 1, 0, 1, 1, 6, 0, 2, 1, 13, 0, 218, 1, 38, 0, 12, 1, 4, 0, 56, 1, 8, 0, 10, 1, 6, 0, 40, 1, 8, 0, 30, 1, 2, 0, 12, 1, 4, 0, 2, 1, 14, 0, 9, 1, 39, 0, 12, 1, 47, 0, 1, 1, 10, 0, 1, 1, 185, 0, 88, 1, 8, 0, 14, 1, 146, 0, 256, 1, 1022, 0];
var indicConjunctBreak = [0, 0, 768, 3, 112, 0, 275, 3, 7, 0, 263, 3, 45, 0, 1, 3, 1, 0, 1, 3, 2, 0, 1, 3, 2, 0, 1, 3, 1, 0, 72, 3, 11, 0, 48, 3, 21, 0, 16, 3, 1, 0, 101, 3, 7, 0, 2, 3, 6, 0, 2, 3, 2, 0, 1, 3, 4, 0, 35, 3, 1, 0, 30, 3, 27, 0, 91, 3, 11, 0, 58, 3, 9, 0, 9, 3, 1, 0, 24, 3, 4, 0, 1, 3, 9, 0, 1, 3, 3, 0, 1, 3, 5, 0, 43, 3, 3, 0, 59, 3, 9, 0, 42, 3, 24, 0, 1, 3, 32, 0, 18, 1, 37, 3, 1, 0, 1, 3, 1, 0, 4, 3, 8, 0, 4, 2, 1, 0, 3, 3, 7, 1, 8, 0, 2, 3, 2, 0, 20, 1, 8, 0, 1, 3, 1, 0, 19, 1, 20, 0, 1, 1, 7, 0, 1, 1, 1, 0, 3, 1, 4, 0, 2, 3, 1, 0, 1, 3, 1, 0, 2, 3, 4, 0, 8, 2, 1, 0, 9, 3, 1, 0, 4, 1, 2, 0, 1, 1, 1, 0, 2, 3, 2, 0, 12, 1, 2, 0, 12, 3, 1, 0, 2, 3, 2, 0, 57, 3, 1, 0, 4, 3, 2, 0, 4, 3, 2, 0, 2, 3, 3, 0, 3, 3, 1, 0, 30, 3, 2, 0, 3, 3, 1, 0, 11, 3, 2, 0, 18, 1, 20, 0, 1, 1, 7, 0, 1, 1, 2, 0, 1, 1, 5, 0, 2, 3, 1, 0, 4, 3, 5, 0, 1, 3, 2, 0, 4, 2, 1, 0, 20, 3, 2, 0, 21, 1, 1, 3, 6, 0, 1, 3, 1, 0, 19, 1, 20, 0, 1, 1, 7, 0, 1, 1, 2, 0, 1, 1, 5, 0, 2, 3, 1, 0, 1, 3, 2, 0, 1, 3, 4, 0, 8, 2, 1, 0, 7, 3, 3, 0, 4, 1, 2, 0, 1, 1, 1, 0, 2, 3, 2, 0, 13, 1, 1, 0, 16, 3, 1, 0, 59, 3, 1, 0, 1, 3, 1, 0, 12, 3, 1, 0, 9, 3, 1, 0, 40, 3, 1, 0, 3, 3, 1, 0, 16, 1, 20, 0, 1, 1, 16, 0, 2, 3, 1, 0, 1, 3, 3, 0, 5, 3, 3, 0, 1, 3, 3, 2, 1, 0, 7, 3, 2, 0, 1, 1, 3, 0, 7, 3, 2, 0, 29, 3, 1, 0, 58, 3, 1, 0, 2, 3, 2, 0, 1, 3, 1, 0, 3, 3, 3, 0, 1, 3, 4, 0, 7, 3, 2, 0, 11, 3, 2, 0, 28, 3, 2, 0, 19, 1, 38, 3, 2, 0, 1, 3, 1, 0, 2, 3, 4, 0, 8, 2, 1, 0, 9, 3, 1, 0, 10, 3, 2, 0, 29, 3, 1, 0, 72, 3, 1, 0, 4, 3, 1, 0, 2, 3, 3, 0, 1, 3, 1, 0, 8, 3, 1, 0, 81, 3, 1, 0, 2, 3, 7, 0, 12, 3, 8, 0, 98, 3, 1, 0, 2, 3, 9, 0, 11, 3, 7, 0, 73, 3, 2, 0, 27, 3, 1, 0, 1, 3, 1, 0, 1, 3, 1, 0, 55, 3, 14, 0, 1, 3, 5, 0, 1, 3, 2, 0, 5, 3, 11, 0, 1, 3, 36, 0, 9, 3, 1, 0, 57, 1, 43, 0, 2, 3, 4, 0, 1, 3, 6, 0, 1, 3, 2, 0, 2, 3, 2, 1, 1, 0, 16, 1, 6, 0, 2, 3, 2, 1, 4, 3, 3, 1, 1, 0, 3, 1, 2, 0, 7, 1, 3, 3, 4, 1, 13, 3, 1, 0, 2, 3, 2, 0, 6, 3, 1, 1, 1, 0, 14, 3, 1, 0, 703, 3, 3, 0, 946, 3, 4, 0, 28, 3, 3, 0, 29, 3, 2, 0, 30, 3, 2, 0, 12, 1, 52, 3, 2, 0, 1, 3, 7, 0, 8, 3, 1, 0, 2, 3, 11, 0, 9, 3, 1, 0, 45, 3, 3, 0, 1, 3, 1, 0, 117, 3, 2, 0, 34, 3, 1, 0, 118, 3, 3, 0, 4, 3, 2, 0, 9, 3, 1, 0, 6, 3, 3, 0, 219, 3, 2, 0, 2, 3, 1, 0, 4, 1, 53, 0, 1, 3, 1, 0, 1, 3, 7, 0, 1, 3, 1, 0, 1, 3, 1, 0, 2, 3, 8, 0, 6, 3, 10, 0, 2, 3, 1, 0, 48, 3, 46, 0, 2, 3, 12, 0, 20, 3, 4, 0, 7, 1, 2, 0, 6, 1, 33, 3, 10, 0, 4, 3, 3, 1, 8, 0, 30, 3, 9, 0, 12, 3, 2, 0, 1, 1, 30, 0, 1, 3, 4, 0, 2, 3, 6, 1, 2, 0, 11, 1, 3, 0, 40, 3, 1, 0, 1, 3, 2, 0, 3, 3, 1, 0, 1, 3, 5, 0, 56, 3, 8, 0, 2, 3, 2, 0, 152, 3, 3, 0, 1, 3, 13, 0, 1, 3, 7, 0, 4, 3, 1, 0, 6, 3, 1, 0, 3, 3, 2, 0, 198, 3, 64, 0, 525, 3, 1, 0, 194, 3, 33, 0, 3070, 3, 3, 0, 141, 3, 1, 0, 96, 3, 32, 0, 554, 3, 6, 0, 105, 3, 2, 0, 30164, 3, 4, 0, 1, 3, 10, 0, 32, 3, 2, 0, 80, 3, 2, 0, 272, 3, 1, 0, 3, 3, 1, 0, 4, 3, 1, 0, 25, 3, 2, 0, 5, 3, 1, 0, 151, 3, 2, 0, 26, 3, 18, 0, 13, 3, 1, 0, 38, 3, 8, 0, 25, 3, 11, 0, 1, 3, 1, 0, 44, 3, 3, 0, 6, 1, 3, 0, 3, 1, 36, 3, 1, 0, 2, 3, 4, 0, 2, 3, 2, 0, 2, 3, 1, 0, 31, 1, 5, 3, 1, 0, 1, 1, 9, 0, 10, 1, 5, 0, 42, 3, 6, 0, 2, 3, 2, 0, 2, 3, 2, 0, 12, 3, 1, 0, 8, 3, 1, 0, 19, 1, 16, 0, 1, 1, 3, 0, 6, 1, 1, 0, 1, 3, 1, 0, 1, 1, 2, 0, 48, 3, 1, 0, 1, 3, 3, 0, 2, 3, 2, 0, 5, 3, 2, 0, 1, 3, 1, 0, 30, 1, 11, 0, 1, 3, 2, 0, 8, 3, 1, 0, 201, 1, 27, 0, 10, 3, 1, 0, 2, 3, 1, 0, 4, 3, 1, 0, 20272, 3, 1, 0, 737, 3, 16, 0, 16, 3, 16, 0, 366, 3, 2, 0, 605, 3, 1, 0, 226, 3, 1, 0, 149, 3, 5, 0, 1669, 1, 1, 3, 3, 0, 1, 3, 2, 0, 5, 3, 4, 1, 4, 0, 1, 1, 3, 0, 1, 1, 29, 0, 2, 3, 3, 0, 4, 3, 1, 0, 165, 3, 2, 0, 573, 3, 4, 0, 65, 3, 5, 0, 317, 3, 2, 0, 77, 3, 6, 0, 70, 3, 11, 0, 49, 3, 4, 0, 123, 3, 1, 0, 54, 3, 15, 0, 41, 3, 1, 0, 2, 3, 2, 0, 10, 3, 3, 0, 49, 3, 4, 0, 2, 3, 2, 0, 7, 3, 1, 0, 61, 3, 3, 1, 36, 3, 5, 0, 1, 3, 8, 0, 15, 1, 1, 0, 2, 1, 1, 0, 43, 3, 1, 0, 12, 3, 2, 0, 52, 3, 9, 0, 1, 3, 1, 0, 8, 3, 4, 0, 2, 3, 1, 0, 95, 3, 3, 0, 2, 3, 4, 0, 6, 3, 1, 0, 2, 3, 1, 0, 157, 3, 1, 0, 3, 3, 8, 0, 21, 3, 2, 0, 57, 3, 2, 0, 1, 3, 1, 0, 1, 3, 1, 0, 12, 3, 1, 0, 9, 3, 1, 0, 14, 3, 7, 0, 3, 3, 5, 0, 11, 1, 10, 0, 1, 1, 1, 0, 2, 1, 1, 0, 1, 1, 38, 0, 2, 3, 1, 0, 2, 3, 6, 0, 1, 3, 1, 0, 2, 3, 1, 0, 1, 3, 3, 0, 4, 3, 3, 0, 1, 3, 1, 0, 14, 3, 2, 0, 85, 3, 8, 0, 2, 3, 3, 0, 1, 3, 1, 0, 23, 3, 1, 0, 81, 3, 1, 0, 2, 3, 6, 0, 1, 3, 1, 0, 2, 3, 1, 0, 1, 3, 2, 0, 1, 3, 2, 0, 235, 3, 1, 0, 2, 3, 4, 0, 6, 3, 2, 0, 1, 3, 2, 0, 27, 3, 2, 0, 85, 3, 8, 0, 2, 3, 1, 0, 1, 3, 2, 0, 106, 3, 1, 0, 1, 3, 1, 0, 2, 3, 8, 0, 101, 3, 1, 0, 1, 3, 1, 0, 2, 3, 4, 0, 1, 3, 5, 0, 259, 3, 9, 0, 1, 3, 2, 0, 197, 1, 7, 0, 2, 1, 1, 0, 2, 1, 8, 0, 1, 1, 2, 0, 1, 1, 24, 3, 1, 0, 10, 3, 4, 0, 4, 3, 1, 0, 144, 3, 4, 0, 2, 3, 2, 0, 4, 3, 1, 0, 31, 1, 1, 3, 10, 1, 40, 3, 6, 0, 2, 3, 4, 0, 8, 3, 1, 0, 8, 1, 1, 3, 6, 0, 2, 3, 3, 1, 40, 0, 6, 3, 13, 0, 1, 3, 2, 0, 198, 3, 1, 0, 1, 3, 3, 0, 1, 3, 1, 0, 201, 3, 7, 0, 1, 3, 6, 0, 1, 3, 1, 0, 82, 3, 22, 0, 2, 3, 7, 0, 1, 3, 2, 0, 1, 3, 2, 0, 122, 3, 6, 0, 3, 3, 1, 0, 1, 3, 2, 0, 1, 3, 7, 0, 1, 3, 1, 0, 72, 3, 2, 0, 3, 3, 1, 0, 1, 3, 1, 0, 347, 3, 2, 0, 11, 3, 2, 0, 2, 1, 13, 0, 1, 1, 34, 0, 2, 3, 5, 0, 5, 3, 3, 0, 23, 3, 1, 0, 5349, 3, 1, 0, 6, 3, 15, 0, 11464, 3, 12, 0, 3, 3, 3, 0, 2496, 3, 5, 0, 59, 3, 7, 0, 1048, 3, 1, 0, 63, 3, 4, 0, 81, 3, 1, 0, 11, 3, 2, 0, 19627, 3, 2, 0, 4705, 3, 46, 0, 2, 3, 23, 0, 542, 3, 5, 0, 3, 3, 6, 0, 8, 3, 8, 0, 2, 3, 7, 0, 30, 3, 4, 0, 148, 3, 3, 0, 1979, 3, 55, 0, 4, 3, 50, 0, 8, 3, 1, 0, 14, 3, 1, 0, 22, 3, 5, 0, 1, 3, 15, 0, 1360, 3, 7, 0, 1, 3, 17, 0, 2, 3, 7, 0, 1, 3, 2, 0, 1, 3, 5, 0, 100, 3, 1, 0, 160, 3, 7, 0, 375, 3, 1, 0, 61, 3, 4, 0, 508, 3, 4, 0, 254, 3, 2, 0, 243, 3, 1, 0, 2, 3, 1, 0, 7, 3, 2, 0, 5, 3, 1, 0, 474, 3, 7, 0, 109, 3, 7, 0, 2736, 3, 5, 0, 789536, 3, 96, 0, 128, 3, 240, 0];
var emojiStart = [0, 0, 35, 1, 1, 0, 6, 1, 1, 0, 5, 1, 10, 0, 111, 1, 1, 0, 4, 1, 1, 0, 8077, 1, 1, 0, 12, 1, 1, 0, 216, 1, 1, 0, 22, 1, 1, 0, 90, 1, 6, 0, 15, 1, 2, 0, 367, 1, 2, 0, 12, 1, 1, 0, 166, 1, 1, 0, 25, 1, 11, 0, 4, 1, 3, 0, 199, 1, 1, 0, 231, 1, 2, 0, 10, 1, 1, 0, 9, 1, 1, 0, 58, 1, 4, 0, 1, 1, 5, 0, 9, 1, 1, 0, 2, 1, 1, 0, 2, 1, 2, 0, 2, 1, 1, 0, 4, 1, 1, 0, 2, 1, 1, 0, 1, 1, 2, 0, 2, 1, 1, 0, 3, 1, 1, 0, 3, 1, 2, 0, 8, 1, 3, 0, 5, 1, 1, 0, 1, 1, 1, 0, 5, 1, 12, 0, 11, 1, 2, 0, 2, 1, 1, 0, 1, 1, 2, 0, 1, 1, 1, 0, 18, 1, 1, 0, 2, 1, 2, 0, 18, 1, 6, 0, 1, 1, 1, 0, 1, 1, 2, 0, 3, 1, 2, 0, 5, 1, 1, 0, 2, 1, 2, 0, 4, 1, 2, 0, 11, 1, 2, 0, 5, 1, 2, 0, 2, 1, 1, 0, 5, 1, 2, 0, 1, 1, 1, 0, 1, 1, 2, 0, 20, 1, 2, 0, 5, 1, 6, 0, 1, 1, 4, 0, 2, 1, 1, 0, 4, 1, 1, 0, 2, 1, 1, 0, 2, 1, 6, 0, 1, 1, 1, 0, 2, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 6, 1, 1, 0, 3, 1, 1, 0, 6, 1, 1, 0, 10, 1, 2, 0, 15, 1, 1, 0, 2, 1, 1, 0, 4, 1, 1, 0, 1, 1, 1, 0, 4, 1, 3, 0, 1, 1, 1, 0, 11, 1, 2, 0, 48, 1, 3, 0, 9, 1, 1, 0, 14, 1, 1, 0, 14, 1, 1, 0, 372, 1, 2, 0, 463, 1, 3, 0, 19, 1, 2, 0, 51, 1, 1, 0, 4, 1, 1, 0, 1242, 1, 1, 0, 12, 1, 1, 0, 601, 1, 1, 0, 1, 1, 1, 0, 114026, 1, 1, 0, 202, 1, 1, 0, 160, 1, 2, 0, 12, 1, 2, 0, 14, 1, 1, 0, 2, 1, 10, 0, 75, 1, 26, 0, 1, 1, 2, 0, 23, 1, 1, 0, 20, 1, 1, 0, 2, 1, 9, 0, 21, 1, 2, 0, 174, 1, 34, 0, 2, 1, 112, 0, 2, 1, 2, 0, 1, 1, 3, 0, 2, 1, 83, 0, 2, 1, 3, 0, 1, 1, 263, 0, 1, 1, 63, 0, 11, 1, 6, 0, 1, 1, 24, 0, 7, 1, 2, 0, 2, 1, 8, 0, 12, 1, 1, 0, 2, 1, 4, 0, 2, 1, 1, 0, 4, 1, 2, 0, 13, 1, 2, 0, 2, 1, 1, 0, 8, 1, 2, 0, 9, 1, 1, 0, 5, 1, 3, 0, 12, 1, 3, 0, 8, 1, 3, 0, 2, 1, 1, 0, 1, 1, 1, 0, 4, 1, 1, 0, 6, 1, 1, 0, 3, 1, 1, 0, 6, 1, 86, 0, 48, 1, 70, 0, 5, 1, 8, 0, 2, 1, 4, 0, 3, 1, 10, 0, 3, 1, 1, 0, 1, 1, 2, 0, 3, 1, 1, 0, 2, 1, 10, 0, 227, 1, 12, 0, 4, 1, 1, 0, 283, 1, 47, 0, 1, 1, 10, 0, 1, 1, 185, 0, 112, 1, 13, 0, 3, 1, 11, 0, 3, 1, 57, 0, 1, 1, 1, 0, 4, 1, 16, 0, 2, 1, 12, 0, 4, 1, 10, 0];
var latinFold = [0, 0, 192, 65, 6, 0, 1, 67, 1, 69, 4, 73, 4, 0, 1, 78, 1, 79, 5, 0, 1, 79, 1, 85, 4, 89, 1, 0, 2, 97, 6, 0, 1, 99, 1, 101, 4, 105, 4, 0, 1, 110, 1, 111, 5, 0, 1, 111, 1, 117, 4, 121, 1, 0, 1, 121, 1, 65, 1, 97, 1, 65, 1, 97, 1, 65, 1, 97, 1, 67, 1, 99, 1, 67, 1, 99, 1, 67, 1, 99, 1, 67, 1, 99, 1, 68, 1, 100, 1, 68, 1, 100, 1, 69, 1, 101, 1, 69, 1, 101, 1, 69, 1, 101, 1, 69, 1, 101, 1, 69, 1, 101, 1, 71, 1, 103, 1, 71, 1, 103, 1, 71, 1, 103, 1, 71, 1, 103, 1, 72, 1, 104, 1, 72, 1, 104, 1, 73, 1, 105, 1, 73, 1, 105, 1, 73, 1, 105, 1, 73, 1, 105, 1, 73, 1, 0, 3, 74, 1, 106, 1, 75, 1, 107, 1, 0, 1, 76, 1, 108, 1, 76, 1, 108, 1, 76, 1, 108, 1, 0, 2, 76, 1, 108, 1, 78, 1, 110, 1, 78, 1, 110, 1, 78, 1, 110, 1, 0, 3, 79, 1, 111, 1, 79, 1, 111, 1, 79, 1, 111, 1, 0, 2, 82, 1, 114, 1, 82, 1, 114, 1, 82, 1, 114, 1, 83, 1, 115, 1, 83, 1, 115, 1, 83, 1, 115, 1, 83, 1, 115, 1, 84, 1, 116, 1, 84, 1, 116, 1, 0, 2, 85, 1, 117, 1, 85, 1, 117, 1, 85, 1, 117, 1, 85, 1, 117, 1, 85, 1, 117, 1, 85, 1, 117, 1, 87, 1, 119, 1, 89, 1, 121, 1, 89, 1, 90, 1, 122, 1, 90, 1, 122, 1, 90, 1, 122, 1, 0, 33, 79, 1, 111, 1, 0, 13, 85, 1, 117, 1, 0, 28, 65, 1, 97, 1, 73, 1, 105, 1, 79, 1, 111, 1, 85, 1, 117, 1, 85, 1, 117, 1, 85, 1, 117, 1, 85, 1, 117, 1, 85, 1, 117, 1, 0, 1, 65, 1, 97, 1, 65, 1, 97, 1, 0, 4, 71, 1, 103, 1, 75, 1, 107, 1, 79, 1, 111, 1, 79, 1, 111, 1, 0, 2, 106, 1, 0, 3, 71, 1, 103, 1, 0, 2, 78, 1, 110, 1, 65, 1, 97, 1, 0, 4, 65, 1, 97, 1, 65, 1, 97, 1, 69, 1, 101, 1, 69, 1, 101, 1, 73, 1, 105, 1, 73, 1, 105, 1, 79, 1, 111, 1, 79, 1, 111, 1, 82, 1, 114, 1, 82, 1, 114, 1, 85, 1, 117, 1, 85, 1, 117, 1, 83, 1, 115, 1, 84, 1, 116, 1, 0, 2, 72, 1, 104, 1, 0, 6, 65, 1, 97, 1, 69, 1, 101, 1, 79, 1, 111, 1, 79, 1, 111, 1, 79, 1, 111, 1, 79, 1, 111, 1, 89, 1, 121, 1, 0, 7116, 65, 1, 97, 1, 66, 1, 98, 1, 66, 1, 98, 1, 66, 1, 98, 1, 67, 1, 99, 1, 68, 1, 100, 1, 68, 1, 100, 1, 68, 1, 100, 1, 68, 1, 100, 1, 68, 1, 100, 1, 69, 1, 101, 1, 69, 1, 101, 1, 69, 1, 101, 1, 69, 1, 101, 1, 69, 1, 101, 1, 70, 1, 102, 1, 71, 1, 103, 1, 72, 1, 104, 1, 72, 1, 104, 1, 72, 1, 104, 1, 72, 1, 104, 1, 72, 1, 104, 1, 73, 1, 105, 1, 73, 1, 105, 1, 75, 1, 107, 1, 75, 1, 107, 1, 75, 1, 107, 1, 76, 1, 108, 1, 76, 1, 108, 1, 76, 1, 108, 1, 76, 1, 108, 1, 77, 1, 109, 1, 77, 1, 109, 1, 77, 1, 109, 1, 78, 1, 110, 1, 78, 1, 110, 1, 78, 1, 110, 1, 78, 1, 110, 1, 79, 1, 111, 1, 79, 1, 111, 1, 79, 1, 111, 1, 79, 1, 111, 1, 80, 1, 112, 1, 80, 1, 112, 1, 82, 1, 114, 1, 82, 1, 114, 1, 82, 1, 114, 1, 82, 1, 114, 1, 83, 1, 115, 1, 83, 1, 115, 1, 83, 1, 115, 1, 83, 1, 115, 1, 83, 1, 115, 1, 84, 1, 116, 1, 84, 1, 116, 1, 84, 1, 116, 1, 84, 1, 116, 1, 85, 1, 117, 1, 85, 1, 117, 1, 85, 1, 117, 1, 85, 1, 117, 1, 85, 1, 117, 1, 86, 1, 118, 1, 86, 1, 118, 1, 87, 1, 119, 1, 87, 1, 119, 1, 87, 1, 119, 1, 87, 1, 119, 1, 87, 1, 119, 1, 88, 1, 120, 1, 88, 1, 120, 1, 89, 1, 121, 1, 90, 1, 122, 1, 90, 1, 122, 1, 90, 1, 122, 1, 104, 1, 116, 1, 119, 1, 121, 1, 0, 6, 65, 1, 97, 1, 65, 1, 97, 1, 65, 1, 97, 1, 65, 1, 97, 1, 65, 1, 97, 1, 65, 1, 97, 1, 65, 1, 97, 1, 65, 1, 97, 1, 65, 1, 97, 1, 65, 1, 97, 1, 65, 1, 97, 1, 65, 1, 97, 1, 69, 1, 101, 1, 69, 1, 101, 1, 69, 1, 101, 1, 69, 1, 101, 1, 69, 1, 101, 1, 69, 1, 101, 1, 69, 1, 101, 1, 69, 1, 101, 1, 73, 1, 105, 1, 73, 1, 105, 1, 79, 1, 111, 1, 79, 1, 111, 1, 79, 1, 111, 1, 79, 1, 111, 1, 79, 1, 111, 1, 79, 1, 111, 1, 79, 1, 111, 1, 79, 1, 111, 1, 79, 1, 111, 1, 79, 1, 111, 1, 79, 1, 111, 1, 79, 1, 111, 1, 85, 1, 117, 1, 85, 1, 117, 1, 85, 1, 117, 1, 85, 1, 117, 1, 85, 1, 117, 1, 85, 1, 117, 1, 85, 1, 117, 1, 89, 1, 121, 1, 89, 1, 121, 1, 89, 1, 121, 1, 89, 1, 121, 1, 0];
var whiteSpace = [9, 10, 11, 12, 13, 32, 133, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288];
var lowercaseRuns = [192, 23, 1, 32, 216, 7, 1, 32, 256, 24, 2, 1, 306, 3, 2, 1, 313, 8, 2, 1, 330, 23, 2, 1, 376, 1, 1, -121, 377, 3, 2, 1, 385, 1, 1, 210, 386, 2, 2, 1, 390, 1, 1, 206, 391, 1, 2, 1, 393, 2, 1, 205, 395, 1, 1, 1, 398, 1, 1, 79, 399, 1, 1, 202, 400, 1, 1, 203, 401, 1, 2, 1, 403, 1, 1, 205, 404, 1, 2, 207, 406, 1, 1, 211, 407, 1, 1, 209, 408, 1, 1, 1, 412, 1, 1, 211, 413, 1, 2, 213, 415, 1, 1, 214, 416, 3, 2, 1, 422, 1, 1, 218, 423, 1, 2, 1, 425, 1, 1, 218, 428, 1, 2, 1, 430, 1, 1, 218, 431, 1, 2, 1, 433, 2, 1, 217, 435, 2, 2, 1, 439, 1, 1, 219, 440, 1, 1, 1, 444, 1, 1, 1, 452, 1, 1, 2, 453, 1, 2, 1, 455, 1, 1, 2, 456, 1, 2, 1, 458, 1, 1, 2, 459, 9, 2, 1, 478, 9, 2, 1, 497, 1, 1, 2, 498, 2, 2, 1, 502, 1, 1, -97, 503, 1, 1, -56, 504, 20, 2, 1, 544, 1, 2, -130, 546, 9, 2, 1, 570, 1, 1, 10795, 571, 1, 2, 1, 573, 1, 1, -163, 574, 1, 1, 10792, 577, 1, 2, 1, 579, 1, 1, -195, 580, 1, 1, 69, 581, 1, 1, 71, 582, 5, 2, 1, 880, 2, 2, 1, 886, 1, 1, 1, 895, 1, 1, 116, 902, 1, 2, 38, 904, 3, 1, 37, 908, 1, 2, 64, 910, 2, 1, 63, 913, 17, 1, 32, 931, 9, 1, 32, 975, 1, 1, 8, 984, 12, 2, 1, 1012, 1, 1, -60, 1015, 1, 2, 1, 1017, 1, 1, -7, 1018, 1, 1, 1, 1021, 3, 1, -130, 1024, 16, 1, 80, 1040, 32, 1, 32, 1120, 17, 2, 1, 1162, 27, 2, 1, 1216, 1, 1, 15, 1217, 7, 2, 1, 1232, 48, 2, 1, 1329, 38, 1, 48, 4256, 38, 1, 7264, 4295, 1, 1, 7264, 4301, 1, 1, 7264, 5024, 80, 1, 38864, 5104, 6, 1, 8, 7305, 1, 1, 1, 7312, 43, 1, -3008, 7357, 3, 1, -3008, 7680, 75, 2, 1, 7838, 1, 2, -7615, 7840, 48, 2, 1, 7944, 8, 1, -8, 7960, 6, 1, -8, 7976, 8, 1, -8, 7992, 8, 1, -8, 8008, 6, 1, -8, 8025, 4, 2, -8, 8040, 8, 1, -8, 8072, 8, 1, -8, 8088, 8, 1, -8, 8104, 8, 1, -8, 8120, 2, 1, -8, 8122, 2, 1, -74, 8124, 1, 1, -9, 8136, 4, 1, -86, 8140, 1, 1, -9, 8152, 2, 1, -8, 8154, 2, 1, -100, 8168, 2, 1, -8, 8170, 2, 1, -112, 8172, 1, 1, -7, 8184, 2, 1, -128, 8186, 2, 1, -126, 8188, 1, 1, -9, 8486, 1, 1, -7517, 8490, 1, 1, -8383, 8491, 1, 1, -8262, 8498, 1, 1, 28, 8544, 16, 1, 16, 8579, 1, 1, 1, 9398, 26, 1, 26, 11264, 48, 1, 48, 11360, 1, 2, 1, 11362, 1, 1, -10743, 11363, 1, 1, -3814, 11364, 1, 1, -10727, 11367, 3, 2, 1, 11373, 1, 1, -10780, 11374, 1, 1, -10749, 11375, 1, 1, -10783, 11376, 1, 2, -10782, 11378, 1, 1, 1, 11381, 1, 1, 1, 11390, 2, 1, -10815, 11392, 50, 2, 1, 11499, 2, 2, 1, 11506, 1, 1, 1, 42560, 23, 2, 1, 42624, 14, 2, 1, 42786, 7, 2, 1, 42802, 31, 2, 1, 42873, 2, 2, 1, 42877, 1, 1, -35332, 42878, 5, 2, 1, 42891, 1, 2, 1, 42893, 1, 1, -42280, 42896, 2, 2, 1, 42902, 10, 2, 1, 42922, 1, 1, -42308, 42923, 1, 1, -42319, 42924, 1, 1, -42315, 42925, 1, 1, -42305, 42926, 1, 2, -42308, 42928, 1, 1, -42258, 42929, 1, 1, -42282, 42930, 1, 1, -42261, 42931, 1, 1, 928, 42932, 8, 2, 1, 42948, 1, 1, -48, 42949, 1, 1, -42307, 42950, 1, 1, -35384, 42951, 2, 2, 1, 42955, 1, 1, -42343, 42956, 8, 2, 1, 42972, 1, 1, -42561, 42997, 1, 1, 1, 65313, 26, 1, 32, 66560, 40, 1, 40, 66736, 36, 1, 40, 66928, 11, 1, 39, 66940, 15, 1, 39, 66956, 7, 1, 39, 66964, 2, 1, 39, 68736, 51, 1, 64, 68944, 22, 1, 32, 71840, 32, 1, 32, 93760, 32, 1, 32, 93856, 25, 1, 27, 125184, 34, 1, 34];
var lowercaseLong = [304, 2, 105, 775];
var decompositions = [192, 127, 768, 1, 128, 769, 1, 129, 770, 1, 130, 771, 1, 131, 776, 1, 132, 778, 2, 132, 807, 1, 131, 768, 1, 132, 769, 1, 133, 770, 1, 134, 776, 1, 131, 768, 1, 132, 769, 1, 133, 770, 1, 134, 776, 2, 131, 771, 1, 131, 768, 1, 132, 769, 1, 133, 770, 1, 134, 771, 1, 135, 776, 3, 132, 768, 1, 133, 769, 1, 134, 770, 1, 135, 776, 1, 132, 769, 3, 127, 768, 1, 128, 769, 1, 129, 770, 1, 130, 771, 1, 131, 776, 1, 132, 778, 2, 132, 807, 1, 131, 768, 1, 132, 769, 1, 133, 770, 1, 134, 776, 1, 131, 768, 1, 132, 769, 1, 133, 770, 1, 134, 776, 2, 131, 771, 1, 131, 768, 1, 132, 769, 1, 133, 770, 1, 134, 771, 1, 135, 776, 3, 132, 768, 1, 133, 769, 1, 134, 770, 1, 135, 776, 1, 132, 769, 2, 134, 776, 1, 191, 772, 1, 160, 772, 1, 193, 774, 1, 162, 774, 1, 195, 808, 1, 164, 808, 1, 195, 769, 1, 164, 769, 1, 197, 770, 1, 166, 770, 1, 199, 775, 1, 168, 775, 1, 201, 780, 1, 170, 780, 1, 202, 780, 1, 171, 780, 3, 205, 772, 1, 174, 772, 1, 207, 774, 1, 176, 774, 1, 209, 775, 1, 178, 775, 1, 211, 808, 1, 180, 808, 1, 213, 780, 1, 182, 780, 1, 213, 770, 1, 182, 770, 1, 215, 774, 1, 184, 774, 1, 217, 775, 1, 186, 775, 1, 219, 807, 1, 188, 807, 1, 220, 770, 1, 189, 770, 3, 223, 771, 1, 192, 771, 1, 225, 772, 1, 194, 772, 1, 227, 774, 1, 196, 774, 1, 229, 808, 1, 198, 808, 1, 231, 775, 4, 234, 770, 1, 203, 770, 1, 235, 807, 1, 204, 807, 2, 237, 769, 1, 206, 769, 1, 239, 807, 1, 208, 807, 1, 241, 780, 1, 210, 780, 5, 245, 769, 1, 214, 769, 1, 247, 807, 1, 216, 807, 1, 249, 780, 1, 218, 780, 4, 253, 772, 1, 222, 772, 1, 255, 774, 1, 224, 774, 1, 257, 779, 1, 226, 779, 3, 258, 769, 1, 227, 769, 1, 260, 807, 1, 229, 807, 1, 262, 780, 1, 231, 780, 1, 263, 769, 1, 232, 769, 1, 265, 770, 1, 234, 770, 1, 267, 807, 1, 236, 807, 1, 269, 780, 1, 238, 780, 1, 270, 807, 1, 239, 807, 1, 272, 780, 1, 241, 780, 3, 275, 771, 1, 244, 771, 1, 277, 772, 1, 246, 772, 1, 279, 774, 1, 248, 774, 1, 281, 778, 1, 250, 778, 1, 283, 779, 1, 252, 779, 1, 285, 808, 1, 254, 808, 1, 285, 770, 1, 254, 770, 1, 285, 770, 1, 254, 770, 1, 287, 776, 1, 287, 769, 1, 256, 769, 1, 289, 775, 1, 258, 775, 1, 291, 780, 1, 260, 780, 34, 337, 795, 1, 306, 795, 14, 346, 795, 1, 315, 795, 29, 396, 780, 1, 365, 780, 1, 390, 780, 1, 359, 780, 1, 386, 780, 1, 355, 780, 1, 382, 780, 1, 351, 780, 1, 249, 772, 1, 218, 772, 1, 251, 769, 1, 220, 769, 1, 253, 780, 1, 222, 780, 1, 255, 768, 1, 224, 768, 2, 282, 772, 1, 251, 772, 1, -70, 772, 1, -70, 772, 1, 284, 772, 1, 253, 772, 3, 415, 780, 1, 384, 780, 1, 413, 780, 1, 382, 780, 1, 411, 808, 1, 380, 808, 1, 2, 772, 1, 2, 772, 1, 55, 780, 1, -163, 780, 1, 390, 780, 4, 429, 769, 1, 398, 769, 3, 426, 768, 1, 395, 768, 1, 309, 769, 1, 278, 769, 1, 310, 769, 1, 279, 769, 1, 294, 769, 1, 263, 769, 1, 447, 783, 1, 416, 783, 1, 449, 785, 1, 418, 785, 1, 447, 783, 1, 416, 783, 1, 449, 785, 1, 418, 785, 1, 447, 783, 1, 416, 783, 1, 449, 785, 1, 418, 785, 1, 445, 783, 1, 414, 783, 1, 447, 785, 1, 416, 785, 1, 446, 783, 1, 415, 783, 1, 448, 785, 1, 417, 785, 1, 447, 783, 1, 416, 783, 1, 449, 785, 1, 418, 785, 1, 453, 806, 1, 422, 806, 1, 454, 806, 1, 423, 806, 3, 470, 780, 1, 439, 780, 7, 485, 775, 1, 454, 775, 1, 483, 807, 1, 452, 807, 1, 340, 772, 1, 309, 772, 1, 343, 772, 1, 312, 772, 1, 479, 775, 1, 448, 775, 1, 2, 772, 1, 2, 772, 1, 473, 772, 1, 442, 772, 269, 64, 0, 1, 64, 0, 2, 48, 0, 1, 60, 769, 48, 187, 0, 10, 835, 0, 7, 733, 769, 1, -11, 769, 1, 720, 0, 1, -13, 769, 1, -14, 769, 1, -15, 769, 2, -19, 769, 2, -23, 769, 1, -26, 769, 1, -58, 769, 26, 17, 776, 1, 6, 776, 1, -5, 769, 1, -8, 769, 1, -9, 769, 1, -10, 769, 1, -27, 769, 26, 17, 776, 1, 6, 776, 1, 13, 769, 1, 8, 769, 1, 5, 769, 5, 1, 769, 1, 2, 776, 44, -21, 768, 1, -20, 776, 2, -16, 769, 4, 1, 776, 5, -14, 769, 1, -11, 768, 1, -21, 774, 11, 1, 774, 32, 1, 774, 23, 27, 768, 1, 28, 776, 2, 32, 769, 4, 1, 776, 5, 34, 769, 1, 37, 768, 1, 27, 774, 24, 2, 783, 1, 2, 783, 74, 171, 774, 1, 140, 774, 14, 192, 774, 1, 161, 774, 1, 194, 776, 1, 163, 776, 3, 193, 774, 1, 162, 774, 3, 2, 776, 1, 2, 776, 1, 198, 776, 1, 167, 776, 1, 199, 776, 1, 168, 776, 3, 202, 772, 1, 171, 772, 1, 204, 776, 1, 173, 776, 1, 200, 776, 1, 169, 776, 3, 2, 776, 1, 2, 776, 1, 191, 776, 1, 160, 776, 1, 203, 772, 1, 172, 772, 1, 205, 776, 1, 174, 776, 1, 207, 779, 1, 176, 779, 1, 205, 776, 1, 174, 776, 3, 205, 776, 1, 174, 776, 297, -5, 1619, 1, -4, 1620, 1, -36, 1620, 1, -2, 1621, 1, -36, 1620, 154, -21, 1620, 2, 1, 1620, 17, 1, 1620, 598, 1, 2364, 8, 1, 2364, 3, 1, 2364, 36, 67, 2364, 1, 67, 2364, 1, 67, 2364, 1, 63, 2364, 1, 59, 2364, 1, 59, 2364, 1, 51, 2364, 1, 48, 2364, 108, 4, 2494, 1, 5, 2519, 16, 59, 2492, 1, 59, 2492, 2, 48, 2492, 84, 1, 2620, 3, -2, 2620, 35, 67, 2620, 1, 67, 2620, 1, 63, 2620, 3, 51, 2620, 234, 1, 2902, 3, 4, 2878, 1, 5, 2903, 16, 59, 2876, 1, 59, 2876, 55, 2, 3031, 54, 4, 3006, 1, 4, 3006, 1, 6, 3031, 124, 2, 3158, 120, 1, 3285, 7, 1, 3285, 1, 2, 3286, 2, 4, 3266, 1, 1, 3285, 127, 4, 3390, 1, 4, 3390, 1, 6, 3415, 142, 1, 3530, 2, 3, 3535, 1, 1, 3530, 1, 5, 3551, 357, 1, 4023, 10, 1, 4023, 5, 1, 4023, 5, 1, 4023, 5, 1, 4023, 13, 41, 4021, 10, 2, 3954, 2, 4, 3956, 1, -60, 3968, 2, -59, 3968, 9, 16, 3968, 18, 1, 4023, 10, 1, 4023, 5, 1, 4023, 5, 1, 4023, 5, 1, 4023, 13, 41, 4021, 109, 1, 4142, 2784, 1, 6965, 2, 1, 6965, 2, 1, 6965, 2, 1, 6965, 2, 1, 6965, 4, 1, 6965, 41, 1, 6965, 2, 1, 6965, 3, 2, 6965, 1, 2, 6965, 2, 1, 6965, 701, 7615, 805, 1, 7584, 805, 1, 7616, 775, 1, 7585, 775, 1, 7618, 803, 1, 7587, 803, 1, 7620, 817, 1, 7589, 817, 1, 7489, 769, 1, 7458, 769, 1, 7622, 775, 1, 7591, 775, 1, 7624, 803, 1, 7593, 803, 1, 7626, 817, 1, 7595, 817, 1, 7628, 807, 1, 7597, 807, 1, 7630, 813, 1, 7599, 813, 1, 7426, 768, 1, 7426, 768, 1, 7428, 769, 1, 7428, 769, 1, 7635, 813, 1, 7604, 813, 1, 7637, 816, 1, 7606, 816, 1, 7156, 774, 1, 7156, 774, 1, 7640, 775, 1, 7609, 775, 1, 7641, 772, 1, 7610, 772, 1, 7642, 775, 1, 7611, 775, 1, 7644, 803, 1, 7613, 803, 1, 7646, 776, 1, 7615, 776, 1, 7648, 807, 1, 7617, 807, 1, 7650, 814, 1, 7619, 814, 1, 7651, 816, 1, 7620, 816, 1, 7519, 769, 1, 7488, 769, 1, 7653, 769, 1, 7622, 769, 1, 7655, 803, 1, 7624, 803, 1, 7657, 817, 1, 7626, 817, 1, 7658, 803, 1, 7627, 803, 1, 2, 772, 1, 2, 772, 1, 7662, 817, 1, 7631, 817, 1, 7664, 813, 1, 7633, 813, 1, 7665, 769, 1, 7634, 769, 1, 7667, 775, 1, 7636, 775, 1, 7669, 803, 1, 7638, 803, 1, 7670, 775, 1, 7639, 775, 1, 7672, 803, 1, 7641, 803, 1, 7674, 817, 1, 7643, 817, 1, 7676, 813, 1, 7645, 813, 1, 7543, 769, 1, 7512, 769, 1, 7545, 776, 1, 7514, 776, 1, 7428, 768, 1, 7428, 768, 1, 7430, 769, 1, 7430, 769, 1, 7684, 769, 1, 7653, 769, 1, 7686, 775, 1, 7655, 775, 1, 7686, 775, 1, 7655, 775, 1, 7688, 803, 1, 7657, 803, 1, 2, 772, 1, 2, 772, 1, 7692, 817, 1, 7661, 817, 1, 7693, 775, 1, 7662, 775, 1, 7695, 803, 1, 7664, 803, 1, 7434, 775, 1, 7434, 775, 1, 7430, 775, 1, 7430, 775, 1, 6, 775, 1, 6, 775, 1, 7702, 775, 1, 7671, 775, 1, 7704, 803, 1, 7673, 803, 1, 7706, 817, 1, 7675, 817, 1, 7708, 813, 1, 7677, 813, 1, 7709, 804, 1, 7678, 804, 1, 7711, 816, 1, 7680, 816, 1, 7713, 813, 1, 7682, 813, 1, 7440, 769, 1, 7440, 769, 1, 7440, 776, 1, 7440, 776, 1, 7718, 771, 1, 7687, 771, 1, 7720, 803, 1, 7689, 803, 1, 7721, 768, 1, 7690, 768, 1, 7723, 769, 1, 7692, 769, 1, 7725, 776, 1, 7694, 776, 1, 7727, 775, 1, 7696, 775, 1, 7729, 803, 1, 7698, 803, 1, 7730, 775, 1, 7699, 775, 1, 7732, 776, 1, 7701, 776, 1, 7733, 775, 1, 7702, 775, 1, 7734, 770, 1, 7703, 770, 1, 7736, 803, 1, 7705, 803, 1, 7738, 817, 1, 7707, 817, 1, 7726, 817, 1, 7715, 776, 1, 7713, 778, 1, 7712, 778, 2, 7452, 775, 5, 7775, 803, 1, 7744, 803, 1, 7777, 777, 1, 7746, 777, 1, 7650, 769, 1, 7619, 769, 1, 7652, 768, 1, 7621, 768, 1, 7654, 777, 1, 7623, 777, 1, 7656, 771, 1, 7625, 771, 1, 12, 770, 1, 12, 770, 1, 7596, 769, 1, 7596, 769, 1, 7598, 768, 1, 7598, 768, 1, 7600, 777, 1, 7600, 777, 1, 7602, 771, 1, 7602, 771, 1, 22, 774, 1, 22, 774, 1, 7795, 803, 1, 7764, 803, 1, 7797, 777, 1, 7766, 777, 1, 7799, 771, 1, 7768, 771, 1, 7668, 769, 1, 7637, 769, 1, 7670, 768, 1, 7639, 768, 1, 7672, 777, 1, 7641, 777, 1, 7674, 771, 1, 7643, 771, 1, 14, 770, 1, 14, 770, 1, 7807, 777, 1, 7776, 777, 1, 7809, 803, 1, 7778, 803, 1, 7805, 803, 1, 7774, 803, 1, 7807, 777, 1, 7776, 777, 1, 7676, 769, 1, 7645, 769, 1, 7678, 768, 1, 7647, 768, 1, 7680, 777, 1, 7649, 777, 1, 7682, 771, 1, 7651, 771, 1, 12, 770, 1, 12, 770, 1, 7482, 769, 1, 7482, 769, 1, 7484, 768, 1, 7484, 768, 1, 7486, 777, 1, 7486, 777, 1, 7488, 771, 1, 7488, 771, 1, 7490, 803, 1, 7490, 803, 1, 7823, 803, 1, 7792, 803, 1, 7825, 777, 1, 7794, 777, 1, 7481, 769, 1, 7481, 769, 1, 7483, 768, 1, 7483, 768, 1, 7485, 777, 1, 7485, 777, 1, 7487, 771, 1, 7487, 771, 1, 7489, 803, 1, 7489, 803, 1, 7833, 768, 1, 7802, 768, 1, 7835, 803, 1, 7804, 803, 1, 7837, 777, 1, 7806, 777, 1, 7839, 771, 1, 7808, 771, 7, 6991, 787, 1, 6992, 788, 1, 2, 768, 1, 2, 768, 1, 4, 769, 1, 4, 769, 1, 6, 834, 1, 6, 834, 1, 7031, 787, 1, 7032, 788, 1, 2, 768, 1, 2, 768, 1, 4, 769, 1, 4, 769, 1, 6, 834, 1, 6, 834, 1, 7003, 787, 1, 7004, 788, 1, 2, 768, 1, 2, 768, 1, 4, 769, 1, 4, 769, 3, 7043, 787, 1, 7044, 788, 1, 2, 768, 1, 2, 768, 1, 4, 769, 1, 4, 769, 3, 7017, 787, 1, 7018, 788, 1, 2, 768, 1, 2, 768, 1, 4, 769, 1, 4, 769, 1, 6, 834, 1, 6, 834, 1, 7057, 787, 1, 7058, 788, 1, 2, 768, 1, 2, 768, 1, 4, 769, 1, 4, 769, 1, 6, 834, 1, 6, 834, 1, 7031, 787, 1, 7032, 788, 1, 2, 768, 1, 2, 768, 1, 4, 769, 1, 4, 769, 1, 6, 834, 1, 6, 834, 1, 7071, 787, 1, 7072, 788, 1, 2, 768, 1, 2, 768, 1, 4, 769, 1, 4, 769, 1, 6, 834, 1, 6, 834, 1, 7041, 787, 1, 7042, 788, 1, 2, 768, 1, 2, 768, 1, 4, 769, 1, 4, 769, 3, 7081, 787, 1, 7082, 788, 1, 2, 768, 1, 2, 768, 1, 4, 769, 1, 4, 769, 3, 7051, 787, 1, 7052, 788, 1, 2, 768, 1, 2, 768, 1, 4, 769, 1, 4, 769, 1, 6, 834, 1, 6, 834, 2, 7092, 788, 2, 2, 768, 2, 4, 769, 2, 6, 834, 1, 7063, 787, 1, 7064, 788, 1, 2, 768, 1, 2, 768, 1, 4, 769, 1, 4, 769, 1, 6, 834, 1, 6, 834, 1, 7103, 787, 1, 7104, 788, 1, 2, 768, 1, 2, 768, 1, 4, 769, 1, 4, 769, 1, 6, 834, 1, 6, 834, 1, 7103, 768, 1, 7109, 0, 1, 7101, 768, 1, 7110, 0, 1, 7101, 768, 1, 7111, 0, 1, 7101, 768, 1, 7112, 0, 1, 7097, 768, 1, 7085, 0, 1, 7093, 768, 1, 7086, 0, 1, 7091, 768, 1, 7087, 0, 3, 128, 837, 1, 128, 837, 1, 128, 837, 1, 128, 837, 1, 128, 837, 1, 128, 837, 1, 128, 837, 1, 128, 837, 1, 128, 837, 1, 128, 837, 1, 128, 837, 1, 128, 837, 1, 128, 837, 1, 128, 837, 1, 128, 837, 1, 128, 837, 1, 112, 837, 1, 112, 837, 1, 112, 837, 1, 112, 837, 1, 112, 837, 1, 112, 837, 1, 112, 837, 1, 112, 837, 1, 112, 837, 1, 112, 837, 1, 112, 837, 1, 112, 837, 1, 112, 837, 1, 112, 837, 1, 112, 837, 1, 112, 837, 1, 64, 837, 1, 64, 837, 1, 64, 837, 1, 64, 837, 1, 64, 837, 1, 64, 837, 1, 64, 837, 1, 64, 837, 1, 64, 837, 1, 64, 837, 1, 64, 837, 1, 64, 837, 1, 64, 837, 1, 64, 837, 1, 64, 837, 1, 64, 837, 1, 7167, 774, 1, 7168, 772, 1, 66, 837, 1, 7170, 837, 1, 7176, 837, 2, 7173, 834, 1, 1, 837, 1, 7207, 774, 1, 7208, 772, 1, 7209, 768, 1, 7221, 0, 1, 7211, 837, 2, 7173, 0, 3, 7961, 834, 1, 78, 837, 1, 7180, 837, 1, 7190, 837, 2, 7183, 834, 1, 1, 837, 1, 7219, 768, 1, 7233, 0, 1, 7219, 768, 1, 7234, 0, 1, 7221, 837, 1, 14, 768, 1, 15, 769, 1, 16, 834, 1, 7191, 774, 1, 7192, 772, 1, 7176, 768, 1, 7235, 0, 3, 7197, 834, 1, 7181, 834, 1, 7231, 774, 1, 7232, 772, 1, 7233, 768, 1, 7249, 0, 2, -33, 768, 1, -32, 769, 1, -31, 834, 1, 7195, 774, 1, 7196, 772, 1, 7191, 768, 1, 7219, 0, 1, 7203, 787, 1, 7204, 788, 1, 7201, 834, 1, 7196, 834, 1, 7235, 774, 1, 7236, 772, 1, 7237, 768, 1, 7261, 0, 1, 7243, 788, 1, 8005, 768, 1, 7273, 0, 1, 8079, 0, 3, 118, 837, 1, 7210, 837, 1, 7206, 837, 2, 7213, 834, 1, 1, 837, 1, 7257, 768, 1, 7277, 0, 1, 7249, 768, 1, 7276, 0, 1, 7251, 837, 1, 8009, 0, 3, -2, 0, 1, -2, 0, 293, 7549, 0, 4, 8415, 0, 1, 8294, 0, 111, 10, 824, 1, 9, 824, 19, 26, 824, 31, -3, 824, 1, -6, 824, 1, -3, 824, 53, 1, 824, 5, 1, 824, 3, 1, 824, 24, 1, 824, 2, 1, 824, 27, 5, 824, 3, 1, 824, 3, 2, 824, 2, 1, 824, 23, 8739, 824, 2, 1, 824, 11, 32, 824, 1, 8754, 824, 1, 8753, 824, 1, 12, 824, 1, 12, 824, 3, 2, 824, 1, 2, 824, 3, 2, 824, 1, 2, 824, 7, 6, 824, 1, 6, 824, 3, 2, 824, 1, 2, 824, 3, 2, 824, 1, 2, 824, 35, 10, 824, 1, 5, 824, 1, 5, 824, 1, 4, 824, 49, 100, 824, 1, 100, 824, 1, 81, 824, 1, 81, 824, 7, 56, 824, 1, 56, 824, 1, 56, 824, 1, 56, 824, 60, -3295, 0, 1, -3295, 0, 1970, -1, 824, 1392, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 3, 1, 12441, 2, 1, 12441, 2, 1, 12441, 7, 1, 12441, 1, 2, 12442, 2, 1, 12441, 1, 2, 12442, 2, 1, 12441, 1, 2, 12442, 2, 1, 12441, 1, 2, 12442, 2, 1, 12441, 1, 2, 12442, 23, 78, 12441, 10, 1, 12441, 14, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 2, 1, 12441, 3, 1, 12441, 2, 1, 12441, 2, 1, 12441, 7, 1, 12441, 1, 2, 12442, 2, 1, 12441, 1, 2, 12442, 2, 1, 12441, 1, 2, 12442, 2, 1, 12441, 1, 2, 12442, 2, 1, 12441, 1, 2, 12442, 23, 78, 12441, 3, 8, 12441, 1, 8, 12441, 1, 8, 12441, 1, 8, 12441, 4, 1, 12441, 51202, 27832, 0, 1, 37389, 0, 1, 27192, 0, 1, 27707, 0, 1, 35379, 0, 1, 43731, 0, 1, 42273, 0, 1, 22891, 0, 1, 22892, 0, 1, 40888, 0, 1, 26425, 0, 1, 41860, 0, 1, 40900, 0, 1, 38679, 0, 1, 33445, 0, 1, 31114, 0, 1, 29393, 0, 1, 29015, 0, 1, 28698, 0, 1, 26756, 0, 1, 36626, 0, 1, 35834, 0, 1, 34877, 0, 1, 34105, 0, 1, 29915, 0, 1, 26543, 0, 1, 24361, 0, 1, 43673, 0, 1, 42407, 0, 1, 36377, 0, 1, 34563, 0, 1, 29426, 0, 1, 23298, 0, 1, 39889, 0, 1, 35127, 0, 1, 29526, 0, 1, 28608, 0, 1, 38492, 0, 1, 30542, 0, 1, 28936, 0, 1, 39518, 0, 1, 37394, 0, 1, 35776, 0, 1, 34351, 0, 1, 26718, 0, 1, 43431, 0, 1, 42871, 0, 1, 42577, 0, 1, 37996, 0, 1, 36446, 0, 1, 34594, 0, 1, 33356, 0, 1, 31027, 0, 1, 29487, 0, 1, 29402, 0, 1, 27464, 0, 1, 25094, 0, 1, 24010, 0, 1, 23360, 0, 1, 32943, 0, 1, 32701, 0, 1, 31645, 0, 1, 30069, 0, 1, 26171, 0, 1, 23233, 0, 1, 28267, 0, 1, 41059, 0, 1, 39487, 0, 1, 31972, 0, 1, 30919, 0, 1, 34532, 0, 1, 32893, 0, 1, 27782, 0, 1, 25170, 0, 1, 41074, 0, 1, 40169, 0, 1, 36665, 0, 1, 35699, 0, 1, 35391, 0, 1, 31776, 0, 1, 31513, 0, 1, 25350, 0, 1, 42624, 0, 1, 30920, 0, 1, 42872, 0, 1, 42889, 0, 1, 32570, 0, 1, 31641, 0, 1, 30055, 0, 1, 25316, 0, 1, 28122, 0, 1, 38540, 0, 1, 36698, 0, 1, 28255, 0, 1, 43813, 0, 1, 40312, 0, 1, 39246, 0, 1, 34266, 0, 1, 33778, 0, 1, 42572, 0, 1, 32873, 0, 1, 43430, 0, 1, 39357, 0, 1, 43866, 0, 1, 35996, 0, 1, 37873, 0, 1, 31816, 0, 1, 42408, 0, 1, 41230, 0, 1, 33388, 0, 1, 29989, 0, 1, 28357, 0, 1, 36278, 0, 1, 27073, 0, 1, 36074, 0, 1, 38517, 0, 1, 30351, 0, 1, 38357, 0, 1, 33809, 0, 1, 43721, 0, 1, 43023, 0, 1, 42928, 0, 1, 37113, 0, 1, 31892, 0, 1, 30477, 0, 1, 28331, 0, 1, 26543, 0, 1, 42634, 0, 1, 42302, 0, 1, 40974, 0, 1, 39574, 0, 1, 37822, 0, 1, 35206, 0, 1, 32859, 0, 1, 25561, 0, 1, 24349, 0, 1, 23281, 0, 1, 23227, 0, 1, 42735, 0, 1, 37573, 0, 1, 36373, 0, 1, 27179, 0, 1, 39706, 0, 1, 38911, 0, 1, 38800, 0, 1, 38135, 0, 1, 35439, 0, 1, 34890, 0, 1, 34059, 0, 1, 32715, 0, 1, 31650, 0, 1, 31016, 0, 1, 27250, 0, 1, 29867, 0, 1, 26999, 0, 1, 26193, 0, 1, 42885, 0, 1, 42746, 0, 1, 42209, 0, 1, 35031, 0, 1, 28894, 0, 1, 28407, 0, 1, 39641, 0, 1, 39342, 0, 1, 38441, 0, 1, 36343, 0, 1, 32104, 0, 1, 34354, 0, 1, 43716, 0, 1, 41648, 0, 1, 40387, 0, 1, 39921, 0, 1, 39312, 0, 1, 34299, 0, 1, 34117, 0, 1, 31253, 0, 1, 31082, 0, 1, 26493, 0, 1, 25276, 0, 1, 25195, 0, 1, 24988, 0, 1, 43562, 0, 1, 32776, 0, 1, 26627, 0, 1, 25344, 0, 1, 39128, 0, 1, 43828, 0, 1, 43233, 0, 1, 40398, 0, 1, 40318, 0, 1, 37925, 0, 1, 36797, 0, 1, 34802, 0, 1, 33663, 0, 1, 29894, 0, 1, 26951, 0, 1, 23095, 0, 1, 37693, 0, 1, 25496, 0, 1, 42814, 0, 1, 37453, 0, 1, 37334, 0, 1, 35977, 0, 1, 35631, 0, 1, 34243, 0, 1, 33908, 0, 1, 33123, 0, 1, 31935, 0, 1, 24946, 0, 1, 43108, 0, 1, 38820, 0, 1, 25435, 0, 1, 43433, 0, 1, 40124, 0, 1, 35820, 0, 1, 27309, 0, 1, 39501, 0, 1, 39061, 0, 1, 37315, 0, 1, 34388, 0, 1, 25430, 0, 1, 42932, 0, 1, 42447, 0, 1, 40314, 0, 1, 37837, 0, 1, 37523, 0, 1, 37178, 0, 1, 36094, 0, 1, 34270, 0, 1, 33795, 0, 1, 31341, 0, 1, 28952, 0, 1, 28935, 0, 1, 26653, 0, 1, 25352, 0, 1, 42668, 0, 1, 35634, 0, 1, 42448, 0, 1, 34846, 0, 1, 34135, 0, 1, 29686, 0, 1, 25422, 0, 1, 23963, 0, 1, 23380, 0, 1, 37469, 0, 1, 35882, 0, 1, 30734, 0, 1, 32556, 0, 1, 32472, 0, 1, 32103, 0, 1, 34618, 0, 1, 35170, 0, 1, 28324, 0, 1, 43837, 0, 1, 30408, 0, 1, 42949, 0, 1, 43001, 0, 1, 39771, 0, 1, 38703, 0, 1, 32045, 0, 1, 40575, 0, 1, 36071, 0, 1, 37714, 0, 1, 27340, 0, 1, 29116, 0, 1, 25532, 0, 1, 28799, 0, 1, 39736, 0, 1, 43212, 0, 1, 42061, 0, 3, 41398, 0, 2, 37790, 0, 3, 43063, 0, 1, 34540, 0, 1, 33613, 0, 1, 32988, 0, 1, 32955, 0, 1, 32949, 0, 1, 32908, 0, 1, 25286, 0, 1, 32095, 0, 1, 31329, 0, 2, 29710, 0, 2, 28458, 0, 3, 27117, 0, 1, 26921, 0, 4, 24891, 0, 1, 24879, 0, 1, 24836, 0, 1, 23673, 0, 1, 26960, 0, 1, 25464, 0, 1, 43650, 0, 1, 43338, 0, 1, 43237, 0, 1, 42858, 0, 1, 42832, 0, 1, 42724, 0, 1, 42137, 0, 1, 42033, 0, 1, 41936, 0, 1, 41465, 0, 1, 41362, 0, 1, 40407, 0, 1, 40398, 0, 1, 39337, 0, 1, 39126, 0, 1, 39089, 0, 1, 38990, 0, 1, 38130, 0, 1, 37984, 0, 1, 37810, 0, 1, 37311, 0, 1, 36046, 0, 1, 35884, 0, 1, 35621, 0, 1, 35034, 0, 1, 34846, 0, 1, 34344, 0, 1, 33210, 0, 1, 33038, 0, 1, 33028, 0, 1, 33030, 0, 1, 33023, 0, 1, 33018, 0, 1, 33012, 0, 1, 32965, 0, 1, 32965, 0, 1, 32788, 0, 1, 32724, 0, 1, 32406, 0, 1, 31843, 0, 1, 31823, 0, 1, 31768, 0, 1, 31464, 0, 1, 31318, 0, 1, 30831, 0, 1, 30692, 0, 1, 30693, 0, 1, 30216, 0, 1, 29008, 0, 1, 28875, 0, 1, 28513, 0, 1, 28458, 0, 1, 28049, 0, 1, 27997, 0, 1, 27312, 0, 1, 27183, 0, 1, 25477, 0, 1, 25194, 0, 1, 25135, 0, 1, 39414, 0, 1, -84098, 0, 1, 30805, 0, 3, 44106, 0, 1, 43196, 0, 1, 43274, 0, 1, 43763, 0, 1, 43311, 0, 1, 43253, 0, 1, 42927, 0, 1, 42877, 0, 1, 42203, 0, 1, 42276, 0, 1, 42209, 0, 1, 42137, 0, 1, 41506, 0, 1, 41418, 0, 1, 41274, 0, 1, 41259, 0, 1, 40990, 0, 1, 40793, 0, 1, 39856, 0, 1, 39850, 0, 1, 39707, 0, 1, 39640, 0, 1, 39342, 0, 1, 39225, 0, 1, 39296, 0, 1, 39163, 0, 1, 39210, 0, 1, 39065, 0, 1, 39e3, 0, 1, 38601, 0, 1, 38514, 0, 1, 38461, 0, 1, 38202, 0, 1, 37917, 0, 1, 37755, 0, 1, 37752, 0, 1, 37694, 0, 1, 36636, 0, 1, 36572, 0, 1, 36182, 0, 1, 35773, 0, 1, 35790, 0, 1, 35704, 0, 1, 35453, 0, 1, 35118, 0, 1, 33526, 0, 1, 34921, 0, 1, 34800, 0, 1, 34678, 0, 1, 34352, 0, 1, 34204, 0, 1, 34152, 0, 1, 33927, 0, 1, 33926, 0, 1, 33756, 0, 1, 33740, 0, 1, 33716, 0, 1, 33631, 0, 1, 33642, 0, 1, 33247, 0, 1, 32763, 0, 1, 32493, 0, 1, 32307, 0, 1, 32084, 0, 1, 31932, 0, 1, 31603, 0, 1, 31405, 0, 1, 30561, 0, 1, 30405, 0, 1, 29500, 0, 1, 29045, 0, 1, 28977, 0, 1, 28962, 0, 1, 28666, 0, 1, 28610, 0, 1, 28656, 0, 1, 28603, 0, 1, 28607, 0, 1, 28625, 0, 1, 28550, 0, 1, 28470, 0, 1, 28089, 0, 1, 27530, 0, 1, 27217, 0, 1, 26923, 0, 1, 26703, 0, 1, 25674, 0, 1, 25572, 0, 1, 25458, 0, 1, 25326, 0, 1, 25291, 0, 1, 25280, 0, 1, 25233, 0, 1, 24507, 0, 1, 23346, 0, 1, -77179, 0, 1, -77172, 0, 1, -80132, 0, 1, 48949, 0, 1, 47803, 0, 1, 47771, 0, 1, -87924, 0, 1, -90618, 0, 1, -99324, 0, 1, 23445, 0, 1, 23371, 0, 68, 62788, 1460, 2, 62765, 1463, 11, 62785, 1473, 1, 62786, 1474, 1, -29, 1473, 1, -28, 1474, 1, 62814, 1463, 1, 62815, 1464, 1, 62816, 1468, 1, 62816, 1468, 1, 62816, 1468, 1, 62816, 1468, 1, 62816, 1468, 1, 62816, 1468, 1, 62816, 1468, 2, 62816, 1468, 1, 62816, 1468, 1, 62816, 1468, 1, 62816, 1468, 1, 62816, 1468, 2, 62816, 1468, 2, 62816, 1468, 1, 62816, 1468, 2, 62816, 1468, 1, 62816, 1468, 2, 62816, 1468, 1, 62816, 1468, 1, 62816, 1468, 1, 62816, 1468, 1, 62816, 1468, 1, 62838, 1465, 1, 62843, 1471, 1, 62834, 1471, 1, 62826, 1471, 5452, 1, 69818, 2, 1, 69818, 15, 6, 69818, 131, -3, 69927, 1, -3, 69927, 540, 4, 70462, 1, 5, 70487, 367, 2, 70842, 1, 3, 70832, 2, 5, 70845, 252, 2, 71087, 1, 2, 71087, 893, 3, 71984, 47142, 7, 119141, 1, 7, 119141, 1, 1, 119150, 1, 2, 119151, 1, 3, 119152, 1, 4, 119153, 1, 5, 119154, 87, 2, 119141, 1, 2, 119141, 1, 2, 119150, 1, 2, 119150, 1, 4, 119151, 1, 4, 119151, 75328, 174531, 0, 1, 174537, 0, 1, 174529, 0, 1, 63201, 0, 1, 174244, 0, 1, 174167, 0, 1, 174155, 0, 1, 174085, 0, 1, 173966, 0, 1, 173936, 0, 1, 173859, 0, 1, 173884, 0, 1, 181102, 0, 1, 61907, 0, 1, 173761, 0, 1, 173755, 0, 1, 173740, 0, 1, 173722, 0, 1, 62198, 0, 1, 181082, 0, 1, 173741, 0, 1, 173704, 0, 1, 62155, 0, 1, 173696, 0, 1, 173684, 0, 1, 174413, 0, 1, 173678, 0, 1, 173670, 0, 1, 26173, 0, 1, 173608, 0, 1, 173595, 0, 1, 181056, 0, 1, 173541, 0, 1, 173531, 0, 1, 173488, 0, 1, 173484, 0, 1, 181007, 0, 1, 173406, 0, 1, 173405, 0, 1, 173379, 0, 1, 173358, 0, 1, 173348, 0, 1, 173348, 0, 1, 173332, 0, 1, 173283, 0, 1, 173276, 0, 1, 173268, 0, 1, 173244, 0, 1, 173235, 0, 1, 173234, 0, 1, 173235, 0, 1, 173236, 0, 1, 60936, 0, 1, 165829, 0, 1, 173164, 0, 1, 173144, 0, 1, 60629, 0, 1, 173134, 0, 1, 173129, 0, 1, 173109, 0, 1, 172958, 0, 1, 173061, 0, 1, 173046, 0, 1, 173015, 0, 1, 172958, 0, 1, 172875, 0, 1, 172850, 0, 1, 172784, 0, 1, 172769, 0, 1, 172737, 0, 1, 172738, 0, 1, 172718, 0, 1, 172701, 0, 1, 172694, 0, 1, 172680, 0, 1, 172341, 0, 1, 172614, 0, 1, 172342, 0, 1, 172541, 0, 1, 172507, 0, 1, 173641, 0, 1, 171875, 0, 1, 172164, 0, 1, 172127, 0, 1, 172103, 0, 1, 172234, 0, 1, 172068, 0, 1, 172070, 0, 1, 171948, 0, 1, 58229, 0, 1, 171880, 0, 1, 171876, 0, 1, 171862, 0, 1, 171843, 0, 1, 171836, 0, 1, 171773, 0, 1, 57784, 0, 1, 57719, 0, 1, 171638, 0, 1, 171592, 0, 1, 171581, 0, 1, 171661, 0, 1, 171520, 0, 1, 180601, 0, 1, 180588, 0, 1, 171361, 0, 1, 171308, 0, 1, 171309, 0, 1, 56996, 0, 1, 171178, 0, 1, 171158, 0, 1, 171144, 0, 1, 171133, 0, 1, 56665, 0, 1, 171123, 0, 1, 171117, 0, 1, 170273, 0, 1, 171091, 0, 1, 180469, 0, 1, 171031, 0, 1, 171018, 0, 1, 170937, 0, 1, 170989, 0, 1, 55959, 0, 1, 170809, 0, 1, 55959, 0, 1, 170768, 0, 1, 170772, 0, 1, 170756, 0, 1, 170656, 0, 1, 170656, 0, 1, 180308, 0, 1, 170631, 0, 1, 170589, 0, 1, 170569, 0, 1, 170526, 0, 1, 180262, 0, 1, 55046, 0, 1, 180238, 0, 1, 170459, 0, 1, 170457, 0, 1, 170455, 0, 1, 170436, 0, 1, 21757, 0, 1, 170386, 0, 1, 54624, 0, 1, 54625, 0, 1, 161426, 0, 1, 170354, 0, 1, 170355, 0, 1, 180175, 0, 1, 50655, 0, 1, 38590, 0, 1, 170295, 0, 1, 170287, 0, 1, 180152, 0, 1, 170242, 0, 1, 170192, 0, 1, 170183, 0, 1, 170150, 0, 1, 170015, 0, 1, 180071, 0, 1, 180102, 0, 1, 169999, 0, 1, 53712, 0, 1, 169950, 0, 1, 169822, 0, 1, 169819, 0, 1, 169818, 0, 1, 169821, 0, 1, 169776, 0, 1, 169757, 0, 1, 169722, 0, 1, 169737, 0, 1, 169727, 0, 1, 169681, 0, 1, 169662, 0, 1, 169659, 0, 1, 169634, 0, 1, 169624, 0, 1, 169559, 0, 1, 169476, 0, 1, 169442, 0, 1, 169319, 0, 1, 52652, 0, 1, 169340, 0, 1, 169406, 0, 1, 169299, 0, 1, 169273, 0, 1, 169177, 0, 1, 52429, 0, 1, 169117, 0, 1, 169211, 0, 1, 169240, 0, 1, 179860, 0, 1, 169050, 0, 1, 169030, 0, 1, 169e3, 0, 1, 169039, 0, 1, 179803, 0, 1, 168825, 0, 1, 168797, 0, 1, 51392, 0, 1, 168680, 0, 1, 168404, 0, 1, 168580, 0, 1, 179637, 0, 1, 168510, 0, 1, 179656, 0, 1, 179693, 0, 1, 173888, 0, 1, 173886, 0, 1, 168404, 0, 1, 168505, 0, 1, 161833, 0, 1, 177406, 0, 1, 168385, 0, 1, 168382, 0, 1, 168377, 0, 1, 168317, 0, 1, 168329, 0, 1, 50458, 0, 1, 179605, 0, 1, 168165, 0, 1, 168283, 0, 1, 168079, 0, 1, 168029, 0, 1, 50294, 0, 1, 168022, 0, 1, 168134, 0, 1, 167890, 0, 1, 179530, 0, 1, 167846, 0, 1, 167750, 0, 1, 167680, 0, 1, 167491, 0, 1, 49737, 0, 1, 167442, 0, 1, 179414, 0, 1, 167374, 0, 1, 49225, 0, 1, 167325, 0, 1, 179364, 0, 1, 167297, 0, 1, 167253, 0, 1, 167227, 0, 1, 167227, 0, 1, 48746, 0, 1, 56301, 0, 1, 48639, 0, 1, 167084, 0, 1, 48191, 0, 1, 166973, 0, 1, 166960, 0, 1, 167063, 0, 1, 166889, 0, 1, 166850, 0, 1, 166794, 0, 1, 166849, 0, 1, 166810, 0, 1, 166796, 0, 1, 166784, 0, 1, 48104, 0, 1, 166867, 0, 1, 166617, 0, 1, 166555, 0, 1, 179159, 0, 1, 166464, 0, 1, 166469, 0, 1, 47676, 0, 1, 166677, 0, 1, 166305, 0, 1, 47538, 0, 1, 47491, 0, 1, 166220, 0, 1, 166106, 0, 1, 166134, 0, 1, 166138, 0, 1, 179072, 0, 1, 166093, 0, 1, 166043, 0, 1, 166050, 0, 1, 165997, 0, 1, 62454, 0, 1, 165847, 0, 1, 46778, 0, 1, 165762, 0, 1, 46452, 0, 1, 165624, 0, 1, 165612, 0, 1, 165586, 0, 1, 45851, 0, 1, 165540, 0, 1, 165520, 0, 1, 45553, 0, 1, 45331, 0, 1, 165294, 0, 1, 165278, 0, 1, 178814, 0, 1, 165254, 0, 1, 178804, 0, 1, 178805, 0, 1, 165095, 0, 1, 165075, 0, 1, 165055, 0, 1, 165036, 0, 1, 164968, 0, 1, 178712, 0, 1, 164880, 0, 1, 44287, 0, 1, 164856, 0, 1, 44197, 0, 1, 164808, 0, 1, 55194, 0, 1, 164650, 0, 1, 43418, 0, 1, 43396, 0, 1, 43257, 0, 1, 178498, 0, 1, 178487, 0, 1, 164428, 0, 1, 43086, 0, 1, 43088, 0, 1, 43050, 0, 1, 43025, 0, 1, 164391, 0, 1, 164391, 0, 1, 164392, 0, 1, 164350, 0, 1, 178448, 0, 1, 164287, 0, 1, 178437, 0, 1, 178358, 0, 1, 42288, 0, 1, 164096, 0, 1, 164035, 0, 1, 163972, 0, 1, 178286, 0, 1, 41772, 0, 1, 163837, 0, 1, 41658, 0, 1, 41616, 0, 1, 163783, 0, 1, 163692, 0, 1, 178217, 0, 1, 163609, 0, 1, 163600, 0, 1, 163596, 0, 1, 40928, 0, 1, 40630, 0, 1, 40631, 0, 1, 163441, 0, 1, 178014, 0, 1, 40374, 0, 1, 163228, 0, 1, 163226, 0, 1, 177981, 0, 1, 40165, 0, 1, 162964, 0, 1, 177863, 0, 1, 162944, 0, 1, 162950, 0, 1, 162922, 0, 1, 39397, 0, 1, 162825, 0, 1, 177772, 0, 1, 162727, 0, 1, 162669, 0, 1, 162603, 0, 1, 177725, 0, 1, 38730, 0, 1, 38700, 0, 1, 177691, 0, 1, 38556, 0, 1, 162300, 0, 1, 38457, 0, 1, 162275, 0, 1, 162175, 0, 1, 162165, 0, 1, 38049, 0, 1, 37977, 0, 1, 162077, 0, 1, 37846, 0, 1, 162063, 0, 1, 50721, 0, 1, 177580, 0, 1, 162e3, 0, 1, 161920, 0, 1, 177529, 0, 1, 161863, 0, 1, 171729, 0, 1, 37344, 0, 1, 37331, 0, 1, 50678, 0, 1, 50670, 0, 1, 161674, 0, 1, 161672, 0, 1, 158191, 0, 1, 177443, 0, 1, 161534, 0, 1, 161541, 0, 1, 161524, 0, 1, 173791, 0, 1, 161506, 0, 1, 161505, 0, 1, 161496, 0, 1, 161456, 0, 1, 36443, 0, 1, 161459, 0, 1, 161404, 0, 1, 161335, 0, 1, 161262, 0, 1, 161401, 0, 1, 161248, 0, 1, 161207, 0, 1, 161096, 0, 1, 161357, 0, 1, 161239, 0, 1, 161238, 0, 1, 161223, 0, 1, 36206, 0, 1, 35898, 0, 1, 36049, 0, 1, 177276, 0, 1, 160951, 0, 1, 160950, 0, 1, 160916, 0, 1, 34273, 0, 1, 160840, 0, 1, 35457, 0, 1, 177233, 0, 1, 177230, 0, 1, 35327, 0, 1, 35039, 0, 1, 177223, 0, 1, 160611, 0, 1, 160600, 0, 1, 160590, 0, 1, 160589, 0, 1, 160526, 0, 1, 160560, 0, 1, 160427, 0, 1, 160472, 0, 1, 160322, 0, 1, 160404, 0, 1, 160338, 0, 1, 160312, 0, 1, 177128, 0, 1, 160223, 0, 1, 160192, 0, 1, 177097, 0, 1, 160099, 0, 1, 160097, 0, 1, 33630, 0, 1, 159983, 0, 1, 159977, 0, 1, 177043, 0, 1, 159951, 0, 1, 181519, 0, 1, 33053, 0, 1, 32870, 0, 1, 176911, 0, 1, 176903, 0, 1, 159535, 0, 1, 159459, 0, 1, 159303, 0, 1, 159101, 0, 1, 32043, 0, 1, 159017, 0, 1, 158996, 0, 1, 158907, 0, 1, 158816, 0, 1, 31401, 0, 1, 61909, 0, 1, 158735, 0, 1, 158751, 0, 1, 158700, 0, 1, 61695, 0, 1, 158474, 0, 1, 158375, 0, 1, 29710, 0, 1, 29684, 0, 1, 158030, 0, 1, 157938, 0, 1, 157907, 0, 1, 29367, 0, 1, 157899, 0, 1, 157615, 0, 1, 157457, 0, 1, 157457, 0, 1, 157550, 0, 1, 157170, 0, 1, 157143, 0, 1, 28147, 0, 1, 156771, 0, 1, 176218, 0, 1, 156729, 0, 1, 27770, 0, 1, 176140, 0, 1, 156464, 0, 1, 171074, 0, 1, 156370, 0, 1, 26801, 0, 1, 26589, 0, 1, 176010, 0, 1, 176003, 0, 1, 156186, 0, 1, 26097, 0, 1, 175946, 0, 1, 25959, 0, 1, 156147, 0, 1, 156148, 0, 1, 156119, 0, 1, 25675, 0, 1, 155936, 0, 1, 175824, 0, 1, 155867, 0, 1, 155742, 0, 1, 155716, 0, 1, 155657, 0, 1, 175674, 0, 1, 24281, 0, 1, 155384, 0, 1, 155083, 0, 1, 154895, 0, 1, 175423, 0, 1, 175393, 0, 1, 154792, 0, 1, 22850, 0, 1, 175385, 0, 1, 22797, 0, 1, 22533, 0, 1, 22403, 0, 1, 154458, 0, 1, 175296, 0, 1, 154398, 0, 1, 154394, 0, 1, 154388, 0, 1, 154379, 0, 1, 154373, 0, 1, 154337, 0, 1, 21533, 0];
var exclusions = "340-341 343-344 374 37E 387 958-95F 9DC-9DD 9DF A33 A36 A59-A5B A5E B5C-B5D F43 F4D F52 F57 F5C F69 F73 F75-F76 F78 F81 F93 F9D FA2 FA7 FAC FB9 1F71 1F73 1F75 1F77 1F79 1F7B 1F7D 1FBB 1FBE 1FC9 1FCB 1FD3 1FDB 1FE3 1FEB 1FEE-1FEF 1FF9 1FFB 1FFD 2000-2001 2126 212A-212B 2329 232A 2ADC F900-FA0D FA10 FA12 FA15-FA1E FA20 FA22 FA25-FA26 FA2A-FA6D FA70-FAD9 FB1D FB1F FB2A-FB36 FB38-FB3C FB3E FB40-FB41 FB43-FB44 FB46-FB4E 1D15E-1D164 1D1BB-1D1C0 2F800-2FA1D";
var combiningClasses = "300-314:230 315:232 316-319:220 31A:232 31B:216 31C-320:220 321-322:202 323-326:220 327-328:202 329-333:220 334-338:1 339-33C:220 33D-344:230 345:240 346:230 347-349:220 34A-34C:230 34D-34E:220 350-352:230 353-356:220 357:230 358:232 359-35A:220 35B:230 35C:233 35D-35E:234 35F:233 360-361:234 362:233 363-36F:230 483-487:230 591:220 592-595:230 596:220 597-599:230 59A:222 59B:220 59C-5A1:230 5A2-5A7:220 5A8-5A9:230 5AA:220 5AB-5AC:230 5AD:222 5AE:228 5AF:230 5B0:10 5B1:11 5B2:12 5B3:13 5B4:14 5B5:15 5B6:16 5B7:17 5B8:18 5B9-5BA:19 5BB:20 5BC:21 5BD:22 5BF:23 5C1:24 5C2:25 5C4:230 5C5:220 5C7:18 610-617:230 618:30 619:31 61A:32 64B:27 64C:28 64D:29 64E:30 64F:31 650:32 651:33 652:34 653-654:230 655-656:220 657-65B:230 65C:220 65D-65E:230 65F:220 670:35 6D6-6DC:230 6DF-6E2:230 6E3:220 6E4:230 6E7-6E8:230 6EA:220 6EB-6EC:230 6ED:220 711:36 730:230 731:220 732-733:230 734:220 735-736:230 737-739:220 73A:230 73B-73C:220 73D:230 73E:220 73F-741:230 742:220 743:230 744:220 745:230 746:220 747:230 748:220 749-74A:230 7EB-7F1:230 7F2:220 7F3:230 7FD:220 816-819:230 81B-823:230 825-827:230 829-82D:230 859-85B:220 898:230 899-89B:220 89C-89F:230 8CA-8CE:230 8CF-8D3:220 8D4-8E1:230 8E3:220 8E4-8E5:230 8E6:220 8E7-8E8:230 8E9:220 8EA-8EC:230 8ED-8EF:220 8F0:27 8F1:28 8F2:29 8F3-8F5:230 8F6:220 8F7-8F8:230 8F9-8FA:220 8FB-8FF:230 93C:7 94D:9 951:230 952:220 953-954:230 9BC:7 9CD:9 9FE:230 A3C:7 A4D:9 ABC:7 ACD:9 B3C:7 B4D:9 BCD:9 C3C:7 C4D:9 C55:84 C56:91 CBC:7 CCD:9 D3B-D3C:9 D4D:9 DCA:9 E38-E39:103 E3A:9 E48-E4B:107 EB8-EB9:118 EBA:9 EC8-ECB:122 F18-F19:220 F35:220 F37:220 F39:216 F71:129 F72:130 F74:132 F7A-F7D:130 F80:130 F82-F83:230 F84:9 F86-F87:230 FC6:220 1037:7 1039-103A:9 108D:220 135D-135F:230 1714-1715:9 1734:9 17D2:9 17DD:230 18A9:228 1939:222 193A:230 193B:220 1A17:230 1A18:220 1A60:9 1A75-1A7C:230 1A7F:220 1AB0-1AB4:230 1AB5-1ABA:220 1ABB-1ABC:230 1ABD:220 1ABF-1AC0:220 1AC1-1AC2:230 1AC3-1AC4:220 1AC5-1AC9:230 1ACA:220 1ACB-1ACE:230 1B34:7 1B44:9 1B6B:230 1B6C:220 1B6D-1B73:230 1BAA-1BAB:9 1BE6:7 1BF2-1BF3:9 1C37:7 1CD0-1CD2:230 1CD4:1 1CD5-1CD9:220 1CDA-1CDB:230 1CDC-1CDF:220 1CE0:230 1CE2-1CE8:1 1CED:220 1CF4:230 1CF8-1CF9:230 1DC0-1DC1:230 1DC2:220 1DC3-1DC9:230 1DCA:220 1DCB-1DCC:230 1DCD:234 1DCE:214 1DCF:220 1DD0:202 1DD1-1DF5:230 1DF6:232 1DF7-1DF8:228 1DF9:220 1DFA:218 1DFB:230 1DFC:233 1DFD:220 1DFE:230 1DFF:220 20D0-20D1:230 20D2-20D3:1 20D4-20D7:230 20D8-20DA:1 20DB-20DC:230 20E1:230 20E5-20E6:1 20E7:230 20E8:220 20E9:230 20EA-20EB:1 20EC-20EF:220 20F0:230 2CEF-2CF1:230 2D7F:9 2DE0-2DFF:230 302A:218 302B:228 302C:232 302D:222 302E-302F:224 3099-309A:8 A66F:230 A674-A67D:230 A69E-A69F:230 A6F0-A6F1:230 A806:9 A82C:9 A8C4:9 A8E0-A8F1:230 A92B-A92D:220 A953:9 A9B3:7 A9C0:9 AAB0:230 AAB2-AAB3:230 AAB4:220 AAB7-AAB8:230 AABE-AABF:230 AAC1:230 AAF6:9 ABED:9 FB1E:26 FE20-FE26:230 FE27-FE2D:220 FE2E-FE2F:230 101FD:220 102E0:220 10376-1037A:230 10A0D:220 10A0F:230 10A38:230 10A39:1 10A3A:220 10A3F:9 10AE5:230 10AE6:220 10D24-10D27:230 10EAB-10EAC:230 10EFD-10EFF:220 10F46-10F47:220 10F48-10F4A:230 10F4B:220 10F4C:230 10F4D-10F50:220 10F82:230 10F83:220 10F84:230 10F85:220 11046:9 11070:9 1107F:9 110B9:9 110BA:7 11100-11102:230 11133-11134:9 11173:7 111C0:9 111CA:7 11235:9 11236:7 112E9:7 112EA:9 1133B-1133C:7 1134D:9 11366-1136C:230 11370-11374:230 11442:9 11446:7 1145E:230 114C2:9 114C3:7 115BF:9 115C0:7 1163F:9 116B6:9 116B7:7 1172B:9 11839:9 1183A:7 1193D-1193E:9 11943:7 119E0:9 11A34:9 11A47:9 11A99:9 11C3F:9 11D42:7 11D44-11D45:9 11D97:9 11F41-11F42:9 16AF0-16AF4:1 16B30-16B36:230 16FF0-16FF1:6 1BC9E:1 1D165-1D166:216 1D167-1D169:1 1D16D:226 1D16E-1D172:216 1D17B-1D182:220 1D185-1D189:230 1D18A-1D18B:220 1D1AA-1D1AD:230 1D242-1D244:230 1E000-1E006:230 1E008-1E018:230 1E01B-1E021:230 1E023-1E024:230 1E026-1E02A:230 1E08F:230 1E130-1E136:230 1E2AE:230 1E2EC-1E2EF:230 1E4EC-1E4ED:232 1E4EE:220 1E4EF:230 1E8D0-1E8D6:220 1E944-1E949:230 1E94A:7";

// web/src/unicode.js
function runLookup(runs) {
  const starts = new Int32Array(runs.length / 2);
  const values = new Int32Array(runs.length / 2);
  let start = 0;
  for (let i = 0; i < starts.length; i++) {
    start += runs[2 * i];
    starts[i] = start;
    values[i] = runs[2 * i + 1];
  }
  const direct = new Int8Array(12288);
  for (let i = 0; i < starts.length && starts[i] < direct.length; i++) {
    const end = i + 1 < starts.length ? Math.min(starts[i + 1], direct.length) : direct.length;
    if (values[i] !== 0)
      direct.fill(values[i], i === 0 ? 0 : starts[i], end);
  }
  return (v) => {
    if (v < 12288)
      return direct[v];
    let lo = 0, hi = starts.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if (starts[mid] <= v)
        lo = mid;
      else
        hi = mid - 1;
    }
    return values[lo];
  };
}
var unicodeVersion2 = unicodeVersion;
var gcb = runLookup(graphemeBreak);
var pictographic = runLookup(extendedPictographic);
var conjunct = runLookup(indicConjunctBreak);
var emojiStartRuns = runLookup(emojiStart);
var latinFold2 = runLookup(latinFold);
var whiteSpace2 = new Set(whiteSpace);
var lowercaseTable = null;
function lowercase() {
  if (lowercaseTable)
    return lowercaseTable;
  const table = /* @__PURE__ */ new Map();
  for (let i = 0; i < lowercaseRuns.length; i += 4) {
    const [first, count, step, delta] = lowercaseRuns.slice(i, i + 4);
    for (let k = 0; k < count; k++)
      table.set(first + k * step, [first + k * step + delta]);
  }
  for (let i = 0; i < lowercaseLong.length; ) {
    const n = lowercaseLong[i + 1];
    table.set(lowercaseLong[i], lowercaseLong.slice(i + 2, i + 2 + n));
    i += 2 + n;
  }
  return lowercaseTable = table;
}
var CR = 1;
var LF = 2;
var CONTROL = 3;
var EXTEND = 4;
var ZWJ = 5;
var RI = 6;
var PREPEND = 7;
var SPACING = 8;
var L = 9;
var V = 10;
var T = 11;
var LV = 12;
var LVT = 13;
function isEmojiStart(v) {
  return v < 65536 ? emojiStartBMP[v] === 1 : emojiStartRuns(v) === 1;
}
var emojiStartRanges = (
  /** @type {[number, number][]} */
  []
);
{
  let start = 0;
  for (let i = 0; i < emojiStart.length; i += 2) {
    start += emojiStart[i];
    const end = i + 2 < emojiStart.length ? start + emojiStart[i + 2] : 1114112;
    if (emojiStart[i + 1] === 1)
      emojiStartRanges.push([start, end]);
  }
}
var emojiStartBMP = new Uint8Array(65536);
for (const [start, end] of emojiStartRanges)
  if (start < 65536)
    emojiStartBMP.fill(1, start, Math.min(end, 65536));
var emojiLeadUnits = new Uint8Array(65536);
{
  for (const [start, end] of emojiStartRanges) {
    if (start < 65536)
      emojiLeadUnits.fill(8, Math.max(start, 169), Math.max(start, 169, Math.min(end, 65536)));
    for (let v = Math.max(start, 65536); v < end; v += 1024 - (v - 65536 & 1023)) {
      emojiLeadUnits[55296 + (v - 65536 >> 10)] = 8;
    }
  }
  for (const u of "0123456789#*")
    emojiLeadUnits[u.charCodeAt(0)] = 8;
}
function packedSlowly(v) {
  return gcb(v) | pictographic(v) << 4 | conjunct(v) << 5;
}
var bmp = new Uint8Array(65536);
var plane1 = new Uint8Array(65536);
var tagsBlock = new Uint8Array(4096);
var segments = (() => {
  const lists = [graphemeBreak, extendedPictographic, indicConjunctBreak];
  const cuts = /* @__PURE__ */ new Set([0, 55296, 57344, 65536, 131072, 917504, 921600]);
  for (const runs of lists) {
    let start = 0;
    for (let i = 0; i < runs.length && (start += runs[i]) < 921600; i += 2)
      cuts.add(start);
  }
  return Int32Array.from(cuts).sort();
})();
{
  const cursor = (runs) => {
    let i = 0, start = runs[0];
    return (v) => {
      while (i + 2 < runs.length && start + runs[i + 2] <= v)
        start += runs[i += 2];
      return runs[i + 1];
    };
  };
  const [g, p, c] = [cursor(graphemeBreak), cursor(extendedPictographic), cursor(indicConjunctBreak)];
  for (let k = 0; k + 1 < segments.length; k++) {
    const from = segments[k], to = segments[k + 1];
    const value = g(from) | p(from) << 4 | c(from) << 5;
    if (value === 0 || from >= 131072 && from < 917504)
      continue;
    if (from < 65536)
      bmp.fill(value, from, to);
    else if (from < 131072)
      plane1.fill(value, from - 65536, to - 65536);
    else
      tagsBlock.fill(value, from - 917504, to - 917504);
  }
}
function packed(v) {
  return v < 65536 ? bmp[v] : v < 131072 ? plane1[v - 65536] : packedSlowly(v);
}
var kernelTable = null;
function kernelProperties() {
  if (kernelTable)
    return kernelTable;
  const table = new Uint8Array(135168);
  table.set(bmp, 0);
  table.set(plane1, 65536);
  table.set(tagsBlock, 131072);
  for (const [start, end] of emojiStartRanges) {
    for (let v = start; v < Math.min(end, 131072); v++)
      table[v] |= 128;
    for (let v = Math.max(start, 917504); v < Math.min(end, 921600); v++)
      table[131072 + v - 917504] |= 128;
  }
  kernelTable = table;
  return table;
}
var clusterGlue = new Uint8Array(65536);
for (let k = 0; k + 1 < segments.length && segments[k] < 65536; k++) {
  const u = segments[k], p = bmp[u], c = p & 15;
  let g = c === EXTEND || c === ZWJ || c === SPACING ? 1 : c === PREPEND ? 2 : 0;
  if (u >= 55296 && u < 57344)
    g = 4;
  if (c === ZWJ || p >> 5 !== 0 || c === CR || c === LF || c === CONTROL || c >= L)
    g |= 8;
  if (g !== 0)
    clusterGlue.fill(g, u, segments[k + 1]);
}
function boundaryBefore(t, s, bounds) {
  if (s <= 0 || s >= t.length)
    return true;
  let v = t.charCodeAt(s);
  if (v >= 56320 && v < 57344)
    return bounds.at(s);
  if (v >= 55296 && v < 56320 && s + 1 < t.length) {
    const low = t.charCodeAt(s + 1);
    if (low >= 56320 && low < 57344)
      v = (v - 55296 << 10) + (low - 56320) + 65536;
  }
  const pv = packed(v);
  const c = pv & 15;
  if (c === EXTEND || c === ZWJ || c === SPACING)
    return false;
  let u = t.charCodeAt(s - 1);
  if (u >= 56320 && u < 57344 && s >= 2) {
    const high = t.charCodeAt(s - 2);
    if (high >= 55296 && high < 56320)
      u = (high - 55296 << 10) + (u - 56320) + 65536;
  }
  const pu = packed(u);
  const cu = pu & 15;
  if (cu === 0 || cu === EXTEND) {
    if (pu >> 5 === 0 && pv >> 5 === 0 && c !== RI)
      return true;
  }
  return bounds.at(s);
}
function emojiClusterEnd(t, s) {
  const n = t.length;
  let v = t.charCodeAt(s);
  let i = s + 1;
  if (v >= 55296 && v < 56320 && i < n) {
    const low = t.charCodeAt(i);
    if (low >= 56320 && low < 57344) {
      v = (v - 55296 << 10) + (low - 56320) + 65536;
      i++;
    }
  }
  let p = packed(v);
  if (p >> 5 !== 0)
    return -1;
  let pictographic2 = (p & 16) !== 0;
  let regional = (p & 15) === RI ? 1 : 0;
  while (i < n) {
    let w = t.charCodeAt(i);
    let width = 1;
    if (w >= 55296 && w < 56320 && i + 1 < n) {
      const low = t.charCodeAt(i + 1);
      if (low >= 56320 && low < 57344) {
        w = (w - 55296 << 10) + (low - 56320) + 65536;
        width = 2;
      }
    }
    p = packed(w);
    if (p >> 5 !== 0)
      return -1;
    const c = p & 15;
    if (c === EXTEND) {
      i += width;
      regional = 0;
      continue;
    }
    if (c === SPACING) {
      i += width;
      pictographic2 = false;
      regional = 0;
      continue;
    }
    if (c === ZWJ) {
      i += width;
      regional = 0;
      if (!pictographic2 || i >= n) {
        pictographic2 = false;
        continue;
      }
      let x = t.charCodeAt(i);
      let xw = 1;
      if (x >= 55296 && x < 56320 && i + 1 < n) {
        const low = t.charCodeAt(i + 1);
        if (low >= 56320 && low < 57344) {
          x = (x - 55296 << 10) + (low - 56320) + 65536;
          xw = 2;
        }
      }
      const px = packed(x);
      if ((px & 16) !== 0) {
        if (px >> 5 !== 0)
          return -1;
        i += xw;
        pictographic2 = true;
        continue;
      }
      pictographic2 = false;
      continue;
    }
    if (c === RI && regional === 1) {
      i += width;
      regional = 2;
      continue;
    }
    break;
  }
  return i;
}
function markClusterEnds(text2, ends, from, to, markEnd = true) {
  let prev = -1;
  let ri = 0;
  let inPictographic = false;
  let zwjAfterPictographic = false;
  let consonant = false;
  let linker = false;
  let i = from;
  while (i < to) {
    let v = text2.charCodeAt(i);
    let n = 1;
    if (v >= 55296 && v < 56320 && i + 1 < to) {
      const low = text2.charCodeAt(i + 1);
      if (low >= 56320 && low < 57344) {
        v = (v - 55296 << 10) + (low - 56320) + 65536;
        n = 2;
      }
    }
    const bits = v < 65536 ? bmp[v] : packed(v);
    const c = bits & 15;
    if (prev >= 0) {
      let join;
      if ((prev | c) === 0 && bits === 0)
        join = false;
      else if (prev === CR && c === LF)
        join = true;
      else if (prev === CR || prev === LF || prev === CONTROL)
        join = false;
      else if (c === CR || c === LF || c === CONTROL)
        join = false;
      else if (prev === L && (c === L || c === V || c === LV || c === LVT))
        join = true;
      else if ((prev === LV || prev === V) && (c === V || c === T))
        join = true;
      else if ((prev === LVT || prev === T) && c === T)
        join = true;
      else if (c === EXTEND || c === ZWJ || c === SPACING)
        join = true;
      else if (prev === PREPEND)
        join = true;
      else if (bits >> 5 === 1 && consonant && linker)
        join = true;
      else if (zwjAfterPictographic && (bits & 16) !== 0)
        join = true;
      else if (prev === RI && c === RI && ri % 2 === 1)
        join = true;
      else
        join = false;
      if (!join)
        ends[i] = 1;
    }
    ri = c === RI ? ri + 1 : 0;
    zwjAfterPictographic = c === ZWJ && inPictographic;
    inPictographic = (bits & 16) !== 0 || inPictographic && c === EXTEND;
    const incb = bits >> 5;
    if (incb === 1) {
      consonant = true;
      linker = false;
    } else if (consonant && incb === 2)
      linker = true;
    else if (!(consonant && incb === 3)) {
      consonant = false;
      linker = false;
    }
    prev = c;
    i += n;
  }
  if (to > from && markEnd)
    ends[to] = 1;
}
var NO_MARKS = new Uint8Array(0);
var ClusterBoundaries = class {
  /** @param {string} text */
  constructor(text2) {
    this.text = text2;
    this.n = text2.length;
    this.marks = NO_MARKS;
    this.full = null;
    this.windowFrom = 0;
    this.windowTo = 0;
  }
  /**
   * A safe start at or before `i`: a boundary found between two plain scalars (class Other, not pictographic, not
   * conjunct-breaking), which no rule joins; -1 when none is near.
   * @param {number} i
   */
  safeStart(i) {
    const t = this.text;
    for (let q = i, k = 0; q > 0 && k < 512; q--, k++) {
      const a = t.charCodeAt(q - 1);
      const b = t.charCodeAt(q);
      if (a < 55296 || a >= 57344) {
        if (bmp[a] === 0 && (q === this.n || (b < 55296 || b >= 57344) && bmp[b] === 0))
          return q;
        if (bmp[a] === 3 || bmp[a] === 2)
          return q;
      }
    }
    return -1;
  }
  /**
   * True when a grapheme cluster ends (and another starts) at UTF-16 offset `i`.
   * @param {number} i
   */
  at(i) {
    if (i <= 0 || i >= this.n)
      return true;
    const t = this.text;
    let a = t.charCodeAt(i - 1);
    let b = t.charCodeAt(i);
    if (b >= 56320 && b < 57344 && a >= 55296 && a < 56320)
      return false;
    if (a >= 56320 && a < 57344 && i >= 2) {
      const high = t.charCodeAt(i - 2);
      if (high >= 55296 && high < 56320)
        a = (high - 55296 << 10) + (a - 56320) + 65536;
    }
    if (b >= 55296 && b < 56320 && i + 1 < this.n) {
      const low = t.charCodeAt(i + 1);
      if (low >= 56320 && low < 57344)
        b = (b - 55296 << 10) + (low - 56320) + 65536;
    }
    const pa = a < 65536 ? bmp[a] : packed(a);
    const pb = b < 65536 ? bmp[b] : packed(b);
    const p = pa & 15;
    const c = pb & 15;
    if (p === CR)
      return c !== LF;
    if (p === LF || p === CONTROL || c === CR || c === LF || c === CONTROL)
      return true;
    if (c === EXTEND || c === ZWJ || c === SPACING)
      return false;
    if (p === PREPEND)
      return false;
    if (p === L && (c === L || c === V || c === LV || c === LVT))
      return false;
    if ((p === LV || p === V) && (c === V || c === T))
      return false;
    if ((p === LVT || p === T) && c === T)
      return false;
    if (!(p === RI && c === RI) && !(p === ZWJ && (pb & 16) !== 0) && pb >> 5 !== 1)
      return true;
    return this.slowly(i);
  }
  /**
   * `at` by marking from a safe start before `i`.
   * @param {number} i
   */
  slowly(i) {
    const t = this.text;
    if (this.full)
      return this.full[i] === 1;
    if (i > this.windowFrom && i < this.windowTo)
      return this.marks[i] === 1;
    const q = this.safeStart(i - 1);
    if (q < 0) {
      this.full = new Uint8Array(this.n + 1);
      markClusterEnds(t, this.full, 0, this.n);
      return this.full[i] === 1;
    }
    let to = Math.min(this.n, i + 16);
    const last = t.charCodeAt(to - 1);
    if (to < this.n && last >= 55296 && last < 56320)
      to++;
    if (this.marks.length === 0)
      this.marks = new Uint8Array(this.n + 1);
    markClusterEnds(t, this.marks, q, to, false);
    this.windowFrom = q;
    this.windowTo = to;
    return this.marks[i] === 1;
  }
  /**
   * Where the cluster starting at boundary `s` ends.
   * @param {number} s
   */
  end(s) {
    let e = s + 1;
    if (e < this.n && this.text.charCodeAt(s) >= 55296 && this.text.charCodeAt(s) < 56320)
      e++;
    while (e < this.n && !this.at(e))
      e++;
    return Math.min(e, this.n);
  }
};
function clusterEnds(text2, from = 0, to = Infinity) {
  const where = "clusterEnds(text, from, to)";
  const n = stringArg(text2, where).length;
  from = Math.min(Math.max(offsetArg(from, where), 0), n);
  to = Math.min(Math.max(offsetArg(to, where), from), n);
  const marks = new Uint8Array(to + 1);
  markClusterEnds(text2, marks, from, to);
  const out = [];
  for (let i = from + 1; i <= to; i++)
    if (marks[i])
      out.push(i);
  return out;
}
function parseRanges(text2) {
  const out = [];
  for (const item of text2.split(" ")) {
    if (!item)
      continue;
    const [a, b] = item.split("-");
    out.push([parseInt(a, 16), parseInt(b ?? a, 16)]);
  }
  return out;
}
var decompositions2 = (
  /** @type {Map<number, number[]>} */
  /* @__PURE__ */ new Map()
);
var compositions = (
  /** @type {Map<number, number>} */
  /* @__PURE__ */ new Map()
);
var classes = (
  /** @type {Map<number, number>} */
  /* @__PURE__ */ new Map()
);
var active = (
  /** @type {Set<number>} */
  /* @__PURE__ */ new Set()
);
var nfcBuilt = false;
function excludedScalars() {
  const excluded = /* @__PURE__ */ new Set();
  for (const [a, b] of parseRanges(exclusions))
    for (let v = a; v <= b; v++)
      excluded.add(v);
  return excluded;
}
function forEachActive(excluded, visit) {
  for (const v2 of excluded)
    visit(v2);
  for (const item of combiningClasses.split(" ")) {
    if (!item)
      continue;
    for (const [a, b] of parseRanges(item.split(":")[0]))
      for (let v2 = a; v2 <= b; v2++)
        visit(v2);
  }
  let v = 0;
  for (let i = 0; i < decompositions.length; i += 3) {
    v += decompositions[i];
    const second = decompositions[i + 2];
    if (second === 0)
      visit(v);
    else if (!excluded.has(v))
      visit(second);
  }
  for (let v2 = 4449; v2 <= 4469; v2++)
    visit(v2);
  for (let v2 = 4520; v2 <= 4546; v2++)
    visit(v2);
}
function nfcTables() {
  if (nfcBuilt)
    return;
  nfcBuilt = true;
  const excluded = excludedScalars();
  for (const item of combiningClasses.split(" ")) {
    if (!item)
      continue;
    const [range, cc] = item.split(":");
    for (const [a, b] of parseRanges(range))
      for (let v2 = a; v2 <= b; v2++)
        classes.set(v2, Number(cc));
  }
  let v = 0;
  for (let i = 0; i < decompositions.length; i += 3) {
    v += decompositions[i];
    const second = decompositions[i + 2];
    const target = second === 0 ? [v - decompositions[i + 1]] : [v - decompositions[i + 1], second];
    decompositions2.set(v, target);
    if (target.length > 1 && !excluded.has(v))
      compositions.set(target[0] * 2097152 + target[1], v);
  }
  forEachActive(excluded, (v2) => active.add(v2));
}
var inertBits = null;
function nfcInertBits() {
  if (inertBits)
    return inertBits;
  const bits = new Uint8Array(131072 / 8).fill(255);
  forEachActive(excludedScalars(), (v) => {
    if (v < 131072 && !inertRange(v))
      bits[v >> 3] &= ~(1 << (v & 7));
  });
  inertBits = bits;
  return bits;
}
var S_BASE = 44032;
var L_BASE = 4352;
var V_BASE = 4449;
var T_BASE = 4519;
var L_COUNT = 19;
var V_COUNT = 21;
var T_COUNT = 28;
var S_COUNT = L_COUNT * V_COUNT * T_COUNT;
function isInert(v) {
  if (inertRange(v))
    return true;
  nfcTables();
  return !active.has(v);
}
function inertRange(v) {
  return v < 768 || v >= 13312 && v <= 40959 || v >= 44032 && v <= 55203;
}
function combiningClass(v) {
  return v < 768 ? 0 : classes.get(v) ?? 0;
}
function decompose(v, out) {
  const s = v - S_BASE;
  if (s >= 0 && s < S_COUNT) {
    out.push(L_BASE + Math.floor(s / (V_COUNT * T_COUNT)));
    out.push(V_BASE + Math.floor(s % (V_COUNT * T_COUNT) / T_COUNT));
    if (s % T_COUNT !== 0)
      out.push(T_BASE + s % T_COUNT);
    return;
  }
  const d = decompositions2.get(v);
  if (!d) {
    out.push(v);
    return;
  }
  for (const x of d)
    decompose(x, out);
}
function composite(a, b) {
  if (a >= L_BASE && a < L_BASE + L_COUNT && b >= V_BASE && b < V_BASE + V_COUNT) {
    return S_BASE + ((a - L_BASE) * V_COUNT + (b - V_BASE)) * T_COUNT;
  }
  const s = a - S_BASE;
  if (s >= 0 && s < S_COUNT && s % T_COUNT === 0 && b > T_BASE && b < T_BASE + T_COUNT)
    return a + (b - T_BASE);
  return compositions.get(a * 2097152 + b);
}
function nfc(text2) {
  stringArg(text2, "nfc(text)");
  let inert = true;
  for (let i = 0; i < text2.length; i++) {
    const u = text2.charCodeAt(i);
    if (u < 768 || u >= 13312 && u <= 40959 || u >= 44032 && u <= 55203)
      continue;
    if (!isInert(
      /** @type {number} */
      text2.codePointAt(i)
    )) {
      inert = false;
      break;
    }
  }
  if (inert)
    return text2;
  const scalars = Array.from(text2, (ch) => (
    /** @type {number} */
    ch.codePointAt(0)
  ));
  const d = [];
  for (const v of scalars)
    decompose(v, d);
  for (let i = 0; i < d.length; ) {
    if (combiningClass(d[i]) === 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < d.length && combiningClass(d[j]) !== 0)
      j++;
    const run = d.slice(i, j).map((v, k) => [v, k]).sort((x, y) => combiningClass(x[0]) - combiningClass(y[0]) || x[1] - y[1]);
    for (let k = 0; k < run.length; k++)
      d[i + k] = run[k][0];
    i = j;
  }
  if (d.length > 0) {
    let starter = 0;
    let lastClass = combiningClass(d[0]) === 0 ? 0 : 256;
    let kept = 1;
    for (let i = 1; i < d.length; i++) {
      const c = d[i];
      const cc = combiningClass(c);
      const comp = lastClass < cc || lastClass === 0 ? composite(d[starter], c) : void 0;
      if (comp !== void 0) {
        d[starter] = comp;
        continue;
      }
      if (cc === 0)
        starter = kept;
      lastClass = cc;
      d[kept++] = c;
    }
    d.length = kept;
  }
  return String.fromCodePoint(...d);
}
function foldScalar(scalar) {
  let v = scalar;
  if (v >= 65281 && v <= 65374)
    v -= 65248;
  if (v === 12288)
    v = 32;
  if (v >= 768 && v <= 879 || v >= 65024 && v <= 65039)
    return [];
  const base = latinFold2(v);
  if (base !== 0)
    v = base;
  if (v < 128)
    return [v >= 65 && v <= 90 ? v + 32 : v];
  const lower = lowercase().get(v);
  return lower ? lower.filter((x) => !(x >= 768 && x <= 879)) : [v];
}
function fold(text2) {
  stringArg(text2, "fold(text)");
  let out = "";
  let pendingSpace = false;
  for (const ch of nfc(text2)) {
    for (const f of foldScalar(
      /** @type {number} */
      ch.codePointAt(0)
    )) {
      if (whiteSpace2.has(f)) {
        pendingSpace = out.length > 0;
        continue;
      }
      if (pendingSpace) {
        out += " ";
        pendingSpace = false;
      }
      out += String.fromCodePoint(f);
    }
  }
  return out;
}
function compared(text2) {
  stringArg(text2, "compared(text)");
  let q = fold(text2);
  if (q.length === 0)
    return q;
  const ends = clusterEnds(q);
  const open = q.slice(0, ends[0]);
  if (ends.length <= 1 || !(open === "[" || open === ":"))
    return q;
  q = q.slice(1);
  const close = open === "[" ? "]" : ":";
  if (clusterCount(q) > 1 && lastCluster(q) === close)
    q = q.slice(0, q.length - 1);
  return fold(q);
}
function clusterCount(s) {
  return s.length === 0 ? 0 : clusterEnds(s).length;
}
function lastCluster(s) {
  const ends = clusterEnds(s);
  const start = ends.length > 1 ? ends[ends.length - 2] : 0;
  return s.slice(start);
}

// web/src/catalog.js
var Catalog = class {
  /**
   * @param {PackFile[]} packs
   */
  constructor(packs) {
    if (!Array.isArray(packs)) {
      throw new TypeError("new Catalog(packs): expected an array of PackFile (Catalog.open takes bytes)");
    }
    this.packs = packs;
  }
  /**
   * Opens packs from their bytes, in tab order.
   * @param {(ArrayBuffer|Uint8Array)[]} buffers
   */
  static open(buffers) {
    if (buffers === null || typeof buffers !== "object" || !(Symbol.iterator in buffers)) {
      throw new TypeError("Catalog.open(buffers): expected an array of packs' bytes (ArrayBuffer or Uint8Array)");
    }
    return new Catalog(Array.from(buffers, (b, i) => new PackFile(bytesArg(b, `Catalog.open(buffers), buffers[${i}]`))));
  }
  /**
   * Every tag claimed by more than one pack, as Swift's `Catalog.collisions()`: the tag, the pack it resolves to
   * (the first in tab order) and the pack whose entry it shadows. It walks every tag: call it once (the example
   * page and `<emopack-keyboard>` log what it finds).
   * @returns {{tag: string, winner: string, shadowed: string}[]}
   */
  collisions() {
    const owner = /* @__PURE__ */ new Map();
    const out = [];
    for (const p of this.packs) {
      for (let i = 0; i < p.entryCount; i++) {
        let tags;
        try {
          tags = p.entry(i).tags;
        } catch {
          continue;
        }
        for (const tag of tags) {
          const first = owner.get(tag);
          if (first === void 0)
            owner.set(tag, p.id);
          else if (first !== p.id)
            out.push({ tag, winner: first, shadowed: p.id });
        }
      }
    }
    return out;
  }
  /**
   * The emoticon for a tag or code (any canonically equivalent spelling of a tag), or null.
   * @param {string} tag
   * @returns {EmoticonRef|null}
   */
  lookupTag(tag) {
    stringArg(tag, "Catalog.lookupTag(tag)");
    for (let p = 0; p < this.packs.length; p++) {
      const e = this.packs[p].entryIndexForTag(tag);
      if (e !== null)
        return { pack: p, entry: e };
    }
    const composed = nfc(tag);
    if (composed === tag)
      return null;
    for (let p = 0; p < this.packs.length; p++) {
      const e = this.packs[p].entryIndexForTag(composed);
      if (e !== null)
        return { pack: p, entry: e };
    }
    return null;
  }
  /**
   * The entry standing for an emoji (variation selectors ignored), or null.
   * @param {string} emoji
   * @returns {EmoticonRef|null}
   */
  lookupEmoji(emoji) {
    stringArg(emoji, "Catalog.lookupEmoji(emoji)");
    for (let p = 0; p < this.packs.length; p++) {
      const e = this.packs[p].entryIndexForEmoji(emoji);
      if (e !== null)
        return { pack: p, entry: e };
    }
    return null;
  }
  /**
   * The pack `ref` names: a TypeError when it is no reference, a RangeError when the catalog has no such pack.
   * @private
   * @param {EmoticonRef} ref
   * @param {string} where
   */
  packOf(ref, where) {
    refArg(ref, where);
    const pack = this.packs[ref.pack];
    if (!pack)
      throw new RangeError(`${where}: pack ${ref.pack} requested of ${this.packs.length}`);
    return pack;
  }
  /**
   * An emoticon's details.
   * @param {EmoticonRef} ref
   */
  emoticon(ref) {
    const pack = this.packOf(ref, "Catalog.emoticon(ref)");
    const e = pack.entry(ref.entry);
    const insertionText = (e.insertsCode ? e.codes[0] ?? e.tags[0] : e.tags[0] ?? e.codes[0]) ?? e.emoji ?? "";
    return {
      ref,
      packId: pack.id,
      ...e,
      insertionText,
      image: e.image === null ? null : pack.image(e.image)
    };
  }
  /**
   * What a screen reader reads: the tag without brackets or colons, or the emoji.
   * @param {EmoticonRef} ref
   */
  accessibilityLabel(ref) {
    let e;
    try {
      e = this.emoticon(ref);
    } catch {
      return null;
    }
    const tag = e.tags[0];
    if (tag === void 0)
      return e.emoji;
    for (const [open, close] of [["[", "]"], [":", ":"]]) {
      if ([...tag].length > 2 && tag.startsWith(open) && tag.endsWith(close))
        return tag.slice(1, -1);
    }
    return tag;
  }
  /**
   * The animation of `ref`, or null for a still.
   * @param {EmoticonRef} ref
   */
  animation(ref) {
    const pack = this.packOf(ref, "Catalog.animation(ref)");
    const a = pack.entry(ref.entry).animation;
    if (a === null)
      return null;
    const anim = pack.animation(a);
    let end = 0;
    const endTimes = anim.frames.map((f) => end += f.duration);
    return new EmoticonAnimation(endTimes, anim.loopCount, anim.still, anim.frames.map((f) => f.image));
  }
};
var EmoticonAnimation = class {
  /**
   * @param {number[]} endTimes
   * @param {number} loopCount
   * @param {number} stillFrame
   * @param {number[]} [images]
   */
  constructor(endTimes, loopCount, stillFrame, images = []) {
    this.endTimes = endTimes;
    this.loopCount = loopCount;
    this.stillFrame = stillFrame;
    this.images = images;
  }
  /**
   * Build from frame delays in milliseconds.
   * @param {number[]} delays
   * @param {number} loopCount
   * @param {number} stillFrame
   */
  static fromDelays(delays, loopCount, stillFrame) {
    let end = 0;
    return new EmoticonAnimation(delays.map((d) => end += Math.max(1, d)), loopCount, stillFrame);
  }
  get frameCount() {
    return this.endTimes.length;
  }
  get duration() {
    return this.endTimes[this.endTimes.length - 1] ?? 0;
  }
  /** When the last play ends (ms); null when it plays forever. */
  get totalDuration() {
    return this.loopCount > 0 ? this.duration * this.loopCount : null;
  }
  /**
   * The frame shown `time` ms after the start; the last frame once every loop has played.
   * @param {number} time
   */
  frameAt(time) {
    const ends = this.endTimes;
    if (ends.length === 0 || time <= 0)
      return 0;
    const total = this.totalDuration;
    if (total !== null && time >= total)
      return ends.length - 1;
    const t = time % this.duration;
    let lo = 0, hi = ends.length - 1;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (ends[mid] > t)
        hi = mid;
      else
        lo = mid + 1;
    }
    return lo;
  }
  /**
   * When the frame next changes after `time` (ms), or null once it rests.
   * @param {number} time
   */
  nextChange(time) {
    const ends = this.endTimes;
    if (ends.length <= 1)
      return null;
    const now = Math.max(0, time);
    const play = Math.floor(now / this.duration);
    const f = this.frameAt(now);
    const total = this.totalDuration;
    if (total !== null && now >= total || play === this.loopCount - 1 && f === ends.length - 1)
      return null;
    return play * this.duration + ends[f];
  }
};

// web/src/text.js
var KINDS = (
  /** @type {const} */
  ["text", "emoticon", "emoji"]
);
var CHUNK_TARGET = 128;
function rangeArgs(lo, hi, space, where) {
  return [offsetArg(lo, where), offsetArg(hi, where), spaceArg(space, where)];
}
var EmoticonText = class {
  /**
   * @param {string} source
   * @param {Tokenizer} tokenizer
   * @param {{emojiAsImages?: boolean}} [options]
   */
  constructor(source, tokenizer, options = {}) {
    stringArg(source, "new EmoticonText(source, tokenizer)");
    this.tokenizer = tokenizer;
    this.emojiAsImages = options.emojiAsImages ?? false;
    this.chunks = [];
    this.starts = [0];
    this.displayStarts = [0];
    this.joined = "";
    const longest = tokenizer.longestKeys;
    const tag = Math.min(tokenizer.maxTagBytes + 2, 4 * longest.tag);
    this.reach = 2 * Math.max(tag, 4 * longest.shortcode, longest.code, longest.emoji) + 16;
    this.setSource(source);
  }
  /**
   * Replaces the whole text.
   * @param {string} source
   */
  setSource(source) {
    stringArg(source, "EmoticonText.setSource(source)");
    this.chunks = this.makeChunks(source, this.tokenizer.tokenize(source));
    this.recount(0);
    this.joined = source;
  }
  /** The source text. */
  get source() {
    if (this.joined === null)
      this.joined = this.chunks.map((c) => c.text).join("");
    return this.joined;
  }
  /** The display text's length in UTF-16 units. */
  get displayLength() {
    return this.displayStarts[this.chunks.length];
  }
  /** The display text. */
  get display() {
    let out = "";
    for (const c of this.chunks) {
      for (let r = 0; r < c.codes.length; r++)
        out += c.attached[r] ? "￼" : c.text.slice(c.at[r], c.at[r + 1]);
    }
    return out;
  }
  /** The runs of the display text: text, and attachments with their emoticon and source text. */
  get displayRuns() {
    const out = [];
    for (const c of this.chunks) {
      for (let r = 0; r < c.codes.length; r++) {
        const piece = c.text.slice(c.at[r], c.at[r + 1]);
        const last = out[out.length - 1];
        if (c.attached[r])
          out.push({ ref: (
            /** @type {EmoticonRef} */
            this.refOf(c.codes[r])
          ), source: piece });
        else if (last && "text" in last)
          last.text += piece;
        else
          out.push({ text: piece });
      }
    }
    return out;
  }
  /**
   * Every run of the whole text (text runs whole). O(length): the model keeps them in chunks.
   * @deprecated read `displayRuns`, or tokenize `source`.
   * @returns {Run[]}
   */
  get runs() {
    const out = [];
    this.chunks.forEach((c, k) => {
      for (let r = 0; r < c.codes.length; r++) {
        const code2 = c.codes[r];
        const start = this.starts[k] + c.at[r];
        const end = this.starts[k] + c.at[r + 1];
        const displayEnd = this.displayStarts[k] + c.shown[r + 1];
        const last = out[out.length - 1];
        if (code2 === 0 && last && last.kind === "text") {
          last.end = end;
          last.displayEnd = displayEnd;
          continue;
        }
        out.push({
          kind: KINDS[code2 & 3],
          ref: this.refOf(code2),
          start,
          end,
          display: this.displayStarts[k] + c.shown[r],
          displayEnd,
          attachment: c.attached[r] === 1
        });
      }
    });
    return out;
  }
  /**
   * Where each grapheme cluster of the source ends. O(length).
   * @deprecated call `clusterEnds(model.source)`.
   */
  get ends() {
    return clusterEnds(this.source);
  }
  /**
   * @param {"source"|"display"} space
   */
  length(space) {
    return space === "source" ? this.starts[this.chunks.length] : this.displayLength;
  }
  /**
   * Source offset of the cluster boundary at `o`, or the one after it (`up`) or before it.
   * @param {number} o
   * @param {boolean} up
   */
  clusterBoundary(o, up) {
    const total = this.length("source");
    if (o >= total)
      return total;
    const k = this.chunkAt(this.starts, Math.max(o, 0));
    const base = this.starts[k];
    const ends = this.endsOf(this.chunks[k]);
    let prev = 0;
    for (const e of ends) {
      if (e === o - base)
        return o;
      if (e > o - base)
        return base + (up ? e : prev);
      prev = e;
    }
    return this.starts[k + 1];
  }
  /**
   * The source offset of `offset` in `space`: rounded down (or up) out of a token or cluster.
   * @param {number} offset
   * @param {"source"|"display"} space
   * @param {boolean} up
   */
  toSource(offset, space, up) {
    const starts = space === "source" ? this.starts : this.displayStarts;
    if (offset >= starts[this.chunks.length])
      return this.length("source");
    const k = this.chunkAt(starts, Math.max(offset, 0));
    const c = this.chunks[k];
    const local = offset - starts[k];
    const base = this.starts[k];
    const at = space === "source" ? c.at : c.shown;
    for (let r = 0; r < c.codes.length; r++) {
      if (local === at[r])
        return base + c.at[r];
      if (local < at[r + 1]) {
        if (c.codes[r] !== 0)
          return base + (up ? c.at[r + 1] : c.at[r]);
        return this.clusterBoundary(base + c.at[r] + (local - at[r]), up);
      }
    }
    return this.starts[k + 1];
  }
  /**
   * The offset in `space` of source offset `s` (a boundary; inside a token: its end).
   * @param {number} s
   * @param {"source"|"display"} space
   */
  fromSource(s, space) {
    const total = this.length("source");
    if (s >= total)
      return this.length(space);
    const k = this.chunkAt(this.starts, Math.max(s, 0));
    const c = this.chunks[k];
    const local = s - this.starts[k];
    const base = space === "source" ? this.starts[k] : this.displayStarts[k];
    const at = space === "source" ? c.at : c.shown;
    for (let r = 0; r < c.codes.length; r++) {
      if (local < c.at[r + 1]) {
        if (local <= c.at[r])
          return base + at[r];
        if (c.codes[r] !== 0)
          return base + at[r + 1];
        return base + at[r] + (local - c.at[r]);
      }
    }
    return base + at[c.codes.length];
  }
  /**
   * @param {number} lo
   * @param {number} hi
   * @param {"source"|"display"} space
   * @returns {[number, number]}
   */
  sourceRange(lo, hi, space) {
    const total = this.length(space);
    const a0 = Math.min(Math.max(lo, 0), total);
    const b0 = Math.min(Math.max(hi, a0), total);
    const a = this.toSource(a0, space, a0 === b0);
    const b = a0 === b0 ? a : this.toSource(b0, space, true);
    return [a, Math.max(a, b)];
  }
  /**
   * The display offset of a source offset.
   * @param {number} offset
   */
  displayOffset(offset) {
    offset = offsetArg(offset, "EmoticonText.displayOffset(offset)");
    const o = Math.min(Math.max(offset, 0), this.length("source"));
    return this.fromSource(this.toSource(o, "source", true), "display");
  }
  /**
   * The source offset of a display offset.
   * @param {number} offset
   */
  sourceOffset(offset) {
    offset = offsetArg(offset, "EmoticonText.sourceOffset(offset)");
    const o = Math.min(Math.max(offset, 0), this.displayLength);
    return this.fromSource(this.toSource(o, "display", true), "source");
  }
  /**
   * A range widened to whole tokens and clusters, in the same text.
   * @param {number} lo
   * @param {number} hi
   * @param {"source"|"display"} space
   */
  wholeTokens(lo, hi, space) {
    [lo, hi, space] = rangeArgs(lo, hi, space, "EmoticonText.wholeTokens(lo, hi, space)");
    const [a, b] = this.sourceRange(lo, hi, space);
    return [this.fromSource(a, space), this.fromSource(b, space)];
  }
  /**
   * The source text of a range widened to whole tokens: what copy puts out.
   * @param {number} lo
   * @param {number} hi
   * @param {"source"|"display"} space
   */
  sourceText(lo, hi, space) {
    [lo, hi, space] = rangeArgs(lo, hi, space, "EmoticonText.sourceText(lo, hi, space)");
    const [a, b] = this.sourceRange(lo, hi, space);
    if (this.joined !== null)
      return this.joined.slice(a, b);
    let out = "";
    const from = a === b ? this.chunks.length : this.chunkAt(this.starts, a);
    for (let k = from; k < this.chunks.length && this.starts[k] < b; k++) {
      out += this.chunks[k].text.slice(Math.max(a - this.starts[k], 0), b - this.starts[k]);
    }
    return out;
  }
  /**
   * Where the token or cluster ending at source offset `end` starts.
   * @param {number} end
   */
  startOfUnit(end) {
    if (end <= 0 || end > this.length("source"))
      return end;
    const k = this.chunkAt(this.starts, end - 1);
    const c = this.chunks[k];
    const local = end - this.starts[k];
    for (let r = 0; r < c.codes.length; r++) {
      if (c.at[r] < local && local <= c.at[r + 1]) {
        if (c.codes[r] !== 0)
          return this.starts[k] + c.at[r];
        let from = c.at[r];
        for (let q = local - 1; q > c.at[r]; q--) {
          if (isSafeCut(c.text, q)) {
            from = q;
            break;
          }
        }
        let prev = from;
        for (const e of clusterEnds(c.text, from, local)) {
          if (e >= local)
            break;
          prev = e;
        }
        return this.starts[k] + prev;
      }
    }
    return end;
  }
  /**
   * Replaces a range (widened to whole tokens; an empty one inside a token takes the token) with plain text.
   * @param {number} lo
   * @param {number} hi
   * @param {"source"|"display"} space
   * @param {string} text
   */
  replace(lo, hi, space, text2) {
    [lo, hi, space] = rangeArgs(lo, hi, space, "EmoticonText.replace(lo, hi, space, text)");
    stringArg(text2, "EmoticonText.replace(lo, hi, space, text)");
    let [a, b] = this.sourceRange(lo, hi, space);
    if (lo === hi) {
      const around = this.tokenAround(lo, space);
      if (around)
        [a, b] = around;
    }
    return this.apply(a, b, text2);
  }
  /**
   * The token strictly around `offset` in `space`, as a source range, or null.
   * @param {number} offset
   * @param {"source"|"display"} space
   * @returns {[number, number]|null}
   */
  tokenAround(offset, space) {
    if (!(offset > 0 && offset < this.length(space)))
      return null;
    const starts = space === "source" ? this.starts : this.displayStarts;
    const k = this.chunkAt(starts, offset);
    const c = this.chunks[k];
    const local = offset - starts[k];
    const at = space === "source" ? c.at : c.shown;
    for (let r = 0; r < c.codes.length; r++) {
      if (at[r] < local && local < at[r + 1]) {
        return c.codes[r] !== 0 ? [this.starts[k] + c.at[r], this.starts[k] + c.at[r + 1]] : null;
      }
    }
    return null;
  }
  /**
   * The delete key at a cursor, or over a selection.
   * @param {number} lo
   * @param {"source"|"display"} space
   * @param {number} [hi]
   */
  deleteBackward(lo, space, hi = lo) {
    [lo, hi, space] = rangeArgs(lo, hi, space, "EmoticonText.deleteBackward(cursor, space, hi)");
    let [a, b] = this.sourceRange(lo, hi, space);
    if (a === b) {
      if (b <= 0)
        return this.apply(0, 0, "");
      a = this.startOfUnit(b);
    }
    return this.apply(a, b, "");
  }
  /**
   * Replaces source `a..<b` (boundaries) with `text`: the change to each text and the cursors after it.
   * @param {number} a
   * @param {number} b
   * @param {string} text
   */
  apply(a, b, text2) {
    const displayLo = this.fromSource(a, "display");
    const displayHi = this.fromSource(b, "display");
    this.splice(a, b, text2);
    const cursor = a + text2.length;
    return {
      source: { range: [a, b], replacement: text2, cursor },
      display: { range: [displayLo, displayHi], cursor: this.fromSource(cursor, "display") }
    };
  }
  /**
   * Replaces source `a..<b` with `text`, tokenizing again only the chunks within reach of the change.
   * @private
   * @param {number} a
   * @param {number} b
   * @param {string} text
   */
  splice(a, b, text2) {
    const reach = this.reach;
    const starts = this.starts;
    const last0 = this.chunks.length - 1;
    let first = this.chunkAt(starts, Math.max(a - 1, 0));
    let last = this.chunkAt(starts, Math.max(b - 1, 0));
    while (first > 0 && a - starts[first] < reach)
      first--;
    while (last < last0 && starts[last + 1] - b < reach)
      last++;
    const base = starts[first];
    const hasCodes = this.tokenizer.codes.size > 0 || this.tokenizer.shortcodes.size > 0;
    let region;
    let tokens;
    for (; ; ) {
      let old = "";
      for (let k = first; k <= last; k++)
        old += this.chunks[k].text;
      region = old.slice(0, a - base) + text2 + old.slice(b - base);
      tokens = this.tokenizer.tokenize(region);
      if (!hasCodes || last === last0)
        break;
      const oldRuns = this.regionRuns(first, last);
      if (agreeAfterChange(oldRuns, tokens.runs, b - base, a - base + text2.length, region.length - reach))
        break;
      last = Math.min(last0, last + (last - first + 1));
    }
    const made = region.length === 0 ? [] : this.makeChunks(region, tokens);
    const chunks = this.chunks;
    const shift = made.length - (last - first + 1);
    const n = chunks.length;
    if (shift > 0) {
      for (let k = n - 1; k > last; k--)
        chunks[k + shift] = chunks[k];
    } else if (shift < 0) {
      for (let k = last + 1; k < n; k++)
        chunks[k + shift] = chunks[k];
      chunks.length = n + shift;
    }
    for (let k = 0; k < made.length; k++)
      chunks[first + k] = made[k];
    this.recount(first);
    this.joined = null;
  }
  /**
   * The runs of chunks `first` to `last` as one text's (two numbers a run, then the end), adjacent text merged.
   * @private
   * @param {number} first
   * @param {number} last
   */
  regionRuns(first, last) {
    const out = [];
    for (let k = first; k <= last; k++) {
      const c = this.chunks[k];
      const base = this.starts[k] - this.starts[first];
      for (let r = 0; r < c.codes.length; r++) {
        if (c.codes[r] === 0 && out.length > 0 && out[out.length - 1] === 0)
          continue;
        out.push(base + c.at[r], c.codes[r]);
      }
    }
    out.push(this.starts[last + 1] - this.starts[first]);
    return out;
  }
  /**
   * `text` and its runs cut into chunks near `CHUNK_TARGET` units, where nothing reaches across.
   * @private
   * @param {string} text
   * @param {TokenizedText} tokens
   * @returns {Chunk[]}
   */
  makeChunks(text2, tokens) {
    const runs = tokens.runs;
    const count = tokens.length;
    const n = text2.length;
    const out = [];
    let start = 0;
    let r = 0;
    for (; ; ) {
      let cut = n;
      if (n - start > 2 * CHUNK_TARGET) {
        let k = r;
        for (let q = start + CHUNK_TARGET; q < n - CHUNK_TARGET / 2; q++) {
          while (k < count - 1 && runs[2 * k + 2] <= q)
            k++;
          if ((runs[2 * k] === q || runs[2 * k + 1] === 0) && isSafeCut(text2, q)) {
            cut = q;
            break;
          }
        }
      }
      while (r < count - 1 && runs[2 * r + 2] <= start)
        r++;
      let e = r;
      while (e < count && runs[2 * e] < cut)
        e++;
      const m = e - r;
      const at = new Array(m + 1);
      const codes = new Array(m);
      const shown2 = new Array(m + 1);
      const attached = new Array(m);
      shown2[0] = 0;
      for (let i = 0; i < m; i++) {
        const s = Math.max(runs[2 * (r + i)], start);
        const end = Math.min(runs[2 * (r + i) + 2], cut);
        const code2 = runs[2 * (r + i) + 1];
        at[i] = s - start;
        codes[i] = code2;
        attached[i] = this.attaches(code2) ? 1 : 0;
        shown2[i + 1] = shown2[i] + (attached[i] ? 1 : end - s);
      }
      at[m] = cut - start;
      out.push({ text: text2.slice(start, cut), at, codes, shown: shown2, attached, ends: null });
      if (cut >= n)
        break;
      start = cut;
    }
    return out;
  }
  /**
   * True when a run with this code shows as an image.
   * @private
   * @param {number} code
   */
  attaches(code2) {
    const kind = code2 & 3;
    if (kind === 1)
      return true;
    if (kind !== 2 || !this.emojiAsImages)
      return false;
    const ref = (
      /** @type {EmoticonRef} */
      this.refOf(code2)
    );
    return this.tokenizer.catalog.packs[ref.pack].entryHasImage(ref.entry);
  }
  /**
   * The emoticon a run's code names, or null for text.
   * @private
   * @param {number} code
   */
  refOf(code2) {
    return runRef(code2, this.tokenizer.packStarts);
  }
  /**
   * Where a chunk's grapheme clusters end, from its start.
   * @private
   * @param {Chunk} c
   */
  endsOf(c) {
    if (c.ends === null)
      c.ends = clusterEnds(c.text);
    return c.ends;
  }
  /**
   * The last chunk whose start in `starts` is at or before `offset`.
   * @private
   * @param {number[]} starts
   * @param {number} offset
   */
  chunkAt(starts, offset) {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const mid = low + high + 1 >> 1;
      if (starts[mid] <= offset)
        low = mid;
      else
        high = mid - 1;
    }
    return low;
  }
  /**
   * Recounts the chunks' starts from chunk `k` on.
   * @private
   * @param {number} k
   */
  recount(k) {
    if (this.chunks.length === 0) {
      this.chunks.push({ text: "", at: [0], codes: [], shown: [0], attached: [], ends: null });
    }
    const starts = this.starts;
    const displayStarts = this.displayStarts;
    const n = this.chunks.length;
    for (let i = k; i < n; i++) {
      const c = this.chunks[i];
      starts[i + 1] = starts[i] + c.text.length;
      displayStarts[i + 1] = displayStarts[i] + c.shown[c.codes.length];
    }
    if (starts.length > n + 1) {
      starts.length = n + 1;
      displayStarts.length = n + 1;
    }
  }
};
function agreeAfterChange(oldRuns, newRuns, oldFrom, newFrom, limit) {
  const delta = newFrom - oldFrom;
  const oldCount = (oldRuns.length - 1) / 2;
  const newCount = (newRuns.length - 1) / 2;
  let j = 0;
  for (let r = 0; r < oldCount; r++) {
    const end = oldRuns[2 * r + 2];
    if (end <= oldFrom)
      continue;
    const start = Math.max(oldRuns[2 * r], oldFrom);
    const p = start + delta;
    if (p > limit)
      return false;
    while (j < newCount && newRuns[2 * j + 2] <= p)
      j++;
    if (j >= newCount)
      return false;
    if (oldRuns[2 * r + 1] !== 0) {
      if (oldRuns[2 * r] >= oldFrom && newRuns[2 * j] === p && newRuns[2 * j + 1] === oldRuns[2 * r + 1])
        return true;
    } else if (newRuns[2 * j + 1] === 0) {
      const lo = Math.max(p, newRuns[2 * j]);
      const hi = Math.min(end + delta, newRuns[2 * j + 2]);
      if (lo < hi && lo <= limit)
        return true;
    }
  }
  return false;
}
function isSafeCut(t, q) {
  if (q <= 0 || q >= t.length)
    return false;
  const p = t.charCodeAt(q - 1);
  const before = p < 128 && p !== 13 || p >= 12288 && p <= 40959 || p >= 44032 && p <= 55203 || p >= 56320 && p <= 57343 && q >= 2 && pictograph(t.charCodeAt(q - 2), p);
  if (!before)
    return false;
  const c = t.charCodeAt(q);
  return c < 128 || c >= 16384 && c <= 40959 || c >= 44032 && c <= 55203 || q + 1 < t.length && pictograph(c, t.charCodeAt(q + 1));
}
function pictograph(high, low) {
  if (high < 55356 || high > 55359 || low < 56320 || low > 57343)
    return false;
  if (high === 55356 && low >= 56806 && low <= 56831)
    return false;
  return !(high === 55356 && low >= 57339);
}

// web/src/kernel-wasm.js
var kernelWasm = "AGFzbQEAAAABJAZgAn9/AX9gAAF/YAN/f38Bf2AFf39/f38AYAF/AX9gAn9/AAIjAgNlbnYHdGFnX25mYwAAA2Vudg1zaG9ydGNvZGVfbmZjAAADDQwBAgMEBQEEBAEAAAAEBQFwAQEBBQMBAAQGCAF/AUHQ6Q8LB7ABDAZtZW1vcnkCAAllbW9fcHJvcHMAAg5lbW9fdGFibGVfaW5pdAADDWVtb190YWJsZV9hZGQABA5lbW9fdGFibGVfcm93cwAFDmVtb190YWJsZV9maWxsAAYJZW1vX2luZXJ0AAcOZW1vX2NvZGVzX2RvbmUACAhlbW9fdGV4dAAJCGVtb19ydW5zAAoMZW1vX3Rva2VuaXplAAsSZW1vX3Rva2VuaXplX2NvZGVzAAwKsu8BDAgAQZCIgIAAC9UaBQR/A3sBfwh7BX8CQAJAAkAgAA4CAQACCwJAQYCAAUUNAEGQqIiAAEEAQYCAAfwLAAtBAEEAOgCQqImAAAwBCyAAQQN2IQNBACEEIAAhBQNAIAMgBGoiBkGwqYuAAGpB//8DIAVBkIiAgABq/QAEACIH/QwNDQ0NDQ0NDQ0NDQ0NDQ0NIgj9Tv0MBQUFBQUFBQUFBQUFBQUFBSIJ/SP9ZCAFQYD4A3FBgLgDRhsiCjoAACAGQbDpioAAaiAH/QwPDw8PDw8PDw8PDw8PDw8PIgv9TiIM/QwGBgYGBgYGBgYGBgYGBgYGIg39IyAH/QwODg4ODg4ODg4ODg4ODg4OIg79Tv0MBAQEBAQEBAQEBAQEBAQEBCIP/SMgDP0MCAgICAgICAgICAgICAgICCIQ/SP9UP1Q/WQ7AQAgBkGxqYuAAGogCkEIdjoAACAEQQJqIQQgBUHw/wNJIQYgBUEQaiEFIAYNAAtBgLADIQoDQAJAAkACQAJAAkAgCkEKdCIFQYCAhGVqIgRB//8HSw0AIARBkIiAgABqIQYMAQsgBUGAgMxkakH/H0sNASAFQZCI1OR/aiEGC0EAIQX9DAAAAAAAAAAAAAAAAAAAAAAiDCERA0AgBiAFav0AAAAiByAL/U4iEiAN/SMgByAO/U4gD/0jIBIgEP0j/VD9UCAR/VAhESAHIAj9TiAJ/SMgDP1QIQwgBUHwB0khBCAFQRBqIQUgBA0AC0EBIApBB3F0IQQgCkEDdiIFLQCw6YqAACEGIAz9ZCEDAkACQCAR/WQNACAFQbDpioAAaiAGIARBf3MiE3E6AAAgA0UNAQwDCyAFQbDpioAAaiAGIARyOgAAIAMNAiAEQX9zIRMLIAUgBS0AsKmLgAAgE3E6ALCpi4AADAILIApBA3YiBSAFLQCw6YqAAEEBIApBB3F0IgRyOgCw6YqAAAsgBSAFLQCwqYuAACAEcjoAsKmLgAALIApBAWoiCkGAuANHDQALQQBBACgCjPCHgAD9ESAL/U79GwBBhIiQIEZBAC0Ai/CHgABBD3FBBEZxOgCw6YuAAEFwIQUCQANAIAVBEGohBCAFQaCJgIAAav0ABAD9DAAAAAAAAAAAAAAAAAAAAAD9JSIH/VMNASAFQeCuA0chBiAEIQUgBg0ACwsCQAJAIAf9ZA0AQePBACEFDAELQRAgB/0WAEEQcSIFIAf9FgFBD3EiBiAFIAZLGyIFIAf9FgJBDnEiBiAFIAZLGyIFIAf9FgNBDXEiBiAFIAZLGyIFIAf9FgRBDHEiBiAFIAZLGyIFIAf9FgVBC3EiBiAFIAZLGyIFIAf9FgZBCnEiBiAFIAZLGyIFIAf9FgdBCXEiBiAFIAZLGyIFIAf9FghBCHEiBiAFIAZLGyIFIAf9FglBB3EiBiAFIAZLGyIFIAf9FgpBBnEiBiAFIAZLGyIFIAf9FgtBBXEiBiAFIAZLGyIFIAf9FgxBBHEiBiAFIAZLGyIFIAf9Fg1BA3EiBiAFIAZLGyIFIAf9Fg5BAnEiBiAFIAZLGyIFIAf9Fg9BAXEiBiAFIAZLG2tB/wFxIARqQYABaiEFC0EAIAU7AYSIgIAAAkBBAC0AsumLgAAiBQ0AQYDgACEGQYDgAEGw4AAgBRshFANAAkACQAJAIAZBgPgDcUGAsANHDQACQAJAAkAgBkEKdCIFQYCAhGVqIgRB//8HSw0AIARBkIiAgABqIQoMAQsgBUGAgMxkakH/H0sNASAFQZCI1OR/aiEKC0EAIQUDQCAFQf8HSw0BIAogBWoiBP0AAABBB/1s/WQNAyAFQSBqIQUgBEEQav0AAABBB/1s/WRFDQAMAwsLIAZBAWohBgwCCyAUIAZrIQMgBkGQiICAAGohE0EAIQUgBiEEA0ACQCAFQRBqIgYgA00NACAUIQYgBSADTw0DA0AgBEGQiICAAGosAABBf0wNAyAUIARBAWoiBEcNAAsgFCEGDAMLIARBEGohBCATIAVqIQogBiEFIAr9AAAAQQf9bP1kRQ0ACwtBAEEBOgCy6YuAAAwCCyAGIBRJDQALCwJAQQAtALTpi4AAIgQNAEGa5QAhBUGa5QBBvLADIAQbIhVBgLADIBVBgLADSRshFgNAAkACQAJAAkAgBUGA+ANxQYCwA0YNACAFQZCIgIAAaiETIBYgFSAFQYCwA0kbIhQgBWshA0EAIQQCQANAIARBEGoiBiADSw0BIAVBEGohBSATIARqIQogBiEEIAr9AAAAQQf9bP1kRQ0ADAMLCwJAIAQgA0kNACAUIQUMBAsDQCAFQZCIgIAAaiwAAEEASA0CIBQgBUEBaiIFRw0ACyAUIQUMAwsCQAJAIAVBCnQiBEGAgIRlaiIGQYCACEkNACAEQYCAzGRqQYAgTw0DIARBkIjU5H9qIQoMAQsgBkGQiICAAGohCgtBACEEA0AgBEH/B0sNAiAKIARqIgb9AAAAQQf9bP1kDQEgBEEgaiEEIAZBEGr9AAAAQQf9bP1kRQ0ACwtBAEEBOgC06YuAAAwDCyAFQQFqIQULIAUgFUkNAAsLAkBBAC0AtumLgAAiBA0AQb+wAyEFQb+wA0GP/AMgBBshFQNAAkACQAJAAkAgBUGA+ANxQYCwA0YNACAFQZCIgIAAaiETQYCwAyAVIAVBgLADSRsiFCAFayEDQQAhBAJAA0AgBEEQaiIGIANLDQEgBUEQaiEFIBMgBGohCiAGIQQgCv0AAABBB/1s/WRFDQAMAwsLAkAgBCADSQ0AIBQhBQwECwNAIAVBkIiAgABqLAAAQQBIDQIgFCAFQQFqIgVHDQALIBQhBQwDCwJAAkAgBUEKdCIEQYCAhGVqIgZBgIAISQ0AIARBgIDMZGpBgCBPDQMgBEGQiNTkf2ohCgwBCyAGQZCIgIAAaiEKC0EAIQQDQCAEQf8HSw0CIAogBGoiBv0AAABBB/1s/WQNASAEQSBqIQQgBkEQav0AAABBB/1s/WRFDQALC0EAQQE6ALbpi4AADAMLIAVBAWohBQsgBSAVSQ0ACwsCQEEALQC46YuAACIEDQBBkPwDIQVBkPwDQYCABCAEGyEVA0ACQAJAAkACQCAFQYD4A3FBgLADRg0AIAVBkIiAgABqIRNBgLADIBUgBUGAsANJGyIUIAVrIQNBACEEAkADQCAEQRBqIgYgA0sNASAFQRBqIQUgEyAEaiEKIAYhBCAK/QAAAEEH/Wz9ZEUNAAwDCwsCQCAEIANJDQAgFCEFDAQLA0AgBUGQiICAAGosAABBAEgNAiAUIAVBAWoiBUcNAAsgFCEFDAMLAkACQCAFQQp0IgRBgICEZWoiBkGAgAhJDQAgBEGAgMxkakGAIE8NAyAEQZCI1OR/aiEKDAELIAZBkIiAgABqIQoLQQAhBANAIARB/wdLDQIgCiAEaiIG/QAAAEEH/Wz9ZA0BIARBIGohBCAGQRBq/QAAAEEH/Wz9ZEUNAAsLQQBBAToAuOmLgAAMAwsgBUEBaiEFCyAFIBVJDQALC0EAQQA6AIDpiYAAQQBBADYC9KiJgABBAEEANgKQ6YqAAAJAQYDAAEUNAEGAqYmAAEEAQYDAAPwLAAtBAEEANgKg6YqAAAsgAUECdCEGQRAhBANAIAQiBUEBdCEEIAUgBkkNAAsgAEEDcUEUbCIEIAVBf2oiFzYCoKiJgAAgBEGgqImAAGohCgJAAkBBACgCgIiAgAAiBkEPakFwcSIUIAVBAnQiFmoiBD8AQRB0IgNNDQAgBCADa0H//wNqQRB2QABBf0cNACAUIQRBACEUDAELQQAgBDYCgIiAgAAgBCEGCyAKIBQ2AgQCQAJAIAQgBUEMbCIDaiITPwBBEHQiFU0NACATIBVrQf//A2pBEHZAAEF/Rw0AIAQhA0EAIQQMAQtBACAEIANqIgY2AoCIgIAAIAZBD2pBcHEhAwsgCiAENgIIAkACQCADIAFBA3RBCGoiE2oiAT8AQRB0IhVNDQAgASAVa0H//wNqQRB2QABBf0cNACADIRNBACEDDAELQQAgAyATaiIGNgKAiICAACAGQQ9qQXBxIRMLIAogAzYCDAJAAkAgEyACQQF0QQJqIgFqIgI/AEEQdCIVTQ0AIAIgFWtB//8DakEQdkAAQX9HDQBBACETDAELQQAgEyABaiIGNgKAiICAAAsgCiATNgIQQQAhCgJAIBRFDQAgBEUNACADRQ0AIBNFDQACQCAFRQ0AIBZFDQAgFEEAIBb8CwALAkAgAEEDRw0AQQAgFzYC8KiJgAACQCAGQQ9qQXBxIgQgBUEEdGoiBj8AQRB0IgpNDQAgBiAKa0H//wNqQRB2QABBf0cNAEEAQQA2AvSoiYAAQQAPC0EAIAQ2AvSoiYAAQQAgBjYCgIiAgAAgE0EAIAQbIQogBEUNASAFRQ0BA0AgBEH4AGpCADcDACAEQegAakIANwMAIARB2ABqQgA3AwAgBEHIAGpCADcDACAEQThqQgA3AwAgBEEoakIANwMAIARBGGpCADcDACAEQQhqQgA3AwAgBEGAAWohBCAFQXhqIgUNAAsLIBMhCgsgCgupCwQEfwJ+BX8CeyAAQQNxQRRsIgUoArCoiYAAIgYgAkEBdGohBwJAAkACQAJAAkAgA0EBdCIIQQhJDQAgCK0iCSEKIAhBEUkNAyAIQW9qIgtBA3ZBAWoiDEEDcSENAkAgC0EYTw0AQQghC0EQIQwgCSEKDAMLIAxB/P///wNxIQ5BACEMIAkhCgNAIAcgDGoiC0EgaikAACALQRhqKQAAIAtBEGopAAAgC0EIaikAACAKhUKV+Kn6l7fem55/foVClfip+pe33puef36FQpX4qfqXt96bnn9+hUKV+Kn6l7fem55/fiEKIAxBIGohDCAOQXxqIg4NAAwCCwsCQCAIQQRJDQAgByAIakF8aigAACAIaq1C09iX1OG/rudEfiAHKAAAIAhzrULNmdbq/vrrqH9+hSEKDAQLIAczAABCzZnW6v7666h/fiEKDAMLIAxBCGohCyAMQRBqIQwLIA1FDQAgDUEDdCEOA0AgDCINQQhqIQwgByALaikAACAKhUKV+Kn6l7fem55/fiEKIA0hCyAOQXhqIg4NAAsLIAcgCGpBeGopAAAgCXxC09iX1OG/rudEfiAHKQAAIAqFQs2Z1ur++uuof36FIQoLIAVBoKiJgABqIQUgCkIriCAKQh2IhSAKhachDwJAAkACQAJAIABBAUcNACADIQ4CQAJAAkAgAw4DBgABBQsgBy8BACILQYDwA3FBgLADRg0EIAtBgEBqQf//A3FBgChPDQQgC0GAWGohCwwBCyAHLwEAIgtBgPgDcUGAsANHDQMgBy8BAiIMQYD4A3FBgLgDRw0DIAtBCnQgDGpBgOj4ZGoiC0H/F0sNAwsgAUEBaiIMQYCABEkNAUEAQQE6AJCoiYAADAILIAMNAUEAIQ4MAgsgC0EBdCAMOwGQqIiAAAtBACEOQQAhDQJAIANBBEkNAP0MAAAAAAAAAAAAAAAAAAAAACEQIAchCyADQXxxIg0hDANA/QwCAAAAAgAAAAIAAAACAAAA/QwDAAAAAwAAAAMAAAADAAAAIAv9XQEAIhH9DID/gP+A/4D/gP+A/4D/gP/9jgH9DIAHgAeAB4AHgAeAB4AHgAf9MCAR/QwA+AD4APgA+AD4APgA+AD4/U79DADYANgA2ADYANgA2ADYANj9Lf1Q/acB/VL9DAEAAAABAAAAAQAAAAEAAAAgEf0MfwB/AH8AfwB/AH8AfwB/AP0y/acB/VIgEP2uASEQIAtBCGohCyAMQXxqIgwNAAsgECAQIBH9DQgJCgsMDQ4PAAECAwABAgP9rgEiESARIBH9DQQFBgcAAQIDAAECAwABAgP9rgH9GwAhDiADIA1GDQELIAYgDUEBdCACQQF0amohCyADIA1rIQ0DQEEBIQwCQCALLwEAIghBgAFJDQBBAiEMIAhBgBBJDQBBAkEDIAhBgPADcUGAsANGGyEMCyALQQJqIQsgDCAOaiEOIA1Bf2oiDQ0ACwsgBSgCDCABQQN0aiILIA42AgQgCyAEQQJ0QQJBASAAQQFGG3I2AgACQCAFKAIEIg4gBSgCACINIA9xIgtBAnRqIgwoAgBFDQADQCAOIAtBAWogDXEiC0ECdGoiDCgCAA0ACwsgDCAPQQFyNgIAIAUoAgggC0EMbGoiCyABQQFqNgIIIAsgAjYCBCALIAM2AgACQCAAQQNHDQAgBy8BACIOQQN2IgsgCy0AgKmJgABBASAOQQdxdHI6AICpiYAAAkAgA0G/f2pBv39LDQBBAEEBOgCA6YmAAA8LAkBBACgC9KiJgAAiDSAOQbHz3fF5bEEQdkEAKALwqImAACIIcSIMQQR0aiILKQMIUA0AA0AgCygCACAORg0BIA0gDEEBaiAIcSIMQQR0aiILKQMIUEUNAAsLIAsgDjYCACANIAxBBHRqIgsgCykDCEIBIANBf2qthoQ3AwgLCxEAIABBA3FBFGwoAqyoiYAAC10BBH8CQCABRQ0AIABBA3FBFGwoAqyoiYAAIQJBACEDQQAhBANAIAAgBCADIAIoAgAiBSACQQRqKAIAEISAgIAAIAJBCGohAiAFIANqIQMgASAEQQFqIgRHDQALCwsIAEGQ6YmAAAuSBAMCfwF7BH9BACEBAkBBAC0AgOmJgAANAEEAIQJBACAAQQBHNgKQ6YqAAAJAIABFDQBBAEEALQCHqYmAAEEEcjoAh6mJgAALQQAtALLpi4AA/RFBAC0AtOmLgAD9HAFBAC0AtumLgAD9HAJBAC0AuOmLgAD9HAP9TSEDQQAvAYSIgIAAIQRBACEFA0ACQCACLQCAqYmAACIGRQ0AIAJBA3QhBwNAQQAhASAGaCAHaiIAQYD4A3FBgLgDRg0DAkAgAEHbAEYNACAAQePBAEYNBCAAQY/8A0YNBAJAIAAgBEkNACADIAD9Ef0MAND//2bN///BJ///8AH///2uAf0MMAAAAKKlAADQJQAA8AEAAP06/U5BH/2rAUEf/awB/aQBRQ0BCyAFQQZGDQQgBUEBdEGU6YqAAGogADsBACAFQQFqIQULIAZBf2ogBnEiBg0ACwsgAkEBaiICQYDAAEcNAAtBACAFNgKg6YqAAAJAIAVBBUwNAEEBDwsCQEEGIAVrIgFBCEkNACAFQQF0QZTpioAAaiEAIAUgAUF4cSIHaiEFIAchBgNAIAD9DFsAWwBbAFsAWwBbAFsAWwD9CwEAIABBEGohACAGQXhqIgYNAAsgASAHRw0AQQEPCyAFQXpqIQZBASEBIAVBAXRBlOmKgABqIQADQCAAQdsAOwEAIABBAmohACAGQQFqIgYNAAsLIAELmQEBBH9BACEBQQBBACgCgIiAgABBD2pBcHEiAkEQaiIDNgKk6YqAAEEAIABBAXQiACADakHPAGpBcHE2AqjpioAAQQBBADYCrOmKgAACQAJAIAAgAmpB0ABqIgA/AEEQdCIETQ0AIAAgBGtB//8DakEQdkAAQX9GDQELIAL9DAAAAAAAAAAAAAAAAAAAAAD9CwQAIAMhAQsgAQsLAEEAKAKo6YqAAAvVSAoBfwF7B38Eewp/BnsQfwJ+BX8BeyOAgICAAEGAAWsiAiSAgICAAEEAQQE2Arzpi4AAQQD9CAGEiICAACEDQQAtALLpi4AAIQRBAC0AtOmLgAAhBUEALQC26YuAACEGQQAtALjpi4AAIQdBACgCpOmKgAAiCCAAQQF0akEAOwEAQQBBADYCwOmLgABBAEEANgLE6YuAAEEAQQA2Asjpi4AAQQAhCUEAIQoCQAJAIABFDQBBAEHwAyAHG/0QIQtBAEHQywAgBhv9ECEMQQBBost+IAUb/RAhDUEAQTAgBBv9ECEOIAJBBHIhDyACQQJyIRAgCEEEaiERIABBYGohEiAIQXxqIRMgAkF4aiEUIAJBfGohFSABQQJJIRZBACEKQQAhF0EAIRhBACEJA0AgCCAYQQF0aiIE/QABICIZ/QxbAFsAWwBbAFsAWwBbAFsAIhr9LSAZ/QzwAfAB8AHwAfAB8AHwAfABIhv9jgEgC/02IBn9DMEnwSfBJ8EnwSfBJ8EnwSciHP2OASAM/Tb9TiAZ/QxmzWbNZs1mzWbNZs1mzWbNIh39jgEgDf02/U4gGf0MANAA0ADQANAA0ADQANAA0CIe/Y4BIA79Nv1OIBkgA/02/U79UCAE/QABMCIZIBr9LSAZIBv9jgEgC/02IBkgHP2OASAM/Tb9TiAZIB39jgEgDf02/U4gGSAe/Y4BIA79Nv1OIBkgA/02/U79UP1l/WRBEHQgBP0AAQAiGSAa/S0gGSAb/Y4BIAv9NiAZIBz9jgEgDP02/U4gGSAd/Y4BIA39Nv1OIBkgHv2OASAO/Tb9TiAZIAP9Nv1O/VAgBP0AARAiGSAa/S0gGSAb/Y4BIAv9NiAZIBz9jgEgDP02/U4gGSAd/Y4BIA39Nv1OIBkgHv2OASAO/Tb9TiAZIAP9Nv1O/VD9Zf1kciEfAkACQCAAIBhrIgVBH0sNACAfQX8gBXRBf3NxIR8MAQsgHw0AIAVBwABJDQBBACAYayEFAkADQCAEQdAAaiEHIAVBYGohBiAEQeAAav0AAQAiGSAa/S0gGSAb/Y4BIAv9NiAZIBz9jgEgDP02/U4gGSAd/Y4BIA39Nv1OIBkgHv2OASAO/Tb9TiAZIAP9Nv1O/VAgBEHwAGr9AAEAIhkgGv0tIBkgG/2OASAL/TYgGSAc/Y4BIAz9Nv1OIBkgHf2OASAN/Tb9TiAZIB79jgEgDv02/U4gGSAD/Tb9Tv1Q/WX9ZEEQdCAEQcAAaiIE/QABACIZIBr9LSAZIBv9jgEgC/02IBkgHP2OASAM/Tb9TiAZIB39jgEgDf02/U4gGSAe/Y4BIA79Nv1OIBkgA/02/U79UCAH/QABACIZIBr9LSAZIBv9jgEgC/02IBkgHP2OASAM/Tb9TiAZIB39jgEgDf02/U4gGSAe/Y4BIA79Nv1OIBkgA/02/U79UP1l/WRyIh8NASASIAVqIQcgBiEFIAdBP0sNAAsLQQAgBmshGAsCQCAJQcIAakEAKAKs6YqAACIESQ0APwAhBQJAIARBgAggBEGACEsbIARqIgRBA3RBACgCqOmKgABqIgYgBUEQdCIFTQ0AIAYgBWtB//8DakEQdkAAQX9HDQBBfiEgDAQLQQAgBDYCrOmKgAALAkBBfyAXIBhrdEF/IBcgGEsbIB9xIiFFDQAgGEEgaiEiA0AgISIEQX9qIARxISECQAJAAkACQCAIIBggBGhqIiNBAXRqIgUvAQAiBEHbAEcNAAJAIAVBfmovAQAiBCAEIAVBfGovAQAiBiAGQYD4A3EiB0GAsANHGyAEQYD4A3FBgLgDRyIGGyIEQQN2LQCwqYuAACAEQQdxdkEBcUUNAAJAAkAgI0F/aiIEDQBBACEEDAELIAYNACAjQX5qIAQgB0GAsANGGyEECwJAIAggBEEBdGoiBi8BACIEQYD4A3FBgLADRw0AIAZBAmovAQAiBkGA+ANxQYC4A0cNACAEQQp0IAZqQYDIgGVqIgRBgIAISQ0AAkAgBEGA4P8BcUGAgDhGDQBBfyEgDAsLIARBgIBQaiEECyAELQCQiICAAEEPcUEHRg0ECwJAIAggI0EBaiIkQQF0aiIGLwEAIgRBA3YtALDpioAAIARBB3F2QQFxRQ0AAkAgBEGA+ANxQYCwA0cNACAGQQJqLwEAIgZBgPgDcUGAuANHDQAgBEEKdCAGakGAyIBlaiIEQYCACEkNAAJAIARBgOD/AXFBgIA4Rg0AQX8hIAwLCyAEQYCAUGohBAsgBC0AkIiAgAAiBEEOcUEERg0EIARBD3FBCEYNBAsCQCAjQRFqIABLDQAgBf0AAQIiGf0MXQBdAF0AXQBdAF0AXQBdACIc/S0gBf0AARIiGyAc/S39Zf1kIgRFDQACQAJAIBkgGv0tIh0gGf0MAPgA+AD4APgA+AD4APgA+CIc/U79DADYANgA2ADYANgA2ADYANgiGf0t/VAgGyAa/S0iHiAbIBz9TiAZ/S39UP1l/WRBfyAEaCIGdEF/cyIEcUUNACAdIB79Zf1kIARxRSEHDAELIAZFDQUgBiAkaiEHC0EBISVBACEmIAcOAgQAAgsgFg0DICQgAE8NA0EBISUgJCEHQQEhHwNAAkACQCAIIAdBAXRqLwEAIgRBpX9qDgMGAQABCyAHICRNDQVBASEmDAMLAkACQCAEQf8ASw0AIAdBAWohBiAfQQFqIR8MAQsCQCAEQf8PSw0AQQAgJSAEQf8FSxshJSAHQQFqIQYgH0ECaiEfDAELIAdBAWohBgJAIARBgPgDcUGAsANHDQAgBiAATw0AIAggBkEBdGovAQBBgPgDcUGAuANHDQAgB0ECaiEGIB9BBGohH0EAISUMAQsgJSAlQQAgBEGAqAFqQf//A3FBpNcASRsgBEGAmH9qQf//A3FBgNgBSRshJSAfQQNqIR8LIAYgAE8NBCAGIQcgHyABSQ0ADAQLCwJAICNFDQAgBEGP/ANGIARB48EARnJFDQACQCAFQX5qLwEAIgVBRmpB//8DcUH1/wNLDQAgBUH//wNxQV1qDggAAQEBAQEBAAELICNBf2oiIyAXSQ0DIAUhBAsgBEH//wNxIQUgCCAjQQF0aiEHAkACQAJAAkACQCAEQYD4A3FBgLADRyInDQAgB0ECai8BACIGQYD4A3FBgLgDRg0BDAILIARB//8DcSIGQf8ASw0BAkAgBEFGakH//wNxQfX/A0sNACAGQV1qDggABwcHBwcHAAcLICNBAWoiBiAATw0GQQEhKCAIIAZBAXRqLwEAIilB48EARg0CIAUhBiAFIR8gKUGP/ANGDQMMBgtBAiEoAkAgBUEKdCAGakGAyIBlaiIGQYCACE8NACAGIR8MAwsgBkGA4P8BcUGAgDhHDQUgBkGAgFBqIR8MAgtBASEoCyAFIQYgBSEfCyAfLACQiICAACEfAkAgBkGAAUkNACAfQX9KDQMLIB9B/wFxIh9BD3EhKQJAICNFDQAgIyAATw0AIB9BDnFBBEYNAyApQQhGDQMCQCAfQe8AcQ0AIAdBfmovAQAiKiAqIAdBfGovAQAiKyArQYD4A3FBgLADRxsgKkGA+ANxQYC4A0cbIipBA3YtALCpi4AAICpBB3F2QQFxRQ0BCwJAAkAgI0F/aiIqDQBBACErDAELICohKyAIICpBAXRqLwEAQYD4A3FBgLgDRw0AICNBfmogKiAHQXxqLwEAQYD4A3FBgLADRhshKwsCQCAIICtBAXRqIiwvAQAiK0GA+ANxQYCwA0cNACAsQQJqLwEAIixBgPgDcUGAuANHDQAgK0EKdCAsakGAyIBlaiIrQYCACEkNAAJAICtBgOD/AXFBgIA4Rg0AQX8hIAwKCyArQYCAUGohKwsCQCArLQCQiICAACIrQQtxDQAgKUEGRg0AICsgH3JB4ABxRQ0BCwJAAkAgKg0AQQAhKgwBCyAIICpBAXRqLwEAQYD4A3FBgLgDRw0AICNBfmogKiAHQXxqLwEAQYD4A3FBgLADRhshKgsCQAJAIAggKkEBdGoiKy8BACIsQYD4A3FBgLADRw0AICtBAmovAQAiK0GA+ANxQYC4A0cNACAsQQp0ICtqQYDIgGVqIixBgIAISQ0AQX8hKyAsQYDg/wFxQYCAOEcNASAsQYCAUGohLAsgLC0AkIiAgAAhKwsgBSEsAkAgJw0AIAUhLCAHQQJqLwEAIiBBgPgDcUGAuANHDQAgBUEKdCAgakGAyIBlaiIsQYCACEkNAAJAICxBgOD/AXFBgIA4Rg0AQX8hIAwKCyAsQYCAUGohLAtBfyEgICtBAEgNCCAsLQCQiICAACIlQQ9xISwCQAJAICtBD3EiLUEBRw0AICxBAkchKgwBCyArQQ5xQQJGDQEgLEF/akEDSQ0BICVBDnEiLkEERg0EICxBCEYNBAJAAkACQCAtQXlqDgYHAgABAgECCyAuQQxGDQYgLEF3akECTw0BDAYLIC5BCkYNBQsCQCAtQQ1HIC1BC0dxDQAgLEELRg0FCwJAICVB4ABxQSBHDQAgK0HAAHENCgsCQCAtQQVHDQAgJUEQcUUNAANAICpFDQMCQAJAICpBf2oiKw0AQQAhKgwBCwJAIAggK0EBdGovAQBBgPgDcUGAuANGDQAgKyEqDAELICpBfmogKyATICpBAXRqLwEAQYD4A3FBgLADRhshKgsCQCAIICpBAXRqIiwvAQAiK0GA+ANxQYCwA0cNACAsQQJqLwEAIixBgPgDcUGAuANHDQAgK0EKdCAsakGAyIBlaiIrQYCACEkNACArQYDg/wFxQYCAOEcNDCArQYCAUGohKwsgKy0AkIiAgAAiK0EPcUEERg0ACyArQX9zQQR2QQFxISoMAQsgLUEGRw0BICxBBkcNAUEAKALE6YuAACEtQQAoAsjpi4AAISUgIyEqAkADQAJAICoiKw0AQQAhKwwCCwJAICUgK08NACArIC1LDQAgJSErDAILAkACQCArQX9qIioNAEEAISoMAQsgCCAqQQF0ai8BAEGA+ANxQYC4A0cNACArQX5qICogEyArQQF0ai8BAEGA+ANxQYCwA0YbISoLAkAgCCAqQQF0aiIgLwEAIixBgPgDcUGAsANHDQAgIEECai8BACIgQYD4A3FBgLgDRw0AICxBCnQgIGpBgMiAZWoiLEGAgAhJDQAgLEGA4P8BcUGAgDhHDQIgLEGAgFBqISwLICwtAJCIgIAAQQ9xQQZGDQALCwJAAkAgKyAlRw0AICMgLU0NAQtBACAjNgLE6YuAAAtBACArNgLI6YuAACAjICtrQX9zQQF2QQFxISoLICpFDQMLAkAgH0HgAHFBIEYNACApQQZGDQAgBkGAoHhqIh8gBkGAWGpBfyAGQYBAakGAKEkbIB9BgBhJGyIfQQBIDQBBAC0AkKiJgABBAXENAAJAIAggKCAjaiIGIAggBkEBdGovAQBB/v8DcUGO/ANGIihqIi5BAXRqIikvAQAiBkEDdi0AsOmKgAAgBkEHcXZBAXENACAfQQF0LwGQqIiAACIERQ0EQQAoAsCoiYAAIARBA3RqQXhqKAIAIQQMAwsgBkG8sANHDQBBAC0AsOmLgABBAXFFDQAgKA0AIClBAmovAQBBhcAAakH//wNxQQRLDQAgCCAuQQJqIi5BAXRqLwEAIgZBA3YtALDpioAAIAZBB3F2QQFxDQACQAJAIC4gI2siKkEBdCIpQQhJDQAgKa0iLyEwAkAgKUERSQ0AIAcpAAggL4VClfip+pe33puef34hMAsgByApakF4aikAACAvfELT2JfU4b+u50R+IAcpAAAgMIVCzZnW6v7666h/foUhLwwBCwJAIClBBEkNACAHIClqQXxqKAAAIClqrULT2JfU4b+u50R+IAcoAAAgKXOtQs2Z1ur++uuof36FIS8MAQsgBzEAAUIIhiAErUL/AYOEQs2Z1ur++uuof34hLwtBACgCtKiJgAAiKCAvQiuIIC9CHYiFIC+FpyIGcSEFIAZBAXIhHyAHIClqIgZBfGohJSAGQXhqIS1BACgCxKiJgAAhIEEAKAK8qImAACErQQAoArioiYAAIScDQAJAAkACQAJAICcgBUECdGooAgAiBiAfRw0AICsgBUEMbGoiBigCACAqRw0DICAgBigCBEEBdGohLAJAIClBB0sNACApQQRJDQIgLCgAACAHKAAARw0EICwgKWpBfGooAAAgJSgAAEcNBAwDCyApQRBLDQMgLCkAACAHKQAAUg0DICwgKWpBeGopAAAgLSkAAFINAwwCCyAGRQ0HDAILICwvAQAgBEH//wNxRw0BC0EAKALAqImAACAGKAIIQQN0akF4aigCACEEDAQLIAVBAWogKHEhBQwACwtBASEGAkACQAJAAkACQAJAAkAgJ0UNAEEBIR8MAQtBASEGAkAgB0ECai8BACInQYD4A3FBgLgDRg0AQQEhHwwBC0ECIR9BACEGIAVBCnQgJ2pBgMiAZWoiBUGAgAhJDQAgBUGA4P8BcUGAgDhHDQEgBUGAgFBqIQULIAUtAJCIgIAAIgVB4ABxQSBGDQACQAJAIAZFDQACQCAEQf7/A3FBjvwDRw0AQQAhICACIQYMAgsgAiAEOwEAQQEhICAQIQYMAQsgAiAEOwEAIAIgBy8BAjsBAkECISAgDyEGCwJAIB8gI2oiLiAATw0AIAggLkEBdGoiJy8BACIEQYABSQ0AIARBgMABakH//wNxQf+/AksNAEEBIShBACEqAkACQCAEQYD4A3FBgLADRg0AQQEhByAEISkMAQtBASEoQQEhByAEISkgJ0ECai8BACIfQYD4A3FBgLgDRw0AQQIhB0EBISpBACEoIARBCnQgH2pBgMiAZWoiKUGAgAhJDQAgKUGA4P8BcUGAgDhHDQIgKUGAgFBqISkLIAVBBHZBAXEhHwJAAkACQAJAAkAgKS0AkIiAgABBD3EiKUF8ag4FAQACAgECCwJAAkAgKA0AIAYgBDsBACAHICBqISAgKkUNASAGQQJqICcvAQI7AQAMAQsgBEH+/wNxQY78A0YNACAGIAQ7AQAgByAgaiEgCyAHIC5qIS4CQCAfDQBBACEfDAQLAkAgLiAASQ0AQQAhHwwEC0EBIQZBACEfAkACQCAIIC5BAXRqIicvAQAiBEGA+ANxQYCwA0YNAEEAIShBASEHIAQhBQwBC0EBIQZBACEoQQEhByAEIQUgJ0ECai8BACIpQYD4A3FBgLgDRw0AQQIhB0EBIShBACEGIARBCnQgKWpBgMiAZWoiBUGAgAhJDQAgBUGA4P8BcUGAgDhHDQYgBUGAgFBqIQULIAUtAJCIgIAAIgVBEHFFDQMgBUHgAHENBQJAAkAgBg0AIAIgIEEBdHIiBSAEOwEAIAcgIGohICAoRQ0BIAVBAmogJy8BAjsBAAwBCyAEQf7/A3FBjvwDRg0AIAIgIEEBdHIgBDsBACAHICBqISALIAcgLmohLkEBIR8MAwsCQAJAICgNACAGIAQ7AQAgByAgaiEgICpFDQEgBkECaiAnLwECOwEADAELIARB/v8DcUGO/ANGDQAgBiAEOwEAIAcgIGohIAtBACAfIClBCEYbIR8MAQsgBUEPcUEGRw0CIClBBkcNAgJAICgNACAGIAQ7AQAgByAgaiEgICpFDQEgBkECaiAnLwECOwEADAELIARB/v8DcUGO/ANGDQAgBiAEOwEAIAcgIGohIAsgByAuaiEuCyAuIABPDQADQCAIIC5BAXRqIicvAQAiBEGAAUkNASAEQYDAAWpB//8DcUH/vwJLDQFBASEGQQAhKAJAAkAgBEGA+ANxQYCwA0YNAEEBIQUgBCEHDAELQQEhBkEBIQUgBCEHICdBAmovAQAiKUGA+ANxQYC4A0cNAEECIQVBASEoQQAhBiAEQQp0IClqQYDIgGVqIgdBgIAISQ0AIAdBgOD/AXFBgIA4Rw0DIAdBgIBQaiEHCwJAAkACQAJAAkACQAJAIActAJCIgIAAQQ9xIgdBfGoOBQABCAgACAsgBkUNASAEQf7/A3FBjvwDRg0EIAUgIGoiBkHAAEsNCCACICBBAXRqIAQ7AQAgBiEgDAQLAkACQCAGRQ0AAkAgBEH+/wNxQY78A0cNACAgIQYMAgsgBSAgaiIGQcAASw0JIAIgIEEBdGogBDsBAAwBCyAFICBqIgZBwABLDQggAiAgQQF0aiIHIAQ7AQAgKEUNACAHQQJqICcvAQI7AQALIAUgLmohLiAfRQ0BIC4gAE8NAUEBIQdBACEfAkACQCAIIC5BAXRqIigvAQAiBEGA+ANxQYCwA0YNAEEAISlBASEnIAQhBQwBC0EBIQdBACEpQQEhJyAEIQUgKEECai8BACIqQYD4A3FBgLgDRw0AQQIhJ0EBISlBACEHIARBCnQgKmpBgMiAZWoiBUGAgAhJDQAgBUGA4P8BcUGAgDhHDQggBUGAgFBqIQULAkAgBS0AkIiAgAAiBUEQcQ0AIAYhIAwFCyAFQeAAcQ0HAkACQCAHRQ0AAkAgBEH+/wNxQY78A0cNACAGISAMAgsgJyAGaiIgQcAASw0JIAIgBkEBdGogBDsBAAwBCyAnIAZqIiBBwABLDQggAiAGQQF0aiIFIAQ7AQAgKUUNACAFQQJqICgvAQI7AQALICcgLmohLkEBIR8MBAsgBSAgaiIGQcAATQ0BDAYLIAYhIEEAIR8MAgsgAiAgQQF0aiIpIAQ7AQACQCAoRQ0AIClBAmogJy8BAjsBAAsgBiEgC0EAIB8gB0EIRhshHyAFIC5qIS4LIC4gAEkNAAsLAkAgIEEBdCInQQhJDQAgJ60iMCEvICdBEUkNBCAnQW9qIgRBA3ZBAWoiBUEDcSEHAkAgBEEYTw0AQQghBEEQIQUgMCEvDAQLIAVB/P///wNxIQZBACEFIDAhLwNAIAIgBWoiBEEgaikDACAEQRhqKQMAIARBEGopAwAgBEEIaikDACAvhUKV+Kn6l7fem55/foVClfip+pe33puef36FQpX4qfqXt96bnn9+hUKV+Kn6l7fem55/fiEvIAVBIGohBSAGQXxqIgYNAAwDCwsCQCAnQQRJDQAgFSAnaigBACAnaq1C09iX1OG/rudEfiACKAIAICdzrULNmdbq/vrrqH9+hSEvDAULIAIzAQBCzZnW6v7666h/fiEvDAQLQX8hIAwLCyAFQQhqIQQgBUEQaiEFCyAHRQ0AIAdBA3QhBgNAIAUiB0EIaiEFIAIgBGopAwAgL4VClfip+pe33puef34hLyAHIQQgBkF4aiIGDQALCyAUICdqKQEAIDB8QtPYl9Thv67nRH4gAikDACAvhULNmdbq/vrrqH9+hSEvC0EAKAK0qImAACIrIC9CK4ggL0IdiIUgL4WnIgRxIQUgBEEBciEpIBUgJ2ohMSAUICdqITIgAikDACIvpyEkQQAoAsSoiYAAIS1BACgCvKiJgAAhJUEAKAK4qImAACEqA0ACQAJAAkACQCAqIAVBAnRqKAIAIgQgKUcNACAlIAVBDGxqIiwoAgAgIEcNAyAtICwoAgRBAXRqISgCQCAnQQdLDQAgJ0EESQ0CICgoAAAgJEcNBCAoICdqQXxqKAAAIDEoAQBHDQQMAwsCQAJAICdBEUkNAEEAIQQDQCAEQQhqIgYgJ08NAiAoIARqIQcgAiAEaiEfIAYhBCAHKQAAIB8pAwBRDQAMBgsLICgpAAAgL1INBCAoICdqQXhqKQAAIDIpAQBSDQQMAwsgKCAnakF4aikAACAyKQEAUg0DDAILIARFDQYMAgsgKC8BACAkQf//A3FHDQELQQAoAsCoiYAAICwoAghBA3RqQXhqKAIAIQQMAwsgBUEBaiArcSEFDAALCwJAIAggB0EBaiIuQQF0aiIGLwEAIgRBA3YtALDpioAAIARBB3F2QQFxRQ0AAkAgBEGA+ANxQYCwA0cNACAGQQJqLwEAIgZBgPgDcUGAuANHDQAgBEEKdCAGakGAyIBlaiIEQYCACEkNAAJAIARBgOD/AXFBgIA4Rg0AQX8hIAwJCyAEQYCAUGohBAsgBC0AkIiAgAAiBEEOcUEERg0CIARBD3FBCEYNAgsCQAJAIC4gI2siMkEBdCIpQQhJDQAgKa0iMCEvAkAgKUERSQ0AQQghBCAwIS8DQCAFIARqKQAAIC+FQpX4qfqXt96bnn9+IS8gBEEQaiEGIARBCGohBCAGIClJDQALCyAFIClqQXhqKQAAIDB8QtPYl9Thv67nRH4gBSkAACAvhULNmdbq/vrrqH9+hSEvDAELQt+ZpOuVuOCEQiEvIClBBEkNACAFIClqQXxqKAAAIClqrULT2JfU4b+u50R+IAUoAAAgKXOtQs2Z1ur++uuof36FIS8LQQAoAqCoiYAAIiAgL0IriCAvQh2IhSAvhaciBHEhBiAEQQFyISsgBSApaiIEQXxqITMgBEF4aiE0QQAoArCoiYAAITVBACgCqKiJgAAhMUEAKAKkqImAACEsA0ACQAJAAkACQAJAICwgBkECdGooAgAiBCArRw0AIDEgBkEMbGoiLSgCACAyRw0EIDUgLSgCBEEBdGohKgJAIClBB0sNACApQQRJDQIgKigAACAFKAAARw0FICogKWpBfGooAAAgMygAAEcNBQwDCwJAAkAgKUERSQ0AQQAhBANAIARBCGoiHyApTw0CIAUgBGohJyAqIARqISggHyEEICgpAAAgJykAAFENAAwHCwsgKikAACAFKQAAUg0FICogKWpBeGopAAAgNCkAAFINBQwDCyAqIClqQXhqKQAAIDQpAABSDQQMAgsgBEUNAgwDCyAqLwEAQdsARw0CC0EAKAKsqImAACAtKAIIQQN0aiIEQXxqKAIAIAFLDQQgBEF4aigCACEEDAMLAkAgJg0AICQgAE8NBCAF/QABAiIZ/QwAVABUAFQAVABUAFQAVABUIhv9jgH9DKQrpCukK6QrpCukK6QrpCsiHP0wIBn9DAADAAMAAwADAAMAAwADAAMiHf0wIBn9DADMAMwAzADMAMwAzADMAMwiHv2OAf0MAGwAbABsAGwAbABsAGwAbCI2/TD9UP1QIAX9AAESIhkgG/2OASAc/TAgGSAd/TAgGSAe/Y4BIDb9MP1Q/VD9Zf1kQX8gByAjQX9zanRyQX9GDQQgFg0EQQEhJyAkIQYCQANAAkAgCCAGQQF0ai8BACIEQaV/ag4DBwACAAsCQAJAIARB/wBLDQAgBkEBaiEfICdBAWohJwwBCwJAIARB/w9LDQBBACAlIARB/wVLGyElIAZBAWohHyAnQQJqIScMAQsgBkEBaiEfAkAgBEGA+ANxQYCwA0cNACAfIABPDQAgCCAfQQF0ai8BAEGA+ANxQYC4A0cNACAGQQJqIR8gJ0EEaiEnQQAhJQwBCyAlICVBACAEQYCoAWpB//8DcUGk1wBJGyAEQYCYf2pB//8DcUGA2AFJGyElICdBA2ohJwsgHyAATw0GIB8hBiAnIAFJDQAMBgsLIAYgJE0NBAsgJQ0DIDJBfmoiJ0UNAyAHICNrIR9BASEHIBEgI0EBdGohBgJAA0ACQCAGQX5qLwEAIgRBgKgBakH//wNxQaTXAEkNACAEQYAGSQ0AIARBgJh/akH//wNxQYDYAUkNAAJAIARBgPgDcUGAsANHDQAgByAnTw0AIAYvAQAiKEGA+ANxQYC4A0cNACAEQQp0IChqQYDIgGVqIgRB//8HSw0DCyAEQQN2LQCQ6YmAACAEQQdxdkEBcUUNAgsgBkECaiEGIB8gB0EBaiIHRw0ADAULCwJAIAUgMhCAgICAACIEQQBODQBBfyEgDAkLIAQNAgwDCyAGQQFqICBxIQYMAAsLQQAoAqjpioAAIgUgCUEDdGoiBiAKNgIAIAZBADYCBCAFIAkgCiAjSWoiBkEDdGoiBSAjNgIAIAUgBDYCBCAGQQFqIQkCQCAuICJJDQAgLkFgcUFgaiEYIC4hFyAuIQoMAwtBfyAuIBhrdCAhcSEhIC4hCiAuIRcLICENAAsLIBhBIGoiGCAASQ0ACwtBACgCqOmKgAAhBUEAKAKs6YqAACEEAkACQCAKIABJDQAgCSEgDAELAkAgCUEBaiIgIARJDQACQCAEQYAIIARBgAhLGyAEaiIEQQN0IAVqIgY/AEEQdCIHTQ0AIAYgB2tB//8DakEQdkAAQX9HDQBBfiEgDAMLQQAgBDYCrOmKgAALIAUgCUEDdGoiBkEANgIEIAYgCjYCAAsCQCAgQQFqIARNDQACQCAEQYAIIARBgAhLGyAEaiIEQQN0IAVqIgY/AEEQdCIHTQ0AIAYgB2tB//8DakEQdkAAQX9HDQBBfiEgDAILQQAgBDYCrOmKgAALIAUgIEEDdGogADYCAAsgAkGAAWokgICAgAAgIAuZcQ0Cfwd7En8HewR/A3sGfwJ+CH8BfgJ/An4FfyOAgICAAEGAA2siAiSAgICAAEEAKAKk6YqAACEDIAL9DAAwADAAMAAwADAAMAAwADD9CwSQASACQQD9CAGEiICAACIE/QsEgAEgAv0MmjKaMpoymjKaMpoymjKaMv0LBKABIAL9DD/YP9g/2D/YP9g/2D/YP9j9CwSwASAC/QwQ/hD+EP4Q/hD+EP4Q/hD+/QsEwAEgAkEA/QgBlOmKgAAiBf0LBJACIAJBAP0IAZbpioAAIgb9CwSgAiACQQBBMEEALQCy6YuAABv9ECIH/QsE0AEgAkEAQaLLfkEALQC06YuAABv9ECII/QsE4AEgAkEAQdDLAEEALQC26YuAABv9ECIJ/QsE8AEgAkEAQfADQQAtALjpi4AAG/0QIgr9CwSAAkEAQQE2Arzpi4AAIAJBAP0IAZjpioAA/QsEsAIgAkEA/QgBmumKgAD9CwTAAiACQQD9CAGc6YqAAP0LBNACIAJBAP0IAZ7pioAA/QsE4AJBACgCoOmKgAAhCyADIABBAXRqQQA7AQBBAEEANgLA6YuAAEEAQQA2AsTpi4AAQQBBADYCyOmLgAAgAiALNgLwAkEAIQxBACENAkACQCAARQ0AIAJBBHIhDiACQQJyIQ8gA0EEaiEQIANBAmohESALQQNxIRIgC0H8////B3EhEyALQX9qIRQgA0F8aiEVIAJBkAJqIRYgAkHAAmohFyACQXhqIRggAkF8aiEZQQAhDUEAIRpBACEbQQAhDANAIAMgG0EBdGoiHP0AAQAiHf0MWwBbAFsAWwBbAFsAWwBbACIe/S0gHf0M8AHwAfAB8AHwAfAB8AHwASIf/Y4BIAr9NiAd/QzBJ8EnwSfBJ8EnwSfBJ8EnIiD9jgEgCf02/U4gHf0MZs1mzWbNZs1mzWbNZs1mzSIh/Y4BIAj9Nv1OIB39DADQANAA0ADQANAA0ADQANAiIv2OASAH/Tb9TiAdIAT9Nv1O/VAhIwJAAkACQAJAAkACQCAAIBtrIiRBIEkNACALQQNIIiUNAUEAISYCQCAUQQNJDQBBACEmIBchJwNAIB0gJ/0ABAD9LSAdICdBcGr9AAQA/S39UCAdICdBYGr9AAQA/S39UCAdICdBUGr9AAQA/S39UCAj/VAhIyAnQcAAaiEnIBMgJkEEaiImRw0ACwsgEkUNBCAWICZBBHRqIScgEiEmA0AgHSAn/QAEAP0tICP9UCEjICdBEGohJyAmQX9qIiYNAAwFCwsgC0EDSCIlDQFBACEmAkAgFEEDSQ0AQQAhJiAXIScDQCAdICf9AAQA/S0gHSAnQXBq/QAEAP0t/VAgHSAnQWBq/QAEAP0t/VAgHSAnQVBq/QAEAP0t/VAgI/1QISMgJ0HAAGohJyATICZBBGoiJkcNAAsLIBJFDQIgFiAmQQR0aiEnIBIhJgNAIB0gJ/0ABAD9LSAj/VAhIyAnQRBqIScgJkF/aiImDQAMAwsLIB0gBf0tIB0gBv0t/VAgI/1QISMMAgsgHSAF/S0gHSAG/S39UCAj/VAhIwsgHP0AARAiHSAe/S0gHSAf/Y4BIAr9NiAdICD9jgEgCf02/U4gHSAh/Y4BIAj9Nv1OIB0gIv2OASAH/Tb9TiAdIAT9Nv1O/VAhKAJAAkAgJQ0AQQAhJgJAIBRBA0kNAEEAISYgFyEnA0AgHSAn/QAEAP0tIB0gJ0Fwav0ABAD9Lf1QIB0gJ0Fgav0ABAD9Lf1QIB0gJ0FQav0ABAD9Lf1QICj9UCEoICdBwABqIScgEyAmQQRqIiZHDQALCyASRQ0BIBYgJkEEdGohJyASISYDQCAdICf9AAQA/S0gKP1QISggJ0EQaiEnICZBf2oiJg0ADAILCyAdIAX9LSAdIAb9Lf1QICj9UCEoCyAc/QABICIdIB79LSAdIB/9jgEgCv02IB0gIP2OASAJ/Tb9TiAdICH9jgEgCP02/U4gHSAi/Y4BIAf9Nv1OIB0gBP02/U79UCEpAkACQCAlDQBBACEmAkAgFEEDSQ0AQQAhJiAXIScDQCAdICf9AAQA/S0gHSAnQXBq/QAEAP0t/VAgHSAnQWBq/QAEAP0t/VAgHSAnQVBq/QAEAP0t/VAgKf1QISkgJ0HAAGohJyATICZBBGoiJkcNAAsLIBJFDQEgFiAmQQR0aiEnIBIhJgNAIB0gJ/0ABAD9LSAp/VAhKSAnQRBqIScgJkF/aiImDQAMAgsLIB0gBf0tIB0gBv0t/VAgKf1QISkLIBz9AAEwIh0gHv0tIB0gH/2OASAK/TYgHSAg/Y4BIAn9Nv1OIB0gIf2OASAI/Tb9TiAdICL9jgEgB/02/U4gHSAE/Tb9Tv1QISoCQAJAICUNAEEAISYCQCAUQQNJDQBBACEmIBchJwNAIB0gJ/0ABAD9LSAdICdBcGr9AAQA/S39UCAdICdBYGr9AAQA/S39UCAdICdBUGr9AAQA/S39UCAq/VAhKiAnQcAAaiEnIBMgJkEEaiImRw0ACwsgEkUNASAWICZBBHRqIScgEiEmA0AgHSAn/QAEAP0tICr9UCEqICdBEGohJyAmQX9qIiYNAAwCCwsgHSAF/S0gHSAG/S39UCAq/VAhKgsgKSAq/WX9ZEEQdCAjICj9Zf1kckF/ICR0QX9zcSEnDAELIBz9AAEQIh0gHv0tIB0gH/2OASAK/TYgHSAg/Y4BIAn9Nv1OIB0gIf2OASAI/Tb9TiAdICL9jgEgB/02/U4gHSAE/Tb9Tv1QISgCQAJAICUNAEEAISYCQCAUQQNJDQBBACEmIBchJwNAIB0gJ/0ABAD9LSAdICdBcGr9AAQA/S39UCAdICdBYGr9AAQA/S39UCAdICdBUGr9AAQA/S39UCAo/VAhKCAnQcAAaiEnIBMgJkEEaiImRw0ACwsgEkUNASAWICZBBHRqIScgEiEmA0AgHSAn/QAEAP0tICj9UCEoICdBEGohJyAmQX9qIiYNAAwCCwsgHSAF/S0gHSAG/S39UCAo/VAhKAsgHP0AASAiHSAe/S0gHSAf/Y4BIAr9NiAdICD9jgEgCf02/U4gHSAh/Y4BIAj9Nv1OIB0gIv2OASAH/Tb9TiAdIAT9Nv1O/VAhKQJAAkAgJQ0AQQAhJgJAIBRBA0kNAEEAISYgFyEnA0AgHSAn/QAEAP0tIB0gJ0Fwav0ABAD9Lf1QIB0gJ0Fgav0ABAD9Lf1QIB0gJ0FQav0ABAD9Lf1QICn9UCEpICdBwABqIScgEyAmQQRqIiZHDQALCyASRQ0BIBYgJkEEdGohJyASISYDQCAdICf9AAQA/S0gKf1QISkgJ0EQaiEnICZBf2oiJg0ADAILCyAdIAX9LSAdIAb9Lf1QICn9UCEpCyAc/QABMCIdIB79LSAdIB/9jgEgCv02IB0gIP2OASAJ/Tb9TiAdICH9jgEgCP02/U4gHSAi/Y4BIAf9Nv1OIB0gBP02/U79UCEqAkACQCAlDQBBACEmAkAgFEEDSQ0AQQAhJiAXIScDQCAdICf9AAQA/S0gHSAnQXBq/QAEAP0t/VAgHSAnQWBq/QAEAP0t/VAgHSAnQVBq/QAEAP0t/VAgKv1QISogJ0HAAGohJyATICZBBGoiJkcNAAsLIBJFDQEgFiAmQQR0aiEnIBIhJgNAIB0gJ/0ABAD9LSAq/VAhKiAnQRBqIScgJkF/aiImDQAMAgsLIB0gBf0tIB0gBv0t/VAgKv1QISoLICkgKv1l/WRBEHQgIyAo/WX9ZHIiJw0AICRBwABJDQADQCADIBtBIGoiG0EBdGoiHP0AAQAiHSAe/S0gHSAf/Y4BIAr9NiAdICD9jgEgCf02/U4gHSAh/Y4BIAj9Nv1OIB0gIv2OASAH/Tb9TiAdIAT9Nv1O/VAhIwJAAkAgJQ0AQQAhJgJAIBRBA0kNAEEAISYgFyEnA0AgHSAn/QAEAP0tIB0gJ0Fwav0ABAD9Lf1QIB0gJ0Fgav0ABAD9Lf1QIB0gJ0FQav0ABAD9Lf1QICP9UCEjICdBwABqIScgEyAmQQRqIiZHDQALCyASRQ0BIBYgJkEEdGohJyASISYDQCAdICf9AAQA/S0gI/1QISMgJ0EQaiEnICZBf2oiJg0ADAILCyAdIAX9LSAdIAb9Lf1QICP9UCEjCyAc/QABECIdIB79LSAdIB/9jgEgCv02IB0gIP2OASAJ/Tb9TiAdICH9jgEgCP02/U4gHSAi/Y4BIAf9Nv1OIB0gBP02/U79UCEoAkACQCAlDQBBACEmAkAgFEEDSQ0AQQAhJiAXIScDQCAdICf9AAQA/S0gHSAnQXBq/QAEAP0t/VAgHSAnQWBq/QAEAP0t/VAgHSAnQVBq/QAEAP0t/VAgKP1QISggJ0HAAGohJyATICZBBGoiJkcNAAsLIBJFDQEgFiAmQQR0aiEnIBIhJgNAIB0gJ/0ABAD9LSAo/VAhKCAnQRBqIScgJkF/aiImDQAMAgsLIB0gBf0tIB0gBv0t/VAgKP1QISgLIBz9AAEgIh0gHv0tIB0gH/2OASAK/TYgHSAg/Y4BIAn9Nv1OIB0gIf2OASAI/Tb9TiAdICL9jgEgB/02/U4gHSAE/Tb9Tv1QISkCQAJAICUNAEEAISYCQCAUQQNJDQBBACEmIBchJwNAIB0gJ/0ABAD9LSAdICdBcGr9AAQA/S39UCAdICdBYGr9AAQA/S39UCAdICdBUGr9AAQA/S39UCAp/VAhKSAnQcAAaiEnIBMgJkEEaiImRw0ACwsgEkUNASAWICZBBHRqIScgEiEmA0AgHSAn/QAEAP0tICn9UCEpICdBEGohJyAmQX9qIiYNAAwCCwsgHSAF/S0gHSAG/S39UCAp/VAhKQsgHP0AATAiHSAe/S0gHSAf/Y4BIAr9NiAdICD9jgEgCf02/U4gHSAh/Y4BIAj9Nv1OIB0gIv2OASAH/Tb9TiAdIAT9Nv1O/VAhKgJAAkAgJQ0AQQAhJgJAIBRBA0kNAEEAISYgFyEnA0AgHSAn/QAEAP0tIB0gJ0Fwav0ABAD9Lf1QIB0gJ0Fgav0ABAD9Lf1QIB0gJ0FQav0ABAD9Lf1QICr9UCEqICdBwABqIScgEyAmQQRqIiZHDQALCyASRQ0BIBYgJkEEdGohJyASISYDQCAdICf9AAQA/S0gKv1QISogJ0EQaiEnICZBf2oiJg0ADAILCyAdIAX9LSAdIAb9Lf1QICr9UCEqCyApICr9Zf1kQRB0ICMgKP1l/WRyIicNASAAIBtrQT9LDQALCwJAIAxBwgBqQQAoAqzpioAAIiZJDQA/ACElAkAgJkGACCAmQYAISxsgJmoiJkEDdEEAKAKo6YqAAGoiHCAlQRB0IiVNDQAgHCAla0H//wNqQRB2QABBf0cNAEF+ISYMBAtBACAmNgKs6YqAAAsCQEF/IBogG2t0QX8gGiAbSxsgJ3EiK0UNACAbQSBqISwDQCAraCEnICtBf2ogK3EhKwJAAkACQCADIBsgJ2oiLUEBdCIuaiIvLwEAIjBBA3YtAICpiYAAIDBBB3F2QQFxRQ0AAkAgLUUNACAAIC1NDQACQAJAIC9BfmovAQAiJ0GAAUkNACAnQYDAAWpB//8DcUGAwAJJDQELIDBBIEkNACAwQYABSSAwQYCAf2pB//8DcUGAwAFJcg0BCyADIC0QjYCAgAAiJkEBag4CCAMAC0J9ITECQEEAKAL0qImAACIlRQ0AICVBACgC8KiJgAAiHCAwQbHz3fF5bEEQdnEiJ0EEdGoiJikDCCIyUA0AAkAgJigCACAwRg0AA0AgJSAnQQFqIBxxIidBBHRqIiYpAwgiMlANAiAmKAIAIDBHDQALCyAAIC1rITMgL0F4aiE0IC9BfGohNUEAKALkqImAACI2QQhqITdBACgC7KiJgAAhOEEAKALgqImAACE5QQAoAtyoiYAAIToDQAJAQcAAIDJ5IjunayI8IDNLDQAgPEEBdCE9AkACQCAyQghUIiUNACA9rSI+IT8CQCAyQoACVA0AQQghJyA+IT8DQCAvICdqKQAAID+FQpX4qfqXt96bnn9+IT8gJ0EQaiEmICdBCGohJyAmID1JDQALCyA0ID1qKQAAID58QtPYl9Thv67nRH4gLykAACA/hULNmdbq/vrrqH9+hSE/DAELAkAgO0I/UQ0AIDUgPWooAAAgPWqtQtPYl9Thv67nRH4gLygAACA9c61CzZnW6v7666h/foUhPwwBCyAvMwAAQs2Z1ur++uuof34hPwsgOiA/QiuIID9CHYiFID+FpyIncSEmICdBAXIhQAJAAkAgJQ0AIDQgPWohQQNAAkACQAJAIDkgJkECdGooAgAiJyBARw0AIDYgJkEMbCJCaiInKAIAIDxHDQIgOCAnKAIEQQF0aiFDAkAgMkKAAlQNAEEAIScDQCAnQQhqIiUgPU8NAyAvICdqIRwgQyAnaiEkICUhJyAkKQAAIBwpAABRDQAMBAsLIEMpAAAgLykAAFINAiBDID1qQXhqKQAAIEEpAABSDQIMBQsgJ0UNBQwBCyBDID1qQXhqKQAAIEEpAABRDQMLICZBAWogOnEhJgwACwsgNSA9aiElA0ACQAJAIDkgJkECdGooAgAiJyBARg0AICcNAQwECyA2ICZBDGwiQmoiJygCACA8Rw0AIDggJygCBEEBdGohJwJAIDtCP1ENACAnKAAAIC8oAABHDQEgJyA9akF8aigAACAlKAAARw0BDAMLICcvAQAgLy8BAEYNAgsgJkEBaiA6cSEmDAALCyA3IEJqKAIAIRwCQCA8IC1qIidFDQAgJyAATw0AAkACQCADICdBAXRqIiVBfmovAQAiJkGAAUkNACAmQYDAAWpB//8DcUGAwAJJDQELICUvAQAiJkEgSQ0AICZBgAFJICZBgIB/akH//wNxQYDAAUlyDQELIAMgJxCNgICAACImRQ0BICZBf0YNCwtBACgC6KiJgAAgHEEDdGpBeGooAgAhRCAnrSExDAILIDJCfiA7Qn+FiYMiMkIAUg0ACwsCQCAwQTpHDQBBACgCkOmKgABFDQACQAJAQQAoArzpi4AAIC1BAWoiJksNACAmQQAoAsDpi4AAIjxNDQELICYhPAJAICYgAE8NACARIC5qIScgJiE8A0AgJy8BAEE6Rg0BICdBAmohJyAAIDxBAWoiPEcNAAsgACE8C0EAIDw2AsDpi4AAQQAgJjYCvOmLgAALIDwgAE8NACA8ICZNDQAgMSA8rVUNAAJAIDxBAWoiMyAATw0AAkACQCADIDNBAXRqIiZBfmovAQAiJ0GAAUkNACAnQYDAAWpB//8DcUGAwAJJDQELICYvAQAiJ0EgSQ0AICdBgAFJICdBgIB/akH//wNxQYDAAUlyDQELIAMgMxCNgICAACImQQFqDgIJAQALAkACQCAzIC1rIjZBAXQiPUEISQ0AID2tIjIhPwJAID1BEUkNAEEIIScgMiE/A0AgLyAnaikAACA/hUKV+Kn6l7fem55/fiE/ICdBEGohJiAnQQhqIScgJiA9SQ0ACwsgLyA9akF4aikAACAyfELT2JfU4b+u50R+IC8pAAAgP4VCzZnW6v7666h/foUhPwwBCwJAID1BBEkNACAvID1qQXxqKAAAID1qrULT2JfU4b+u50R+IC8oAAAgPXOtQs2Z1ur++uuof36FIT8MAQsgLzMAAELNmdbq/vrrqH9+IT8LQQAoAsioiYAAIjogP0IriCA/Qh2IhSA/haciJ3EhJiAnQQFyIUAgLyA9aiInQXxqITUgJ0F4aiE0QQAoAtioiYAAIUFBACgC0KiJgAAhOEEAKALMqImAACE5A0ACQAJAAkACQAJAIDkgJkECdGooAgAiJyBARw0AIDggJkEMbGoiQigCACA2Rw0EIEEgQigCBEEBdGohQwJAID1BB0sNACA9QQRJDQIgQygAACAvKAAARw0FIEMgPWpBfGooAAAgNSgAAEcNBQwDCwJAAkAgPUERSQ0AQQAhJwNAICdBCGoiJSA9Tw0CIC8gJ2ohHCBDICdqISQgJSEnICQpAAAgHCkAAFENAAwHCwsgQykAACAvKQAAUg0FIEMgPWpBeGopAAAgNCkAAFINBQwDCyBDID1qQXhqKQAAIDQpAABSDQQMAgsgJ0UNAgwDCyBDLwEAIC8vAQBHDQILQQAoAtSoiYAAIEIoAghBA3RqQXhqKAIAIUQgM60hMQwDCyAzIC1GDQIgPCAtayEcQX8hJSAvISYCQANAAkAgJi8BACInQYCoAWpB//8DcUGk1wBJDQAgJ0GABkkNACAnQYCYf2pB//8DcUGA2AFJDQACQCAnQYD4A3FBgLADRw0AICVBAmogNk8NACAmQQJqLwEAIiRBgPgDcUGAuANHDQAgJ0EKdCAkakGAyIBlaiInQf//B0sNAwsgJ0EDdi0AkOmJgAAgJ0EHcXZBAXFFDQILICZBAmohJiAcICVBAWoiJUcNAAwECwsCQCAvIDYQgYCAgAAiJ0EATg0AQX8hJgwLCyAzrSAxICcbITEgJyBEICcbIUQMAgsgJkEBaiA6cSEmDAALCwJAIDFCAnwiP0IBVg0AQX8hJiA/pw4CAwgDCyAxQn9XDQAgMachPCBEIScMAQsCQAJAIDBB2wBHDQACQCAvQX5qLwEAIicgJyAvQXxqLwEAIiYgJkGA+ANxIiVBgLADRxsgJ0GA+ANxQYC4A0ciJhsiJ0EDdi0AsKmLgAAgJ0EHcXZBAXFFDQACQAJAIC1Bf2oiJw0AQQAhJwwBCyAmDQAgLUF+aiAnICVBgLADRhshJwsCQCADICdBAXRqIiYvAQAiJ0GA+ANxQYCwA0cNACAmQQJqLwEAIiZBgPgDcUGAuANHDQAgJ0EKdCAmakGAyIBlaiInQYCACEkNAAJAICdBgOD/AXFBgIA4Rg0AQX8hJgwLCyAnQYCAUGohJwsgJy0AkIiAgABBD3FBB0YNBAsCQCADIC1BAWoiMEEBdGoiJi8BACInQQN2LQCw6YqAACAnQQdxdkEBcUUNAAJAICdBgPgDcUGAsANHDQAgJkECai8BACImQYD4A3FBgLgDRw0AICdBCnQgJmpBgMiAZWoiJ0GAgAhJDQACQCAnQYDg/wFxQYCAOEYNAEF/ISYMCwsgJ0GAgFBqIScLICctAJCIgIAAIidBDnFBBEYNBCAnQQ9xQQhGDQQLAkAgLUERaiAASw0AIC/9AAECIh39DF0AXQBdAF0AXQBdAF0AXQAiKP0tIC/9AAESIiMgKP0t/WX9ZCInRQ0AAkACQCAdIB79LSIpIB39DAD4APgA+AD4APgA+AD4APgiKP1O/QwA2ADYANgA2ADYANgA2ADYIh39Lf1QICMgHv0tIiogIyAo/U4gHf0t/VD9Zf1kQX8gJ2giJnRBf3MiJ3FFDQAgKSAq/WX9ZCAncUUhJQwBCyAmRQ0FICYgMGohJQtBASE2QQAhNSAlDgIEAAILIAFBAkkNAyAwIABPDQNBASE2IDAhJUEBIRwDQAJAAkAgAyAlQQF0ai8BACInQaV/ag4DBgEAAQsgJSAwTQ0FQQEhNQwDCwJAAkAgJ0H/AEsNACAlQQFqISYgHEEBaiEcDAELAkAgJ0H/D0sNAEEAIDYgJ0H/BUsbITYgJUEBaiEmIBxBAmohHAwBCyAlQQFqISYCQCAnQYD4A3FBgLADRw0AICYgAE8NACADICZBAXRqLwEAQYD4A3FBgLgDRw0AICVBAmohJiAcQQRqIRxBACE2DAELIDYgNkEAICdBgKgBakH//wNxQaTXAEkbICdBgJh/akH//wNxQYDYAUkbITYgHEEDaiEcCyAmIABPDQQgJiElIBwgAUkNAAwECwsCQCAtRQ0AIDBBj/wDRiAwQePBAEZyRQ0AAkAgL0F+ai8BACInQUZqQf//A3FB9f8DSw0AICdB//8DcUFdag4IAAEBAQEBAQABCyAtQX9qIi0gGkkNAwsgAyAtQQF0aiIkLwEAIidB//8DcSElAkACQAJAAkACQCAnQYD4A3FBgLADRyIvDQAgJEECai8BACImQYD4A3FBgLgDRg0BDAILICdB//8DcSImQf8ASw0BAkAgJ0FGakH//wNxQfX/A0sNACAmQV1qDggABwcHBwcHAAcLIC1BAWoiJiAATw0GQQEhPSADICZBAXRqLwEAIkNB48EARg0CICUhHCAlISYgQ0GP/ANGDQMMBgtBAiE9AkAgJUEKdCAmakGAyIBlaiIcQYCACE8NACAcISYMAwsgHEGA4P8BcUGAgDhHDQUgHEGAgFBqISYMAgtBASE9CyAlIRwgJSEmCyAmLACQiICAACEmAkAgHEGAAUkNACAmQX9KDQMLICZB/wFxIkNBD3EhQAJAIC1FDQAgLSAATw0AIENBDnFBBEYNAyBAQQhGDQMCQCBDQe8AcQ0AICRBfmovAQAiJiAmICRBfGovAQAiOSA5QYD4A3FBgLADRxsgJkGA+ANxQYC4A0cbIiZBA3YtALCpi4AAICZBB3F2QQFxRQ0BCwJAAkAgLUF/aiI5DQBBACEmDAELIDkhJiADIDlBAXRqLwEAQYD4A3FBgLgDRw0AIC1BfmogOSAkQXxqLwEAQYD4A3FBgLADRhshJgsCQCADICZBAXRqIjovAQAiJkGA+ANxQYCwA0cNACA6QQJqLwEAIjpBgPgDcUGAuANHDQAgJkEKdCA6akGAyIBlaiImQYCACEkNAAJAICZBgOD/AXFBgIA4Rg0AQX8hJgwKCyAmQYCAUGohJgsCQCAmLQCQiICAACImQQtxDQAgQEEGRg0AICYgQ3JB4ABxRQ0BCwJAAkAgOQ0AQQAhOQwBCyADIDlBAXRqLwEAQYD4A3FBgLgDRw0AIC1BfmogOSAkQXxqLwEAQYD4A3FBgLADRhshOQsCQAJAIAMgOUEBdGoiOi8BACImQYD4A3FBgLADRw0AIDpBAmovAQAiOkGA+ANxQYC4A0cNACAmQQp0IDpqQYDIgGVqIiZBgIAISQ0AQX8hOiAmQYDg/wFxQYCAOEcNASAmQYCAUGohJgsgJi0AkIiAgAAhOgsgJSE8AkAgLw0AICUhPCAkQQJqLwEAIiZBgPgDcUGAuANHDQAgJUEKdCAmakGAyIBlaiI8QYCACEkNAAJAIDxBgOD/AXFBgIA4Rg0AQX8hJgwKCyA8QYCAUGohPAtBfyEmIDpBAEgNCCA8LQCQiICAACJCQQ9xITwCQAJAIDpBD3EiNkEBRw0AIDxBAkchJgwBCyA6QQ5xQQJGDQEgPEF/akEDSQ0BIEJBDnEiOEEERg0EIDxBCEYNBAJAAkACQCA2QXlqDgYHAgABAgECCyA4QQxGDQYgPEF3akECTw0BDAYLIDhBCkYNBQsCQCA2QQ1HIDZBC0dxDQAgPEELRg0FCwJAIEJB4ABxQSBHDQAgOkHAAHENCgsCQCA2QQVHDQAgQkEQcUUNAANAIDlFDQMCQAJAIDlBf2oiOg0AQQAhOQwBCwJAIAMgOkEBdGovAQBBgPgDcUGAuANGDQAgOiE5DAELIDlBfmogOiAVIDlBAXRqLwEAQYD4A3FBgLADRhshOQsCQCADIDlBAXRqIjwvAQAiOkGA+ANxQYCwA0cNACA8QQJqLwEAIjxBgPgDcUGAuANHDQAgOkEKdCA8akGAyIBlaiI6QYCACEkNACA6QYDg/wFxQYCAOEcNDCA6QYCAUGohOgsgOi0AkIiAgAAiOkEPcUEERg0ACyA6QX9zQQR2QQFxISYMAQsgNkEGRw0BIDxBBkcNAUEAKALE6YuAACE2QQAoAsjpi4AAIUIgLSEmAkADQAJAICYiOQ0AQQAhOQwCCwJAIEIgOU8NACA5IDZLDQAgQiE5DAILAkACQCA5QX9qIiYNAEEAISYMAQsgAyAmQQF0ai8BAEGA+ANxQYC4A0cNACA5QX5qICYgFSA5QQF0ai8BAEGA+ANxQYCwA0YbISYLAkAgAyAmQQF0aiI8LwEAIjpBgPgDcUGAsANHDQAgPEECai8BACI8QYD4A3FBgLgDRw0AIDpBCnQgPGpBgMiAZWoiOkGAgAhJDQAgOkGA4P8BcUGAgDhHDQIgOkGAgFBqIToLIDotAJCIgIAAQQ9xQQZGDQALCwJAAkAgOSBCRw0AIC0gNk0NAQtBACAtNgLE6YuAAAtBACA5NgLI6YuAACAtIDlrQX9zQQF2QQFxISYLICZFDQMLAkAgQ0HgAHFBIEYNACBAQQZGDQAgHEGAoHhqIiYgHEGAWGpBfyAcQYBAakGAKEkbICZBgBhJGyIcQQBIDQBBAC0AkKiJgABBAXENAAJAIAMgPSAtaiImIAMgJkEBdGovAQBB/v8DcUGO/ANGIj1qIjxBAXRqIkMvAQAiJkEDdi0AsOmKgAAgJkEHcXZBAXENACAcQQF0LwGQqIiAACInRQ0EQQAoAsCoiYAAICdBA3RqQXhqKAIAIScMAwsgJkG8sANHDQBBAC0AsOmLgABBAXFFDQAgPQ0AIENBAmovAQBBhcAAakH//wNxQQRLDQAgAyA8QQJqIjxBAXRqLwEAIiZBA3YtALDpioAAICZBB3F2QQFxDQACQAJAIDwgLWsiQEEBdCJDQQhJDQAgQ60iPyEyAkAgQ0ERSQ0AICQpAAggP4VClfip+pe33puef34hMgsgJCBDakF4aikAACA/fELT2JfU4b+u50R+ICQpAAAgMoVCzZnW6v7666h/foUhPwwBCwJAIENBBEkNACAkIENqQXxqKAAAIENqrULT2JfU4b+u50R+ICQoAAAgQ3OtQs2Z1ur++uuof36FIT8MAQsgJ61C//8Dg0LNmdbq/vrrqH9+IT8LQQAoArSoiYAAIj0gP0IriCA/Qh2IhSA/haciJXEhJiAlQQFyIRwgJCBDaiIlQXxqITYgJUF4aiE4QQAoAsSoiYAAIUJBACgCvKiJgAAhOUEAKAK4qImAACEvA0ACQAJAAkACQCAvICZBAnRqKAIAIiUgHEcNACA5ICZBDGxqIiUoAgAgQEcNAyBCICUoAgRBAXRqIToCQCBDQQdLDQAgQ0EESQ0CIDooAAAgJCgAAEcNBCA6IENqQXxqKAAAIDYoAABHDQQMAwsgQ0EQSw0DIDopAAAgJCkAAFINAyA6IENqQXhqKQAAIDgpAABSDQMMAgsgJUUNBwwCCyA6LwEAICdB//8DcUcNAQtBACgCwKiJgAAgJSgCCEEDdGpBeGooAgAhJwwECyAmQQFqID1xISYMAAsLQQEhJgJAAkACQAJAAkACQAJAIC9FDQBBASEcDAELQQEhJgJAICRBAmovAQAiL0GA+ANxQYC4A0YNAEEBIRwMAQtBAiEcQQAhJiAlQQp0IC9qQYDIgGVqIiVBgIAISQ0AICVBgOD/AXFBgIA4Rw0BICVBgIBQaiElCyAlLQCQiICAACIlQeAAcUEgRg0AAkACQCAmRQ0AAkAgJ0H+/wNxQY78A0cNAEEAIUIgAiEmDAILIAIgJzsBAEEBIUIgDyEmDAELIAIgJzsBACACICQvAQI7AQJBAiFCIA4hJgsCQCAcIC1qIjwgAE8NACADIDxBAXRqIi8vAQAiJ0GAAUkNACAnQYDAAWpB//8DcUH/vwJLDQBBASE9QQAhQAJAAkAgJ0GA+ANxQYCwA0YNAEEBIRwgJyFDDAELQQEhPUEBIRwgJyFDIC9BAmovAQAiJEGA+ANxQYC4A0cNAEECIRxBASFAQQAhPSAnQQp0ICRqQYDIgGVqIkNBgIAISQ0AIENBgOD/AXFBgIA4Rw0CIENBgIBQaiFDCyAlQQR2QQFxISQCQAJAAkACQAJAIEMtAJCIgIAAQQ9xIkNBfGoOBQEAAgIBAgsCQAJAID0NACAmICc7AQAgHCBCaiFCIEBFDQEgJkECaiAvLwECOwEADAELICdB/v8DcUGO/ANGDQAgJiAnOwEAIBwgQmohQgsgHCA8aiE8AkAgJA0AQQAhJAwECwJAIDwgAEkNAEEAISQMBAtBASElQQAhJAJAAkAgAyA8QQF0aiIvLwEAIidBgPgDcUGAsANGDQBBACE9QQEhHCAnISYMAQtBASElQQAhPUEBIRwgJyEmIC9BAmovAQAiQ0GA+ANxQYC4A0cNAEECIRxBASE9QQAhJSAnQQp0IENqQYDIgGVqIiZBgIAISQ0AICZBgOD/AXFBgIA4Rw0GICZBgIBQaiEmCyAmLQCQiICAACImQRBxRQ0DICZB4ABxDQUCQAJAICUNACACIEJBAXRyIiYgJzsBACAcIEJqIUIgPUUNASAmQQJqIC8vAQI7AQAMAQsgJ0H+/wNxQY78A0YNACACIEJBAXRyICc7AQAgHCBCaiFCCyAcIDxqITxBASEkDAMLAkACQCA9DQAgJiAnOwEAIBwgQmohQiBARQ0BICZBAmogLy8BAjsBAAwBCyAnQf7/A3FBjvwDRg0AICYgJzsBACAcIEJqIUILQQAgJCBDQQhGGyEkDAELICVBD3FBBkcNAiBDQQZHDQICQCA9DQAgJiAnOwEAIBwgQmohQiBARQ0BICZBAmogLy8BAjsBAAwBCyAnQf7/A3FBjvwDRg0AICYgJzsBACAcIEJqIUILIBwgPGohPAsgPCAATw0AA0AgAyA8QQF0aiIvLwEAIidBgAFJDQEgJ0GAwAFqQf//A3FB/78CSw0BQQEhJUEAIT0CQAJAICdBgPgDcUGAsANGDQBBASEmICchHAwBC0EBISVBASEmICchHCAvQQJqLwEAIkNBgPgDcUGAuANHDQBBAiEmQQEhPUEAISUgJ0EKdCBDakGAyIBlaiIcQYCACEkNACAcQYDg/wFxQYCAOEcNAyAcQYCAUGohHAsCQAJAAkACQAJAAkACQCAcLQCQiICAAEEPcSIcQXxqDgUAAQgIAAgLICVFDQEgJ0H+/wNxQY78A0YNBCAmIEJqIiVBwABLDQggAiBCQQF0aiAnOwEAICUhQgwECwJAAkAgJUUNAAJAICdB/v8DcUGO/ANHDQAgQiElDAILICYgQmoiJUHAAEsNCSACIEJBAXRqICc7AQAMAQsgJiBCaiIlQcAASw0IIAIgQkEBdGoiHCAnOwEAID1FDQAgHEECaiAvLwECOwEACyAmIDxqITwgJEUNASA8IABPDQFBASEcQQAhJAJAAkAgAyA8QQF0aiI9LwEAIidBgPgDcUGAsANGDQBBACFDQQEhLyAnISYMAQtBASEcQQAhQ0EBIS8gJyEmID1BAmovAQAiQEGA+ANxQYC4A0cNAEECIS9BASFDQQAhHCAnQQp0IEBqQYDIgGVqIiZBgIAISQ0AICZBgOD/AXFBgIA4Rw0IICZBgIBQaiEmCwJAICYtAJCIgIAAIiZBEHENACAlIUIMBQsgJkHgAHENBwJAAkAgHEUNAAJAICdB/v8DcUGO/ANHDQAgJSFCDAILIC8gJWoiQkHAAEsNCSACICVBAXRqICc7AQAMAQsgLyAlaiJCQcAASw0IIAIgJUEBdGoiJiAnOwEAIENFDQAgJkECaiA9LwECOwEACyAvIDxqITxBASEkDAQLICYgQmoiJUHAAE0NAQwGCyAlIUJBACEkDAILIAIgQkEBdGoiQyAnOwEAAkAgPUUNACBDQQJqIC8vAQI7AQALICUhQgtBACAkIBxBCEYbISQgJiA8aiE8CyA8IABJDQALCwJAIEJBAXQiL0EISQ0AIC+tIjIhPyAvQRFJDQQgL0FvaiInQQN2QQFqIiZBA3EhHAJAICdBGE8NAEEIISdBECEmIDIhPwwECyAmQfz///8DcSElQQAhJiAyIT8DQCACICZqIidBIGopAwAgJ0EYaikDACAnQRBqKQMAICdBCGopAwAgP4VClfip+pe33puef36FQpX4qfqXt96bnn9+hUKV+Kn6l7fem55/foVClfip+pe33puef34hPyAmQSBqISYgJUF8aiIlDQAMAwsLAkAgL0EESQ0AIBkgL2ooAQAgL2qtQtPYl9Thv67nRH4gAigCACAvc61CzZnW6v7666h/foUhPwwFCyACMwEAQs2Z1ur++uuof34hPwwEC0F/ISYMCwsgJkEIaiEnICZBEGohJgsgHEUNACAcQQN0ISUDQCAmIhxBCGohJiACICdqKQMAID+FQpX4qfqXt96bnn9+IT8gHCEnICVBeGoiJQ0ACwsgGCAvaikBACAyfELT2JfU4b+u50R+IAIpAwAgP4VCzZnW6v7666h/foUhPwtBACgCtKiJgAAiOSA/QiuIID9CHYiFID+FpyIncSEmICdBAXIhQyAZIC9qITMgGCAvaiFBIAIpAwAiP6chMEEAKALEqImAACE4QQAoAryoiYAAITZBACgCuKiJgAAhQANAAkACQAJAAkAgQCAmQQJ0aigCACInIENHDQAgNiAmQQxsaiI6KAIAIEJHDQMgOCA6KAIEQQF0aiE9AkAgL0EHSw0AIC9BBEkNAiA9KAAAIDBHDQQgPSAvakF8aigAACAzKAEARw0EDAMLAkACQCAvQRFJDQBBACEnA0AgJ0EIaiIlIC9PDQIgPSAnaiEcIAIgJ2ohJCAlIScgHCkAACAkKQMAUQ0ADAYLCyA9KQAAID9SDQQgPSAvakF4aikAACBBKQEAUg0EDAMLID0gL2pBeGopAAAgQSkBAFINAwwCCyAnRQ0GDAILID0vAQAgMEH//wNxRw0BC0EAKALAqImAACA6KAIIQQN0akF4aigCACEnDAMLICZBAWogOXEhJgwACwsCQCADICVBAWoiPEEBdGoiJi8BACInQQN2LQCw6YqAACAnQQdxdkEBcUUNAAJAICdBgPgDcUGAsANHDQAgJkECai8BACImQYD4A3FBgLgDRw0AICdBCnQgJmpBgMiAZWoiJ0GAgAhJDQACQCAnQYDg/wFxQYCAOEYNAEF/ISYMCQsgJ0GAgFBqIScLICctAJCIgIAAIidBDnFBBEYNAiAnQQ9xQQhGDQILAkACQCA8IC1rIkFBAXQiQ0EISQ0AIEOtIjIhPwJAIENBEUkNAEEIIScgMiE/A0AgLyAnaikAACA/hUKV+Kn6l7fem55/fiE/ICdBEGohJiAnQQhqIScgJiBDSQ0ACwsgLyBDakF4aikAACAyfELT2JfU4b+u50R+IC8pAAAgP4VCzZnW6v7666h/foUhPwwBCwJAIENBBEkNACAvIENqQXxqKAAAIENqrULT2JfU4b+u50R+IC8oAAAgQ3OtQs2Z1ur++uuof36FIT8MAQsgLzMAAELNmdbq/vrrqH9+IT8LQQAoAqCoiYAAIkIgP0IriCA/Qh2IhSA/haciJ3EhJiAnQQFyITkgLyBDaiInQXxqITcgJ0F4aiEuQQAoArCoiYAAITRBACgCqKiJgAAhM0EAKAKkqImAACE6A0ACQAJAAkACQAJAIDogJkECdGooAgAiJyA5Rw0AIDMgJkEMbGoiOCgCACBBRw0EIDQgOCgCBEEBdGohQAJAIENBB0sNACBDQQRJDQIgQCgAACAvKAAARw0FIEAgQ2pBfGooAAAgNygAAEcNBQwDCwJAAkAgQ0ERSQ0AQQAhJwNAICdBCGoiHCBDTw0CIC8gJ2ohJCBAICdqIT0gHCEnID0pAAAgJCkAAFENAAwHCwsgQCkAACAvKQAAUg0FIEAgQ2pBeGopAAAgLikAAFINBQwDCyBAIENqQXhqKQAAIC4pAABSDQQMAgsgJ0UNAgwDCyBALwEAIC8vAQBHDQILQQAoAqyoiYAAIDgoAghBA3RqIidBfGooAgAgAUsNBCAnQXhqKAIAIScMAwsCQCA1DQAgMCAATw0EIC/9AAECIh39DABUAFQAVABUAFQAVABUAFQiI/2OAf0MpCukK6QrpCukK6QrpCukKyIo/TAgHf0MAAMAAwADAAMAAwADAAMAAyIp/TAgHf0MAMwAzADMAMwAzADMAMwAzCIq/Y4B/QwAbABsAGwAbABsAGwAbABsIh/9MP1Q/VAgL/0AARIiHSAj/Y4BICj9MCAdICn9MCAdICr9jgEgH/0w/VD9UP1l/WRBfyAlIC1Bf3NqdHJBf0YNBCABQQJJDQRBASEkIDAhJgJAA0ACQCADICZBAXRqLwEAIidBpX9qDgMHAAIACwJAAkAgJ0H/AEsNACAmQQFqIRwgJEEBaiEkDAELAkAgJ0H/D0sNAEEAIDYgJ0H/BUsbITYgJkEBaiEcICRBAmohJAwBCyAmQQFqIRwCQCAnQYD4A3FBgLADRw0AIBwgAE8NACADIBxBAXRqLwEAQYD4A3FBgLgDRw0AICZBAmohHCAkQQRqISRBACE2DAELIDYgNkEAICdBgKgBakH//wNxQaTXAEkbICdBgJh/akH//wNxQYDYAUkbITYgJEEDaiEkCyAcIABPDQYgHCEmICQgAUkNAAwGCwsgJiAwTQ0ECyA2DQMgQUF+aiIkRQ0DICUgLWshHEEBISUgECAtQQF0aiEmAkADQAJAICZBfmovAQAiJ0GAqAFqQf//A3FBpNcASQ0AICdBgAZJDQAgJ0GAmH9qQf//A3FBgNgBSQ0AAkAgJ0GA+ANxQYCwA0cNACAlICRPDQAgJi8BACI9QYD4A3FBgLgDRw0AICdBCnQgPWpBgMiAZWoiJ0H//wdLDQMLICdBA3YtAJDpiYAAICdBB3F2QQFxRQ0CCyAmQQJqISYgHCAlQQFqIiVHDQAMBQsLAkAgLyBBEICAgIAAIidBAE4NAEF/ISYMCQsgJw0CDAMLICZBAWogQnEhJgwACwtBACgCqOmKgAAiJiAMQQN0aiIlIA02AgAgJUEANgIEICYgDCANIC1JaiIlQQN0aiImIC02AgAgJiAnNgIEICVBAWohDAJAIDwgLEkNACA8QWBxQWBqIRsgJyFEIDwhGiA8IQ0MAwtBfyA8IBtrdCArcSErIDwhDSA8IRogJyFECyArDQALCyAbQSBqIhsgAEkNAAsLQQAoAqjpioAAISVBACgCrOmKgAAhJwJAAkAgDSAASQ0AIAwhJgwBCwJAIAxBAWoiJiAnSQ0AAkAgJ0GACCAnQYAISxsgJ2oiJ0EDdCAlaiIcPwBBEHQiJE0NACAcICRrQf//A2pBEHZAAEF/Rw0AQX4hJgwDC0EAICc2AqzpioAACyAlIAxBA3RqIhxBADYCBCAcIA02AgALAkAgJkEBaiAnTQ0AAkAgJ0GACCAnQYAISxsgJ2oiJ0EDdCAlaiIcPwBBEHQiJE0NACAcICRrQf//A2pBEHZAAEF/Rw0AQX4hJgwCC0EAICc2AqzpioAACyAlICZBA3RqIAA2AgALIAJBgANqJICAgIAAICYL/ggBB38CQCAAIAFBAXRqIgIvAQAiA0GA+ANxIgRBgLgDRw0AIAJBfmovAQBBgPgDcUGAsANHDQBBAA8LAkACQCABQX9qIgUNAEEAIQUMAQsgACAFQQF0ai8BAEGA+ANxQYC4A0cNACABQX5qIAUgAkF8ai8BAEGA+ANxQYCwA0YbIQULAkACQCAAIAVBAXRqIgYvAQAiB0GA+ANxQYCwA0cNACAGQQJqLwEAIgZBgPgDcUGAuANHDQAgB0EKdCAGakGAyIBlaiIHQYCACEkNAEF/IQYgB0GA4P8BcUGAgDhHDQEgB0GAgFBqIQcLIActAJCIgIAAIQYLAkAgBEGAsANHDQAgAkECai8BACICQYD4A3FBgLgDRw0AIANBCnQgAmpBgMiAZWoiA0GAgAhJDQACQCADQYDg/wFxQYCAOEYNAEF/DwsgA0GAgFBqIQMLAkAgBkEATg0AQX8PCyADLQCQiICAACIHQQ9xIQICQCAGQQ9xIgNBAUcNACACQQJHDwsCQCAGQQ5xQQJHDQBBAQ8LAkAgAkF/akEDTw0AQQEPC0EAIQQCQCAHQQ5xIghBBEYNACACQQhGDQACQAJAAkAgA0F5ag4GAwIAAQIBAgsgCEEMRg0CIAJBd2pBAk8NAQwCCyAIQQpGDQELAkAgA0ENRyADQQtHcQ0AIAJBC0YNAQsCQCAHQeAAcUEgRw0AIAZBwABxRQ0AQX8PCwJAIANBBUcNACAHQRBxRQ0AIABBfGohAkEBIQQDQCAFRQ0CAkACQCAFQX9qIgENAEEAIQUMAQsCQCAAIAFBAXRqLwEAQYD4A3FBgLgDRg0AIAEhBQwBCyAFQX5qIAEgAiAFQQF0ai8BAEGA+ANxQYCwA0YbIQULAkAgACAFQQF0aiIGLwEAIgFBgPgDcUGAsANHDQAgBkECai8BACIGQYD4A3FBgLgDRw0AIAFBCnQgBmpBgMiAZWoiAUGAgAhJDQACQCABQYDg/wFxQYCAOEYNAEF/DwsgAUGAgFBqIQELIAEtAJCIgIAAIgFBD3FBBEYNAAsgAUF/c0EEdkEBcQ8LAkAgA0EGRg0AQQEPC0EBIQQgAkEGRw0AIABBfGohCEEAKALE6YuAACEEQQAoAsjpi4AAIQMgASEFAkADQAJAIAUiBg0AQQAhBgwCCwJAIAMgBk8NACAGIARLDQAgAyEGDAILAkACQCAGQX9qIgUNAEEAIQUMAQsgACAFQQF0ai8BAEGA+ANxQYC4A0cNACAGQX5qIAUgCCAGQQF0ai8BAEGA+ANxQYCwA0YbIQULAkAgACAFQQF0aiIHLwEAIgJBgPgDcUGAsANHDQAgB0ECai8BACIHQYD4A3FBgLgDRw0AIAJBCnQgB2pBgMiAZWoiAkGAgAhJDQAgAkGA4P8BcUGAgDhHDQIgAkGAgFBqIQILIAItAJCIgIAAQQ9xQQZGDQALCwJAAkAgBiADRw0AIAEgBE0NAQtBACABNgLE6YuAAAtBACAGNgLI6YuAACABIAZrQX9zQQF2QQFxIQQLIAQLCw0BAEGACAsG0PQDAIAA";

// web/src/kernel.js
var nodeBuffer = (
  /** @type {any} */
  globalThis.Buffer
);
var SHORT_TEXT = 24;
var SHORT_RUNS = 64;
var MIN_CAPACITY = 4096;
var littleEndian = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
function decodeBase64(base64) {
  const fromBase642 = (
    /** @type {{fromBase64?: (s: string) => Uint8Array}} */
    /** @type {unknown} */
    Uint8Array.fromBase64
  );
  if (typeof fromBase642 === "function")
    return fromBase642(base64);
  const buffer = (
    /** @type {{from?: (s: string, encoding: string) => Uint8Array}|undefined} */
    nodeBuffer
  );
  if (buffer && typeof buffer.from === "function")
    return buffer.from(base64, "base64");
  const text2 = atob(base64);
  const bytes = new Uint8Array(text2.length);
  for (let i = 0; i < text2.length; i++)
    bytes[i] = text2.charCodeAt(i);
  return bytes;
}
function copierBytes() {
  const leb = (n) => {
    const out = [];
    do {
      out.push(n & 127 | (n > 127 ? 128 : 0));
      n >>>= 7;
    } while (n);
    return out;
  };
  const name = (s) => [...leb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
  const section = (id, body2) => [id, ...leb(body2.length), ...body2];
  const vec = (items) => [...leb(items.length), ...items.flat()];
  const EXTERNREF = 111, I32 = 127, ARRAY = 99, VOID = 64;
  const BLOCK = 2, LOOP = 3, IF = 4, ELSE = 5, END = 11, BR = 12, BR_IF = 13, CALL = 16;
  const DROP = 26, GLOBAL_GET = 35, GLOBAL_SET = 36, I32_STORE = 54, I32_STORE16 = 59, CONST = 65;
  const LT_U = 73, GE_U = 79, ADD = 106, OR = 114, SHL = 116, IS_NULL = 209, REF_NULL = 208;
  const ARRAY_NEW_DEFAULT = [251, 7, 0], ARRAY_GET_U = [251, 13, 0], ARRAY_LEN = [251, 15];
  const get = (local) => [32, local];
  const set = (local) => [33, local];
  const tee = (local) => [34, local];
  const address = [...get(1), ...get(4), CONST, 1, SHL, ADD];
  const unit = (plus) => [...get(3), ...get(4), ...plus ? [CONST, plus, ADD] : [], ...ARRAY_GET_U];
  const body = [
    2,
    1,
    ARRAY,
    0,
    1,
    I32,
    GLOBAL_GET,
    0,
    ...set(3),
    // the array kept between calls; a new one when it is missing or short
    ...get(3),
    IS_NULL,
    IF,
    I32,
    CONST,
    1,
    ELSE,
    ...get(3),
    ...ARRAY_LEN,
    ...get(2),
    LT_U,
    END,
    IF,
    VOID,
    ...get(2),
    ...ARRAY_NEW_DEFAULT,
    ...tee(3),
    GLOBAL_SET,
    0,
    END,
    ...get(0),
    ...get(3),
    CONST,
    0,
    CALL,
    0,
    DROP,
    // intoCharCodeArray(string, array, 0)
    BLOCK,
    VOID,
    LOOP,
    VOID,
    // while i + 1 < n: units i and i + 1 in one 32-bit store
    ...get(4),
    CONST,
    1,
    ADD,
    ...get(2),
    GE_U,
    BR_IF,
    1,
    ...address,
    ...unit(0),
    ...unit(1),
    CONST,
    16,
    SHL,
    OR,
    I32_STORE,
    1,
    0,
    ...get(4),
    CONST,
    2,
    ADD,
    ...set(4),
    BR,
    0,
    END,
    END,
    ...get(4),
    ...get(2),
    LT_U,
    IF,
    VOID,
    ...address,
    ...unit(0),
    I32_STORE16,
    0,
    0,
    END,
    // an odd last unit
    END
  ];
  const types = [[94, 119, 1], [96, 3, EXTERNREF, ARRAY, 0, I32, 1, I32], [96, 3, EXTERNREF, I32, I32, 0]];
  const imports = [
    [...name("wasm:js-string"), ...name("intoCharCodeArray"), 0, 1],
    [...name("env"), ...name("memory"), 2, 0, 1]
  ];
  return new Uint8Array([
    0,
    97,
    115,
    109,
    1,
    0,
    0,
    0,
    ...section(1, vec(types)),
    ...section(2, vec(imports)),
    ...section(3, vec([[2]])),
    // copy has type 2
    ...section(6, vec([[ARRAY, 0, 1, REF_NULL, 0, END]])),
    // the array, null at first
    ...section(7, vec([[...name("copy"), 0, 1]])),
    ...section(10, vec([[...leb(body.length), ...body]]))
  ]);
}
var copierModule;
var copierCompiling = null;
function compileCopier() {
  copierCompiling ??= (async () => {
    try {
      const compile = (
        /** @type {(bytes: Uint8Array, options: object) => Promise<WebAssembly.Module>} */
        WebAssembly.compile
      );
      copierModule = await compile(copierBytes(), { builtins: ["js-string"] });
    } catch {
      copierModule = null;
    }
  })();
  return copierCompiling;
}
function makeCopier(memory) {
  if (!copierModule)
    return null;
  try {
    const instance = new WebAssembly.Instance(copierModule, { env: { memory } });
    return (
      /** @type {(s: string, at: number, n: number) => void} */
      instance.exports.copy
    );
  } catch {
    return null;
  }
}
var compiled = null;
var kernelCompiled = (async () => {
  if (typeof WebAssembly !== "object")
    return null;
  const bytes = decodeBase64(kernelWasm);
  try {
    compiled = new WebAssembly.Module(bytes);
  } catch {
    try {
      compiled = await WebAssembly.compile(bytes);
    } catch {
      compiled = null;
    }
  }
  return compiled;
})();
function writeUnits(memory, at, text2) {
  if (nodeBuffer) {
    nodeBuffer.from(memory.buffer, at, 2 * text2.length).write(text2, 0, 2 * text2.length, "utf16le");
    return;
  }
  const units = new Uint16Array(memory.buffer, at, text2.length);
  for (let i = 0; i < text2.length; i++)
    units[i] = text2.charCodeAt(i);
}
var Kernel = class {
  /**
   * @param {WebAssembly.Instance} instance
   * @param {KernelKeys} catalogKeys
   */
  constructor(instance, { keys, emoji, codes, shortcodes, packStarts, leads }) {
    this.leads = leads;
    this.keys = keys;
    this.shortcodes = shortcodes;
    this.packStarts = packStarts;
    this.exports = /** @type {KernelExports} */
    /** @type {unknown} */
    instance.exports;
    const x = this.exports;
    this.copy = "loop";
    this.copier = null;
    this.ready = Promise.resolve();
    const linkCopier = () => {
      if (this.copier = makeCopier(x.memory))
        this.copy = "builtins";
    };
    if (nodeBuffer)
      this.copy = "buffer";
    else if (copierModule !== void 0)
      linkCopier();
    else
      this.ready = compileCopier().then(linkCopier);
    this.textAddress = 0;
    this.capacity = 0;
    this.runsAddress = 0;
    this.units = new Uint16Array(0);
    this.words = new Int32Array(0);
    this.bytes = null;
    this.views();
    new Uint8Array(x.memory.buffer, x.emo_props(), 135168).set(kernelProperties());
    const index = (ref) => packStarts[ref.pack] + ref.entry;
    const literal = new Map(Array.from(codes.values()).flat().map((c) => [c.text, c.ref]));
    [keys, emoji, shortcodes, literal].forEach((map, which) => {
      if (which >= 2 && map.size === 0)
        return;
      const joined = Array.from(map.keys()).join("");
      const at = x.emo_table_init(which, map.size, joined.length);
      if (at === 0)
        throw new RangeError("the tokenizer kernel has no memory for its keys");
      const rows = new Uint32Array(x.memory.buffer, x.emo_table_rows(which), 2 * map.size);
      let k = 0;
      for (const [key, ref] of map) {
        rows[2 * k] = key.length;
        rows[2 * k + 1] = index(ref);
        k++;
      }
      writeUnits(x.memory, at, joined);
      x.emo_table_fill(which, map.size);
    });
    new Uint8Array(x.memory.buffer, x.emo_inert(), 16384).set(nfcInertBits());
    if (!x.emo_codes_done(shortcodes.size > 0 ? 1 : 0)) {
      throw new RangeError("the tokenizer kernel cannot filter these codes");
    }
    this.scan = codes.size > 0 || shortcodes.size > 0 ? x.emo_tokenize_codes : x.emo_tokenize;
  }
  /**
   * The kernel's `shortcode_nfc`: the run code of the shortcode that the name at byte `at` (`length` units) is once
   * normalized, or 0.
   * @param {number} at
   * @param {number} length
   */
  shortcodeNfc(at, length) {
    const ref = this.shortcodes.get(nfc(this.textAt(at, length)));
    return ref ? this.runCode(ref) : 0;
  }
  /**
   * The kernel's `tag_nfc`: the run code of the key that the tag at byte `at` (`length` units, brackets included)
   * is once normalized, or 0 (the tokenizer's `tagMatch` looks again only when normalizing changes the tag).
   * @param {number} at
   * @param {number} length
   */
  tagNfc(at, length) {
    const tag = this.textAt(at, length);
    const normal = nfc(tag);
    const ref = normal === tag ? void 0 : this.keys.get(normal);
    return ref ? this.runCode(ref) : 0;
  }
  /**
   * The `length` UTF-16 units at byte `at` of the kernel's memory, as a string.
   * @param {number} at
   * @param {number} length
   */
  textAt(at, length) {
    const units = new Uint16Array(this.exports.memory.buffer, at, length);
    let text2 = "";
    for (let i = 0; i < length; i += 4096)
      text2 += String.fromCharCode(...units.subarray(i, Math.min(length, i + 4096)));
    return text2;
  }
  /**
   * A run's code for an emoticon: kind 1 and its index among the catalog's emoticons.
   * @param {EmoticonRef} ref
   */
  runCode(ref) {
    return 1 + (this.packStarts[ref.pack] + ref.entry << 2);
  }
  /**
   * The runs of `message` (as TokenizedText holds them: two numbers a run, then the end), or null when the
   * JavaScript tokenizer must take it (a rule that looks further back than the kernel, a scalar outside its tables
   * next to a candidate, no memory).
   * @param {string} message
   * @param {number} limit the longest tag in UTF-8 bytes
   * @returns {Int32Array|null}
   */
  tokenize(message2, limit) {
    const x = this.exports;
    const n = message2.length;
    if (n > this.capacity) {
      const capacity = Math.max(n, MIN_CAPACITY);
      this.textAddress = x.emo_text(capacity);
      if (this.textAddress === 0) {
        this.capacity = 0;
        return null;
      }
      this.capacity = capacity;
      this.runsAddress = x.emo_runs();
    }
    if (this.units.length === 0)
      this.views();
    const at = this.textAddress;
    if (n > SHORT_TEXT && this.copy === "buffer" && this.bytes) {
      this.bytes.write(message2, at, 2 * n, "utf16le");
    } else if (n > SHORT_TEXT && this.copy === "builtins" && this.copier) {
      try {
        this.copier(message2, at, n);
      } catch {
        return null;
      }
    } else {
      const units = this.units;
      const leads = this.leads;
      const base = at >> 1;
      let lead = 0;
      for (let i = 0; i < n; i++) {
        const unit = message2.charCodeAt(i);
        units[base + i] = unit;
        lead |= leads[unit];
      }
      if (lead === 0) {
        const runs2 = new Int32Array(n === 0 ? 1 : 3);
        runs2[runs2.length - 1] = n;
        return runs2;
      }
    }
    const count = this.scan(n, limit);
    if (count < 0)
      return null;
    if (this.words.length === 0)
      this.views();
    const from = this.runsAddress >> 2;
    const length = 2 * count + 1;
    const runs = new Int32Array(length);
    if (length > SHORT_RUNS)
      runs.set(this.words.subarray(from, from + length));
    else
      for (let i = 0, words = this.words; i < length; i++)
        runs[i] = words[from + i];
    return runs;
  }
  /**
   * Views of the kernel's whole memory, made again once it grows (growing detaches the old buffer: its views empty).
   * @private
   */
  views() {
    const buffer = this.exports.memory.buffer;
    this.units = new Uint16Array(buffer);
    this.words = new Int32Array(buffer);
    this.bytes = nodeBuffer ? nodeBuffer.from(buffer, 0, buffer.byteLength) : null;
  }
};
function makeKernel(keys) {
  if (!littleEndian)
    return Promise.resolve(null);
  const link = { kernel: null };
  const shortcodeNfc = (at, length) => link.kernel ? link.kernel.shortcodeNfc(at, length) : -1;
  const tagNfc = (at, length) => link.kernel ? link.kernel.tagNfc(at, length) : -1;
  const imports = { env: { shortcode_nfc: shortcodeNfc, tag_nfc: tagNfc } };
  const made = (instance) => link.kernel = new Kernel(instance, keys);
  if (compiled) {
    let instance = null;
    try {
      instance = new WebAssembly.Instance(compiled, imports);
    } catch {
    }
    if (instance) {
      try {
        return made(instance);
      } catch {
        return Promise.resolve(null);
      }
    }
  }
  return kernelCompiled.then(async (module) => {
    if (!module)
      return null;
    try {
      return made(await WebAssembly.instantiate(module, imports));
    } catch {
      return null;
    }
  });
}

// web/src/tokenizer.js
var Token = class {
  /**
   * @param {"text"|"emoticon"|"emoji"} kind
   * @param {EmoticonRef|null} ref
   * @param {number} start
   * @param {number} end
   * @param {string} message
   */
  constructor(kind, ref, start, end, message2) {
    this.kind = kind;
    this.ref = ref;
    this.start = start;
    this.end = end;
    this.message = message2;
  }
  get text() {
    return this.message.slice(this.start, this.end);
  }
};
var KINDS2 = (
  /** @type {const} */
  ["text", "emoticon", "emoji"]
);
function runRef(code2, packStarts) {
  if (code2 === 0)
    return null;
  const index = code2 >> 2;
  let low = 0;
  let high = packStarts.length - 2;
  while (low < high) {
    const mid = low + high + 1 >> 1;
    if (packStarts[mid] <= index)
      low = mid;
    else
      high = mid - 1;
  }
  return { pack: low, entry: index - packStarts[low] };
}
var TokenizedText = class {
  /**
   * @param {string} message
   * @param {Int32Array} runs
   * @param {number} length
   * @param {Int32Array} packStarts each pack's first index in the catalog, then the catalog's entry count
   */
  constructor(message2, runs, length, packStarts) {
    this.message = message2;
    this.runs = runs;
    this.length = length;
    this.packStarts = packStarts;
  }
  /** @param {number} i */
  start(i) {
    return this.runs[2 * i];
  }
  /** @param {number} i */
  end(i) {
    return this.runs[2 * i + 2];
  }
  /** @param {number} i */
  kind(i) {
    return KINDS2[this.runs[2 * i + 1] & 3];
  }
  /**
   * @param {number} i
   * @returns {EmoticonRef|null}
   */
  ref(i) {
    return runRef(this.runs[2 * i + 1], this.packStarts);
  }
  /** @param {number} i */
  text(i) {
    return this.message.slice(this.runs[2 * i], this.runs[2 * i + 2]);
  }
  /** @param {number} i */
  at(i) {
    return new Token(this.kind(i), this.ref(i), this.start(i), this.end(i), this.message);
  }
  *[Symbol.iterator]() {
    for (let i = 0; i < this.length; i++)
      yield this.at(i);
  }
  toArray() {
    return Array.from(this);
  }
};
var encoder3 = new TextEncoder();
var SCRATCH_RUNS = 1025;
var SCRATCH_KEPT = 1 << 16;
var FNV_PRIME = 16777619;
var KeyTable = class {
  /**
   * @param {Map<string, EmoticonRef>} map keys (without selectors when `skipSelectors`) to their emoticon
   * @param {boolean} skipSelectors
   */
  constructor(map, skipSelectors) {
    this.skipSelectors = skipSelectors;
    let size = 16;
    while (size < 2 * map.size)
      size *= 2;
    this.mask = size - 1;
    this.slots = new Int32Array(size);
    let total = 0;
    for (const key of map.keys())
      total += key.length;
    this.units = new Uint16Array(total);
    this.starts = new Int32Array(map.size + 1);
    this.hashes = new Int32Array(map.size);
    this.packs = new Int32Array(map.size);
    this.entries = new Int32Array(map.size);
    let k = 0;
    let at = 0;
    for (const [key, ref] of map) {
      for (let i = 0; i < key.length; i++)
        this.units[at + i] = key.charCodeAt(i);
      this.starts[k] = at;
      at += key.length;
      const h = keyHash(key, 0, key.length, skipSelectors);
      this.hashes[k] = h;
      this.packs[k] = ref.pack;
      this.entries[k] = ref.entry;
      let slot = h & this.mask;
      while (this.slots[slot] !== 0)
        slot = slot + 1 & this.mask;
      this.slots[slot] = k + 1;
      k++;
    }
    this.starts[k] = at;
  }
  /**
   * The index of the key equal to `text[from..<to]` (selectors aside when the table skips them) whose hash is `h`,
   * or -1.
   * @param {string} text
   * @param {number} from
   * @param {number} to
   * @param {number} h `keyHash` of the range
   */
  find(text2, from, to, h) {
    const { slots, hashes, starts, units, mask } = this;
    for (let slot = h & mask; ; slot = slot + 1 & mask) {
      const k = slots[slot] - 1;
      if (k < 0)
        return -1;
      if (hashes[k] !== h)
        continue;
      let i = starts[k];
      const end = starts[k + 1];
      let j = from;
      if (!this.skipSelectors) {
        if (end - i !== to - from)
          continue;
        while (i < end && units[i] === text2.charCodeAt(j)) {
          i++;
          j++;
        }
        if (i === end)
          return k;
        continue;
      }
      for (; ; ) {
        while (j < to && (text2.charCodeAt(j) | 1) === 65039)
          j++;
        if (i === end || j === to)
          break;
        if (units[i] !== text2.charCodeAt(j))
          break;
        i++;
        j++;
      }
      if (i === end && j === to)
        return k;
    }
  }
};
function keyHash(text2, from, to, skipSelectors) {
  let h = 2166136261 | 0;
  for (let i = from; i < to; i++) {
    const u = text2.charCodeAt(i);
    if (skipSelectors && (u | 1) === 65039)
      continue;
    h = Math.imul(h ^ u, 16777619);
  }
  return finalHash(h);
}
function finalHash(h) {
  return h ^ h >>> 15 | 0;
}
function withoutSelectors(text2) {
  for (let i = 0; i < text2.length; i++) {
    const u = text2.charCodeAt(i);
    if (u === 65039 || u === 65038)
      return text2.replace(/[\ufe0e\ufe0f]/g, "");
  }
  return text2;
}
var Tokenizer = class {
  /**
   * @param {Catalog} catalog
   * @param {{maxTagBytes?: number}} [options]
   */
  constructor(catalog, options = {}) {
    this.catalog = catalog;
    this.packStarts = new Int32Array(catalog.packs.length + 1);
    catalog.packs.forEach((pack, p) => {
      this.packStarts[p + 1] = this.packStarts[p] + pack.entryCount;
    });
    this.maxTagBytes = Math.min(Math.max(options.maxTagBytes ?? 256, 0), 1 << 24);
    this.codes = /* @__PURE__ */ new Map();
    this.shortcodes = /* @__PURE__ */ new Map();
    const keys = /* @__PURE__ */ new Map();
    const emoji = /* @__PURE__ */ new Map();
    this.leads = emojiLeadUnits.slice();
    this.scratch = new Int32Array(SCRATCH_RUNS);
    this.leads[91] |= 2;
    const seen = /* @__PURE__ */ new Set();
    this.longestKeys = { tag: 0, shortcode: 0, code: 0, emoji: 0 };
    const longest = this.longestKeys;
    catalog.packs.forEach((pack, p) => {
      const refs = [], forms = [], entries = [];
      for (let t = 0; t < pack.tagCount; t++) {
        try {
          const at = pack.tagSection.offset + t * pack.tagSize;
          let form = 0;
          try {
            form = pack.keyForm(t);
          } catch {
          }
          const entry = pack.le32(at + Tag.entry);
          const bytes = pack.stringBytes(at + Tag.tag);
          if (bytes === null || entry >= pack.entryCount || pack.entryIndexForTagBytes(bytes) !== entry)
            continue;
          refs.push(at + Tag.tag);
          forms.push(form);
          entries.push(entry);
        } catch {
          continue;
        }
      }
      const texts = pack.stringsAt(refs);
      for (let k = 0; k < refs.length; k++) {
        const text2 = texts[k], form = forms[k];
        if (text2 === null)
          continue;
        const ref = { pack: p, entry: entries[k] };
        if (!keys.has(text2))
          keys.set(text2, ref);
        if (form === 0) {
          longest.tag = Math.max(longest.tag, text2.length);
          continue;
        }
        if (form === 2) {
          longest.shortcode = Math.max(longest.shortcode, text2.length);
          if (!this.shortcodes.has(text2))
            this.shortcodes.set(text2, ref);
          this.leads[58] |= 4;
        } else if (!seen.has(text2) && text2.length > 0) {
          seen.add(text2);
          longest.code = Math.max(longest.code, text2.length);
          const first = text2.charCodeAt(0);
          const list2 = this.codes.get(first) ?? [];
          list2.push({ text: text2, ref });
          this.codes.set(first, list2);
          this.leads[first] |= 1;
        }
      }
      const emojiRefs = [], emojiEntries = [];
      for (let e = 0; e < pack.entryCount; e++) {
        if (!pack.entryHasEmoji(e))
          continue;
        const at = pack.entrySection.offset + e * pack.entrySize + Entry.emoji;
        const bytes = pack.stringBytes(at);
        if (bytes === null || pack.entryIndexForEmojiBytes(bytes) !== e)
          continue;
        emojiRefs.push(at);
        emojiEntries.push(e);
      }
      const emojiTexts = pack.stringsAt(emojiRefs);
      for (let k = 0; k < emojiRefs.length; k++) {
        const text2 = emojiTexts[k];
        if (text2 === null)
          continue;
        const bare = withoutSelectors(text2);
        longest.emoji = Math.max(longest.emoji, text2.length);
        if (!emoji.has(bare))
          emoji.set(bare, { pack: p, entry: emojiEntries[k] });
      }
    });
    for (const list2 of this.codes.values()) {
      list2.sort((x, y) => encoder3.encode(y.text).length - encoder3.encode(x.text).length);
    }
    this.keyMaps = { keys, emoji };
    this.keyTable = null;
    this.emojiTable = null;
    this.kernel = null;
    this.tagMatchEnd = -1;
    this.ready = Promise.resolve();
    try {
      const made = makeKernel({
        keys,
        emoji,
        codes: this.codes,
        shortcodes: this.shortcodes,
        packStarts: this.packStarts,
        leads: this.leads
      });
      if (made instanceof Kernel) {
        this.kernel = made;
        this.ready = made.ready;
      } else {
        this.ready = made.then((kernel) => {
          this.kernel = kernel;
          return kernel?.ready;
        });
      }
    } catch {
      this.kernel = null;
    }
  }
  /**
   * The keys' look-up table (built at first use: with the kernel, most catalogs never need it).
   * @private
   */
  get keys() {
    return this.keyTable ??= new KeyTable(this.keyMaps.keys, false);
  }
  /**
   * The emoji's look-up table, likewise.
   * @private
   */
  get emoji() {
    return this.emojiTable ??= new KeyTable(this.keyMaps.emoji, true);
  }
  /**
   * The runs of `message`, in order; joined, they give it back.
   * @param {string} message
   * @returns {TokenizedText}
   */
  tokenize(message2) {
    const n = stringArg(message2, "Tokenizer.tokenize(message)").length;
    if (this.kernel !== null) {
      const runs2 = this.kernel.tokenize(message2, this.maxTagBytes);
      if (runs2 !== null)
        return new TokenizedText(message2, runs2, (runs2.length - 1) / 2, this.packStarts);
    }
    const bounds = new ClusterBoundaries(message2);
    let runs = this.scratch;
    let count = 0;
    let textStart = 0;
    const leads = this.leads;
    const keys = this.keys;
    const emoji = this.emoji;
    const limit = this.maxTagBytes;
    let s = 0;
    while (s < n) {
      let unit = message2.charCodeAt(s);
      let lead = leads[unit];
      while (lead === 0 && ++s < n) {
        unit = message2.charCodeAt(s);
        lead = leads[unit];
      }
      if (s >= n)
        break;
      if (lead === 8 && unit < 128) {
        const next = message2.charCodeAt(s + 1);
        if (next !== 65039 && next !== 8419) {
          s++;
          continue;
        }
      }
      if (s > 0 && !boundaryBefore(message2, s, bounds)) {
        s++;
        continue;
      }
      let found = -1;
      let matchEnd = -1;
      let kind = 1;
      if (lead === 2) {
        found = this.tagMatch(message2, s, bounds);
        matchEnd = this.tagMatchEnd;
        if (found < 0) {
          s++;
          continue;
        }
        runs = this.grown(runs, count);
        count = this.push(runs, count, textStart, s, matchEnd, 1, keys.packs[found], keys.entries[found]);
        textStart = s = matchEnd;
        continue;
      }
      if (lead === 8) {
        let first = unit;
        let width = 1;
        if (unit >= 55296 && unit < 56320 && s + 1 < n) {
          const low = message2.charCodeAt(s + 1);
          if ((low & 64512) === 56320) {
            first = (unit - 55296 << 10) + (low - 56320) + 65536;
            width = 2;
          }
        }
        let end = emojiClusterEnd(message2, s);
        if (end < 0)
          end = bounds.end(s);
        const second = end > s + width ? message2.charCodeAt(s + width) : -1;
        const mayStart = first < 128 ? second === 65039 || second === 8419 : isEmojiStart(first);
        if (mayStart)
          found = emoji.find(message2, s, end, keyHash(message2, s, end, true));
        if (found < 0) {
          s++;
          continue;
        }
        runs = this.grown(runs, count);
        count = this.push(runs, count, textStart, s, end, 2, emoji.packs[found], emoji.entries[found]);
        textStart = s = end;
        continue;
      }
      if (!bounds.at(s)) {
        s++;
        continue;
      }
      let ref = null;
      if (lead & 1) {
        const candidates = (
          /** @type {{text: string, ref: EmoticonRef}[]} */
          this.codes.get(unit)
        );
        for (const c of candidates) {
          const e = s + c.text.length;
          if (e <= n && message2.startsWith(c.text, s) && bounds.at(e)) {
            matchEnd = e;
            ref = c.ref;
            break;
          }
        }
      }
      if (lead & 4) {
        const close = message2.indexOf(":", s + 1);
        if (close > s + 1 && close + 1 > matchEnd && bounds.at(close + 1)) {
          const name = message2.slice(s, close + 1);
          const shortcode = this.shortcodes.get(name) ?? this.shortcodes.get(nfc(name));
          if (shortcode) {
            matchEnd = close + 1;
            ref = shortcode;
          }
        }
      }
      if (!ref && lead & 2) {
        const k = this.tagMatch(message2, s, bounds);
        if (k >= 0) {
          ref = { pack: keys.packs[k], entry: keys.entries[k] };
          matchEnd = this.tagMatchEnd;
        }
      }
      if (!ref && (lead & 8) !== 0) {
        const end = bounds.end(s);
        const first = (
          /** @type {number} */
          message2.codePointAt(s)
        );
        const width = first > 65535 ? 2 : 1;
        const second = end > s + width ? message2.charCodeAt(s + width) : -1;
        const mayStart = first < 128 ? second === 65039 || second === 8419 : isEmojiStart(first);
        if (mayStart) {
          ref = this.findEmoji(message2, s, end);
          if (ref) {
            matchEnd = end;
            kind = 2;
          }
        }
      }
      if (!ref) {
        s++;
        continue;
      }
      runs = this.grown(runs, count);
      count = this.push(runs, count, textStart, s, matchEnd, kind, ref.pack, ref.entry);
      textStart = s = matchEnd;
    }
    runs = this.grown(runs, count);
    count = this.push(runs, count, textStart, n, n, 0, -1, -1);
    runs[2 * count] = n;
    this.scratch = runs.length <= SCRATCH_KEPT ? runs : new Int32Array(SCRATCH_RUNS);
    return new TokenizedText(message2, runs.slice(0, 2 * count + 1), count, this.packStarts);
  }
  /**
   * `runs` with room for two more runs and the end after `count`.
   * @param {Int32Array} runs
   * @param {number} count
   */
  grown(runs, count) {
    if (2 * count + 5 <= runs.length)
      return runs;
    const grown = new Int32Array(runs.length * 2 + 5);
    grown.set(runs);
    return grown;
  }
  /**
   * Writes the text run `[textStart, start)` when not empty and the run `[start, end)` of `kind`; the new count.
   * A text run at the message's end is written as `push(runs, count, textStart, n, n, 0, -1, -1)`.
   * @param {Int32Array} runs
   * @param {number} count
   * @param {number} textStart
   * @param {number} start
   * @param {number} end
   * @param {number} kind
   * @param {number} pack
   * @param {number} entry
   */
  push(runs, count, textStart, start, end, kind, pack, entry) {
    let at = 2 * count;
    if (textStart < start) {
      runs[at] = textStart;
      runs[at + 1] = 0;
      at += 2;
      count++;
    }
    if (start === end)
      return count;
    runs[at] = start;
    runs[at + 1] = kind | this.packStarts[pack] + entry << 2;
    return count + 1;
  }
  /**
   * True when a grapheme cluster boundary is at `i` (the unit before it starts no join): certain when the unit at
   * `i` is one no rule joins to what comes before, else asked of `bounds`.
   * @param {string} text
   * @param {number} i
   * @param {ClusterBoundaries} bounds
   */
  boundaryAfter(text2, i, bounds) {
    if (i >= text2.length)
      return true;
    const g = clusterGlue[text2.charCodeAt(i)];
    if ((g & 1) !== 0)
      return false;
    return (g & 12) === 0 ? true : bounds.at(i);
  }
  /**
   * The entry whose emoji is `text[from..<to]`, variation selectors 15 and 16 aside, or null.
   * @param {string} text
   * @param {number} from
   * @param {number} to
   * @returns {EmoticonRef|null}
   */
  findEmoji(text2, from, to) {
    const k = this.emoji.find(text2, from, to, keyHash(text2, from, to, true));
    return k < 0 ? null : { pack: this.emoji.packs[k], entry: this.emoji.entries[k] };
  }
  /**
   * The key the tag starting at `start` (a `[` at a cluster boundary) is, or -1; its end in `tagMatchEnd`. The
   * bracketed text (within maxTagBytes, as UTF-8 counts it) is hashed as it is scanned and looked up in place; only
   * a miss that normalization could turn into a key is sliced.
   * @param {string} message
   * @param {number} start
   * @param {ClusterBoundaries} bounds
   */
  tagMatch(message2, start, bounds) {
    this.tagMatchEnd = -1;
    const n = message2.length;
    if (!this.boundaryAfter(message2, start + 1, bounds))
      return -1;
    const limit = this.maxTagBytes;
    let h = Math.imul(2166136261 ^ 91, FNV_PRIME);
    let bytes = 1;
    let j = start + 1;
    let end = -1;
    let composed = true;
    while (j < n && bytes < limit) {
      const u = message2.charCodeAt(j);
      if (u === 93) {
        if (j > start + 1 && this.boundaryAfter(message2, j + 1, bounds))
          end = j + 1;
        break;
      }
      if (u === 91)
        break;
      h = Math.imul(h ^ u, FNV_PRIME);
      if (u < 128) {
        bytes += 1;
        j++;
      } else if (u < 2048) {
        bytes += 2;
        j++;
        if (u >= 768)
          composed = false;
      } else if (u >= 55296 && u < 56320 && j + 1 < n && (message2.charCodeAt(j + 1) & 64512) === 56320) {
        h = Math.imul(h ^ message2.charCodeAt(j + 1), FNV_PRIME);
        bytes += 4;
        j += 2;
        composed = false;
      } else {
        bytes += 3;
        j++;
        if (!(u >= 13312 && u <= 40959 || u >= 44032 && u <= 55203))
          composed = false;
      }
    }
    if (end < 0)
      return -1;
    let found = this.keys.find(message2, start, end, finalHash(Math.imul(h ^ 93, FNV_PRIME)));
    if (found < 0 && !composed) {
      const tag = message2.slice(start, end);
      const normal = nfc(tag);
      if (normal !== tag)
        found = this.keys.find(normal, 0, normal.length, keyHash(normal, 0, normal.length, false));
    }
    if (found >= 0)
      this.tagMatchEnd = end;
    return found;
  }
  /**
   * The tokens' text joined.
   * @param {Iterable<Token>} tokens
   */
  plainText(tokens) {
    return Array.from(tokens, (t) => t.text).join("");
  }
  /**
   * The delete key at UTF-16 `cursor`: a whole tag, code, emoji or cluster.
   * @param {string} text
   * @param {number} cursor
   */
  deleteBackward(text2, cursor) {
    stringArg(text2, "Tokenizer.deleteBackward(text, cursor)");
    cursor = offsetArg(cursor, "Tokenizer.deleteBackward(text, cursor)");
    const model = new EmoticonText(text2, this);
    const change = model.deleteBackward(cursor, "source");
    return { text: model.source, cursor: change.source.cursor };
  }
  /**
   * Inserts an emoticon's text at `cursor` (moved out of a token).
   * @param {{insertionText: string}} emoticon
   * @param {string} text
   * @param {number} cursor
   */
  insert(emoticon, text2, cursor) {
    const where = "Tokenizer.insert(emoticon, text, cursor)";
    emoticonArg(emoticon, where);
    stringArg(text2, where);
    cursor = offsetArg(cursor, where);
    const model = new EmoticonText(text2, this);
    const at = model.wholeTokens(cursor, cursor, "source")[1];
    const change = model.replace(at, at, "source", emoticon.insertionText);
    return { text: model.source, cursor: change.source.cursor };
  }
};

// web/src/search.js
var encoder4 = new TextEncoder();
var decoder = new TextDecoder();
function localesMatch(a, b) {
  const x = a.toLowerCase().replaceAll("_", "-");
  const y = b.toLowerCase().replaceAll("_", "-");
  return x === y || x.startsWith(y + "-") || y.startsWith(x + "-");
}
function contains(key, q) {
  if (q.length === 0 || key.length < q.length)
    return false;
  outer:
    for (let i = 0; i + q.length <= key.length; i++) {
      for (let k = 0; k < q.length; k++)
        if (key[i + k] !== q[k])
          continue outer;
      return true;
    }
  return false;
}
function containsRuns(pack, scalars) {
  const runs = [];
  for (let k = 0; k < scalars.length - 1; k++) {
    const r = pack.gramPostings(scalars[k], scalars[k + 1]);
    if (r[0] === r[1])
      return [];
    if (!runs.some((x) => x[0] === r[0] && x[1] === r[1]))
      runs.push(r);
  }
  return runs.sort((a, b) => a[1] - a[0] - (b[1] - b[0]));
}
var PostingMerge = class {
  /**
   * @param {import("./pack.js").PackFile} pack
   * @param {[number, number][]} runs
   */
  constructor(pack, runs) {
    this.pack = pack;
    this.runs = runs;
    this.cursors = runs.map((r) => r[0]);
    this.heap = [];
    this.last = -1;
    for (let k = 0; k < runs.length; k++)
      this.advance(k);
  }
  /** The next row in ascending order, or null when every run is done. */
  next() {
    while (this.heap.length > 0) {
      const top = this.heap[0];
      this.pop();
      this.advance(top.run);
      if (top.row !== this.last) {
        this.last = top.row;
        return top.row;
      }
    }
    return null;
  }
  /**
   * Pushes run `k`'s next valid row, if any, and moves its cursor past it.
   * @param {number} k
   */
  advance(k) {
    while (this.cursors[k] < this.runs[k][1]) {
      const row = this.pack.posting(this.cursors[k]++);
      if (row !== null) {
        this.push({ row, run: k });
        return;
      }
    }
  }
  /** @param {{row: number, run: number}} item */
  push(item) {
    const heap = this.heap;
    heap.push(item);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = i - 1 >> 1;
      if (!(heap[i].row < heap[parent].row))
        break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  }
  pop() {
    const heap = this.heap;
    const end = (
      /** @type {{row: number, run: number}} */
      heap.pop()
    );
    if (heap.length === 0)
      return;
    heap[0] = end;
    let i = 0;
    for (; ; ) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < heap.length && heap[l].row < heap[m].row)
        m = l;
      if (r < heap.length && heap[r].row < heap[m].row)
        m = r;
      if (m === i)
        return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  }
};
function search(catalog, query, options = {}) {
  stringArg(query, "search(catalog, query, options)");
  optionsArg(options, "search(catalog, query, options)");
  const limit = options.limit ?? Infinity;
  const locales = options.locales ?? [];
  const q = encoder4.encode(compared(query));
  const out = [];
  if (q.length === 0 || limit <= 0)
    return out;
  const seen = /* @__PURE__ */ new Set();
  const allowed = catalog.packs.map((pack) => {
    if (locales.length === 0)
      return null;
    const list2 = [];
    for (let i = 0; i < pack.localeSection.count; i++) {
      let l = null;
      try {
        l = pack.locale(i);
      } catch {
      }
      list2.push(l !== null && locales.some((x) => localesMatch(
        x,
        /** @type {string} */
        l
      )));
    }
    return list2;
  });
  const scalars = Array.from(decoder.decode(q), (c) => (
    /** @type {number} */
    c.codePointAt(0)
  ));
  const prefixRanges = /* @__PURE__ */ new Map();
  const ranks = (
    /** @type {const} */
    ["exact", "prefix", "contains"]
  );
  for (const rank of ranks) {
    for (let p = 0; p < catalog.packs.length; p++) {
      const pack = catalog.packs[p];
      const take = (row) => {
        const target = pack.keywordTarget(row);
        if (!target)
          return false;
        if (rank === "exact" && target.source !== 1)
          return false;
        if (rank === "contains") {
          const key2 = pack.foldedKeyword(row);
          if (key2 === null || !contains(key2, q))
            return false;
        }
        const allow = allowed[p];
        if (target.locale !== null && allow && !(target.locale < allow.length && allow[target.locale]))
          return false;
        const key = p * 4294967296 + target.entry;
        if (seen.has(key))
          return false;
        seen.add(key);
        let locale = null;
        if (target.locale !== null) {
          try {
            locale = pack.locale(target.locale);
          } catch {
            locale = null;
          }
        }
        out.push({ ref: { pack: p, entry: target.entry }, match: rank, keyword: pack.keywordText(row) ?? "", locale });
        return out.length >= limit;
      };
      if (rank === "contains") {
        if (scalars.length === 1) {
          const merge = new PostingMerge(pack, pack.gramPostingRuns(scalars[0]));
          for (let row = merge.next(); row !== null; row = merge.next())
            if (take(row))
              return out;
        } else {
          const runs = containsRuns(pack, scalars);
          const cursors = runs.map((r) => r[0]);
          for (let row = pack.nextCommonPosting(runs, cursors); row !== null; row = pack.nextCommonPosting(runs, cursors)) {
            if (take(row))
              return out;
          }
        }
        continue;
      }
      if (rank === "exact") {
        const entry = pack.entryIndexForEmojiBytes(q);
        if (entry !== null) {
          let written = null;
          try {
            written = pack.string(pack.entrySection.offset + entry * pack.entrySize + Entry.emoji);
          } catch {
            written = null;
          }
          const key = p * 4294967296 + entry;
          if (written !== null && !seen.has(key)) {
            seen.add(key);
            out.push({ ref: { pack: p, entry }, match: "exact", keyword: written, locale: null });
            if (out.length >= limit)
              return out;
          }
        }
      }
      let range = prefixRanges.get(p);
      if (range === void 0)
        prefixRanges.set(p, range = pack.keywordRange(q));
      for (let row = range[0]; row < range[1]; row++) {
        if (rank === "exact" && pack.foldedKeyword(row)?.length !== q.length)
          break;
        if (take(row))
          return out;
      }
    }
  }
  return out;
}

// web/src/keyboard.js
var MAX_SIDE = 256;
function gridFit(o) {
  optionsArg(o, "gridFit(options)");
  const insets = o.insets ?? { top: 0, left: 0, bottom: 0, right: 0 };
  const w = Math.max(0, o.width - insets.left - insets.right);
  const h = Math.max(0, o.height - insets.top - insets.bottom);
  const size = Number.isFinite(o.cellSize) && o.cellSize > 0 ? o.cellSize : 0;
  const gap = Number.isFinite(o.minSpacing) ? Math.max(0, o.minSpacing) : 0;
  const count = (span, limit) => {
    if (!(size > 0) || !Number.isFinite(span))
      return 0;
    const n = Math.floor((span + gap) / (size + gap));
    return n >= 1 ? Math.min(Math.max(limit, 0), Math.min(n, MAX_SIDE)) : 0;
  };
  const columns = count(w, o.maxColumns ?? Infinity);
  const rows = count(h, o.maxRows ?? Infinity);
  if (columns * rows < 2)
    return { columns: 0, rows: 0, spacingX: 0, spacingY: 0, frames: (
      /** @type {CellFrame[]} */
      []
    ) };
  const maxSpacing = o.maxSpacing ?? Infinity;
  const spread = Number.isNaN(maxSpacing) ? Infinity : Math.max(gap, maxSpacing);
  const spacingX = columns > 1 ? Math.min(spread, (w - columns * size) / (columns - 1)) : 0;
  const spacingY = rows > 1 ? Math.min(spread, (h - rows * size) / (rows - 1)) : 0;
  const left = insets.left + (w - columns * size - (columns - 1) * spacingX) / 2;
  const top = insets.top + (h - rows * size - (rows - 1) * spacingY) / 2;
  const frames = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      frames.push({ x: left + c * (size + spacingX), y: top + r * (size + spacingY), width: size, height: size });
    }
  }
  return { columns, rows, spacingX, spacingY, frames };
}
function keyboardPages(items, o = {}) {
  arrayArg(items, "keyboardPages(items, options)");
  optionsArg(o, "keyboardPages(items, options)");
  const columns = Math.min(Math.max(1, o.columns ?? 8), MAX_SIDE);
  const rows = Math.min(Math.max(1, o.rows ?? 3), MAX_SIDE);
  const cellsPerPage = columns * rows;
  if (cellsPerPage < 2)
    return [];
  const per = cellsPerPage - 1;
  const pages = [];
  let start = 0;
  do {
    const cells = items.slice(start, start + per);
    if (o.delete === "afterLastEmoticon" && start + per >= items.length) {
      cells.push("delete");
      while (cells.length < cellsPerPage)
        cells.push(null);
    } else {
      while (cells.length < cellsPerPage - 1)
        cells.push(null);
      cells.push("delete");
    }
    pages.push(cells);
    start += per;
  } while (start < items.length);
  return pages;
}
function keyboardCategories(catalog, recents, preferredLocales) {
  const out = [];
  if (recents.length > 0) {
    const chinese = preferredLocales[0]?.startsWith("zh") ?? false;
    out.push({ id: "recent", name: chinese ? "最近" : "Recent", items: recents });
  }
  catalog.packs.forEach((pack, p) => {
    let names = [];
    try {
      names = pack.localizedNames();
    } catch {
      names = [];
    }
    let name = pack.id;
    for (const want of preferredLocales) {
      const hit = names.find((n) => n.locale.toLowerCase() === want.toLowerCase()) ?? names.find((n) => n.locale.toLowerCase().split("-")[0] === want.toLowerCase().split("-")[0]);
      if (hit) {
        name = hit.name;
        break;
      }
    }
    if (name === pack.id && names.length > 0)
      name = names[0].name;
    const items = [];
    for (let e = 0; e < pack.entryCount; e++)
      items.push({ pack: p, entry: e });
    out.push({ id: pack.id, name, items });
  });
  return out;
}

// web/src/render.js
function chooseScale(scales, ratio) {
  for (const s of scales)
    if (s >= ratio - 1e-6)
      return s;
  return scales[scales.length - 1] ?? 1;
}
function place(sprite, pack, p, k, size, urls) {
  const url = urls?.[p.sheet];
  if (typeof url !== "string")
    throw new RangeError(`sheetURLs has no URL for sheet ${p.sheet} of pack '${pack.id}'`);
  const sheet = pack.sheet(p.sheet);
  const unit = size / (pack.pointSize * pack.scales[k]);
  const style = sprite.style;
  style.display = p.width > 0 ? "block" : "none";
  style.left = `${p.left * unit}px`;
  style.top = `${p.top * unit}px`;
  style.width = `${p.width * unit}px`;
  style.height = `${p.height * unit}px`;
  style.backgroundImage = `url("${url}")`;
  style.backgroundPosition = `${-p.x * unit}px ${-p.y * unit}px`;
  style.backgroundSize = `${sheet.width * unit}px ${sheet.height * unit}px`;
  sprite.dataset.sheet = String(p.sheet);
  sprite.dataset.x = String(p.x);
  sprite.dataset.y = String(p.y);
}
function emoticonElement(doc, ref, source, o, animator) {
  const catalog = o.catalog;
  const pack = catalog.packs[ref.pack];
  const entry = pack.entry(ref.entry);
  const size = o.size ?? pack.pointSize;
  const k = pack.scales.indexOf(chooseScale(pack.scales, o.ratio ?? 1));
  const box = doc.createElement("span");
  box.className = "emopack-emoticon";
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", catalog.accessibilityLabel(ref) ?? source);
  box.title = source;
  box.dataset.source = source;
  box.dataset.pack = String(ref.pack);
  box.dataset.entry = String(ref.entry);
  box.contentEditable = "false";
  Object.assign(box.style, {
    display: "inline-block",
    position: "relative",
    width: `${size}px`,
    height: `${size}px`,
    verticalAlign: "text-bottom",
    overflow: "hidden"
  });
  const sprite = doc.createElement("i");
  Object.assign(sprite.style, { position: "absolute", backgroundRepeat: "no-repeat" });
  box.appendChild(sprite);
  if (entry.image !== null)
    place(sprite, pack, pack.placement(entry.image, k), k, size, o.sheetURLs[ref.pack]);
  const animation = catalog.animation(ref);
  if (animation && animator && !o.reducedMotion) {
    animator.add(box, animation, (frame) => {
      box.dataset.frame = String(frame);
      place(sprite, pack, pack.placement(animation.images[frame], k), k, size, o.sheetURLs[ref.pack]);
    });
  }
  return box;
}
var Animator = class {
  /**
   * @param {Window} win
   */
  constructor(win) {
    this.win = win;
    this.items = [];
    this.timer = null;
  }
  /**
   * @param {Element} element
   * @param {import("./catalog.js").EmoticonAnimation} animation
   * @param {(frame: number) => void} draw
   */
  add(element, animation, draw) {
    const start = this.win.performance.now();
    try {
      draw(0);
    } catch {
      return;
    }
    this.items.push({ element, animation, draw, start, frame: 0 });
    this.schedule();
  }
  /** Draws what changed and waits for the next change. */
  tick() {
    this.timer = null;
    const now = this.win.performance.now();
    this.items = this.items.filter((it) => {
      if (!it.element.isConnected)
        return false;
      const f = it.animation.frameAt(now - it.start);
      if (f === it.frame)
        return true;
      it.frame = f;
      try {
        it.draw(f);
      } catch {
        return false;
      }
      return true;
    });
    this.schedule();
  }
  schedule() {
    if (this.timer !== null)
      return;
    const now = this.win.performance.now();
    let soonest = Infinity;
    for (const it of this.items) {
      const next = it.animation.nextChange(now - it.start);
      if (next !== null)
        soonest = Math.min(soonest, it.start + next);
    }
    if (soonest === Infinity)
      return;
    this.timer = this.win.setTimeout(() => this.tick(), Math.max(0, soonest - now));
  }
  stop() {
    if (this.timer !== null)
      this.win.clearTimeout(this.timer);
    this.timer = null;
    this.items = [];
  }
};
function renderMessage(doc, tokenizer, message2, o, animator) {
  const out = doc.createDocumentFragment();
  const tokens = tokenizer.tokenize(message2);
  for (let i = 0; i < tokens.length; i++) {
    const ref = tokens.ref(i);
    const kind = tokens.kind(i);
    const image = ref !== null && (kind === "emoticon" || o.emojiAsImages && o.catalog.packs[ref.pack].entryHasImage(ref.entry));
    out.appendChild(ref && image && drawn(doc, ref, tokens.text(i), o, animator) || doc.createTextNode(tokens.text(i)));
  }
  return out;
}
function drawn(doc, ref, source, o, animator) {
  try {
    return emoticonElement(doc, ref, source, o, animator);
  } catch (e) {
    if (e instanceof PackError || e instanceof RangeError)
      return null;
    throw e;
  }
}
function standIn(doc, source) {
  const box = doc.createElement("span");
  box.className = "emopack-undrawn";
  box.dataset.source = source;
  box.contentEditable = "false";
  box.textContent = source;
  return box;
}
function sourceTextOf(range) {
  const fragment = range.cloneContents();
  const text2 = (node) => {
    if (node.nodeType === 3)
      return node.nodeValue ?? "";
    const el = (
      /** @type {HTMLElement} */
      node
    );
    if (el.dataset && el.dataset.source !== void 0)
      return el.dataset.source;
    let s = "";
    node.childNodes.forEach((c) => {
      s += text2(c);
    });
    return s;
  };
  return text2(fragment);
}
function attachCopyHandler(root) {
  const handler = (e) => {
    const selection = root.ownerDocument.getSelection();
    if (!selection || selection.rangeCount === 0 || !e.clipboardData)
      return;
    const range = selection.getRangeAt(0);
    if (!root.contains(range.commonAncestorContainer))
      return;
    e.clipboardData.setData("text/plain", sourceTextOf(range));
    e.preventDefault();
  };
  root.addEventListener("copy", handler);
  return handler;
}
var EmoticonEditor = class {
  /**
   * @param {HTMLElement} element a `contenteditable` element
   * @param {Tokenizer} tokenizer
   * @param {RenderOptions} options
   */
  constructor(element, tokenizer, options) {
    this.element = element;
    this.tokenizer = tokenizer;
    this.options = options;
    this.model = new EmoticonText("", tokenizer, { emojiAsImages: options.emojiAsImages });
    element.contentEditable = "true";
    element.setAttribute("role", "textbox");
    element.setAttribute("aria-multiline", "true");
    element.addEventListener("beforeinput", (e) => this.onBeforeInput(
      /** @type {InputEvent} */
      e
    ));
    element.addEventListener("input", () => this.resync());
    attachCopyHandler(element);
    element.addEventListener("cut", (e) => {
      const [a, b] = this.selection();
      if (a === b)
        return;
      e.preventDefault();
      e.clipboardData?.setData("text/plain", this.model.sourceText(a, b, "display"));
      this.edit(this.model.replace(a, b, "display", ""));
    });
    this.render(0);
  }
  /** The source text: what is sent. */
  get source() {
    return this.model.source;
  }
  /**
   * @param {string} text
   */
  set source(text2) {
    this.model.setSource(text2);
    this.render(this.model.displayLength);
  }
  /** The selection as display offsets. @returns {[number, number]} */
  selection() {
    const sel = this.element.ownerDocument.getSelection();
    if (!sel || sel.rangeCount === 0)
      return [this.model.displayLength, this.model.displayLength];
    const r = sel.getRangeAt(0);
    const a = this.offsetOf(r.startContainer, r.startOffset);
    const b = this.offsetOf(r.endContainer, r.endOffset);
    return [Math.min(a, b), Math.max(a, b)];
  }
  /**
   * The display offset of a DOM position inside the field (an emoticon counts one).
   * @param {Node} container
   * @param {number} offset
   */
  offsetOf(container, offset) {
    let total = 0;
    for (const child of Array.from(this.element.childNodes)) {
      if (container === this.element && this.element.childNodes[offset] === child)
        return total;
      if (child === container || child.contains(container)) {
        if (child.nodeType === 3)
          return total + offset;
        return total + (offset > 0 ? 1 : 0);
      }
      total += child.nodeType === 3 ? (child.nodeValue ?? "").length : 1;
    }
    return total;
  }
  /**
   * @param {InputEvent} e
   */
  onBeforeInput(e) {
    const [a, b] = this.selection();
    switch (e.inputType) {
      case "deleteContentBackward":
      case "deleteWordBackward":
        e.preventDefault();
        this.edit(this.model.deleteBackward(a, "display", b));
        return;
      case "deleteContentForward": {
        e.preventDefault();
        const [, end] = a === b ? this.model.wholeTokens(a, Math.min(a + 1, this.model.displayLength), "display") : [a, b];
        this.edit(this.model.replace(a, end, "display", ""));
        return;
      }
      case "insertText":
      case "insertReplacementText":
      case "insertFromPaste":
      case "insertFromDrop":
      case "insertLineBreak":
      case "insertParagraph": {
        const text2 = e.inputType === "insertLineBreak" || e.inputType === "insertParagraph" ? "\n" : e.data ?? e.dataTransfer?.getData("text/plain") ?? "";
        e.preventDefault();
        this.edit(this.model.replace(a, b, "display", text2));
        return;
      }
      default:
    }
  }
  /**
   * Inserts plain text (an emoticon's insertion text, say) at the selection.
   * @param {string} text
   */
  insert(text2) {
    const [a, b] = this.selection();
    this.edit(this.model.replace(a, b, "display", text2));
  }
  /** The delete key, as the keyboard's delete cell presses it. */
  deleteBackward() {
    const [a, b] = this.selection();
    this.edit(this.model.deleteBackward(a, "display", b));
  }
  /**
   * @param {{display: {cursor: number}}} change
   */
  edit(change) {
    this.render(change.display.cursor);
    this.element.dispatchEvent(new Event("emopack-change"));
  }
  /** Reads the field back after a native edit (composition) and renders it again. */
  resync() {
    const range = this.element.ownerDocument.createRange();
    range.selectNodeContents(this.element);
    const [, cursor] = this.selection();
    this.model.setSource(sourceTextOf(range));
    this.render(Math.min(cursor, this.model.displayLength));
  }
  /**
   * @param {number} cursor a display offset
   */
  render(cursor) {
    const doc = this.element.ownerDocument;
    this.element.replaceChildren();
    for (const run of this.model.displayRuns) {
      if ("text" in run)
        this.element.appendChild(doc.createTextNode(run.text));
      else
        this.element.appendChild(drawn(doc, run.ref, run.source, this.options) ?? standIn(doc, run.source));
    }
    let left = cursor;
    const sel = doc.getSelection();
    if (!sel || doc.activeElement !== this.element)
      return;
    const range = doc.createRange();
    for (const child of Array.from(this.element.childNodes)) {
      const n = child.nodeType === 3 ? (child.nodeValue ?? "").length : 1;
      if (left <= n && child.nodeType === 3) {
        range.setStart(child, left);
        break;
      }
      if (left === 0) {
        range.setStartBefore(child);
        break;
      }
      left -= n;
      if (left === 0) {
        range.setStartAfter(child);
        break;
      }
    }
    if (this.element.childNodes.length === 0)
      range.setStart(this.element, 0);
    range.collapse(true);
    sel.removeAllRanges();
    sel.addRange(range);
  }
};

// web/src/keyboard-element.js
function readable(read) {
  try {
    return read();
  } catch (e) {
    if (e instanceof PackError || e instanceof RangeError)
      return null;
    throw e;
  }
}
function defineKeyboardElement(win) {
  if (win.customElements.get("emopack-keyboard"))
    return;
  const doc = win.document;
  class EmopackKeyboard extends win.HTMLElement {
    constructor() {
      super();
      this.catalog = null;
      this.reportedCatalog = null;
      this.sheetURLs = [];
      this.tab = 0;
      this.page = 0;
      this.query = "";
      this.fit = null;
      this.observer = new win.ResizeObserver(() => this.layout());
    }
    /** Options from attributes: cell size and height in CSS pixels, the localStorage key, the locales. */
    get cellSize() {
      return Number(this.getAttribute("cell-size") ?? 36);
    }
    get panelHeight() {
      return Number(this.getAttribute("panel-height") ?? 216);
    }
    get recentsKey() {
      return this.getAttribute("recents-key") ?? "emopack-recents";
    }
    get locales() {
      return (this.getAttribute("locales") ?? win.navigator.language ?? "en").split(",").map((s) => s.trim());
    }
    connectedCallback() {
      this.observer.observe(this);
      this.build();
    }
    /**
     * Logs each tag two packs define (once per catalog): the earlier tab's emoticon is what the tag shows and
     * inserts everywhere, the later pack's cell included (docs/WEB.md, "Several packs").
     */
    reportCollisions() {
      if (!this.catalog || this.reportedCatalog === this.catalog)
        return;
      this.reportedCatalog = this.catalog;
      for (const c of this.catalog.collisions()) {
        win.console.warn(`emopack: ${c.tag} is defined by '${c.winner}' and '${c.shadowed}': '${c.winner}' (the earlier tab) wins`);
      }
    }
    disconnectedCallback() {
      this.observer.disconnect();
    }
    /** Recents as refs, newest first (entries that no longer exist are dropped). @returns {EmoticonRef[]} */
    recents() {
      if (!this.catalog)
        return [];
      const out = [];
      for (const r of this.storedRecents()) {
        const p = this.catalog.packs.findIndex((x) => x.id === r.pack);
        if (p < 0)
          continue;
        const e = this.catalog.packs[p].entryIndexForTag(r.key) ?? this.catalog.packs[p].entryIndexForEmoji(r.key);
        if (e !== null)
          out.push({ pack: p, entry: e });
      }
      return out;
    }
    /**
     * Puts `ref` first in recents (at most 24 kept).
     * @param {EmoticonRef} ref
     */
    remember(ref) {
      if (!this.catalog)
        return;
      const pack = this.catalog.packs[ref.pack];
      const key = this.catalog.emoticon(ref).insertionText;
      const stored = [{ pack: pack.id, key }, ...this.storedRecents().filter((r) => !(r.pack === pack.id && r.key === key))];
      try {
        win.localStorage.setItem(this.recentsKey, JSON.stringify(stored.slice(0, 24)));
      } catch {
      }
    }
    /**
     * The recents as stored, newest first: only well-formed records, none where storage is refused or holds
     * something else under the key.
     * @returns {{pack: string, key: string}[]}
     */
    storedRecents() {
      let stored;
      try {
        stored = JSON.parse(win.localStorage.getItem(this.recentsKey) ?? "[]");
      } catch {
        return [];
      }
      if (!Array.isArray(stored))
        return [];
      return stored.filter((r) => typeof r === "object" && r !== null && typeof r.pack === "string" && typeof r.key === "string");
    }
    /** The tabs: recents (when any) then each pack; search results replace them while a query is typed. */
    categories() {
      if (!this.catalog)
        return [];
      if (this.query) {
        const refs = search(this.catalog, this.query, { locales: this.locales, limit: 240 }).map((r) => r.ref);
        return [{ id: "search", name: "Search", items: refs }];
      }
      return keyboardCategories(this.catalog, this.recents(), this.locales);
    }
    build() {
      this.reportCollisions();
      this.replaceChildren();
      this.style.display = "block";
      const field = doc.createElement("input");
      field.type = "search";
      field.className = "emopack-search";
      field.placeholder = "Search";
      field.setAttribute("aria-label", "Search emoticons");
      field.value = this.query;
      field.addEventListener("input", () => {
        this.query = field.value;
        this.tab = 0;
        this.page = 0;
        this.drawTabs();
        this.drawPage();
      });
      this.appendChild(field);
      const tabs = doc.createElement("div");
      tabs.className = "emopack-tabs";
      tabs.setAttribute("role", "tablist");
      this.appendChild(tabs);
      const panel = doc.createElement("div");
      panel.className = "emopack-panel";
      panel.setAttribute("role", "tabpanel");
      Object.assign(panel.style, { position: "relative", height: `${this.panelHeight}px` });
      panel.addEventListener("keydown", (e) => this.onKey(e));
      this.appendChild(panel);
      const nav = doc.createElement("div");
      nav.className = "emopack-pager";
      this.appendChild(nav);
      this.drawTabs();
      this.fit = null;
      this.layout();
    }
    drawTabs() {
      const tabs = (
        /** @type {HTMLElement} */
        this.querySelector(".emopack-tabs")
      );
      if (!tabs)
        return;
      tabs.replaceChildren();
      this.categories().forEach((c, i) => {
        const b = doc.createElement("button");
        b.type = "button";
        b.textContent = c.name;
        b.dataset.tab = c.id;
        b.setAttribute("role", "tab");
        b.setAttribute("aria-selected", String(i === this.tab));
        b.tabIndex = i === this.tab ? 0 : -1;
        b.addEventListener("click", () => {
          this.tab = i;
          this.page = 0;
          this.drawTabs();
          this.drawPage();
        });
        b.addEventListener("keydown", (e) => {
          if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
            const n = tabs.children.length;
            this.tab = (this.tab + (e.key === "ArrowRight" ? 1 : n - 1)) % n;
            this.page = 0;
            this.drawTabs();
            this.drawPage();
            tabs.children[this.tab]?.focus();
          }
        });
        tabs.appendChild(b);
      });
    }
    /** Fits the grid to the element's width (as GridFit), then draws the page. */
    layout() {
      const width = this.clientWidth;
      if (width <= 0)
        return;
      const fit = gridFit({
        width,
        height: this.panelHeight,
        cellSize: this.cellSize,
        minSpacing: 8,
        insets: { top: 8, left: 4, bottom: 8, right: 4 },
        maxColumns: 8,
        maxRows: 3
      });
      const same = this.fit && this.fit.columns === fit.columns && this.fit.rows === fit.rows && this.fit.spacingX === fit.spacingX && this.fit.spacingY === fit.spacingY && this.fit.frames[0]?.x === fit.frames[0]?.x;
      this.fit = fit;
      if (!same)
        this.drawPage();
    }
    pages() {
      const category = this.categories()[this.tab];
      if (!category || !this.fit || this.fit.columns === 0)
        return [];
      return keyboardPages(category.items, { columns: this.fit.columns, rows: this.fit.rows });
    }
    drawPage() {
      const panel = (
        /** @type {HTMLElement|null} */
        this.querySelector(".emopack-panel")
      );
      const nav = (
        /** @type {HTMLElement|null} */
        this.querySelector(".emopack-pager")
      );
      if (!panel || !nav || !this.catalog || !this.fit)
        return;
      const catalog = this.catalog;
      const pages = this.pages();
      this.page = Math.min(this.page, Math.max(0, pages.length - 1));
      panel.replaceChildren();
      const grid = doc.createElement("div");
      grid.setAttribute("role", "grid");
      grid.setAttribute("aria-label", `Page ${this.page + 1} of ${pages.length}`);
      panel.appendChild(grid);
      const cells = pages[this.page] ?? [];
      cells.forEach((cell, i) => {
        const frame = (
          /** @type {{x: number, y: number, width: number, height: number}[]} */
          (this.fit?.frames ?? [])[i]
        );
        const b = doc.createElement("button");
        b.type = "button";
        b.className = "emopack-cell";
        b.tabIndex = i === 0 ? 0 : -1;
        b.dataset.index = String(i);
        Object.assign(b.style, {
          position: "absolute",
          left: `${frame.x}px`,
          top: `${frame.y}px`,
          width: `${frame.width}px`,
          height: `${frame.height}px`,
          padding: "0",
          border: "0",
          background: "transparent"
        });
        if (cell === "delete") {
          b.dataset.role = "delete";
          b.setAttribute("aria-label", "Delete");
          b.textContent = "⌫";
          b.addEventListener("click", () => this.dispatchEvent(new win.CustomEvent("delete")));
        } else if (cell === null) {
          b.disabled = true;
          b.setAttribute("aria-hidden", "true");
        } else {
          const ref = (
            /** @type {EmoticonRef} */
            cell
          );
          const emoticon = readable(() => catalog.emoticon(ref));
          if (emoticon === null) {
            b.disabled = true;
            b.setAttribute("aria-hidden", "true");
            grid.appendChild(b);
            return;
          }
          b.setAttribute("aria-label", catalog.accessibilityLabel(ref) ?? emoticon.insertionText);
          b.dataset.pack = String(ref.pack);
          b.dataset.entry = String(ref.entry);
          const image = emoticon.image && readable(() => emoticonElement(doc, ref, emoticon.insertionText, {
            catalog,
            sheetURLs: this.sheetURLs,
            ratio: win.devicePixelRatio || 1,
            size: Math.min(frame.width, 32)
          }));
          if (image) {
            b.appendChild(image);
          } else {
            b.textContent = emoticon.emoji ?? emoticon.insertionText;
            b.style.fontSize = "24px";
          }
          b.addEventListener("click", () => {
            this.remember(ref);
            this.dispatchEvent(new win.CustomEvent("emoticon", { detail: { ref, text: emoticon.insertionText } }));
          });
        }
        grid.appendChild(b);
      });
      nav.replaceChildren();
      pages.forEach((_, i) => {
        const dot = doc.createElement("button");
        dot.type = "button";
        dot.textContent = i === this.page ? "●" : "○";
        dot.setAttribute("aria-label", `Page ${i + 1}`);
        dot.setAttribute("aria-current", String(i === this.page));
        dot.addEventListener("click", () => {
          this.page = i;
          this.drawPage();
        });
        nav.appendChild(dot);
      });
    }
    /**
     * Arrow keys move between cells; Page Up and Page Down turn pages.
     * @param {KeyboardEvent} e
     */
    onKey(e) {
      const cells = (
        /** @type {HTMLElement[]} */
        Array.from(this.querySelectorAll(".emopack-cell"))
      );
      const at = cells.findIndex((c) => c === doc.activeElement);
      const columns = this.fit?.columns ?? 8;
      const moves = (
        /** @type {Record<string, number>} */
        { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns }
      );
      if (e.key in moves && at >= 0) {
        const next = cells[Math.min(cells.length - 1, Math.max(0, at + moves[e.key]))];
        next?.focus();
        e.preventDefault();
      } else if (e.key === "PageDown" || e.key === "PageUp") {
        const count = this.pages().length;
        this.page = Math.min(count - 1, Math.max(0, this.page + (e.key === "PageDown" ? 1 : -1)));
        this.drawPage();
        this.querySelector(".emopack-cell")?.focus();
        e.preventDefault();
      }
    }
  }
  win.customElements.define("emopack-keyboard", EmopackKeyboard);
}

// web/src/site.js
var SiteError = class extends Error {
  /**
   * @param {string} file
   * @param {string} check one of Swift's `SiteCheck` values: "parse", "canonical form", "signature", "schema",
   *   "pack id", "file name", "file record", "file list", "presence", "size", "sha256", "identity", "sheets", "pack",
   *   "serial", "revision", "expiry", "transport", "install"
   * @param {string} expected
   * @param {string} found
   */
  constructor(file, check, expected, found) {
    super(`${file}: ${check}: expected ${expected}, found ${found}`);
    this.name = "SiteError";
    this.file = file;
    this.check = check;
    this.expected = expected;
    this.found = found;
  }
};
var utf82 = new TextDecoder("utf-8", { fatal: true });
var encoder5 = new TextEncoder();
var MAX_INDEX_BYTES = 4 << 20;
function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
function subtleCrypto(given, file) {
  const subtle = given ?? globalThis.crypto?.subtle;
  if (!subtle)
    throw new SiteError(file, "signature", "WebCrypto (crypto.subtle in a secure context, or `subtle` passed in)", "none here");
  return subtle;
}
async function sha256(bytes, subtle) {
  return hex(new Uint8Array(await subtle.digest("SHA-256", bytes)));
}
function canonicalJSON(value) {
  if (Array.isArray(value))
    return "[" + value.map(canonicalJSON).join(",") + "]";
  if (value !== null && typeof value === "object") {
    const o = (
      /** @type {Record<string, unknown>} */
      value
    );
    const keys = Object.keys(o).filter((k) => o[k] !== void 0).sort();
    return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonicalJSON(o[k])).join(",") + "}";
  }
  return JSON.stringify(value);
}
function integer(v, what, file) {
  if (typeof v !== "number" || !Number.isSafeInteger(v))
    throw new SiteError(file, "parse", `an integer ${what}`, JSON.stringify(v));
  return v;
}
function text(v, what, file) {
  if (typeof v !== "string")
    throw new SiteError(file, "parse", `a string ${what}`, JSON.stringify(v));
  return v;
}
function list(v, what, file) {
  if (!Array.isArray(v))
    throw new SiteError(file, "parse", `a list of ${what}`, JSON.stringify(v));
  return v;
}
function decodeIndex(raw, file) {
  if (raw === null || typeof raw !== "object" || raw.signed === null || typeof raw.signed !== "object") {
    throw new SiteError(file, "parse", "a signed index", "no 'signed' object");
  }
  const s = raw.signed;
  const signed = {
    schemaVersion: integer(s.schemaVersion, "schemaVersion", file),
    serial: integer(s.serial, "serial", file),
    packs: list(s.packs, "packs", file).map((p) => ({
      id: text(p?.id, "pack id", file),
      names: list(p?.names, "names", file).map((n) => ({ locale: text(n?.locale, "locale", file), name: text(n?.name, "name", file) })),
      formatVersion: text(p?.formatVersion, "formatVersion", file),
      revision: integer(p?.revision, "revision", file),
      files: list(p?.files, "files", file).map((f) => ({
        name: text(f?.name, "file name", file),
        size: integer(f?.size, "size", file),
        sha256: text(f?.sha256, "sha256", file)
      }))
    }))
  };
  if (s.expires !== void 0 && s.expires !== null)
    signed.expires = text(s.expires, "expires", file);
  const signatures = list(raw.signatures, "signatures", file).map((g) => ({
    keyId: text(g?.keyId, "keyId", file),
    signature: text(g?.signature, "signature", file)
  }));
  return { signed, signatures };
}
function isPackID(id) {
  return id.length > 0 && id.length <= 128 && !id.startsWith(".") && /^[A-Za-z0-9._-]+$/.test(id);
}
function isPlainName(name) {
  return name !== "" && name !== "." && name !== ".." && !/[\/\\\u0000-\u001f\u007f-\u009f]/.test(name) && encoder5.encode(name).length <= 255;
}
function fromBase64(base64) {
  try {
    const s = atob(base64);
    return Uint8Array.from(s, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
async function verifiedIndex(bytes, trusted, file, subtle) {
  const webCrypto = subtleCrypto(subtle, file);
  let raw;
  try {
    raw = JSON.parse(utf82.decode(bytes));
  } catch (e) {
    throw new SiteError(file, "parse", "a signed index", String(e instanceof Error ? e.message : e));
  }
  const index = decodeIndex(raw, file);
  const canonical = encoder5.encode(canonicalJSON(index));
  if (canonical.length !== bytes.length || canonical.some((b, i) => b !== bytes[i])) {
    let at = 0;
    while (at < canonical.length && at < bytes.length && canonical[at] === bytes[at])
      at++;
    throw new SiteError(file, "canonical form", `the index's canonical JSON (${canonical.length} bytes)`, `${bytes.length} bytes differing at offset ${at}`);
  }
  const message2 = encoder5.encode(canonicalJSON(index.signed));
  let valid = 0;
  for (const s of index.signatures) {
    const key = trusted.find((k) => k.id === s.keyId);
    if (!key)
      continue;
    const signature = fromBase64(s.signature);
    const ok = signature !== null && await webCrypto.verify({ name: "Ed25519" }, key.key, signature, message2);
    if (!ok)
      throw new SiteError(file, "signature", `a valid signature by key ${s.keyId}`, "one that does not verify");
    valid++;
  }
  if (valid === 0) {
    throw new SiteError(file, "signature", `a signature by a trusted key (${trusted.map((k) => k.id).join(", ")})`, `keys ${index.signatures.map((s) => s.keyId).join(", ")}`);
  }
  if (index.signed.schemaVersion !== 1)
    throw new SiteError(file, "schema", "schema version 1", String(index.signed.schemaVersion));
  const ids = /* @__PURE__ */ new Set();
  for (const pack of index.signed.packs) {
    if (!isPackID(pack.id) || ids.has(pack.id))
      throw new SiteError(file, "pack id", "a pack id listed once", `'${pack.id}'`);
    ids.add(pack.id);
    const names = /* @__PURE__ */ new Set();
    for (const f of pack.files) {
      if (!isPlainName(f.name))
        throw new SiteError(file, "file name", `a plain file name in '${pack.id}'`, `'${f.name}'`);
      if (names.has(f.name))
        throw new SiteError(file, "file name", `each name once in '${pack.id}'`, `'${f.name}' twice`);
      names.add(f.name);
      if (!/^[0-9a-f]{64}$/.test(f.sha256) || f.size < 0) {
        throw new SiteError(file, "file record", `a size and a SHA-256 for '${f.name}'`, `size ${f.size}, digest '${f.sha256}'`);
      }
    }
    if (!pack.files[0]?.name.endsWith(".pack")) {
      throw new SiteError(file, "file list", `'${pack.id}' to list its .pack first`, pack.files[0] ? `'${pack.files[0].name}'` : "no files");
    }
  }
  return index;
}
function checkPack(bytes, pack, file) {
  let reader;
  let sheets;
  try {
    reader = new PackFile(bytes);
    reader.verify();
    sheets = reader.sheets();
  } catch (e) {
    throw new SiteError(file, "pack", "a pack that opens and verifies", String(e instanceof Error ? e.message : e));
  }
  if (reader.id !== pack.id || reader.formatVersion !== pack.formatVersion) {
    throw new SiteError(file, "identity", `'${pack.id}' ${pack.formatVersion}`, `'${reader.id}' ${reader.formatVersion}`);
  }
  const listed = new Map(pack.files.slice(1).map((f) => [f.name, f]));
  for (const sheet of sheets) {
    const f = listed.get(sheet.fileName);
    if (!f || f.size !== sheet.byteSize || f.sha256 !== hex(sheet.sha256)) {
      throw new SiteError(file, "sheets", `sheet '${sheet.fileName}' listed as the .pack records it`, f ? `${f.size} bytes, ${f.sha256}` : "not listed");
    }
  }
  const recorded = new Set(sheets.map((s) => s.fileName));
  const extra = [...listed.keys()].sort().find((n) => !recorded.has(n));
  if (extra !== void 0)
    throw new SiteError(file, "sheets", "only the sheets the .pack records", `'${extra}' listed too`);
}
var refreshQueues = /* @__PURE__ */ new Map();
var PackSite = class {
  /**
   * @param {{site: string|URL, trustedKeys: Uint8Array[], name?: string, fetch?: typeof fetch, caches?: CacheStorage,
   *   subtle?: SubtleCrypto}} o
   *   `site`: the folder holding `index.json`; `trustedKeys`: 32-byte Ed25519 public keys (`emopack keygen`); `name`
   *   prefixes the caches (default `emopack`); `fetch`, `caches` and `subtle` (WebCrypto) default to the page's.
   */
  constructor(o) {
    this.site = new URL(String(o.site).endsWith("/") ? String(o.site) : String(o.site) + "/");
    this.trustedKeys = o.trustedKeys;
    this.name = o.name ?? "emopack";
    this.fetch = o.fetch ?? globalThis.fetch.bind(globalThis);
    this.caches = o.caches ?? globalThis.caches;
    this.subtle = o.subtle;
    this.keys = null;
  }
  /** The trusted keys imported for WebCrypto, with their ids (the first 8 bytes of their SHA-256, in hex). */
  trusted() {
    this.keys ??= Promise.all(this.trustedKeys.map(async (bytes) => {
      if (bytes.length !== 32)
        throw new SiteError("trustedKeys", "signature", "32-byte public keys", `${bytes.length} bytes`);
      const subtle = subtleCrypto(this.subtle, "trustedKeys");
      const key = await subtle.importKey("raw", bytes, { name: "Ed25519" }, false, ["verify"]);
      return { id: (await sha256(bytes, subtle)).slice(0, 16), key };
    }));
    return this.keys;
  }
  /**
   * The SHA-256 of `bytes` in hex, with this site's WebCrypto.
   * @param {Uint8Array} bytes
   */
  digest(bytes) {
    return sha256(bytes, subtleCrypto(this.subtle, "WebCrypto"));
  }
  /**
   * How this site's generation caches begin: the name, then a hash of the site's URL, so that sites kept under one
   * name (the default) never take each other's generations for their own.
   * @private
   */
  get generationPrefix() {
    let h = 2166136261;
    for (const c of new TextEncoder().encode(this.site.href))
      h = Math.imul(h ^ c, 16777619);
    return `${this.name}-generation-${(h >>> 0).toString(16).padStart(8, "0")}-`;
  }
  /** The state's cache entry: the highest serial accepted and the current generation's cache name. */
  get stateKey() {
    return new URL("emopack-state.json", this.site).href;
  }
  /** @returns {Promise<{serial: number, generation: string|null}>} */
  async state() {
    const cache = await this.caches.open(this.name + "-state");
    const r = await cache.match(this.stateKey);
    if (!r)
      return { serial: 0, generation: null };
    try {
      const s = await r.json();
      return { serial: Number.isSafeInteger(s.serial) ? s.serial : 0, generation: typeof s.generation === "string" ? s.generation : null };
    } catch {
      return { serial: 0, generation: null };
    }
  }
  /**
   * @param {number} serial
   * @param {string} generation
   */
  async setState(serial, generation) {
    const cache = await this.caches.open(this.name + "-state");
    await cache.put(this.stateKey, new Response(JSON.stringify({ serial, generation }), { headers: { "Content-Type": "application/json" } }));
  }
  /**
   * The cache entry of a file of a generation.
   * @param {string} pack
   * @param {string} file
   */
  entryURL(pack, file) {
    return new URL(`emopack-generation/${encodeURIComponent(pack)}/${encodeURIComponent(file)}`, this.site).href;
  }
  /**
   * The installed generation: its index (verified again) and what is wrong with it (files lost or of another size
   * or digest when `rehash`), or null before the first install.
   * @param {string|null} generation
   * @param {{id: string, key: CryptoKey}[]} trusted
   * @param {boolean} rehash
   * @returns {Promise<{index: SiteIndex|null, bytes: Uint8Array|null, damage: string[]}|null>}
   */
  async installed(generation, trusted, rehash) {
    if (!generation)
      return null;
    const damage = [];
    if (!await this.caches.has(generation))
      return { index: null, bytes: null, damage: [`${generation}: missing`] };
    const cache = await this.caches.open(generation);
    const stored = await cache.match(this.entryURL("", "index.json"));
    if (!stored)
      return { index: null, bytes: null, damage: [`${generation}/index.json: missing`] };
    const bytes = new Uint8Array(await stored.arrayBuffer());
    let index;
    try {
      index = await verifiedIndex(bytes, trusted, `${generation}/index.json`, this.subtle);
    } catch (e) {
      return { index: null, bytes: null, damage: [`${generation}/index.json: ${e instanceof SiteError ? e.found : e}`] };
    }
    for (const pack of index.signed.packs) {
      for (const f of pack.files) {
        const r = await cache.match(this.entryURL(pack.id, f.name));
        const where = `${generation}/${pack.id}/${f.name}`;
        if (!r) {
          damage.push(`${where}: missing`);
          continue;
        }
        const b = new Uint8Array(await r.arrayBuffer());
        if (b.length !== f.size)
          damage.push(`${where}: ${b.length} bytes, the index lists ${f.size}`);
        else if (rehash && await this.digest(b) !== f.sha256)
          damage.push(`${where}: other bytes than the index lists`);
      }
    }
    return { index, bytes, damage };
  }
  /**
   * Fetches `path` of the site: its bytes, at most `limit`.
   * @param {string} path
   * @param {number} limit
   */
  async get(path, limit) {
    const url = new URL(path, this.site).href;
    let response;
    try {
      response = await this.fetch(url, { cache: "no-store" });
    } catch (e) {
      throw new SiteError(url, "transport", "a response", String(e instanceof Error ? e.message : e));
    }
    if (response.status !== 200)
      throw new SiteError(url, "transport", "HTTP 200", `HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > limit)
      throw new SiteError(url, "size", `at most ${limit} bytes`, `${bytes.length}`);
    return bytes;
  }
  /**
   * Brings the packs up to the site: verifies its index, refuses an older serial than the highest accepted, fetches
   * the files the installed generation lacks (checking each one's size and SHA-256 before it is parsed), checks each
   * `.pack` against the index, and makes the new generation current only when all of that holds. A damaged
   * generation is installed again whole (`repaired`). On any failure the previous generation stays current.
   * @param {{rehash?: boolean}} [options] `rehash`: re-check every installed file's SHA-256 (by default sizes only)
   * @returns {Promise<SiteReport>}
   */
  refresh(options = {}) {
    return this.exclusively(() => this.refreshHeld(options));
  }
  /**
   * Runs `body` alone among the refreshes of sites of this `name`: under a Web Lock, which spans the origin's pages
   * and workers, where the engine has them (secure contexts); else after the refresh before it in this realm.
   * @private
   * @template T
   * @param {() => Promise<T>} body
   * @returns {Promise<T>}
   */
  exclusively(body) {
    const locks = (
      /** @type {{request?: (name: string, body: () => Promise<T>) => Promise<T>}|undefined} */
      globalThis.navigator?.locks
    );
    if (typeof locks?.request === "function")
      return locks.request(`${this.name}-refresh`, body);
    const before = refreshQueues.get(this.name) ?? Promise.resolve();
    const run = before.then(body);
    refreshQueues.set(this.name, run.then(() => void 0, () => void 0));
    return run;
  }
  /**
   * `refresh` holding the lock.
   * @private
   * @param {{rehash?: boolean}} options
   * @returns {Promise<SiteReport>}
   */
  async refreshHeld(options) {
    const trusted = await this.trusted();
    const indexURL = new URL("index.json", this.site).href;
    const bytes = await this.get("index.json", MAX_INDEX_BYTES);
    const report = { outcome: "upToDate", serial: 0, changed: [], fetched: ["index.json"], bytesFetched: bytes.length, indexBytes: bytes.length, repaired: [] };
    const index = await verifiedIndex(bytes, trusted, indexURL, this.subtle);
    report.serial = index.signed.serial;
    const state = await this.state();
    const current = await this.installed(state.generation, trusted, options.rehash ?? false);
    const damage = current?.damage ?? [];
    if (index.signed.serial < state.serial) {
      throw new SiteError(indexURL, "serial", `serial ${state.serial} or higher (the highest this site's packs have accepted)`, String(index.signed.serial));
    }
    const old = current?.index ?? null;
    if (old && current?.bytes) {
      const same = current.bytes.length === bytes.length && current.bytes.every((b, i) => b === bytes[i]);
      if (index.signed.serial === old.signed.serial && !same) {
        throw new SiteError(indexURL, "serial", `the installed index's bytes for serial ${index.signed.serial}`, "different bytes under the same serial");
      }
      for (const pack of index.signed.packs) {
        const before2 = old.signed.packs.find((p) => p.id === pack.id);
        if (!before2)
          continue;
        const sameFiles = JSON.stringify(before2.files) === JSON.stringify(pack.files);
        if (!(pack.revision > before2.revision || pack.revision === before2.revision && sameFiles)) {
          throw new SiteError(
            indexURL,
            "revision",
            pack.revision === before2.revision ? `'${pack.id}' revision ${pack.revision} with its installed files` : `'${pack.id}' revision ${before2.revision} or higher`,
            pack.revision === before2.revision ? "other files under the same revision" : String(pack.revision)
          );
        }
      }
    }
    if (index.signed.expires !== void 0) {
      const date = Date.parse(index.signed.expires);
      if (Number.isNaN(date))
        throw new SiteError(indexURL, "expiry", "an ISO 8601 date", index.signed.expires);
      if (date < Date.now())
        return { ...report, outcome: "stale", expires: index.signed.expires };
    }
    const unchanged = current?.bytes != null && current.bytes.length === bytes.length && current.bytes.every((b, i) => b === bytes[i]);
    if (unchanged && damage.length === 0)
      return report;
    const generation = `${this.generationPrefix}${index.signed.serial}-${Math.random().toString(36).slice(2, 10)}`;
    const cache = await this.caches.open(generation);
    const lend = state.generation && await this.caches.has(state.generation) ? await this.caches.open(state.generation) : null;
    try {
      const have = /* @__PURE__ */ new Map();
      if (lend && old) {
        for (const pack of old.signed.packs) {
          for (const f of pack.files) {
            const r = await lend.match(this.entryURL(pack.id, f.name));
            if (!r)
              continue;
            const b = new Uint8Array(await r.arrayBuffer());
            if (b.length === f.size && await this.digest(b) === f.sha256)
              have.set(f.sha256, b);
          }
        }
      }
      for (const pack of index.signed.packs) {
        for (const f of pack.files) {
          let b = have.get(f.sha256);
          if (!b) {
            const path = "files/" + f.sha256;
            b = await this.get(path, f.size);
            const url = new URL(path, this.site).href;
            if (b.length !== f.size)
              throw new SiteError(url, "size", `${f.size} bytes`, String(b.length));
            const digest = await this.digest(b);
            if (digest !== f.sha256)
              throw new SiteError(url, "sha256", f.sha256, digest);
            report.fetched.push(path);
            report.bytesFetched += b.length;
            have.set(f.sha256, b);
          }
          await cache.put(this.entryURL(pack.id, f.name), new Response(b));
        }
        checkPack(
          /** @type {Uint8Array} */
          have.get(pack.files[0].sha256),
          pack,
          this.entryURL(pack.id, pack.files[0].name)
        );
      }
      Catalog.open(index.signed.packs.map((p) => (
        /** @type {Uint8Array} */
        have.get(p.files[0].sha256)
      )));
      await cache.put(this.entryURL("", "index.json"), new Response(bytes));
    } catch (e) {
      await this.caches.delete(generation);
      if (e instanceof SiteError)
        throw e;
      throw new SiteError(generation, "install", "the new generation written", String(e instanceof Error ? e.message : e));
    }
    await this.setState(Math.max(state.serial, index.signed.serial), generation);
    for (const name of await this.caches.keys()) {
      if (name !== generation && (name.startsWith(this.generationPrefix) || name === state.generation))
        await this.caches.delete(name);
    }
    const before = old?.signed.packs ?? [];
    report.outcome = "installed";
    report.repaired = damage;
    report.changed = index.signed.packs.filter((p) => before.find((b) => b.id === p.id)?.revision !== p.revision).map((p) => p.id).concat(before.filter((b) => !index.signed.packs.some((p) => p.id === b.id)).map((b) => b.id));
    return report;
  }
  /**
   * The installed packs, in the index's order (the tab order), with a catalog over them; null before the first
   * install. A lost or cut file is a `presence` error naming it (the next `refresh()` repairs it).
   * @returns {Promise<{serial: number, packs: InstalledPack[], catalog: Catalog}|null>}
   */
  async open() {
    for (let attempt = 1; ; attempt++) {
      const state = await this.state();
      if (!state.generation)
        return null;
      try {
        return await this.openGeneration({ serial: state.serial, generation: state.generation });
      } catch (e) {
        const moved = (await this.state()).generation !== state.generation;
        if (!(e instanceof SiteError && e.check === "presence" && moved && attempt < 4))
          throw e;
        await this.caches.delete(state.generation);
      }
    }
  }
  /**
   * `open` of the generation `state` names.
   * @private
   * @param {{serial: number, generation: string}} state
   * @returns {Promise<{serial: number, packs: InstalledPack[], catalog: Catalog}|null>}
   */
  async openGeneration(state) {
    const current = await this.installed(state.generation, await this.trusted(), false);
    if (!current)
      return null;
    if (!current.index || current.damage.length > 0) {
      const [first] = current.damage;
      throw new SiteError(first.split(": ")[0], "presence", "the installed file, whole", first.split(": ").slice(1).join(": "));
    }
    const cache = await this.caches.open(state.generation);
    const packs = [];
    for (const pack of current.index.signed.packs) {
      const r = await cache.match(this.entryURL(pack.id, pack.files[0].name));
      if (!r)
        throw new SiteError(`${state.generation}/${pack.id}/${pack.files[0].name}`, "presence", "the installed file, whole", "missing");
      const bytes = new Uint8Array(await r.arrayBuffer());
      const entryURL = this.entryURL.bind(this);
      const made = /* @__PURE__ */ new Map();
      packs.push({
        id: pack.id,
        revision: pack.revision,
        bytes,
        sheetURL(name) {
          let url = made.get(name);
          if (url === void 0) {
            url = (async () => {
              const sheet = await cache.match(entryURL(pack.id, name));
              if (!sheet)
                throw new SiteError(entryURL(pack.id, name), "presence", "the sheet", "none");
              return URL.createObjectURL(await sheet.blob());
            })();
            made.set(name, url);
            url.catch(() => made.delete(name));
          }
          return url;
        }
      });
    }
    return { serial: current.index.signed.serial, packs, catalog: Catalog.open(packs.map((p) => p.bytes)) };
  }
};
export {
  Animator,
  Catalog,
  EmoticonAnimation,
  EmoticonEditor,
  EmoticonText,
  PackError,
  PackFile,
  PackSite,
  SiteError,
  Token,
  TokenizedText,
  Tokenizer,
  attachCopyHandler,
  canonicalJSON,
  chooseScale,
  clusterEnds,
  compared,
  crc32,
  defineKeyboardElement,
  emoticonElement,
  fold,
  gridFit,
  keyboardCategories,
  keyboardPages,
  localesMatch,
  nfc,
  renderMessage,
  search,
  sourceTextOf,
  unicodeVersion2 as unicodeVersion,
  verifiedIndex
};
