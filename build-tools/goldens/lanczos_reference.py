#!/usr/bin/env python3
"""Makes the Pillow reference sprites for the resampling test.

For each source PNG given, writes <name>-<side>.png: Pillow's LANCZOS resize in
premultiplied alpha (convert('RGBa'), resize, convert('RGBA')) to side x side
pixels, for sides 32, 64 and 96 (a 32-point emoticon at 1x, 2x, 3x).

    pip install Pillow
    python3 build-tools/goldens/lanczos_reference.py DEST SOURCE.png...
"""
import os
import shutil
import sys

from PIL import Image


def main():
    dest = sys.argv[1]
    os.makedirs(dest, exist_ok=True)
    for src in sys.argv[2:]:
        name = os.path.splitext(os.path.basename(src))[0]
        shutil.copyfile(src, os.path.join(dest, name + ".png"))
        image = Image.open(src).convert("RGBA").convert("RGBa")
        for side in (32, 64, 96):
            out = image.resize((side, side), Image.LANCZOS).convert("RGBA")
            out.save(os.path.join(dest, f"{name}-{side}.png"))


if __name__ == "__main__":
    main()
