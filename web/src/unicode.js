// @ts-check
// Grapheme clusters, canonical composition, emoji starts and case folding exactly as the Swift runtime sees them:
// the tables (unicode-data.js) are generated from Swift's own String and Unicode.Scalar, so the same text splits
// the same way here whatever Unicode version the JavaScript engine's Intl carries.
import { offsetArg, stringArg } from "./args.js";
import * as data from "./unicode-data.js";

/**
 * A lookup over runs [start, value, start, value, ...].
 * @param {number[]} runs
 */
function runLookup(runs) {
  const starts = new Int32Array(runs.length / 2);
  const values = new Int32Array(runs.length / 2);
  let start = 0;
  for (let i = 0; i < starts.length; i++) {
    start += runs[2 * i];
    starts[i] = start;
    values[i] = runs[2 * i + 1];
  }
  // Latin-1 and the BMP's common ranges are looked up directly (filled run by run: a loop over every scalar would
  // run in the interpreter at load).
  const direct = new Int8Array(0x3000);
  for (let i = 0; i < starts.length && starts[i] < direct.length; i++) {
    const end = i + 1 < starts.length ? Math.min(starts[i + 1], direct.length) : direct.length;
    if (values[i] !== 0) direct.fill(values[i], i === 0 ? 0 : starts[i], end);
  }
  /**
   * @param {number} v
   */
  return (v) => {
    if (v < 0x3000) return direct[v];
    let lo = 0, hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= v) lo = mid; else hi = mid - 1;
    }
    return values[lo];
  };
}

export const unicodeVersion = data.unicodeVersion;
const gcb = runLookup(data.graphemeBreak);
const pictographic = runLookup(data.extendedPictographic);
const conjunct = runLookup(data.indicConjunctBreak);
const emojiStartRuns = runLookup(data.emojiStart);
const latinFold = runLookup(data.latinFold);
const whiteSpace = new Set(data.whiteSpace);
/**
 * Lowercase mappings of non-ASCII scalars, built at the first search (not at load: a page may never search).
 * @type {Map<number, number[]>|null}
 */
let lowercaseTable = null;
function lowercase() {
  if (lowercaseTable) return lowercaseTable;
  /** @type {Map<number, number[]>} */
  const table = new Map();
  for (let i = 0; i < data.lowercaseRuns.length; i += 4) {
    const [first, count, step, delta] = data.lowercaseRuns.slice(i, i + 4);
    for (let k = 0; k < count; k++) table.set(first + k * step, [first + k * step + delta]);
  }
  for (let i = 0; i < data.lowercaseLong.length;) {
    const n = data.lowercaseLong[i + 1];
    table.set(data.lowercaseLong[i], data.lowercaseLong.slice(i + 2, i + 2 + n));
    i += 2 + n;
  }
  return (lowercaseTable = table);
}

const CR = 1, LF = 2, CONTROL = 3, EXTEND = 4, ZWJ = 5, RI = 6, PREPEND = 7, SPACING = 8, L = 9, V = 10, T = 11, LV = 12, LVT = 13;

/**
 * The Grapheme_Cluster_Break value of a scalar (see unicode-data.js).
 * @param {number} v
 */
export function graphemeBreakProperty(v) { return gcb(v); }

/**
 * True for a scalar that may start an emoji (Emoji or Emoji_Presentation).
 * @param {number} v
 */
export function isEmojiStart(v) { return v < 0x10000 ? emojiStartBMP[v] === 1 : emojiStartRuns(v) === 1; }
/** The scalars that may start an emoji as `[start, end)` ranges in order, read once from the runs. */
const emojiStartRanges = /** @type {[number, number][]} */ ([]);
{
  let start = 0;
  for (let i = 0; i < data.emojiStart.length; i += 2) {
    start += data.emojiStart[i];
    const end = i + 2 < data.emojiStart.length ? start + data.emojiStart[i + 2] : 0x110000;
    if (data.emojiStart[i + 1] === 1) emojiStartRanges.push([start, end]);
  }
}
const emojiStartBMP = new Uint8Array(0x10000);
for (const [start, end] of emojiStartRanges) if (start < 0x10000) emojiStartBMP.fill(1, start, Math.min(end, 0x10000));
/**
 * UTF-16 units an emoji can begin with, as 8 (the tokenizer's flag for them, so that a tokenizer's table of leads
 * starts as a copy): BMP emoji starts from U+00A9, keycap bases, and high surrogates of emoji starts.
 */
export const emojiLeadUnits = new Uint8Array(0x10000);
{
  for (const [start, end] of emojiStartRanges) {
    if (start < 0x10000) emojiLeadUnits.fill(8, Math.max(start, 0xa9), Math.max(start, 0xa9, Math.min(end, 0x10000)));
    for (let v = Math.max(start, 0x10000); v < end; v += 0x400 - ((v - 0x10000) & 0x3ff)) {
      emojiLeadUnits[0xd800 + ((v - 0x10000) >> 10)] = 8;
    }
  }
  for (const u of "0123456789#*") emojiLeadUnits[u.charCodeAt(0)] = 8;
}

// Each scalar's properties in one byte: Grapheme_Cluster_Break (bits 0-3), Extended_Pictographic (bit 4),
// Indic_Conjunct_Break (bits 5-6); tables for the BMP and plane 1 (emoji), a look-up for the rest.
/** @param {number} v */
function packedSlowly(v) { return gcb(v) | (pictographic(v) << 4) | (conjunct(v) << 5); }
const bmp = new Uint8Array(0x10000);
const plane1 = new Uint8Array(0x10000);
/** The same for U+E0000 to U+E0FFF (tag characters, variation selectors), for the kernel's table. */
const tagsBlock = new Uint8Array(0x1000);
/**
 * Where any of the three properties changes below U+20000 and in U+E0000 to U+E0FFF, with the surrogates' bounds
 * (for `clusterGlue`): between two of these every scalar has the same packed properties, so the tables are filled a
 * segment at a time (a loop over every scalar would run in the interpreter at load).
 */
const segments = (() => {
  const lists = [data.graphemeBreak, data.extendedPictographic, data.indicConjunctBreak];
  const cuts = new Set([0, 0xd800, 0xe000, 0x10000, 0x20000, 0xe0000, 0xe1000]);
  for (const runs of lists) {
    let start = 0;
    for (let i = 0; i < runs.length && (start += runs[i]) < 0xe1000; i += 2) cuts.add(start);
  }
  return Int32Array.from(cuts).sort();
})();
{
  // Each list read by a cursor that only moves forward, as the segments do.
  const cursor = (/** @type {number[]} */ runs) => {
    let i = 0, start = runs[0];
    return (/** @type {number} */ v) => {
      while (i + 2 < runs.length && start + runs[i + 2] <= v) start += runs[(i += 2)];
      return runs[i + 1];
    };
  };
  const [g, p, c] = [cursor(data.graphemeBreak), cursor(data.extendedPictographic), cursor(data.indicConjunctBreak)];
  for (let k = 0; k + 1 < segments.length; k++) {
    const from = segments[k], to = segments[k + 1];
    const value = g(from) | (p(from) << 4) | (c(from) << 5);
    if (value === 0 || (from >= 0x20000 && from < 0xe0000)) continue;
    if (from < 0x10000) bmp.fill(value, from, to);
    else if (from < 0x20000) plane1.fill(value, from - 0x10000, to - 0x10000);
    else tagsBlock.fill(value, from - 0xe0000, to - 0xe0000);
  }
}
/** @param {number} v */
function packed(v) { return v < 0x10000 ? bmp[v] : v < 0x20000 ? plane1[v - 0x10000] : packedSlowly(v); }

/** @type {Uint8Array|null} */
let kernelTable = null;

/**
 * The tokenizer kernel's property table (web/kernel/tokenize.c): for planes 0 and 1, then U+E0000 to U+E0FFF, each
 * scalar's packed properties with bit 7 set when it may start an emoji. Built once.
 */
export function kernelProperties() {
  if (kernelTable) return kernelTable;
  const table = new Uint8Array(0x21000);
  table.set(bmp, 0);
  table.set(plane1, 0x10000);
  table.set(tagsBlock, 0x20000);
  // Bit 7 over the emoji-start runs only (a loop over every scalar would run in the interpreter, about 2 ms).
  for (const [start, end] of emojiStartRanges) {
    for (let v = start; v < Math.min(end, 0x20000); v++) table[v] |= 128;
    for (let v = Math.max(start, 0xe0000); v < Math.min(end, 0xe1000); v++) table[0x20000 + v - 0xe0000] |= 128;
  }
  kernelTable = table;
  return table;
}

/**
 * How each BMP unit binds to its neighbours, for the tokenizer's fast paths: 1 when no cluster boundary can come
 * before it (Extend, ZWJ, SpacingMark), 2 when none can come after it (Prepend), 4 for a surrogate (look at the
 * whole scalar), 8 for a unit whose rules look further back (a regional indicator has none in the BMP; ZWJ and
 * Indic conjunct parts), 0 for a unit no rule joins to what is around it.
 */
export const clusterGlue = new Uint8Array(0x10000);
for (let k = 0; k + 1 < segments.length && segments[k] < 0x10000; k++) {
  const u = segments[k], p = bmp[u], c = p & 15;
  let g = c === EXTEND || c === ZWJ || c === SPACING ? 1 : c === PREPEND ? 2 : 0;
  if (u >= 0xd800 && u < 0xe000) g = 4;
  if (c === ZWJ || (p >> 5) !== 0 || c === CR || c === LF || c === CONTROL || c >= L) g |= 8;
  if (g !== 0) clusterGlue.fill(g, u, segments[k + 1]);
}

/**
 * True when a grapheme cluster boundary comes before the scalar at `s`: settled here when neither side takes part
 * in a rule that looks further (a ZWJ, a regional indicator, an Indic conjunct part, Prepend), else by `at(s)`.
 * @param {string} t
 * @param {number} s
 * @param {{at(i: number): boolean}} bounds
 */
export function boundaryBefore(t, s, bounds) {
  if (s <= 0 || s >= t.length) return true;
  let v = t.charCodeAt(s);
  if (v >= 0xdc00 && v < 0xe000) return bounds.at(s);
  if (v >= 0xd800 && v < 0xdc00 && s + 1 < t.length) {
    const low = t.charCodeAt(s + 1);
    if (low >= 0xdc00 && low < 0xe000) v = ((v - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
  }
  const pv = packed(v);
  const c = pv & 15;
  if (c === EXTEND || c === ZWJ || c === SPACING) return false;
  let u = t.charCodeAt(s - 1);
  if (u >= 0xdc00 && u < 0xe000 && s >= 2) {
    const high = t.charCodeAt(s - 2);
    if (high >= 0xd800 && high < 0xdc00) u = ((high - 0xd800) << 10) + (u - 0xdc00) + 0x10000;
  }
  const pu = packed(u);
  const cu = pu & 15;
  if (cu === 0 || cu === EXTEND) {
    // Other or Extend before: only a ZWJ, a regional indicator or a conjunct rule could join, and none applies.
    if ((pu >> 5) === 0 && (pv >> 5) === 0 && c !== RI) return true;
  }
  return bounds.at(s);
}

/**
 * Where the grapheme cluster of an emoji starting at cluster boundary `s` ends (UAX #29 restricted to what can
 * follow an emoji: Extend, SpacingMark, ZWJ before a pictograph, a regional-indicator pair), or -1 when the cluster
 * holds a scalar those rules do not settle (an Indic conjunct part), for `ClusterBoundaries` to decide.
 * @param {string} t
 * @param {number} s
 */
export function emojiClusterEnd(t, s) {
  const n = t.length;
  let v = t.charCodeAt(s);
  let i = s + 1;
  if (v >= 0xd800 && v < 0xdc00 && i < n) {
    const low = t.charCodeAt(i);
    if (low >= 0xdc00 && low < 0xe000) { v = ((v - 0xd800) << 10) + (low - 0xdc00) + 0x10000; i++; }
  }
  let p = packed(v);
  if ((p >> 5) !== 0) return -1;
  // GB11's state: the last scalars were a pictograph and Extends.
  let pictographic = (p & 16) !== 0;
  let regional = (p & 15) === RI ? 1 : 0;
  while (i < n) {
    let w = t.charCodeAt(i);
    let width = 1;
    if (w >= 0xd800 && w < 0xdc00 && i + 1 < n) {
      const low = t.charCodeAt(i + 1);
      if (low >= 0xdc00 && low < 0xe000) { w = ((w - 0xd800) << 10) + (low - 0xdc00) + 0x10000; width = 2; }
    }
    p = packed(w);
    if ((p >> 5) !== 0) return -1;
    const c = p & 15;
    if (c === EXTEND) { i += width; regional = 0; continue; }
    if (c === SPACING) { i += width; pictographic = false; regional = 0; continue; }
    if (c === ZWJ) {
      i += width;
      regional = 0;
      if (!pictographic || i >= n) { pictographic = false; continue; }
      let x = t.charCodeAt(i);
      let xw = 1;
      if (x >= 0xd800 && x < 0xdc00 && i + 1 < n) {
        const low = t.charCodeAt(i + 1);
        if (low >= 0xdc00 && low < 0xe000) { x = ((x - 0xd800) << 10) + (low - 0xdc00) + 0x10000; xw = 2; }
      }
      const px = packed(x);
      if ((px & 16) !== 0) {
        if ((px >> 5) !== 0) return -1;
        i += xw;
        pictographic = true;
        continue;
      }
      pictographic = false;
      continue;
    }
    if (c === RI && regional === 1) { i += width; regional = 2; continue; }
    break;
  }
  return i;
}

/**
 * Marks in `ends` (length ≥ to + 1) each UTF-16 offset in (from, to] where an extended grapheme cluster of `text`
 * ends (UAX #29 with Swift's properties), starting at a cluster boundary `from`.
 * @param {string} text
 * @param {Uint8Array} ends
 * @param {number} from
 * @param {number} to
 * @param {boolean} [markEnd] marks `to` too (it is the text's end)
 */
export function markClusterEnds(text, ends, from, to, markEnd = true) {
  let prev = -1;
  let ri = 0;
  let inPictographic = false; // EP Extend* ends at the previous scalar
  let zwjAfterPictographic = false; // ... then a ZWJ
  let consonant = false; // InCB Consonant [Extend|Linker]* ends at the previous scalar
  let linker = false; // ... with a Linker among them
  let i = from;
  while (i < to) {
    let v = text.charCodeAt(i);
    let n = 1;
    if (v >= 0xd800 && v < 0xdc00 && i + 1 < to) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low < 0xe000) {
        v = ((v - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
        n = 2;
      }
    }
    const bits = v < 0x10000 ? bmp[v] : packed(v);
    const c = bits & 15;
    if (prev >= 0) {
      let join;
      // The common case: two scalars of class Other, neither pictographic nor conjunct-breaking.
      if ((prev | c) === 0 && bits === 0) join = false;
      else if (prev === CR && c === LF) join = true;
      else if (prev === CR || prev === LF || prev === CONTROL) join = false;
      else if (c === CR || c === LF || c === CONTROL) join = false;
      else if (prev === L && (c === L || c === V || c === LV || c === LVT)) join = true;
      else if ((prev === LV || prev === V) && (c === V || c === T)) join = true;
      else if ((prev === LVT || prev === T) && c === T) join = true;
      else if (c === EXTEND || c === ZWJ || c === SPACING) join = true;
      else if (prev === PREPEND) join = true;
      else if ((bits >> 5) === 1 && consonant && linker) join = true;
      else if (zwjAfterPictographic && (bits & 16) !== 0) join = true;
      else if (prev === RI && c === RI && ri % 2 === 1) join = true;
      else join = false;
      if (!join) ends[i] = 1;
    }
    ri = c === RI ? ri + 1 : 0;
    zwjAfterPictographic = c === ZWJ && inPictographic;
    inPictographic = (bits & 16) !== 0 || (inPictographic && c === EXTEND);
    const incb = bits >> 5;
    if (incb === 1) { consonant = true; linker = false; }
    else if (consonant && incb === 2) linker = true;
    else if (!(consonant && incb === 3)) { consonant = false; linker = false; }
    prev = c;
    i += n;
  }
  if (to > from && markEnd) ends[to] = 1;
}

// The marks of a ClusterBoundaries before any are needed, shared: never written, since it has no room.
const NO_MARKS = new Uint8Array(0);

/** Answers "does a cluster end here?" for chosen offsets of one text, looking only as far back as the rules need. */
export class ClusterBoundaries {
  /** @param {string} text */
  constructor(text) {
    this.text = text;
    this.n = text.length;
    /** Boundaries found so far (1); 0 is "not known to be one". @type {Uint8Array} */
    this.marks = NO_MARKS;
    /** Every boundary, once a look-back found no safe start. @type {Uint8Array|null} */
    this.full = null;
    /** The last window marked: every offset strictly inside it is decided. */
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
      if (a < 0xd800 || a >= 0xe000) {
        if (bmp[a] === 0 && (q === this.n || ((b < 0xd800 || b >= 0xe000) && bmp[b] === 0))) return q;
        if (bmp[a] === 3 || bmp[a] === 2) return q; // after a control or LF
      }
    }
    return -1;
  }

  /**
   * True when a grapheme cluster ends (and another starts) at UTF-16 offset `i`.
   * @param {number} i
   */
  at(i) {
    if (i <= 0 || i >= this.n) return true;
    const t = this.text;
    let a = t.charCodeAt(i - 1);
    let b = t.charCodeAt(i);
    if (b >= 0xdc00 && b < 0xe000 && a >= 0xd800 && a < 0xdc00) return false; // inside a surrogate pair
    // The scalars on either side.
    if (a >= 0xdc00 && a < 0xe000 && i >= 2) {
      const high = t.charCodeAt(i - 2);
      if (high >= 0xd800 && high < 0xdc00) a = ((high - 0xd800) << 10) + (a - 0xdc00) + 0x10000;
    }
    if (b >= 0xd800 && b < 0xdc00 && i + 1 < this.n) {
      const low = t.charCodeAt(i + 1);
      if (low >= 0xdc00 && low < 0xe000) b = ((b - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
    }
    const pa = a < 0x10000 ? bmp[a] : packed(a);
    const pb = b < 0x10000 ? bmp[b] : packed(b);
    const p = pa & 15;
    const c = pb & 15;
    // The pair rules settle everything but regional-indicator parity (GB12/13), a pictograph after a ZWJ (GB11)
    // and an Indic conjunct (GB9c), which look further back.
    if (p === CR) return c !== LF;
    if (p === LF || p === CONTROL || c === CR || c === LF || c === CONTROL) return true;
    if (c === EXTEND || c === ZWJ || c === SPACING) return false;
    if (p === PREPEND) return false;
    if (p === L && (c === L || c === V || c === LV || c === LVT)) return false;
    if ((p === LV || p === V) && (c === V || c === T)) return false;
    if ((p === LVT || p === T) && c === T) return false;
    if (!(p === RI && c === RI) && !(p === ZWJ && (pb & 16) !== 0) && (pb >> 5) !== 1) return true;
    return this.slowly(i);
  }

  /**
   * `at` by marking from a safe start before `i`.
   * @param {number} i
   */
  slowly(i) {
    const t = this.text;
    if (this.full) return this.full[i] === 1;
    if (i > this.windowFrom && i < this.windowTo) return this.marks[i] === 1;
    const q = this.safeStart(i - 1);
    if (q < 0) {
      this.full = new Uint8Array(this.n + 1);
      markClusterEnds(t, this.full, 0, this.n);
      return this.full[i] === 1;
    }
    // Through the scalar at `i` and some way on (whole surrogate pairs): what follows is often asked next.
    let to = Math.min(this.n, i + 16);
    const last = t.charCodeAt(to - 1);
    if (to < this.n && last >= 0xd800 && last < 0xdc00) to++;
    if (this.marks.length === 0) this.marks = new Uint8Array(this.n + 1);
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
    if (e < this.n && this.text.charCodeAt(s) >= 0xd800 && this.text.charCodeAt(s) < 0xdc00) e++;
    while (e < this.n && !this.at(e)) e++;
    return Math.min(e, this.n);
  }
}

/**
 * The UTF-16 offsets where each extended grapheme cluster of `text` ends (UAX #29 with Swift's properties); with
 * `from` and `to`, of the clusters of `text.slice(from, to)` (clamped to the text), as offsets into `text`.
 * @param {string} text
 * @param {number} [from]
 * @param {number} [to]
 * @returns {number[]}
 */
export function clusterEnds(text, from = 0, to = Infinity) {
  const where = "clusterEnds(text, from, to)";
  const n = stringArg(text, where).length;
  from = Math.min(Math.max(offsetArg(from, where), 0), n);
  to = Math.min(Math.max(offsetArg(to, where), from), n);
  const marks = new Uint8Array(to + 1);
  markClusterEnds(text, marks, from, to);
  /** @type {number[]} */
  const out = [];
  for (let i = from + 1; i <= to; i++) if (marks[i]) out.push(i);
  return out;
}

// Canonical composition (NFC) from EmoPackFormat's tables, as the Swift runtime composes.

/**
 * @param {string} text
 */
function parseRanges(text) {
  /** @type {[number, number][]} */
  const out = [];
  for (const item of text.split(" ")) {
    if (!item) continue;
    const [a, b] = item.split("-");
    out.push([parseInt(a, 16), parseInt(b ?? a, 16)]);
  }
  return out;
}

// The composition tables are built the first time a text needs them (`nfcTables`): in a fresh page they took
// several milliseconds of the module's load, and a tokenizer asks for them only for a tag that is no key.
const decompositions = /** @type {Map<number, number[]>} */ (new Map());
const compositions = /** @type {Map<number, number>} */ (new Map());
const classes = /** @type {Map<number, number>} */ (new Map());
const active = /** @type {Set<number>} */ (new Set());
let nfcBuilt = false;

/** The scalars whose composition the data excludes. */
function excludedScalars() {
  const excluded = new Set();
  for (const [a, b] of parseRanges(data.exclusions)) for (let v = a; v <= b; v++) excluded.add(v);
  return excluded;
}

/**
 * Calls `visit` for each scalar composition may touch (`active`): the excluded ones, those with a combining class,
 * the second of a pair that composes, singletons, Hangul vowels and trailing consonants (some more than once).
 * @param {Set<number>} excluded
 * @param {(v: number) => void} visit
 */
function forEachActive(excluded, visit) {
  for (const v of excluded) visit(v);
  for (const item of data.combiningClasses.split(" ")) {
    if (!item) continue;
    for (const [a, b] of parseRanges(item.split(":")[0])) for (let v = a; v <= b; v++) visit(v);
  }
  let v = 0;
  for (let i = 0; i < data.decompositions.length; i += 3) {
    v += data.decompositions[i];
    const second = data.decompositions[i + 2];
    if (second === 0) visit(v);
    else if (!excluded.has(v)) visit(second);
  }
  for (let v = 0x1161; v <= 0x1175; v++) visit(v);
  for (let v = 0x11a8; v <= 0x11c2; v++) visit(v);
}

/** Fills the composition tables, once. */
function nfcTables() {
  if (nfcBuilt) return;
  nfcBuilt = true;
  const excluded = excludedScalars();
  for (const item of data.combiningClasses.split(" ")) {
    if (!item) continue;
    const [range, cc] = item.split(":");
    for (const [a, b] of parseRanges(range)) for (let v = a; v <= b; v++) classes.set(v, Number(cc));
  }
  let v = 0;
  for (let i = 0; i < data.decompositions.length; i += 3) {
    v += data.decompositions[i];
    const second = data.decompositions[i + 2];
    const target = second === 0 ? [v - data.decompositions[i + 1]] : [v - data.decompositions[i + 1], second];
    decompositions.set(v, target);
    if (target.length > 1 && !excluded.has(v)) compositions.set(target[0] * 0x200000 + target[1], v);
  }
  forEachActive(excluded, (v) => active.add(v));
}
/** @type {Uint8Array|null} */
let inertBits = null;
/**
 * One bit for each scalar of planes 0 and 1 that normalization leaves alone wherever it stands (`isInert`), for the
 * tokenizer kernel's shortcode names. Read from the data without building the tables: every tokenizer with a kernel
 * asks for it.
 */
export function nfcInertBits() {
  if (inertBits) return inertBits;
  const bits = new Uint8Array(0x20000 / 8).fill(0xff);
  forEachActive(excludedScalars(), (v) => {
    if (v < 0x20000 && !inertRange(v)) bits[v >> 3] &= ~(1 << (v & 7));
  });
  inertBits = bits;
  return bits;
}
const S_BASE = 0xac00, L_BASE = 0x1100, V_BASE = 0x1161, T_BASE = 0x11a7, L_COUNT = 19, V_COUNT = 21, T_COUNT = 28;
const S_COUNT = L_COUNT * V_COUNT * T_COUNT;

/**
 * @param {number} v
 */
function isInert(v) {
  if (inertRange(v)) return true;
  nfcTables();
  return !active.has(v);
}
/**
 * Scalars normalization leaves alone whatever the tables say: below U+0300, CJK ideographs, Hangul syllables.
 * @param {number} v
 */
function inertRange(v) { return v < 0x300 || (v >= 0x3400 && v <= 0x9fff) || (v >= 0xac00 && v <= 0xd7a3); }
/**
 * @param {number} v
 */
function combiningClass(v) { return v < 0x300 ? 0 : classes.get(v) ?? 0; }

/**
 * @param {number} v
 * @param {number[]} out
 */
function decompose(v, out) {
  const s = v - S_BASE;
  if (s >= 0 && s < S_COUNT) {
    out.push(L_BASE + Math.floor(s / (V_COUNT * T_COUNT)));
    out.push(V_BASE + Math.floor((s % (V_COUNT * T_COUNT)) / T_COUNT));
    if (s % T_COUNT !== 0) out.push(T_BASE + (s % T_COUNT));
    return;
  }
  const d = decompositions.get(v);
  if (!d) { out.push(v); return; }
  for (const x of d) decompose(x, out);
}

/**
 * @param {number} a
 * @param {number} b
 */
function composite(a, b) {
  if (a >= L_BASE && a < L_BASE + L_COUNT && b >= V_BASE && b < V_BASE + V_COUNT) {
    return S_BASE + ((a - L_BASE) * V_COUNT + (b - V_BASE)) * T_COUNT;
  }
  const s = a - S_BASE;
  if (s >= 0 && s < S_COUNT && s % T_COUNT === 0 && b > T_BASE && b < T_BASE + T_COUNT) return a + (b - T_BASE);
  return compositions.get(a * 0x200000 + b);
}

/**
 * `text` in Normalization Form C, as EmoPackFormat's CanonicalComposition gives it.
 * @param {string} text
 */
export function nfc(text) {
  stringArg(text, "nfc(text)");
  let inert = true;
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    if (u < 0x300 || (u >= 0x3400 && u <= 0x9fff) || (u >= 0xac00 && u <= 0xd7a3)) continue;
    if (!isInert(/** @type {number} */ (text.codePointAt(i)))) { inert = false; break; }
  }
  if (inert) return text;
  // isInert has built the tables on the way to a scalar that is not.
  const scalars = Array.from(text, (ch) => /** @type {number} */ (ch.codePointAt(0)));
  /** @type {number[]} */
  const d = [];
  for (const v of scalars) decompose(v, d);
  // Reorder each run of non-starters by combining class (stable).
  for (let i = 0; i < d.length;) {
    if (combiningClass(d[i]) === 0) { i++; continue; }
    let j = i;
    while (j < d.length && combiningClass(d[j]) !== 0) j++;
    const run = d.slice(i, j).map((v, k) => [v, k]).sort((x, y) => combiningClass(x[0]) - combiningClass(y[0]) || x[1] - y[1]);
    for (let k = 0; k < run.length; k++) d[i + k] = run[k][0];
    i = j;
  }
  if (d.length > 0) {
    let starter = 0;
    let lastClass = combiningClass(d[0]) === 0 ? 0 : 256;
    let kept = 1;
    for (let i = 1; i < d.length; i++) {
      const c = d[i];
      const cc = combiningClass(c);
      const comp = lastClass < cc || lastClass === 0 ? composite(d[starter], c) : undefined;
      if (comp !== undefined) { d[starter] = comp; continue; }
      if (cc === 0) starter = kept;
      lastClass = cc;
      d[kept++] = c;
    }
    d.length = kept;
  }
  return String.fromCodePoint(...d);
}

// Search folding (KeywordFold).

/**
 * One scalar folded: none, one or several.
 * @param {number} scalar
 * @returns {number[]}
 */
function foldScalar(scalar) {
  let v = scalar;
  if (v >= 0xff01 && v <= 0xff5e) v -= 0xfee0;
  if (v === 0x3000) v = 0x20;
  if ((v >= 0x300 && v <= 0x36f) || (v >= 0xfe00 && v <= 0xfe0f)) return [];
  const base = latinFold(v);
  if (base !== 0) v = base;
  if (v < 0x80) return [v >= 0x41 && v <= 0x5a ? v + 0x20 : v];
  const lower = lowercase().get(v);
  return lower ? lower.filter((x) => !(x >= 0x300 && x <= 0x36f)) : [v];
}

/**
 * `text` folded for search: NFC, width, Latin accents and case folded, whitespace runs one space, trimmed.
 * @param {string} text
 */
export function fold(text) {
  stringArg(text, "fold(text)");
  let out = "";
  let pendingSpace = false;
  for (const ch of nfc(text)) {
    for (const f of foldScalar(/** @type {number} */ (ch.codePointAt(0)))) {
      if (whiteSpace.has(f)) { pendingSpace = out.length > 0; continue; }
      if (pendingSpace) { out += " "; pendingSpace = false; }
      out += String.fromCodePoint(f);
    }
  }
  return out;
}

/**
 * `text` as search compares it: folded, a leading `[` or `:` dropped with the `]` or `:` closing it.
 * @param {string} text
 */
export function compared(text) {
  stringArg(text, "compared(text)");
  let q = fold(text);
  if (q.length === 0) return q;
  const ends = clusterEnds(q);
  const open = q.slice(0, ends[0]);
  if (ends.length <= 1 || !(open === "[" || open === ":")) return q;
  q = q.slice(1);
  const close = open === "[" ? "]" : ":";
  if (clusterCount(q) > 1 && lastCluster(q) === close) q = q.slice(0, q.length - 1);
  return fold(q);
}

/**
 * @param {string} s
 */
function clusterCount(s) { return s.length === 0 ? 0 : clusterEnds(s).length; }
/**
 * @param {string} s
 */
function lastCluster(s) {
  const ends = clusterEnds(s);
  const start = ends.length > 1 ? ends[ends.length - 2] : 0;
  return s.slice(start);
}
