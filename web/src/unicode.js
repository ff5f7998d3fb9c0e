// @ts-check
// Grapheme clusters, canonical composition, emoji starts and case folding exactly as the Swift runtime sees them:
// the tables (unicode-data.js) are generated from Swift's own String and Unicode.Scalar, so the same text splits
// the same way here whatever Unicode version the JavaScript engine's Intl carries.
import * as data from "./unicode-data.js";

/**
 * A lookup over runs [start, value, start, value, ...].
 * @param {number[]} runs
 */
function runLookup(runs) {
  const starts = new Int32Array(runs.length / 2);
  const values = new Int32Array(runs.length / 2);
  for (let i = 0; i < starts.length; i++) {
    starts[i] = runs[2 * i];
    values[i] = runs[2 * i + 1];
  }
  // Latin-1 and the BMP's common ranges are looked up directly.
  const direct = new Int8Array(0x3000);
  let k = 0;
  for (let v = 0; v < direct.length; v++) {
    while (k + 1 < starts.length && starts[k + 1] <= v) k++;
    direct[v] = values[k];
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
/** @type {Map<number, number[]>} */
const lowercase = new Map();
for (let i = 0; i < data.lowercase.length;) {
  const n = data.lowercase[i + 1];
  lowercase.set(data.lowercase[i], data.lowercase.slice(i + 2, i + 2 + n));
  i += 2 + n;
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
export function isEmojiStart(v) { return emojiStartRuns(v) === 1; }

/**
 * The UTF-16 offsets where each extended grapheme cluster of `text` ends (UAX #29 with Swift's properties).
 * @param {string} text
 * @param {number} [from] @param {number} [to]
 * @returns {number[]}
 */
export function clusterEnds(text, from = 0, to = text.length) {
  /** @type {number[]} */
  const ends = [];
  let i = from;
  let prev = -1;
  let ri = 0;
  let inPictographic = false; // EP Extend* ends at the previous scalar
  let zwjAfterPictographic = false; // ... then a ZWJ
  let consonant = false; // InCB Consonant [Extend|Linker]* ends at the previous scalar
  let linker = false; // ... with a Linker among them
  while (i < to) {
    const v = /** @type {number} */ (text.codePointAt(i));
    const n = v > 0xffff ? 2 : 1;
    const c = gcb(v);
    const ep = pictographic(v) === 1;
    const incb = conjunct(v);
    if (prev >= 0) {
      let join;
      if (prev === CR && c === LF) join = true;
      else if (prev === CR || prev === LF || prev === CONTROL) join = false;
      else if (c === CR || c === LF || c === CONTROL) join = false;
      else if (prev === L && (c === L || c === V || c === LV || c === LVT)) join = true;
      else if ((prev === LV || prev === V) && (c === V || c === T)) join = true;
      else if ((prev === LVT || prev === T) && c === T) join = true;
      else if (c === EXTEND || c === ZWJ || c === SPACING) join = true;
      else if (prev === PREPEND) join = true;
      else if (incb === 1 && consonant && linker) join = true;
      else if (zwjAfterPictographic && ep) join = true;
      else if (prev === RI && c === RI && ri % 2 === 1) join = true;
      else join = false;
      if (!join) ends.push(i);
    }
    ri = c === RI ? ri + 1 : 0;
    zwjAfterPictographic = c === ZWJ && inPictographic;
    inPictographic = ep || (inPictographic && c === EXTEND);
    if (incb === 1) { consonant = true; linker = false; }
    else if (consonant && incb === 2) linker = true;
    else if (!(consonant && incb === 3)) { consonant = false; linker = false; }
    prev = c;
    i += n;
  }
  if (to > from) ends.push(to);
  return ends;
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

const decompositions = /** @type {Map<number, number[]>} */ (new Map());
const compositions = /** @type {Map<number, number>} */ (new Map());
const classes = /** @type {Map<number, number>} */ (new Map());
const active = /** @type {Set<number>} */ (new Set());
{
  const excluded = new Set();
  for (const [a, b] of parseRanges(data.exclusions)) for (let v = a; v <= b; v++) excluded.add(v);
  for (const item of data.combiningClasses.split(" ")) {
    if (!item) continue;
    const [range, cc] = item.split(":");
    for (const [a, b] of parseRanges(range)) for (let v = a; v <= b; v++) classes.set(v, Number(cc));
  }
  for (const v of excluded) active.add(v);
  for (const v of classes.keys()) active.add(v);
  for (const item of data.decompositions.split(" ")) {
    if (!item) continue;
    const [from, to] = item.split("=");
    const target = to.split("+").map((h) => parseInt(h, 16));
    const v = parseInt(from, 16);
    decompositions.set(v, target);
    if (target.length > 1 && !excluded.has(v)) {
      compositions.set(target[0] * 0x200000 + target[1], v);
      active.add(target[1]);
    }
    if (target.length === 1) active.add(v);
  }
  for (let v = 0x1161; v <= 0x1175; v++) active.add(v);
  for (let v = 0x11a8; v <= 0x11c2; v++) active.add(v);
}
const S_BASE = 0xac00, L_BASE = 0x1100, V_BASE = 0x1161, T_BASE = 0x11a7, L_COUNT = 19, V_COUNT = 21, T_COUNT = 28;
const S_COUNT = L_COUNT * V_COUNT * T_COUNT;

/**
 * @param {number} v
 */
function isInert(v) {
  return v < 0x300 || (v >= 0x3400 && v <= 0x9fff) || (v >= 0xac00 && v <= 0xd7a3) || !active.has(v);
}
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
  const scalars = Array.from(text, (ch) => /** @type {number} */ (ch.codePointAt(0)));
  if (scalars.every(isInert)) return text;
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
  const lower = lowercase.get(v);
  return lower ? lower.filter((x) => !(x >= 0x300 && x <= 0x36f)) : [v];
}

/**
 * `text` folded for search: NFC, width, Latin accents and case folded, whitespace runs one space, trimmed.
 * @param {string} text
 */
export function fold(text) {
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
