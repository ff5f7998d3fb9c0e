// The display model the slow and obvious way, for the tests: every edit tokenizes and segments the whole message
// again, and every offset is found by walking all its runs.
import { clusterEnds } from "../src/unicode.js";

/** @typedef {import("../src/catalog.js").EmoticonRef} EmoticonRef */
/** @typedef {import("../src/tokenizer.js").Tokenizer} Tokenizer */

/** @typedef {{kind: "text"|"emoticon"|"emoji", ref: EmoticonRef|null, start: number, end: number, display: number, displayEnd: number, attachment: boolean}} Run */

/**
 * A message being edited: its source text (tags and codes as typed) and its display text, where each emoticon shown
 * as an image is one U+FFFC; offsets are UTF-16 in either text ("source" or "display").
 */
export class ReferenceText {
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
