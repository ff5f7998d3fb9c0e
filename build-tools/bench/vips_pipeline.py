#!/usr/bin/env python3
"""The libvips peer pipeline (pyvips) on an emopack pack folder.

premultiply → resize with the lanczos3 kernel → unpremultiply to 32 pt at 1x/2x/3x, sprites joined in
a grid (libvips has no MaxRects) with 1-pt padding into sheets of at most 2048 px, pngsave at
compression 9. Prints one table row: wall time, peak memory, sheet bytes.

    python3 build-tools/bench/vips_pipeline.py PACK_DIR OUT_DIR
"""
import json
import os
import resource
import sys
import time

import pyvips


def main():
    pack, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    manifest = json.load(open(os.path.join(pack, "pack.json")))
    size, scales, pad = manifest.get("size", 32), manifest.get("scales", [1, 2, 3]), 1
    start = time.time()
    total = 0
    for s in scales:
        cell = (size + 2 * pad) * s
        per_side = 2048 // cell
        tiles = []
        for e in manifest["emoticons"]:
            src = pyvips.Image.new_from_file(os.path.join(pack, e["image"]), access="sequential")
            if src.bands == 3:
                src = src.bandjoin(255)
            pre = src.premultiply()
            small = pre.resize(size * s / src.width, kernel="lanczos3").unpremultiply().cast("uchar")
            tiles.append(small.embed(pad * s, pad * s, cell, cell))
        per_page = per_side * per_side
        for page in range(0, len(tiles), per_page):
            chunk = tiles[page:page + per_page]
            sheet = pyvips.Image.arrayjoin(chunk, across=min(per_side, len(chunk)))
            path = os.path.join(out, f"vips-{s}x-{page // per_page}.png")
            sheet.pngsave(path, compression=9)
            total += os.path.getsize(path)
    wall = time.time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"| libvips (pyvips) | {wall:.2f} s | {peak:.0f} MiB | {total} bytes |")


if __name__ == "__main__":
    main()
