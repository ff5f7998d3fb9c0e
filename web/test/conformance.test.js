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
