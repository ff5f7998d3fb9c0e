// PackSite's checks in Node: an index Swift signed is accepted byte for byte and every changed byte refused; indexes
// this test signs with WebCrypto exercise each record check; a whole site (the sample packs as the CLI wrote them
// are not here: the Chromium suite installs one) is simulated with in-memory Cache Storage and fetch.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { webcrypto } from "node:crypto";
import { PackSite, SiteError, verifiedIndex, canonicalJSON } from "../src/index.js";

const here = new URL(".", import.meta.url);
// Node 18 has WebCrypto only in node:crypto: `own` is what PackSite and verifiedIndex are given there (nothing where
// the context has its own).
const subtle = globalThis.crypto?.subtle ?? webcrypto.subtle;
const own = globalThis.crypto?.subtle ? undefined : subtle;
const fromHex = (h) => Uint8Array.from(h.trim().match(/../g), (b) => parseInt(b, 16));
const sha256 = async (b) => Buffer.from(await subtle.digest("SHA-256", b)).toString("hex");
const keyFor = async (raw) => ({ id: (await sha256(raw)).slice(0, 16), key: await subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]) });

test("an index Swift signed verifies byte for byte; every changed byte is refused", async () => {
  const bytes = new Uint8Array(await readFile(new URL("fixtures/site/index.json", here)));
  const key = await keyFor(fromHex(await readFile(new URL("fixtures/site/key.hex", here), "utf8")));
  const index = await verifiedIndex(bytes, [key], "index.json", own);
  assert.equal(index.signed.serial, 7);
  assert.equal(index.signed.packs[0].names[0].name, "浪小花");
  assert.equal(new TextDecoder().decode(bytes), canonicalJSON(index));
  // Every byte changed (the low bit flipped) is refused, by the parser, the canonical form or the signature.
  const checks = new Set();
  for (let at = 0; at < bytes.length; at++) {
    const b = bytes.slice();
    b[at] ^= 1;
    await assert.rejects(verifiedIndex(b, [key], "index.json", own), (e) => {
      checks.add(e.check);
      return e instanceof SiteError && ["parse", "canonical form", "signature", "file record", "schema", "pack id", "file name", "file list"].includes(e.check);
    }, `byte ${at}`);
  }
  assert.ok(checks.has("signature") && checks.has("canonical form") && checks.has("parse"), [...checks].join(", "));
  // An untrusted key.
  const other = await subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"]);
  const otherRaw = new Uint8Array(await subtle.exportKey("raw", other.publicKey));
  await assert.rejects(verifiedIndex(bytes, [await keyFor(otherRaw)], "index.json", own), (e) => e.check === "signature");
});

/** Signs `signed` with a fresh key: the index's bytes and the trusted key. */
async function sign(signed) {
  const pair = await subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"]);
  const raw = new Uint8Array(await subtle.exportKey("raw", pair.publicKey));
  const signature = new Uint8Array(await subtle.sign({ name: "Ed25519" }, pair.privateKey, new TextEncoder().encode(canonicalJSON(signed))));
  const index = { signatures: [{ keyId: (await sha256(raw)).slice(0, 16), signature: Buffer.from(signature).toString("base64") }], signed };
  return { bytes: new TextEncoder().encode(canonicalJSON(index)), raw };
}

test("record checks: non-ASCII and unsafe ids, file names, digests, the .pack first, schema", async () => {
  const file = (name, size = 1, sha = "ab".repeat(32)) => ({ name, size, sha256: sha });
  const pack = (id, files) => ({ id, names: [{ locale: "zh", name: "表情" }], formatVersion: "2.2", revision: 1, files });
  const cases = [
    [{ schemaVersion: 1, serial: 1, packs: [pack("ok", [file("ok.pack")])] }, null],
    [{ schemaVersion: 1, serial: 1, packs: [pack("浪小花", [file("a.pack")])] }, "pack id"],
    [{ schemaVersion: 1, serial: 1, packs: [pack(".hidden", [file("a.pack")])] }, "pack id"],
    [{ schemaVersion: 1, serial: 1, packs: [pack("a", [file("a.pack")]), pack("a", [file("a.pack")])] }, "pack id"],
    [{ schemaVersion: 1, serial: 1, packs: [pack("a", [file("a.pack"), file("../x")])] }, "file name"],
    [{ schemaVersion: 1, serial: 1, packs: [pack("a", [file("a.pack"), file("a.pack")])] }, "file name"],
    [{ schemaVersion: 1, serial: 1, packs: [pack("a", [file("a.pack", 1, "AB".repeat(32))])] }, "file record"],
    [{ schemaVersion: 1, serial: 1, packs: [pack("a", [file("a.pack", -1)])] }, "file record"],
    [{ schemaVersion: 1, serial: 1, packs: [pack("a", [file("sheet.png"), file("a.pack")])] }, "file list"],
    [{ schemaVersion: 2, serial: 1, packs: [] }, "schema"],
  ];
  for (const [signed, check] of cases) {
    const { bytes, raw } = await sign(signed);
    const trusted = [await keyFor(raw)];
    if (check === null) assert.equal((await verifiedIndex(bytes, trusted, "i", own)).signed.packs[0].names[0].name, "表情");
    else await assert.rejects(verifiedIndex(bytes, trusted, "i", own), (e) => e.check === check, check);
  }
  // Extra keys are not the canonical form Swift writes.
  const { bytes, raw } = await sign({ schemaVersion: 1, serial: 1, packs: [], extra: 1 });
  await assert.rejects(verifiedIndex(bytes, [await keyFor(raw)], "i", own), (e) => e.check === "canonical form");
});

/**
 * In-memory Cache Storage (what PackSite uses of it): `store` maps cache names to caches. With `yielding`, every
 * call waits a timer tick first, so that the calls of two refreshes interleave as a browser's do.
 */
function memoryCaches(yielding = false) {
  const store = new Map();
  const tick = () => (yielding ? new Promise((resolve) => setTimeout(resolve, 1)) : Promise.resolve());
  const cache = () => ({
    map: new Map(),
    async match(k) { await tick(); const v = this.map.get(String(k)); return v ? new Response(v) : undefined; },
    async put(k, r) { const b = new Uint8Array(await r.arrayBuffer()); await tick(); this.map.set(String(k), b); },
  });
  const caches = {
    async open(n) { await tick(); if (!store.has(n)) store.set(n, cache()); return store.get(n); },
    async has(n) { await tick(); return store.has(n); },
    async delete(n) { await tick(); return store.delete(n); },
    async keys() { await tick(); return [...store.keys()]; },
  };
  return { store, caches, tick };
}

/** A site of the emoji fixture pack: its file, a trusted key, and `index(serial)` signed by it. */
async function emojiSite() {
  const packBytes = new Uint8Array(await readFile(new URL("fixtures/emoji.pack", here)));
  const packFile = { name: "emoji.pack", size: packBytes.length, sha256: await sha256(packBytes) };
  const pair = await subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"]);
  const raw = new Uint8Array(await subtle.exportKey("raw", pair.publicKey));
  const keyId = (await sha256(raw)).slice(0, 16);
  const index = async (/** @type {number} */ serial) => {
    const body = { schemaVersion: 1, serial, packs: [{ id: "emoji", names: [{ locale: "en", name: "Emoji" }], formatVersion: "2.2", revision: 1, files: [packFile] }] };
    const signature = new Uint8Array(await subtle.sign({ name: "Ed25519" }, pair.privateKey, new TextEncoder().encode(canonicalJSON(body))));
    return new TextEncoder().encode(canonicalJSON({ signatures: [{ keyId, signature: Buffer.from(signature).toString("base64") }], signed: body }));
  };
  return { packBytes, packFile, raw, index };
}

test("without Cache Storage of its own, PackSite takes an injected one and refuses a site before any file", async () => {
  const { bytes, raw } = await sign({ schemaVersion: 1, serial: 3, packs: [{ id: "a", names: [], formatVersion: "2.2", revision: 1, files: [{ name: "a.pack", size: 4, sha256: "00".repeat(32) }] }] });
  const { store, caches } = memoryCaches();
  const served = { "index.json": bytes, ["files/" + "00".repeat(32)]: new Uint8Array([1, 2, 3, 4]) };
  const fetch = async (url) => {
    const path = new URL(url).pathname.replace(/^\/site\//, "");
    return served[path] ? new Response(served[path]) : new Response("", { status: 404 });
  };
  const site = new PackSite({ site: "https://example.test/site/", trustedKeys: [raw], caches, fetch, subtle: own });
  // The file's bytes do not hash as listed: refused before anything parses them, nothing installed.
  await assert.rejects(site.refresh(), (e) => e.check === "sha256");
  assert.equal(await site.open(), null);
  assert.deepEqual([...store.keys()].filter((n) => n.includes("generation")), []);
});

test("WebCrypto passed in is the one used; with none at all, a SiteError says WebCrypto is missing", async () => {
  const bytes = new Uint8Array(await readFile(new URL("fixtures/site/index.json", here)));
  const raw = fromHex(await readFile(new URL("fixtures/site/key.hex", here), "utf8"));
  const calls = [];
  /** @type {any} */
  const counting = {
    verify: (...a) => (calls.push("verify"), subtle.verify(...a)),
    digest: (...a) => (calls.push("digest"), subtle.digest(...a)),
    importKey: (...a) => (calls.push("importKey"), subtle.importKey(...a)),
  };
  const site = new PackSite({ site: "https://example.test/site/", trustedKeys: [raw], caches: /** @type {any} */ ({}), subtle: counting });
  const trusted = await site.trusted();
  assert.deepEqual(calls.sort(), ["digest", "importKey"]);
  calls.length = 0;
  assert.equal((await verifiedIndex(bytes, trusted, "index.json", counting)).signed.serial, 7);
  assert.deepEqual(calls, ["verify"]);
  // No WebCrypto in the context (as in Node 18, or a page served over plain http) and none passed in.
  const saved = Object.getOwnPropertyDescriptor(globalThis, "crypto");
  Object.defineProperty(globalThis, "crypto", { value: undefined, configurable: true, writable: true });
  try {
    const missing = (e) => e instanceof SiteError && e.check === "signature" && e.expected.startsWith("WebCrypto");
    await assert.rejects(verifiedIndex(bytes, trusted, "index.json"), missing);
    await assert.rejects(new PackSite({ site: "https://example.test/", trustedKeys: [raw], caches: /** @type {any} */ ({}) }).trusted(), missing);
  } finally {
    if (saved) Object.defineProperty(globalThis, "crypto", saved);
    else delete globalThis.crypto;
  }
});

test("refreshes at once (two pages' PackSites over one Cache Storage) install one generation, and open() meanwhile stays whole", async () => {
  const { packBytes, packFile, raw, index: signed } = await emojiSite();
  const { store, caches, tick } = memoryCaches(true);
  const served = new Map([["files/" + packFile.sha256, packBytes]]);
  const fetch = async (url) => {
    await tick();
    const b = served.get(new URL(url).pathname.replace(/^\/site\//, ""));
    return b ? new Response(b) : new Response("", { status: 404 });
  };
  const page = () => new PackSite({ site: "https://example.test/site/", trustedKeys: [raw], caches, fetch, subtle: own });
  const generations = async () => [...store.keys()].filter((n) => n.startsWith("emopack-generation-"));
  served.set("index.json", await signed(1));
  assert.equal((await page().refresh()).outcome, "installed");
  for (const serial of [2, 3, 4]) {
    served.set("index.json", await signed(serial));
    let done = false;
    const reader = (async () => {
      let opens = 0;
      for (; !done; opens++) {
        const opened = await page().open();
        assert.ok(opened !== null && opened.serial >= serial - 1 && opened.catalog.lookupEmoji("😀") !== null, `open() during serial ${serial}`);
      }
      return opens;
    })();
    const [a, b] = await Promise.all([page().refresh(), page().refresh()]).finally(() => { done = true; });
    assert.ok((await reader) > 0);
    assert.deepEqual([a.outcome, b.outcome].sort(), ["installed", "upToDate"], `serial ${serial}`);
    assert.equal((await generations()).length, 1, `one generation after serial ${serial}: ${await generations()}`);
    const now = await page().open();
    assert.equal(now?.serial, serial);
    assert.equal(now?.catalog.lookupEmoji("😀")?.pack, 0);
  }
});

test("two sites under one cache name keep their own generations: refreshing one leaves the other whole", async () => {
  const { packBytes, packFile, raw, index: signed } = await emojiSite();
  const { store, caches } = memoryCaches();
  // Two publishers' sites, each with its own index; one file server.
  const served = new Map([["files/" + packFile.sha256, packBytes], ["a/index.json", await signed(1)], ["b/index.json", await signed(5)]]);
  const fetch = async (url) => {
    const path = new URL(url).pathname.replace(/^\/(a|b)\/files\//, "files/").replace(/^\//, "");
    const b = served.get(path);
    return b ? new Response(b) : new Response("", { status: 404 });
  };
  const a = new PackSite({ site: "https://example.test/a/", trustedKeys: [raw], caches, fetch, subtle: own });
  const b = new PackSite({ site: "https://example.test/b/", trustedKeys: [raw], caches, fetch, subtle: own });
  assert.equal((await a.refresh()).outcome, "installed");
  assert.equal((await b.refresh()).outcome, "installed");
  assert.equal((await a.open())?.serial, 1, "a after b's install");
  // a's generation under the name an older release gave it (no site hash): it opens, and goes at a's next install.
  const current = [...store.keys()].find((n) => n.startsWith(a.generationPrefix));
  const legacy = "emopack-generation-1-legacy";
  store.set(legacy, store.get(current));
  store.delete(current);
  await a.setState(1, legacy);
  assert.equal((await a.open())?.serial, 1, "a from its legacy generation");
  served.set("a/index.json", await signed(2));
  assert.equal((await a.refresh()).outcome, "installed");
  assert.equal((await b.open())?.serial, 5, "b after a's second install");
  assert.equal((await a.open())?.serial, 2);
  assert.deepEqual([...store.keys()].filter((n) => n.startsWith("emopack-generation-")).sort(),
    [a.generationPrefix, b.generationPrefix].map((p) => [...store.keys()].find((n) => n.startsWith(p))).sort());
  assert.ok(!store.has(legacy));
});
