#!/usr/bin/env python3
"""Writes the WebP source fixtures and their expected frames (Tests/EmoPNGTests/Fixtures/webp).

Each animation is authored frame by frame with libwebp's command-line tools: every frame a PNG drawn here, made a
lossless WebP with `cwebp -lossless`, and put in the container with `webpmux -frame FILE +DURATION+X+Y+DISPOSE±b`
(every blend and dispose combination, partial frames at offsets, a loop count). The expected whole-canvas frames
are not taken from libwebp's animation decoder: this script reads the container back with `webpmux -info`,
extracts each frame with `webpmux -get frame N`, decodes it with `dwebp -pam`, and composites the canvas itself by
the container specification (a transparent canvas; a frame blended with non-premultiplied "over", or copied;
dispose 1 clears the frame's rectangle to transparent after it is shown). The art uses alpha 0 and 255 only, so
blending is exact and the expected frames leave no room for rounding. Delays of 10 ms or less show as 100 ms (as
for GIF). Run it to re-author:

    apt-get install webp && python3 build-tools/goldens/webp_fixtures.py
"""
import os
import re
import struct
import subprocess
import tempfile
import zlib

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "Tests", "EmoPNGTests", "Fixtures", "webp")


def write_png(path, w, h, pixels):
    """pixels: list of (r, g, b, a) rows-first."""
    raw = b"".join(b"\x00" + bytes(c for p in pixels[y * w:(y + 1) * w] for c in p) for y in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def read_pam(path):
    with open(path, "rb") as f:
        data = f.read()
    header, _, body = data.partition(b"ENDHDR\n")
    fields = dict(line.split(b" ", 1) for line in header.split(b"\n")[1:] if b" " in line)
    w, h, depth = int(fields[b"WIDTH"]), int(fields[b"HEIGHT"]), int(fields[b"DEPTH"])
    assert depth == 4, path
    return w, h, [tuple(body[i:i + 4]) for i in range(0, w * h * 4, 4)]


def frame_art(w, h, seed, hole):
    """A frame of opaque colour bands with a transparent hole (alpha 0 or 255 only)."""
    out = []
    for y in range(h):
        for x in range(w):
            if hole and (x + y + seed) % 5 == 0:
                out.append((0, 0, 0, 0))
            else:
                out.append(((x * 37 + seed * 60) % 256, (y * 53 + seed * 30) % 256, (seed * 90 + x * y) % 256, 255))
    return out


# (name, canvas w, h, loop, frames: (w, h, x, y, duration ms, dispose, blend, has hole))
ANIMATIONS = [
    ("blend-dispose.webp", 16, 12, 0, [
        (16, 12, 0, 0, 100, 0, False, False),
        (8, 6, 2, 2, 80, 0, True, True),     # blended over the first: holes keep what was there
        (8, 6, 6, 4, 60, 1, False, True),    # copied (holes become transparent), then cleared
        (10, 8, 4, 2, 40, 1, True, True),    # blended over the cleared area, then cleared
        (6, 4, 0, 8, 5, 0, False, False),    # 5 ms: shown as 100 ms
    ]),
    ("loop.webp", 8, 8, 3, [
        (8, 8, 0, 0, 120, 0, False, True),
        (4, 4, 4, 4, 200, 0, True, False),
    ]),
]


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def main():
    os.makedirs(OUT, exist_ok=True)
    rows = ["# file\twidth\theight\tframes\tloop (total plays, 0 forever)\tdelays ms"]
    with tempfile.TemporaryDirectory() as tmp:
        for name, cw, ch, loop, frames in ANIMATIONS:
            args = ["webpmux"]
            for k, (w, h, x, y, duration, dispose, blend, hole) in enumerate(frames):
                png = os.path.join(tmp, f"f{k}.png")
                webp = os.path.join(tmp, f"f{k}.webp")
                write_png(png, w, h, frame_art(w, h, k + 1, hole))
                run("cwebp", "-quiet", "-lossless", "-exact", png, "-o", webp)
                args += ["-frame", webp, f"+{duration}+{x}+{y}+{dispose}{'+b' if blend else '-b'}"]
            path = os.path.join(OUT, name)
            run(*args, "-loop", str(loop), "-bgcolor", "0,0,0,0", "-o", path)
            # Read it back as a decoder would: frame list, each frame decoded alone, composited here.
            info = run("webpmux", "-info", path)
            listed = [line.split() for line in info.splitlines() if re.match(r"^\s*\d+:", line)]
            canvas = [(0, 0, 0, 0)] * (cw * ch)
            out = bytearray()
            delays = []
            for k, fields in enumerate(listed):
                # No.: width height alpha x_offset y_offset duration dispose blend image_size compression
                w, h, x, y, duration = (int(v) for v in (fields[1], fields[2], fields[4], fields[5], fields[6]))
                dispose, blend = fields[7], fields[8]
                one = os.path.join(tmp, f"get{k}.webp")
                pam = os.path.join(tmp, f"get{k}.pam")
                run("webpmux", "-get", "frame", str(k + 1), path, "-o", one)
                run("dwebp", "-quiet", one, "-pam", "-o", pam)
                fw, fh, px = read_pam(pam)
                assert (fw, fh) == (w, h), (name, k)
                for j in range(h):
                    for i in range(w):
                        src = px[j * w + i]
                        at = (y + j) * cw + (x + i)
                        if blend == "yes" and src[3] == 0:
                            continue
                        canvas[at] = src if src[3] else (0, 0, 0, 0)
                out += bytes(c for p in canvas for c in p)
                delays.append(100 if duration <= 10 else duration)
                if dispose == "background":
                    for j in range(h):
                        for i in range(w):
                            canvas[(y + j) * cw + (x + i)] = (0, 0, 0, 0)
            with open(path + ".rgba", "wb") as f:
                f.write(out)
            rows.append(f"{name}\t{cw}\t{ch}\t{len(listed)}\t{loop}\t{','.join(map(str, delays))}")
        # A still, lossless, and one lossy with alpha, for the still path.
        still = os.path.join(tmp, "still.png")
        write_png(still, 9, 7, frame_art(9, 7, 4, True))
        run("cwebp", "-quiet", "-lossless", "-exact", still, "-o", os.path.join(OUT, "still-lossless.webp"))
        run("dwebp", "-quiet", os.path.join(OUT, "still-lossless.webp"), "-pam", "-o", os.path.join(tmp, "s.pam"))
        _, _, px = read_pam(os.path.join(tmp, "s.pam"))
        with open(os.path.join(OUT, "still-lossless.webp.rgba"), "wb") as f:
            f.write(bytes(c for p in px for c in p))
    with open(os.path.join(OUT, "expected.tsv"), "w") as f:
        f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
