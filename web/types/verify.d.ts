/**
 * Walks the whole file: checksum, every string and range, both indexes, sprites and keyword sections.
 * @param {PackFile} pack
 */
export function verifyPack(pack: PackFile): void;
export type PackFile = import("./pack.js").PackFile;
export type SheetRecord = import("./pack.js").SheetRecord;
export type Placement = import("./pack.js").Placement;
export type Span = import("./pack.js").Span;
