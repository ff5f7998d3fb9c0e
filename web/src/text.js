// @ts-check
// A message being edited: source and display text, whole-token edits (docs/RUNTIME.md).
import { clusterEnds } from "./unicode.js";
import { runRef } from "./tokenizer.js";
import { offsetArg, spaceArg, stringArg } from "./args.js";

/** @typedef {import("./catalog.js").EmoticonRef} EmoticonRef */
/** @typedef {import("./tokenizer.js").Tokenizer} Tokenizer */
/** @typedef {import("./tokenizer.js").TokenizedText} TokenizedText */

/** @typedef {{kind: "text"|"emoticon"|"emoji", ref: EmoticonRef|null, start: number, end: number, display: number, displayEnd: number, attachment: boolean}} Run */

/**
 * A piece of the message with its runs, offsets from the piece's start: `at` each run's start then the piece's
 * length, `codes` each run's code (0 text, else kind + 4 × the emoticon's index in the catalog, as TokenizedText
 * holds it), `shown` each run's display offset then the piece's display length, `attached` 1 for a run shown as an
 * image. `ends` (its grapheme clusters' ends) is made when first asked for.
 * @typedef {{text: string, at: number[], codes: number[], shown: number[], attached: number[], ends: number[]|null}} Chunk
 */

const KINDS = /** @type {const} */ (["text", "emoticon", "emoji"]);
/** Chunks are cut near this many UTF-16 units, where no segmentation rule or match reaches across. */
const CHUNK_TARGET = 128;

/**
 * A public method's range, checked: two offsets and their space.
 * @param {unknown} lo
 * @param {unknown} hi
 * @param {unknown} space
 * @param {string} where
 * @returns {[number, number, "source"|"display"]}
 */
function rangeArgs(lo, hi, space, where) {
  return [offsetArg(lo, where), offsetArg(hi, where), spaceArg(space, where)];
}

/**
 * A message being edited: its source text (tags and codes as typed) and its display text, where each emoticon shown
 * as an image is one U+FFFC; offsets are UTF-16 in either text ("source" or "display").
 *
 * The text is held in chunks of a few hundred units, each with its runs, cut only between two characters that no
 * grapheme rule joins and outside any token. An edit tokenizes again the chunks within reach of the change (twice
 * the longest key) and no others, so its cost follows the text around it, not the message's length.
 */
export class EmoticonText {
  /**
   * @param {string} source
   * @param {Tokenizer} tokenizer
   * @param {{emojiAsImages?: boolean}} [options]
   */
  constructor(source, tokenizer, options = {}) {
    stringArg(source, "new EmoticonText(source, tokenizer)");
    this.tokenizer = tokenizer;
    this.emojiAsImages = options.emojiAsImages ?? false;
    /** @private @type {Chunk[]} */
    this.chunks = [];
    /** @private Where each chunk starts in the source, then the source's length. */
    this.starts = [0];
    /** @private Where each chunk starts in the display text, then its length. */
    this.displayStarts = [0];
    /** @private @type {string|null} The source as one string, made again when asked for after an edit. */
    this.joined = "";
    const longest = tokenizer.longestKeys;
    // A tag or shortcode typed in another canonically equivalent spelling is at most four times its key's units
    // (U+1F82 decomposes to four); a tag is also at most `maxTagBytes` UTF-8 bytes, never fewer bytes than units.
    const tag = Math.min(tokenizer.maxTagBytes + 2, 4 * longest.tag);
    /** @private How far (units) a change can alter matches around it: the chunks this close are tokenized again. */
    this.reach = 2 * Math.max(tag, 4 * longest.shortcode, longest.code, longest.emoji) + 16;
    this.setSource(source);
  }

  /**
   * Replaces the whole text.
   * @param {string} source
   */
  setSource(source) {
    stringArg(source, "EmoticonText.setSource(source)");
    this.chunks = this.makeChunks(source, this.tokenizer.tokenize(source));
    this.recount(0);
    this.joined = source;
  }

  /** The source text. */
  get source() {
    if (this.joined === null) this.joined = this.chunks.map((c) => c.text).join("");
    return this.joined;
  }

  /** The display text's length in UTF-16 units. */
  get displayLength() { return this.displayStarts[this.chunks.length]; }

  /** The display text. */
  get display() {
    let out = "";
    for (const c of this.chunks) {
      for (let r = 0; r < c.codes.length; r++) out += c.attached[r] ? "\ufffc" : c.text.slice(c.at[r], c.at[r + 1]);
    }
    return out;
  }

  /** The runs of the display text: text, and attachments with their emoticon and source text. */
  get displayRuns() {
    /** @type {({text: string}|{ref: EmoticonRef, source: string})[]} */
    const out = [];
    for (const c of this.chunks) {
      for (let r = 0; r < c.codes.length; r++) {
        const piece = c.text.slice(c.at[r], c.at[r + 1]);
        const last = out[out.length - 1];
        if (c.attached[r]) out.push({ ref: /** @type {EmoticonRef} */ (this.refOf(c.codes[r])), source: piece });
        else if (last && "text" in last) last.text += piece;
        else out.push({ text: piece });
      }
    }
    return out;
  }

  /**
   * Every run of the whole text (text runs whole). O(length): the model keeps them in chunks.
   * @deprecated read `displayRuns`, or tokenize `source`.
   * @returns {Run[]}
   */
  get runs() {
    /** @type {Run[]} */
    const out = [];
    this.chunks.forEach((c, k) => {
      for (let r = 0; r < c.codes.length; r++) {
        const code = c.codes[r];
        const start = this.starts[k] + c.at[r];
        const end = this.starts[k] + c.at[r + 1];
        const displayEnd = this.displayStarts[k] + c.shown[r + 1];
        const last = out[out.length - 1];
        if (code === 0 && last && last.kind === "text") {
          last.end = end;
          last.displayEnd = displayEnd;
          continue;
        }
        out.push({
          kind: KINDS[code & 3], ref: this.refOf(code), start, end, display: this.displayStarts[k] + c.shown[r],
          displayEnd, attachment: c.attached[r] === 1,
        });
      }
    });
    return out;
  }

  /**
   * Where each grapheme cluster of the source ends. O(length).
   * @deprecated call `clusterEnds(model.source)`.
   */
  get ends() { return clusterEnds(this.source); }

  /**
   * @param {"source"|"display"} space
   */
  length(space) { return space === "source" ? this.starts[this.chunks.length] : this.displayLength; }

  /**
   * Source offset of the cluster boundary at `o`, or the one after it (`up`) or before it.
   * @param {number} o
   * @param {boolean} up
   */
  clusterBoundary(o, up) {
    const total = this.length("source");
    if (o >= total) return total;
    const k = this.chunkAt(this.starts, Math.max(o, 0));
    const base = this.starts[k];
    const ends = this.endsOf(this.chunks[k]);
    let prev = 0;
    for (const e of ends) {
      if (e === o - base) return o;
      if (e > o - base) return base + (up ? e : prev);
      prev = e;
    }
    return this.starts[k + 1];
  }

  /**
   * The source offset of `offset` in `space`: rounded down (or up) out of a token or cluster.
   * @param {number} offset
   * @param {"source"|"display"} space
   * @param {boolean} up
   */
  toSource(offset, space, up) {
    const starts = space === "source" ? this.starts : this.displayStarts;
    if (offset >= starts[this.chunks.length]) return this.length("source");
    const k = this.chunkAt(starts, Math.max(offset, 0));
    const c = this.chunks[k];
    const local = offset - starts[k];
    const base = this.starts[k];
    const at = space === "source" ? c.at : c.shown;
    for (let r = 0; r < c.codes.length; r++) {
      if (local === at[r]) return base + c.at[r];
      if (local < at[r + 1]) {
        if (c.codes[r] !== 0) return base + (up ? c.at[r + 1] : c.at[r]);
        return this.clusterBoundary(base + c.at[r] + (local - at[r]), up);
      }
    }
    return this.starts[k + 1];
  }

  /**
   * The offset in `space` of source offset `s` (a boundary; inside a token: its end).
   * @param {number} s
   * @param {"source"|"display"} space
   */
  fromSource(s, space) {
    const total = this.length("source");
    if (s >= total) return this.length(space);
    const k = this.chunkAt(this.starts, Math.max(s, 0));
    const c = this.chunks[k];
    const local = s - this.starts[k];
    const base = space === "source" ? this.starts[k] : this.displayStarts[k];
    const at = space === "source" ? c.at : c.shown;
    for (let r = 0; r < c.codes.length; r++) {
      if (local < c.at[r + 1]) {
        if (local <= c.at[r]) return base + at[r];
        if (c.codes[r] !== 0) return base + at[r + 1];
        return base + at[r] + (local - c.at[r]);
      }
    }
    return base + at[c.codes.length];
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
    offset = offsetArg(offset, "EmoticonText.displayOffset(offset)");
    const o = Math.min(Math.max(offset, 0), this.length("source"));
    return this.fromSource(this.toSource(o, "source", true), "display");
  }

  /**
   * The source offset of a display offset.
   * @param {number} offset
   */
  sourceOffset(offset) {
    offset = offsetArg(offset, "EmoticonText.sourceOffset(offset)");
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
    [lo, hi, space] = rangeArgs(lo, hi, space, "EmoticonText.wholeTokens(lo, hi, space)");
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
    [lo, hi, space] = rangeArgs(lo, hi, space, "EmoticonText.sourceText(lo, hi, space)");
    const [a, b] = this.sourceRange(lo, hi, space);
    if (this.joined !== null) return this.joined.slice(a, b);
    let out = "";
    const from = a === b ? this.chunks.length : this.chunkAt(this.starts, a);
    for (let k = from; k < this.chunks.length && this.starts[k] < b; k++) {
      out += this.chunks[k].text.slice(Math.max(a - this.starts[k], 0), b - this.starts[k]);
    }
    return out;
  }

  /**
   * Where the token or cluster ending at source offset `end` starts.
   * @param {number} end
   */
  startOfUnit(end) {
    if (end <= 0 || end > this.length("source")) return end;
    // The chunk holding the unit before `end`.
    const k = this.chunkAt(this.starts, end - 1);
    const c = this.chunks[k];
    const local = end - this.starts[k];
    for (let r = 0; r < c.codes.length; r++) {
      if (c.at[r] < local && local <= c.at[r + 1]) {
        if (c.codes[r] !== 0) return this.starts[k] + c.at[r];
        // The clusters from the last place before `end` that no rule reaches across (or the run's start).
        let from = c.at[r];
        for (let q = local - 1; q > c.at[r]; q--) {
          if (isSafeCut(c.text, q)) {
            from = q;
            break;
          }
        }
        let prev = from;
        for (const e of clusterEnds(c.text, from, local)) {
          if (e >= local) break;
          prev = e;
        }
        return this.starts[k] + prev;
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
    [lo, hi, space] = rangeArgs(lo, hi, space, "EmoticonText.replace(lo, hi, space, text)");
    stringArg(text, "EmoticonText.replace(lo, hi, space, text)");
    let [a, b] = this.sourceRange(lo, hi, space);
    if (lo === hi) {
      const around = this.tokenAround(lo, space);
      if (around) [a, b] = around;
    }
    return this.apply(a, b, text);
  }

  /**
   * The token strictly around `offset` in `space`, as a source range, or null.
   * @param {number} offset
   * @param {"source"|"display"} space
   * @returns {[number, number]|null}
   */
  tokenAround(offset, space) {
    if (!(offset > 0 && offset < this.length(space))) return null;
    const starts = space === "source" ? this.starts : this.displayStarts;
    const k = this.chunkAt(starts, offset);
    const c = this.chunks[k];
    const local = offset - starts[k];
    const at = space === "source" ? c.at : c.shown;
    for (let r = 0; r < c.codes.length; r++) {
      if (at[r] < local && local < at[r + 1]) {
        return c.codes[r] !== 0 ? [this.starts[k] + c.at[r], this.starts[k] + c.at[r + 1]] : null;
      }
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
    [lo, hi, space] = rangeArgs(lo, hi, space, "EmoticonText.deleteBackward(cursor, space, hi)");
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
    this.splice(a, b, text);
    const cursor = a + text.length;
    return {
      source: { range: [a, b], replacement: text, cursor },
      display: { range: [displayLo, displayHi], cursor: this.fromSource(cursor, "display") },
    };
  }

  /**
   * Replaces source `a..<b` with `text`, tokenizing again only the chunks within reach of the change.
   * @private
   * @param {number} a
   * @param {number} b
   * @param {string} text
   */
  splice(a, b, text) {
    const reach = this.reach;
    const starts = this.starts;
    const last0 = this.chunks.length - 1;
    let first = this.chunkAt(starts, Math.max(a - 1, 0));
    let last = this.chunkAt(starts, Math.max(b - 1, 0));
    while (first > 0 && a - starts[first] < reach) first--;
    while (last < last0 && starts[last + 1] - b < reach) last++;
    const base = starts[first];
    const hasCodes = this.tokenizer.codes.size > 0 || this.tokenizer.shortcodes.size > 0;
    /** @type {string} */
    let region;
    /** @type {TokenizedText} */
    let tokens;
    for (;;) {
      let old = "";
      for (let k = first; k <= last; k++) old += this.chunks[k].text;
      region = old.slice(0, a - base) + text + old.slice(b - base);
      tokens = this.tokenizer.tokenize(region);
      // Codes can chain (`ab` and `ba` over `abab…`), so a change may move every match after it: the region grows
      // (doubling) until the old and new runs agree at a place after the change, from where both scans go alike.
      // Tags and emoji never chain: for them the first region agrees.
      if (!hasCodes || last === last0) break;
      const oldRuns = this.regionRuns(first, last);
      if (agreeAfterChange(oldRuns, tokens.runs, b - base, a - base + text.length, region.length - reach)) break;
      last = Math.min(last0, last + (last - first + 1));
    }
    // An emptied region leaves no chunk of its own (an empty message keeps one, which `recount` makes).
    const made = region.length === 0 ? [] : this.makeChunks(region, tokens);
    // The chunks after the region move by a loop: V8's `splice` takes a slow path on arrays this long.
    const chunks = this.chunks;
    const shift = made.length - (last - first + 1);
    const n = chunks.length;
    if (shift > 0) {
      for (let k = n - 1; k > last; k--) chunks[k + shift] = chunks[k];
    } else if (shift < 0) {
      for (let k = last + 1; k < n; k++) chunks[k + shift] = chunks[k];
      chunks.length = n + shift;
    }
    for (let k = 0; k < made.length; k++) chunks[first + k] = made[k];
    this.recount(first);
    this.joined = null;
  }

  /**
   * The runs of chunks `first` to `last` as one text's (two numbers a run, then the end), adjacent text merged.
   * @private
   * @param {number} first
   * @param {number} last
   */
  regionRuns(first, last) {
    /** @type {number[]} */
    const out = [];
    for (let k = first; k <= last; k++) {
      const c = this.chunks[k];
      const base = this.starts[k] - this.starts[first];
      for (let r = 0; r < c.codes.length; r++) {
        if (c.codes[r] === 0 && out.length > 0 && out[out.length - 1] === 0) continue;
        out.push(base + c.at[r], c.codes[r]);
      }
    }
    out.push(this.starts[last + 1] - this.starts[first]);
    return out;
  }

  /**
   * `text` and its runs cut into chunks near `CHUNK_TARGET` units, where nothing reaches across.
   * @private
   * @param {string} text
   * @param {TokenizedText} tokens
   * @returns {Chunk[]}
   */
  makeChunks(text, tokens) {
    const runs = tokens.runs;
    const count = tokens.length;
    const n = text.length;
    /** @type {Chunk[]} */
    const out = [];
    let start = 0;
    let r = 0; // the run holding `start`
    for (;;) {
      let cut = n;
      if (n - start > 2 * CHUNK_TARGET) {
        let k = r;
        for (let q = start + CHUNK_TARGET; q < n - CHUNK_TARGET / 2; q++) {
          while (k < count - 1 && runs[2 * k + 2] <= q) k++;
          if ((runs[2 * k] === q || runs[2 * k + 1] === 0) && isSafeCut(text, q)) {
            cut = q;
            break;
          }
        }
      }
      while (r < count - 1 && runs[2 * r + 2] <= start) r++;
      let e = r;
      while (e < count && runs[2 * e] < cut) e++;
      const m = e - r;
      // Small arrays of small integers: V8 makes them faster than typed arrays of this size.
      const at = new Array(m + 1);
      const codes = new Array(m);
      const shown = new Array(m + 1);
      const attached = new Array(m);
      shown[0] = 0;
      for (let i = 0; i < m; i++) {
        const s = Math.max(runs[2 * (r + i)], start);
        const end = Math.min(runs[2 * (r + i) + 2], cut);
        const code = runs[2 * (r + i) + 1];
        at[i] = s - start;
        codes[i] = code;
        attached[i] = this.attaches(code) ? 1 : 0;
        shown[i + 1] = shown[i] + (attached[i] ? 1 : end - s);
      }
      at[m] = cut - start;
      out.push({ text: text.slice(start, cut), at, codes, shown, attached, ends: null });
      if (cut >= n) break;
      start = cut;
    }
    return out;
  }

  /**
   * True when a run with this code shows as an image.
   * @private
   * @param {number} code
   */
  attaches(code) {
    const kind = code & 3;
    if (kind === 1) return true;
    if (kind !== 2 || !this.emojiAsImages) return false;
    const ref = /** @type {EmoticonRef} */ (this.refOf(code));
    return this.tokenizer.catalog.packs[ref.pack].entryHasImage(ref.entry);
  }

  /**
   * The emoticon a run's code names, or null for text.
   * @private
   * @param {number} code
   */
  refOf(code) { return runRef(code, this.tokenizer.packStarts); }

  /**
   * Where a chunk's grapheme clusters end, from its start.
   * @private
   * @param {Chunk} c
   */
  endsOf(c) {
    if (c.ends === null) c.ends = clusterEnds(c.text);
    return c.ends;
  }

  /**
   * The last chunk whose start in `starts` is at or before `offset`.
   * @private
   * @param {number[]} starts
   * @param {number} offset
   */
  chunkAt(starts, offset) {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid; else high = mid - 1;
    }
    return low;
  }

  /**
   * Recounts the chunks' starts from chunk `k` on.
   * @private
   * @param {number} k
   */
  recount(k) {
    if (this.chunks.length === 0) {
      this.chunks.push({ text: "", at: [0], codes: [], shown: [0], attached: [], ends: null });
    }
    // In place: emptying the arrays' tails and pushing them back costs V8 a reallocation or two an edit.
    const starts = this.starts;
    const displayStarts = this.displayStarts;
    const n = this.chunks.length;
    for (let i = k; i < n; i++) {
      const c = this.chunks[i];
      starts[i + 1] = starts[i] + c.text.length;
      displayStarts[i + 1] = displayStarts[i] + c.shown[c.codes.length];
    }
    if (starts.length > n + 1) {
      starts.length = n + 1;
      displayStarts.length = n + 1;
    }
  }
}

/**
 * True when old and new runs (two numbers a run, then the end) of a region are at the same place, outside any match,
 * somewhere after the change (`oldFrom` in the old region, `newFrom` in the new) and at or before `limit` in the new
 * region, far enough from its end that nothing decided before it looked past the region.
 * @param {ArrayLike<number>} oldRuns
 * @param {ArrayLike<number>} newRuns
 * @param {number} oldFrom
 * @param {number} newFrom
 * @param {number} limit
 */
function agreeAfterChange(oldRuns, newRuns, oldFrom, newFrom, limit) {
  const delta = newFrom - oldFrom;
  const oldCount = (oldRuns.length - 1) / 2;
  const newCount = (newRuns.length - 1) / 2;
  let j = 0;
  for (let r = 0; r < oldCount; r++) {
    const end = oldRuns[2 * r + 2];
    if (end <= oldFrom) continue;
    const start = Math.max(oldRuns[2 * r], oldFrom);
    // The new run holding old place `start`, shifted.
    const p = start + delta;
    if (p > limit) return false;
    while (j < newCount && newRuns[2 * j + 2] <= p) j++;
    if (j >= newCount) return false;
    if (oldRuns[2 * r + 1] !== 0) {
      // A match in the old scan: both start it here.
      if (oldRuns[2 * r] >= oldFrom && newRuns[2 * j] === p && newRuns[2 * j + 1] === oldRuns[2 * r + 1]) return true;
    } else if (newRuns[2 * j + 1] === 0) {
      // Text in both from here to the nearer end: any place there is one both scans pass outside a match.
      const lo = Math.max(p, newRuns[2 * j]);
      const hi = Math.min(end + delta, newRuns[2 * j + 2]);
      if (lo < hi && lo <= limit) return true;
    }
  }
  return false;
}

/**
 * True when a chunk may end at `q`: between two characters that no grapheme rule joins whatever surrounds them
 * (before: ASCII but CR, U+3000–U+9FFF, a Hangul syllable or a pictograph; after: ASCII, U+4000–U+9FFF, a Hangul
 * syllable or a pictograph; a pictograph neither a regional indicator nor a skin tone).
 * @param {string} t
 * @param {number} q
 */
function isSafeCut(t, q) {
  if (q <= 0 || q >= t.length) return false;
  const p = t.charCodeAt(q - 1);
  const before = (p < 0x80 && p !== 0x0d) || (p >= 0x3000 && p <= 0x9fff) || (p >= 0xac00 && p <= 0xd7a3) ||
    (p >= 0xdc00 && p <= 0xdfff && q >= 2 && pictograph(t.charCodeAt(q - 2), p));
  if (!before) return false;
  const c = t.charCodeAt(q);
  return c < 0x80 || (c >= 0x4000 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7a3) ||
    (q + 1 < t.length && pictograph(c, t.charCodeAt(q + 1)));
}

/**
 * True for a surrogate pair in U+1F000–U+1FFFF other than a regional indicator or a skin tone.
 * @param {number} high
 * @param {number} low
 */
function pictograph(high, low) {
  if (high < 0xd83c || high > 0xd83f || low < 0xdc00 || low > 0xdfff) return false;
  if (high === 0xd83c && low >= 0xdde6 && low <= 0xddff) return false;
  return !(high === 0xd83c && low >= 0xdffb);
}
