// @ts-check
// The conformance checks shared by Node (node --test) and the browser: each compares the module with the vectors the
// Swift runtime wrote (build-tools/web/vectors) and returns the disagreements, empty when there are none.
import { Catalog, Tokenizer, EmoticonText, EmoticonAnimation, PackFile, crc32, search, gridFit, keyboardPages, clusterEnds, compared } from "../src/index.js";

/** @typedef {(name: string) => Promise<any>} LoadJSON */
/** @typedef {(name: string) => Promise<Uint8Array>} LoadBytes */

/**
 * @param {LoadBytes} loadBytes
 * @param {string[]} names
 */
async function catalogOf(loadBytes, names) {
  return Catalog.open(await Promise.all(names.map((n) => loadBytes("fixtures/" + n))));
}

const kinds = ["text", "emoticon", "emoji"];
/**
 * @param {string[]} out
 * @param {string} what
 */
const limit = (out, what) => out.length < 20 ? (out.push(what), true) : false;

/**
 * Tokens and clusters of every message.
 * @param {LoadJSON} loadJSON
 * @param {LoadBytes} loadBytes
 */
export async function checkTokenize(loadJSON, loadBytes) {
  const v = await loadJSON("vectors/tokenize.json");
  const catalog = await catalogOf(loadBytes, v.packs);
  const tokenizer = new Tokenizer(catalog);
  /** @type {string[]} */
  const out = [];
  for (const m of v.messages) {
    const got = tokenizer.tokenize(m.text).toArray().map((t) => [kinds.indexOf(t.kind), t.ref?.pack ?? -1, t.ref?.entry ?? -1, t.start, t.end]);
    if (JSON.stringify(got) !== JSON.stringify(m.tokens)) limit(out, `tokens of ${JSON.stringify(m.text)}: ${JSON.stringify(got)} != ${JSON.stringify(m.tokens)}`);
    if (tokenizer.plainText(tokenizer.tokenize(m.text)) !== m.text) limit(out, `plain text of ${JSON.stringify(m.text)}`);
    const clusters = clusterEnds(m.text);
    if (JSON.stringify(clusters) !== JSON.stringify(m.clusters)) limit(out, `clusters of ${JSON.stringify(m.text)}`);
  }
  return { count: v.messages.length, failures: out };
}

/**
 * The delete key at every cursor and the display model.
 * @param {LoadJSON} loadJSON
 * @param {LoadBytes} loadBytes
 */
export async function checkEdits(loadJSON, loadBytes) {
  const v = await loadJSON("vectors/edits.json");
  const tokenizer = new Tokenizer(await catalogOf(loadBytes, v.packs));
  /** @type {string[]} */
  const out = [];
  let cursors = 0;
  for (const m of v.messages) {
    const n = m.text.length;
    for (let c = 0; c <= n; c++) {
      cursors++;
      const e = tokenizer.deleteBackward(m.text, c);
      const [cursor, removed] = m.delete[c];
      if (e.cursor !== cursor || n - e.text.length !== removed || e.text !== m.text.slice(0, cursor) + m.text.slice(cursor + removed)) {
        limit(out, `delete at ${c} of ${JSON.stringify(m.text)}: ${e.cursor}/${n - e.text.length} != ${cursor}/${removed}`);
      }
    }
    const model = new EmoticonText(m.text, tokenizer);
    if (model.display !== m.display) limit(out, `display of ${JSON.stringify(m.text)}`);
    const d = m.displayOffsets.map((/** @type {number} */ _, /** @type {number} */ i) => model.displayOffset(i));
    if (JSON.stringify(d) !== JSON.stringify(m.displayOffsets)) limit(out, `display offsets of ${JSON.stringify(m.text)}: ${d}`);
    const s = m.sourceOffsets.map((/** @type {number} */ _, /** @type {number} */ i) => model.sourceOffset(i));
    if (JSON.stringify(s) !== JSON.stringify(m.sourceOffsets)) limit(out, `source offsets of ${JSON.stringify(m.text)}: ${s}`);
    m.displayDelete.forEach((/** @type {number[]} */ want, /** @type {number} */ c) => {
      const copy = new EmoticonText(m.text, tokenizer);
      const change = copy.deleteBackward(c, "display");
      const got = [change.source.range[0], change.source.range[1], change.source.cursor, change.display.cursor];
      if (JSON.stringify(got) !== JSON.stringify(want)) limit(out, `display delete at ${c} of ${JSON.stringify(m.text)}: ${got} != ${want}`);
    });
  }
  return { count: cursors, failures: out };
}

/**
 * @param {LoadJSON} loadJSON
 * @param {LoadBytes} loadBytes
 */
export async function checkSearch(loadJSON, loadBytes) {
  const v = await loadJSON("vectors/search.json");
  const catalog = await catalogOf(loadBytes, v.packs);
  /** @type {string[]} */
  const out = [];
  const matches = ["exact", "prefix", "contains"];
  for (const s of v.searches) {
    if (compared(s.query) !== s.compared) limit(out, `compared ${JSON.stringify(s.query)}: ${JSON.stringify(compared(s.query))} != ${JSON.stringify(s.compared)}`);
    const got = search(catalog, s.query, { locales: s.locales, limit: 60 })
      .map((r) => [r.ref.pack, r.ref.entry, matches.indexOf(r.match), r.keyword, r.locale]);
    if (JSON.stringify(got) !== JSON.stringify(s.results)) {
      limit(out, `search ${JSON.stringify(s.query)} ${s.locales}: ${JSON.stringify(got).slice(0, 300)} != ${JSON.stringify(s.results).slice(0, 300)}`);
    }
  }
  return { count: v.searches.length, failures: out };
}

/**
 * Tags claimed by more than one pack: `Catalog.collisions()` as Swift's.
 * @param {LoadJSON} loadJSON
 * @param {LoadBytes} loadBytes
 */
export async function checkCollisions(loadJSON, loadBytes) {
  const { cases } = await loadJSON("vectors/collisions.json");
  const failures = [];
  let count = 0;
  for (const c of cases) {
    const catalog = Catalog.open(await Promise.all(c.packs.map((p) => loadBytes("fixtures/" + p))));
    count++;
    const key = (/** @type {{tag: string, winner: string, shadowed: string}[]} */ list) =>
      JSON.stringify(list.map((x) => [x.tag, x.winner, x.shadowed]));
    const found = catalog.collisions();
    if (found.length === 0 || key(found) !== key(c.collisions)) failures.push({ packs: c.packs, expected: c.collisions, found });
  }
  return { count, failures };
}

/**
 * @param {LoadJSON} loadJSON
 * @param {LoadBytes} loadBytes
 */
export async function checkLayout(loadJSON, loadBytes) {
  const v = await loadJSON("vectors/layout.json");
  const catalog = await catalogOf(loadBytes, v.packs);
  /** @type {string[]} */
  const out = [];
  let count = 0;
  for (const a of v.animations) {
    const anim = a.pack >= 0 ? catalog.animation({ pack: a.pack, entry: a.entry }) : new EmoticonAnimation(a.endTimes, a.loopCount, a.still);
    if (!anim || JSON.stringify(anim.endTimes) !== JSON.stringify(a.endTimes) || anim.loopCount !== a.loopCount || anim.stillFrame !== a.still) {
      limit(out, `animation ${a.pack}/${a.entry}`);
      continue;
    }
    for (const [t, frame, next] of a.samples) {
      count++;
      if (anim.frameAt(t) !== frame || anim.nextChange(t) !== next) limit(out, `animation ${a.pack}/${a.entry} at ${t}: ${anim.frameAt(t)} ${anim.nextChange(t)} != ${frame} ${next}`);
    }
  }
  for (const f of v.fits) {
    count++;
    const fit = gridFit({
      width: f.width, height: f.height, cellSize: f.cellSize, minSpacing: f.minSpacing, insets: { top: 8, left: 4, bottom: 8, right: 4 },
      maxColumns: 8, maxRows: 3, maxSpacing: f.maxSpacing < 0 ? Infinity : f.maxSpacing,
    });
    const frames = fit.frames.map((c) => [c.x, c.y, c.width, c.height]);
    if (fit.columns !== f.columns || fit.rows !== f.rows || fit.spacingX !== f.spacingX || fit.spacingY !== f.spacingY || JSON.stringify(frames) !== JSON.stringify(f.frames)) {
      limit(out, `fit ${f.width}x${f.height}: ${fit.columns}x${fit.rows} ${fit.spacingX} ${fit.spacingY}`);
    }
  }
  for (const p of v.pages) {
    count++;
    const items = Array.from({ length: p.items }, (_, i) => i);
    const pages = keyboardPages(items, { columns: p.columns, rows: p.rows, delete: p.afterLastEmoticon ? "afterLastEmoticon" : "lastCell" })
      .map((page) => page.map((c) => (c === "delete" ? -1 : c === null ? -2 : c)));
    if (JSON.stringify(pages) !== JSON.stringify(p.pages)) limit(out, `pages ${p.columns}x${p.rows} of ${p.items}`);
  }
  return { count, failures: out };
}

/**
 * The reader's verdicts on damaged packs.
 * @param {LoadJSON} loadJSON
 * @param {LoadBytes} loadBytes
 */
export async function checkDamaged(loadJSON, loadBytes) {
  const v = await loadJSON("vectors/damaged.json");
  /** @type {string[]} */
  const out = [];
  let count = 0;
  for (const d of v.packs) {
    const bytes = await loadBytes("fixtures/" + d.pack);
    /**
     * @param {Uint8Array} b
     * @param {any} want
     * @param {string} what
     */
    const check = (b, want, what, probe = false) => {
      count++;
      const got = verdicts(b, d.keys, d.emoji);
      if (probe && got.open === "ok") {
        got.tokens = probeTokens(b, d.probe);
        got.search = probeSearch(b, d.queries);
        got.contents = entryContents(new PackFile(b));
      }
      for (const key of ["open", "verify", "entries", "tags", "emoji", ...(probe ? ["tokens", "search", "contents"] : [])]) {
        let expected = want[key] ?? (want.open === "ok" ? d.intact[key] : undefined);
        // Entry contents differing from the intact pack's are given by index (and a count when it differs).
        if (key === "contents" && want.contents && want !== d.intact) {
          expected = d.intact.contents.slice(0, want.contents.count ?? d.intact.contents.length);
          for (const [i, c] of Object.entries(want.contents)) if (i !== "count") expected[Number(i)] = c;
        }
        if (JSON.stringify(got[key]) !== JSON.stringify(expected)) {
          limit(out, `${d.pack} ${what}: ${key} ${JSON.stringify(got[key])?.slice(0, 200)} != ${JSON.stringify(expected)?.slice(0, 200)}`);
          return;
        }
      }
      // The words too, where the Swift reader wrote them (every seventh case).
      if (want.messages) {
        const words = messagesOf(b);
        if (JSON.stringify(words) !== JSON.stringify(want.messages)) {
          limit(out, `${d.pack} ${what}: message ${JSON.stringify(words)} != ${JSON.stringify(want.messages)}`);
        }
      }
    };
    check(bytes, d.intact, "intact", true);
    // Every tenth case also tokenizes the vectors' probe (each key and emoji) with the pack alone, and searches.
    d.positions.forEach((/** @type {number} */ at, /** @type {number} */ k) => {
      const b = bytes.slice();
      b[at] ^= v.xor;
      check(b, d.flipped[k], `byte ${at} changed`, k % 10 === 0);
      check(withChecksum(b), d.flippedWithChecksum[k], `byte ${at} changed, checksum recomputed`, k % 10 === 0);
    });
    d.lengths.forEach((/** @type {number} */ n, /** @type {number} */ k) => check(bytes.slice(0, n), d.truncated[k], `cut to ${n} bytes`, k % 10 === 0));
  }
  return { count, failures: out };
}

/**
 * The words of the error opening `bytes` gives, or else of `verify()`'s; empty when neither fails.
 * @param {Uint8Array} bytes
 */
function messagesOf(bytes) {
  /** @type {PackFile} */
  let reader;
  try { reader = new PackFile(bytes); } catch (e) {
    return { open: /** @type {any} */ (e).detail };
  }
  try { reader.verify(); } catch (e) {
    return { verify: /** @type {any} */ (e).detail };
  }
  return {};
}

/**
 * @param {() => void} body
 */
function verdict(body) {
  try {
    body();
    return "ok";
  } catch (e) {
    const err = /** @type {any} */ (e);
    if (err && err.name === "PackError") return `${err.kind}@${err.offset}`;
    return `thrown: ${err}`;
  }
}

/**
 * @param {Uint8Array} bytes
 * @param {string[]} keys
 * @param {string[]} emoji
 */
function verdicts(bytes, keys, emoji) {
  /** @type {PackFile} */
  let reader;
  try { reader = new PackFile(bytes); } catch (e) {
    return { open: verdict(() => { throw e; }) };
  }
  const entries = [];
  for (let i = 0; i < Math.min(reader.entryCount, 64); i++) entries.push(verdict(() => reader.entry(i)));
  return {
    open: "ok", verify: verdict(() => reader.verify()), entries,
    tags: keys.map((k) => reader.entryIndexForTag(k) ?? -1), emoji: emoji.map((e) => reader.entryIndexForEmoji(e) ?? -1),
  };
}

/**
 * What a tokenizer over `bytes` alone finds in `probe`, as the vectors write it: each emoticon or emoji as
 * `kind:entry:start-end`, space-separated; `refused` when the catalog does not open.
 * @param {Uint8Array} bytes
 * @param {string} probe
 */
function probeTokens(bytes, probe) {
  let tokens;
  try { tokens = new Tokenizer(Catalog.open([bytes])).tokenize(probe); } catch { return "refused"; }
  const out = [];
  for (let i = 0; i < tokens.length; i++) {
    const ref = tokens.ref(i);
    if (tokens.kind(i) !== "text" && ref) out.push(`${tokens.kind(i) === "emoji" ? 2 : 1}:${ref.entry}:${tokens.start(i)}-${tokens.end(i)}`);
  }
  return out.join(" ");
}

/**
 * What a search of a catalog of `bytes` alone gives for each of `queries` (any locale, the first 60), as the vectors
 * write it: each result as [entry, match, keyword, locale]; undefined when the catalog does not open.
 * @param {Uint8Array} bytes
 * @param {string[]} queries
 */
function probeSearch(bytes, queries) {
  let catalog;
  try { catalog = Catalog.open([bytes]); } catch { return undefined; }
  const matches = ["exact", "prefix", "contains"];
  return queries.map((q) => search(catalog, q, { locales: [], limit: 60 }).map((r) => [r.ref.entry, matches.indexOf(r.match), r.keyword, r.locale]));
}

/**
 * What each of the first 64 entries that read holds, as the vectors write it: [kind, tags, codes, emoji, image,
 * animation (-1: none), insertsCode, keywords as [text, locale, source]]; 0 for one that does not read.
 * @param {PackFile} reader
 */
function entryContents(reader) {
  const out = [];
  for (let i = 0; i < Math.min(reader.entryCount, 64); i++) {
    let e;
    try { e = reader.entry(i); } catch { out.push(0); continue; }
    out.push([e.kind === "image" ? 0 : 1, e.tags, e.codes, e.emoji, e.image ?? -1, e.animation ?? -1, e.insertsCode, e.keywords.map((k) => [k.text, k.locale, k.source])]);
  }
  return out;
}

/**
 * @param {Uint8Array} bytes
 */
function withChecksum(bytes) {
  if (bytes.length < 64) return bytes;
  const b = bytes.slice();
  const crc = crc32(b.subarray(64));
  for (let k = 0; k < 4; k++) b[20 + k] = (crc >>> (8 * k)) & 0xff;
  return b;
}

/**
 * The WebAssembly kernel on this engine: made (once `ready` settles), deciding every vector message for a catalog
 * without codes, and giving the JavaScript tokenizer's runs for them, for random mixes of their pieces and for long
 * messages, with the units copied in as this engine does (`expectCopy`, when given, names how) and by the loop.
 * @param {LoadJSON} loadJSON
 * @param {LoadBytes} loadBytes
 * @param {string|null} [expectCopy]
 */
export async function checkKernel(loadJSON, loadBytes, expectCopy = null) {
  const v = await loadJSON("vectors/tokenize.json");
  // The vectors' packs, codes and shortcodes among them.
  const catalog = await catalogOf(loadBytes, v.packs);
  const withKernel = new Tokenizer(catalog);
  await withKernel.ready;
  const plain = new Tokenizer(catalog);
  plain.kernel = null;
  /** @type {string[]} */
  const out = [];
  const kernel = withKernel.kernel;
  if (kernel === null) return { count: 1, failures: ["no kernel on this engine"] };
  /** @type {string[]} */
  const messages = v.messages.map((/** @type {{text: string}} */ m) => m.text);
  let x = 12345;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
  for (let round = 0; round < 1000; round++) {
    let m = "";
    for (let p = 0; p < 1 + (next() % 6); p++) {
      const source = v.messages[next() % v.messages.length].text;
      const a = next() % (source.length + 1);
      m += source.slice(a, Math.min(source.length, a + (next() % 24))) + ["[微笑]", "/::)", ":smile:", "/微笑", "", "", "", ""][next() % 8];
    }
    messages.push(m);
  }
  const pieces = ["今天", "ok", "[微笑]", "[哈哈]", "😀", "👍🏽", "🇨🇳", "❤️", "\n", "[" + "长".repeat(30) + "]", "/::)", ":sob:", ":", "/"];
  for (let round = 0; round < 10; round++) {
    let m = "";
    while (m.length < 5000 + round * 700) m += pieces[next() % pieces.length];
    messages.push(m);
  }
  if (expectCopy !== null && kernel.copy !== expectCopy) limit(out, `the kernel copies by ${kernel.copy}, not ${expectCopy}`);
  const own = kernel.copy;
  for (const copy of new Set([own, /** @type {const} */ ("loop")])) {
    kernel.copy = copy;
    for (const [k, m] of messages.entries()) {
      const expected = plain.tokenize(m);
      const want = JSON.stringify(Array.from(expected.runs.subarray(0, 2 * expected.length + 1)));
      const runs = kernel.tokenize(m, withKernel.maxTagBytes);
      if (runs === null) {
        if (k < v.messages.length) limit(out, `the kernel declined ${JSON.stringify(m)}`);
      } else if (JSON.stringify(Array.from(runs)) !== want) {
        limit(out, `kernel runs (${copy}) of ${JSON.stringify(m)}: ${JSON.stringify(Array.from(runs))} != ${want}`);
      }
      const through = withKernel.tokenize(m);
      if (JSON.stringify(Array.from(through.runs.subarray(0, 2 * through.length + 1))) !== want) limit(out, `tokens of ${JSON.stringify(m)}`);
    }
  }
  kernel.copy = own;
  return { count: messages.length, failures: out };
}
