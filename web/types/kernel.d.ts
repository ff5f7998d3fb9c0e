/**
 * A kernel for these keys: at once when the engine allows it, else from the promise; null where WebAssembly is
 * missing or fails, or the host is big-endian.
 * @param {Map<string, EmoticonRef>} keys
 * @param {Map<string, EmoticonRef>} emoji
 * @param {Int32Array} packStarts each pack's first index among the catalog's emoticons
 * @returns {Kernel|Promise<Kernel|null>}
 */
export function makeKernel(keys: Map<string, EmoticonRef>, emoji: Map<string, EmoticonRef>, packStarts: Int32Array): Kernel | Promise<Kernel | null>;
/** The kernel compiled: at once where the engine compiles synchronously, else when the promise settles. */
export const kernelCompiled: Promise<WebAssembly.Module | null>;
/** One kernel instance holding one catalog's keys. */
export class Kernel {
    /**
     * @param {WebAssembly.Instance} instance
     * @param {Map<string, EmoticonRef>} keys every key as written
     * @param {Map<string, EmoticonRef>} emoji every emoji without U+FE0E and U+FE0F
     * @param {Int32Array} packStarts each pack's first index among the catalog's emoticons
     */
    constructor(instance: WebAssembly.Instance, keys: Map<string, EmoticonRef>, emoji: Map<string, EmoticonRef>, packStarts: Int32Array);
    exports: KernelExports;
    /**
     * How a message's units reach the kernel: Node's Buffer, WebAssembly's string builtins, or a loop.
     * @type {"buffer"|"builtins"|"loop"}
     */
    copy: "buffer" | "builtins" | "loop";
    /** @type {((s: string, at: number, n: number) => void)|null} */
    copier: ((s: string, at: number, n: number) => void) | null;
    /**
     * The runs of `message` (as TokenizedText holds them: two numbers a run, then the end), or null when the
     * JavaScript tokenizer must take it (a rule that looks further back than the kernel, a scalar outside its tables
     * next to a candidate, a tag that normalizing might change, no memory).
     * @param {string} message
     * @param {number} limit the longest tag in UTF-8 bytes
     * @returns {Int32Array|null}
     */
    tokenize(message: string, limit: number): Int32Array | null;
}
export type EmoticonRef = import("./catalog.js").EmoticonRef;
export type KernelExports = {
    memory: WebAssembly.Memory;
    emo_props: () => number;
    emo_table_init: (which: number, keys: number, units: number) => number;
    emo_table_add: (which: number, index: number, at: number, length: number, emoticon: number) => void;
    emo_text: (capacity: number) => number;
    emo_runs: () => number;
    emo_tokenize: (n: number, limit: number) => number;
};
