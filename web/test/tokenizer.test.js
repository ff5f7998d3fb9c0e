// The tokenizer against a second, simple implementation written on whole-message grapheme clusters, over random
// mixes of the vector messages' pieces at every split: the fast paths (boundaries decided from the scalars around
// an offset) must give exactly what segmenting the whole message gives.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { Catalog, PackFile, Tokenizer, clusterEnds, nfc } from "../src/index.js";
import { Entry, Tag } from "../src/format.js";
import { crc32 } from "../src/pack.js";
import { clusterGlue, graphemeBreakProperty, isEmojiStart, kernelProperties, nfcInertBits } from "../src/unicode.js";
import * as data from "../src/unicode-data.js";

const here = new URL(".", import.meta.url);
const vectors = JSON.parse(await readFile(new URL("vectors/tokenize.json", here), "utf8"));
const catalog = Catalog.open(await Promise.all(vectors.packs.map(async (n) => new Uint8Array(await readFile(new URL("fixtures/" + n, here))))));
const tokenizer = new Tokenizer(catalog);

/** The rules of docs/RUNTIME.md, the slow and obvious way. */
function reference(message) {
  const ends = clusterEnds(message);
  const isEnd = new Set([0, ...ends]);
  const codes = [];
  const shortcodes = new Map();
  catalog.packs.forEach((pack, p) => {
    for (let e = 0; e < pack.entryCount; e++) {
      for (const c of pack.entry(e).codes) {
        if (/^:[^\s:]+:$/u.test(c)) { if (!shortcodes.has(c)) shortcodes.set(c, { pack: p, entry: e }); }
        else if (!codes.some((x) => x.text === c)) codes.push({ text: c, ref: { pack: p, entry: e } });
      }
    }
  });
  const bytes = (s) => new TextEncoder().encode(s).length;
  codes.sort((a, b) => bytes(b.text) - bytes(a.text));
  const out = [];
  let textStart = 0;
  let k = 0;
  const take = (kind, ref, end) => {
    const start = k === 0 ? 0 : ends[k - 1];
    if (textStart < start) out.push(["text", null, textStart, start]);
    out.push([kind, ref, start, end]);
    textStart = end;
    while (k < ends.length && ends[k] <= end) k++;
  };
  while (k < ends.length) {
    const start = k === 0 ? 0 : ends[k - 1];
    const end = ends[k];
    let code = null;
    for (const c of codes) {
      if (message.startsWith(c.text, start) && isEnd.has(start + c.text.length)) { code = [start + c.text.length, c.ref]; break; }
    }
    if (message[start] === ":") {
      const close = message.indexOf(":", start + 1);
      const name = message.slice(start, close + 1);
      const ref = close > start + 1 ? shortcodes.get(name) ?? shortcodes.get(nfc(name)) : undefined;
      if (ref && isEnd.has(close + 1) && close + 1 > (code?.[0] ?? -1)) code = [close + 1, ref];
    }
    if (code) { take("emoticon", code[1], code[0]); continue; }
    if (message.slice(start, end) === "[") {
      let j = start + 1;
      while (j < message.length && message[j] !== "[" && message[j] !== "]" && bytes(message.slice(start, j)) < 256) j++;
      if (message[j] === "]" && bytes(message.slice(start, j)) < 256 && j > start + 1 && isEnd.has(j + 1)) {
        const ref = catalog.lookupTag(message.slice(start, j + 1));
        if (ref) { take("emoticon", ref, j + 1); continue; }
      }
    }
    const scalars = Array.from(message.slice(start, end), (c) => c.codePointAt(0));
    const mayStart = scalars[0] < 0x80 ? "0123456789#*".includes(String.fromCodePoint(scalars[0])) && (scalars[1] === 0xfe0f || scalars[1] === 0x20e3) : isEmojiStart(scalars[0]);
    if (mayStart) {
      const ref = catalog.lookupEmoji(message.slice(start, end));
      if (ref) { take("emoji", ref, end); continue; }
    }
    k++;
  }
  if (textStart < message.length) out.push(["text", null, textStart, message.length]);
  return out.map(([kind, ref, s, e]) => [kind, ref?.pack ?? -1, ref?.entry ?? -1, s, e]);
}

function random(seed) {
  let x = BigInt(seed);
  return () => {
    x = (x * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return Number(x >> 33n);
  };
}

test("random mixes of the vectors' pieces split like the whole-message reference", () => {
  const next = random(50);
  const messages = vectors.messages.map((m) => m.text);
  let checked = 0;
  for (let round = 0; round < 3000; round++) {
    let m = "";
    for (let p = 0; p < 1 + (next() % 6); p++) {
      const source = messages[next() % messages.length];
      const a = next() % (source.length + 1);
      const b = Math.min(source.length, a + (next() % 24));
      m += source.slice(a, b);
    }
    const got = tokenizer.tokenize(m).toArray().map((t) => [t.kind, t.ref?.pack ?? -1, t.ref?.entry ?? -1, t.start, t.end]);
    assert.deepEqual(got, reference(m), JSON.stringify(m));
    checked++;
  }
  assert.equal(checked, 3000);
});

test("a message's runs stay as they were while later messages are tokenized, in JavaScript and in the kernel", () => {
  const plain = new Tokenizer(catalog);
  plain.kernel = null;
  const next = random(11);
  const messages = vectors.messages.map((m) => m.text);
  for (const t of [plain, tokenizer]) {
    const kept = [];
    for (let round = 0; round < 300; round++) {
      // Short and long messages in turn, so that the runs outgrow any array kept between calls.
      let m = messages[next() % messages.length];
      if (round % 7 === 0) for (let k = 0; k < 200; k++) m += messages[next() % messages.length];
      const tokens = t.tokenize(m);
      kept.push([m, tokens, Array.from(tokens.runs)]);
    }
    for (const [m, tokens, runs] of kept) {
      assert.deepEqual(Array.from(tokens.runs), runs, JSON.stringify(m.slice(0, 60)));
      assert.equal(tokens.end(tokens.length - 1), m.length);
    }
  }
});

test("long runs of extenders, regional indicators and pictographs near matches", () => {
  const pieces = ["[哈哈]", "😀", "\u200d", "\u0301", "🇨", "🇳", "\u0600", "a", "क्", "\ud83c\udf23", "👍🏽", ":smile:", "[", "]"];
  const next = random(7);
  for (let round = 0; round < 400; round++) {
    let m = "";
    for (let p = 0; p < 20 + (next() % 200); p++) m += pieces[next() % pieces.length];
    const got = tokenizer.tokenize(m).toArray().map((t) => [t.kind, t.ref?.pack ?? -1, t.ref?.entry ?? -1, t.start, t.end]);
    assert.deepEqual(got, reference(m), JSON.stringify(m));
  }
});

test("Intl.Segmenter of this engine against the module's clusters (reported, not relied on)", (t) => {
  const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
  let differ = 0;
  for (const m of vectors.messages) {
    const ends = Array.from(segmenter.segment(m.text), (s) => s.index + s.segment.length);
    if (JSON.stringify(ends) !== JSON.stringify(m.clusters)) differ++;
  }
  t.diagnostic(`Intl.Segmenter differs from Swift on ${differ} of ${vectors.messages.length} vector messages (ICU ${process.versions.icu}, Unicode ${process.versions.unicode})`);
  assert.ok(vectors.messages.length > 0);
});

// unicode.js fills its tables a segment at a time at load; here every scalar is read from the generated runs on its own.
test("the property tables equal a scalar-by-scalar reading of the generated runs", () => {
  /** Each scalar's value from `from` up to `to`. @param {number[]} runs @param {number} from @param {number} to */
  const scalars = (runs, from, to) => {
    const out = new Uint8Array(to - from);
    let start = 0;
    for (let i = 0; i < runs.length; i += 2) {
      start += runs[i];
      const end = Math.min(to, i + 2 < runs.length ? start + runs[i + 2] : 0x110000);
      for (let v = Math.max(start, from); v < end; v++) out[v - from] = runs[i + 1];
    }
    return out;
  };
  const table = kernelProperties();
  const differing = [];
  // Planes 0 and 1, then U+E0000 to U+E0FFF, as the kernel's table lays them out.
  for (const [from, to, at] of [[0, 0x20000, 0], [0xe0000, 0xe1000, 0x20000]]) {
    const gcb = scalars(data.graphemeBreak, from, to), pict = scalars(data.extendedPictographic, from, to);
    const conj = scalars(data.indicConjunctBreak, from, to), start = scalars(data.emojiStart, from, to);
    for (let k = 0; k < to - from; k++) {
      const packed = gcb[k] | (pict[k] << 4) | (conj[k] << 5) | (start[k] === 1 ? 128 : 0);
      const v = from + k;
      if (table[at + k] !== packed || graphemeBreakProperty(v) !== gcb[k] || isEmojiStart(v) !== (start[k] === 1)) {
        differing.push(v);
      }
    }
  }
  // clusterGlue as its comment defines it: Extend, ZWJ and SpacingMark 1, Prepend 2, surrogates 4, and 8 for ZWJ,
  // conjunct parts, CR, LF, Control and Hangul jamo and syllables.
  const gcb = scalars(data.graphemeBreak, 0, 0x10000), conj = scalars(data.indicConjunctBreak, 0, 0x10000);
  for (let u = 0; u < 0x10000; u++) {
    const c = gcb[u];
    let g = c === 4 || c === 5 || c === 8 ? 1 : c === 7 ? 2 : 0;
    if (u >= 0xd800 && u < 0xe000) g = 4;
    if (c === 5 || conj[u] !== 0 || c === 1 || c === 2 || c === 3 || c >= 9) g |= 8;
    if (clusterGlue[u] !== g) differing.push(u);
  }
  assert.deepEqual(differing.slice(0, 10).map((v) => v.toString(16)), []);
});

/** A tokenizer's keys read the plain way: each string decoded alone, then looked up again by its encoding. */
function referenceKeys(catalog) {
  const keys = new Map(), emoji = new Map(), shortcodes = new Map(), codes = new Map(), seen = new Set();
  const longest = { tag: 0, shortcode: 0, code: 0, emoji: 0 };
  catalog.packs.forEach((pack, p) => {
    for (let t = 0; t < pack.tagCount; t++) {
      let form = 0, text, entry;
      // An unknown form byte reads as a tag (Swift's TokenIndex; the damaged-pack vectors check it against Swift).
      try { form = pack.keyForm(t); } catch { /* a tag */ }
      try {
        text = pack.string(pack.tagSection.offset + t * pack.tagSize + Tag.tag);
        entry = pack.le32(pack.tagSection.offset + t * pack.tagSize + Tag.entry);
      } catch { continue; }
      if (entry >= pack.entryCount || pack.entryIndexForTag(text) !== entry) continue;
      const ref = { pack: p, entry };
      if (!keys.has(text)) keys.set(text, ref);
      if (form === 0) longest.tag = Math.max(longest.tag, text.length);
      else if (form === 2) {
        longest.shortcode = Math.max(longest.shortcode, text.length);
        if (!shortcodes.has(text)) shortcodes.set(text, ref);
      } else if (!seen.has(text) && text.length > 0) {
        seen.add(text);
        longest.code = Math.max(longest.code, text.length);
        codes.set(text, ref);
      }
    }
    for (let e = 0; e < pack.entryCount; e++) {
      let text = null;
      try { text = pack.entryHasEmoji(e) ? pack.string(pack.entrySection.offset + e * pack.entrySize + Entry.emoji) : null; } catch { text = null; }
      if (text === null || pack.entryIndexForEmoji(text) !== e) continue;
      const bare = text.replace(/[\ufe0e\ufe0f]/g, "");
      longest.emoji = Math.max(longest.emoji, text.length);
      if (!emoji.has(bare)) emoji.set(bare, { pack: p, entry: e });
    }
  });
  return { keys: [...keys], emoji: [...emoji], shortcodes: [...shortcodes], codes: [...codes], longest };
}

/** The same read from a tokenizer. */
function tokenizerKeys(tokenizer) {
  const codes = [];
  for (const list of tokenizer.codes.values()) for (const c of list) codes.push([c.text, c.ref]);
  codes.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return {
    keys: [...tokenizer.keyMaps.keys], emoji: [...tokenizer.keyMaps.emoji], shortcodes: [...tokenizer.shortcodes], codes,
    longest: tokenizer.longestKeys,
  };
}

test("a tokenizer reads every key of damaged packs as decoding each string alone does", async () => {
  const damaged = JSON.parse(await readFile(new URL("vectors/damaged.json", here), "utf8"));
  let compared = 0;
  for (const d of damaged.packs) {
    const bytes = new Uint8Array(await readFile(new URL("fixtures/" + d.pack, here)));
    // Every fifth flipped byte of each vector pack (its checksum recomputed: the tokenizer reads what opens).
    for (let k = 0; k < d.positions.length; k += 5) {
      const b = bytes.slice();
      b[d.positions[k]] ^= damaged.xor;
      if (b.length >= 64) {
        const crc = crc32(b.subarray(64));
        for (let i = 0; i < 4; i++) b[20 + i] = (crc >>> (8 * i)) & 0xff;
      }
      let catalog;
      try { catalog = new Catalog([new PackFile(b)]); } catch { continue; }
      const want = referenceKeys(catalog);
      want.codes.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
      const tokenizer = new Tokenizer(catalog);
      tokenizer.kernel = null;
      assert.deepEqual(tokenizerKeys(tokenizer), want, `${d.pack}, byte ${d.positions[k]} changed`);
      compared++;
    }
  }
  assert.ok(compared > 1000, `${compared} damaged packs compared`);
});

test("strings decoded together equal strings decoded alone: line feeds, BOMs, bytes that are not UTF-8, bad references", async () => {
  const bytes = new Uint8Array(await readFile(new URL("fixtures/codes.pack", here)));
  const pack = new PackFile(bytes);
  // Every tag's and emoji's string reference.
  const refs = [];
  for (let t = 0; t < pack.tagCount; t++) refs.push(pack.tagSection.offset + t * pack.tagSize + Tag.tag);
  for (let e = 0; e < pack.entryCount; e++) refs.push(pack.entrySection.offset + e * pack.entrySize + Entry.emoji);
  const next = random(7);
  const inserts = [[0x0a], [0xef, 0xbb, 0xbf], [0x80], [0xe4, 0xbd], [0xed, 0xa0, 0x80], [0xff], [0xf0, 0x9f, 0x98]];
  let mixed = 0;
  for (let round = 0; round < 400; round++) {
    const b = bytes.slice();
    // A few bytes of the string table overwritten, and a few references pointed outside it.
    for (let k = next() % 4; k >= 0; k--) {
      const piece = inserts[next() % inserts.length];
      const at = pack.strings.offset + (next() % Math.max(1, pack.strings.length - piece.length));
      b.set(piece, at);
    }
    const chosen = refs.filter(() => next() % 3 === 0);
    if (round % 7 === 0 && chosen.length > 0) new DataView(b.buffer).setUint32(chosen[0], pack.strings.length + 1, true);
    let damagedPack;
    try { damagedPack = new PackFile(b); } catch { continue; } // the pack's own id or version damaged
    const alone = chosen.map((ref) => { try { return damagedPack.string(ref); } catch { return null; } });
    const together = damagedPack.stringsAt(chosen);
    assert.deepEqual(together, alone, `round ${round}`);
    if (alone.includes(null) && alone.some((s) => s !== null)) mixed++;
  }
  assert.ok(mixed > 50, `${mixed} rounds mixed good and bad strings`);
  // A BOM at a string's start stays, as Swift and Java decode it.
  const ascii = refs.find((ref) => { const s = pack.stringBytes(ref); return s !== null && s.length >= 3 && s[0] < 0x80 && s[1] < 0x80 && s[2] < 0x80; });
  assert.ok(ascii !== undefined);
  const b = bytes.slice();
  b.set([0xef, 0xbb, 0xbf], pack.strings.offset + pack.le32(ascii));
  const written = new PackFile(b).stringsAt([ascii, ascii]);
  assert.deepEqual(written.map((s) => s?.charCodeAt(0)), [0xfeff, 0xfeff]);
});

test("the kernel's inert bits equal what the composition tables make of every scalar of planes 0 and 1", () => {
  // The tables read the plain way: every scalar normalization may touch (excluded, with a combining class, the
  // second of a pair that composes, a singleton, a Hangul vowel or trailing consonant).
  const ranges = (text) => text.split(" ").filter(Boolean).map((item) => {
    const [a, b] = item.split("-");
    return [parseInt(a, 16), parseInt(b ?? a, 16)];
  });
  const excluded = new Set(), touched = new Set();
  for (const [a, b] of ranges(data.exclusions)) for (let v = a; v <= b; v++) { excluded.add(v); touched.add(v); }
  for (const item of data.combiningClasses.split(" ").filter(Boolean)) {
    for (const [a, b] of ranges(item.split(":")[0])) for (let v = a; v <= b; v++) touched.add(v);
  }
  let v = 0;
  for (let i = 0; i < data.decompositions.length; i += 3) {
    v += data.decompositions[i];
    const second = data.decompositions[i + 2];
    if (second === 0) touched.add(v);
    else if (!excluded.has(v)) touched.add(second);
  }
  for (let v = 0x1161; v <= 0x1175; v++) touched.add(v);
  for (let v = 0x11a8; v <= 0x11c2; v++) touched.add(v);
  const bits = nfcInertBits();
  const differing = [];
  let cleared = 0;
  for (let v = 0; v < 0x20000; v++) {
    const cheap = v < 0x300 || (v >= 0x3400 && v <= 0x9fff) || (v >= 0xac00 && v <= 0xd7a3);
    const inert = cheap || !touched.has(v);
    if (!inert) cleared++;
    if (((bits[v >> 3] >> (v & 7)) & 1) !== (inert ? 1 : 0)) differing.push(v.toString(16));
  }
  assert.deepEqual(differing.slice(0, 10), []);
  assert.ok(cleared > 1000, `${cleared} scalars normalization may touch`);
});
