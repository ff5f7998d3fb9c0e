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
    constructor(source: string, tokenizer: Tokenizer, options?: {
        emojiAsImages?: boolean | undefined;
    } | undefined);
    tokenizer: import("./tokenizer.js").Tokenizer;
    emojiAsImages: boolean;
    /** @private @type {Chunk[]} */
    private chunks;
    /** @private Where each chunk starts in the source, then the source's length. */
    private starts;
    /** @private Where each chunk starts in the display text, then its length. */
    private displayStarts;
    /** @private @type {string|null} The source as one string, made again when asked for after an edit. */
    private joined;
    /** @private How far (units) a change can alter matches around it: the chunks this close are tokenized again. */
    private reach;
    /**
     * Replaces the whole text.
     * @param {string} source
     */
    setSource(source: string): void;
    /** The source text. */
    get source(): string;
    /** The display text's length in UTF-16 units. */
    get displayLength(): number;
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
     * Every run of the whole text (text runs whole). O(length): the model keeps them in chunks.
     * @deprecated read `displayRuns`, or tokenize `source`.
     * @returns {Run[]}
     */
    get runs(): Run[];
    /**
     * Where each grapheme cluster of the source ends. O(length).
     * @deprecated call `clusterEnds(model.source)`.
     */
    get ends(): number[];
    /**
     * @param {"source"|"display"} space
     */
    length(space: "source" | "display"): number;
    /**
     * Source offset of the cluster boundary at `o`, or the one after it (`up`) or before it.
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
     * The token strictly around `offset` in `space`, as a source range, or null.
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
    /**
     * Replaces source `a..<b` with `text`, tokenizing again only the chunks within reach of the change.
     * @private
     * @param {number} a
     * @param {number} b
     * @param {string} text
     */
    private splice;
    /**
     * The runs of chunks `first` to `last` as one text's (two numbers a run, then the end), adjacent text merged.
     * @private
     * @param {number} first
     * @param {number} last
     */
    private regionRuns;
    /**
     * `text` and its runs cut into chunks near `CHUNK_TARGET` units, where nothing reaches across.
     * @private
     * @param {string} text
     * @param {TokenizedText} tokens
     * @returns {Chunk[]}
     */
    private makeChunks;
    /**
     * True when a run with this code shows as an image.
     * @private
     * @param {number} code
     */
    private attaches;
    /**
     * The emoticon a run's code names, or null for text.
     * @private
     * @param {number} code
     */
    private refOf;
    /**
     * Where a chunk's grapheme clusters end, from its start.
     * @private
     * @param {Chunk} c
     */
    private endsOf;
    /**
     * The last chunk whose start in `starts` is at or before `offset`.
     * @private
     * @param {number[]} starts
     * @param {number} offset
     */
    private chunkAt;
    /**
     * Recounts the chunks' starts from chunk `k` on.
     * @private
     * @param {number} k
     */
    private recount;
}
export type EmoticonRef = import("./catalog.js").EmoticonRef;
export type Tokenizer = import("./tokenizer.js").Tokenizer;
export type TokenizedText = import("./tokenizer.js").TokenizedText;
export type Run = {
    kind: "text" | "emoticon" | "emoji";
    ref: EmoticonRef | null;
    start: number;
    end: number;
    display: number;
    displayEnd: number;
    attachment: boolean;
};
/**
 * A piece of the message with its runs, offsets from the piece's start: `at` each run's start then the piece's
 * length, `codes` each run's code (0 text, else kind + 4 × the emoticon's index in the catalog, as TokenizedText
 * holds it), `shown` each run's display offset then the piece's display length, `attached` 1 for a run shown as an
 * image. `ends` (its grapheme clusters' ends) is made when first asked for.
 */
export type Chunk = {
    text: string;
    at: number[];
    codes: number[];
    shown: number[];
    attached: number[];
    ends: number[] | null;
};
