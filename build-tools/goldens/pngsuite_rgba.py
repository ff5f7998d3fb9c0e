#!/usr/bin/env python3
"""Writes the reference RGBA8 dumps for the PngSuite conformance tests.

The reference decoder is pypng (pure Python, independent of libpng):
`png.Reader.read()` gives the raw samples at their stored bit depth, and this
script applies the conversion emopack promises, written out here on its own:

* palette -> RGB, with the tRNS alpha of each entry (255 where tRNS is short);
* gray and RGB with a tRNS colour -> alpha 0 where the *stored* sample equals it;
* gray of 1, 2 or 4 bits -> 8 bits by exact scaling (v * 255 / (2^d - 1));
* 16-bit samples -> 8 bits by rounding: round(v * 255 / 65535);
* sBIT, gAMA, cHRM and bKGD are ignored (no gamma or background applied).

Run once: python3 build-tools/goldens/pngsuite_rgba.py SRC DEST
It writes DEST/<name>.rgba (width*height*4 bytes) and DEST/pngsuite.tsv.
"""
import os
import sys

import png  # pip install pypng


def rgba_rows(path):
    reader = png.Reader(filename=path)
    width, height, rows, info = reader.read()
    rows = [list(r) for r in rows]
    depth = info["bitdepth"]
    planes = info["planes"]
    maxval = (1 << depth) - 1
    out = bytearray()

    def to8(v):
        if depth == 16:
            return (v * 255 + 32767) // 65535
        if depth == 8:
            return v
        return v * 255 // maxval

    if "palette" in info and reader.color_type == 3:
        pal = info["palette"]
        for row in rows:
            for i in row:
                entry = pal[i]
                a = entry[3] if len(entry) == 4 else 255
                out += bytes((entry[0], entry[1], entry[2], a))
        return width, height, out
    trns = info.get("transparent")
    for row in rows:
        for x in range(width):
            px = row[x * planes:(x + 1) * planes]
            if planes == 1:
                g = to8(px[0])
                a = 0 if trns is not None and (px[0],) == tuple(trns if isinstance(trns, tuple) else (trns,)) else 255
                out += bytes((g, g, g, a))
            elif planes == 2:
                g = to8(px[0])
                out += bytes((g, g, g, to8(px[1])))
            elif planes == 3:
                a = 0 if trns is not None and tuple(px) == tuple(trns) else 255
                out += bytes((to8(px[0]), to8(px[1]), to8(px[2]), a))
            else:
                out += bytes(to8(v) for v in px)
    return width, height, out


def main():
    src, dest = sys.argv[1], sys.argv[2]
    os.makedirs(dest, exist_ok=True)
    lines = ["file\twidth\theight"]
    for name in sorted(os.listdir(src)):
        if not name.endswith(".png") or name.startswith("x"):
            continue
        w, h, data = rgba_rows(os.path.join(src, name))
        assert len(data) == w * h * 4
        with open(os.path.join(dest, name[:-4] + ".rgba"), "wb") as f:
            f.write(data)
        lines.append(f"{name}\t{w}\t{h}")
    with open(os.path.join(dest, "pngsuite.tsv"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
