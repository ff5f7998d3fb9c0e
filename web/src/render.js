// @ts-check
// Messages in the DOM: emoticons drawn from their sheets at the device's scale (trimmed sprites placed back in their
// square), emoji as text or images, animations played at each frame's delay; copy gives the source text back; an
// editable field whose delete key removes whole tags, codes and emoji clusters.
import { EmoticonText } from "./text.js";
import { PackError } from "./pack.js";

/** @typedef {import("./catalog.js").Catalog} Catalog */
/** @typedef {import("./tokenizer.js").Tokenizer} Tokenizer */
/** @typedef {import("./catalog.js").EmoticonRef} EmoticonRef */
/** @typedef {import("./pack.js").Placement} Placement */

/**
 * The scale to draw at for a device pixel ratio: the smallest the pack has at or above it, else its largest.
 * @param {number[]} scales
 * @param {number} ratio
 */
export function chooseScale(scales, ratio) {
  for (const s of scales) if (s >= ratio - 1e-6) return s;
  return scales[scales.length - 1] ?? 1;
}

/**
 * Where a pack's sheets are: `urls[pack][sheet]`, in the order of each pack's sheet records.
 * @typedef {{catalog: Catalog, sheetURLs: string[][], ratio?: number, size?: number, emojiAsImages?: boolean, reducedMotion?: boolean}} RenderOptions
 */

/**
 * Draws placement `p` of `pack` (at scale index `k`) into `sprite`, for a square of `size` CSS pixels.
 * @param {HTMLElement} sprite
 * @param {import("./pack.js").PackFile} pack
 * @param {Placement} p
 * @param {number} k
 * @param {number} size
 * @param {string[]} urls
 */
function place(sprite, pack, p, k, size, urls) {
  const url = urls?.[p.sheet];
  if (typeof url !== "string") throw new RangeError(`sheetURLs has no URL for sheet ${p.sheet} of pack '${pack.id}'`);
  const sheet = pack.sheet(p.sheet);
  const unit = size / (pack.pointSize * pack.scales[k]);
  const style = sprite.style;
  style.display = p.width > 0 ? "block" : "none";
  style.left = `${p.left * unit}px`;
  style.top = `${p.top * unit}px`;
  style.width = `${p.width * unit}px`;
  style.height = `${p.height * unit}px`;
  style.backgroundImage = `url("${url}")`;
  style.backgroundPosition = `${-p.x * unit}px ${-p.y * unit}px`;
  style.backgroundSize = `${sheet.width * unit}px ${sheet.height * unit}px`;
  sprite.dataset.sheet = String(p.sheet);
  sprite.dataset.x = String(p.x);
  sprite.dataset.y = String(p.y);
}

/**
 * An emoticon as an inline image: a square of `size` CSS pixels (the pack's point size by default) holding its
 * sprite, labelled for screen readers, carrying its source text for copy. A `PackError` when its entry or placement
 * cannot be read, a RangeError when `sheetURLs` lacks its sheet.
 * @param {Document} doc
 * @param {EmoticonRef} ref
 * @param {string} source the text it stands for (the tag or emoji as typed)
 * @param {RenderOptions} o
 * @param {Animator} [animator]
 */
export function emoticonElement(doc, ref, source, o, animator) {
  const catalog = o.catalog;
  const pack = catalog.packs[ref.pack];
  const entry = pack.entry(ref.entry);
  const size = o.size ?? pack.pointSize;
  const k = pack.scales.indexOf(chooseScale(pack.scales, o.ratio ?? 1));
  const box = doc.createElement("span");
  box.className = "emopack-emoticon";
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", catalog.accessibilityLabel(ref) ?? source);
  box.title = source;
  box.dataset.source = source;
  box.dataset.pack = String(ref.pack);
  box.dataset.entry = String(ref.entry);
  box.contentEditable = "false";
  Object.assign(box.style, {
    display: "inline-block", position: "relative", width: `${size}px`, height: `${size}px`,
    verticalAlign: "text-bottom", overflow: "hidden",
  });
  const sprite = doc.createElement("i");
  Object.assign(sprite.style, { position: "absolute", backgroundRepeat: "no-repeat" });
  box.appendChild(sprite);
  if (entry.image !== null) place(sprite, pack, pack.placement(entry.image, k), k, size, o.sheetURLs[ref.pack]);
  const animation = catalog.animation(ref);
  if (animation && animator && !o.reducedMotion) {
    animator.add(box, animation, (frame) => {
      box.dataset.frame = String(frame);
      place(sprite, pack, pack.placement(animation.images[frame], k), k, size, o.sheetURLs[ref.pack]);
    });
  }
  return box;
}

/**
 * Plays animations from one timer: each frame for its own delay, `loopCount` plays (0: forever), then the last
 * frame. Stops itself when nothing is left to change; an animation whose frame cannot be drawn stops there alone.
 */
export class Animator {
  /**
   * @param {Window} win
   */
  constructor(win) {
    this.win = win;
    /** @type {{element: Element, animation: import("./catalog.js").EmoticonAnimation, draw: (frame: number) => void, start: number, frame: number}[]} */
    this.items = [];
    /** @type {number|null} */
    this.timer = null;
  }

  /**
   * @param {Element} element
   * @param {import("./catalog.js").EmoticonAnimation} animation
   * @param {(frame: number) => void} draw
   */
  add(element, animation, draw) {
    const start = this.win.performance.now();
    try { draw(0); } catch { return; }
    this.items.push({ element, animation, draw, start, frame: 0 });
    this.schedule();
  }

  /** Draws what changed and waits for the next change. */
  tick() {
    this.timer = null;
    const now = this.win.performance.now();
    // A frame that cannot be drawn (a damaged placement) stops that animation where it is, not the others.
    this.items = this.items.filter((it) => {
      if (!it.element.isConnected) return false;
      const f = it.animation.frameAt(now - it.start);
      if (f === it.frame) return true;
      it.frame = f;
      try { it.draw(f); } catch { return false; }
      return true;
    });
    this.schedule();
  }

  schedule() {
    if (this.timer !== null) return;
    const now = this.win.performance.now();
    let soonest = Infinity;
    for (const it of this.items) {
      const next = it.animation.nextChange(now - it.start);
      if (next !== null) soonest = Math.min(soonest, it.start + next);
    }
    if (soonest === Infinity) return;
    this.timer = this.win.setTimeout(() => this.tick(), Math.max(0, soonest - now));
  }

  stop() {
    if (this.timer !== null) this.win.clearTimeout(this.timer);
    this.timer = null;
    this.items = [];
  }
}

/**
 * `message` as DOM nodes: text, and each emoticon (and, with `emojiAsImages`, each emoji that has an image) as
 * an inline image.
 * @param {Document} doc
 * @param {Tokenizer} tokenizer
 * @param {string} message
 * @param {RenderOptions} o
 * @param {Animator} [animator]
 */
export function renderMessage(doc, tokenizer, message, o, animator) {
  const out = doc.createDocumentFragment();
  const tokens = tokenizer.tokenize(message);
  for (let i = 0; i < tokens.length; i++) {
    const ref = tokens.ref(i);
    const kind = tokens.kind(i);
    const image = ref !== null && (kind === "emoticon" || (o.emojiAsImages && o.catalog.packs[ref.pack].entryHasImage(ref.entry)));
    out.appendChild((ref && image && drawn(doc, ref, tokens.text(i), o, animator)) || doc.createTextNode(tokens.text(i)));
  }
  return out;
}

/**
 * `emoticonElement`, or null for an emoticon that cannot be drawn (a damaged entry or placement, a sheet without a
 * URL): the message shows its text there instead of failing whole.
 * @param {Document} doc
 * @param {EmoticonRef} ref
 * @param {string} source
 * @param {RenderOptions} o
 * @param {Animator} [animator]
 */
function drawn(doc, ref, source, o, animator) {
  try {
    return emoticonElement(doc, ref, source, o, animator);
  } catch (e) {
    if (e instanceof PackError || e instanceof RangeError) return null;
    throw e;
  }
}

/**
 * An emoticon the editor cannot draw: its text in one uneditable element, which the editor's offsets count as one
 * unit as they count an image, and copy gives back as its source.
 * @param {Document} doc
 * @param {string} source
 */
function standIn(doc, source) {
  const box = doc.createElement("span");
  box.className = "emopack-undrawn";
  box.dataset.source = source;
  box.contentEditable = "false";
  box.textContent = source;
  return box;
}

/**
 * The source text of what `range` covers inside `root`: emoticons give the text they stand for.
 * @param {Range} range
 */
export function sourceTextOf(range) {
  const fragment = range.cloneContents();
  /**
   * @param {Node} node
   * @returns {string}
   */
  const text = (node) => {
    if (node.nodeType === 3) return node.nodeValue ?? "";
    const el = /** @type {HTMLElement} */ (node);
    if (el.dataset && el.dataset.source !== undefined) return el.dataset.source;
    let s = "";
    node.childNodes.forEach((c) => { s += text(c); });
    return s;
  };
  return text(fragment);
}

/**
 * Copy and cut inside `root` put the source text (tags, codes, emoji as typed) on the clipboard.
 * @param {HTMLElement} root
 */
export function attachCopyHandler(root) {
  /**
   * @param {ClipboardEvent} e
   */
  const handler = (e) => {
    const selection = root.ownerDocument.getSelection();
    if (!selection || selection.rangeCount === 0 || !e.clipboardData) return;
    const range = selection.getRangeAt(0);
    if (!root.contains(range.commonAncestorContainer)) return;
    e.clipboardData.setData("text/plain", sourceTextOf(range));
    e.preventDefault();
  };
  root.addEventListener("copy", handler);
  return handler;
}

/**
 * An editable field over `EmoticonText`: what is typed or pasted is tokenized as it arrives, emoticons show as
 * images, the delete key removes a whole tag, code or emoji cluster, and `source` is what to send.
 */
export class EmoticonEditor {
  /**
   * @param {HTMLElement} element a `contenteditable` element
   * @param {Tokenizer} tokenizer
   * @param {RenderOptions} options
   */
  constructor(element, tokenizer, options) {
    this.element = element;
    this.tokenizer = tokenizer;
    this.options = options;
    this.model = new EmoticonText("", tokenizer, { emojiAsImages: options.emojiAsImages });
    element.contentEditable = "true";
    element.setAttribute("role", "textbox");
    element.setAttribute("aria-multiline", "true");
    element.addEventListener("beforeinput", (e) => this.onBeforeInput(/** @type {InputEvent} */ (e)));
    element.addEventListener("input", () => this.resync());
    attachCopyHandler(element);
    element.addEventListener("cut", (e) => {
      const [a, b] = this.selection();
      if (a === b) return;
      e.preventDefault();
      e.clipboardData?.setData("text/plain", this.model.sourceText(a, b, "display"));
      this.edit(this.model.replace(a, b, "display", ""));
    });
    this.render(0);
  }

  /** The source text: what is sent. */
  get source() { return this.model.source; }

  /**
   * @param {string} text
   */
  set source(text) {
    this.model.setSource(text);
    this.render(this.model.displayLength);
  }

  /** The selection as display offsets. @returns {[number, number]} */
  selection() {
    const sel = this.element.ownerDocument.getSelection();
    if (!sel || sel.rangeCount === 0) return [this.model.displayLength, this.model.displayLength];
    const r = sel.getRangeAt(0);
    const a = this.offsetOf(r.startContainer, r.startOffset);
    const b = this.offsetOf(r.endContainer, r.endOffset);
    return [Math.min(a, b), Math.max(a, b)];
  }

  /**
   * The display offset of a DOM position inside the field (an emoticon counts one).
   * @param {Node} container
   * @param {number} offset
   */
  offsetOf(container, offset) {
    let total = 0;
    for (const child of Array.from(this.element.childNodes)) {
      if (container === this.element && this.element.childNodes[offset] === child) return total;
      if (child === container || child.contains(container)) {
        if (child.nodeType === 3) return total + offset;
        return total + (offset > 0 ? 1 : 0);
      }
      total += child.nodeType === 3 ? (child.nodeValue ?? "").length : 1;
    }
    return total;
  }

  /**
   * @param {InputEvent} e
   */
  onBeforeInput(e) {
    const [a, b] = this.selection();
    switch (e.inputType) {
      case "deleteContentBackward":
      case "deleteWordBackward":
        e.preventDefault();
        this.edit(this.model.deleteBackward(a, "display", b));
        return;
      case "deleteContentForward": {
        e.preventDefault();
        const [, end] = a === b ? this.model.wholeTokens(a, Math.min(a + 1, this.model.displayLength), "display") : [a, b];
        this.edit(this.model.replace(a, end, "display", ""));
        return;
      }
      case "insertText":
      case "insertReplacementText":
      case "insertFromPaste":
      case "insertFromDrop":
      case "insertLineBreak":
      case "insertParagraph": {
        const text = e.inputType === "insertLineBreak" || e.inputType === "insertParagraph"
          ? "\n" : e.data ?? e.dataTransfer?.getData("text/plain") ?? "";
        e.preventDefault();
        this.edit(this.model.replace(a, b, "display", text));
        return;
      }
      default:
        // Composition and the rest happen natively; `input` brings the model back in step.
    }
  }

  /**
   * Inserts plain text (an emoticon's insertion text, say) at the selection.
   * @param {string} text
   */
  insert(text) {
    const [a, b] = this.selection();
    this.edit(this.model.replace(a, b, "display", text));
  }

  /** The delete key, as the keyboard's delete cell presses it. */
  deleteBackward() {
    const [a, b] = this.selection();
    this.edit(this.model.deleteBackward(a, "display", b));
  }

  /**
   * @param {{display: {cursor: number}}} change
   */
  edit(change) {
    this.render(change.display.cursor);
    this.element.dispatchEvent(new Event("emopack-change"));
  }

  /** Reads the field back after a native edit (composition) and renders it again. */
  resync() {
    const range = this.element.ownerDocument.createRange();
    range.selectNodeContents(this.element);
    const [, cursor] = this.selection();
    this.model.setSource(sourceTextOf(range));
    this.render(Math.min(cursor, this.model.displayLength));
  }

  /**
   * @param {number} cursor a display offset
   */
  render(cursor) {
    const doc = this.element.ownerDocument;
    this.element.replaceChildren();
    for (const run of this.model.displayRuns) {
      if ("text" in run) this.element.appendChild(doc.createTextNode(run.text));
      else this.element.appendChild(drawn(doc, run.ref, run.source, this.options) ?? standIn(doc, run.source));
    }
    // The caret at `cursor`.
    let left = cursor;
    const sel = doc.getSelection();
    if (!sel || doc.activeElement !== this.element) return;
    const range = doc.createRange();
    for (const child of Array.from(this.element.childNodes)) {
      const n = child.nodeType === 3 ? (child.nodeValue ?? "").length : 1;
      if (left <= n && child.nodeType === 3) { range.setStart(child, left); break; }
      if (left === 0) { range.setStartBefore(child); break; }
      left -= n;
      if (left === 0) { range.setStartAfter(child); break; }
    }
    if (this.element.childNodes.length === 0) range.setStart(this.element, 0);
    range.collapse(true);
    sel.removeAllRanges();
    sel.addRange(range);
  }
}
