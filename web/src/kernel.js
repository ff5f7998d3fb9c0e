// @ts-check
// The tokenizer's WebAssembly kernel (web/kernel/tokenize.c, built by web/kernel/build.sh into kernel-wasm.js): a
// message's UTF-8 in the kernel's memory, its runs back as TokenizedText holds them.
import { kernelWasm } from "./kernel-wasm.js";
import { kernelProperties } from "./unicode.js";

/** @typedef {import("./catalog.js").EmoticonRef} EmoticonRef */

/**
 * @typedef {object} KernelExports
 * @property {WebAssembly.Memory} memory
 * @property {() => number} emo_props
 * @property {(which: number, keys: number, bytes: number) => number} emo_table_init
 * @property {(which: number, index: number, at: number, length: number, pack: number, entry: number) => void} emo_table_add
 * @property {(capacity: number) => number} emo_text
 * @property {() => number} emo_runs
 * @property {(n: number, units: number, limit: number) => number} emo_tokenize
 */

const encoder = new TextEncoder();

/** @param {string} base64 */
function decodeBase64(base64) {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** @type {WebAssembly.Module|null} */
let compiled = null;
/** The kernel compiled: at once where the engine compiles synchronously, else when the promise settles. */
export const kernelCompiled = (async () => {
  if (typeof WebAssembly !== "object") return null;
  const bytes = decodeBase64(kernelWasm);
  try {
    compiled = new WebAssembly.Module(bytes);
  } catch {
    // Browsers refuse to compile more than 4 KB synchronously on the main thread.
    try { compiled = await WebAssembly.compile(bytes); } catch { compiled = null; }
  }
  return compiled;
})();

/** One kernel instance holding one catalog's keys. */
export class Kernel {
  /**
   * @param {WebAssembly.Instance} instance
   * @param {Map<string, EmoticonRef>} keys every key as written
   * @param {Map<string, EmoticonRef>} emoji every emoji without U+FE0E and U+FE0F
   */
  constructor(instance, keys, emoji) {
    this.exports = /** @type {KernelExports} */ (/** @type {unknown} */ (instance.exports));
    const x = this.exports;
    new Uint8Array(x.memory.buffer, x.emo_props(), 0x21000).set(kernelProperties());
    [keys, emoji].forEach((map, which) => {
      const encoded = Array.from(map.keys(), (k) => encoder.encode(k));
      const total = encoded.reduce((sum, e) => sum + e.length, 0);
      const at = x.emo_table_init(which, map.size, total);
      if (at === 0) throw new RangeError("the tokenizer kernel has no memory for its keys");
      const refs = Array.from(map.values());
      let offset = 0;
      encoded.forEach((e, k) => {
        new Uint8Array(x.memory.buffer, at + offset, e.length).set(e);
        x.emo_table_add(which, k, offset, e.length, refs[k].pack, refs[k].entry);
        offset += e.length;
      });
    });
  }

  /**
   * The runs of `message` (five numbers each, as TokenizedText holds them), or null when the JavaScript tokenizer
   * must take it (a rule that looks further back than the kernel, a lone surrogate next to a candidate, no memory).
   * A lone surrogate reaches the kernel as U+FFFD, which it never decides on; no key holds U+FFFD (see
   * `makeKernel`).
   * @param {string} message
   * @param {number} limit the longest tag in UTF-8 bytes
   * @returns {Int32Array|null}
   */
  tokenize(message, limit) {
    const x = this.exports;
    const capacity = 3 * message.length;
    const at = x.emo_text(capacity);
    if (at === 0) return null;
    const { written } = encoder.encodeInto(message, new Uint8Array(x.memory.buffer, at, capacity));
    const count = x.emo_tokenize(written ?? 0, message.length, limit);
    if (count < 0) return null;
    return new Int32Array(x.memory.buffer, x.emo_runs(), 5 * count).slice();
  }
}

/**
 * A kernel for these keys: at once when the engine allows it, else from the promise; null where WebAssembly is
 * missing or fails, or a key holds U+FFFD (which stands for lone surrogates in the kernel's UTF-8).
 * @param {Map<string, EmoticonRef>} keys
 * @param {Map<string, EmoticonRef>} emoji
 * @returns {Kernel|Promise<Kernel|null>}
 */
export function makeKernel(keys, emoji) {
  for (const map of [keys, emoji]) for (const key of map.keys()) if (key.includes("\ufffd")) return Promise.resolve(null);
  if (compiled) {
    try {
      return new Kernel(new WebAssembly.Instance(compiled, {}), keys, emoji);
    } catch {
      // Too large to instantiate synchronously here: as below.
    }
  }
  return kernelCompiled.then(async (module) => {
    if (!module) return null;
    try {
      return new Kernel(await WebAssembly.instantiate(module, {}), keys, emoji);
    } catch {
      return null;
    }
  });
}
