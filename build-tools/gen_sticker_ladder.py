#!/usr/bin/python3
"""Writes Tests/EmoPackCompilerTests/Fixtures/packs/ladder: animated GIF stickers that no platform takes lossless.

Each animation is a shaded face drawn at 120 px and saved as real GIF sets are: every frame quantized to its own
adaptive palette with Floyd-Steinberg dithering, so the dither pattern flickers from frame to frame. Upscaled to 512
px that detail makes every animation far larger than WhatsApp's 500 KB and Signal's 300 KB lossless. Frames repeat
(held frames: identical neighbours), some differ only in their dither (nearly identical neighbours), one animation
lasts 4 s (over Signal's 3 s), and three stills sit beside them. Deterministic: the same bytes on every run.

Usage: /usr/bin/python3 build-tools/gen_sticker_ladder.py   (Debian's python3-pil)
"""
import json
import math
import os
import random

from PIL import Image

SIDE = 120
OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "EmoPackCompilerTests", "Fixtures", "packs", "ladder")


def face(rng_seed, t, kind, hue, flicker=0):
    """One frame: a shaded disc with highlight, eyes, mouth and a moving feature chosen by `kind` at time t in 0..1.

    The grain is the animation's own (`rng_seed`); `flicker` > 0 adds a faint per-frame shimmer on top, as a
    re-rendered frame has."""
    rnd = random.Random(rng_seed)
    shimmer = random.Random(flicker)
    img = Image.new("RGBA", (SIDE, SIDE))
    px = img.load()
    cx, cy, r = SIDE / 2, SIDE / 2 + (4 * abs(math.sin(math.pi * t)) if kind == 4 else 0), SIDE * 0.44
    base = [(hue + k * 0.33) % 1.0 for k in range(3)]
    for y in range(SIDE):
        for x in range(SIDE):
            dx, dy = (x + 0.5 - cx) / r, (y + 0.5 - cy) / r
            d = math.hypot(dx, dy)
            if d > 1.0:
                px[x, y] = (0, 0, 0, 0)
                continue
            # Shading: a light from the upper left, a rim, and fine texture (paper grain) that varies per pixel.
            light = max(0.0, 1.0 - math.hypot(dx + 0.35, dy + 0.4) * 0.8)
            grain = (rnd.random() - 0.5) * 0.12 + ((shimmer.random() - 0.5) * 0.02 if flicker else 0.0)
            rgb = [min(1.0, max(0.0, 0.35 + 0.5 * b * (0.6 + 0.6 * light) + grain + 0.25 * light)) for b in base]
            if d > 0.93:
                rgb = [v * 0.35 for v in rgb]
            # Eyes (blinking or looking around) and a mouth (opening).
            gaze = 0.12 * math.sin(2 * math.pi * t) if kind == 2 else 0.0
            open_eye = 0.02 if (kind == 0 and int(t * 8) % 4 == 2) else 0.11
            for ex in (-0.32, 0.32):
                if ((dx - ex - gaze) / 0.1) ** 2 + ((dy + 0.2) / open_eye) ** 2 <= 1.0:
                    rgb = [0.08, 0.06, 0.1]
            mouth = 0.05 + (0.18 * abs(math.sin(math.pi * t)) if kind == 1 else 0.06)
            if (dx / 0.38) ** 2 + ((dy - 0.38) / mouth) ** 2 <= 1.0:
                rgb = [0.55, 0.1, 0.15]
            # A tear falling down the cheek.
            if kind == 3 and math.hypot(dx - 0.4, dy - (-0.05 + 0.8 * t)) < 0.07:
                rgb = [0.4, 0.7, 1.0]
            px[x, y] = tuple(int(v * 255 + 0.5) for v in rgb) + (255,)
    return img


def gif_frame(img):
    """The frame as a GIF exporter writes it: its own adaptive palette, dithered, transparency as index 255."""
    rgb = Image.new("RGB", img.size, (0, 0, 0))
    rgb.paste(img, mask=img.split()[3])
    q = rgb.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.FLOYDSTEINBERG)
    pal = q.getpalette()[: 255 * 3] + [0, 0, 0]
    q.putpalette(pal)
    alpha = img.split()[3].load()
    qp = q.load()
    for y in range(SIDE):
        for x in range(SIDE):
            if alpha[x, y] < 128:
                qp[x, y] = 255
    q.info["transparency"] = 255
    return q


def main():
    os.makedirs(OUT, exist_ok=True)
    entries = []
    plans = [
        # (kind, frames, delay ms, held-frame step, emoji)
        (0, 13, 100, 5, "1F609"),
        (1, 12, 90, 4, "1F62E"),
        (2, 16, 80, 6, "1F440"),
        (3, 10, 400, 3, "1F622"),  # 4 s: over Signal's 3 s
        (4, 14, 70, 5, "1F60A"),
    ]
    for i, (kind, count, delay, hold, emoji) in enumerate(plans):
        frames = []
        for k in range(count):
            if k > 0 and k % hold == hold - 1:
                frames.append(frames[-1].copy())  # held: the same frame again
            elif k > 0 and k % hold == 1 and kind != 3:
                # Nearly identical: the last picture with new grain, dithered again.
                frames.append(gif_frame(face(1000 * i, (k - 1) / count, kind, 0.13 * i + 0.05, flicker=k + 1)))
            else:
                frames.append(gif_frame(face(1000 * i, k / count, kind, 0.13 * i + 0.05)))
        name = f"a{i}.gif"
        frames[0].save(
            os.path.join(OUT, name), save_all=True, append_images=frames[1:], duration=delay, loop=0,
            disposal=1, optimize=False)
        entries.append({"image": name, "tags": [f"[a{i}]"], "emoji": emoji})
    for i in range(3):
        name = f"s{i}.png"
        face(50 + i, 0.0, 1, 0.5 + 0.1 * i).save(os.path.join(OUT, name), optimize=True)
        entries.append({"image": name, "tags": [f"[s{i}]"], "emoji": f"{0x1F600 + i:X}"})
    manifest = {"id": "ladder", "names": {"en": "Ladder"}, "size": 60, "scales": [2], "emoticons": entries}
    with open(os.path.join(OUT, "pack.json"), "w") as f:
        json.dump(manifest, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
