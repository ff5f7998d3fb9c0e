/**
 * Fits cells of `cellSize` with at least `minSpacing` between them into `width × height` less `insets`, at most
 * `maxColumns × maxRows`; leftover space goes to the gaps (each at most `maxSpacing`), the rest centres the grid.
 * Fewer than two cells (an emoticon and the delete key): an empty fit.
 * @param {{width: number, height: number, cellSize: number, minSpacing: number,
 *   insets?: {top: number, left: number, bottom: number, right: number}, maxColumns?: number, maxRows?: number, maxSpacing?: number}} o
 */
export function gridFit(o: {
    width: number;
    height: number;
    cellSize: number;
    minSpacing: number;
    insets?: {
        top: number;
        left: number;
        bottom: number;
        right: number;
    } | undefined;
    maxColumns?: number | undefined;
    maxRows?: number | undefined;
    maxSpacing?: number | undefined;
}): {
    columns: number;
    rows: number;
    spacingX: number;
    spacingY: number;
    frames: CellFrame[];
};
/**
 * Pages of `items` with a delete key on each: in the last cell, or (`afterLastEmoticon`) right after the last
 * emoticon of the last page. A cell is an item, "delete" or null (empty).
 * @template T
 * @param {T[]} items @param {{columns?: number, rows?: number, delete?: "lastCell"|"afterLastEmoticon"}} [o]
 * @returns {(T|"delete"|null)[][]}
 */
export function keyboardPages<T>(items: T[], o?: {
    columns?: number | undefined;
    rows?: number | undefined;
    delete?: "lastCell" | "afterLastEmoticon" | undefined;
} | undefined): (T | "delete" | null)[][];
/**
 * The keyboard's tabs: recents first (when not empty), then every pack with its name in the preferred locale.
 * @param {import("./catalog.js").Catalog} catalog
 * @param {{pack: number, entry: number}[]} recents @param {string[]} preferredLocales
 */
export function keyboardCategories(catalog: import("./catalog.js").Catalog, recents: {
    pack: number;
    entry: number;
}[], preferredLocales: string[]): {
    id: string;
    name: string;
    items: {
        pack: number;
        entry: number;
    }[];
}[];
export type CellFrame = {
    x: number;
    y: number;
    width: number;
    height: number;
};
