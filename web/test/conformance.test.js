// Every conformance vector the Swift runtime wrote, reproduced by the module in Node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { checkTokenize, checkEdits, checkSearch, checkLayout, checkDamaged, checkCollisions, checkKernel } from "./conformance.js";

const here = new URL(".", import.meta.url);
const loadJSON = async (name) => JSON.parse(await readFile(new URL(name, here), "utf8"));
const loadBytes = async (name) => new Uint8Array(await readFile(new URL(name, here)));

for (const [name, check] of [
  ["tokens and grapheme clusters", checkTokenize], ["the delete key and the display model", checkEdits],
  ["search", checkSearch], ["animation timing and keyboard layout", checkLayout], ["damaged packs", checkDamaged],
  ["tag collisions", checkCollisions], ["the WebAssembly tokenizer kernel", checkKernel],
]) {
  test(`${name} agree with the Swift runtime`, async () => {
    const { count, failures } = await check(loadJSON, loadBytes);
    assert.ok(count > 0, "vectors were read");
    assert.deepEqual(failures, [], `${failures.length} disagreements (first 20 shown) of ${count}`);
  });
}

test("the module reads the format by the names of the generated format.js, never by a number", async () => {
  // Generated files aside (and the kernel's UTF-16 copy), every read of a pack's bytes names its field.
  const skip = new Set(["format.js", "kernel-wasm.js", "unicode-data.js", "kernel.js"]);
  const { readdir } = await import("node:fs/promises");
  const src = new URL("../src/", here);
  const reads = /\b(le16|le32|le64|getUint8|getUint16|getUint32|getInt8|getInt16|getInt32|getBigUint64|getFloat32|getFloat64)\(([^()]*(\([^()]*\))?[^()]*)\)/g;
  let checked = 0;
  const literal = [];
  for (const file of (await readdir(src)).filter((f) => f.endsWith(".js") && !skip.has(f))) {
    const text = await readFile(new URL(file, src), "utf8");
    for (const m of text.matchAll(reads)) {
      checked++;
      const offset = m[2].split(",")[0].replace(/[A-Za-z_$][\w$]*/g, "x");
      if (/\d/.test(offset)) literal.push(`${file}: ${m[0]}`);
    }
  }
  assert.ok(checked > 40, `only ${checked} reads found`);
  assert.deepEqual(literal, []);
});
