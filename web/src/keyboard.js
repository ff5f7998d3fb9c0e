// @ts-check
// Keyboard pages and the fit of a grid of cells into a container, as the Swift runtime's KeyboardGrid and GridFit.
import { arrayArg, optionsArg } from "./args.js";

/** @typedef {{x: number, y: number, width: number, height: number}} CellFrame */

const MAX_SIDE = 256;

/**
 * Fits cells of `cellSize` with at least `minSpacing` between them into `width × height` less `insets`, at most
 * `maxColumns × maxRows`; leftover space goes to the gaps (each at most `maxSpacing`), the rest centres the grid.
 * Fewer than two cells (an emoticon and the delete key): an empty fit.
 * @param {{width: number, height: number, cellSize: number, minSpacing: number,
 *   insets?: {top: number, left: number, bottom: number, right: number}, maxColumns?: number, maxRows?: number, maxSpacing?: number}} o
 */
export function gridFit(o) {
  optionsArg(o, "gridFit(options)");
  const insets = o.insets ?? { top: 0, left: 0, bottom: 0, right: 0 };
  const w = Math.max(0, o.width - insets.left - insets.right);
  const h = Math.max(0, o.height - insets.top - insets.bottom);
  const size = Number.isFinite(o.cellSize) && o.cellSize > 0 ? o.cellSize : 0;
  const gap = Number.isFinite(o.minSpacing) ? Math.max(0, o.minSpacing) : 0;
  /**
   * @param {number} span
   * @param {number} limit
   */
  const count = (span, limit) => {
    if (!(size > 0) || !Number.isFinite(span)) return 0;
    const n = Math.floor((span + gap) / (size + gap));
    return n >= 1 ? Math.min(Math.max(limit, 0), Math.min(n, MAX_SIDE)) : 0;
  };
  const columns = count(w, o.maxColumns ?? Infinity);
  const rows = count(h, o.maxRows ?? Infinity);
  if (columns * rows < 2) return { columns: 0, rows: 0, spacingX: 0, spacingY: 0, frames: /** @type {CellFrame[]} */ ([]) };
  const maxSpacing = o.maxSpacing ?? Infinity;
  const spread = Number.isNaN(maxSpacing) ? Infinity : Math.max(gap, maxSpacing);
  const spacingX = columns > 1 ? Math.min(spread, (w - columns * size) / (columns - 1)) : 0;
  const spacingY = rows > 1 ? Math.min(spread, (h - rows * size) / (rows - 1)) : 0;
  const left = insets.left + (w - columns * size - (columns - 1) * spacingX) / 2;
  const top = insets.top + (h - rows * size - (rows - 1) * spacingY) / 2;
  /** @type {CellFrame[]} */
  const frames = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      frames.push({ x: left + c * (size + spacingX), y: top + r * (size + spacingY), width: size, height: size });
    }
  }
  return { columns, rows, spacingX, spacingY, frames };
}

/**
 * Pages of `items` with a delete key on each: in the last cell, or (`afterLastEmoticon`) right after the last
 * emoticon of the last page. A cell is an item, "delete" or null (empty).
 * @template T
 * @param {T[]} items @param {{columns?: number, rows?: number, delete?: "lastCell"|"afterLastEmoticon"}} [o]
 * @returns {(T|"delete"|null)[][]}
 */
export function keyboardPages(items, o = {}) {
  arrayArg(items, "keyboardPages(items, options)");
  optionsArg(o, "keyboardPages(items, options)");
  const columns = Math.min(Math.max(1, o.columns ?? 8), MAX_SIDE);
  const rows = Math.min(Math.max(1, o.rows ?? 3), MAX_SIDE);
  const cellsPerPage = columns * rows;
  if (cellsPerPage < 2) return [];
  const per = cellsPerPage - 1;
  /** @type {(T|"delete"|null)[][]} */
  const pages = [];
  let start = 0;
  do {
    /** @type {(T|"delete"|null)[]} */
    const cells = items.slice(start, start + per);
    if (o.delete === "afterLastEmoticon" && start + per >= items.length) {
      cells.push("delete");
      while (cells.length < cellsPerPage) cells.push(null);
    } else {
      while (cells.length < cellsPerPage - 1) cells.push(null);
      cells.push("delete");
    }
    pages.push(cells);
    start += per;
  } while (start < items.length);
  return pages;
}

/**
 * The keyboard's tabs: recents first (when not empty), then every pack with its name in the preferred locale.
 * @param {import("./catalog.js").Catalog} catalog
 * @param {{pack: number, entry: number}[]} recents @param {string[]} preferredLocales
 */
export function keyboardCategories(catalog, recents, preferredLocales) {
  const out = [];
  if (recents.length > 0) {
    const chinese = preferredLocales[0]?.startsWith("zh") ?? false;
    out.push({ id: "recent", name: chinese ? "最近" : "Recent", items: recents });
  }
  catalog.packs.forEach((pack, p) => {
    /** @type {{locale: string, name: string}[]} */
    let names = [];
    try { names = pack.localizedNames(); } catch { names = []; }
    let name = pack.id;
    for (const want of preferredLocales) {
      const hit = names.find((n) => n.locale.toLowerCase() === want.toLowerCase()) ??
        names.find((n) => n.locale.toLowerCase().split("-")[0] === want.toLowerCase().split("-")[0]);
      if (hit) { name = hit.name; break; }
    }
    if (name === pack.id && names.length > 0) name = names[0].name;
    const items = [];
    for (let e = 0; e < pack.entryCount; e++) items.push({ pack: p, entry: e });
    out.push({ id: pack.id, name, items });
  });
  return out;
}
