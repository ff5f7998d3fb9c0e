// @ts-check
// Checks of what the public functions are given: an argument of the wrong type is a TypeError that names the
// function, the argument and what it got, thrown before anything is read or changed.

/**
 * How a value reads in an error message.
 * @param {unknown} value
 */
function shown(value) {
  if (value === null || value === undefined) return String(value);
  if (typeof value === "string") return JSON.stringify(value.length > 24 ? value.slice(0, 24) + "…" : value);
  if (typeof value === "object") return `an object (${value.constructor?.name ?? "no prototype"})`;
  if (typeof value === "function") return "a function";
  return `${typeof value} ${String(value)}`;
}

/**
 * `value`, which must be a string.
 * @param {unknown} value
 * @param {string} where the function and argument, as "Tokenizer.tokenize(message)"
 * @returns {string}
 */
export function stringArg(value, where) {
  if (typeof value !== "string") throw new TypeError(`${where}: expected a string, got ${shown(value)}`);
  return value;
}

/**
 * `value`, which must be a UTF-16 offset: a number that is not NaN (beyond the text it is clamped to its ends).
 * @param {unknown} value
 * @param {string} where
 * @returns {number}
 */
export function offsetArg(value, where) {
  if (typeof value !== "number" || Number.isNaN(value)) {
    throw new TypeError(`${where}: expected a UTF-16 offset (a number), got ${shown(value)}`);
  }
  return Math.trunc(value);
}

/**
 * `value`, which must be an array.
 * @template T
 * @param {T[]} value
 * @param {string} where
 * @returns {T[]}
 */
export function arrayArg(value, where) {
  if (!Array.isArray(value)) throw new TypeError(`${where}: expected an array, got ${shown(value)}`);
  return value;
}

/**
 * `value`, which must be an options object.
 * @template {object} T
 * @param {T} value
 * @param {string} where
 * @returns {T}
 */
export function optionsArg(value, where) {
  if (typeof value !== "object" || value === null) throw new TypeError(`${where}: expected an object, got ${shown(value)}`);
  return value;
}

/**
 * `value`, which must name an offset space.
 * @param {unknown} value
 * @param {string} where
 * @returns {"source"|"display"}
 */
export function spaceArg(value, where) {
  if (value !== "source" && value !== "display") {
    throw new TypeError(`${where}: expected "source" or "display", got ${shown(value)}`);
  }
  return value;
}

/**
 * `value`, which must be an emoticon reference `{pack, entry}` of two integers.
 * @param {unknown} value
 * @param {string} where
 * @returns {{pack: number, entry: number}}
 */
export function refArg(value, where) {
  const ref = /** @type {{pack?: unknown, entry?: unknown}} */ (value);
  if (typeof value !== "object" || value === null || !Number.isInteger(ref.pack) || !Number.isInteger(ref.entry)) {
    throw new TypeError(`${where}: expected an emoticon reference {pack, entry} of two integers, got ${shown(value)}`);
  }
  return /** @type {{pack: number, entry: number}} */ (value);
}

/**
 * `value`, which must be an emoticon as `catalog.emoticon(ref)` returns it (what is read of it: `insertionText`).
 * @param {unknown} value
 * @param {string} where
 * @returns {{insertionText: string}}
 */
export function emoticonArg(value, where) {
  const emoticon = /** @type {{insertionText?: unknown}} */ (value);
  if (typeof value !== "object" || value === null || typeof emoticon.insertionText !== "string") {
    throw new TypeError(`${where}: expected an emoticon from catalog.emoticon(ref), with its insertionText, got ${shown(value)}`);
  }
  return /** @type {{insertionText: string}} */ (value);
}

/**
 * `value`, which must be a pack's bytes: an ArrayBuffer or a view of one (a Uint8Array, any typed array, a
 * DataView), as a Uint8Array over the same memory.
 * @param {unknown} value
 * @param {string} where
 * @returns {Uint8Array}
 */
export function bytesArg(value, where) {
  if (value instanceof Uint8Array) return value;
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof ArrayBuffer || (typeof SharedArrayBuffer !== "undefined" && value instanceof SharedArrayBuffer)) {
    return new Uint8Array(value);
  }
  throw new TypeError(`${where}: expected a pack's bytes (an ArrayBuffer or a Uint8Array), got ${shown(value)}`);
}
