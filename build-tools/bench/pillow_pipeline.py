#!/usr/bin/env python3
"""The Pillow peer pipeline on an emopack pack folder, for side-by-side figures.

premultiplied LANCZOS (convert('RGBa') → resize → convert('RGBA')) to 32 pt at 1x/2x/3x,
rectpack MaxRects (BSSF) into sheets of at most 2048 px with 1-pt padding, PNG optimize=True.
Prints one table row: wall time, peak memory, sheet bytes.

    python3 build-tools/bench/pillow_pipeline.py PACK_DIR OUT_DIR
"""
import json
import os
import resource
import sys
import time

from PIL import Image
from rectpack import newPacker, MaxRectsBssf, PackingBin


def main():
    pack, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    manifest = json.load(open(os.path.join(pack, "pack.json")))
    size, scales, pad = manifest.get("size", 32), manifest.get("scales", [1, 2, 3]), 1
    start = time.time()
    sprites = {s: [] for s in scales}
    for e in manifest["emoticons"]:
        src = Image.open(os.path.join(pack, e["image"])).convert("RGBA").convert("RGBa")
        for s in scales:
            sprites[s].append(src.resize((size * s, size * s), Image.LANCZOS).convert("RGBA"))
    total = 0
    for s in scales:
        cell = (size + 2 * pad) * s
        packer = newPacker(pack_algo=MaxRectsBssf, bin_algo=PackingBin.BBF, rotation=False)
        for i in range(len(sprites[s])):
            packer.add_rect(cell, cell, rid=i)
        for _ in range(len(sprites[s])):
            packer.add_bin(2048, 2048)
        packer.pack()
        for b, abin in enumerate(packer):
            w = max(r.x + r.width for r in abin)
            h = max(r.y + r.height for r in abin)
            sheet = Image.new("RGBA", (w, h), (0, 0, 0, 0))
            for r in abin:
                sheet.paste(sprites[s][r.rid], (r.x + pad * s, r.y + pad * s))
            path = os.path.join(out, f"pillow-{s}x-{b}.png")
            sheet.save(path, optimize=True)
            total += os.path.getsize(path)
    wall = time.time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"| Pillow + rectpack (optimize=True) | {wall:.2f} s | {peak:.0f} MiB | {total} bytes |")


if __name__ == "__main__":
    main()
