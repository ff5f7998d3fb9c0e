// @ts-check
// The whole-file check of a .pack (`PackFile.verify()`): the checksum, every string and range, both indexes, the
// sheets' order and names, sprite placements and the keyword sections, in the Swift reader's order.
import { HEADER_SIZE as HEADER, Header, SLOT_SIZE, SectionRow, Size, Sheet, Entry, Animation, EntryV1, Gram, message } from "./format.js";
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
  const usedImages = new Set();
  for (let i = 0; i < pack.entryCount; i++) {
    const at = pack.entrySection.offset + i * pack.entrySize;
    const entry = pack.entry(i);
    const firstTag = pack.le32(at + Entry.firstTag);
    if (firstTag !== nextTag) throw new PackError("inconsistent", at + Entry.firstTag, message("entryFirstTag", i, firstTag, nextTag));
    nextTag += entry.tags.length + entry.codes.length;
    if (entry.kind === "image" && entry.image === null) throw new PackError("inconsistent", at + Entry.flags, message("imageEntryWithoutImage", i));
    if (entry.emoji !== null) emojiCount++;
    if (entry.image !== null) usedImages.add(entry.image);
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
    if (r.firstFrame !== nextFrame) throw new PackError("inconsistent", row, message("animationFirstFrame", a, r.firstFrame, nextFrame));
    nextFrame += r.frameCount;
    const animation = pack.animation(a);
    if (animation.duration !== r.duration) {
      throw new PackError("inconsistent", row + Animation.duration, message("animationDuration", a, r.duration, animation.duration));
    }
  }
  if (nextFrame !== pack.frameSection.count) {
    throw new PackError("inconsistent", pack.frameSection.rowOffset + SectionRow.count, message("frameTotal", nextFrame, pack.frameSection.count));
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
        throw new PackError("inconsistent", at, message("scalePages", pack.scales[scaleIndex], page, pack.pageCount));
      }
      scaleIndex++;
      page = 0;
    }
    if (!(scaleIndex < pack.scales.length && sheet.page === page)) {
      throw new PackError("inconsistent", at + Sheet.scale, message("sheetOrder", i, sheet.scale, sheet.page, page));
    }
    page++;
    if (!isSafeFileName(sheet.fileName)) throw new PackError("inconsistent", at, message("sheetFileName", sheet.fileName));
    if (!(sheet.width > 0 && sheet.height > 0)) {
      throw new PackError("inconsistent", at + Sheet.width, message("sheetSize", sheet.fileName, sheet.width, sheet.height));
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
      if (sheet.scale !== scale) throw new PackError("inconsistent", at, message("imageSheetScale", i, scale, sheet.fileName, sheet.scale));
      if (!(p.x + p.width <= sheet.width && p.y + p.height <= sheet.height)) {
        throw new PackError("inconsistent", at, message("spriteOutsideSheet", i, p.x, p.y, p.width, p.height, scale, sheet.fileName, sheet.width, sheet.height));
      }
      if (!((p.width === 0) === (p.height === 0) &&
        (p.width === 0 || (p.left >= 0 && p.top >= 0 && p.left + p.width <= side && p.top + p.height <= side)))) {
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

/**
 * @param {PackFile} pack
 * @param {Span} index
 * @param {number} expected
 * @param {string} name
 */
function checkSlots(pack, index, expected, name) {
  let used = 0;
  for (let s = 0; s < index.count; s++) if (pack.le32(index.offset + s * SLOT_SIZE) !== 0) used++;
  if (used !== expected) throw new PackError("inconsistent", index.offset, message("indexKeyCount", name, used, expected));
}

/**
 * LOCS sorted, KWRD sorted by folded key, KENT listing each keyword once, KGRM and KPST in order.
 * @param {PackFile} pack
 */
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
      if (first !== nextRow) throw new PackError("inconsistent", at, message("entryFirstKeywordRow", i, first, nextRow));
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
