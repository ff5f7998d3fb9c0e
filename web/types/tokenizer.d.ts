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
    constructor(kind: "text" | "emoticon" | "emoji", ref: EmoticonRef | null, start: number, end: number, message: string);
    kind: "emoji" | "text" | "emoticon";
    ref: import("./catalog.js").EmoticonRef | null;
    start: number;
    end: number;
    message: string;
    get text(): string;
}
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
    constructor(message: string, runs: Int32Array, length: number);
    message: string;
    runs: Int32Array;
    length: number;
    /** @param {number} i */
    start(i: number): number;
    /** @param {number} i */
    end(i: number): number;
    /** @param {number} i */
    kind(i: number): "emoji" | "text" | "emoticon";
    /**
     * @param {number} i
     * @returns {EmoticonRef|null}
     */
    ref(i: number): EmoticonRef | null;
    /** @param {number} i */
    text(i: number): string;
    /** @param {number} i */
    at(i: number): Token;
    toArray(): Token[];
    [Symbol.iterator](): Generator<Token, void, unknown>;
}
/** Splits messages into text, emoticon and emoji runs, and joins them back. */
export class Tokenizer {
    /**
     * @param {Catalog} catalog
     * @param {{maxTagBytes?: number}} [options]
     */
    constructor(catalog: Catalog, options?: {
        maxTagBytes?: number | undefined;
    } | undefined);
    catalog: import("./catalog.js").Catalog;
    maxTagBytes: number;
    /**
     * Literal codes by first UTF-16 unit, longest first; the first pack's wins.
     * @type {Map<number, {text: string, ref: EmoticonRef}[]>}
     */
    codes: Map<number, {
        text: string;
        ref: EmoticonRef;
    }[]>;
    /** @type {Map<string, EmoticonRef>} */
    shortcodes: Map<string, EmoticonRef>;
    /**
     * Every key (tag, code, shortcode) as written, the first pack's winning, by `unitHash`.
     * @type {Map<number, {key: string, ref: EmoticonRef}[]>}
     */
    keys: Map<number, {
        key: string;
        ref: EmoticonRef;
    }[]>;
    /**
     * Every emoji, the first pack's winning, by `unitHash` without variation selectors 15 and 16.
     * @type {Map<number, {key: string, ref: EmoticonRef}[]>}
     */
    emoji: Map<number, {
        key: string;
        ref: EmoticonRef;
    }[]>;
    /**
     * Every key and every emoji (without U+FE0E and U+FE0F) as a string, the first pack's winning: the tokenizer's
     * look-up, hashed by the engine.
     * @type {Map<string, EmoticonRef>}
     */
    keyStrings: Map<string, EmoticonRef>;
    /** @type {Map<string, EmoticonRef>} */
    emojiStrings: Map<string, EmoticonRef>;
    /** UTF-16 units that may start a match: 1 a code's first unit, 2 `[`, 4 `:` with shortcodes, 8 an emoji's. */
    leads: Uint8Array;
    /**
     * The runs of `message`, in order; joined, they give it back.
     * @param {string} message
     * @returns {TokenizedText}
     */
    tokenize(message: string): TokenizedText;
    /**
     * True when a grapheme cluster boundary is at `i` (the unit before it starts no join): certain when the unit at
     * `i` is one no rule joins to what comes before, else asked of `bounds`.
     * @param {string} text
     * @param {number} i
     * @param {ClusterBoundaries} bounds
     */
    boundaryAfter(text: string, i: number, bounds: ClusterBoundaries): boolean;
    /**
     * The emoticon whose key is exactly `text[from..<to]`, or null.
     * @param {string} text
     * @param {number} from
     * @param {number} to
     */
    findKey(text: string, from: number, to: number): import("./catalog.js").EmoticonRef | null;
    /**
     * The entry whose emoji is `text[from..<to]`, variation selectors 15 and 16 aside, or null.
     * @param {string} text
     * @param {number} from
     * @param {number} to
     */
    findEmoji(text: string, from: number, to: number): import("./catalog.js").EmoticonRef | null;
    /**
     * Where the bracketed text starting at `start` ends (after its `]`) within maxTagBytes, or -1.
     * @param {string} s
     * @param {number} start
     * @param {ClusterBoundaries} bounds
     */
    tagEnd(s: string, start: number, bounds: ClusterBoundaries): number;
    /**
     * The tokens' text joined.
     * @param {Iterable<Token>} tokens
     */
    plainText(tokens: Iterable<Token>): string;
    /**
     * The delete key at UTF-16 `cursor`: a whole tag, code, emoji or cluster.
     * @param {string} text
     * @param {number} cursor
     */
    deleteBackward(text: string, cursor: number): {
        text: string;
        cursor: number;
    };
    /**
     * Inserts an emoticon's text at `cursor` (moved out of a token).
     * @param {{insertionText: string}} emoticon
     * @param {string} text
     * @param {number} cursor
     */
    insert(emoticon: {
        insertionText: string;
    }, text: string, cursor: number): {
        text: string;
        cursor: number;
    };
}
export type EmoticonRef = import("./catalog.js").EmoticonRef;
export type Catalog = import("./catalog.js").Catalog;
import { ClusterBoundaries } from "./unicode.js";
