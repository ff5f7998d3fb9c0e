/** Packs in tab order. */
export class Catalog {
    /**
     * Opens packs from their bytes, in tab order.
     * @param {(ArrayBuffer|Uint8Array)[]} buffers
     */
    static open(buffers: (ArrayBuffer | Uint8Array)[]): Catalog;
    /**
     * @param {PackFile[]} packs
     */
    constructor(packs: PackFile[]);
    packs: PackFile[];
    /**
     * Every tag claimed by more than one pack, as Swift's `Catalog.collisions()`: the tag, the pack it resolves to
     * (the first in tab order) and the pack whose entry it shadows. It walks every tag: call it once (the example
     * page and `<emopack-keyboard>` log what it finds).
     * @returns {{tag: string, winner: string, shadowed: string}[]}
     */
    collisions(): {
        tag: string;
        winner: string;
        shadowed: string;
    }[];
    /**
     * The emoticon for a tag or code (any canonically equivalent spelling of a tag), or null.
     * @param {string} tag
     * @returns {EmoticonRef|null}
     */
    lookupTag(tag: string): EmoticonRef | null;
    /**
     * The entry standing for an emoji (variation selectors ignored), or null.
     * @param {string} emoji
     * @returns {EmoticonRef|null}
     */
    lookupEmoji(emoji: string): EmoticonRef | null;
    /**
     * The pack `ref` names: a TypeError when it is no reference, a RangeError when the catalog has no such pack.
     * @private
     * @param {EmoticonRef} ref
     * @param {string} where
     */
    private packOf;
    /**
     * An emoticon's details.
     * @param {EmoticonRef} ref
     */
    emoticon(ref: EmoticonRef): {
        insertionText: string;
        image: import("./pack.js").Placement[] | null;
        kind: "image" | "emoji";
        tags: string[];
        codes: string[];
        emoji: string | null;
        animation: number | null;
        insertsCode: boolean;
        keywords: import("./pack.js").Keyword[];
        ref: EmoticonRef;
        packId: string;
    };
    /**
     * What a screen reader reads: the tag without brackets or colons, or the emoji.
     * @param {EmoticonRef} ref
     */
    accessibilityLabel(ref: EmoticonRef): string | null;
    /**
     * The animation of `ref`, or null for a still.
     * @param {EmoticonRef} ref
     */
    animation(ref: EmoticonRef): EmoticonAnimation | null;
}
/** An animation's timing: which frame shows when, playing `loopCount` times (0: forever). */
export class EmoticonAnimation {
    /**
     * Build from frame delays in milliseconds.
     * @param {number[]} delays
     * @param {number} loopCount
     * @param {number} stillFrame
     */
    static fromDelays(delays: number[], loopCount: number, stillFrame: number): EmoticonAnimation;
    /**
     * @param {number[]} endTimes
     * @param {number} loopCount
     * @param {number} stillFrame
     * @param {number[]} [images]
     */
    constructor(endTimes: number[], loopCount: number, stillFrame: number, images?: number[] | undefined);
    endTimes: number[];
    loopCount: number;
    stillFrame: number;
    images: number[];
    get frameCount(): number;
    get duration(): number;
    /** When the last play ends (ms); null when it plays forever. */
    get totalDuration(): number | null;
    /**
     * The frame shown `time` ms after the start; the last frame once every loop has played.
     * @param {number} time
     */
    frameAt(time: number): number;
    /**
     * When the frame next changes after `time` (ms), or null once it rests.
     * @param {number} time
     */
    nextChange(time: number): number | null;
}
export type EmoticonRef = {
    pack: number;
    entry: number;
};
import { PackFile } from "./pack.js";
/** @typedef {{pack: number, entry: number}} EmoticonRef */
/**
 * @param {EmoticonRef} ref
 */
export function refKey(ref: EmoticonRef): number;
