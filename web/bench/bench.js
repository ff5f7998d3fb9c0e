// The web runtime's figures in Node (docs/BENCHMARKS.md): tokenizing the dense chat corpus against a RegExp
// alternation of every key (the web form of the regex apps use), opening a 1,000-entry pack until the first
// look-up, and the module's size minified and gzipped. Run: node web/bench/bench.js [--quick]
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import os from "node:os";

// Loading the module builds its Unicode tables: timed first, in this fresh process.
const loadStarted = performance.now();
const { Catalog, Tokenizer, EmoticonText } = await import("../src/index.js");
const loadTime = performance.now() - loadStarted;

const quick = process.argv.includes("--quick");
const here = new URL(".", import.meta.url);
const fixture = async (name) => new Uint8Array(await readFile(new URL("../test/fixtures/" + name, here)));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];

// The corpus: the Swift bench's recipe (text, known and unknown tags, emoji with ZWJ and skin tones, newlines).
let seed = 99n;
const next = () => {
  seed = (seed + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
  let z = seed;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
  return Number((z ^ (z >> 31n)) % 1000000n);
};
const words = ["今天", "天气", "不错", "我们", "一起", "吃饭", "吧", "哈哈", "好的", "ok", "see you", "lol", "明天见", "，", "。", "！", " "];
const emojiChoices = ["😀", "😂", "👍🏽", "👨‍👩‍👧‍👦", "❤️", "❤", "🇨🇳", "🙏", "🔥", "👍🏿"];
const target = quick ? 200_000 : 2_000_000;
const pieces = [];
let bytes = 0;
while (bytes < target) {
  const r = next() % 100;
  let piece;
  if (r < 60) piece = words[next() % words.length];
  else if (r < 72) piece = `[表情${next() % 1000}]`;
  else if (r < 76) piece = `[不存在${next() % 50}]`;
  else if (r < 90) piece = emojiChoices[next() % 10];
  else piece = "\n";
  pieces.push(piece);
  bytes += Buffer.byteLength(piece);
}
const dense = pieces.join("");
// Messages: lines of 2–30 words; 30% carry a known tag, 5% an unknown one, 20% an emoji.
const lines = [];
let messageBytes = 0;
while (messageBytes < target) {
  let line = "";
  const count = 2 + (next() % 29);
  for (let k = 0; k < count; k++) line += words[next() % words.length];
  if (next() % 100 < 30) line += `[表情${next() % 1000}]`;
  if (next() % 100 < 5) line += `[不存在${next() % 50}]`;
  if (next() % 100 < 20) line += emojiChoices[next() % 10];
  lines.push(line + "\n");
  messageBytes += Buffer.byteLength(line) + 1;
}
const messages = lines.join("");

const benchBytes = await fixture("bench-1000.pack");
const emojiBytes = await fixture("emoji.pack");
const catalog = Catalog.open([benchBytes, emojiBytes]);
// The process's first Tokenizer also builds the tables every later one shares.
const firstStarted = performance.now();
const tokenizer = new Tokenizer(catalog);
const firstTokenizerTime = performance.now() - firstStarted;

// The RegExp alternation: every tag and every emoji (with and without U+FE0F), escaped, longest first.
const keys = [];
for (let e = 0; e < catalog.packs[0].entryCount; e++) keys.push(...catalog.packs[0].entry(e).tags);
for (let e = 0; e < catalog.packs[1].entryCount; e++) {
  const emoji = catalog.packs[1].entry(e).emoji;
  if (emoji) keys.push(emoji, emoji.replaceAll("\ufe0f", ""));
}
const unique = [...new Set(keys)].filter((k) => k.length > 0).sort((a, b) => b.length - a.length);
const alternation = new RegExp(unique.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "gu");
const regexTokens = (text) => {
  const out = [];
  for (const m of text.matchAll(alternation)) out.push([m.index, m.index + m[0].length]);
  return out;
};
const moduleTokens = (text) => {
  const tokens = tokenizer.tokenize(text);
  const out = [];
  for (let i = 0; i < tokens.length; i++) if (tokens.kind(i) !== "text") out.push([tokens.start(i), tokens.end(i)]);
  return out;
};

// Untimed rounds first: the engine tiers the RegExp up and the heap settles (the first rounds of either side can take
// several times as long as the rest).
const warmUp = quick ? 1 : 3;
const rounds = quick ? 3 : 15;
/**
 * Each side timed in turn, `rounds` times after `warmUp` untimed rounds: each side's median in milliseconds.
 * @param {() => unknown} moduleSide @param {() => unknown} regexSide
 */
const mediansInTurn = (moduleSide, regexSide) => {
  for (let r = 0; r < warmUp; r++) {
    moduleSide();
    regexSide();
  }
  /** @type {{module: number[], regex: number[]}} */
  const times = { module: [], regex: [] };
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    moduleSide();
    times.module.push(performance.now() - t);
    t = performance.now();
    regexSide();
    times.regex.push(performance.now() - t);
  }
  return { module: median(times.module), regex: median(times.regex) };
};
/**
 * Each side timed on `text` in turn: the corpus's size in MB and each side's MB/s at its median.
 * @param {string} text @param {(text: string) => unknown} moduleSide @param {(text: string) => unknown} regexSide
 */
const ratesInTurn = (text, moduleSide, regexSide) => {
  const ms = mediansInTurn(() => moduleSide(text), () => regexSide(text));
  const mb = Buffer.byteLength(text) / 1048576;
  return { mb, moduleRate: mb / (ms.module / 1000), regexRate: mb / (ms.regex / 1000) };
};
/**
 * The module and the RegExp on one corpus, timed in turn: rows of MB/s, their ratio and the tokens that differ.
 * @param {string} name @param {string} text @param {string} target
 */
const timeCorpus = (name, text, target, sides = { moduleTokens, regexTokens, keys: unique.length }) => {
  const { moduleTokens, regexTokens } = sides;
  const a = moduleTokens(text);
  const b = regexTokens(text);
  const setB = new Set(b.map((x) => x.join(",")));
  let differing = Math.abs(a.length - b.length);
  for (const x of a) {
    if (!setB.has(x.join(","))) {
      if (differing === 0 && process.env.DEBUG) console.log("first differing token", x, JSON.stringify(text.slice(x[0] - 10, x[1] + 10)));
      differing++;
    }
  }
  const { mb, moduleRate, regexRate } = ratesInTurn(text, moduleTokens, regexTokens);
  rows.push([`tokenize ${name} corpus (${mb.toFixed(1)} MB, ${a.length} tokens): module`, moduleRate.toFixed(1), "MB/s", tokenizer.kernel ? "WebAssembly kernel" : "JavaScript"]);
  rows.push(["  RegExp alternation of every key, longest first", regexRate.toFixed(1), "MB/s", `${sides.keys} keys`]);
  rows.push(["  module / RegExp", (moduleRate / regexRate).toFixed(2), "×", `${target}tokens differing: ${differing}`]);
};
timeCorpus("dense", dense, "target ≥ 2; ");

// The dense corpus as the browser bench page times it: each side counts the tokens it finds and builds no pairs.
// Above, the pairs (one small array for each of the corpus's tokens, and collecting them) are timed on both sides.
{
  const countModule = (/** @type {string} */ text) => {
    const tokens = tokenizer.tokenize(text);
    let found = 0;
    for (let i = 0; i < tokens.length; i++) if (tokens.kind(i) !== "text") found++;
    return found;
  };
  const countRegex = (/** @type {string} */ text) => {
    let found = 0;
    for (const _ of text.matchAll(alternation)) found++;
    return found;
  };
  const counts = [countModule(dense), countRegex(dense)];
  const { moduleRate, regexRate } = ratesInTurn(dense, countModule, countRegex);
  rows.push(["tokenize dense corpus, tokens counted (the browser bench page's form): module", moduleRate.toFixed(1), "MB/s", tokenizer.kernel ? "WebAssembly kernel" : "JavaScript"]);
  rows.push(["  RegExp alternation, matches counted", regexRate.toFixed(1), "MB/s", ""]);
  rows.push(["  module / RegExp", (moduleRate / regexRate).toFixed(2), "×", `tokens found: ${counts[0]} and ${counts[1]}`]);
}
timeCorpus("messages", messages, "");

// One message at a time, as a chat view tokenizes: the messages corpus's lines, each the module's tokens against the
// same alternation's matches by `exec` from `lastIndex` 0 (`matchAll` would clone the RegExp for every message). Both
// count what they find; the tokens themselves are compared once, untimed.
{
  const each = lines.map((line) => line.slice(0, -1));
  const moduleCount = () => {
    let found = 0;
    for (const line of each) {
      const tokens = tokenizer.tokenize(line);
      for (let i = 0; i < tokens.length; i++) if (tokens.kind(i) !== "text") found++;
    }
    return found;
  };
  const regexCount = () => {
    let found = 0;
    for (const line of each) {
      alternation.lastIndex = 0;
      while (alternation.exec(line) !== null) found++;
    }
    return found;
  };
  let differing = 0;
  for (const line of each) {
    const a = moduleTokens(line).join(" ");
    alternation.lastIndex = 0;
    const b = [];
    for (let m; (m = alternation.exec(line)) !== null; ) b.push([m.index, m.index + m[0].length]);
    if (a !== b.join(" ")) differing++;
  }
  const ms = mediansInTurn(moduleCount, regexCount);
  const perMessage = (/** @type {number} */ x) => (x * 1e6) / each.length;
  const units = each.reduce((sum, line) => sum + line.length, 0) / each.length;
  rows.push([`tokenize one message at a time (${each.length} messages, ${units.toFixed(0)} units each on average): module`, perMessage(ms.module).toFixed(0), "ns a message", tokenizer.kernel ? "WebAssembly kernel" : "JavaScript"]);
  rows.push(["  RegExp alternation, `exec` from `lastIndex` 0", perMessage(ms.regex).toFixed(0), "ns a message", ""]);
  rows.push(["  module / RegExp", (ms.regex / ms.module).toFixed(2), "×", `messages whose tokens differ: ${differing}`]);
}

// A catalog with legacy codes and shortcodes (WeChat's `/::)`, NetEase's `/微笑`, `:smile:`) and emoji: the dense
// recipe with its keys, against the same kind of alternation (every tag, code, shortcode and emoji).
const codesCatalog = Catalog.open([await fixture("codes.pack"), emojiBytes]);
const codesTokenizer = new Tokenizer(codesCatalog);
const codesKeys = [];
for (let e = 0; e < codesCatalog.packs[0].entryCount; e++) codesKeys.push(...codesCatalog.packs[0].entry(e).tags, ...codesCatalog.packs[0].entry(e).codes);
const codesPieces = pieces.map((piece) => (piece.startsWith("[表情") ? codesKeys[next() % codesKeys.length] : piece));
for (let e = 0; e < codesCatalog.packs[1].entryCount; e++) {
  const emoji = codesCatalog.packs[1].entry(e).emoji;
  if (emoji) codesKeys.push(emoji, emoji.replaceAll("\ufe0f", ""));
}
const codesUnique = [...new Set(codesKeys)].filter((k) => k.length > 0).sort((a, b) => b.length - a.length);
const codesAlternation = new RegExp(codesUnique.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "gu");
timeCorpus("codes", codesPieces.join(""), "", {
  moduleTokens: (text) => {
    const tokens = codesTokenizer.tokenize(text);
    const out = [];
    for (let i = 0; i < tokens.length; i++) if (tokens.kind(i) !== "text") out.push([tokens.start(i), tokens.end(i)]);
    return out;
  },
  regexTokens: (text) => Array.from(text.matchAll(codesAlternation), (m) => [m.index, m.index + m[0].length]),
  keys: codesUnique.length,
});
rows[rows.length - 3][3] = codesTokenizer.kernel ? "WebAssembly kernel" : "JavaScript";

// Editing: an `EmoticonText` over the dense corpus (1 MB and more) against one over a short message, the same edit at
// the end of each timed in turn (a tag typed, then the delete key), as the Swift bench times its model.
{
  const long = new EmoticonText(dense, tokenizer);
  const short = new EmoticonText(dense.slice(0, 36), tokenizer);
  /** @param {InstanceType<typeof EmoticonText>} model @param {number} at where, or -1 for the end */
  const edit = (model, at = -1) => () => {
    for (let k = 0; k < 1000; k++) {
      const place = at < 0 ? model.length("source") : at;
      model.replace(place, place, "source", "[表情7]");
      model.deleteBackward(place + 5, "source"); // the tag, five units
    }
  };
  const ms = mediansInTurn(edit(long), edit(short));
  const middle = mediansInTurn(edit(long, long.toSource(dense.length >> 1, "source", false)), edit(short));
  if (long.source !== dense) throw new Error("the long model lost its text");
  const mb = (Buffer.byteLength(dense) / 1048576).toFixed(1);
  rows.push([`EmoticonText: a tag typed and deleted at the end of ${mb} MB`, ms.module.toFixed(1), "µs", ""]);
  rows.push(["  the same at the end of a 36-unit message", ms.regex.toFixed(1), "µs", ""]);
  rows.push(["  long / short", (ms.module / ms.regex).toFixed(2), "×", "the Swift model's target: ≤ 2"]);
  rows.push([`  the same in the middle of ${mb} MB (the chunks after it move)`, middle.module.toFixed(1), "µs", ""]);
}

// Opening: PackFile over the ArrayBuffer, a Catalog, the first look-up; then the tokenizer's index.
const openTimes = [];
const tokenizerTimes = [];
for (let r = 0; r < (quick ? 20 : 200); r++) {
  const copy = benchBytes.slice().buffer;
  const t = performance.now();
  const c = Catalog.open([copy]);
  if (!c.lookupTag("[表情999]")) throw new Error("look-up failed");
  openTimes.push(performance.now() - t);
  const u = performance.now();
  new Tokenizer(c).tokenize("[表情1]");
  tokenizerTimes.push(performance.now() - u);
}
rows.push(["load the module (parse, build its Unicode tables)", loadTime.toFixed(1), "ms", "once per page"]);
rows.push(["  the first Tokenizer (1,000 tags and the emoji pack; the kernel's shared tables)", firstTokenizerTime.toFixed(1), "ms", "once per page"]);
rows.push(["open 1,000 entries from an ArrayBuffer, to the first look-up", median(openTimes).toFixed(3), "ms", "target < 5"]);
rows.push(["  then a Tokenizer and its first message", median(tokenizerTimes).toFixed(3), "ms", ""]);

// Cold start, each run in a fresh process: the module loaded, a Tokenizer made and one message tokenized, against
// the RegExp built from the same keys (read as JSON, an app's key list) and matched over the message. Packs and keys
// are read before the clock starts on either side.
{
  const message = "今天天气不错[表情12]一起吃饭吧😀👍🏽";
  const work = await mkdtemp(os.tmpdir() + "/emopack-bench-");
  const keysFile = work + "/keys.json";
  await writeFile(keysFile, JSON.stringify(unique));
  const moduleScript = `
    import { readFileSync } from "node:fs";
    const packs = ${JSON.stringify(["bench-1000.pack", "emoji.pack"].map((n) => new URL("../test/fixtures/" + n, here).pathname))}
      .map((path) => new Uint8Array(readFileSync(path)));
    const t0 = performance.now();
    const { Catalog, Tokenizer } = await import(${JSON.stringify(new URL("../src/index.js", here).href)});
    const t1 = performance.now();
    const tokenizer = new Tokenizer(Catalog.open(packs));
    await tokenizer.ready;
    const t2 = performance.now();
    const tokens = tokenizer.tokenize(${JSON.stringify(message)});
    let found = 0;
    for (let i = 0; i < tokens.length; i++) if (tokens.kind(i) !== "text") found++;
    const t3 = performance.now();
    console.log(JSON.stringify({ load: t1 - t0, tokenizer: t2 - t1, first: t3 - t2, total: t3 - t0, found }));`;
  const regexScript = `
    import { readFileSync } from "node:fs";
    const text = readFileSync(${JSON.stringify(keysFile)}, "utf8");
    const t0 = performance.now();
    const keys = JSON.parse(text);
    const alternation = new RegExp(keys.map((k) => k.replace(/[.*+?^\${}()|[\\]\\\\]/g, "\\\\$&")).join("|"), "gu");
    let found = 0;
    for (const _ of ${JSON.stringify(message)}.matchAll(alternation)) found++;
    console.log(JSON.stringify({ total: performance.now() - t0, found }));`;
  /** @param {string} script */
  const fresh = (script) => JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
  /** @type {{load: number, tokenizer: number, first: number, total: number, found: number}[]} */
  const moduleRuns = [];
  /** @type {{total: number, found: number}[]} */
  const regexRuns = [];
  for (let r = 0; r < (quick ? 3 : 9); r++) {
    moduleRuns.push(fresh(moduleScript));
    regexRuns.push(fresh(regexScript));
  }
  await rm(work, { recursive: true });
  /** @param {number[]} xs */
  const ms = (xs) => median(xs).toFixed(1);
  const moduleTotal = median(moduleRuns.map((x) => x.total)), regexTotal = median(regexRuns.map((x) => x.total));
  rows.push(["cold start in a fresh process, to a message's tokens: module", moduleTotal.toFixed(1), "ms", `load ${ms(moduleRuns.map((x) => x.load))}, Tokenizer ${ms(moduleRuns.map((x) => x.tokenizer))}, first message ${ms(moduleRuns.map((x) => x.first))} (medians of ${moduleRuns.length})`]);
  rows.push(["  RegExp alternation from the key list (JSON), then the message", regexTotal.toFixed(1), "ms", `${unique.length} keys`]);
  rows.push(["  module / RegExp", (moduleTotal / regexTotal).toFixed(2), "×", `tokens found: ${moduleRuns[0].found} and ${regexRuns[0].found}`]);
}

// Size: minified and gzipped with esbuild.
try {
  const bundle = execFileSync("esbuild", [new URL("../src/index.js", here).pathname, "--bundle", "--minify", "--format=esm", "--log-level=error"]);
  rows.push(["module, minified (esbuild)", (bundle.length / 1024).toFixed(1), "KiB", ""]);
  rows.push(["module, minified and gzipped", (gzipSync(bundle, { level: 9 }).length / 1024).toFixed(1), "KiB", "aim < 30"]);
} catch (e) {
  rows.push(["module size", "—", "", `esbuild not found: ${String(e).slice(0, 60)}`]);
}

console.log(`## Web runtime (Node ${process.versions.node}, ${os.cpus()[0]?.model ?? "unknown processor"})`);
console.log("| figure | value | unit | note |\n|---|---|---|---|");
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
