// @ts-check
// The tokenizer's WebAssembly kernel (web/kernel/tokenize.c, built by web/kernel/build.sh into kernel-wasm.js): a
// message's UTF-16 units copied into the kernel's memory, its runs back as TokenizedText holds them.
import { kernelWasm } from "./kernel-wasm.js";
import { kernelProperties, nfc, nfcInertBits } from "./unicode.js";

/** @typedef {import("./catalog.js").EmoticonRef} EmoticonRef */

/**
 * @typedef {object} KernelExports
 * @property {WebAssembly.Memory} memory
 * @property {() => number} emo_props
 * @property {(which: number, keys: number, units: number) => number} emo_table_init
 * @property {(which: number) => number} emo_table_rows
 * @property {(which: number, keys: number) => void} emo_table_fill
 * @property {(capacity: number) => number} emo_text
 * @property {() => number} emo_runs
 * @property {(n: number, limit: number) => number} emo_tokenize
 * @property {(n: number, limit: number) => number} emo_tokenize_codes
 * @property {() => number} emo_inert
 * @property {(shortcodes: number) => number} emo_codes_done
 */

/**
 * Node's Buffer, whose UTF-16LE `write` copies a string's units in one step; elsewhere a loop copies them.
 * @type {{from(buffer: ArrayBuffer, offset: number, length: number): {write(s: string, offset: number, length: number, encoding: string): number}}|undefined}
 */
const nodeBuffer = /** @type {any} */ (globalThis).Buffer;
/**
 * Messages of up to `SHORT_TEXT` units are copied in by a loop, and runs of up to `SHORT_RUNS` numbers copied out by
 * one: below those, a call's set-up costs more than the copy. The kernel keeps room for `MIN_CAPACITY` units at least.
 */
const SHORT_TEXT = 24, SHORT_RUNS = 64, MIN_CAPACITY = 4096;
/** WebAssembly's memory is little-endian; typed arrays over it read it right only on a little-endian host. */
const littleEndian = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/**
 * The bytes of `base64`: by `Uint8Array.fromBase64` or Node's Buffer where the engine has one (a loop run once at load
 * stays in the interpreter: about 2.5 ms for the kernel), else by `atob` and a loop.
 * @param {string} base64
 * @returns {Uint8Array}
 */
function decodeBase64(base64) {
  const fromBase64 = /** @type {{fromBase64?: (s: string) => Uint8Array}} */ (/** @type {unknown} */ (Uint8Array)).fromBase64;
  if (typeof fromBase64 === "function") return fromBase64(base64);
  const buffer = /** @type {{from?: (s: string, encoding: string) => Uint8Array}|undefined} */ (nodeBuffer);
  if (buffer && typeof buffer.from === "function") return buffer.from(base64, "base64");
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * A module of one function, `copy(string, at, n)`, that writes a string's `n` units at byte `at` of the kernel's
 * memory with WebAssembly's JS string builtins: `intoCharCodeArray` into an i16 array kept between calls, then two
 * units a store. Engines without the builtins (or without GC types) cannot link it, and a loop copies instead.
 */
function copierBytes() {
  /** @param {number} n */
  const leb = (n) => {
    const out = [];
    do { out.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0)); n >>>= 7; } while (n);
    return out;
  };
  /** @param {string} s */
  const name = (s) => [...leb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
  /** @param {number} id @param {number[]} body */
  const section = (id, body) => [id, ...leb(body.length), ...body];
  /** @param {number[][]} items */
  const vec = (items) => [...leb(items.length), ...items.flat()];
  // Types and the instructions used, by their binary codes.
  const EXTERNREF = 0x6f, I32 = 0x7f, ARRAY = 0x63, VOID = 0x40; // ARRAY, 0: (ref null 0), type 0 (array (mut i16))
  const BLOCK = 0x02, LOOP = 0x03, IF = 0x04, ELSE = 0x05, END = 0x0b, BR = 0x0c, BR_IF = 0x0d, CALL = 0x10;
  const DROP = 0x1a, GLOBAL_GET = 0x23, GLOBAL_SET = 0x24, I32_STORE = 0x36, I32_STORE16 = 0x3b, CONST = 0x41;
  const LT_U = 0x49, GE_U = 0x4f, ADD = 0x6a, OR = 0x72, SHL = 0x74, IS_NULL = 0xd1, REF_NULL = 0xd0;
  const ARRAY_NEW_DEFAULT = [0xfb, 0x07, 0], ARRAY_GET_U = [0xfb, 0x0d, 0], ARRAY_LEN = [0xfb, 0x0f];
  /** @param {number} local */
  const get = (local) => [0x20, local];
  /** @param {number} local */
  const set = (local) => [0x21, local];
  /** @param {number} local */
  const tee = (local) => [0x22, local];
  // Parameters: 0 the string, 1 the byte address, 2 the unit count; locals: 3 the array, 4 the index.
  const address = [...get(1), ...get(4), CONST, 1, SHL, ADD]; // at + 2 × i
  const unit = (/** @type {number} */ plus) => [...get(3), ...get(4), ...(plus ? [CONST, plus, ADD] : []), ...ARRAY_GET_U];
  const body = [
    2, 1, ARRAY, 0, 1, I32,
    GLOBAL_GET, 0, ...set(3), // the array kept between calls; a new one when it is missing or short
    ...get(3), IS_NULL, IF, I32, CONST, 1, ELSE, ...get(3), ...ARRAY_LEN, ...get(2), LT_U, END,
    IF, VOID, ...get(2), ...ARRAY_NEW_DEFAULT, ...tee(3), GLOBAL_SET, 0, END,
    ...get(0), ...get(3), CONST, 0, CALL, 0, DROP, // intoCharCodeArray(string, array, 0)
    BLOCK, VOID, LOOP, VOID, // while i + 1 < n: units i and i + 1 in one 32-bit store
    ...get(4), CONST, 1, ADD, ...get(2), GE_U, BR_IF, 1,
    ...address, ...unit(0), ...unit(1), CONST, 16, SHL, OR, I32_STORE, 1, 0,
    ...get(4), CONST, 2, ADD, ...set(4), BR, 0, END, END,
    ...get(4), ...get(2), LT_U, IF, VOID, ...address, ...unit(0), I32_STORE16, 0, 0, END, // an odd last unit
    END,
  ];
  const types = [[0x5e, 0x77, 0x01], [0x60, 3, EXTERNREF, ARRAY, 0, I32, 1, I32], [0x60, 3, EXTERNREF, I32, I32, 0]];
  const imports = [
    [...name("wasm:js-string"), ...name("intoCharCodeArray"), 0x00, 1],
    [...name("env"), ...name("memory"), 0x02, 0x00, 1],
  ];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, vec(types)),
    ...section(2, vec(imports)),
    ...section(3, vec([[2]])), // copy has type 2
    ...section(6, vec([[ARRAY, 0, 1, REF_NULL, 0, END]])), // the array, null at first
    ...section(7, vec([[...name("copy"), 0x00, 1]])),
    ...section(10, vec([[...leb(body.length), ...body]])),
  ]);
}

/**
 * The copier's module, compiled once for every kernel, off the first Tokenizer's path: undefined until compiled, null
 * where the engine lacks the JS string builtins (or GC types).
 * @type {WebAssembly.Module|null|undefined}
 */
let copierModule;
/** @type {Promise<void>|null} */
let copierCompiling = null;
/** Compiles the copier's module, once. */
function compileCopier() {
  copierCompiling ??= (async () => {
    try {
      // The options argument is newer than TypeScript's declarations.
      const compile = /** @type {(bytes: Uint8Array, options: object) => Promise<WebAssembly.Module>} */ (WebAssembly.compile);
      copierModule = await compile(copierBytes(), { builtins: ["js-string"] });
    } catch {
      copierModule = null;
    }
  })();
  return copierCompiling;
}

/**
 * The builtin copier for `memory` once its module is compiled, else null.
 * @param {WebAssembly.Memory} memory
 * @returns {((s: string, at: number, n: number) => void)|null}
 */
function makeCopier(memory) {
  if (!copierModule) return null;
  try {
    const instance = new WebAssembly.Instance(copierModule, { env: { memory } });
    return /** @type {(s: string, at: number, n: number) => void} */ (instance.exports.copy);
  } catch {
    return null;
  }
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

/**
 * A catalog's keys as the kernel takes them.
 * @typedef {object} KernelKeys
 * @property {Map<string, EmoticonRef>} keys every key as written
 * @property {Map<string, EmoticonRef>} emoji every emoji without U+FE0E and U+FE0F
 * @property {Map<number, {text: string, ref: EmoticonRef}[]>} codes literal codes by first unit, in the order tried
 * @property {Map<string, EmoticonRef>} shortcodes
 * @property {Int32Array} packStarts each pack's first index among the catalog's emoticons
 * @property {Uint8Array} leads each UTF-16 unit's flags in the JavaScript tokenizer: 0 when no key or emoji starts there
 */

/**
 * Writes `text`'s units at byte `at` of `memory`.
 * @param {WebAssembly.Memory} memory
 * @param {number} at
 * @param {string} text
 */
function writeUnits(memory, at, text) {
  if (nodeBuffer) {
    nodeBuffer.from(memory.buffer, at, 2 * text.length).write(text, 0, 2 * text.length, "utf16le");
    return;
  }
  const units = new Uint16Array(memory.buffer, at, text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
}

/** One kernel instance holding one catalog's keys. */
export class Kernel {
  /**
   * @param {WebAssembly.Instance} instance
   * @param {KernelKeys} catalogKeys
   */
  constructor(instance, { keys, emoji, codes, shortcodes, packStarts, leads }) {
    /** Each unit's flags in the JavaScript tokenizer: a message without a nonzero one is all text. */
    this.leads = leads;
    /** @type {Map<string, EmoticonRef>} */
    this.keys = keys;
    /** @type {Map<string, EmoticonRef>} */
    this.shortcodes = shortcodes;
    this.packStarts = packStarts;
    this.exports = /** @type {KernelExports} */ (/** @type {unknown} */ (instance.exports));
    const x = this.exports;
    /**
     * How a message's units reach the kernel: Node's Buffer, WebAssembly's string builtins, or a loop.
     * @type {"buffer"|"builtins"|"loop"}
     */
    this.copy = "loop";
    /** @type {((s: string, at: number, n: number) => void)|null} */
    this.copier = null;
    /**
     * Settles once the copy is as fast as this engine allows (the builtin copier's module compiles in the background:
     * a loop copies until then).
     * @type {Promise<void>}
     */
    this.ready = Promise.resolve();
    const linkCopier = () => {
      if ((this.copier = makeCopier(x.memory))) this.copy = "builtins";
    };
    if (nodeBuffer) this.copy = "buffer";
    else if (copierModule !== undefined) linkCopier();
    else this.ready = compileCopier().then(linkCopier);
    /** @private Where the kernel's text goes (0 before the first message); its runs follow it. */
    this.textAddress = 0;
    /** @private How many units fit there. */
    this.capacity = 0;
    /** @private */
    this.runsAddress = 0;
    /** @private Views of the kernel's whole memory, made by `views`. */
    this.units = new Uint16Array(0);
    /** @private */
    this.words = new Int32Array(0);
    /**
     * @private The same as a Node Buffer.
     * @type {{write(s: string, offset: number, length: number, encoding: string): number}|null}
     */
    this.bytes = null;
    this.views();
    new Uint8Array(x.memory.buffer, x.emo_props(), 0x21000).set(kernelProperties());
    /** @param {EmoticonRef} ref */
    const index = (ref) => packStarts[ref.pack] + ref.entry;
    // Key tables 0 to 3: keys, emoji, shortcodes, literal codes (each once, with the emoticon JavaScript gives it).
    const literal = new Map(Array.from(codes.values()).flat().map((c) => [c.text, c.ref]));
    // Each table's keys go in at once: their units one after another, each key's length and emoticon in its row,
    // then one call (a call into the kernel per key cost the first Tokenizer milliseconds).
    [keys, emoji, shortcodes, literal].forEach((map, which) => {
      if (which >= 2 && map.size === 0) return;
      const joined = Array.from(map.keys()).join("");
      const at = x.emo_table_init(which, map.size, joined.length);
      if (at === 0) throw new RangeError("the tokenizer kernel has no memory for its keys");
      const rows = new Uint32Array(x.memory.buffer, x.emo_table_rows(which), 2 * map.size);
      let k = 0;
      for (const [key, ref] of map) {
        rows[2 * k] = key.length;
        rows[2 * k + 1] = index(ref);
        k++;
      }
      writeUnits(x.memory, at, joined);
      x.emo_table_fill(which, map.size);
    });
    new Uint8Array(x.memory.buffer, x.emo_inert(), 0x4000).set(nfcInertBits());
    if (!x.emo_codes_done(shortcodes.size > 0 ? 1 : 0)) {
      throw new RangeError("the tokenizer kernel cannot filter these codes");
    }
    /** The kernel's scan: the one that tries codes only for a catalog with them. */
    this.scan = codes.size > 0 || shortcodes.size > 0 ? x.emo_tokenize_codes : x.emo_tokenize;
  }

  /**
   * The kernel's `shortcode_nfc`: the run code of the shortcode that the name at byte `at` (`length` units) is once
   * normalized, or 0.
   * @param {number} at
   * @param {number} length
   */
  shortcodeNfc(at, length) {
    const ref = this.shortcodes.get(nfc(this.textAt(at, length)));
    return ref ? this.runCode(ref) : 0;
  }

  /**
   * The kernel's `tag_nfc`: the run code of the key that the tag at byte `at` (`length` units, brackets included)
   * is once normalized, or 0 (the tokenizer's `tagMatch` looks again only when normalizing changes the tag).
   * @param {number} at
   * @param {number} length
   */
  tagNfc(at, length) {
    const tag = this.textAt(at, length);
    const normal = nfc(tag);
    const ref = normal === tag ? undefined : this.keys.get(normal);
    return ref ? this.runCode(ref) : 0;
  }

  /**
   * The `length` UTF-16 units at byte `at` of the kernel's memory, as a string.
   * @param {number} at
   * @param {number} length
   */
  textAt(at, length) {
    const units = new Uint16Array(this.exports.memory.buffer, at, length);
    let text = "";
    for (let i = 0; i < length; i += 4096) text += String.fromCharCode(...units.subarray(i, Math.min(length, i + 4096)));
    return text;
  }

  /**
   * A run's code for an emoticon: kind 1 and its index among the catalog's emoticons.
   * @param {EmoticonRef} ref
   */
  runCode(ref) { return 1 + ((this.packStarts[ref.pack] + ref.entry) << 2); }

  /**
   * The runs of `message` (as TokenizedText holds them: two numbers a run, then the end), or null when the
   * JavaScript tokenizer must take it (a rule that looks further back than the kernel, a scalar outside its tables
   * next to a candidate, no memory).
   * @param {string} message
   * @param {number} limit the longest tag in UTF-8 bytes
   * @returns {Int32Array|null}
   */
  tokenize(message, limit) {
    const x = this.exports;
    const n = message.length;
    // The text keeps its place while messages fit; a longer one is placed again (a failed placement, next call).
    if (n > this.capacity) {
      const capacity = Math.max(n, MIN_CAPACITY);
      this.textAddress = x.emo_text(capacity);
      if (this.textAddress === 0) {
        this.capacity = 0;
        return null;
      }
      this.capacity = capacity;
      this.runsAddress = x.emo_runs();
    }
    if (this.units.length === 0) this.views();
    const at = this.textAddress;
    if (n > SHORT_TEXT && this.copy === "buffer" && this.bytes) {
      this.bytes.write(message, at, 2 * n, "utf16le");
    } else if (n > SHORT_TEXT && this.copy === "builtins" && this.copier) {
      // A string longer than the engine's largest array traps: JavaScript takes such a message.
      try { this.copier(message, at, n); } catch { return null; }
    } else {
      const units = this.units;
      const leads = this.leads;
      const base = at >> 1;
      let lead = 0;
      for (let i = 0; i < n; i++) {
        const unit = message.charCodeAt(i);
        units[base + i] = unit;
        lead |= leads[unit];
      }
      // No unit that may start a key or an emoji: one run of text, none for an empty message.
      if (lead === 0) {
        const runs = new Int32Array(n === 0 ? 1 : 3);
        runs[runs.length - 1] = n;
        return runs;
      }
    }
    const count = this.scan(n, limit);
    if (count < 0) return null;
    if (this.words.length === 0) this.views();
    const from = this.runsAddress >> 2;
    const length = 2 * count + 1;
    const runs = new Int32Array(length);
    // `set` from a view copies in one step; `slice` of a view of the kernel's memory is ten times slower in V8.
    if (length > SHORT_RUNS) runs.set(this.words.subarray(from, from + length));
    else for (let i = 0, words = this.words; i < length; i++) runs[i] = words[from + i];
    return runs;
  }

  /**
   * Views of the kernel's whole memory, made again once it grows (growing detaches the old buffer: its views empty).
   * @private
   */
  views() {
    const buffer = this.exports.memory.buffer;
    this.units = new Uint16Array(buffer);
    this.words = new Int32Array(buffer);
    this.bytes = nodeBuffer ? nodeBuffer.from(buffer, 0, buffer.byteLength) : null;
  }
}

/**
 * A kernel for these keys: at once when the engine allows it, else from the promise; null where WebAssembly is
 * missing or fails, the host is big-endian, or the codes are more than the kernel's filter takes.
 * @param {KernelKeys} keys
 * @returns {Kernel|Promise<Kernel|null>}
 */
export function makeKernel(keys) {
  if (!littleEndian) return Promise.resolve(null);
  /** @type {{kernel: Kernel|null}} */
  const link = { kernel: null };
  /** @param {number} at @param {number} length */
  const shortcodeNfc = (at, length) => (link.kernel ? link.kernel.shortcodeNfc(at, length) : -1);
  /** @param {number} at @param {number} length */
  const tagNfc = (at, length) => (link.kernel ? link.kernel.tagNfc(at, length) : -1);
  const imports = { env: { shortcode_nfc: shortcodeNfc, tag_nfc: tagNfc } };
  /** @param {WebAssembly.Instance} instance */
  const made = (instance) => (link.kernel = new Kernel(instance, keys));
  if (compiled) {
    /** @type {WebAssembly.Instance|null} */
    let instance = null;
    try {
      instance = new WebAssembly.Instance(compiled, imports);
    } catch {
      // Too large to instantiate synchronously here: as below.
    }
    if (instance) {
      // A catalog the kernel cannot take is settled here, not tried again below.
      try { return made(instance); } catch { return Promise.resolve(null); }
    }
  }
  return kernelCompiled.then(async (module) => {
    if (!module) return null;
    try {
      return made(await WebAssembly.instantiate(module, imports));
    } catch {
      return null;
    }
  });
}
