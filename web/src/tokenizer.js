// @ts-check
// The tokenizer and the delete key, with exactly the rules of docs/RUNTIME.md.
import { Entry, Tag } from "./format.js";
import {
  ClusterBoundaries, boundaryBefore, clusterGlue, emojiClusterEnd, emojiLeadUnits, isEmojiStart, nfc,
} from "./unicode.js";
import { EmoticonText } from "./text.js";

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
 * The runs of one message, five numbers each (start, end, kind, pack, entry) in one typed array: a token object is
 * made only when one is read (`at`, iteration), so laying a message out costs no objects per run.
 */
export class TokenizedText {
  /**
   * @param {string} message
   * @param {Int32Array} runs
   * @param {number} length
   */
  constructor(message, runs, length) {
    this.message = message;
    this.runs = runs;
    this.length = length;
  }

  /** @param {number} i */
  start(i) { return this.runs[5 * i]; }
  /** @param {number} i */
  end(i) { return this.runs[5 * i + 1]; }
  /** @param {number} i */
  kind(i) { return KINDS[this.runs[5 * i + 2]]; }
  /**
   * @param {number} i
   * @returns {EmoticonRef|null}
   */
  ref(i) { return this.runs[5 * i + 2] === 0 ? null : { pack: this.runs[5 * i + 3], entry: this.runs[5 * i + 4] }; }
  /** @param {number} i */
  text(i) { return this.message.slice(this.runs[5 * i], this.runs[5 * i + 1]); }
  /** @param {number} i */
  at(i) { return new Token(this.kind(i), this.ref(i), this.start(i), this.end(i), this.message); }

  *[Symbol.iterator]() {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }

  toArray() { return Array.from(this); }
}

const encoder = new TextEncoder();

/**
 * FNV-1a over the UTF-16 units of `text[from..<to]`, skipping U+FE0E and U+FE0F when `skipSelectors`.
 * @param {string} text
 * @param {number} from
 * @param {number} to
 * @param {boolean} skipSelectors
 */
function unitHash(text, from, to, skipSelectors) {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) {
    const u = text.charCodeAt(i);
    if (skipSelectors && (u === 0xfe0f || u === 0xfe0e)) continue;
    h = Math.imul(h ^ u, 0x01000193);
  }
  return h >>> 0;
}

/**
 * @param {Map<number, {key: string, ref: EmoticonRef}[]>} map
 * @param {number} hash
 * @param {string} key
 * @param {EmoticonRef} ref
 */
function addHashed(map, hash, key, ref) {
  const list = map.get(hash);
  if (list) list.push({ key, ref });
  else map.set(hash, [{ key, ref }]);
}

/**
 * True when `key` and `text[from..<to]` are the same but for U+FE0E and U+FE0F.
 * @param {string} key
 * @param {string} text
 * @param {number} from
 * @param {number} to
 */
function equalIgnoringSelectors(key, text, from, to) {
  let i = 0;
  let j = from;
  for (;;) {
    while (i < key.length && (key.charCodeAt(i) === 0xfe0f || key.charCodeAt(i) === 0xfe0e)) i++;
    while (j < to && (text.charCodeAt(j) === 0xfe0f || text.charCodeAt(j) === 0xfe0e)) j++;
    if (i === key.length || j === to) return i === key.length && j === to;
    if (key.charCodeAt(i) !== text.charCodeAt(j)) return false;
    i++;
    j++;
  }
}

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
    this.maxTagBytes = Math.min(Math.max(options.maxTagBytes ?? 256, 0), 1 << 24);
    /**
     * Literal codes by first UTF-16 unit, longest first; the first pack's wins.
     * @type {Map<number, {text: string, ref: EmoticonRef}[]>}
     */
    this.codes = new Map();
    /** @type {Map<string, EmoticonRef>} */
    this.shortcodes = new Map();
    /**
     * Every key (tag, code, shortcode) as written, the first pack's winning, by `unitHash`.
     * @type {Map<number, {key: string, ref: EmoticonRef}[]>}
     */
    this.keys = new Map();
    /**
     * Every emoji, the first pack's winning, by `unitHash` without variation selectors 15 and 16.
     * @type {Map<number, {key: string, ref: EmoticonRef}[]>}
     */
    this.emoji = new Map();
    /**
     * Every key and every emoji (without U+FE0E and U+FE0F) as a string, the first pack's winning: the tokenizer's
     * look-up, hashed by the engine.
     * @type {Map<string, EmoticonRef>}
     */
    this.keyStrings = new Map();
    /** @type {Map<string, EmoticonRef>} */
    this.emojiStrings = new Map();
    /** UTF-16 units that may start a match: 1 a code's first unit, 2 `[`, 4 `:` with shortcodes, 8 an emoji's. */
    this.leads = new Uint8Array(0x10000);
    this.leads[0x5b] |= 2;
    for (let u = 0; u < 0x10000; u++) if (emojiLeadUnits[u]) this.leads[u] |= 8;
    const seen = new Set();
    catalog.packs.forEach((pack, p) => {
      for (let t = 0; t < pack.tagCount; t++) {
        let form, text, entry;
        try {
          form = pack.keyForm(t);
          text = pack.string(pack.tagSection.offset + t * pack.tagSize + Tag.tag);
          entry = pack.le32(pack.tagSection.offset + t * pack.tagSize + Tag.entry);
        } catch { continue; }
        if (entry >= pack.entryCount || pack.entryIndexForTag(text) !== entry) continue;
        const ref = { pack: p, entry };
        if (!this.findKey(text, 0, text.length)) {
          addHashed(this.keys, unitHash(text, 0, text.length, false), text, ref);
          this.keyStrings.set(text, ref);
        }
        if (form === 0) continue;
        if (form === 2) {
          if (!this.shortcodes.has(text)) this.shortcodes.set(text, ref);
          this.leads[0x3a] |= 4;
        } else if (!seen.has(text) && text.length > 0) {
          seen.add(text);
          const first = text.charCodeAt(0);
          const list = this.codes.get(first) ?? [];
          list.push({ text, ref });
          this.codes.set(first, list);
          this.leads[first] |= 1;
        }
      }
      for (let e = 0; e < pack.entryCount; e++) {
        let emoji = null;
        try { emoji = pack.entryHasEmoji(e) ? pack.string(pack.entrySection.offset + e * pack.entrySize + Entry.emoji) : null; } catch { emoji = null; }
        if (emoji === null || pack.entryIndexForEmoji(emoji) !== e) continue;
        if (!this.findEmoji(emoji, 0, emoji.length)) {
          addHashed(this.emoji, unitHash(emoji, 0, emoji.length, true), emoji, { pack: p, entry: e });
          const bare = withoutSelectors(emoji);
          if (!this.emojiStrings.has(bare)) this.emojiStrings.set(bare, { pack: p, entry: e });
        }
      }
    });
    for (const list of this.codes.values()) {
      list.sort((x, y) => encoder.encode(y.text).length - encoder.encode(x.text).length);
    }
  }

  /**
   * The runs of `message`, in order; joined, they give it back.
   * @param {string} message
   * @returns {TokenizedText}
   */
  tokenize(message) {
    const n = message.length;
    const bounds = new ClusterBoundaries(message);
    let runs = new Int32Array(5 * (64 + (n >> 2)));
    let count = 0;
    let textStart = 0;
    const leads = this.leads;
    const keyStrings = this.keyStrings;
    const emojiStrings = this.emojiStrings;
    let s = 0;
    while (s < n) {
      const unit = message.charCodeAt(s);
      // Only a cluster start whose first unit may begin a key or an emoji is looked at; a keycap base only
      // before U+FE0F or U+20E3.
      const lead = leads[unit];
      if (lead === 0) { s++; continue; }
      if (lead === 8 && unit < 0x80) {
        const next = message.charCodeAt(s + 1);
        if (next !== 0xfe0f && next !== 0x20e3) { s++; continue; }
      }
      // A cluster boundary before `s`.
      if (s > 0 && !boundaryBefore(message, s, bounds)) { s++; continue; }
      /** @type {EmoticonRef|null|undefined} */
      let ref = null;
      let matchEnd = -1;
      let kind = 1;
      if (lead === 2) {
        // `[`: the fast path (no code starts with it).
        const end = this.tagEnd(message, s, bounds);
        if (end > 0 && this.boundaryAfter(message, s + 1, bounds)) {
          const tag = message.slice(s, end);
          ref = keyStrings.get(tag);
          if (!ref) {
            const composed = nfc(tag);
            if (composed !== tag) ref = keyStrings.get(composed);
          }
          if (ref) matchEnd = end;
        }
      } else if (lead === 8) {
        // An emoji's lead unit: the fast path.
        const first = /** @type {number} */ (message.codePointAt(s));
        const width = first > 0xffff ? 2 : 1;
        let end = emojiClusterEnd(message, s);
        if (end < 0) end = bounds.end(s);
        const second = end > s + width ? message.charCodeAt(s + width) : -1;
        const mayStart = first < 0x80 ? second === 0xfe0f || second === 0x20e3 : isEmojiStart(first);
        if (mayStart) {
          ref = emojiStrings.get(withoutSelectors(message.slice(s, end)));
          if (ref) { matchEnd = end; kind = 2; }
        }
      } else {
        if (!bounds.at(s)) { s++; continue; }
        const emojiLead = (lead & 8) !== 0;
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
            const found = this.shortcodes.get(name) ?? this.shortcodes.get(nfc(name));
            if (found) { matchEnd = close + 1; ref = found; }
          }
        }
        if (!ref && lead & 2 && bounds.at(s + 1)) {
          const tagEnd = this.tagEnd(message, s, bounds);
          if (tagEnd > 0) {
            ref = this.findKey(message, s, tagEnd);
            if (!ref) {
              const tag = message.slice(s, tagEnd);
              const composed = nfc(tag);
              if (composed !== tag) ref = this.findKey(composed, 0, composed.length);
            }
            if (ref) matchEnd = tagEnd;
          }
        }
        if (!ref && emojiLead) {
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
      }
      if (ref) {
        if (5 * count + 10 > runs.length) {
          const grown = new Int32Array(runs.length * 2);
          grown.set(runs);
          runs = grown;
        }
        let at = 5 * count;
        if (textStart < s) {
          runs[at] = textStart;
          runs[at + 1] = s;
          runs[at + 2] = 0;
          runs[at + 3] = -1;
          runs[at + 4] = -1;
          at += 5;
          count++;
        }
        runs[at] = s;
        runs[at + 1] = matchEnd;
        runs[at + 2] = kind;
        runs[at + 3] = ref.pack;
        runs[at + 4] = ref.entry;
        count++;
        textStart = matchEnd;
        s = matchEnd;
        continue;
      }
      s++;
    }
    if (textStart < n) {
      if (5 * count + 5 > runs.length) {
        const grown = new Int32Array(runs.length + 5);
        grown.set(runs);
        runs = grown;
      }
      runs.set([textStart, n, 0, -1, -1], 5 * count++);
    }
    return new TokenizedText(message, runs, count);
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
   * The emoticon whose key is exactly `text[from..<to]`, or null.
   * @param {string} text
   * @param {number} from
   * @param {number} to
   */
  findKey(text, from, to) {
    const list = this.keys.get(unitHash(text, from, to, false));
    if (list) for (const k of list) if (k.key.length === to - from && text.startsWith(k.key, from)) return k.ref;
    return null;
  }

  /**
   * The entry whose emoji is `text[from..<to]`, variation selectors 15 and 16 aside, or null.
   * @param {string} text
   * @param {number} from
   * @param {number} to
   */
  findEmoji(text, from, to) {
    const list = this.emoji.get(unitHash(text, from, to, true));
    if (list) for (const k of list) if (equalIgnoringSelectors(k.key, text, from, to)) return k.ref;
    return null;
  }

  /**
   * Where the bracketed text starting at `start` ends (after its `]`) within maxTagBytes, or -1.
   * @param {string} s
   * @param {number} start
   * @param {ClusterBoundaries} bounds
   */
  tagEnd(s, start, bounds) {
    const limit = this.maxTagBytes;
    let bytes = 1;
    let j = start + 1;
    const n = s.length;
    while (j < n && bytes < limit) {
      const u = s.charCodeAt(j);
      if (u === 0x5d) return j > start + 1 && this.boundaryAfter(s, j + 1, bounds) ? j + 1 : -1;
      if (u === 0x5b) return -1;
      if (u < 0x80) { bytes += 1; j++; }
      else if (u < 0x800) { bytes += 2; j++; }
      else if (u >= 0xd800 && u < 0xdc00 && j + 1 < n && (s.charCodeAt(j + 1) & 0xfc00) === 0xdc00) { bytes += 4; j += 2; }
      else { bytes += 3; j++; }
    }
    return -1;
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
    const model = new EmoticonText(text, this);
    const at = model.wholeTokens(cursor, cursor, "source")[1];
    const change = model.replace(at, at, "source", emoticon.insertionText);
    return { text: model.source, cursor: change.source.cursor };
  }
}
