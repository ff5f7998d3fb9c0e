/**
 * Defines `<emopack-keyboard>` in `win` (once). Set `catalog` and `sheetURLs` on the element; it fires `emoticon`
 * (detail: `{ref, text}`, the text to insert) and `delete` events.
 * @param {Window & typeof globalThis} win
 */
export function defineKeyboardElement(win: Window & typeof globalThis): void;
export type EmoticonRef = import("./catalog.js").EmoticonRef;
