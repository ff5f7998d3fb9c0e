// @ts-check
// Packs together: look-ups by tag, code and emoji, emoticon details, collisions, animations (docs/WEB.md).
import { PackFile } from "./pack.js";
import { nfc } from "./unicode.js";
import { bytesArg, refArg, stringArg } from "./args.js";

/** @typedef {{pack: number, entry: number}} EmoticonRef */

/**
 * @param {EmoticonRef} ref
 */
const refKey = (ref) => ref.pack * 0x100000000 + ref.entry;

/** Packs in tab order. */
export class Catalog {
  /**
   * @param {PackFile[]} packs
   */
  constructor(packs) {
    if (!Array.isArray(packs)) {
      throw new TypeError("new Catalog(packs): expected an array of PackFile (Catalog.open takes bytes)");
    }
    this.packs = packs;
  }

  /**
   * Opens packs from their bytes, in tab order.
   * @param {(ArrayBuffer|Uint8Array)[]} buffers
   */
  static open(buffers) {
    if (buffers === null || typeof buffers !== "object" || !(Symbol.iterator in buffers)) {
      throw new TypeError("Catalog.open(buffers): expected an array of packs' bytes (ArrayBuffer or Uint8Array)");
    }
    return new Catalog(Array.from(buffers, (b, i) => new PackFile(bytesArg(b, `Catalog.open(buffers), buffers[${i}]`))));
  }

  /**
   * Every tag claimed by more than one pack, as Swift's `Catalog.collisions()`: the tag, the pack it resolves to
   * (the first in tab order) and the pack whose entry it shadows. It walks every tag: call it once (the example
   * page and `<emopack-keyboard>` log what it finds).
   * @returns {{tag: string, winner: string, shadowed: string}[]}
   */
  collisions() {
    /** @type {Map<string, string>} */
    const owner = new Map();
    const out = [];
    for (const p of this.packs) {
      for (let i = 0; i < p.entryCount; i++) {
        let tags;
        try { tags = p.entry(i).tags; } catch { continue; }
        for (const tag of tags) {
          const first = owner.get(tag);
          if (first === undefined) owner.set(tag, p.id);
          else if (first !== p.id) out.push({ tag, winner: first, shadowed: p.id });
        }
      }
    }
    return out;
  }

  /**
   * The emoticon for a tag or code (any canonically equivalent spelling of a tag), or null.
   * @param {string} tag
   * @returns {EmoticonRef|null}
   */
  lookupTag(tag) {
    stringArg(tag, "Catalog.lookupTag(tag)");
    for (let p = 0; p < this.packs.length; p++) {
      const e = this.packs[p].entryIndexForTag(tag);
      if (e !== null) return { pack: p, entry: e };
    }
    const composed = nfc(tag);
    if (composed === tag) return null;
    for (let p = 0; p < this.packs.length; p++) {
      const e = this.packs[p].entryIndexForTag(composed);
      if (e !== null) return { pack: p, entry: e };
    }
    return null;
  }

  /**
   * The entry standing for an emoji (variation selectors ignored), or null.
   * @param {string} emoji
   * @returns {EmoticonRef|null}
   */
  lookupEmoji(emoji) {
    stringArg(emoji, "Catalog.lookupEmoji(emoji)");
    for (let p = 0; p < this.packs.length; p++) {
      const e = this.packs[p].entryIndexForEmoji(emoji);
      if (e !== null) return { pack: p, entry: e };
    }
    return null;
  }

  /**
   * The pack `ref` names: a TypeError when it is no reference, a RangeError when the catalog has no such pack.
   * @private
   * @param {EmoticonRef} ref
   * @param {string} where
   */
  packOf(ref, where) {
    refArg(ref, where);
    const pack = this.packs[ref.pack];
    if (!pack) throw new RangeError(`${where}: pack ${ref.pack} requested of ${this.packs.length}`);
    return pack;
  }

  /**
   * An emoticon's details.
   * @param {EmoticonRef} ref
   */
  emoticon(ref) {
    const pack = this.packOf(ref, "Catalog.emoticon(ref)");
    const e = pack.entry(ref.entry);
    const insertionText = (e.insertsCode ? e.codes[0] ?? e.tags[0] : e.tags[0] ?? e.codes[0]) ?? e.emoji ?? "";
    return {
      ref, packId: pack.id, ...e, insertionText,
      image: e.image === null ? null : pack.image(e.image),
    };
  }

  /**
   * What a screen reader reads: the tag without brackets or colons, or the emoji.
   * @param {EmoticonRef} ref
   */
  accessibilityLabel(ref) {
    let e;
    try { e = this.emoticon(ref); } catch { return null; }
    const tag = e.tags[0];
    if (tag === undefined) return e.emoji;
    for (const [open, close] of [["[", "]"], [":", ":"]]) {
      if ([...tag].length > 2 && tag.startsWith(open) && tag.endsWith(close)) return tag.slice(1, -1);
    }
    return tag;
  }

  /**
   * The animation of `ref`, or null for a still.
   * @param {EmoticonRef} ref
   */
  animation(ref) {
    const pack = this.packOf(ref, "Catalog.animation(ref)");
    const a = pack.entry(ref.entry).animation;
    if (a === null) return null;
    const anim = pack.animation(a);
    let end = 0;
    const endTimes = anim.frames.map((f) => (end += f.duration));
    return new EmoticonAnimation(endTimes, anim.loopCount, anim.still, anim.frames.map((f) => f.image));
  }
}

/** An animation's timing: which frame shows when, playing `loopCount` times (0: forever). */
export class EmoticonAnimation {
  /**
   * @param {number[]} endTimes
   * @param {number} loopCount
   * @param {number} stillFrame
   * @param {number[]} [images]
   */
  constructor(endTimes, loopCount, stillFrame, images = []) {
    this.endTimes = endTimes;
    this.loopCount = loopCount;
    this.stillFrame = stillFrame;
    this.images = images;
  }

  /**
   * Build from frame delays in milliseconds.
   * @param {number[]} delays
   * @param {number} loopCount
   * @param {number} stillFrame
   */
  static fromDelays(delays, loopCount, stillFrame) {
    let end = 0;
    return new EmoticonAnimation(delays.map((d) => (end += Math.max(1, d))), loopCount, stillFrame);
  }

  get frameCount() { return this.endTimes.length; }
  get duration() { return this.endTimes[this.endTimes.length - 1] ?? 0; }
  /** When the last play ends (ms); null when it plays forever. */
  get totalDuration() { return this.loopCount > 0 ? this.duration * this.loopCount : null; }

  /**
   * The frame shown `time` ms after the start; the last frame once every loop has played.
   * @param {number} time
   */
  frameAt(time) {
    const ends = this.endTimes;
    if (ends.length === 0 || time <= 0) return 0;
    const total = this.totalDuration;
    if (total !== null && time >= total) return ends.length - 1;
    const t = time % this.duration;
    let lo = 0, hi = ends.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid] > t) hi = mid; else lo = mid + 1;
    }
    return lo;
  }

  /**
   * When the frame next changes after `time` (ms), or null once it rests.
   * @param {number} time
   */
  nextChange(time) {
    const ends = this.endTimes;
    if (ends.length <= 1) return null;
    const now = Math.max(0, time);
    const play = Math.floor(now / this.duration);
    const f = this.frameAt(now);
    const total = this.totalDuration;
    if ((total !== null && now >= total) || (play === this.loopCount - 1 && f === ends.length - 1)) return null;
    return play * this.duration + ends[f];
  }
}

export { refKey };
