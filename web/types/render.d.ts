/** @typedef {import("./catalog.js").Catalog} Catalog */
/** @typedef {import("./tokenizer.js").Tokenizer} Tokenizer */
/** @typedef {import("./catalog.js").EmoticonRef} EmoticonRef */
/** @typedef {import("./pack.js").Placement} Placement */
/**
 * The scale to draw at for a device pixel ratio: the smallest the pack has at or above it, else its largest.
 * @param {number[]} scales
 * @param {number} ratio
 */
export function chooseScale(scales: number[], ratio: number): number;
/**
 * An emoticon as an inline image: a square of `size` CSS pixels (the pack's point size by default) holding its
 * sprite, labelled for screen readers, carrying its source text for copy. A `PackError` when its entry or placement
 * cannot be read, a RangeError when `sheetURLs` lacks its sheet.
 * @param {Document} doc
 * @param {EmoticonRef} ref
 * @param {string} source the text it stands for (the tag or emoji as typed)
 * @param {RenderOptions} o
 * @param {Animator} [animator]
 */
export function emoticonElement(doc: Document, ref: EmoticonRef, source: string, o: RenderOptions, animator?: Animator | undefined): HTMLSpanElement;
/**
 * `message` as DOM nodes: text, and each emoticon (and, with `emojiAsImages`, each emoji that has an image) as
 * an inline image.
 * @param {Document} doc
 * @param {Tokenizer} tokenizer
 * @param {string} message
 * @param {RenderOptions} o
 * @param {Animator} [animator]
 */
export function renderMessage(doc: Document, tokenizer: Tokenizer, message: string, o: RenderOptions, animator?: Animator | undefined): DocumentFragment;
/**
 * The source text of what `range` covers inside `root`: emoticons give the text they stand for.
 * @param {Range} range
 */
export function sourceTextOf(range: Range): string;
/**
 * Copy and cut inside `root` put the source text (tags, codes, emoji as typed) on the clipboard.
 * @param {HTMLElement} root
 */
export function attachCopyHandler(root: HTMLElement): (e: ClipboardEvent) => void;
/**
 * Plays animations from one timer: each frame for its own delay, `loopCount` plays (0: forever), then the last
 * frame. Stops itself when nothing is left to change; an animation whose frame cannot be drawn stops there alone.
 */
export class Animator {
    /**
     * @param {Window} win
     */
    constructor(win: Window);
    win: Window;
    /** @type {{element: Element, animation: import("./catalog.js").EmoticonAnimation, draw: (frame: number) => void, start: number, frame: number}[]} */
    items: {
        element: Element;
        animation: import("./catalog.js").EmoticonAnimation;
        draw: (frame: number) => void;
        start: number;
        frame: number;
    }[];
    /** @type {number|null} */
    timer: number | null;
    /**
     * @param {Element} element
     * @param {import("./catalog.js").EmoticonAnimation} animation
     * @param {(frame: number) => void} draw
     */
    add(element: Element, animation: import("./catalog.js").EmoticonAnimation, draw: (frame: number) => void): void;
    /** Draws what changed and waits for the next change. */
    tick(): void;
    schedule(): void;
    stop(): void;
}
/**
 * An editable field over `EmoticonText`: what is typed or pasted is tokenized as it arrives, emoticons show as
 * images, the delete key removes a whole tag, code or emoji cluster, and `source` is what to send.
 */
export class EmoticonEditor {
    /**
     * @param {HTMLElement} element a `contenteditable` element
     * @param {Tokenizer} tokenizer
     * @param {RenderOptions} options
     */
    constructor(element: HTMLElement, tokenizer: Tokenizer, options: RenderOptions);
    element: HTMLElement;
    tokenizer: import("./tokenizer.js").Tokenizer;
    options: RenderOptions;
    model: EmoticonText;
    /**
     * @param {string} text
     */
    set source(arg: string);
    /** The source text: what is sent. */
    get source(): string;
    /** The selection as display offsets. @returns {[number, number]} */
    selection(): number[];
    /**
     * The display offset of a DOM position inside the field (an emoticon counts one).
     * @param {Node} container
     * @param {number} offset
     */
    offsetOf(container: Node, offset: number): number;
    /**
     * @param {InputEvent} e
     */
    onBeforeInput(e: InputEvent): void;
    /**
     * Inserts plain text (an emoticon's insertion text, say) at the selection.
     * @param {string} text
     */
    insert(text: string): void;
    /** The delete key, as the keyboard's delete cell presses it. */
    deleteBackward(): void;
    /**
     * @param {{display: {cursor: number}}} change
     */
    edit(change: {
        display: {
            cursor: number;
        };
    }): void;
    /** Reads the field back after a native edit (composition) and renders it again. */
    resync(): void;
    /**
     * @param {number} cursor a display offset
     */
    render(cursor: number): void;
}
export type Catalog = import("./catalog.js").Catalog;
export type Tokenizer = import("./tokenizer.js").Tokenizer;
export type EmoticonRef = import("./catalog.js").EmoticonRef;
export type Placement = import("./pack.js").Placement;
/**
 * Where a pack's sheets are: `urls[pack][sheet]`, in the order of each pack's sheet records.
 */
export type RenderOptions = {
    catalog: Catalog;
    sheetURLs: string[][];
    ratio?: number;
    size?: number;
    emojiAsImages?: boolean;
    reducedMotion?: boolean;
};
import { EmoticonText } from "./text.js";
