// EmoticonText, which keeps a message in chunks and tokenizes again only around an edit, against a second, simple
// model that tokenizes and segments the whole message on every edit (reference-text.js): random long messages of
// the vector messages' pieces, random edits in both texts, every result and offset compared.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { Catalog, Tokenizer, EmoticonText } from "../src/index.js";
import { ReferenceText } from "./reference-text.js";

const here = new URL(".", import.meta.url);
const vectors = JSON.parse(await readFile(new URL("vectors/tokenize.json", here), "utf8"));
const catalog = Catalog.open(await Promise.all(vectors.packs.map(async (n) => new Uint8Array(await readFile(new URL("fixtures/" + n, here))))));
const tokenizer = new Tokenizer(catalog);
await tokenizer.ready;
const messages = vectors.messages.map((/** @type {{text: string}} */ m) => m.text);
// Pieces that make and break matches at a distance: brackets, halves of tags and codes, joiners, marks, flags' halves.
const small = ["[", "]", "哈哈", "[哈哈", "]]", "/", ":", "smile", ":smile:", "\u200d", "\u0301", "e\u0301", "🇨", "🇳",
  "👍", "🏽", "\ufe0f", "\u20e3", "1", "#", "\r", "\n", " ", "今天", "ok", "한국어", "क्ष", "😀", "[微笑]", "/::)", "[大笑]"];

/** @param {number} seed */
function random(seed) {
  let x = BigInt(seed);
  return () => {
    x = (x * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return Number(x >> 33n);
  };
}

/** A message of `units` or more UTF-16 units: slices of the vector messages and the small pieces. @param {() => number} next @param {number} units */
function message(next, units) {
  let m = "";
  while (m.length < units) {
    if (next() % 3 === 0) m += small[next() % small.length];
    else {
      const source = messages[next() % messages.length];
      const a = next() % (source.length + 1);
      m += source.slice(a, Math.min(source.length, a + (next() % 40)));
    }
  }
  return m;
}

/**
 * Everything the two models show, at `offsets` (every offset when null).
 * @param {EmoticonText|ReferenceText} model @param {number[]|null} offsets
 */
function view(model, offsets) {
  const n = model.length("source");
  const d = model.length("display");
  const sourceAt = offsets ?? Array.from({ length: n + 1 }, (_, i) => i);
  const displayAt = offsets ?? Array.from({ length: d + 1 }, (_, i) => i);
  return {
    source: model.source, display: model.display, displayRuns: model.displayRuns, lengths: [n, d],
    displayOffsets: sourceAt.map((o) => model.displayOffset(o)),
    sourceOffsets: displayAt.map((o) => model.sourceOffset(o)),
    whole: sourceAt.map((o) => [model.wholeTokens(o, o + 3, "source"), model.wholeTokens(o, o + 2, "display")]),
    text: sourceAt.map((o) => model.sourceText(o, o + 5, "source") + "|" + model.sourceText(o, o + 1, "display")),
  };
}

for (const emojiAsImages of [false, true]) {
  test(`edits in chunks give what the whole-message model gives (emojiAsImages: ${emojiAsImages})`, () => {
    const next = random(emojiAsImages ? 61 : 60);
    let edits = 0;
    for (let round = 0; round < 12; round++) {
      const start = message(next, 300 + (next() % 2500));
      const model = new EmoticonText(start, tokenizer, { emojiAsImages });
      const reference = new ReferenceText(start, tokenizer, { emojiAsImages });
      assert.deepEqual(view(model, null), view(reference, null), "at the start of round " + round);
      for (let step = 0; step < 60; step++) {
        const space = next() % 2 === 0 ? "source" : "display";
        const n = reference.length(space);
        // Half the edits land within a few units of where a chunk starts, where matches meet the cut.
        const cuts = model.starts;
        const near = Math.max(0, cuts[next() % cuts.length] + (next() % 13) - 6);
        const lo = next() % 2 === 0 ? Math.min(n, space === "source" ? near : model.displayOffset(near)) : next() % (n + 1);
        const hi = next() % 3 === 0 ? Math.min(n, lo + (next() % 30)) : lo;
        const what = next() % 4;
        const text = what === 0 ? "" : what === 1 ? small[next() % small.length] : message(next, 1 + (next() % 12));
        const deleting = next() % 2 === 0;
        const got = deleting ? model.deleteBackward(lo, space, hi) : model.replace(lo, hi, space, text);
        const want = deleting ? reference.deleteBackward(lo, space, hi) : reference.replace(lo, hi, space, text);
        const where = `round ${round} step ${step}: ${deleting ? "delete" : "replace"} ${space} ${lo}..${hi} ${JSON.stringify(text)}`;
        assert.deepEqual(got, want, where);
        const offsets = [];
        for (let k = 0; k < 40; k++) offsets.push(next() % (reference.length("source") + 2));
        for (let k = -8; k <= 8; k++) offsets.push(Math.max(0, got.source.cursor + k));
        assert.deepEqual(view(model, offsets), view(reference, offsets), where);
        edits++;
      }
      assert.deepEqual(view(model, null), view(reference, null), "at the end of round " + round);
    }
    assert.equal(edits, 12 * 60);
  });
}

test("chunks cut only where the whole message's tokens and clusters allow, in every script the cuts take", () => {
  const next = random(62);
  for (let round = 0; round < 20; round++) {
    // Long stretches of Hangul, CJK, pictographs, ASCII and marks, so that chunks are cut in each.
    const m = message(next, 4000) + "한국어".repeat(400) + "😀".repeat(300) + "e\u0301".repeat(300);
    assert.deepEqual(view(new EmoticonText(m, tokenizer), null), view(new ReferenceText(m, tokenizer), null));
  }
});

test("an edit in a long message tokenizes only the text around it", () => {
  const seen = [];
  const counting = Object.create(tokenizer);
  counting.tokenize = (/** @type {string} */ text) => {
    seen.push(text.length);
    return tokenizer.tokenize(text);
  };
  const long = message(random(63), 200_000);
  const model = new EmoticonText(long, counting);
  const reference = new ReferenceText(long, tokenizer);
  seen.length = 0;
  const middle = long.length >> 1;
  assert.deepEqual(model.replace(middle, middle, "source", "[哈哈]"), reference.replace(middle, middle, "source", "[哈哈]"));
  const end = reference.length("source");
  assert.deepEqual(model.deleteBackward(end, "source"), reference.deleteBackward(end, "source"));
  assert.deepEqual(model.replace(0, 0, "source", "😀"), reference.replace(0, 0, "source", "😀"));
  assert.equal(model.source, reference.source);
  assert.equal(model.display, reference.display);
  // Each region is the chunks within reach of the change: a few thousand units at most, never the message.
  assert.ok(seen.length >= 3, `tokenized ${seen.length} times`);
  for (const length of seen) assert.ok(length < 8_000, `an edit tokenized ${length} of ${long.length} units`);
});

test("codes that chain (a shortcode's colon the next one's) move every match after an edit, and the model follows", () => {
  const next = random(64);
  const names = [":smile:", ":sad:", ":ok:", ":cool:"].map((x) => x.slice(0, -1));
  let chain = "";
  while (chain.length < 3000) chain += names[next() % names.length];
  chain += ":";
  for (const [lo, hi, text] of [[0, 1, ""], [0, 0, ":"], [3, 3, "x"], [0, 0, "a"], [1, 1, ":"], [2, 4, ""], [100, 101, ""]]) {
    const model = new EmoticonText(chain, tokenizer);
    const reference = new ReferenceText(chain, tokenizer);
    assert.deepEqual(model.replace(lo, hi, "source", text), reference.replace(lo, hi, "source", text), `${lo}..${hi} ${text}`);
    assert.deepEqual(view(model, null), view(reference, null), `${lo}..${hi} ${text}`);
  }
});

test("an edit completes or breaks a tag across the place where two chunks meet, on either side of it", () => {
  const filler = "今".repeat(1000);
  // Every unit of the filler is a place to cut: its first chunk ends at `c`, where the tags' halves are put.
  const c = new EmoticonText(filler, tokenizer).starts[1];
  assert.ok(c > 8 && c < 1000);
  /** @type {[string, number, number, string, number][]} the text, the edit, and where its first chunk ends */
  const cases = [
    [filler.slice(0, c - 2) + "[哈哈x]" + filler, c + 1, c + 2, "", c], // after the cut, completing a tag begun before it
    [filler.slice(0, c - 1) + "哈哈]" + filler, c - 1, c - 1, "[", c], // before the cut, completing one ending after it
    [filler.slice(0, c - 2) + "[哈哈]" + filler, c + 1, c + 1, "x", c + 2], // breaking one that ends at the cut
    [filler.slice(0, c - 1) + "[x哈哈]" + filler, c, c + 1, "", c], // after the cut, right after the bracket
  ];
  for (const [text, lo, hi, insert, cut] of cases) {
    const model = new EmoticonText(text, tokenizer);
    const reference = new ReferenceText(text, tokenizer);
    assert.equal(model.starts[1], cut, "where the first chunk ends");
    assert.deepEqual(model.replace(lo, hi, "source", insert), reference.replace(lo, hi, "source", insert), `${lo}..${hi}`);
    assert.deepEqual(view(model, null), view(reference, null), `${lo}..${hi}`);
  }
});

test("the public functions reject an argument of the wrong type with a TypeError naming the function, changing nothing", async () => {
  const { clusterEnds, nfc, fold, search, keyboardPages, gridFit, PackFile } = await import("../src/index.js");
  const model = new EmoticonText("好[哈哈]ok", tokenizer);
  const emoticon = catalog.emoticon(/** @type {any} */ (catalog.lookupTag("[哈哈]")));
  /** @type {[string, () => unknown, RegExp][]} */
  const calls = [
    ["tokenize(number)", () => tokenizer.tokenize(/** @type {any} */ (123)), /^Tokenizer\.tokenize\(message\): expected a string, got number 123$/],
    ["tokenize(undefined)", () => tokenizer.tokenize(/** @type {any} */ (undefined)), /^Tokenizer\.tokenize\(message\): expected a string, got undefined$/],
    ["insert(ref)", () => tokenizer.insert(/** @type {any} */ ({ pack: 0, entry: 0 }), "ab", 1), /^Tokenizer\.insert\(emoticon, text, cursor\): expected an emoticon from catalog\.emoticon\(ref\)/],
    ["insert(tag string)", () => tokenizer.insert(/** @type {any} */ ("[哈哈]"), "ab", 1), /^Tokenizer\.insert.*got "\[哈哈\]"$/],
    ["insert(text null)", () => tokenizer.insert(emoticon, /** @type {any} */ (null), 0), /^Tokenizer\.insert.*expected a string, got null$/],
    ["deleteBackward(cursor NaN)", () => tokenizer.deleteBackward("ab", NaN), /^Tokenizer\.deleteBackward\(text, cursor\): expected a UTF-16 offset/],
    ["deleteBackward(cursor string)", () => tokenizer.deleteBackward("ab", /** @type {any} */ ("1")), /got "1"$/],
    ["new EmoticonText(number)", () => new EmoticonText(/** @type {any} */ (5), tokenizer), /^new EmoticonText\(source, tokenizer\)/],
    ["replace(text number)", () => model.replace(0, 0, "source", /** @type {any} */ (5)), /^EmoticonText\.replace\(lo, hi, space, text\): expected a string/],
    ["replace(unknown space)", () => model.replace(0, 0, /** @type {any} */ ("sorce"), "x"), /expected "source" or "display", got "sorce"$/],
    ["deleteBackward(space missing)", () => model.deleteBackward(3, /** @type {any} */ (undefined)), /^EmoticonText\.deleteBackward/],
    ["sourceText(lo string)", () => model.sourceText(/** @type {any} */ ("0"), 2, "source"), /^EmoticonText\.sourceText/],
    ["displayOffset(null)", () => model.displayOffset(/** @type {any} */ (null)), /^EmoticonText\.displayOffset\(offset\)/],
    ["emoticon(null)", () => catalog.emoticon(/** @type {any} */ (null)), /^Catalog\.emoticon\(ref\): expected an emoticon reference/],
    ["emoticon({})", () => catalog.emoticon(/** @type {any} */ ({})), /^Catalog\.emoticon\(ref\)/],
    ["animation(string)", () => catalog.animation(/** @type {any} */ ("[哈哈]")), /^Catalog\.animation\(ref\)/],
    ["lookupTag(number)", () => catalog.lookupTag(/** @type {any} */ (5)), /^Catalog\.lookupTag\(tag\)/],
    ["lookupEmoji(null)", () => catalog.lookupEmoji(/** @type {any} */ (null)), /^Catalog\.lookupEmoji\(emoji\)/],
    ["Catalog.open(null)", () => Catalog.open(/** @type {any} */ (null)), /^Catalog\.open\(buffers\)/],
    ["Catalog.open([number])", () => Catalog.open(/** @type {any} */ ([5])), /^Catalog\.open\(buffers\), buffers\[0\]: expected a pack's bytes/],
    ["new PackFile(string)", () => new PackFile(/** @type {any} */ ("emoji.pack")), /^new PackFile\(bytes\)/],
    ["clusterEnds(number)", () => clusterEnds(/** @type {any} */ (5)), /^clusterEnds\(text, from, to\)/],
    ["clusterEnds(from NaN)", () => clusterEnds("ab", NaN), /^clusterEnds\(text, from, to\): expected a UTF-16 offset/],
    ["nfc(null)", () => nfc(/** @type {any} */ (null)), /^nfc\(text\)/],
    ["fold(number)", () => fold(/** @type {any} */ (1)), /^fold\(text\)/],
    ["search(query number)", () => search(catalog, /** @type {any} */ (5)), /^search\(catalog, query, options\)/],
    ["keyboardPages(null)", () => keyboardPages(/** @type {any} */ (null)), /^keyboardPages\(items, options\): expected an array/],
    ["gridFit(null)", () => gridFit(/** @type {any} */ (null)), /^gridFit\(options\)/],
  ];
  for (const [name, call, message] of calls) {
    assert.throws(call, (/** @type {unknown} */ e) => e instanceof TypeError && message.test(e.message), name);
  }
  // The rejected edits left the model as it was.
  assert.equal(model.source, "好[哈哈]ok");
  assert.deepEqual(model.replace(0, 0, "source", "x").source.cursor, 1);
});

test("clusterEnds clamps its range to the text: the ends of the slice, as offsets into the text", async () => {
  const { clusterEnds } = await import("../src/index.js");
  const text = "a👍🏽b[x]e\u0301🇨🇳";
  const all = clusterEnds(text);
  assert.deepEqual(clusterEnds(text, 0, 1e9), all);
  assert.deepEqual(clusterEnds(text, -7), all);
  assert.deepEqual(clusterEnds(text, 5, 2), []);
  assert.deepEqual(clusterEnds(text, 1, 5), [5]);
  assert.equal(all[all.length - 1], text.length);
  // Fractional offsets count as their whole part.
  assert.deepEqual(clusterEnds(text, 1.9, 5.2), [5]);
});

test("the display model read and edited at offsets outside its text: offsets land inside it, edits equal a fresh model", () => {
  const offsets = [-Infinity, Number.MIN_SAFE_INTEGER, -1, 0, 1, 2, 2.5, 3, 5, 8, 100, Number.MAX_SAFE_INTEGER, Infinity];
  const source = "a[哈哈]😆b👍🏽";
  const model = new EmoticonText(source, tokenizer);
  const display = model.display;
  const fresh = (/** @type {EmoticonText} */ m) => new EmoticonText(m.source, tokenizer).display;
  /** @param {number} x */
  const within = (x, n) => Number.isInteger(x) && x >= 0 && x <= n;
  for (const x of offsets) {
    assert.ok(within(model.displayOffset(x), display.length), `displayOffset(${x})`);
    assert.ok(within(model.sourceOffset(x), source.length), `sourceOffset(${x})`);
    for (const y of offsets) {
      for (const space of /** @type {const} */ (["source", "display"])) {
        const text = model.sourceText(x, y, space);
        assert.ok(source.includes(text), `sourceText(${x}, ${y}, ${space})`);
        const [a, b] = model.wholeTokens(x, y, space);
        const n = space === "source" ? source.length : display.length;
        assert.ok(within(a, n) && within(b, n) && a <= b, `wholeTokens(${x}, ${y}, ${space}) = ${[a, b]}`);
        let edited = new EmoticonText(source, tokenizer);
        const change = edited.replace(x, y, space, "[哈哈]x");
        assert.equal(edited.display, fresh(edited), `replace(${x}, ${y}, ${space})`);
        assert.ok(within(change.source.cursor, edited.source.length) && within(change.display.cursor, edited.display.length));
        edited = new EmoticonText(source, tokenizer);
        edited.deleteBackward(x, space, y);
        assert.equal(edited.display, fresh(edited), `deleteBackward(${x}, ${space}, ${y})`);
      }
    }
    const deleted = tokenizer.deleteBackward(source, x);
    assert.ok(within(deleted.cursor, deleted.text.length) && source.startsWith(deleted.text.slice(0, deleted.cursor)), `Tokenizer.deleteBackward(${x})`);
    const emoticon = catalog.emoticon(/** @type {any} */ (catalog.lookupTag("[哈哈]")));
    const inserted = tokenizer.insert(emoticon, source, x);
    assert.ok(within(inserted.cursor, inserted.text.length) && inserted.text.length === source.length + emoticon.insertionText.length, `Tokenizer.insert(${x})`);
  }
  assert.equal(model.source, source);
});
