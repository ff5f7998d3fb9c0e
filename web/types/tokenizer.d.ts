/**
 * The emoticon a run's code names (kind + 4 × its index among the catalog's emoticons), or null for text.
 * @param {number} code
 * @param {ArrayLike<number>} packStarts each pack's first index in the catalog, then the catalog's entry count
 * @returns {EmoticonRef|null}
 */
export function runRef(code: number, packStarts: ArrayLike<number>): EmoticonRef | null;
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
    constructor(message: string, runs: Int32Array, length: number, packStarts: Int32Array);
    message: string;
    runs: Int32Array;
    length: number;
    packStarts: Int32Array;
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
    /** Each pack's first index among the catalog's emoticons, then their count: how runs name an emoticon. */
    packStarts: Int32Array;
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
    /** UTF-16 units that may start a match: 1 a code's first unit, 2 `[`, 4 `:` with shortcodes, 8 an emoji's. */
    leads: Uint8Array;
    /** @private Where the JavaScript tokenizer writes a message's runs before copying them out. */
    private scratch;
    /** The longest key of each kind in UTF-16 units, as the pack spells it: how far an edit can change matches. */
    longestKeys: {
        tag: number;
        shortcode: number;
        code: number;
        emoji: number;
    };
    /** @private The keys and emoji, for the look-up tables the JavaScript tokenizer builds when it first needs them. */
    private keyMaps;
    /** @private @type {KeyTable|null} */
    private keyTable;
    /** @private @type {KeyTable|null} */
    private emojiTable;
    /**
     * The WebAssembly kernel, once made (null before, and where WebAssembly is missing or cannot take the catalog).
     * @type {Kernel|null}
     */
    kernel: Kernel | null;
    /** Where the last tag `tagMatch` found ends. */
    tagMatchEnd: number;
    /**
     * Settles when the tokenizer uses its WebAssembly kernel or knows it will not; tokens are the same before.
     * @type {Promise<void>}
     */
    ready: Promise<void>;
    /**
     * The keys' look-up table (built at first use: with the kernel, most catalogs never need it).
     * @private
     */
    private get keys();
    /**
     * The emoji's look-up table, likewise.
     * @private
     */
    private get emoji();
    /**
     * The runs of `message`, in order; joined, they give it back.
     * @param {string} message
     * @returns {TokenizedText}
     */
    tokenize(message: string): TokenizedText;
    /**
     * `runs` with room for two more runs and the end after `count`.
     * @param {Int32Array} runs
     * @param {number} count
     */
    grown(runs: Int32Array, count: number): Int32Array;
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
    push(runs: Int32Array, count: number, textStart: number, start: number, end: number, kind: number, pack: number, entry: number): number;
    /**
     * True when a grapheme cluster boundary is at `i` (the unit before it starts no join): certain when the unit at
     * `i` is one no rule joins to what comes before, else asked of `bounds`.
     * @param {string} text
     * @param {number} i
     * @param {ClusterBoundaries} bounds
     */
    boundaryAfter(text: string, i: number, bounds: ClusterBoundaries): boolean;
    /**
     * The entry whose emoji is `text[from..<to]`, variation selectors 15 and 16 aside, or null.
     * @param {string} text
     * @param {number} from
     * @param {number} to
     * @returns {EmoticonRef|null}
     */
    findEmoji(text: string, from: number, to: number): EmoticonRef | null;
    /**
     * The key the tag starting at `start` (a `[` at a cluster boundary) is, or -1; its end in `tagMatchEnd`. The
     * bracketed text (within maxTagBytes, as UTF-8 counts it) is hashed as it is scanned and looked up in place; only
     * a miss that normalization could turn into a key is sliced.
     * @param {string} message
     * @param {number} start
     * @param {ClusterBoundaries} bounds
     */
    tagMatch(message: string, start: number, bounds: ClusterBoundaries): number;
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
import { Kernel } from "./kernel.js";
import { ClusterBoundaries } from "./unicode.js";
