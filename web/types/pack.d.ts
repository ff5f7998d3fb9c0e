/**
 * @param {Uint8Array} bytes
 */
export function fnv1a(bytes: Uint8Array): number;
/**
 * FNV-1a of an emoji's UTF-8 without variation selectors 15 and 16.
 * @param {Uint8Array} p
 */
export function emojiHash(p: Uint8Array): number;
/**
 * @param {Uint8Array} a
 * @param {Uint8Array} b  True when a sorts before b byte by byte.
 */
export function precedes(a: Uint8Array, b: Uint8Array): boolean;
/**
 * CRC-32 (IEEE 802.3, as zlib).
 * @param {Uint8Array} bytes
 */
export function crc32(bytes: Uint8Array): number;
/**
 * @param {string} name
 */
export function isSafeFileName(name: string): boolean;
/**
 * @param {number} v
 */
export function hex32(v: number): string;
/** @typedef {"io"|"badMagic"|"unsupportedVersion"|"truncated"|"badHeader"|"outOfBounds"|"badString"|"badChecksum"|"inconsistent"} PackErrorKind */
/** A reading failure: its kind, the byte offset where it was found, and a sentence. */
export class PackError extends Error {
    /**
     * @param {PackErrorKind} kind
     * @param {number} offset
     * @param {string} message
     */
    constructor(kind: PackErrorKind, offset: number, message: string);
    /** @type {PackErrorKind} */
    kind: PackErrorKind;
    offset: number;
    /** The sentence without the offset, word for word as the Swift reader's `PackError.message`. */
    detail: string;
}
/** @typedef {{offset: number, length: number, count: number, rowOffset: number}} Span */
/** @typedef {{fileName: string, scale: number, page: number, width: number, height: number, byteSize: number, sha256: Uint8Array, format: "png"|"webp", lossy: boolean}} SheetRecord */
/** @typedef {{sheet: number, x: number, y: number, width: number, height: number, left: number, top: number}} Placement */
/** @typedef {{text: string, locale: string|null, source: number}} Keyword */
/** @typedef {{kind: "image"|"emoji", tags: string[], codes: string[], emoji: string|null, image: number|null, animation: number|null, insertsCode: boolean, keywords: Keyword[]}} Entry */
/** A .pack opened over its bytes (not copied): the header and section table are checked now, the rest on access. */
export class PackFile {
    /**
     * @param {ArrayBuffer|Uint8Array} input
     */
    constructor(input: ArrayBuffer | Uint8Array);
    bytes: Uint8Array;
    view: DataView;
    formatMajor: number;
    formatMinor: number;
    entrySize: number;
    tagSize: number;
    meta: Span;
    names: Span;
    sheetSection: Span;
    imageSection: Span;
    entrySection: Span;
    animationSection: Span;
    frameSection: Span;
    localeSection: Span;
    keywordSection: Span;
    keywordRowSection: Span;
    gramSection: Span;
    postingSection: Span;
    sheetFormatSection: Span;
    tagSection: Span;
    tagIndex: Span;
    emojiIndex: Span;
    strings: Span;
    scales: number[];
    pointSize: number;
    pageCount: number;
    trimmed: boolean;
    palette: boolean;
    id: string;
    version: string;
    /** @param {number} o */ le16(o: number): number;
    /** @param {number} o */ le32(o: number): number;
    get formatVersion(): string;
    get entryCount(): number;
    get tagCount(): number;
    get sheetCount(): number;
    get animationCount(): number;
    get keywordCount(): number;
    get imageCount(): number;
    /**
     * The bytes of the string whose reference is at `ref`, or null when it lies outside STRS.
     * @param {number} ref
     */
    stringBytes(ref: number): Uint8Array | null;
    /**
     * @param {number} ref
     */
    string(ref: number): string;
    /**
     * The strings whose references are at `refs`, as `string` reads each (null for one that would throw), decoded in
     * one call: a decoder call costs microseconds in browsers, and a catalog's keys are thousands.
     * @param {number[]} refs
     * @returns {(string|null)[]}
     */
    stringsAt(refs: number[]): (string | null)[];
    /**
     * The localized names.
     * @returns {{locale: string, name: string}[]}
     */
    localizedNames(): {
        locale: string;
        name: string;
    }[];
    /**
     * @param {number} index
     * @returns {SheetRecord}
     */
    sheet(index: number): SheetRecord;
    sheets(): SheetRecord[];
    /**
     * @param {number} index
     */
    checkEntry(index: number): void;
    /**
     * The entry at `index` in keyboard order.
     * @param {number} index
     * @returns {Entry}
     */
    entry(index: number): Entry;
    /**
     * The form of key `index`: 0 tag, 1 code, 2 shortcode.
     * @param {number} index
     */
    keyForm(index: number): number;
    /**
     * @param {number} index
     */
    animationIndex(index: number): number | null;
    /**
     * @param {number} index
     */
    animationRecord(index: number): {
        firstFrame: number;
        frameCount: number;
        loopCount: number;
        still: number;
        duration: number;
    };
    /**
     * @param {number} index
     */
    frameRecord(index: number): {
        image: number;
        endTime: number;
    };
    /**
     * Animation `index`: frames (image, duration), loop count and still frame.
     * @param {number} index
     */
    animation(index: number): {
        frames: {
            image: number;
            duration: number;
        }[];
        loopCount: number;
        still: number;
        duration: number;
    };
    /**
     * @param {number} index
     */
    imageIndex(index: number): number | null;
    /**
     * @param {number} index
     * @param {number} scaleIndex
     * @returns {Placement}
     */
    placement(index: number, scaleIndex: number): Placement;
    /**
     * Image `index` at every scale.
     * @param {number} index
     */
    image(index: number): Placement[];
    /**
     * @param {number} index
     */
    entryHasImage(index: number): boolean;
    /**
     * True when entry `index` has an emoji (false when out of range).
     * @param {number} index
     */
    entryHasEmoji(index: number): boolean;
    /**
     * The entry whose tag or code is exactly these UTF-8 bytes, or null.
     * @param {Uint8Array} key
     */
    entryIndexForTagBytes(key: Uint8Array): number | null;
    /**
     * The entry whose emoji is these UTF-8 bytes, variation selectors aside, or null.
     * @param {Uint8Array} key
     */
    entryIndexForEmojiBytes(key: Uint8Array): number | null;
    /**
     * @param {string} tag
     */
    entryIndexForTag(tag: string): number | null;
    /**
     * @param {string} emoji
     */
    entryIndexForEmoji(emoji: string): number | null;
    /**
     * @param {number} index
     */
    locale(index: number): string;
    locales(): string[];
    /**
     * KWRD row `index`.
     * @param {number} index
     */
    keyword(index: number): {
        text: string;
        folded: string;
        entry: number;
        locale: string | null;
        source: number;
    };
    /**
     * The folded key's bytes of KWRD row `index`, or null.
     * @param {number} index
     */
    foldedKeyword(index: number): Uint8Array | null;
    /**
     * Entry, LOCS index and source of KWRD row `index`, or null when malformed.
     * @param {number} index
     */
    keywordTarget(index: number): {
        entry: number;
        locale: number | null;
        source: number;
    } | null;
    /**
     * The written text of KWRD row `index`, or null.
     * @param {number} index
     */
    keywordText(index: number): string | null;
    /**
     * KWRD rows of entry `index`.
     * @param {number} index
     */
    keywordRows(index: number): number[];
    /**
     * The KWRD row KPST row `index` names; null when out of range.
     * @param {number} index
     */
    posting(index: number): number | null;
    /**
     * The KWRD rows whose folded key starts with `prefix` (folded UTF-8), by two binary searches: [lo, hi).
     * @param {Uint8Array} prefix
     * @returns {[number, number]}
     */
    keywordRange(prefix: Uint8Array): [number, number];
    /**
     * The KPST range of the gram of two folded scalars (`second` 0: a keyword's end); empty when absent. It may hold
     * keywords of other pairs with the same key: check each.
     * @param {number} first @param {number} second
     * @returns {[number, number]}
     */
    gramPostings(first: number, second: number): [number, number];
    /**
     * The KPST runs of every gram starting with `first`, one per gram.
     * @param {number} first
     * @returns {[number, number][]}
     */
    gramPostingRuns(first: number): [number, number][];
    /**
     * @private
     * @param {number} row
     */
    private gramKeyAt;
    /**
     * The first gram row whose key is at least `key`.
     * @private
     * @param {number} key
     */
    private lowerGram;
    /**
     * Where the postings of gram `row` start (KPST's count past the last gram), clamped to KPST.
     * @private
     * @param {number} row
     */
    private gramStart;
    /**
     * @private
     * @param {number} row
     * @returns {[number, number]}
     */
    private postingsOfGram;
    /**
     * The next KWRD row that every run of KPST rows names, walking the first run from `cursors[0]` and seeking each
     * row in the others from their cursors (galloping, then a binary search); null when none is left. Rows past KWRD
     * or out of order (a damaged pack) are passed over or end the walk early.
     * @param {[number, number][]} runs
     * @param {number[]} cursors one per run, their lower bounds to start
     */
    nextCommonPosting(runs: [number, number][], cursors: number[]): number | null;
    /** Walks the whole file: checksum, every string and range, both indexes, sprites and keyword sections (verify.js). */
    verify(): void;
}
export type PackErrorKind = "io" | "badMagic" | "unsupportedVersion" | "truncated" | "badHeader" | "outOfBounds" | "badString" | "badChecksum" | "inconsistent";
export type Span = {
    offset: number;
    length: number;
    count: number;
    rowOffset: number;
};
export type SheetRecord = {
    fileName: string;
    scale: number;
    page: number;
    width: number;
    height: number;
    byteSize: number;
    sha256: Uint8Array;
    format: "png" | "webp";
    lossy: boolean;
};
export type Placement = {
    sheet: number;
    x: number;
    y: number;
    width: number;
    height: number;
    left: number;
    top: number;
};
export type Keyword = {
    text: string;
    locale: string | null;
    source: number;
};
export type Entry = {
    kind: "image" | "emoji";
    tags: string[];
    codes: string[];
    emoji: string | null;
    image: number | null;
    animation: number | null;
    insertsCode: boolean;
    keywords: Keyword[];
};
import { Entry } from "./format.js";
import { Keyword } from "./format.js";
