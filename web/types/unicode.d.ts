/**
 * The Grapheme_Cluster_Break value of a scalar (see unicode-data.js).
 * @param {number} v
 */
export function graphemeBreakProperty(v: number): number;
/**
 * True for a scalar that may start an emoji (Emoji or Emoji_Presentation).
 * @param {number} v
 */
export function isEmojiStart(v: number): boolean;
/**
 * The tokenizer kernel's property table (web/kernel/tokenize.c): for planes 0 and 1, then U+E0000 to U+E0FFF, each
 * scalar's packed properties with bit 7 set when it may start an emoji. Built once.
 */
export function kernelProperties(): Uint8Array;
/**
 * True when a grapheme cluster boundary comes before the scalar at `s`: settled here when neither side takes part
 * in a rule that looks further (a ZWJ, a regional indicator, an Indic conjunct part, Prepend), else by `at(s)`.
 * @param {string} t
 * @param {number} s
 * @param {{at(i: number): boolean}} bounds
 */
export function boundaryBefore(t: string, s: number, bounds: {
    at(i: number): boolean;
}): boolean;
/**
 * Where the grapheme cluster of an emoji starting at cluster boundary `s` ends (UAX #29 restricted to what can
 * follow an emoji: Extend, SpacingMark, ZWJ before a pictograph, a regional-indicator pair), or -1 when the cluster
 * holds a scalar those rules do not settle (an Indic conjunct part), for `ClusterBoundaries` to decide.
 * @param {string} t
 * @param {number} s
 */
export function emojiClusterEnd(t: string, s: number): number;
/**
 * Marks in `ends` (length ≥ to + 1) each UTF-16 offset in (from, to] where an extended grapheme cluster of `text`
 * ends (UAX #29 with Swift's properties), starting at a cluster boundary `from`.
 * @param {string} text
 * @param {Uint8Array} ends
 * @param {number} from
 * @param {number} to
 * @param {boolean} [markEnd] marks `to` too (it is the text's end)
 */
export function markClusterEnds(text: string, ends: Uint8Array, from: number, to: number, markEnd?: boolean | undefined): void;
/**
 * The UTF-16 offsets where each extended grapheme cluster of `text` ends (UAX #29 with Swift's properties); with
 * `from` and `to`, of the clusters of `text.slice(from, to)` (clamped to the text), as offsets into `text`.
 * @param {string} text
 * @param {number} [from]
 * @param {number} [to]
 * @returns {number[]}
 */
export function clusterEnds(text: string, from?: number | undefined, to?: number | undefined): number[];
/**
 * One bit for each scalar of planes 0 and 1 that normalization leaves alone wherever it stands (`isInert`), for the
 * tokenizer kernel's shortcode names. Read from the data without building the tables: every tokenizer with a kernel
 * asks for it.
 */
export function nfcInertBits(): Uint8Array;
/**
 * `text` in Normalization Form C, as EmoPackFormat's CanonicalComposition gives it.
 * @param {string} text
 */
export function nfc(text: string): string;
/**
 * `text` folded for search: NFC, width, Latin accents and case folded, whitespace runs one space, trimmed.
 * @param {string} text
 */
export function fold(text: string): string;
/**
 * `text` as search compares it: folded, a leading `[` or `:` dropped with the `]` or `:` closing it.
 * @param {string} text
 */
export function compared(text: string): string;
export const unicodeVersion: "17.0";
/**
 * UTF-16 units an emoji can begin with, as 8 (the tokenizer's flag for them, so that a tokenizer's table of leads
 * starts as a copy): BMP emoji starts from U+00A9, keycap bases, and high surrogates of emoji starts.
 */
export const emojiLeadUnits: Uint8Array;
/**
 * How each BMP unit binds to its neighbours, for the tokenizer's fast paths: 1 when no cluster boundary can come
 * before it (Extend, ZWJ, SpacingMark), 2 when none can come after it (Prepend), 4 for a surrogate (look at the
 * whole scalar), 8 for a unit whose rules look further back (a regional indicator has none in the BMP; ZWJ and
 * Indic conjunct parts), 0 for a unit no rule joins to what is around it.
 */
export const clusterGlue: Uint8Array;
/** Answers "does a cluster end here?" for chosen offsets of one text, looking only as far back as the rules need. */
export class ClusterBoundaries {
    /** @param {string} text */
    constructor(text: string);
    text: string;
    n: number;
    /** Boundaries found so far (1); 0 is "not known to be one". @type {Uint8Array} */
    marks: Uint8Array;
    /** Every boundary, once a look-back found no safe start. @type {Uint8Array|null} */
    full: Uint8Array | null;
    /** The last window marked: every offset strictly inside it is decided. */
    windowFrom: number;
    windowTo: number;
    /**
     * A safe start at or before `i`: a boundary found between two plain scalars (class Other, not pictographic, not
     * conjunct-breaking), which no rule joins; -1 when none is near.
     * @param {number} i
     */
    safeStart(i: number): number;
    /**
     * True when a grapheme cluster ends (and another starts) at UTF-16 offset `i`.
     * @param {number} i
     */
    at(i: number): boolean;
    /**
     * `at` by marking from a safe start before `i`.
     * @param {number} i
     */
    slowly(i: number): boolean;
    /**
     * Where the cluster starting at boundary `s` ends.
     * @param {number} s
     */
    end(s: number): number;
}
