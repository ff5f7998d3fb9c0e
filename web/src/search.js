// @ts-check
// Search with the Swift runtime's folding and ranking: exact keys and emoji first, then keys and keywords starting
// with the query, then those containing it; packs in tab order within a rank, keywords in folded byte order within
// a pack, each emoticon once.
import { optionsArg, stringArg } from "./args.js";
import { Entry } from "./format.js";
import { compared } from "./unicode.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** @typedef {import("./catalog.js").Catalog} Catalog */
/** @typedef {{ref: {pack: number, entry: number}, match: "exact"|"prefix"|"contains", keyword: string, locale: string|null}} SearchResult */

/**
 * True when one locale is the other or a more specific form of it.
 * @param {string} a
 * @param {string} b
 */
export function localesMatch(a, b) {
  const x = a.toLowerCase().replaceAll("_", "-");
  const y = b.toLowerCase().replaceAll("_", "-");
  return x === y || x.startsWith(y + "-") || y.startsWith(x + "-");
}

/**
 * @param {Uint8Array} key
 * @param {Uint8Array} q
 */
function contains(key, q) {
  if (q.length === 0 || key.length < q.length) return false;
  outer: for (let i = 0; i + q.length <= key.length; i++) {
    for (let k = 0; k < q.length; k++) if (key[i + k] !== q[k]) continue outer;
    return true;
  }
  return false;
}

/**
 * The KPST runs whose common rows are the `contains` candidates for a query of two scalars or more: each scalar
 * pair's postings, rarest first; none when a pair is missing.
 * @param {import("./pack.js").PackFile} pack
 * @param {number[]} scalars
 * @returns {[number, number][]}
 */
function containsRuns(pack, scalars) {
  /** @type {[number, number][]} */
  const runs = [];
  for (let k = 0; k < scalars.length - 1; k++) {
    const r = pack.gramPostings(scalars[k], scalars[k + 1]);
    if (r[0] === r[1]) return [];
    if (!runs.some((x) => x[0] === r[0] && x[1] === r[1])) runs.push(r);
  }
  return runs.sort((a, b) => a[1] - a[0] - (b[1] - b[0]));
}

/**
 * The KWRD rows of several KPST runs (one per gram) in ascending order, each once: a one-scalar query's `contains`
 * candidates. A binary heap holds each run's next row; rows past KWRD are passed over, and a damaged pack's unsorted
 * run only costs order (the same order as Swift's `PostingMerge`).
 */
class PostingMerge {
  /**
   * @param {import("./pack.js").PackFile} pack
   * @param {[number, number][]} runs
   */
  constructor(pack, runs) {
    this.pack = pack;
    this.runs = runs;
    this.cursors = runs.map((r) => r[0]);
    /** @type {{row: number, run: number}[]} */
    this.heap = [];
    this.last = -1;
    for (let k = 0; k < runs.length; k++) this.advance(k);
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
      const parent = (i - 1) >> 1;
      if (!(heap[i].row < heap[parent].row)) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  }

  pop() {
    const heap = this.heap;
    const end = /** @type {{row: number, run: number}} */ (heap.pop());
    if (heap.length === 0) return;
    heap[0] = end;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < heap.length && heap[l].row < heap[m].row) m = l;
      if (r < heap.length && heap[r].row < heap[m].row) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  }
}

/**
 * Emoticons and emoji for `query`, best first: at most `limit` results.
 * @param {Catalog} catalog @param {string} query
 * @param {{locales?: string[], limit?: number}} [options]
 * @returns {SearchResult[]}
 */
export function search(catalog, query, options = {}) {
  stringArg(query, "search(catalog, query, options)");
  optionsArg(options, "search(catalog, query, options)");
  const limit = options.limit ?? Infinity;
  const locales = options.locales ?? [];
  const q = encoder.encode(compared(query));
  /** @type {SearchResult[]} */
  const out = [];
  if (q.length === 0 || limit <= 0) return out;
  const seen = new Set();
  const allowed = catalog.packs.map((pack) => {
    if (locales.length === 0) return null;
    const list = [];
    for (let i = 0; i < pack.localeSection.count; i++) {
      /** @type {string|null} */
      let l = null;
      try { l = pack.locale(i); } catch { /* a damaged locale is allowed by nothing */ }
      list.push(l !== null && locales.some((x) => localesMatch(x, /** @type {string} */ (l))));
    }
    return list;
  });
  // The query's scalars (of its folded UTF-8, as the index keys them) for the `contains` rank's grams.
  const scalars = Array.from(decoder.decode(q), (c) => /** @type {number} */ (c.codePointAt(0)));
  /** Each pack's KWRD rows starting with the query, found once for the exact and the prefix rank. */
  const prefixRanges = new Map();
  const ranks = /** @type {const} */ (["exact", "prefix", "contains"]);
  for (const rank of ranks) {
    for (let p = 0; p < catalog.packs.length; p++) {
      const pack = catalog.packs[p];
      /**
       * Takes KWRD `row` for this rank if it is a result and new; true once `limit` results are out.
       * @param {number} row
       */
      const take = (row) => {
        const target = pack.keywordTarget(row);
        if (!target) return false;
        if (rank === "exact" && target.source !== 1) return false;
        if (rank === "contains") {
          const key = pack.foldedKeyword(row);
          if (key === null || !contains(key, q)) return false;
        }
        const allow = allowed[p];
        if (target.locale !== null && allow && !(target.locale < allow.length && allow[target.locale])) return false;
        const key = p * 0x100000000 + target.entry;
        if (seen.has(key)) return false;
        seen.add(key);
        let locale = null;
        if (target.locale !== null) { try { locale = pack.locale(target.locale); } catch { locale = null; } }
        out.push({ ref: { pack: p, entry: target.entry }, match: rank, keyword: pack.keywordText(row) ?? "", locale });
        return out.length >= limit;
      };
      if (rank === "contains") {
        // The pack's keyword index, walked as Swift walks it: one scalar, its grams' postings merged in row order;
        // more, the rows common to every scalar pair's postings (rarest first), each checked.
        if (scalars.length === 1) {
          const merge = new PostingMerge(pack, pack.gramPostingRuns(scalars[0]));
          for (let row = merge.next(); row !== null; row = merge.next()) if (take(row)) return out;
        } else {
          const runs = containsRuns(pack, scalars);
          const cursors = runs.map((r) => r[0]);
          for (let row = pack.nextCommonPosting(runs, cursors); row !== null; row = pack.nextCommonPosting(runs, cursors)) {
            if (take(row)) return out;
          }
        }
        continue;
      }
      if (rank === "exact") {
        const entry = pack.entryIndexForEmojiBytes(q);
        if (entry !== null) {
          let written = null;
          try { written = pack.string(pack.entrySection.offset + entry * pack.entrySize + Entry.emoji); } catch { written = null; }
          const key = p * 0x100000000 + entry;
          if (written !== null && !seen.has(key)) {
            seen.add(key);
            out.push({ ref: { pack: p, entry }, match: "exact", keyword: written, locale: null });
            if (out.length >= limit) return out;
          }
        }
      }
      let range = prefixRanges.get(p);
      if (range === undefined) prefixRanges.set(p, (range = pack.keywordRange(q)));
      for (let row = range[0]; row < range[1]; row++) {
        // Exact matches come first in the prefix range: the first longer key ends the rank in this pack.
        if (rank === "exact" && pack.foldedKeyword(row)?.length !== q.length) break;
        if (take(row)) return out;
      }
    }
  }
  return out;
}
