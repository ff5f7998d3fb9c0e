/**
 * A kernel for these keys: at once when the engine allows it, else from the promise; null where WebAssembly is
 * missing or fails, or a key holds U+FFFD (which stands for lone surrogates in the kernel's UTF-8).
 * @param {Map<string, EmoticonRef>} keys
 * @param {Map<string, EmoticonRef>} emoji
 * @returns {Kernel|Promise<Kernel|null>}
 */
export function makeKernel(keys: Map<string, EmoticonRef>, emoji: Map<string, EmoticonRef>): Kernel | Promise<Kernel | null>;
/** The kernel compiled: at once where the engine compiles synchronously, else when the promise settles. */
export const kernelCompiled: Promise<WebAssembly.Module | null>;
/** One kernel instance holding one catalog's keys. */
export class Kernel {
    /**
     * @param {WebAssembly.Instance} instance
     * @param {Map<string, EmoticonRef>} keys every key as written
     * @param {Map<string, EmoticonRef>} emoji every emoji without U+FE0E and U+FE0F
     */
    constructor(instance: WebAssembly.Instance, keys: Map<string, EmoticonRef>, emoji: Map<string, EmoticonRef>);
    exports: KernelExports;
    /**
     * The runs of `message` (five numbers each, as TokenizedText holds them), or null when the JavaScript tokenizer
     * must take it (a rule that looks further back than the kernel, a lone surrogate next to a candidate, no memory).
     * A lone surrogate reaches the kernel as U+FFFD, which it never decides on; no key holds U+FFFD (see
     * `makeKernel`).
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
    emo_table_init: (which: number, keys: number, bytes: number) => number;
    emo_table_add: (which: number, index: number, at: number, length: number, pack: number, entry: number) => void;
    emo_text: (capacity: number) => number;
    emo_runs: () => number;
    emo_tokenize: (n: number, units: number, limit: number) => number;
};
