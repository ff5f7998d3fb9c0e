/** @typedef {import("./catalog.js").Catalog} Catalog */
/** @typedef {{ref: {pack: number, entry: number}, match: "exact"|"prefix"|"contains", keyword: string, locale: string|null}} SearchResult */
/**
 * True when one locale is the other or a more specific form of it.
 * @param {string} a
 * @param {string} b
 */
export function localesMatch(a: string, b: string): boolean;
/**
 * Emoticons and emoji for `query`, best first: at most `limit` results.
 * @param {Catalog} catalog @param {string} query
 * @param {{locales?: string[], limit?: number}} [options]
 * @returns {SearchResult[]}
 */
export function search(catalog: Catalog, query: string, options?: {
    locales?: string[] | undefined;
    limit?: number | undefined;
} | undefined): SearchResult[];
export type Catalog = import("./catalog.js").Catalog;
export type SearchResult = {
    ref: {
        pack: number;
        entry: number;
    };
    match: "exact" | "prefix" | "contains";
    keyword: string;
    locale: string | null;
};
