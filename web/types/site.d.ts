/**
 * JSON as Swift's JSONEncoder writes it with sorted keys and unescaped slashes: no spaces, keys in code-unit order,
 * strings as JSON.stringify writes them (non-ASCII as is).
 * @param {unknown} value
 * @returns {string}
 */
export function canonicalJSON(value: unknown): string;
/**
 * Verifies `bytes` as a signed index, as `emopack verify` and the Swift store do: canonical bytes, a valid
 * signature by a trusted key (every signature by a trusted key must hold), schema 1, plain ids and names, well-formed
 * records.
 * @param {Uint8Array} bytes
 * @param {{id: string, key: CryptoKey}[]} trusted
 * @param {string} file
 * @param {SubtleCrypto} [subtle] WebCrypto, when the context has none of its own (Node 18)
 * @returns {Promise<SiteIndex>}
 */
export function verifiedIndex(bytes: Uint8Array, trusted: {
    id: string;
    key: CryptoKey;
}[], file: string, subtle?: SubtleCrypto | undefined): Promise<SiteIndex>;
/** What failed: the file (a URL or a cache entry), the check, and what was expected and found (Swift's SiteError). */
export class SiteError extends Error {
    /**
     * @param {string} file
     * @param {string} check one of Swift's `SiteCheck` values: "parse", "canonical form", "signature", "schema",
     *   "pack id", "file name", "file record", "file list", "presence", "size", "sha256", "identity", "sheets", "pack",
     *   "serial", "revision", "expiry", "transport", "install"
     * @param {string} expected
     * @param {string} found
     */
    constructor(file: string, check: string, expected: string, found: string);
    file: string;
    check: string;
    expected: string;
    found: string;
}
/**
 * A folder of packs kept current from a signed site, in the browser (the Swift store's promises: docs/WEB.md).
 * Needs a secure context (https, or http://localhost) for WebCrypto and Cache Storage.
 */
export class PackSite {
    /**
     * @param {{site: string|URL, trustedKeys: Uint8Array[], name?: string, fetch?: typeof fetch, caches?: CacheStorage,
     *   subtle?: SubtleCrypto}} o
     *   `site`: the folder holding `index.json`; `trustedKeys`: 32-byte Ed25519 public keys (`emopack keygen`); `name`
     *   prefixes the caches (default `emopack`); `fetch`, `caches` and `subtle` (WebCrypto) default to the page's.
     */
    constructor(o: {
        site: string | URL;
        trustedKeys: Uint8Array[];
        name?: string;
        fetch?: typeof fetch;
        caches?: CacheStorage;
        subtle?: SubtleCrypto;
    });
    site: URL;
    trustedKeys: Uint8Array[];
    name: string;
    fetch: typeof fetch;
    caches: CacheStorage;
    /** @type {SubtleCrypto|undefined} */
    subtle: SubtleCrypto | undefined;
    /** @type {Promise<{id: string, key: CryptoKey}[]>|null} */
    keys: Promise<{
        id: string;
        key: CryptoKey;
    }[]> | null;
    /** The trusted keys imported for WebCrypto, with their ids (the first 8 bytes of their SHA-256, in hex). */
    trusted(): Promise<{
        id: string;
        key: CryptoKey;
    }[]>;
    /**
     * The SHA-256 of `bytes` in hex, with this site's WebCrypto.
     * @param {Uint8Array} bytes
     */
    digest(bytes: Uint8Array): Promise<string>;
    /**
     * How this site's generation caches begin: the name, then a hash of the site's URL, so that sites kept under one
     * name (the default) never take each other's generations for their own.
     * @private
     */
    private get generationPrefix();
    /** The state's cache entry: the highest serial accepted and the current generation's cache name. */
    get stateKey(): string;
    /** @returns {Promise<{serial: number, generation: string|null}>} */
    state(): Promise<{
        serial: number;
        generation: string | null;
    }>;
    /**
     * @param {number} serial
     * @param {string} generation
     */
    setState(serial: number, generation: string): Promise<void>;
    /**
     * The cache entry of a file of a generation.
     * @param {string} pack
     * @param {string} file
     */
    entryURL(pack: string, file: string): string;
    /**
     * The installed generation: its index (verified again) and what is wrong with it (files lost or of another size
     * or digest when `rehash`), or null before the first install.
     * @param {string|null} generation
     * @param {{id: string, key: CryptoKey}[]} trusted
     * @param {boolean} rehash
     * @returns {Promise<{index: SiteIndex|null, bytes: Uint8Array|null, damage: string[]}|null>}
     */
    installed(generation: string | null, trusted: {
        id: string;
        key: CryptoKey;
    }[], rehash: boolean): Promise<{
        index: SiteIndex | null;
        bytes: Uint8Array | null;
        damage: string[];
    } | null>;
    /**
     * Fetches `path` of the site: its bytes, at most `limit`.
     * @param {string} path
     * @param {number} limit
     */
    get(path: string, limit: number): Promise<Uint8Array>;
    /**
     * Brings the packs up to the site: verifies its index, refuses an older serial than the highest accepted, fetches
     * the files the installed generation lacks (checking each one's size and SHA-256 before it is parsed), checks each
     * `.pack` against the index, and makes the new generation current only when all of that holds. A damaged
     * generation is installed again whole (`repaired`). On any failure the previous generation stays current.
     * @param {{rehash?: boolean}} [options] `rehash`: re-check every installed file's SHA-256 (by default sizes only)
     * @returns {Promise<SiteReport>}
     */
    refresh(options?: {
        rehash?: boolean | undefined;
    } | undefined): Promise<SiteReport>;
    /**
     * Runs `body` alone among the refreshes of sites of this `name`: under a Web Lock, which spans the origin's pages
     * and workers, where the engine has them (secure contexts); else after the refresh before it in this realm.
     * @private
     * @template T
     * @param {() => Promise<T>} body
     * @returns {Promise<T>}
     */
    private exclusively;
    /**
     * `refresh` holding the lock.
     * @private
     * @param {{rehash?: boolean}} options
     * @returns {Promise<SiteReport>}
     */
    private refreshHeld;
    /**
     * The installed packs, in the index's order (the tab order), with a catalog over them; null before the first
     * install. A lost or cut file is a `presence` error naming it (the next `refresh()` repairs it).
     * @returns {Promise<{serial: number, packs: InstalledPack[], catalog: Catalog}|null>}
     */
    open(): Promise<{
        serial: number;
        packs: InstalledPack[];
        catalog: Catalog;
    } | null>;
    /**
     * `open` of the generation `state` names.
     * @private
     * @param {{serial: number, generation: string}} state
     * @returns {Promise<{serial: number, packs: InstalledPack[], catalog: Catalog}|null>}
     */
    private openGeneration;
}
export type SiteFile = {
    name: string;
    size: number;
    sha256: string;
};
export type SitePack = {
    id: string;
    names: {
        locale: string;
        name: string;
    }[];
    formatVersion: string;
    revision: number;
    files: SiteFile[];
};
export type SignedIndex = {
    schemaVersion: number;
    serial: number;
    expires?: string;
    packs: SitePack[];
};
export type SiteIndex = {
    signed: SignedIndex;
    signatures: {
        keyId: string;
        signature: string;
    }[];
};
/**
 * What `refresh()` did, field for field as Swift's `PackStore.Report`.
 */
export type SiteReport = {
    outcome: "installed" | "upToDate" | "stale";
    expires?: string;
    serial: number;
    changed: string[];
    fetched: string[];
    bytesFetched: number;
    indexBytes: number;
    repaired: string[];
};
/**
 * An installed pack: its bytes and a URL for each sheet (an object URL of the cached file, the same one each time
 * a sheet is asked for).
 */
export type InstalledPack = {
    id: string;
    revision: number;
    bytes: Uint8Array;
    sheetURL: (name: string) => Promise<string>;
};
import { Catalog } from "./catalog.js";
/** @param {Uint8Array} bytes @param {SubtleCrypto} subtle */
declare function sha256(bytes: Uint8Array, subtle: SubtleCrypto): Promise<string>;
export {};
