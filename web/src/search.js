// @ts-check
// Search with the Swift runtime's folding and ranking: exact keys and emoji first, then keys and keywords starting
// with the query, then those containing it; packs in tab order within a rank, keywords in folded byte order within
// a pack, each emoticon once.
import { optionsArg, stringArg } from "./args.js";
import { Entry } from "./format.js";
import { compared } from "./unicode.js";

const encoder = new TextEncoder();
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

/** @type {WeakMap<object, (Uint8Array|null)[]>} */
const foldedCache = new WeakMap();
/**
 * @param {import("./pack.js").PackFile} pack
 */
function foldedKeys(pack) {
  let keys = foldedCache.get(pack);
  if (!keys) {
    keys = [];
    for (let r = 0; r < pack.keywordCount; r++) keys.push(pack.foldedKeyword(r));
    foldedCache.set(pack, keys);
  }
  return keys;
}

/**
 * @param {Uint8Array} key
 * @param {Uint8Array} q
 */
function startsWith(key, q) {
  if (key.length < q.length) return false;
  for (let i = 0; i < q.length; i++) if (key[i] !== q[i]) return false;
  return true;
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
  const ranks = /** @type {const} */ (["exact", "prefix", "contains"]);
  for (const rank of ranks) {
    for (let p = 0; p < catalog.packs.length; p++) {
      const pack = catalog.packs[p];
      /**
       * @param {number} row
       */
      const take = (row) => {
        const target = pack.keywordTarget(row);
        if (!target) return false;
        if (rank === "exact" && target.source !== 1) return false;
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
      const keys = foldedKeys(pack);
      for (let row = 0; row < keys.length; row++) {
        const key = keys[row];
        if (!key) continue;
        if (rank === "exact") {
          if (!startsWith(key, q)) continue;
          if (key.length !== q.length) break;
        } else if (rank === "prefix") {
          if (!startsWith(key, q)) continue;
        } else if (!contains(key, q)) continue;
        if (take(row)) return out;
      }
    }
  }
  return out;
}
