// @ts-check
// <emopack-keyboard>: a tab per pack plus recents, pages of cells fitted to the element's width as the Swift GridFit
// fits them (8×3 at most, the delete key in the last cell), recents kept in localStorage newest first, and a search
// field; every control reachable by keyboard and labelled for screen readers.
import { gridFit, keyboardPages, keyboardCategories } from "./keyboard.js";
import { search } from "./search.js";
import { emoticonElement } from "./render.js";
import { PackError } from "./pack.js";

/** @typedef {import("./catalog.js").EmoticonRef} EmoticonRef */

/**
 * What `read` returns, or null when a damaged pack keeps it from being read (a PackError) or drawn (a sheet without
 * a URL: a RangeError).
 * @template T
 * @param {() => T} read
 * @returns {T|null}
 */
function readable(read) {
  try {
    return read();
  } catch (e) {
    if (e instanceof PackError || e instanceof RangeError) return null;
    throw e;
  }
}

/**
 * Defines `<emopack-keyboard>` in `win` (once). Set `catalog` and `sheetURLs` on the element; it fires `emoticon`
 * (detail: `{ref, text}`, the text to insert) and `delete` events.
 * @param {Window & typeof globalThis} win
 */
export function defineKeyboardElement(win) {
  if (win.customElements.get("emopack-keyboard")) return;
  const doc = win.document;

  class EmopackKeyboard extends win.HTMLElement {
    constructor() {
      super();
      /** @type {import("./catalog.js").Catalog|null} */
      this.catalog = null;
      // The catalog whose collisions were logged.
      /** @type {import("./catalog.js").Catalog|null} */
      this.reportedCatalog = null;
      /** @type {string[][]} */
      this.sheetURLs = [];
      this.tab = 0;
      this.page = 0;
      this.query = "";
      /** @type {{columns: number, rows: number, spacingX: number, spacingY: number, frames: {x: number, y: number, width: number, height: number}[]}|null} */
      this.fit = null;
      this.observer = new win.ResizeObserver(() => this.layout());
    }

    /** Options from attributes: cell size and height in CSS pixels, the localStorage key, the locales. */
    get cellSize() { return Number(this.getAttribute("cell-size") ?? 36); }
    get panelHeight() { return Number(this.getAttribute("panel-height") ?? 216); }
    get recentsKey() { return this.getAttribute("recents-key") ?? "emopack-recents"; }
    get locales() { return (this.getAttribute("locales") ?? win.navigator.language ?? "en").split(",").map((s) => s.trim()); }

    connectedCallback() {
      this.observer.observe(this);
      this.build();
    }

    /**
     * Logs each tag two packs define (once per catalog): the earlier tab's emoticon is what the tag shows and
     * inserts everywhere, the later pack's cell included (docs/WEB.md, "Several packs").
     */
    reportCollisions() {
      if (!this.catalog || this.reportedCatalog === this.catalog) return;
      this.reportedCatalog = this.catalog;
      for (const c of this.catalog.collisions()) {
        win.console.warn(`emopack: ${c.tag} is defined by '${c.winner}' and '${c.shadowed}': '${c.winner}' (the earlier tab) wins`);
      }
    }

    disconnectedCallback() { this.observer.disconnect(); }

    /** Recents as refs, newest first (entries that no longer exist are dropped). @returns {EmoticonRef[]} */
    recents() {
      if (!this.catalog) return [];
      const out = [];
      for (const r of this.storedRecents()) {
        const p = this.catalog.packs.findIndex((x) => x.id === r.pack);
        if (p < 0) continue;
        const e = this.catalog.packs[p].entryIndexForTag(r.key) ?? this.catalog.packs[p].entryIndexForEmoji(r.key);
        if (e !== null) out.push({ pack: p, entry: e });
      }
      return out;
    }

    /**
     * Puts `ref` first in recents (at most 24 kept).
     * @param {EmoticonRef} ref
     */
    remember(ref) {
      if (!this.catalog) return;
      const pack = this.catalog.packs[ref.pack];
      const key = this.catalog.emoticon(ref).insertionText;
      const stored = [{ pack: pack.id, key }, ...this.storedRecents().filter((r) => !(r.pack === pack.id && r.key === key))];
      // Storage that is full or refused (private modes, sandboxed frames) keeps no recents; the emoticon still goes in.
      try { win.localStorage.setItem(this.recentsKey, JSON.stringify(stored.slice(0, 24))); } catch { /* not kept */ }
    }

    /**
     * The recents as stored, newest first: only well-formed records, none where storage is refused or holds
     * something else under the key.
     * @returns {{pack: string, key: string}[]}
     */
    storedRecents() {
      let stored;
      try { stored = JSON.parse(win.localStorage.getItem(this.recentsKey) ?? "[]"); } catch { return []; }
      if (!Array.isArray(stored)) return [];
      return stored.filter((r) => typeof r === "object" && r !== null && typeof r.pack === "string" && typeof r.key === "string");
    }

    /** The tabs: recents (when any) then each pack; search results replace them while a query is typed. */
    categories() {
      if (!this.catalog) return [];
      if (this.query) {
        const refs = search(this.catalog, this.query, { locales: this.locales, limit: 240 }).map((r) => r.ref);
        return [{ id: "search", name: "Search", items: refs }];
      }
      return keyboardCategories(this.catalog, this.recents(), this.locales);
    }

    build() {
      this.reportCollisions();
      this.replaceChildren();
      this.style.display = "block";
      const field = doc.createElement("input");
      field.type = "search";
      field.className = "emopack-search";
      field.placeholder = "Search";
      field.setAttribute("aria-label", "Search emoticons");
      field.value = this.query;
      field.addEventListener("input", () => {
        this.query = field.value;
        this.tab = 0;
        this.page = 0;
        this.drawTabs();
        this.drawPage();
      });
      this.appendChild(field);
      const tabs = doc.createElement("div");
      tabs.className = "emopack-tabs";
      tabs.setAttribute("role", "tablist");
      this.appendChild(tabs);
      const panel = doc.createElement("div");
      panel.className = "emopack-panel";
      panel.setAttribute("role", "tabpanel");
      Object.assign(panel.style, { position: "relative", height: `${this.panelHeight}px` });
      panel.addEventListener("keydown", (e) => this.onKey(e));
      this.appendChild(panel);
      const nav = doc.createElement("div");
      nav.className = "emopack-pager";
      this.appendChild(nav);
      this.drawTabs();
      this.fit = null;
      this.layout();
    }

    drawTabs() {
      const tabs = /** @type {HTMLElement} */ (this.querySelector(".emopack-tabs"));
      if (!tabs) return;
      tabs.replaceChildren();
      this.categories().forEach((c, i) => {
        const b = doc.createElement("button");
        b.type = "button";
        b.textContent = c.name;
        b.dataset.tab = c.id;
        b.setAttribute("role", "tab");
        b.setAttribute("aria-selected", String(i === this.tab));
        b.tabIndex = i === this.tab ? 0 : -1;
        b.addEventListener("click", () => { this.tab = i; this.page = 0; this.drawTabs(); this.drawPage(); });
        b.addEventListener("keydown", (e) => {
          if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
            const n = tabs.children.length;
            this.tab = (this.tab + (e.key === "ArrowRight" ? 1 : n - 1)) % n;
            this.page = 0;
            this.drawTabs();
            this.drawPage();
            /** @type {HTMLElement|null} */ (tabs.children[this.tab])?.focus();
          }
        });
        tabs.appendChild(b);
      });
    }

    /** Fits the grid to the element's width (as GridFit), then draws the page. */
    layout() {
      const width = this.clientWidth;
      if (width <= 0) return;
      const fit = gridFit({
        width, height: this.panelHeight, cellSize: this.cellSize, minSpacing: 8,
        insets: { top: 8, left: 4, bottom: 8, right: 4 }, maxColumns: 8, maxRows: 3,
      });
      const same = this.fit && this.fit.columns === fit.columns && this.fit.rows === fit.rows &&
        this.fit.spacingX === fit.spacingX && this.fit.spacingY === fit.spacingY && this.fit.frames[0]?.x === fit.frames[0]?.x;
      this.fit = fit;
      if (!same) this.drawPage();
    }

    pages() {
      const category = this.categories()[this.tab];
      if (!category || !this.fit || this.fit.columns === 0) return [];
      return keyboardPages(category.items, { columns: this.fit.columns, rows: this.fit.rows });
    }

    drawPage() {
      const panel = /** @type {HTMLElement|null} */ (this.querySelector(".emopack-panel"));
      const nav = /** @type {HTMLElement|null} */ (this.querySelector(".emopack-pager"));
      if (!panel || !nav || !this.catalog || !this.fit) return;
      const catalog = this.catalog;
      const pages = this.pages();
      this.page = Math.min(this.page, Math.max(0, pages.length - 1));
      panel.replaceChildren();
      const grid = doc.createElement("div");
      grid.setAttribute("role", "grid");
      grid.setAttribute("aria-label", `Page ${this.page + 1} of ${pages.length}`);
      panel.appendChild(grid);
      const cells = pages[this.page] ?? [];
      cells.forEach((cell, i) => {
        const frame = /** @type {{x: number, y: number, width: number, height: number}[]} */ (this.fit?.frames ?? [])[i];
        const b = doc.createElement("button");
        b.type = "button";
        b.className = "emopack-cell";
        b.tabIndex = i === 0 ? 0 : -1;
        b.dataset.index = String(i);
        Object.assign(b.style, {
          position: "absolute", left: `${frame.x}px`, top: `${frame.y}px`, width: `${frame.width}px`,
          height: `${frame.height}px`, padding: "0", border: "0", background: "transparent",
        });
        if (cell === "delete") {
          b.dataset.role = "delete";
          b.setAttribute("aria-label", "Delete");
          b.textContent = "⌫";
          b.addEventListener("click", () => this.dispatchEvent(new win.CustomEvent("delete")));
        } else if (cell === null) {
          b.disabled = true;
          b.setAttribute("aria-hidden", "true");
        } else {
          const ref = /** @type {EmoticonRef} */ (cell);
          const emoticon = readable(() => catalog.emoticon(ref));
          if (emoticon === null) {
            // An entry that cannot be read (a damaged pack): a cell with nothing to press.
            b.disabled = true;
            b.setAttribute("aria-hidden", "true");
            grid.appendChild(b);
            return;
          }
          b.setAttribute("aria-label", catalog.accessibilityLabel(ref) ?? emoticon.insertionText);
          b.dataset.pack = String(ref.pack);
          b.dataset.entry = String(ref.entry);
          const image = emoticon.image && readable(() => emoticonElement(doc, ref, emoticon.insertionText, {
            catalog, sheetURLs: this.sheetURLs, ratio: win.devicePixelRatio || 1, size: Math.min(frame.width, 32),
          }));
          if (image) {
            b.appendChild(image);
          } else {
            b.textContent = emoticon.emoji ?? emoticon.insertionText;
            b.style.fontSize = "24px";
          }
          b.addEventListener("click", () => {
            this.remember(ref);
            this.dispatchEvent(new win.CustomEvent("emoticon", { detail: { ref, text: emoticon.insertionText } }));
          });
        }
        grid.appendChild(b);
      });
      nav.replaceChildren();
      pages.forEach((_, i) => {
        const dot = doc.createElement("button");
        dot.type = "button";
        dot.textContent = i === this.page ? "●" : "○";
        dot.setAttribute("aria-label", `Page ${i + 1}`);
        dot.setAttribute("aria-current", String(i === this.page));
        dot.addEventListener("click", () => { this.page = i; this.drawPage(); });
        nav.appendChild(dot);
      });
    }

    /**
     * Arrow keys move between cells; Page Up and Page Down turn pages.
     * @param {KeyboardEvent} e
     */
    onKey(e) {
      const cells = /** @type {HTMLElement[]} */ (Array.from(this.querySelectorAll(".emopack-cell")));
      const at = cells.findIndex((c) => c === doc.activeElement);
      const columns = this.fit?.columns ?? 8;
      const moves = /** @type {Record<string, number>} */ ({ ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns });
      if (e.key in moves && at >= 0) {
        const next = cells[Math.min(cells.length - 1, Math.max(0, at + moves[e.key]))];
        next?.focus();
        e.preventDefault();
      } else if (e.key === "PageDown" || e.key === "PageUp") {
        const count = this.pages().length;
        this.page = Math.min(count - 1, Math.max(0, this.page + (e.key === "PageDown" ? 1 : -1)));
        this.drawPage();
        /** @type {HTMLElement|null} */ (this.querySelector(".emopack-cell"))?.focus();
        e.preventDefault();
      }
    }
  }
  win.customElements.define("emopack-keyboard", EmopackKeyboard);
}
