#!/usr/bin/env python3
"""Writes the GIF and APNG conformance fixtures and their expected frames (Tests/EmoPNGTests/Fixtures/animation).

Each file is written here byte by byte (own LZW and chunk writers) from a frame list that says everything: the
rectangle, palette, transparent index, disposal or blend, delay, interlacing. The expected whole-canvas frames are
composited here from that list by the rules emopack documents (GIF disposal 2 clears to transparent, as browsers
do; delays of 0 or 1 hundredths show as 100 ms; APNG blend/dispose per the spec), then checked against two
independent decoders: ffmpeg (`-fps_mode passthrough`, one output per frame), which must agree on every visible
pixel of every frame, and Pillow, whose agreeing frames are listed (Pillow 13 paints GIF disposal 2 with a
background colour and composites APNG "over" differently, so it agrees on fewer). The expectations therefore do
not come from emopack's code. Run it to re-author:

    apt-get install ffmpeg && pip install pillow && python3 build-tools/goldens/animation_fixtures.py
"""
import os
import struct
import zlib

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "Tests", "EmoPNGTests", "Fixtures", "animation")


# ---------------------------------------------------------------- GIF writing
def lzw(indices, min_size):
    """GIF LZW: variable-width codes, LSB first, a clear code when the table is full."""
    clear, eoi = 1 << min_size, (1 << min_size) + 1
    out, acc, bits = bytearray(), 0, 0
    size = min_size + 1

    def emit(code):
        nonlocal acc, bits
        acc |= code << bits
        bits += size
        while bits >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            bits -= 8

    table = {(i,): i for i in range(clear)}
    nxt = eoi + 1
    emit(clear)
    w = ()
    for k in indices:
        wk = w + (k,)
        if wk in table:
            w = wk
            continue
        emit(table[w])
        if nxt < 4096:
            table[wk] = nxt
            nxt += 1
            if nxt > (1 << size) and size < 12:
                size += 1
        else:
            emit(clear)
            table = {(i,): i for i in range(clear)}
            nxt = eoi + 1
            size = min_size + 1
        w = (k,)
    if w:
        emit(table[w])
    emit(eoi)
    if bits:
        out.append(acc & 0xFF)
    return bytes(out)


def sub_blocks(data):
    out = bytearray()
    for i in range(0, len(data), 255):
        part = data[i:i + 255]
        out.append(len(part))
        out += part
    out.append(0)
    return bytes(out)


def table_bits(n):
    b = 1
    while (1 << b) < n:
        b += 1
    return b


def write_gif(path, width, height, global_palette, frames, loop=None, background=0):
    """frames: dicts with x, y, w, h, indices (row-major), palette (None: global), transparent, disposal, delay
    (hundredths), interlace."""
    out = bytearray(b"GIF89a")
    gbits = table_bits(len(global_palette)) if global_palette else 1
    packed = (0x80 | (gbits - 1)) if global_palette else 0
    out += struct.pack("<HHBBB", width, height, packed | ((gbits - 1) << 4 if global_palette else 0), background, 0)
    if global_palette:
        pal = list(global_palette) + [(0, 0, 0)] * ((1 << gbits) - len(global_palette))
        for c in pal:
            out += bytes(c)
    if loop is not None:
        out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\x00"
    for f in frames:
        t = f.get("transparent")
        flags = (f.get("disposal", 0) << 2) | (1 if t is not None else 0)
        out += b"\x21\xf9\x04" + struct.pack("<BHB", flags, f.get("delay", 10), t or 0) + b"\x00"
        local = f.get("palette")
        lbits = table_bits(len(local)) if local else 0
        lpacked = (0x80 | (lbits - 1)) if local else 0
        if f.get("interlace"):
            lpacked |= 0x40
        out += b"\x2c" + struct.pack("<HHHHB", f["x"], f["y"], f["w"], f["h"], lpacked)
        if local:
            pal = list(local) + [(0, 0, 0)] * ((1 << lbits) - len(local))
            for c in pal:
                out += bytes(c)
        rows = [f["indices"][r * f["w"]:(r + 1) * f["w"]] for r in range(f["h"])]
        if f.get("interlace"):
            order = []
            for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)):
                order += list(range(start, f["h"], step))
            rows = [rows[r] for r in order]
        data = [i for row in rows for i in row]
        min_size = max(2, table_bits(len(local or global_palette)))
        out += bytes([min_size]) + sub_blocks(lzw(data, min_size))
    out += b"\x3b"
    with open(path, "wb") as fh:
        fh.write(out)


def composite_gif(width, height, global_palette, frames):
    canvas = [[(0, 0, 0, 0)] * width for _ in range(height)]
    shown = []
    for f in frames:
        saved = [row[:] for row in canvas]
        pal = f.get("palette") or global_palette
        for r in range(f["h"]):
            for c in range(f["w"]):
                k = f["indices"][r * f["w"] + c]
                y, x = f["y"] + r, f["x"] + c
                if k == f.get("transparent") or k >= len(pal) or not (0 <= x < width and 0 <= y < height):
                    continue
                canvas[y][x] = tuple(pal[k]) + (255,)
        delay = f.get("delay", 10)
        shown.append(([row[:] for row in canvas], 100 if delay <= 1 else delay * 10))
        d = f.get("disposal", 0)
        if d == 2:
            for r in range(f["h"]):
                for c in range(f["w"]):
                    y, x = f["y"] + r, f["x"] + c
                    if 0 <= x < width and 0 <= y < height:
                        canvas[y][x] = (0, 0, 0, 0)
        elif d == 3:
            canvas = saved
    return shown


# ---------------------------------------------------------------- APNG writing
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def rgba_rows(pixels, w, h):
    raw = bytearray()
    for r in range(h):
        raw.append(0)
        for c in range(w):
            raw += bytes(pixels[r * w + c])
    return zlib.compress(bytes(raw), 9)


def write_apng(path, width, height, frames, plays=0, default_image=None):
    """frames: dicts with x, y, w, h, pixels (RGBA tuples), delay (num, den), dispose, blend."""
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    out += chunk(b"acTL", struct.pack(">II", len(frames), plays))
    seq = 0
    if default_image is not None:
        out += chunk(b"IDAT", rgba_rows(default_image, width, height))
    for i, f in enumerate(frames):
        num, den = f.get("delay", (1, 10))
        out += chunk(b"fcTL", struct.pack(">IIIIIHHBB", seq, f["w"], f["h"], f["x"], f["y"], num, den,
                                          f.get("dispose", 0), f.get("blend", 0)))
        seq += 1
        data = rgba_rows(f["pixels"], f["w"], f["h"])
        if i == 0 and default_image is None:
            out += chunk(b"IDAT", data)
        else:
            half = len(data) // 2 or 1
            for part in (data[:half], data[half:]):  # two fdAT chunks a frame, as encoders split them
                if part:
                    out += chunk(b"fdAT", struct.pack(">I", seq) + part)
                    seq += 1
    out += chunk(b"IEND", b"")
    with open(path, "wb") as fh:
        fh.write(out)


def over(s, d):
    sa, da = s[3], d[3]
    if sa == 255 or da == 0:
        return s if sa else d
    if sa == 0:
        return d
    oa = sa * 255 + da * (255 - sa)
    rgb = tuple((s[k] * sa * 255 + d[k] * da * (255 - sa) + oa // 2) // oa for k in range(3))
    return rgb + ((oa + 127) // 255,)


def composite_apng(width, height, frames):
    canvas = [[(0, 0, 0, 0)] * width for _ in range(height)]
    shown = []
    for i, f in enumerate(frames):
        saved = [row[:] for row in canvas]
        for r in range(f["h"]):
            for c in range(f["w"]):
                p = tuple(f["pixels"][r * f["w"] + c])
                y, x = f["y"] + r, f["x"] + c
                canvas[y][x] = over(p, canvas[y][x]) if f.get("blend", 0) == 1 and i > 0 else p
        num, den = f.get("delay", (1, 10))
        den = den or 100
        shown.append(([row[:] for row in canvas], max(10, (num * 1000 + den // 2) // den)))
        d = f.get("dispose", 0)
        if d == 1 or (d == 2 and i == 0):
            for r in range(f["h"]):
                for c in range(f["w"]):
                    canvas[f["y"] + r][f["x"] + c] = (0, 0, 0, 0)
        elif d == 2:
            canvas = saved
    return shown


# ---------------------------------------------------------------- fixtures
def pattern(w, h, n, seed):
    return [((x * 3 + y * 5 + seed) % n) for y in range(h) for x in range(w)]


PAL = [(230, 40, 40), (40, 200, 60), (40, 80, 230), (250, 220, 50), (20, 20, 20), (240, 240, 240), (200, 90, 220),
       (90, 220, 230)]


def fixtures():
    gifs = {
        # Every disposal method on one canvas, with transparency in the frames that dispose.
        "disposals.gif": dict(width=12, height=10, palette=PAL, loop=0, frames=[
            dict(x=0, y=0, w=12, h=10, indices=pattern(12, 10, 8, 0), disposal=1, delay=8),
            dict(x=2, y=1, w=5, h=4, indices=pattern(5, 4, 8, 3), transparent=4, disposal=2, delay=12),
            dict(x=4, y=3, w=6, h=5, indices=pattern(6, 5, 8, 5), transparent=0, disposal=3, delay=0),
            dict(x=1, y=5, w=4, h=4, indices=[7] * 16, disposal=0, delay=1),
            dict(x=8, y=0, w=4, h=10, indices=pattern(4, 10, 8, 1), transparent=2, disposal=1, delay=25),
        ]),
        # A local palette per frame, an interlaced frame, no loop extension (loops forever in emopack).
        "local-interlaced.gif": dict(width=9, height=17, palette=PAL[:4], loop=None, frames=[
            dict(x=0, y=0, w=9, h=17, indices=pattern(9, 17, 4, 2), interlace=True, delay=5),
            dict(x=1, y=2, w=7, h=13, indices=pattern(7, 13, 6, 1), interlace=True,
                 palette=[(10, 10, 200), (200, 10, 10), (10, 200, 10), (255, 255, 255), (0, 0, 0), (128, 128, 0)],
                 delay=7, disposal=1),
        ]),
        # Loop count 2 as stored (three plays); a fully transparent first frame over the whole screen.
        "loop-transparent.gif": dict(width=6, height=6, palette=PAL, loop=2, frames=[
            dict(x=0, y=0, w=6, h=6, indices=[3] * 36, transparent=3, disposal=2, delay=10),
            dict(x=1, y=1, w=4, h=4, indices=pattern(4, 4, 8, 7), transparent=5, disposal=2, delay=20),
        ]),
        "still.gif": dict(width=5, height=4, palette=PAL, loop=None, frames=[
            dict(x=0, y=0, w=5, h=4, indices=pattern(5, 4, 8, 4), delay=0),
        ]),
    }

    def rgba(w, h, seed, alpha=lambda x, y: 255):
        return [((x * 40 + seed) % 256, (y * 30 + seed * 3) % 256, (x * y * 7 + seed) % 256, alpha(x, y))
                for y in range(h) for x in range(w)]

    apngs = {
        # Dispose none/background/previous, blend source/over with translucency, several fdAT chunks a frame.
        "blend-dispose.png": dict(width=10, height=8, plays=0, frames=[
            dict(x=0, y=0, w=10, h=8, pixels=rgba(10, 8, 1, lambda x, y: 255 if x < 7 else 0), delay=(1, 10)),
            dict(x=2, y=1, w=5, h=5, pixels=rgba(5, 5, 9, lambda x, y: 40 + 40 * x), blend=1, dispose=2,
                 delay=(3, 100)),
            dict(x=4, y=2, w=6, h=6, pixels=rgba(6, 6, 17, lambda x, y: 128), blend=0, dispose=1, delay=(0, 0)),
            dict(x=1, y=3, w=8, h=5, pixels=rgba(8, 5, 33, lambda x, y: 200 if (x + y) % 2 else 60), blend=1,
                 delay=(250, 1000)),
        ]),
        # A default image that is not part of the animation; total plays 3.
        "default-image.png": dict(width=6, height=5, plays=3, default=rgba(6, 5, 99), frames=[
            dict(x=0, y=0, w=6, h=5, pixels=rgba(6, 5, 5), delay=(2, 0)),
            dict(x=1, y=1, w=3, h=3, pixels=rgba(3, 3, 77, lambda x, y: 0 if x == 1 else 255), blend=1, delay=(5, 50)),
        ]),
    }
    return gifs, apngs


def write_frames(name, shown, w, h):
    raw = bytearray()
    for canvas, _ in shown:
        for row in canvas:
            for p in row:
                raw += bytes(p)
    with open(os.path.join(OUT, name + ".rgba"), "wb") as fh:
        fh.write(bytes(raw))


def pillow_frames(path):
    from PIL import Image
    im = Image.open(path)
    out = []
    for i in range(getattr(im, "n_frames", 1)):
        im.seek(i)
        px = im.convert("RGBA")
        out.append([[px.getpixel((x, y)) for x in range(im.width)] for y in range(im.height)])
    return out


def ffmpeg_agrees(path, shown, w, h):
    import subprocess
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo",
                          "-pix_fmt", "rgba", "-"], check=True, capture_output=True).stdout
    n = w * h * 4
    if len(raw) != n * len(shown):
        return False
    for f, (canvas, _) in enumerate(shown):
        for y in range(h):
            for x in range(w):
                i = f * n + (y * w + x) * 4
                p, q = tuple(raw[i:i + 4]), canvas[y][x]
                if not ((p[3] == 0 and q[3] == 0) or p == q):
                    return False
    return True


def same(a, b):
    # Pillow may keep colour under zero alpha; compare visible pixels only.
    return all((p[3] == 0 and q[3] == 0) or p == q for ra, rb in zip(a, b) for p, q in zip(ra, rb))


def main():
    os.makedirs(OUT, exist_ok=True)
    gifs, apngs = fixtures()
    lines = ["# file\twidth\theight\tframes\tloop (total plays, 0 forever)\tdelays ms\tffmpeg agrees\tPillow agrees on"]
    for name, g in gifs.items():
        path = os.path.join(OUT, name)
        write_gif(path, g["width"], g["height"], g["palette"], g["frames"], loop=g["loop"])
        shown = composite_gif(g["width"], g["height"], g["palette"], g["frames"])
        write_frames(name, shown, g["width"], g["height"])
        theirs = pillow_frames(path)
        agree = [i for i, (c, _) in enumerate(shown) if i < len(theirs) and same(c, theirs[i])]
        assert len(theirs) == len(shown), (name, len(theirs), len(shown))
        loop = 0 if g["loop"] in (None, 0) else g["loop"] + 1
        assert ffmpeg_agrees(path, shown, g["width"], g["height"]), name
        lines.append("\t".join([name, str(g["width"]), str(g["height"]), str(len(shown)), str(loop),
                                ",".join(str(d) for _, d in shown), "every frame",
                                "frames " + ",".join(map(str, agree))]))
    for name, a in apngs.items():
        path = os.path.join(OUT, name)
        write_apng(path, a["width"], a["height"], a["frames"], plays=a["plays"], default_image=a.get("default"))
        shown = composite_apng(a["width"], a["height"], a["frames"])
        write_frames(name, shown, a["width"], a["height"])
        theirs = pillow_frames(path)
        if a.get("default") is not None:
            theirs = theirs[1:]  # Pillow shows the default image first; it is not part of the animation
        assert len(theirs) == len(shown), (name, len(theirs), len(shown))
        agree = [i for i, (c, _) in enumerate(shown) if same(c, theirs[i])]
        assert ffmpeg_agrees(path, shown, a["width"], a["height"]), name
        lines.append("\t".join([name, str(a["width"]), str(a["height"]), str(len(shown)), str(a["plays"]),
                                ",".join(str(d) for _, d in shown), "every frame",
                                "frames " + ",".join(map(str, agree))]))
    with open(os.path.join(OUT, "expected.tsv"), "w") as fh:
        fh.write("\n".join(lines) + "\n")
    # The compiler's tests build packs from the same files.
    import shutil
    copy = os.path.join(ROOT, "Tests", "EmoPackCompilerTests", "Fixtures", "animation")
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(OUT, copy)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
