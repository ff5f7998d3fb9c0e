// @ts-check
// Packs installed in the browser from a signed site (`emopack publish`, docs/DELIVERY.md and docs/WEB.md): the index
// verified with WebCrypto over its canonical bytes, every file's size and SHA-256 checked before anything parses
// it, the packs kept in Cache Storage as one generation, an older serial refused, and a damaged generation repaired.
import { Catalog } from "./catalog.js";
import { PackFile } from "./pack.js";

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
  constructor(file, check, expected, found) {
    super(`${file}: ${check}: expected ${expected}, found ${found}`);
    this.name = "SiteError";
    this.file = file;
    this.check = check;
    this.expected = expected;
    this.found = found;
  }
}

/** @typedef {{name: string, size: number, sha256: string}} SiteFile */
/** @typedef {{id: string, names: {locale: string, name: string}[], formatVersion: string, revision: number, files: SiteFile[]}} SitePack */
/** @typedef {{schemaVersion: number, serial: number, expires?: string, packs: SitePack[]}} SignedIndex */
/** @typedef {{signed: SignedIndex, signatures: {keyId: string, signature: string}[]}} SiteIndex */
/**
 * What `refresh()` did, field for field as Swift's `PackStore.Report`.
 * @typedef {{outcome: "installed"|"upToDate"|"stale", expires?: string, serial: number, changed: string[],
 *   fetched: string[], bytesFetched: number, indexBytes: number, repaired: string[]}} SiteReport
 */
/**
 * An installed pack: its bytes and a URL for each sheet (an object URL of the cached file, the same one each time
 * a sheet is asked for).
 * @typedef {{id: string, revision: number, bytes: Uint8Array, sheetURL: (name: string) => Promise<string>}} InstalledPack
 */

const utf8 = new TextDecoder("utf-8", { fatal: true });
const encoder = new TextEncoder();
/** The index is at most this large, as the Swift store's. */
const MAX_INDEX_BYTES = 4 << 20;

/** @param {Uint8Array} bytes */
function hex(bytes) { return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""); }

/**
 * WebCrypto: `given`, else the context's `crypto.subtle` (a secure context in browsers; Node 19 and later). Node 18
 * has it only as `node:crypto`'s `webcrypto.subtle`, which its callers pass in.
 * @param {SubtleCrypto|undefined} given
 * @param {string} file
 * @returns {SubtleCrypto}
 */
function subtleCrypto(given, file) {
  const subtle = given ?? globalThis.crypto?.subtle;
  if (!subtle) throw new SiteError(file, "signature", "WebCrypto (crypto.subtle in a secure context, or `subtle` passed in)", "none here");
  return subtle;
}

/** @param {Uint8Array} bytes @param {SubtleCrypto} subtle */
async function sha256(bytes, subtle) { return hex(new Uint8Array(await subtle.digest("SHA-256", bytes))); }

/**
 * JSON as Swift's JSONEncoder writes it with sorted keys and unescaped slashes: no spaces, keys in code-unit order,
 * strings as JSON.stringify writes them (non-ASCII as is).
 * @param {unknown} value
 * @returns {string}
 */
export function canonicalJSON(value) {
  if (Array.isArray(value)) return "[" + value.map(canonicalJSON).join(",") + "]";
  if (value !== null && typeof value === "object") {
    const o = /** @type {Record<string, unknown>} */ (value);
    const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
    return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonicalJSON(o[k])).join(",") + "}";
  }
  return JSON.stringify(value);
}

/**
 * @param {unknown} v
 * @param {string} what
 * @param {string} file
 */
function integer(v, what, file) {
  if (typeof v !== "number" || !Number.isSafeInteger(v)) throw new SiteError(file, "parse", `an integer ${what}`, JSON.stringify(v));
  return v;
}

/**
 * @param {unknown} v
 * @param {string} what
 * @param {string} file
 */
function text(v, what, file) {
  if (typeof v !== "string") throw new SiteError(file, "parse", `a string ${what}`, JSON.stringify(v));
  return v;
}

/**
 * @param {unknown} v
 * @param {string} what
 * @param {string} file
 */
function list(v, what, file) {
  if (!Array.isArray(v)) throw new SiteError(file, "parse", `a list of ${what}`, JSON.stringify(v));
  return v;
}

/**
 * The index as Swift decodes it: exactly its fields, typed (anything else is dropped, so the canonical check
 * refuses it as Swift's does).
 * @param {any} raw
 * @param {string} file
 * @returns {SiteIndex}
 */
function decodeIndex(raw, file) {
  if (raw === null || typeof raw !== "object" || raw.signed === null || typeof raw.signed !== "object") {
    throw new SiteError(file, "parse", "a signed index", "no 'signed' object");
  }
  const s = raw.signed;
  /** @type {SignedIndex} */
  const signed = {
    schemaVersion: integer(s.schemaVersion, "schemaVersion", file),
    serial: integer(s.serial, "serial", file),
    packs: list(s.packs, "packs", file).map((p) => ({
      id: text(p?.id, "pack id", file),
      names: list(p?.names, "names", file).map((n) => ({ locale: text(n?.locale, "locale", file), name: text(n?.name, "name", file) })),
      formatVersion: text(p?.formatVersion, "formatVersion", file),
      revision: integer(p?.revision, "revision", file),
      files: list(p?.files, "files", file).map((f) => ({
        name: text(f?.name, "file name", file), size: integer(f?.size, "size", file), sha256: text(f?.sha256, "sha256", file),
      })),
    })),
  };
  if (s.expires !== undefined && s.expires !== null) signed.expires = text(s.expires, "expires", file);
  const signatures = list(raw.signatures, "signatures", file).map((g) => ({
    keyId: text(g?.keyId, "keyId", file), signature: text(g?.signature, "signature", file),
  }));
  return { signed, signatures };
}

/** @param {string} id */
function isPackID(id) { return id.length > 0 && id.length <= 128 && !id.startsWith(".") && /^[A-Za-z0-9._-]+$/.test(id); }

/** @param {string} name */
function isPlainName(name) {
  // eslint-disable-next-line no-control-regex
  return name !== "" && name !== "." && name !== ".." && !/[\/\\\u0000-\u001f\u007f-\u009f]/.test(name) && encoder.encode(name).length <= 255;
}

/** @param {string} base64 */
function fromBase64(base64) {
  try {
    const s = atob(base64);
    return Uint8Array.from(s, (c) => c.charCodeAt(0));
  } catch { return null; }
}

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
export async function verifiedIndex(bytes, trusted, file, subtle) {
  const webCrypto = subtleCrypto(subtle, file);
  let raw;
  try { raw = JSON.parse(utf8.decode(bytes)); } catch (e) {
    throw new SiteError(file, "parse", "a signed index", String(e instanceof Error ? e.message : e));
  }
  const index = decodeIndex(raw, file);
  const canonical = encoder.encode(canonicalJSON(index));
  if (canonical.length !== bytes.length || canonical.some((b, i) => b !== bytes[i])) {
    let at = 0;
    while (at < canonical.length && at < bytes.length && canonical[at] === bytes[at]) at++;
    throw new SiteError(file, "canonical form", `the index's canonical JSON (${canonical.length} bytes)`, `${bytes.length} bytes differing at offset ${at}`);
  }
  const message = encoder.encode(canonicalJSON(index.signed));
  let valid = 0;
  for (const s of index.signatures) {
    const key = trusted.find((k) => k.id === s.keyId);
    if (!key) continue;
    const signature = fromBase64(s.signature);
    const ok = signature !== null && await webCrypto.verify({ name: "Ed25519" }, key.key, signature, message);
    if (!ok) throw new SiteError(file, "signature", `a valid signature by key ${s.keyId}`, "one that does not verify");
    valid++;
  }
  if (valid === 0) {
    throw new SiteError(file, "signature", `a signature by a trusted key (${trusted.map((k) => k.id).join(", ")})`, `keys ${index.signatures.map((s) => s.keyId).join(", ")}`);
  }
  if (index.signed.schemaVersion !== 1) throw new SiteError(file, "schema", "schema version 1", String(index.signed.schemaVersion));
  const ids = new Set();
  for (const pack of index.signed.packs) {
    if (!isPackID(pack.id) || ids.has(pack.id)) throw new SiteError(file, "pack id", "a pack id listed once", `'${pack.id}'`);
    ids.add(pack.id);
    const names = new Set();
    for (const f of pack.files) {
      if (!isPlainName(f.name)) throw new SiteError(file, "file name", `a plain file name in '${pack.id}'`, `'${f.name}'`);
      if (names.has(f.name)) throw new SiteError(file, "file name", `each name once in '${pack.id}'`, `'${f.name}' twice`);
      names.add(f.name);
      if (!/^[0-9a-f]{64}$/.test(f.sha256) || f.size < 0) {
        throw new SiteError(file, "file record", `a size and a SHA-256 for '${f.name}'`, `size ${f.size}, digest '${f.sha256}'`);
      }
    }
    if (!pack.files[0]?.name.endsWith(".pack")) {
      throw new SiteError(file, "file list", `'${pack.id}' to list its .pack first`, pack.files[0] ? `'${pack.files[0].name}'` : "no files");
    }
  }
  return index;
}

/**
 * Checks an installed `.pack` (its bytes already matched its listed size and digest) against its index record:
 * it opens and verifies, names the listed id and format version, and records exactly the listed sheets.
 * @param {Uint8Array} bytes
 * @param {SitePack} pack
 * @param {string} file
 */
function checkPack(bytes, pack, file) {
  let reader;
  let sheets;
  try {
    reader = new PackFile(bytes);
    reader.verify();
    sheets = reader.sheets();
  } catch (e) {
    throw new SiteError(file, "pack", "a pack that opens and verifies", String(e instanceof Error ? e.message : e));
  }
  if (reader.id !== pack.id || reader.formatVersion !== pack.formatVersion) {
    throw new SiteError(file, "identity", `'${pack.id}' ${pack.formatVersion}`, `'${reader.id}' ${reader.formatVersion}`);
  }
  const listed = new Map(pack.files.slice(1).map((f) => [f.name, f]));
  for (const sheet of sheets) {
    const f = listed.get(sheet.fileName);
    if (!f || f.size !== sheet.byteSize || f.sha256 !== hex(sheet.sha256)) {
      throw new SiteError(file, "sheets", `sheet '${sheet.fileName}' listed as the .pack records it`, f ? `${f.size} bytes, ${f.sha256}` : "not listed");
    }
  }
  const recorded = new Set(sheets.map((s) => s.fileName));
  const extra = [...listed.keys()].sort().find((n) => !recorded.has(n));
  if (extra !== undefined) throw new SiteError(file, "sheets", "only the sheets the .pack records", `'${extra}' listed too`);
}

/** Where Web Locks are missing: each site name's last refresh in this realm, which the next one waits for. */
const refreshQueues = new Map();

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
  constructor(o) {
    this.site = new URL(String(o.site).endsWith("/") ? String(o.site) : String(o.site) + "/");
    this.trustedKeys = o.trustedKeys;
    this.name = o.name ?? "emopack";
    this.fetch = o.fetch ?? globalThis.fetch.bind(globalThis);
    this.caches = o.caches ?? globalThis.caches;
    /** @type {SubtleCrypto|undefined} */
    this.subtle = o.subtle;
    /** @type {Promise<{id: string, key: CryptoKey}[]>|null} */
    this.keys = null;
  }

  /** The trusted keys imported for WebCrypto, with their ids (the first 8 bytes of their SHA-256, in hex). */
  trusted() {
    this.keys ??= Promise.all(this.trustedKeys.map(async (bytes) => {
      if (bytes.length !== 32) throw new SiteError("trustedKeys", "signature", "32-byte public keys", `${bytes.length} bytes`);
      const subtle = subtleCrypto(this.subtle, "trustedKeys");
      const key = await subtle.importKey("raw", bytes, { name: "Ed25519" }, false, ["verify"]);
      return { id: (await sha256(bytes, subtle)).slice(0, 16), key };
    }));
    return this.keys;
  }

  /**
   * The SHA-256 of `bytes` in hex, with this site's WebCrypto.
   * @param {Uint8Array} bytes
   */
  digest(bytes) { return sha256(bytes, subtleCrypto(this.subtle, "WebCrypto")); }

  /**
   * How this site's generation caches begin: the name, then a hash of the site's URL, so that sites kept under one
   * name (the default) never take each other's generations for their own.
   * @private
   */
  get generationPrefix() {
    let h = 0x811c9dc5;
    for (const c of new TextEncoder().encode(this.site.href)) h = Math.imul(h ^ c, 0x01000193);
    return `${this.name}-generation-${(h >>> 0).toString(16).padStart(8, "0")}-`;
  }

  /** The state's cache entry: the highest serial accepted and the current generation's cache name. */
  get stateKey() { return new URL("emopack-state.json", this.site).href; }

  /** @returns {Promise<{serial: number, generation: string|null}>} */
  async state() {
    const cache = await this.caches.open(this.name + "-state");
    const r = await cache.match(this.stateKey);
    if (!r) return { serial: 0, generation: null };
    try {
      const s = await r.json();
      return { serial: Number.isSafeInteger(s.serial) ? s.serial : 0, generation: typeof s.generation === "string" ? s.generation : null };
    } catch { return { serial: 0, generation: null }; }
  }

  /**
   * @param {number} serial
   * @param {string} generation
   */
  async setState(serial, generation) {
    const cache = await this.caches.open(this.name + "-state");
    await cache.put(this.stateKey, new Response(JSON.stringify({ serial, generation }), { headers: { "Content-Type": "application/json" } }));
  }

  /**
   * The cache entry of a file of a generation.
   * @param {string} pack
   * @param {string} file
   */
  entryURL(pack, file) { return new URL(`emopack-generation/${encodeURIComponent(pack)}/${encodeURIComponent(file)}`, this.site).href; }

  /**
   * The installed generation: its index (verified again) and what is wrong with it (files lost or of another size
   * or digest when `rehash`), or null before the first install.
   * @param {string|null} generation
   * @param {{id: string, key: CryptoKey}[]} trusted
   * @param {boolean} rehash
   * @returns {Promise<{index: SiteIndex|null, bytes: Uint8Array|null, damage: string[]}|null>}
   */
  async installed(generation, trusted, rehash) {
    if (!generation) return null;
    const damage = [];
    if (!(await this.caches.has(generation))) return { index: null, bytes: null, damage: [`${generation}: missing`] };
    const cache = await this.caches.open(generation);
    const stored = await cache.match(this.entryURL("", "index.json"));
    if (!stored) return { index: null, bytes: null, damage: [`${generation}/index.json: missing`] };
    const bytes = new Uint8Array(await stored.arrayBuffer());
    let index;
    try { index = await verifiedIndex(bytes, trusted, `${generation}/index.json`, this.subtle); } catch (e) {
      return { index: null, bytes: null, damage: [`${generation}/index.json: ${e instanceof SiteError ? e.found : e}`] };
    }
    for (const pack of index.signed.packs) {
      for (const f of pack.files) {
        const r = await cache.match(this.entryURL(pack.id, f.name));
        const where = `${generation}/${pack.id}/${f.name}`;
        if (!r) { damage.push(`${where}: missing`); continue; }
        const b = new Uint8Array(await r.arrayBuffer());
        if (b.length !== f.size) damage.push(`${where}: ${b.length} bytes, the index lists ${f.size}`);
        else if (rehash && (await this.digest(b)) !== f.sha256) damage.push(`${where}: other bytes than the index lists`);
      }
    }
    return { index, bytes, damage };
  }

  /**
   * Fetches `path` of the site: its bytes, at most `limit`.
   * @param {string} path
   * @param {number} limit
   */
  async get(path, limit) {
    const url = new URL(path, this.site).href;
    let response;
    try { response = await this.fetch(url, { cache: "no-store" }); } catch (e) {
      throw new SiteError(url, "transport", "a response", String(e instanceof Error ? e.message : e));
    }
    if (response.status !== 200) throw new SiteError(url, "transport", "HTTP 200", `HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > limit) throw new SiteError(url, "size", `at most ${limit} bytes`, `${bytes.length}`);
    return bytes;
  }

  /**
   * Brings the packs up to the site: verifies its index, refuses an older serial than the highest accepted, fetches
   * the files the installed generation lacks (checking each one's size and SHA-256 before it is parsed), checks each
   * `.pack` against the index, and makes the new generation current only when all of that holds. A damaged
   * generation is installed again whole (`repaired`). On any failure the previous generation stays current.
   * @param {{rehash?: boolean}} [options] `rehash`: re-check every installed file's SHA-256 (by default sizes only)
   * @returns {Promise<SiteReport>}
   */
  refresh(options = {}) { return this.exclusively(() => this.refreshHeld(options)); }

  /**
   * Runs `body` alone among the refreshes of sites of this `name`: under a Web Lock, which spans the origin's pages
   * and workers, where the engine has them (secure contexts); else after the refresh before it in this realm.
   * @private
   * @template T
   * @param {() => Promise<T>} body
   * @returns {Promise<T>}
   */
  exclusively(body) {
    const locks = /** @type {{request?: (name: string, body: () => Promise<T>) => Promise<T>}|undefined} */ (globalThis.navigator?.locks);
    if (typeof locks?.request === "function") return locks.request(`${this.name}-refresh`, body);
    const before = refreshQueues.get(this.name) ?? Promise.resolve();
    const run = before.then(body);
    refreshQueues.set(this.name, run.then(() => undefined, () => undefined));
    return run;
  }

  /**
   * `refresh` holding the lock.
   * @private
   * @param {{rehash?: boolean}} options
   * @returns {Promise<SiteReport>}
   */
  async refreshHeld(options) {
    const trusted = await this.trusted();
    const indexURL = new URL("index.json", this.site).href;
    const bytes = await this.get("index.json", MAX_INDEX_BYTES);
    /** @type {SiteReport} */
    const report = { outcome: "upToDate", serial: 0, changed: [], fetched: ["index.json"], bytesFetched: bytes.length, indexBytes: bytes.length, repaired: [] };
    const index = await verifiedIndex(bytes, trusted, indexURL, this.subtle);
    report.serial = index.signed.serial;
    const state = await this.state();
    const current = await this.installed(state.generation, trusted, options.rehash ?? false);
    const damage = current?.damage ?? [];
    // Succession: never below the highest serial accepted; the same serial with the same bytes; revisions grow.
    if (index.signed.serial < state.serial) {
      throw new SiteError(indexURL, "serial", `serial ${state.serial} or higher (the highest this site's packs have accepted)`, String(index.signed.serial));
    }
    const old = current?.index ?? null;
    if (old && current?.bytes) {
      const same = current.bytes.length === bytes.length && current.bytes.every((b, i) => b === bytes[i]);
      if (index.signed.serial === old.signed.serial && !same) {
        throw new SiteError(indexURL, "serial", `the installed index's bytes for serial ${index.signed.serial}`, "different bytes under the same serial");
      }
      for (const pack of index.signed.packs) {
        const before = old.signed.packs.find((p) => p.id === pack.id);
        if (!before) continue;
        const sameFiles = JSON.stringify(before.files) === JSON.stringify(pack.files);
        if (!(pack.revision > before.revision || (pack.revision === before.revision && sameFiles))) {
          throw new SiteError(indexURL, "revision",
            pack.revision === before.revision ? `'${pack.id}' revision ${pack.revision} with its installed files` : `'${pack.id}' revision ${before.revision} or higher`,
            pack.revision === before.revision ? "other files under the same revision" : String(pack.revision));
        }
      }
    }
    if (index.signed.expires !== undefined) {
      const date = Date.parse(index.signed.expires);
      if (Number.isNaN(date)) throw new SiteError(indexURL, "expiry", "an ISO 8601 date", index.signed.expires);
      if (date < Date.now()) return { ...report, outcome: "stale", expires: index.signed.expires };
    }
    const unchanged = current?.bytes != null && current.bytes.length === bytes.length && current.bytes.every((b, i) => b === bytes[i]);
    if (unchanged && damage.length === 0) return report;
    // The new generation, in a cache of its own; the old one lends files that still hash as listed.
    const generation = `${this.generationPrefix}${index.signed.serial}-${Math.random().toString(36).slice(2, 10)}`;
    const cache = await this.caches.open(generation);
    const lend = state.generation && (await this.caches.has(state.generation)) ? await this.caches.open(state.generation) : null;
    try {
      /** @type {Map<string, Uint8Array>} */
      const have = new Map();
      if (lend && old) {
        for (const pack of old.signed.packs) {
          for (const f of pack.files) {
            const r = await lend.match(this.entryURL(pack.id, f.name));
            if (!r) continue;
            const b = new Uint8Array(await r.arrayBuffer());
            if (b.length === f.size && (await this.digest(b)) === f.sha256) have.set(f.sha256, b);
          }
        }
      }
      for (const pack of index.signed.packs) {
        for (const f of pack.files) {
          let b = have.get(f.sha256);
          if (!b) {
            const path = "files/" + f.sha256;
            b = await this.get(path, f.size);
            const url = new URL(path, this.site).href;
            if (b.length !== f.size) throw new SiteError(url, "size", `${f.size} bytes`, String(b.length));
            const digest = await this.digest(b);
            if (digest !== f.sha256) throw new SiteError(url, "sha256", f.sha256, digest);
            report.fetched.push(path);
            report.bytesFetched += b.length;
            have.set(f.sha256, b);
          }
          await cache.put(this.entryURL(pack.id, f.name), new Response(b));
        }
        checkPack(/** @type {Uint8Array} */ (have.get(pack.files[0].sha256)), pack, this.entryURL(pack.id, pack.files[0].name));
      }
      Catalog.open(index.signed.packs.map((p) => /** @type {Uint8Array} */ (have.get(p.files[0].sha256))));
      await cache.put(this.entryURL("", "index.json"), new Response(bytes));
    } catch (e) {
      await this.caches.delete(generation);
      if (e instanceof SiteError) throw e;
      throw new SiteError(generation, "install", "the new generation written", String(e instanceof Error ? e.message : e));
    }
    // One write makes it current; then the old generations go.
    await this.setState(Math.max(state.serial, index.signed.serial), generation);
    // This site's own: other sites kept under the same name have their own generations.
    for (const name of await this.caches.keys()) {
      if (name !== generation && (name.startsWith(this.generationPrefix) || name === state.generation)) await this.caches.delete(name);
    }
    const before = old?.signed.packs ?? [];
    report.outcome = "installed";
    report.repaired = damage;
    report.changed = index.signed.packs.filter((p) => before.find((b) => b.id === p.id)?.revision !== p.revision).map((p) => p.id)
      .concat(before.filter((b) => !index.signed.packs.some((p) => p.id === b.id)).map((b) => b.id));
    return report;
  }

  /**
   * The installed packs, in the index's order (the tab order), with a catalog over them; null before the first
   * install. A lost or cut file is a `presence` error naming it (the next `refresh()` repairs it).
   * @returns {Promise<{serial: number, packs: InstalledPack[], catalog: Catalog}|null>}
   */
  async open() {
    for (let attempt = 1; ; attempt++) {
      const state = await this.state();
      if (!state.generation) return null;
      try {
        return await this.openGeneration({ serial: state.serial, generation: state.generation });
      } catch (e) {
        // A refresh (in this page or another) made a newer generation current and removed this one meanwhile: the
        // cache of that name, if opening it made it again, is dropped, and the state read again.
        const moved = (await this.state()).generation !== state.generation;
        if (!(e instanceof SiteError && e.check === "presence" && moved && attempt < 4)) throw e;
        await this.caches.delete(state.generation);
      }
    }
  }

  /**
   * `open` of the generation `state` names.
   * @private
   * @param {{serial: number, generation: string}} state
   * @returns {Promise<{serial: number, packs: InstalledPack[], catalog: Catalog}|null>}
   */
  async openGeneration(state) {
    const current = await this.installed(state.generation, await this.trusted(), false);
    if (!current) return null;
    if (!current.index || current.damage.length > 0) {
      const [first] = current.damage;
      throw new SiteError(first.split(": ")[0], "presence", "the installed file, whole", first.split(": ").slice(1).join(": "));
    }
    const cache = await this.caches.open(state.generation);
    /** @type {InstalledPack[]} */
    const packs = [];
    for (const pack of current.index.signed.packs) {
      const r = await cache.match(this.entryURL(pack.id, pack.files[0].name));
      if (!r) throw new SiteError(`${state.generation}/${pack.id}/${pack.files[0].name}`, "presence", "the installed file, whole", "missing");
      const bytes = new Uint8Array(await r.arrayBuffer());
      const entryURL = this.entryURL.bind(this);
      // One object URL a sheet: asking again (a view drawn again) makes no other blob to leak. Sheets are read
      // through `cache`, which a later refresh's deleting this generation leaves readable (it is held here).
      /** @type {Map<string, Promise<string>>} */
      const made = new Map();
      packs.push({
        id: pack.id, revision: pack.revision, bytes,
        sheetURL(name) {
          let url = made.get(name);
          if (url === undefined) {
            url = (async () => {
              const sheet = await cache.match(entryURL(pack.id, name));
              if (!sheet) throw new SiteError(entryURL(pack.id, name), "presence", "the sheet", "none");
              return URL.createObjectURL(await sheet.blob());
            })();
            made.set(name, url);
            url.catch(() => made.delete(name));
          }
          return url;
        },
      });
    }
    return { serial: current.index.signed.serial, packs, catalog: Catalog.open(packs.map((p) => p.bytes)) };
  }
}
