// @ts-check
// Packs together: look-ups by tag, code and emoji, emoticon details, animations; the tokenizer and the delete key
// with exactly the rules of docs/RUNTIME.md.
import { PackFile } from "./pack.js";
import {
  ClusterBoundaries, boundaryBefore, clusterEnds, clusterGlue, emojiClusterEnd, emojiLeadUnits, isEmojiStart, nfc,
} from "./unicode.js";

/** @typedef {{pack: number, entry: number}} EmoticonRef */
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

/**
 * @param {EmoticonRef} ref
 */
const refKey = (ref) => ref.pack * 0x100000000 + ref.entry;

/** Packs in tab order. */
export class Catalog {
  /**
   * @param {PackFile[]} packs
   */
  constructor(packs) {
    this.packs = packs;
  }

  /**
   * Opens packs from their bytes, in tab order.
   * @param {(ArrayBuffer|Uint8Array)[]} buffers
   */
  static open(buffers) { return new Catalog(buffers.map((b) => new PackFile(b))); }

  /**
   * The emoticon for a tag or code (any canonically equivalent spelling of a tag), or null.
   * @param {string} tag
   * @returns {EmoticonRef|null}
   */
  lookupTag(tag) {
    for (let p = 0; p < this.packs.length; p++) {
      const e = this.packs[p].entryIndexForTag(tag);
      if (e !== null) return { pack: p, entry: e };
    }
    const composed = nfc(tag);
    if (composed === tag) return null;
    for (let p = 0; p < this.packs.length; p++) {
      const e = this.packs[p].entryIndexForTag(composed);
      if (e !== null) return { pack: p, entry: e };
    }
    return null;
  }

  /**
   * The entry standing for an emoji (variation selectors ignored), or null.
   * @param {string} emoji
   * @returns {EmoticonRef|null}
   */
  lookupEmoji(emoji) {
    for (let p = 0; p < this.packs.length; p++) {
      const e = this.packs[p].entryIndexForEmoji(emoji);
      if (e !== null) return { pack: p, entry: e };
    }
    return null;
  }

  /**
   * An emoticon's details.
   * @param {EmoticonRef} ref
   */
  emoticon(ref) {
    const pack = this.packs[ref.pack];
    if (!pack) throw new RangeError(`pack ${ref.pack} requested of ${this.packs.length}`);
    const e = pack.entry(ref.entry);
    const insertionText = (e.insertsCode ? e.codes[0] ?? e.tags[0] : e.tags[0] ?? e.codes[0]) ?? e.emoji ?? "";
    return {
      ref, packId: pack.id, ...e, insertionText,
      image: e.image === null ? null : pack.image(e.image),
    };
  }

  /**
   * What a screen reader reads: the tag without brackets or colons, or the emoji.
   * @param {EmoticonRef} ref
   */
  accessibilityLabel(ref) {
    let e;
    try { e = this.emoticon(ref); } catch { return null; }
    const tag = e.tags[0];
    if (tag === undefined) return e.emoji;
    for (const [open, close] of [["[", "]"], [":", ":"]]) {
      if ([...tag].length > 2 && tag.startsWith(open) && tag.endsWith(close)) return tag.slice(1, -1);
    }
    return tag;
  }

  /**
   * The animation of `ref`, or null for a still.
   * @param {EmoticonRef} ref
   */
  animation(ref) {
    const pack = this.packs[ref.pack];
    const a = pack.entry(ref.entry).animation;
    if (a === null) return null;
    const anim = pack.animation(a);
    let end = 0;
    const endTimes = anim.frames.map((f) => (end += f.duration));
    return new EmoticonAnimation(endTimes, anim.loopCount, anim.still, anim.frames.map((f) => f.image));
  }
}

/** An animation's timing: which frame shows when, playing `loopCount` times (0: forever). */
export class EmoticonAnimation {
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
    return new EmoticonAnimation(delays.map((d) => (end += Math.max(1, d))), loopCount, stillFrame);
  }

  get frameCount() { return this.endTimes.length; }
  get duration() { return this.endTimes[this.endTimes.length - 1] ?? 0; }
  /** When the last play ends (ms); null when it plays forever. */
  get totalDuration() { return this.loopCount > 0 ? this.duration * this.loopCount : null; }

  /**
   * The frame shown `time` ms after the start; the last frame once every loop has played.
   * @param {number} time
   */
  frameAt(time) {
    const ends = this.endTimes;
    if (ends.length === 0 || time <= 0) return 0;
    const total = this.totalDuration;
    if (total !== null && time >= total) return ends.length - 1;
    const t = time % this.duration;
    let lo = 0, hi = ends.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid] > t) hi = mid; else lo = mid + 1;
    }
    return lo;
  }

  /**
   * When the frame next changes after `time` (ms), or null once it rests.
   * @param {number} time
   */
  nextChange(time) {
    const ends = this.endTimes;
    if (ends.length <= 1) return null;
    const now = Math.max(0, time);
    const play = Math.floor(now / this.duration);
    const f = this.frameAt(now);
    const total = this.totalDuration;
    if ((total !== null && now >= total) || (play === this.loopCount - 1 && f === ends.length - 1)) return null;
    return play * this.duration + ends[f];
  }
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
          text = pack.string(pack.tagSection.offset + t * pack.tagSize);
          entry = pack.le32(pack.tagSection.offset + t * pack.tagSize + 8);
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
        try { emoji = pack.entryHasEmoji(e) ? pack.string(pack.entrySection.offset + e * pack.entrySize + 8) : null; } catch { emoji = null; }
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

/** @typedef {{kind: "text"|"emoticon"|"emoji", ref: EmoticonRef|null, start: number, end: number, display: number, displayEnd: number, attachment: boolean}} Run */

/**
 * A message being edited: its source text (tags and codes as typed) and its display text, where each emoticon shown
 * as an image is one U+FFFC; offsets are UTF-16 in either text ("source" or "display").
 */
export class EmoticonText {
  /**
   * @param {string} source
   * @param {Tokenizer} tokenizer
   * @param {{emojiAsImages?: boolean}} [options]
   */
  constructor(source, tokenizer, options = {}) {
    this.tokenizer = tokenizer;
    this.emojiAsImages = options.emojiAsImages ?? false;
    this.source = "";
    /** @type {number[]} */
    this.ends = [];
    /** @type {Run[]} */
    this.runs = [];
    this.displayLength = 0;
    this.setSource(source);
  }

  /**
   * @param {string} source
   */
  setSource(source) {
    this.source = source;
    this.ends = clusterEnds(source);
    this.runs = [];
    let d = 0;
    for (const t of this.tokenizer.tokenize(source)) {
      const attachment = t.kind === "emoticon" ||
        (t.kind === "emoji" && this.emojiAsImages && t.ref !== null && this.tokenizer.catalog.packs[t.ref.pack].entryHasImage(t.ref.entry));
      const len = attachment ? 1 : t.end - t.start;
      this.runs.push({ kind: t.kind, ref: t.ref, start: t.start, end: t.end, display: d, displayEnd: d + len, attachment });
      d += len;
    }
    this.displayLength = d;
  }

  /** The display text. */
  get display() {
    return this.runs.map((r) => (r.attachment ? "\ufffc" : this.source.slice(r.start, r.end))).join("");
  }

  /** The runs of the display text: text, and attachments with their emoticon and source text. */
  get displayRuns() {
    /** @type {({text: string}|{ref: EmoticonRef, source: string})[]} */
    const out = [];
    for (const r of this.runs) {
      const piece = this.source.slice(r.start, r.end);
      const last = out[out.length - 1];
      if (r.attachment && r.ref) out.push({ ref: r.ref, source: piece });
      else if (last && "text" in last) last.text += piece;
      else out.push({ text: piece });
    }
    return out;
  }

  /**
   * @param {"source"|"display"} space
   */
  length(space) { return space === "source" ? this.source.length : this.displayLength; }

  /**
   * Source offset of a cluster boundary at or around `o` in [lo, hi).
   * @param {number} o
   * @param {boolean} up
   */
  clusterBoundary(o, up) {
    let prev = 0;
    for (const e of this.ends) {
      if (e === o) return o;
      if (e > o) return up ? e : prev;
      prev = e;
    }
    return this.source.length;
  }

  /**
   * The source offset of `offset` in `space`: rounded down (or up) out of a token or cluster.
   * @param {number} offset
   * @param {"source"|"display"} space
   * @param {boolean} up
   */
  toSource(offset, space, up) {
    for (const r of this.runs) {
      const at = space === "source" ? r.start : r.display;
      const len = space === "source" ? r.end - r.start : r.displayEnd - r.display;
      if (offset === at) return r.start;
      if (offset < at + len) {
        if (r.kind !== "text") return up ? r.end : r.start;
        return this.clusterBoundary(r.start + (offset - at), up);
      }
    }
    return this.source.length;
  }

  /**
   * The offset in `space` of source offset `s` (a boundary; inside a token: its end).
   * @param {number} s
   * @param {"source"|"display"} space
   */
  fromSource(s, space) {
    let at = 0;
    for (const r of this.runs) {
      const len = space === "source" ? r.end - r.start : r.displayEnd - r.display;
      if (s < r.end) {
        if (s <= r.start) return at;
        if (r.kind !== "text") return at + len;
        return at + (s - r.start);
      }
      at += len;
    }
    return at;
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
    const o = Math.min(Math.max(offset, 0), this.source.length);
    return this.fromSource(this.toSource(o, "source", true), "display");
  }

  /**
   * The source offset of a display offset.
   * @param {number} offset
   */
  sourceOffset(offset) {
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
    const [a, b] = this.sourceRange(lo, hi, space);
    return this.source.slice(a, b);
  }

  /**
   * Where the token or cluster ending at source offset `end` starts.
   * @param {number} end
   */
  startOfUnit(end) {
    for (const r of this.runs) {
      if (r.start < end && end <= r.end) {
        if (r.kind !== "text") return r.start;
        let prev = 0;
        for (const e of this.ends) {
          if (e >= end) break;
          prev = e;
        }
        return Math.max(prev, r.start);
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
  replace(lo, hi, space, text) {
    let [a, b] = this.sourceRange(lo, hi, space);
    if (lo === hi) {
      const around = this.tokenAround(lo, space);
      if (around) [a, b] = around;
    }
    return this.apply(a, b, text);
  }

  /**
   * @param {number} offset
   * @param {"source"|"display"} space
   * @returns {[number, number]|null}
   */
  tokenAround(offset, space) {
    if (!(offset > 0 && offset < this.length(space))) return null;
    for (const r of this.runs) {
      const at = space === "source" ? r.start : r.display;
      const len = space === "source" ? r.end - r.start : r.displayEnd - r.display;
      if (at < offset && offset < at + len) return r.kind !== "text" ? [r.start, r.end] : null;
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
    let [a, b] = this.sourceRange(lo, hi, space);
    if (a === b) {
      if (b <= 0) return this.apply(0, 0, "");
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
  apply(a, b, text) {
    const displayLo = this.fromSource(a, "display");
    const displayHi = this.fromSource(b, "display");
    this.setSource(this.source.slice(0, a) + text + this.source.slice(b));
    const cursor = a + text.length;
    return {
      source: { range: [a, b], replacement: text, cursor },
      display: { range: [displayLo, displayHi], cursor: this.fromSource(cursor, "display") },
    };
  }
}

export { refKey };
