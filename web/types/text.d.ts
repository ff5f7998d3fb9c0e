/** @typedef {import("./catalog.js").EmoticonRef} EmoticonRef */
/** @typedef {import("./tokenizer.js").Tokenizer} Tokenizer */
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
    constructor(source: string, tokenizer: Tokenizer, options?: {
        emojiAsImages?: boolean | undefined;
    } | undefined);
    tokenizer: import("./tokenizer.js").Tokenizer;
    emojiAsImages: boolean;
    source: string;
    /** @type {number[]} */
    ends: number[];
    /** @type {Run[]} */
    runs: Run[];
    displayLength: number;
    /**
     * @param {string} source
     */
    setSource(source: string): void;
    /** The display text. */
    get display(): string;
    /** The runs of the display text: text, and attachments with their emoticon and source text. */
    get displayRuns(): ({
        text: string;
    } | {
        ref: EmoticonRef;
        source: string;
    })[];
    /**
     * @param {"source"|"display"} space
     */
    length(space: "source" | "display"): number;
    /**
     * Source offset of a cluster boundary at or around `o` in [lo, hi).
     * @param {number} o
     * @param {boolean} up
     */
    clusterBoundary(o: number, up: boolean): number;
    /**
     * The source offset of `offset` in `space`: rounded down (or up) out of a token or cluster.
     * @param {number} offset
     * @param {"source"|"display"} space
     * @param {boolean} up
     */
    toSource(offset: number, space: "source" | "display", up: boolean): number;
    /**
     * The offset in `space` of source offset `s` (a boundary; inside a token: its end).
     * @param {number} s
     * @param {"source"|"display"} space
     */
    fromSource(s: number, space: "source" | "display"): number;
    /**
     * @param {number} lo
     * @param {number} hi
     * @param {"source"|"display"} space
     * @returns {[number, number]}
     */
    sourceRange(lo: number, hi: number, space: "source" | "display"): [number, number];
    /**
     * The display offset of a source offset.
     * @param {number} offset
     */
    displayOffset(offset: number): number;
    /**
     * The source offset of a display offset.
     * @param {number} offset
     */
    sourceOffset(offset: number): number;
    /**
     * A range widened to whole tokens and clusters, in the same text.
     * @param {number} lo
     * @param {number} hi
     * @param {"source"|"display"} space
     */
    wholeTokens(lo: number, hi: number, space: "source" | "display"): number[];
    /**
     * The source text of a range widened to whole tokens: what copy puts out.
     * @param {number} lo
     * @param {number} hi
     * @param {"source"|"display"} space
     */
    sourceText(lo: number, hi: number, space: "source" | "display"): string;
    /**
     * Where the token or cluster ending at source offset `end` starts.
     * @param {number} end
     */
    startOfUnit(end: number): number;
    /**
     * Replaces a range (widened to whole tokens; an empty one inside a token takes the token) with plain text.
     * @param {number} lo
     * @param {number} hi
     * @param {"source"|"display"} space
     * @param {string} text
     */
    replace(lo: number, hi: number, space: "source" | "display", text: string): {
        source: {
            range: number[];
            replacement: string;
            cursor: number;
        };
        display: {
            range: number[];
            cursor: number;
        };
    };
    /**
     * @param {number} offset
     * @param {"source"|"display"} space
     * @returns {[number, number]|null}
     */
    tokenAround(offset: number, space: "source" | "display"): [number, number] | null;
    /**
     * The delete key at a cursor, or over a selection.
     * @param {number} lo
     * @param {"source"|"display"} space
     * @param {number} [hi]
     */
    deleteBackward(lo: number, space: "source" | "display", hi?: number | undefined): {
        source: {
            range: number[];
            replacement: string;
            cursor: number;
        };
        display: {
            range: number[];
            cursor: number;
        };
    };
    /**
     * Replaces source `a..<b` (boundaries) with `text`: the change to each text and the cursors after it.
     * @param {number} a
     * @param {number} b
     * @param {string} text
     */
    apply(a: number, b: number, text: string): {
        source: {
            range: number[];
            replacement: string;
            cursor: number;
        };
        display: {
            range: number[];
            cursor: number;
        };
    };
}
export type EmoticonRef = import("./catalog.js").EmoticonRef;
export type Tokenizer = import("./tokenizer.js").Tokenizer;
export type Run = {
    kind: "text" | "emoticon" | "emoji";
    ref: EmoticonRef | null;
    start: number;
    end: number;
    display: number;
    displayEnd: number;
    attachment: boolean;
};
