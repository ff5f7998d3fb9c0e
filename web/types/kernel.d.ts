/**
 * A kernel for these keys: at once when the engine allows it, else from the promise; null where WebAssembly is
 * missing or fails, the host is big-endian, or the codes are more than the kernel's filter takes.
 * @param {KernelKeys} keys
 * @returns {Kernel|Promise<Kernel|null>}
 */
export function makeKernel(keys: KernelKeys): Kernel | Promise<Kernel | null>;
/** The kernel compiled: at once where the engine compiles synchronously, else when the promise settles. */
export const kernelCompiled: Promise<WebAssembly.Module | null>;
/** One kernel instance holding one catalog's keys. */
export class Kernel {
    /**
     * @param {WebAssembly.Instance} instance
     * @param {KernelKeys} catalogKeys
     */
    constructor(instance: WebAssembly.Instance, { keys, emoji, codes, shortcodes, packStarts, leads }: KernelKeys);
    /** Each unit's flags in the JavaScript tokenizer: a message without a nonzero one is all text. */
    leads: Uint8Array;
    /** @type {Map<string, EmoticonRef>} */
    keys: Map<string, EmoticonRef>;
    /** @type {Map<string, EmoticonRef>} */
    shortcodes: Map<string, EmoticonRef>;
    packStarts: Int32Array;
    exports: KernelExports;
    /**
     * How a message's units reach the kernel: Node's Buffer, WebAssembly's string builtins, or a loop.
     * @type {"buffer"|"builtins"|"loop"}
     */
    copy: "buffer" | "builtins" | "loop";
    /** @type {((s: string, at: number, n: number) => void)|null} */
    copier: ((s: string, at: number, n: number) => void) | null;
    /**
     * Settles once the copy is as fast as this engine allows (the builtin copier's module compiles in the background:
     * a loop copies until then).
     * @type {Promise<void>}
     */
    ready: Promise<void>;
    /** @private Where the kernel's text goes (0 before the first message); its runs follow it. */
    private textAddress;
    /** @private How many units fit there. */
    private capacity;
    /** @private */
    private runsAddress;
    /** @private Views of the kernel's whole memory, made by `views`. */
    private units;
    /** @private */
    private words;
    /**
     * @private The same as a Node Buffer.
     * @type {{write(s: string, offset: number, length: number, encoding: string): number}|null}
     */
    private bytes;
    /** The kernel's scan: the one that tries codes only for a catalog with them. */
    scan: (n: number, limit: number) => number;
    /**
     * The kernel's `shortcode_nfc`: the run code of the shortcode that the name at byte `at` (`length` units) is once
     * normalized, or 0.
     * @param {number} at
     * @param {number} length
     */
    shortcodeNfc(at: number, length: number): number;
    /**
     * The kernel's `tag_nfc`: the run code of the key that the tag at byte `at` (`length` units, brackets included)
     * is once normalized, or 0 (the tokenizer's `tagMatch` looks again only when normalizing changes the tag).
     * @param {number} at
     * @param {number} length
     */
    tagNfc(at: number, length: number): number;
    /**
     * The `length` UTF-16 units at byte `at` of the kernel's memory, as a string.
     * @param {number} at
     * @param {number} length
     */
    textAt(at: number, length: number): string;
    /**
     * A run's code for an emoticon: kind 1 and its index among the catalog's emoticons.
     * @param {EmoticonRef} ref
     */
    runCode(ref: EmoticonRef): number;
    /**
     * The runs of `message` (as TokenizedText holds them: two numbers a run, then the end), or null when the
     * JavaScript tokenizer must take it (a rule that looks further back than the kernel, a scalar outside its tables
     * next to a candidate, no memory).
     * @param {string} message
     * @param {number} limit the longest tag in UTF-8 bytes
     * @returns {Int32Array|null}
     */
    tokenize(message: string, limit: number): Int32Array | null;
    /**
     * Views of the kernel's whole memory, made again once it grows (growing detaches the old buffer: its views empty).
     * @private
     */
    private views;
}
/**
 * A catalog's keys as the kernel takes them.
 */
export type KernelKeys = {
    /**
     * every key as written
     */
    keys: Map<string, EmoticonRef>;
    /**
     * every emoji without U+FE0E and U+FE0F
     */
    emoji: Map<string, EmoticonRef>;
    /**
     * literal codes by first unit, in the order tried
     */
    codes: Map<number, {
        text: string;
        ref: EmoticonRef;
    }[]>;
    shortcodes: Map<string, EmoticonRef>;
    /**
     * each pack's first index among the catalog's emoticons
     */
    packStarts: Int32Array;
    /**
     * each UTF-16 unit's flags in the JavaScript tokenizer: 0 when no key or emoji starts there
     */
    leads: Uint8Array;
};
export type EmoticonRef = import("./catalog.js").EmoticonRef;
export type KernelExports = {
    memory: WebAssembly.Memory;
    emo_props: () => number;
    emo_table_init: (which: number, keys: number, units: number) => number;
    emo_table_rows: (which: number) => number;
    emo_table_fill: (which: number, keys: number) => void;
    emo_text: (capacity: number) => number;
    emo_runs: () => number;
    emo_tokenize: (n: number, limit: number) => number;
    emo_tokenize_codes: (n: number, limit: number) => number;
    emo_inert: () => number;
    emo_codes_done: (shortcodes: number) => number;
};
