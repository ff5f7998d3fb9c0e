// The example page: a chat with inline emoticons, an editable field and the keyboard, over the packs listed in
// packs.json (written by `emopack export PACK... --format web`).
import * as emopack from "./emopack/emopack.js";

const { Catalog, Tokenizer, renderMessage, EmoticonEditor, Animator, attachCopyHandler, defineKeyboardElement } = emopack;

const manifest = await (await fetch("packs.json")).json();
const buffers = await Promise.all(manifest.packs.map(async (p) => (await fetch(p.file)).arrayBuffer()));
const catalog = Catalog.open(buffers);
// Two packs defining one tag: the earlier tab's emoticon wins everywhere (docs/WEB.md).
for (const c of catalog.collisions()) console.warn(`${c.tag}: '${c.winner}' shadows '${c.shadowed}'`);
const tokenizer = new Tokenizer(catalog);
const sheetURLs = manifest.packs.map((p) => p.sheets);
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
const options = { catalog, sheetURLs, ratio: devicePixelRatio || 1, size: 24, reducedMotion };
const animator = new Animator(window);

const messages = document.getElementById("messages");
attachCopyHandler(messages);
/** Appends a message to the list. */
function show(text) {
  const li = document.createElement("li");
  li.appendChild(renderMessage(document, tokenizer, text, options, animator));
  messages.appendChild(li);
  return li;
}

const field = document.getElementById("field");
const editor = new EmoticonEditor(field, tokenizer, options);
document.getElementById("send").addEventListener("click", () => {
  if (editor.source) show(editor.source);
  editor.source = "";
});

defineKeyboardElement(window);
const keyboard = document.getElementById("keyboard");
keyboard.sheetURLs = sheetURLs;
keyboard.catalog = catalog;
keyboard.build();
keyboard.addEventListener("emoticon", (e) => { field.focus(); editor.insert(e.detail.text); });
keyboard.addEventListener("delete", () => { field.focus(); editor.deleteBackward(); });

// A first message: the text given in the page's address (?m=…), else every pack's first emoticons.
const given = new URLSearchParams(location.search).get("m");
const sample = given ?? manifest.packs.map((_, p) => {
  const pack = catalog.packs[p];
  const out = [];
  for (let e = 0; e < Math.min(3, pack.entryCount); e++) out.push(catalog.emoticon({ pack: p, entry: e }).insertionText);
  return out.join("");
}).join(" ");
show(sample);
window.emopackExample = { catalog, tokenizer, editor, show, options, animator, keyboard, emopack };
document.documentElement.dataset.ready = "true";
