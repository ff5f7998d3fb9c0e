// The WebAssembly tokenizer kernel against the JavaScript tokenizer: the same runs for every vector message, random
// mixes of their pieces (legacy codes and shortcodes among them), hostile pieces around candidates, every tag-length
// limit and long messages. Where the kernel declines a message, the JavaScript path must take it; the tests also
// require that the kernel decides most of them, so a kernel that always declines fails.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { spawnSync } from "node:child_process";
import { Catalog, Tokenizer } from "../src/index.js";
import { Kernel, makeKernel } from "../src/kernel.js";

const here = new URL(".", import.meta.url);
const vectors = JSON.parse(await readFile(new URL("vectors/tokenize.json", here), "utf8"));
const load = async (/** @type {string} */ name) => new Uint8Array(await readFile(new URL("fixtures/" + name, here)));
const catalogs = {
  vectors: Catalog.open(await Promise.all(vectors.packs.map(load))),
  codesFirst: Catalog.open(await Promise.all(["codes.pack", "default.pack", "emoji.pack"].map(load))),
  wideCodes: Catalog.open(await Promise.all(["wide-codes.pack", "codes.pack", "emoji.pack"].map(load))),
  bench: Catalog.open(await Promise.all(["bench-1000.pack", "emoji.pack"].map(load))),
  rival: Catalog.open(await Promise.all(["rival.pack", "default.pack", "emoji.pack"].map(load))),
  accents: Catalog.open(await Promise.all(["accents.pack", "default.pack", "emoji.pack"].map(load))),
};

function random(seed) {
  let x = BigInt(seed);
  return () => {
    x = (x * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return Number(x >> 33n);
  };
}

/**
 * `rounds` messages of pieces drawn from `pieces`, the loop asking for one more while `fewest + next() % spread` is
 * above the count so far.
 * @param {number} seed @param {string[]} pieces @param {number} rounds @param {number} fewest @param {number} spread
 */
function mixes(seed, pieces, rounds, fewest, spread) {
  const next = random(seed);
  const messages = [];
  for (let round = 0; round < rounds; round++) {
    let m = "";
    for (let p = 0; p < fewest + (next() % spread); p++) m += pieces[next() % pieces.length];
    messages.push(m);
  }
  return messages;
}

/**
 * Both paths over `messages`; the share the kernel decided (lone surrogates and all: it reads UTF-16 as it is).
 * @param {Catalog} catalog
 * @param {string[]} messages
 * @param {number} [maxTagBytes]
 */
function compare(catalog, messages, maxTagBytes) {
  const options = maxTagBytes === undefined ? {} : { maxTagBytes };
  const kernel = new Tokenizer(catalog, options);
  const plain = new Tokenizer(catalog, options);
  assert.ok(kernel.kernel !== null, "the kernel is made synchronously in Node");
  plain.kernel = null;
  let decided = 0;
  for (const m of messages) {
    const expected = plain.tokenize(m);
    const runs = kernel.kernel.tokenize(m, kernel.maxTagBytes);
    if (runs === null && process.env.KERNEL_DECLINED) console.log("declined", JSON.stringify(m));
    if (runs !== null) {
      decided++;
      assert.deepEqual(Array.from(runs), Array.from(expected.runs.subarray(0, 2 * expected.length + 1)), JSON.stringify(m));
    }
    const through = kernel.tokenize(m);
    assert.deepEqual(Array.from(through.runs.subarray(0, 2 * through.length + 1)), Array.from(expected.runs.subarray(0, 2 * expected.length + 1)));
  }
  if (process.env.KERNEL_SHARES) console.log("decided", decided, "of", messages.length, "messages");
  return decided / Math.max(1, messages.length);
}

test("the kernel gives the JavaScript tokenizer's runs for every vector message", () => {
  const messages = vectors.messages.map((/** @type {{text: string}} */ m) => m.text);
  const share = compare(catalogs.vectors, messages);
  assert.equal(share, 1, `the kernel decided ${(share * 100).toFixed(1)}% of the vector messages`);
});

test("the kernel takes codes led by ideographs, digits and pictographs, and shortcodes found once normalized", () => {
  const tokenizer = new Tokenizer(catalogs.wideCodes);
  assert.ok(tokenizer.kernel !== null);
  // Typed in forms the pack does not hold: a combining accent, U+212B ANGSTROM SIGN, A and a combining ring.
  for (const [message, key] of [
    ["x:cafe\u0301:y", ":café:"], ["a :nai\u0308ve: b", ":naïve:"], [":\u212b:", ":Å:"], [":A\u030a:!", ":Å:"],
    ["哈哈哈哈", "哈哈哈"], ["1+1=2", "1+1"], ["I ❤love it", "❤love"], ["~~~~", "~~~"], ["说:日本:", ":日本:"],
  ]) {
    const runs = tokenizer.kernel?.tokenize(message, tokenizer.maxTagBytes);
    assert.ok(runs, `the kernel decides ${JSON.stringify(message)}`);
    const tokens = tokenizer.tokenize(message);
    const found = Array.from(tokens).filter((t) => t.kind !== "text");
    assert.equal(found.length, 1, JSON.stringify(message));
    assert.deepEqual(catalogs.wideCodes.emoticon(/** @type {any} */ (found[0].ref)).codes.includes(key), true, JSON.stringify(message));
  }
  const pieces = [
    ":café:", ":cafe\u0301:", ":caf", "é:", "\u0301", ":naïve:", ":\u212b:", ":A\u030a:", "哈哈哈", "哈哈", "哈", "1+1",
    "1️⃣", "1", "+", "❤love", "❤️", "❤", "love", "~~~", "~~", "~", ":日本:", ":ok:", ":", "/::)", "/微笑", ":smile:", "[微笑]",
    "[wide3]", "今天", " ", "😀", "\u200d", "क", "्", "\ud83d",
  ];
  const share = compare(catalogs.wideCodes, mixes(5, pieces, 3000, 1, 12));
  assert.ok(share > 0.97, `the kernel decided ${(share * 100).toFixed(1)}% of the mixes`);
});

test("codes starting with more units than the kernel's filter tests are left to JavaScript", async () => {
  const catalog = Catalog.open(await Promise.all(["many-leads.pack", "emoji.pack"].map(load)));
  const tokenizer = new Tokenizer(catalog);
  await tokenizer.ready;
  assert.equal(tokenizer.kernel, null);
  const tokens = Array.from(tokenizer.tokenize("x!a #b$c%d &e=f?g@h😀")).filter((t) => t.kind !== "text").map((t) => t.text);
  assert.deepEqual(tokens, ["!a", "#b", "$c", "%d", "&e", "=f", "?g", "@h", "😀"]);
  // Six leads fit, seven do not.
  const emoticons = { keys: new Map(), emoji: new Map(), shortcodes: new Map(), packStarts: Int32Array.of(0, 8) };
  /** @param {string[]} texts */
  const codes = (texts) => new Map(texts.map((text, entry) => [text.charCodeAt(0), [{ text, ref: { pack: 0, entry } }]]));
  assert.ok(makeKernel({ ...emoticons, codes: codes(["!a", "#b", "$c", "%d", "&e", "=f"]) }) instanceof Kernel);
  assert.equal(await makeKernel({ ...emoticons, codes: codes(["!a", "#b", "$c", "%d", "&e", "=f", "?g"]) }), null);
});

test("the kernel on random mixes of the vectors' pieces, with every catalog and tag limit", () => {
  const next = random(61);
  const sources = vectors.messages.map((/** @type {{text: string}} */ m) => m.text);
  const tags = [
    "[表情1]", "[表情999]", "[微笑]", "[哈哈]", "[不存在3]", "[]", "[[表情2]]", "[表情2", "表情3]",
    "/微笑", "/::)", "/::'(", "/:8-)", "/::", "/", "/微", ":smile:", ":smile", "smile:", ":sob:", ":", "::", ":nope:",
    "http://a.b/c", ":😀:", ":e\u0301:", ":\u00e9:", "/::)\u0301", ":smile:\u200d",
  ];
  const messages = [];
  for (let round = 0; round < 2000; round++) {
    let m = "";
    for (let p = 0; p < 1 + (next() % 8); p++) {
      if (next() % 3 === 0) { m += tags[next() % tags.length]; continue; }
      const source = sources[next() % sources.length];
      const a = next() % (source.length + 1);
      m += source.slice(a, Math.min(source.length, a + (next() % 24)));
    }
    messages.push(m);
  }
  for (const catalog of Object.values(catalogs)) {
    for (const limit of [undefined, 0, 1, 3, 5, 9, 12, 13, 256]) {
      const share = compare(catalog, messages, limit);
      assert.ok(share > 0.99, `the kernel decided ${(share * 100).toFixed(1)}% of the mixes (limit ${limit})`);
    }
  }
});

test("the kernel near extenders, joiners, regional indicators, conjuncts, surrogates and U+FFFD", () => {
  const pieces = [
    "[哈哈]", "[表情7]", "😀", "\u200d", "\u0301", "🇨", "🇳", "🇨🇳", "\u0600", "a", "क्", "क", "्", "\ud83c\udf23", "👍🏽",
    "🏽", "[", "]", "\ud800", "\udc00", "\ufffd", "1️⃣", "1⃣", "#️", "*", "9", "\ufe0f", "\ufe0e", "❤", "❤️", "👨‍👩‍👧‍👦",
    "\r", "\n", "\r\n", "\u0001", "ᄀ", "ᅡ", "ᆨ", "가", "각", "\u0e33", "\u0903", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "\u{e0061}", "表", "情", "©️", "™",
    "\u{20000}", "\u{1f1e6}", "\u{1f3fb}", "\u{110bd}", "\u{11000}",
  ];
  const messages = mixes(7, pieces, 1500, 2, 60);
  const share = compare(catalogs.vectors, messages);
  // Declined here: a scalar outside the kernel's planes or an Indic conjunct next to a candidate; most are decided.
  assert.ok(share > 0.7 && share < 1, `the kernel decided ${(share * 100).toFixed(1)}% of the hostile mixes`);
  compare(catalogs.bench, messages);
});

test("tags found once normalized, and unknown tags of kana, Cyrillic and punctuation, are decided in the kernel", () => {
  // Keys: [café], [がんばれ], [Ёлка], [Å]; typed decomposed or as U+212B they are found only by JavaScript's `nfc`.
  const found = ["[cafe\u0301]", "[か\u3099んばれ]", "[\u0415\u0308лка]", "[\u212b]", "[A\u030a]", "[café]", "[Ёлка]"];
  const unknown = ["[ありがとう]", "[Привет]", "[\u201c哈哈\u201d]", "[哈哈\u2026]", "[图片，已过期]", "[\u0301]", "[e\u0301\u0301]", "[か\u3099]"];
  const plain = new Tokenizer(catalogs.accents);
  plain.kernel = null;
  for (const tag of found) {
    const tokens = plain.tokenize("a" + tag + "b");
    assert.deepEqual([tokens.length, tokens.kind(1), tokens.ref(1)?.pack], [3, "emoticon", 0], tag);
  }
  for (const tag of unknown) assert.equal(plain.tokenize(tag).kind(0), "text", tag);
  const exact = [...found, ...unknown].flatMap((tag) => [tag, "哈" + tag + "😀", tag + tag, "[" + tag + "]"]);
  assert.equal(compare(catalogs.accents, exact), 1, "every message decided");
  const pieces = [...found, ...unknown, "[表情1]", "[哈哈]", "😀", "a", "表", "\u0301", "[", "]", "\ud83d", " "];
  for (const limit of [0, 4, 6, 9, 12, 256]) {
    assert.equal(compare(catalogs.accents, mixes(limit + 11, pieces, 500, 1, 12), limit), 1, `limit ${limit}`);
  }
});

test("one-scalar emoji with each variation selector and skin tone, before and after anything, as JavaScript splits them", () => {
  // The kernel finds these by index or by their own units; every neighbour that could join them must send it the long way.
  const bases = ["❤", "☺", "✌", "😀", "👍", "🙏", "©", "1", "🏽", "🇨", "\u{1f322}", "a", "表"];
  const after = ["", "\ufe0f", "\ufe0e", "\ufe0d", "\ufe0c", "\ufe00", "🏽", "🏿", "\ufe0f🏽", "🏽\ufe0f", "\u20e3", "\ufe0f\u20e3"];
  const next = ["", "a", "表", "\u200d🔥", "\u200d", "\u0301", "\u0903", "🏻", "😀", "[表情1]", "\n", "\ufe0f", "🇳", "\ud83c"];
  const before = ["", "a", "\u200d", "🇨", "क्", "\u0301", "\ud83d", "\u0600", "\u{110bd}", "\udc00", "😀"];
  const messages = [];
  for (const b of bases) for (const a of after) for (const x of next) for (const p of before) messages.push(p + b + a + x);
  for (const catalog of [catalogs.vectors, catalogs.bench]) {
    const share = compare(catalog, messages);
    assert.ok(share > 0.8, `the kernel decided ${(share * 100).toFixed(1)}% of ${messages.length} messages`);
  }
});

test("the kernel decides lone surrogates beside tags and emoji as the JavaScript tokenizer does", () => {
  const lone = ["\ud83d", "\udc00", "\ud800", "\udfff"];
  const around = ["[表情7]", "[哈哈]", "😀", "👍🏽", "🇨🇳", "❤️", "1️⃣", "[", "]", "\u200d", "\ufe0f", "a"];
  const messages = [];
  for (const l of lone) for (const a of around) for (const b of around) messages.push(a + l + b, l + a + b, a + b + l, a + l + l + b);
  // A tag holding one ("[\ud83d]", "[表\ud83d情]") is normalized by JavaScript at the kernel's request.
  assert.equal(compare(catalogs.vectors, messages), 1, "every message with lone surrogates is decided");
  assert.equal(compare(catalogs.bench, messages), 1);
  assert.equal(compare(catalogs.bench, messages.map((m) => m + "[表\ud83d情]")), 1);
});

test("a copy into the kernel that fails leaves the message to JavaScript, with the same tokens", () => {
  const tokenizer = new Tokenizer(catalogs.bench);
  const plain = new Tokenizer(catalogs.bench);
  plain.kernel = null;
  const kernel = /** @type {import("../src/kernel.js").Kernel} */ (tokenizer.kernel);
  kernel.copy = "builtins";
  kernel.copier = () => { throw new RangeError("array too long"); };
  // Messages over 24 units go through the copier; shorter ones are copied by a loop.
  const long = "今天".repeat(40);
  for (const m of ["[表情5]今天😀" + long, long + "ok 👍🏽 [不存在1]", long]) {
    assert.equal(kernel.tokenize(m, tokenizer.maxTagBytes), null);
    const through = tokenizer.tokenize(m), expected = plain.tokenize(m);
    assert.deepEqual(Array.from(through.runs.subarray(0, 2 * through.length + 1)), Array.from(expected.runs.subarray(0, 2 * expected.length + 1)));
  }
});

test("the kernel over messages of thousands of units, with tags and emoji at every offset of its vectors", () => {
  const next = random(11);
  const pieces = ["今天", "ok", " ", "[表情5]", "[表情123]", "[不存在1]", "😀", "👍🏽", "🇨🇳", "❤️", "\n", "[" + "长".repeat(40) + "]"];
  const messages = [];
  for (let round = 0; round < 40; round++) {
    let m = "";
    const length = 3000 + (next() % 20000);
    while (m.length < length) m += pieces[next() % pieces.length];
    messages.push(m);
  }
  const share = compare(catalogs.bench, messages);
  assert.equal(share, 1, "every long message is decided by the kernel");
});

test("a message cut inside a key, after the whole one, is tokenized as JavaScript does: nothing past its end counts", () => {
  // The kernel keeps its text's place between messages, so what a longer message left there follows a shorter one.
  const pieces = ["[表情5]", "[表情123]", "👍🏽", "1️⃣", "#⃣", "🇨🇳", "❤️", "👨‍👩‍👧‍👦", "/::)", "/微笑", ":smile:", "[微笑]"];
  for (const catalog of [catalogs.bench, catalogs.codesFirst]) {
    const messages = [];
    for (const filler of [0, 3, 20, 21, 60, 61, 200]) {
      const before = "今天ok".repeat(filler).slice(0, filler);
      for (const piece of pieces) {
        const whole = before + piece + "好的";
        for (let cut = before.length; cut < whole.length; cut++) messages.push(whole, whole.slice(0, cut));
      }
    }
    // A message that makes the kernel place its text again and grow its memory, then the short ones once more.
    const huge = "[表情5]今天👍🏽".repeat(400_000);
    messages.push(huge, huge.slice(0, 3), ...messages.slice(0, 40));
    assert.equal(compare(catalog, messages), 1, "every message is decided by the kernel");
  }
});

test("ideographs and letters of other planes beside tags and emoji: the filter passes over them, the runs are JavaScript's", () => {
  // Their high surrogates are outside the vector filter; an emoji's (U+D83C to U+D83E) and a tag's '[' are not.
  const pieces = ["\u{20000}", "\u{20bb7}", "\u{2a6a5}", "\u{1d400}", "\u{13000}", "\u{1f000}", "\u{1fbf0}", "\u{e0100}",
    "\u{f0000}", "\u{10fffd}", "\ufe0e", "\ufe10", "\uff01", "\u3297\ufe0f", "\u3299", "\u3030", "[表情5]", "[哈哈]", "😀",
    "👍🏽", "🤣", "🥲", "🪿", "🀄", "今天", " "];
  const messages = mixes(19, pieces, 2000, 1, 30);
  const share = compare(catalogs.vectors, messages);
  // A scalar of planes 2 and up next to a candidate sends its message to JavaScript; the rest are decided.
  assert.ok(share > 0.3, `the kernel decided ${(share * 100).toFixed(1)}% of the mixes`);
  assert.equal(compare(catalogs.bench, messages.filter((m) => !/[\u{20000}-\u{10ffff}]/u.test(m))), 1);
});

test("runs of regional indicators pair as JavaScript pairs them, and long runs of hostile units are scanned once", () => {
  // The kernel remembers the run it walked back over last; each message starts afresh, and a long run is walked once.
  const pieces = ["🇨", "🇳", "🇨🇳", "\u{1f1e6}\u{1f1e6}", "\u{1f1fa}", "a", "今", "\u200d", "🏽", "\u0301", "[表情5]", "😀",
    "\ufe0f", "\r\n", "1️⃣"];
  const next = random(23);
  const messages = [];
  for (let round = 0; round < 3000; round++) {
    let m = "";
    for (let p = 0; p < 1 + (next() % 40); p++) {
      const piece = pieces[next() % pieces.length];
      m += next() % 4 === 0 ? piece : piece.startsWith("\ud83c") ? piece.repeat(1 + (next() % 9)) : piece;
    }
    messages.push(m);
  }
  for (const catalog of [catalogs.vectors, catalogs.bench, catalogs.codesFirst]) {
    assert.ok(compare(catalog, messages) > 0.95, "the kernel decides the runs");
  }
  // Long runs in a child process stopped after a minute: 300,000 flags (walking the whole run back for each flag
  // would take tens of billions of steps), and 200,000 of each hostile unit with both scans; together a few seconds.
  const script = `
    import { readFileSync } from "node:fs";
    import { Catalog, Tokenizer } from ${JSON.stringify(new URL("../src/index.js", here).href)};
    const load = (name) => new Uint8Array(readFileSync(new URL(name, ${JSON.stringify(new URL("fixtures/", here).href)})));
    const flags = "🇨🇳".repeat(300000);
    const units = ["\\u{1f1e6}\\u{1f1e6}", "\\u{1f1e6}\\u{1f1e6}x", "\\u{1f3fb}", "\\u200d😀", "\\u0600😀", "[", "[表情1", ":",
      ":smile", "/", "/微笑x", "1\\u20e3", "1\\ufe0f", "\\ufe0f", "\\u200d", "\\ud83d", "\\ude00", "\\u0915\\u094d", "\\u1100", "\\r"];
    const sets = [
      [["bench-1000.pack", "emoji.pack"], [flags, "a" + flags, "🇨" + flags, flags + "x" + flags.slice(0, 9)]],
      [["bench-1000.pack", "emoji.pack"], units.map((u) => "a" + u.repeat(200000) + "😀")],
      [["codes.pack", "default.pack", "emoji.pack"], units.map((u) => "a" + u.repeat(200000) + "😀")],
    ];
    for (const [names, messages] of sets) {
      const catalog = Catalog.open(names.map(load));
      const kernel = new Tokenizer(catalog), plain = new Tokenizer(catalog);
      plain.kernel = null;
      for (const m of messages) {
        const runs = kernel.kernel.tokenize(m, kernel.maxTagBytes);
        const expected = plain.tokenize(m);
        if (runs !== null && runs.join() !== expected.runs.subarray(0, 2 * expected.length + 1).join()) {
          throw new Error("runs differ: " + JSON.stringify(m.slice(0, 12)));
        }
        if (runs === null && m.startsWith("🇨🇳")) throw new Error("declined");
      }
    }
    console.log("decided alike");`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { timeout: 60_000, encoding: "utf8" });
  assert.equal(child.signal, null, "the long runs took over a minute");
  assert.equal(child.stdout.trim(), "decided alike", child.stderr);
});
