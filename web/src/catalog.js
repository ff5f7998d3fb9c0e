// @ts-check
// Packs together: look-ups by tag, code and emoji, emoticon details, animations; the tokenizer and the delete key
// with exactly the rules of docs/RUNTIME.md.
import { PackFile } from "./pack.js";
import { clusterEnds, isEmojiStart, nfc } from "./unicode.js";

/** @typedef {{pack: number, entry: number}} EmoticonRef */
/** @typedef {{kind: "text"|"emoticon"|"emoji", ref: EmoticonRef|null, start: number, end: number, text: string}} Token */

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
    const seen = new Set();
    catalog.packs.forEach((pack, p) => {
      for (let t = 0; t < pack.tagCount; t++) {
        let form, text, entry;
        try {
          form = pack.keyForm(t);
          text = pack.string(pack.tagSection.offset + t * pack.tagSize);
          entry = pack.le32(pack.tagSection.offset + t * pack.tagSize + 8);
        } catch { continue; }
        if (form === 0 || entry >= pack.entryCount) continue;
        const ref = { pack: p, entry };
        if (form === 2) {
          if (!this.shortcodes.has(text)) this.shortcodes.set(text, ref);
        } else if (!seen.has(text) && text.length > 0) {
          seen.add(text);
          const first = text.charCodeAt(0);
          const list = this.codes.get(first) ?? [];
          list.push({ text, ref });
          this.codes.set(first, list);
        }
      }
    });
    for (const list of this.codes.values()) list.sort((a, b) => encoder.encode(b.text).length - encoder.encode(a.text).length);
  }

  /**
   * The runs of `message`, in order; joined, they give it back.
   * @param {string} message
   * @returns {Token[]}
   */
  tokenize(message) {
    const ends = clusterEnds(message);
    const isEnd = new Uint8Array(message.length + 1);
    for (const e of ends) isEnd[e] = 1;
    /** @type {Token[]} */
    const out = [];
    let textStart = 0;
    let start = 0;
    let k = 0;
    /**
     * @param {"emoticon"|"emoji"} kind
     * @param {EmoticonRef} ref
     * @param {number} end
     */
    const take = (kind, ref, end) => {
      if (textStart < start) out.push({ kind: "text", ref: null, start: textStart, end: start, text: message.slice(textStart, start) });
      out.push({ kind, ref, start, end, text: message.slice(start, end) });
      textStart = end;
      while (k < ends.length && ends[k] <= end) k++;
    };
    while (k < ends.length) {
      start = k === 0 ? 0 : ends[k - 1];
      const end = ends[k];
      const unit = message.charCodeAt(start);
      // The longest literal code here that ends a cluster, then a shortcode when it reaches further.
      let codeEnd = -1;
      /** @type {EmoticonRef|null} */
      let codeRef = null;
      const candidates = this.codes.get(unit);
      if (candidates) {
        for (const c of candidates) {
          const e = start + c.text.length;
          if (e <= message.length && isEnd[e] && message.startsWith(c.text, start)) {
            codeEnd = e;
            codeRef = c.ref;
            break;
          }
        }
      }
      if (unit === 0x3a && this.shortcodes.size > 0) {
        const close = message.indexOf(":", start + 1);
        if (close > start + 1 && isEnd[close + 1] && close + 1 > codeEnd) {
          const name = message.slice(start, close + 1);
          const ref = this.shortcodes.get(name) ?? this.shortcodes.get(nfc(name));
          if (ref) { codeEnd = close + 1; codeRef = ref; }
        }
      }
      if (codeRef) { take("emoticon", codeRef, codeEnd); continue; }
      if (unit === 0x5b && end === start + 1) {
        const tagEnd = this.tagEnd(message, start, isEnd);
        if (tagEnd > 0) {
          const ref = this.catalog.lookupTag(message.slice(start, tagEnd));
          if (ref) { take("emoticon", ref, tagEnd); continue; }
        }
      }
      const first = /** @type {number} */ (message.codePointAt(start));
      const second = end > start + (first > 0xffff ? 2 : 1) ? message.codePointAt(start + (first > 0xffff ? 2 : 1)) : undefined;
      const mayStart = first < 0x80
        ? "0123456789#*".includes(String.fromCharCode(first)) && (second === 0xfe0f || second === 0x20e3)
        : isEmojiStart(first);
      if (mayStart) {
        const ref = this.catalog.lookupEmoji(message.slice(start, end));
        if (ref) { take("emoji", ref, end); continue; }
      }
      k++;
    }
    if (textStart < message.length) {
      out.push({ kind: "text", ref: null, start: textStart, end: message.length, text: message.slice(textStart) });
    }
    return out;
  }

  /**
   * Where the bracketed text starting at `start` ends (after its `]`) within maxTagBytes, or -1.
   * @param {string} s
   * @param {number} start
   * @param {Uint8Array} isEnd
   */
  tagEnd(s, start, isEnd) {
    let bytes = 1;
    let j = start + 1;
    while (j < s.length && bytes < this.maxTagBytes) {
      const u = s.charCodeAt(j);
      if (u === 0x5b) return -1;
      if (u === 0x5d) return j > start + 1 && isEnd[j + 1] ? j + 1 : -1;
      const cp = /** @type {number} */ (s.codePointAt(j));
      const n = cp > 0xffff ? 2 : 1;
      bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      j += n;
    }
    return -1;
  }

  /**
   * The tokens' text joined.
   * @param {Token[]} tokens
   */
  plainText(tokens) { return tokens.map((t) => t.text).join(""); }

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
