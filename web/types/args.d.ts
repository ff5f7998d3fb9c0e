/**
 * `value`, which must be a string.
 * @param {unknown} value
 * @param {string} where the function and argument, as "Tokenizer.tokenize(message)"
 * @returns {string}
 */
export function stringArg(value: unknown, where: string): string;
/**
 * `value`, which must be a UTF-16 offset: a number that is not NaN (beyond the text it is clamped to its ends).
 * @param {unknown} value
 * @param {string} where
 * @returns {number}
 */
export function offsetArg(value: unknown, where: string): number;
/**
 * `value`, which must be an array.
 * @template T
 * @param {T[]} value
 * @param {string} where
 * @returns {T[]}
 */
export function arrayArg<T>(value: T[], where: string): T[];
/**
 * `value`, which must be an options object.
 * @template {object} T
 * @param {T} value
 * @param {string} where
 * @returns {T}
 */
export function optionsArg<T extends object>(value: T, where: string): T;
/**
 * `value`, which must name an offset space.
 * @param {unknown} value
 * @param {string} where
 * @returns {"source"|"display"}
 */
export function spaceArg(value: unknown, where: string): "source" | "display";
/**
 * `value`, which must be an emoticon reference `{pack, entry}` of two integers.
 * @param {unknown} value
 * @param {string} where
 * @returns {{pack: number, entry: number}}
 */
export function refArg(value: unknown, where: string): {
    pack: number;
    entry: number;
};
/**
 * `value`, which must be an emoticon as `catalog.emoticon(ref)` returns it (what is read of it: `insertionText`).
 * @param {unknown} value
 * @param {string} where
 * @returns {{insertionText: string}}
 */
export function emoticonArg(value: unknown, where: string): {
    insertionText: string;
};
/**
 * `value`, which must be a pack's bytes: an ArrayBuffer or a view of one (a Uint8Array, any typed array, a
 * DataView), as a Uint8Array over the same memory.
 * @param {unknown} value
 * @param {string} where
 * @returns {Uint8Array}
 */
export function bytesArg(value: unknown, where: string): Uint8Array;
