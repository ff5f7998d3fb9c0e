// @ts-check
// The tokenizer and the delete key, with exactly the rules of docs/RUNTIME.md.
import { Entry, Tag } from "./format.js";
import {
  ClusterBoundaries, boundaryBefore, clusterGlue, emojiClusterEnd, emojiLeadUnits, isEmojiStart, nfc,
} from "./unicode.js";
import { EmoticonText } from "./text.js";
import { emoticonArg, offsetArg, stringArg } from "./args.js";
import { Kernel, makeKernel } from "./kernel.js";

/** @typedef {import("./catalog.js").EmoticonRef} EmoticonRef */
/** @typedef {import("./catalog.js").Catalog} Catalog */

/** A run of a message: its kind, its emoticon (null for text), its UTF-16 range, and its text (sliced when read). */
export class Token {
  /**
   * @param {"text"|"emoticon"|"emoji"} kind
   * @param {EmoticonRef|null} ref
   * @param {number} start
   * @param {number} end
   * @param {string} message
   */
  constructor(kind, ref, start, end, message) {
    this.kind = kind;
    this.ref = ref;
    this.start = start;
    this.end = end;
    this.message = message;
  }

  get text() { return this.message.slice(this.start, this.end); }
}

const KINDS = /** @type {const} */ (["text", "emoticon", "emoji"]);

/**
 * The emoticon a run's code names (kind + 4 × its index among the catalog's emoticons), or null for text.
 * @param {number} code
 * @param {ArrayLike<number>} packStarts each pack's first index in the catalog, then the catalog's entry count
 * @returns {EmoticonRef|null}
 */
export function runRef(code, packStarts) {
  if (code === 0) return null;
  const index = code >> 2;
  let low = 0;
  let high = packStarts.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (packStarts[mid] <= index) low = mid; else high = mid - 1;
  }
  return { pack: low, entry: index - packStarts[low] };
}

/**
 * The runs of one message in one typed array, two numbers each (start, kind + 4 × the emoticon's index in the
 * catalog; 0 for text), then the message's length: a run ends where the next starts. A token object is made only
 * when one is read (`at`, iteration), so laying a message out costs no objects per run.
 */
export class TokenizedText {
  /**
   * @param {string} message
   * @param {Int32Array} runs
   * @param {number} length
   * @param {Int32Array} packStarts each pack's first index in the catalog, then the catalog's entry count
   */
  constructor(message, runs, length, packStarts) {
    this.message = message;
    this.runs = runs;
    this.length = length;
    this.packStarts = packStarts;
  }

  /** @param {number} i */
  start(i) { return this.runs[2 * i]; }
  /** @param {number} i */
  end(i) { return this.runs[2 * i + 2]; }
  /** @param {number} i */
  kind(i) { return KINDS[this.runs[2 * i + 1] & 3]; }
  /**
   * @param {number} i
   * @returns {EmoticonRef|null}
   */
  ref(i) { return runRef(this.runs[2 * i + 1], this.packStarts); }
  /** @param {number} i */
  text(i) { return this.message.slice(this.runs[2 * i], this.runs[2 * i + 2]); }
  /** @param {number} i */
  at(i) { return new Token(this.kind(i), this.ref(i), this.start(i), this.end(i), this.message); }

  *[Symbol.iterator]() {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }

  toArray() { return Array.from(this); }
}

const encoder = new TextEncoder();
// The JavaScript tokenizer's scratch array of runs: its size to begin with, and the most it keeps between messages.
const SCRATCH_RUNS = 1025;
const SCRATCH_KEPT = 1 << 16;
const FNV_PRIME = 0x01000193;

/**
 * Strings (UTF-16 units) to emoticon references in one open-addressed table of typed arrays: a look-up hashes and
 * compares units of the message in place, with no slice and no string hashing. With `skipSelectors`, U+FE0E and
 * U+FE0F are left out of keys and of the compared text alike.
 */
class KeyTable {
  /**
   * @param {Map<string, EmoticonRef>} map keys (without selectors when `skipSelectors`) to their emoticon
   * @param {boolean} skipSelectors
   */
  constructor(map, skipSelectors) {
    this.skipSelectors = skipSelectors;
    let size = 16;
    while (size < 2 * map.size) size *= 2;
    this.mask = size - 1;
    /** Each slot: 0 when empty, else 1 + the key's index. */
    this.slots = new Int32Array(size);
    let total = 0;
    for (const key of map.keys()) total += key.length;
    this.units = new Uint16Array(total);
    this.starts = new Int32Array(map.size + 1);
    this.hashes = new Int32Array(map.size);
    this.packs = new Int32Array(map.size);
    this.entries = new Int32Array(map.size);
    let k = 0;
    let at = 0;
    for (const [key, ref] of map) {
      for (let i = 0; i < key.length; i++) this.units[at + i] = key.charCodeAt(i);
      this.starts[k] = at;
      at += key.length;
      const h = keyHash(key, 0, key.length, skipSelectors);
      this.hashes[k] = h;
      this.packs[k] = ref.pack;
      this.entries[k] = ref.entry;
      let slot = h & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
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
  find(text, from, to, h) {
    const { slots, hashes, starts, units, mask } = this;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const k = slots[slot] - 1;
      if (k < 0) return -1;
      if (hashes[k] !== h) continue;
      let i = starts[k];
      const end = starts[k + 1];
      let j = from;
      if (!this.skipSelectors) {
        if (end - i !== to - from) continue;
        while (i < end && units[i] === text.charCodeAt(j)) { i++; j++; }
        if (i === end) return k;
        continue;
      }
      for (;;) {
        while (j < to && (text.charCodeAt(j) | 1) === 0xfe0f) j++;
        if (i === end || j === to) break;
        if (units[i] !== text.charCodeAt(j)) break;
        i++;
        j++;
      }
      if (i === end && j === to) return k;
    }
  }
}

/**
 * The tables' hash of `text[from..<to]`: FNV-1a over its UTF-16 units, mixed; U+FE0E and U+FE0F skipped when
 * `skipSelectors`.
 * @param {string} text
 * @param {number} from
 * @param {number} to
 * @param {boolean} skipSelectors
 */
function keyHash(text, from, to, skipSelectors) {
  let h = 0x811c9dc5 | 0;
  for (let i = from; i < to; i++) {
    const u = text.charCodeAt(i);
    if (skipSelectors && (u | 1) === 0xfe0f) continue;
    h = Math.imul(h ^ u, 0x01000193);
  }
  return finalHash(h);
}

/** @param {number} h */
function finalHash(h) { return (h ^ (h >>> 15)) | 0; }

/**
 * `text` without U+FE0E and U+FE0F.
 * @param {string} text
 */
function withoutSelectors(text) {
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    if (u === 0xfe0f || u === 0xfe0e) return text.replace(/[\ufe0e\ufe0f]/g, "");
  }
  return text;
}

/** Splits messages into text, emoticon and emoji runs, and joins them back. */
export class Tokenizer {
  /**
   * @param {Catalog} catalog
   * @param {{maxTagBytes?: number}} [options]
   */
  constructor(catalog, options = {}) {
    this.catalog = catalog;
    /** Each pack's first index among the catalog's emoticons, then their count: how runs name an emoticon. */
    this.packStarts = new Int32Array(catalog.packs.length + 1);
    catalog.packs.forEach((pack, p) => { this.packStarts[p + 1] = this.packStarts[p] + pack.entryCount; });
    this.maxTagBytes = Math.min(Math.max(options.maxTagBytes ?? 256, 0), 1 << 24);
    /**
     * Literal codes by first UTF-16 unit, longest first; the first pack's wins.
     * @type {Map<number, {text: string, ref: EmoticonRef}[]>}
     */
    this.codes = new Map();
    /** @type {Map<string, EmoticonRef>} */
    this.shortcodes = new Map();
    /**
     * Every key (tag, code, shortcode) as written, the first pack's winning.
     * @type {Map<string, EmoticonRef>}
     */
    const keys = new Map();
    /**
     * Every emoji without U+FE0E and U+FE0F, the first pack's winning.
     * @type {Map<string, EmoticonRef>}
     */
    const emoji = new Map();
    /** UTF-16 units that may start a match: 1 a code's first unit, 2 `[`, 4 `:` with shortcodes, 8 an emoji's. */
    this.leads = emojiLeadUnits.slice();
    /** @private Where the JavaScript tokenizer writes a message's runs before copying them out. */
    this.scratch = new Int32Array(SCRATCH_RUNS);
    this.leads[0x5b] |= 2;
    const seen = new Set();
    /** The longest key of each kind in UTF-16 units, as the pack spells it: how far an edit can change matches. */
    this.longestKeys = { tag: 0, shortcode: 0, code: 0, emoji: 0 };
    const longest = this.longestKeys;
    catalog.packs.forEach((pack, p) => {
      // The keys the pack's indexes lead back to, found by their bytes (a valid string's bytes are its UTF-8), then
      // decoded in one call.
      const refs = [], forms = [], entries = [];
      for (let t = 0; t < pack.tagCount; t++) {
        try {
          const at = pack.tagSection.offset + t * pack.tagSize;
          // A form byte this reader does not know (a damaged pack) reads as a tag, as in Swift's TokenIndex.
          let form = 0;
          try { form = pack.keyForm(t); } catch { /* a tag */ }
          const entry = pack.le32(at + Tag.entry);
          const bytes = pack.stringBytes(at + Tag.tag);
          if (bytes === null || entry >= pack.entryCount || pack.entryIndexForTagBytes(bytes) !== entry) continue;
          refs.push(at + Tag.tag);
          forms.push(form);
          entries.push(entry);
        } catch { continue; }
      }
      const texts = pack.stringsAt(refs);
      for (let k = 0; k < refs.length; k++) {
        const text = texts[k], form = forms[k];
        if (text === null) continue;
        const ref = { pack: p, entry: entries[k] };
        if (!keys.has(text)) keys.set(text, ref);
        if (form === 0) {
          longest.tag = Math.max(longest.tag, text.length);
          continue;
        }
        if (form === 2) {
          longest.shortcode = Math.max(longest.shortcode, text.length);
          if (!this.shortcodes.has(text)) this.shortcodes.set(text, ref);
          this.leads[0x3a] |= 4;
        } else if (!seen.has(text) && text.length > 0) {
          seen.add(text);
          longest.code = Math.max(longest.code, text.length);
          const first = text.charCodeAt(0);
          const list = this.codes.get(first) ?? [];
          list.push({ text, ref });
          this.codes.set(first, list);
          this.leads[first] |= 1;
        }
      }
      const emojiRefs = [], emojiEntries = [];
      for (let e = 0; e < pack.entryCount; e++) {
        if (!pack.entryHasEmoji(e)) continue;
        const at = pack.entrySection.offset + e * pack.entrySize + Entry.emoji;
        const bytes = pack.stringBytes(at);
        if (bytes === null || pack.entryIndexForEmojiBytes(bytes) !== e) continue;
        emojiRefs.push(at);
        emojiEntries.push(e);
      }
      const emojiTexts = pack.stringsAt(emojiRefs);
      for (let k = 0; k < emojiRefs.length; k++) {
        const text = emojiTexts[k];
        if (text === null) continue;
        const bare = withoutSelectors(text);
        longest.emoji = Math.max(longest.emoji, text.length);
        if (!emoji.has(bare)) emoji.set(bare, { pack: p, entry: emojiEntries[k] });
      }
    });
    for (const list of this.codes.values()) {
      list.sort((x, y) => encoder.encode(y.text).length - encoder.encode(x.text).length);
    }
    /** @private The keys and emoji, for the look-up tables the JavaScript tokenizer builds when it first needs them. */
    this.keyMaps = { keys, emoji };
    /** @private @type {KeyTable|null} */
    this.keyTable = null;
    /** @private @type {KeyTable|null} */
    this.emojiTable = null;
    /**
     * The WebAssembly kernel, once made (null before, and where WebAssembly is missing or cannot take the catalog).
     * @type {Kernel|null}
     */
    this.kernel = null;
    /** Where the last tag `tagMatch` found ends. */
    this.tagMatchEnd = -1;
    /**
     * Settles when the tokenizer uses its WebAssembly kernel or knows it will not; tokens are the same before.
     * @type {Promise<void>}
     */
    this.ready = Promise.resolve();
    try {
      const made = makeKernel({
        keys, emoji, codes: this.codes, shortcodes: this.shortcodes, packStarts: this.packStarts, leads: this.leads,
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
  get keys() { return (this.keyTable ??= new KeyTable(this.keyMaps.keys, false)); }
  /**
   * The emoji's look-up table, likewise.
   * @private
   */
  get emoji() { return (this.emojiTable ??= new KeyTable(this.keyMaps.emoji, true)); }

  /**
   * The runs of `message`, in order; joined, they give it back.
   * @param {string} message
   * @returns {TokenizedText}
   */
  tokenize(message) {
    const n = stringArg(message, "Tokenizer.tokenize(message)").length;
    if (this.kernel !== null) {
      const runs = this.kernel.tokenize(message, this.maxTagBytes);
      if (runs !== null) return new TokenizedText(message, runs, (runs.length - 1) / 2, this.packStarts);
    }
    const bounds = new ClusterBoundaries(message);
    // The runs go to a scratch array kept between messages, and out in one array of their exact size: V8 makes a
    // typed array of up to 64 bytes in its heap at once, a larger one with its own allocation, ten times the cost.
    let runs = this.scratch;
    let count = 0;
    let textStart = 0;
    const leads = this.leads;
    const keys = this.keys;
    const emoji = this.emoji;
    const limit = this.maxTagBytes;
    let s = 0;
    while (s < n) {
      let unit = message.charCodeAt(s);
      let lead = leads[unit];
      // Most units start nothing: skipped in a loop of their own.
      while (lead === 0 && ++s < n) {
        unit = message.charCodeAt(s);
        lead = leads[unit];
      }
      if (s >= n) break;
      // Only a cluster start whose first unit may begin a key or an emoji is looked at; a keycap base only
      // before U+FE0F or U+20E3.
      if (lead === 8 && unit < 0x80) {
        const next = message.charCodeAt(s + 1);
        if (next !== 0xfe0f && next !== 0x20e3) { s++; continue; }
      }
      // A cluster boundary before `s`.
      if (s > 0 && !boundaryBefore(message, s, bounds)) { s++; continue; }
      let found = -1;
      let matchEnd = -1;
      let kind = 1;
      if (lead === 2) {
        // `[` (no code starts with it).
        found = this.tagMatch(message, s, bounds);
        matchEnd = this.tagMatchEnd;
        if (found < 0) { s++; continue; }
        runs = this.grown(runs, count);
        count = this.push(runs, count, textStart, s, matchEnd, 1, keys.packs[found], keys.entries[found]);
        textStart = s = matchEnd;
        continue;
      }
      if (lead === 8) {
        // An emoji's lead unit: the cluster's end, then the emoji table, selectors aside, in place.
        let first = unit;
        let width = 1;
        if (unit >= 0xd800 && unit < 0xdc00 && s + 1 < n) {
          const low = message.charCodeAt(s + 1);
          if ((low & 0xfc00) === 0xdc00) { first = ((unit - 0xd800) << 10) + (low - 0xdc00) + 0x10000; width = 2; }
        }
        let end = emojiClusterEnd(message, s);
        if (end < 0) end = bounds.end(s);
        const second = end > s + width ? message.charCodeAt(s + width) : -1;
        const mayStart = first < 0x80 ? second === 0xfe0f || second === 0x20e3 : isEmojiStart(first);
        if (mayStart) found = emoji.find(message, s, end, keyHash(message, s, end, true));
        if (found < 0) { s++; continue; }
        runs = this.grown(runs, count);
        count = this.push(runs, count, textStart, s, end, 2, emoji.packs[found], emoji.entries[found]);
        textStart = s = end;
        continue;
      }
      // A unit that may start a code, a shortcode, a tag or an emoji: each tried, in that order.
      if (!bounds.at(s)) { s++; continue; }
      /** @type {EmoticonRef|null|undefined} */
      let ref = null;
      if (lead & 1) {
        const candidates = /** @type {{text: string, ref: EmoticonRef}[]} */ (this.codes.get(unit));
        for (const c of candidates) {
          const e = s + c.text.length;
          if (e <= n && message.startsWith(c.text, s) && bounds.at(e)) { matchEnd = e; ref = c.ref; break; }
        }
      }
      if (lead & 4) {
        const close = message.indexOf(":", s + 1);
        if (close > s + 1 && close + 1 > matchEnd && bounds.at(close + 1)) {
          const name = message.slice(s, close + 1);
          const shortcode = this.shortcodes.get(name) ?? this.shortcodes.get(nfc(name));
          if (shortcode) { matchEnd = close + 1; ref = shortcode; }
        }
      }
      if (!ref && lead & 2) {
        const k = this.tagMatch(message, s, bounds);
        if (k >= 0) {
          ref = { pack: keys.packs[k], entry: keys.entries[k] };
          matchEnd = this.tagMatchEnd;
        }
      }
      if (!ref && (lead & 8) !== 0) {
        const end = bounds.end(s);
        const first = /** @type {number} */ (message.codePointAt(s));
        const width = first > 0xffff ? 2 : 1;
        const second = end > s + width ? message.charCodeAt(s + width) : -1;
        const mayStart = first < 0x80 ? second === 0xfe0f || second === 0x20e3 : isEmojiStart(first);
        if (mayStart) {
          ref = this.findEmoji(message, s, end);
          if (ref) { matchEnd = end; kind = 2; }
        }
      }
      if (!ref) { s++; continue; }
      runs = this.grown(runs, count);
      count = this.push(runs, count, textStart, s, matchEnd, kind, ref.pack, ref.entry);
      textStart = s = matchEnd;
    }
    runs = this.grown(runs, count);
    count = this.push(runs, count, textStart, n, n, 0, -1, -1);
    runs[2 * count] = n;
    // A scratch array grown for a long message is kept only up to SCRATCH_KEPT numbers.
    this.scratch = runs.length <= SCRATCH_KEPT ? runs : new Int32Array(SCRATCH_RUNS);
    return new TokenizedText(message, runs.slice(0, 2 * count + 1), count, this.packStarts);
  }

  /**
   * `runs` with room for two more runs and the end after `count`.
   * @param {Int32Array} runs
   * @param {number} count
   */
  grown(runs, count) {
    if (2 * count + 5 <= runs.length) return runs;
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
    if (start === end) return count;
    runs[at] = start;
    runs[at + 1] = kind | ((this.packStarts[pack] + entry) << 2);
    return count + 1;
  }

  /**
   * True when a grapheme cluster boundary is at `i` (the unit before it starts no join): certain when the unit at
   * `i` is one no rule joins to what comes before, else asked of `bounds`.
   * @param {string} text
   * @param {number} i
   * @param {ClusterBoundaries} bounds
   */
  boundaryAfter(text, i, bounds) {
    if (i >= text.length) return true;
    const g = clusterGlue[text.charCodeAt(i)];
    if ((g & 1) !== 0) return false;
    return (g & 12) === 0 ? true : bounds.at(i);
  }

  /**
   * The entry whose emoji is `text[from..<to]`, variation selectors 15 and 16 aside, or null.
   * @param {string} text
   * @param {number} from
   * @param {number} to
   * @returns {EmoticonRef|null}
   */
  findEmoji(text, from, to) {
    const k = this.emoji.find(text, from, to, keyHash(text, from, to, true));
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
  tagMatch(message, start, bounds) {
    this.tagMatchEnd = -1;
    const n = message.length;
    if (!this.boundaryAfter(message, start + 1, bounds)) return -1;
    const limit = this.maxTagBytes;
    let h = Math.imul(0x811c9dc5 ^ 0x5b, FNV_PRIME);
    let bytes = 1;
    let j = start + 1;
    let end = -1;
    let composed = true; // every unit one that normalization leaves alone
    while (j < n && bytes < limit) {
      const u = message.charCodeAt(j);
      if (u === 0x5d) {
        if (j > start + 1 && this.boundaryAfter(message, j + 1, bounds)) end = j + 1;
        break;
      }
      if (u === 0x5b) break;
      h = Math.imul(h ^ u, FNV_PRIME);
      if (u < 0x80) { bytes += 1; j++; }
      else if (u < 0x800) { bytes += 2; j++; if (u >= 0x300) composed = false; }
      else if (u >= 0xd800 && u < 0xdc00 && j + 1 < n && (message.charCodeAt(j + 1) & 0xfc00) === 0xdc00) {
        h = Math.imul(h ^ message.charCodeAt(j + 1), FNV_PRIME);
        bytes += 4;
        j += 2;
        composed = false;
      } else {
        bytes += 3;
        j++;
        if (!((u >= 0x3400 && u <= 0x9fff) || (u >= 0xac00 && u <= 0xd7a3))) composed = false;
      }
    }
    if (end < 0) return -1;
    let found = this.keys.find(message, start, end, finalHash(Math.imul(h ^ 0x5d, FNV_PRIME)));
    if (found < 0 && !composed) {
      const tag = message.slice(start, end);
      const normal = nfc(tag);
      if (normal !== tag) found = this.keys.find(normal, 0, normal.length, keyHash(normal, 0, normal.length, false));
    }
    if (found >= 0) this.tagMatchEnd = end;
    return found;
  }


  /**
   * The tokens' text joined.
   * @param {Iterable<Token>} tokens
   */
  plainText(tokens) { return Array.from(tokens, (t) => t.text).join(""); }

  /**
   * The delete key at UTF-16 `cursor`: a whole tag, code, emoji or cluster.
   * @param {string} text
   * @param {number} cursor
   */
  deleteBackward(text, cursor) {
    stringArg(text, "Tokenizer.deleteBackward(text, cursor)");
    cursor = offsetArg(cursor, "Tokenizer.deleteBackward(text, cursor)");
    const model = new EmoticonText(text, this);
    const change = model.deleteBackward(cursor, "source");
    return { text: model.source, cursor: change.source.cursor };
  }

  /**
   * Inserts an emoticon's text at `cursor` (moved out of a token).
   * @param {{insertionText: string}} emoticon
   * @param {string} text
   * @param {number} cursor
   */
  insert(emoticon, text, cursor) {
    const where = "Tokenizer.insert(emoticon, text, cursor)";
    emoticonArg(emoticon, where);
    stringArg(text, where);
    cursor = offsetArg(cursor, where);
    const model = new EmoticonText(text, this);
    const at = model.wholeTokens(cursor, cursor, "source")[1];
    const change = model.replace(at, at, "source", emoticon.insertionText);
    return { text: model.source, cursor: change.source.cursor };
  }
}
