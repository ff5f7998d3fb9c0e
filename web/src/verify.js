// @ts-check
// The whole-file check of a .pack (`PackFile.verify()`): the checksum, every string and range, both indexes, the
// sheets' order and names, sprite placements and the keyword sections, in the Swift reader's order.
import { HEADER_SIZE as HEADER, Header, SLOT_SIZE, SectionRow, Size, Sheet, Entry, Animation, EntryV1, Gram } from "./format.js";
import { PackError, crc32, isSafeFileName, precedes, hex32 } from "./pack.js";

/** @typedef {import("./pack.js").PackFile} PackFile */
/** @typedef {import("./pack.js").SheetRecord} SheetRecord */
/** @typedef {import("./pack.js").Placement} Placement */
/** @typedef {import("./pack.js").Span} Span */

const encoder = new TextEncoder();

/**
 * Walks the whole file: checksum, every string and range, both indexes, sprites and keyword sections.
 * @param {PackFile} pack
 */
export function verifyPack(pack) {
  const stored = pack.le32(Header.checksum);
  const computed = crc32(pack.bytes.subarray(HEADER));
  if (stored !== computed) {
    throw new PackError("badChecksum", Header.checksum, `payload CRC-32 is ${hex32(computed)}, header says ${hex32(stored)}`);
  }
  pack.localizedNames();
  const sheets = pack.sheets();
  checkSheetOrder(pack, sheets);
  if (pack.sheetFormatSection.count > 0) {
    sheets.forEach((sheet, k) => {
      if (!sheet.fileName.endsWith("." + sheet.format)) {
        throw new PackError("inconsistent", pack.sheetFormatSection.offset + k * Size.sheetFormat, `sheet ${k} '${sheet.fileName}' is ${sheet.format} but its name ends otherwise`);
      }
    });
  }
  let nextTag = 0;
  let emojiCount = 0;
  const usedImages = new Set();
  for (let i = 0; i < pack.entryCount; i++) {
    const at = pack.entrySection.offset + i * pack.entrySize;
    const entry = pack.entry(i);
    const firstTag = pack.le32(at + Entry.firstTag);
    if (firstTag !== nextTag) throw new PackError("inconsistent", at + Entry.firstTag, `entry ${i} starts at tag ${firstTag}, expected ${nextTag}`);
    nextTag += entry.tags.length + entry.codes.length;
    if (entry.kind === "image" && entry.image === null) throw new PackError("inconsistent", at + Entry.flags, `image entry ${i} has no image`);
    if (entry.emoji !== null) emojiCount++;
    if (entry.image !== null) usedImages.add(entry.image);
    if (entry.animation !== null && entry.image === null) {
      throw new PackError("inconsistent", at + Entry.animation, `animated entry ${i} has no still image`);
    }
    for (const tag of [...entry.tags, ...entry.codes]) {
      if (pack.entryIndexForTag(tag) !== i) {
        throw new PackError("inconsistent", pack.tagIndex.offset, `tag '${tag}' of entry ${i} is not found at its entry through the tag index`);
      }
    }
    if (entry.emoji !== null && pack.entryIndexForEmoji(entry.emoji) !== i) {
      throw new PackError("inconsistent", pack.emojiIndex.offset, `emoji of entry ${i} is not found at its entry through the emoji index`);
    }
  }
  if (nextTag !== pack.tagCount) {
    throw new PackError("inconsistent", pack.tagSection.rowOffset + SectionRow.count, `entries use ${nextTag} tags but the table holds ${pack.tagCount}`);
  }
  checkSlots(pack, pack.tagIndex, pack.tagCount, "tag");
  checkSlots(pack, pack.emojiIndex, emojiCount, "emoji");
  let nextFrame = 0;
  for (let a = 0; a < pack.animationCount; a++) {
    const r = pack.animationRecord(a);
    const row = pack.animationSection.offset + a * Size.animation;
    if (r.firstFrame !== nextFrame) throw new PackError("inconsistent", row, `animation ${a} starts at frame ${r.firstFrame}, expected ${nextFrame}`);
    nextFrame += r.frameCount;
    const animation = pack.animation(a);
    if (animation.duration !== r.duration) {
      throw new PackError("inconsistent", row + Animation.duration, `animation ${a} records ${r.duration} ms, its frames end at ${animation.duration} ms`);
    }
  }
  if (nextFrame !== pack.frameSection.count) {
    throw new PackError("inconsistent", pack.frameSection.rowOffset + SectionRow.count, `animations use ${nextFrame} frames but FRAM holds ${pack.frameSection.count}`);
  }
  const images = pack.formatMajor >= 2
    ? Array.from({ length: pack.imageCount }, (_, i) => i)
    : [...usedImages].sort((x, y) => x - y);
  checkPlacements(pack, images, sheets);
  checkKeywords(pack);
}

/**
 * @param {PackFile} pack
 * @param {SheetRecord[]} sheets
 */
function checkSheetOrder(pack, sheets) {
  let scaleIndex = 0;
  let page = 0;
  sheets.forEach((sheet, i) => {
    const at = pack.sheetSection.offset + i * Size.sheet;
    while (scaleIndex < pack.scales.length && sheet.scale !== pack.scales[scaleIndex]) {
      if (pack.formatMajor < 2 && page !== pack.pageCount) {
        throw new PackError("inconsistent", at, `scale ${pack.scales[scaleIndex]}x has ${page} sheets, expected ${pack.pageCount}`);
      }
      scaleIndex++;
      page = 0;
    }
    if (!(scaleIndex < pack.scales.length && sheet.page === page)) {
      throw new PackError("inconsistent", at + Sheet.scale, `sheet ${i} is scale ${sheet.scale} page ${sheet.page}, out of order (expected page ${page})`);
    }
    page++;
    if (!isSafeFileName(sheet.fileName)) throw new PackError("inconsistent", at, `sheet file name '${sheet.fileName}' is not a plain file name`);
    if (!(sheet.width > 0 && sheet.height > 0)) {
      throw new PackError("inconsistent", at + Sheet.width, `sheet ${sheet.fileName} is ${sheet.width}x${sheet.height}`);
    }
  });
}

/**
 * @param {PackFile} pack
 * @param {number[]} images
 * @param {SheetRecord[]} sheets
 */
function checkPlacements(pack, images, sheets) {
  const seen = new Set();
  /** @type {[Placement, number][]} */
  const distinct = [];
  for (const i of images) {
    pack.scales.forEach((scale, k) => {
      const p = pack.placement(i, k);
      const at = pack.formatMajor >= 2
        ? pack.imageSection.offset + (i * pack.scales.length + k) * Size.image
        : pack.entrySection.offset + i * pack.entrySize + EntryV1.page;
      const sheet = sheets[p.sheet];
      const side = pack.pointSize * scale;
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
 * @param {PackFile} pack
 * @param {Span} index
 * @param {number} expected
 * @param {string} name
 */
function checkSlots(pack, index, expected, name) {
  let used = 0;
  for (let s = 0; s < index.count; s++) if (pack.le32(index.offset + s * SLOT_SIZE) !== 0) used++;
  if (used !== expected) throw new PackError("inconsistent", index.offset, `${name} index has ${used} keys, expected ${expected}`);
}

/**
 * LOCS sorted, KWRD sorted by folded key, KENT listing each keyword once, KGRM and KPST in order.
 * @param {PackFile} pack
 */
function checkKeywords(pack) {
  const locales = pack.locales().map((l) => encoder.encode(l));
  for (let i = 1; i < locales.length; i++) {
    if (!precedes(locales[i - 1], locales[i])) {
      throw new PackError("inconsistent", pack.localeSection.offset + i * Size.locale, `locales are not sorted and unique at ${i}`);
    }
  }
  let previous = new Uint8Array(0);
  for (let k = 0; k < pack.keywordCount; k++) {
    const folded = encoder.encode(pack.keyword(k).folded);
    if (folded.length === 0 || precedes(folded, previous)) {
      throw new PackError("inconsistent", pack.keywordSection.offset + k * Size.keyword, `keyword ${k} is empty or out of order`);
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
      if (first !== nextRow) throw new PackError("inconsistent", at, `entry ${i} keywords start at row ${first}, expected ${nextRow}`);
      nextRow += rows.length;
    }
    for (const r of rows) {
      if (!(pack.keyword(r).entry === i && !covered[r])) {
        throw new PackError("inconsistent", pack.keywordRowSection.offset, `keyword ${r} is listed for entry ${i} but is not its own, or twice`);
      }
      covered[r] = true;
    }
  }
  if (!(nextRow === pack.keywordRowSection.count && !covered.includes(false))) {
    throw new PackError("inconsistent", pack.keywordRowSection.rowOffset + SectionRow.count, "KENT does not list every keyword once");
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
      throw new PackError("inconsistent", at, `gram ${g} is out of order or its postings are not the next ones of KPST`);
    }
    let last = -1;
    for (let p = start; p < end; p++) {
      const row = pack.posting(p);
      if (row === null || !(row > last)) {
        throw new PackError("inconsistent", pack.postingSection.offset + p * Size.posting, `posting ${p} is out of range or out of order`);
      }
      last = row;
    }
    previousGram = key;
    nextPosting = end;
  }
  if (nextPosting !== postings) {
    throw new PackError("inconsistent", pack.postingSection.rowOffset + SectionRow.count, `grams use ${nextPosting} postings but KPST holds ${postings}`);
  }
}
