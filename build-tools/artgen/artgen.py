#!/usr/bin/env python3
"""Draws emopack's sample emoticon art: original, anti-aliased faces with real transparency.

Every face is built from signed distance fields (circles, ellipses, arcs,
capsules, hearts, petals) and composited with exact per-pixel coverage, so edges
are smooth and everything outside the shapes is fully transparent. Output is
deterministic: the same seed and tag give the same PNG bytes.

    pip install numpy
    python3 build-tools/artgen/artgen.py            # rewrites packs/*/ art
    python3 build-tools/artgen/artgen.py weibo-shipped   # the compactness test's Weibo pack (needs optipng)
    python3 build-tools/artgen/artgen.py animated        # packs/animated: GIF and APNG emoticons
    python3 build-tools/artgen/artgen.py codes           # packs/codes: legacy codes, shortcodes, keywords
    python3 build-tools/artgen/artgen.py weibo-palette   # the palette mode's Weibo pack (needs optipng)
    python3 build-tools/artgen/artgen.py codelist        # the code-list bundle fixture (GIF + PNG per item; Pillow)
The PNGs are committed, so building the packs never needs this script.
"""
import hashlib
import math
import os
import struct
import zlib

import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def write_png(path, rgba):
    """Writes an RGBA8 numpy array (h, w, 4) as a PNG, with no metadata."""
    h, w, _ = rgba.shape
    raw = b"".join(b"\x00" + rgba[y].tobytes() for y in range(h))

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


class Canvas:
    """Premultiplied float canvas in [0, 1]; shapes are added back to front."""

    def __init__(self, size):
        self.size = size
        ys, xs = np.mgrid[0:size, 0:size].astype(np.float64)
        # Coordinates in units where the canvas spans [-1, 1].
        self.x = (xs + 0.5) / size * 2 - 1
        self.y = (ys + 0.5) / size * 2 - 1
        self.px = 2.0 / size
        self.rgb = np.zeros((size, size, 3))
        self.a = np.zeros((size, size))

    def fill(self, sdf, color, opacity=1.0):
        cover = np.clip(0.5 - sdf / self.px, 0, 1) * opacity
        c = np.array(color, dtype=np.float64) / 255.0
        self.rgb = c * cover[..., None] + self.rgb * (1 - cover[..., None])
        self.a = cover + self.a * (1 - cover)

    def stroke(self, sdf, width, color, opacity=1.0):
        self.fill(np.abs(sdf) - width / 2, color, opacity)

    def image(self):
        out = np.zeros((self.size, self.size, 4), dtype=np.uint8)
        a = np.clip(self.a, 0, 1)
        safe = np.where(a > 0, a, 1)
        rgb = np.clip(self.rgb / safe[..., None], 0, 1)
        out[..., :3] = np.round(rgb * 255).astype(np.uint8)
        out[..., 3] = np.round(a * 255).astype(np.uint8)
        out[out[..., 3] == 0] = 0
        return out


def circle(c, cx, cy, r):
    return np.hypot(c.x - cx, c.y - cy) - r


def ellipse(c, cx, cy, rx, ry):
    # A good-enough ellipse distance: scaled circle corrected by the gradient length.
    dx = (c.x - cx) / rx
    dy = (c.y - cy) / ry
    k = np.hypot(dx, dy)
    grad = np.hypot(dx / rx, dy / ry) + 1e-9
    return (k - 1) * k / grad


def capsule(c, x0, y0, x1, y1, r):
    px, py = c.x - x0, c.y - y0
    bx, by = x1 - x0, y1 - y0
    h = np.clip((px * bx + py * by) / (bx * bx + by * by + 1e-12), 0, 1)
    return np.hypot(px - bx * h, py - by * h) - r


def arc(c, cx, cy, r, start, end):
    """Distance to a circular arc from angle start to end (radians, y down)."""
    ang = np.arctan2(c.y - cy, c.x - cx)
    mid = (start + end) / 2
    half = (end - start) / 2
    d = np.abs(np.angle(np.exp(1j * (ang - mid)))) <= half
    ring = np.abs(np.hypot(c.x - cx, c.y - cy) - r)
    ex0, ey0 = cx + r * math.cos(start), cy + r * math.sin(start)
    ex1, ey1 = cx + r * math.cos(end), cy + r * math.sin(end)
    ends = np.minimum(np.hypot(c.x - ex0, c.y - ey0), np.hypot(c.x - ex1, c.y - ey1))
    return np.where(d, ring, ends)


def heart(c, cx, cy, s):
    """Inigo Quilez's exact heart distance, tip at the bottom, scaled to about `s` across."""
    x = np.abs((c.x - cx) / s)
    y = -(c.y - cy) / s + 0.5
    upper = np.hypot(x - 0.25, y - 0.75) - math.sqrt(2) / 4
    m = np.maximum(x + y, 0) * 0.5
    lower = np.sqrt(np.minimum(x * x + (y - 1) ** 2, (x - m) ** 2 + (y - m) ** 2)) * np.sign(x - y)
    return np.where(y + x > 1, upper, lower) * s


def rng_for(key):
    return np.random.default_rng(int(hashlib.sha256(key.encode()).hexdigest()[:16], 16))


SKINS = [(255, 204, 77), (255, 184, 108), (255, 170, 170), (170, 220, 140), (140, 200, 255), (230, 180, 255),
         (255, 220, 120), (250, 160, 120)]
PETALS = [(255, 120, 170), (255, 160, 200), (250, 100, 140), (255, 185, 90), (200, 130, 255)]
INK = (70, 40, 30)


def face(key, size=160, flower=False, animal=None):
    r = rng_for(key)
    c = Canvas(size)
    # A jitter on the base colour keeps every face distinct even when features repeat.
    skin = tuple(int(min(255, max(0, v + j))) for v, j in zip(SKINS[r.integers(len(SKINS))], r.integers(-24, 25, 3)))
    if flower:
        petal = PETALS[r.integers(len(PETALS))]
        n = int(r.integers(5, 9))
        turn = r.random() * math.pi
        for i in range(n):
            a = turn + i * 2 * math.pi / n
            c.fill(ellipse(c, 0.62 * math.cos(a), 0.62 * math.sin(a), 0.3, 0.3), petal)
        c.fill(circle(c, 0, 0, 0.66), (255, 255, 255), 0.9)
    if animal == "ears":
        for sx in (-1, 1):
            c.fill(circle(c, sx * 0.55, -0.6, 0.25), tuple(int(v * 0.85) for v in skin))
    radius = 0.6 if flower else 0.86
    # Face with a soft darker rim.
    c.fill(circle(c, 0, 0, radius), tuple(int(v * 0.8) for v in skin))
    c.fill(circle(c, -0.02 * radius, -0.03 * radius, radius * 0.94), skin)
    c.fill(ellipse(c, -0.3 * radius, -0.45 * radius, 0.28 * radius, 0.16 * radius), (255, 255, 255), 0.35)
    s = radius
    eyes = int(r.integers(0, 7))
    ey = -0.15 * s
    for sx in (-1, 1):
        ex = sx * 0.33 * s
        if eyes == 0:
            c.fill(circle(c, ex, ey, 0.1 * s), INK)
            c.fill(circle(c, ex - 0.03 * s, ey - 0.04 * s, 0.035 * s), (255, 255, 255))
        elif eyes == 1:
            c.stroke(arc(c, ex, ey + 0.05 * s, 0.13 * s, math.pi * 1.1, math.pi * 1.9), 0.06 * s, INK)
        elif eyes == 2:
            c.stroke(capsule(c, ex - 0.12 * s, ey, ex + 0.12 * s, ey, 0), 0.06 * s, INK)
        elif eyes == 3:
            c.fill(heart(c, ex, ey, 0.22 * s), (230, 40, 80))
        elif eyes == 4:
            for d in (-1, 1):
                c.stroke(capsule(c, ex - 0.1 * s, ey - d * 0.1 * s, ex + 0.1 * s, ey + d * 0.1 * s, 0), 0.05 * s, INK)
        elif eyes == 5:
            c.fill(ellipse(c, ex, ey, 0.12 * s, 0.16 * s), (255, 255, 255))
            c.fill(circle(c, ex + sx * 0.03 * s, ey + 0.03 * s, 0.07 * s), INK)
        else:
            c.stroke(arc(c, ex, ey - 0.05 * s, 0.12 * s, math.pi * 0.1, math.pi * 0.9), 0.06 * s, INK)
    mouth = int(r.integers(0, 6))
    my = 0.32 * s
    if mouth == 0:
        c.stroke(arc(c, 0, my - 0.2 * s, 0.3 * s, math.pi * 0.2, math.pi * 0.8), 0.06 * s, INK)
    elif mouth == 1:
        c.fill(ellipse(c, 0, my, 0.2 * s, 0.15 * s), (150, 40, 50))
        c.fill(ellipse(c, 0, my + 0.08 * s, 0.12 * s, 0.06 * s), (255, 110, 120))
    elif mouth == 2:
        c.stroke(capsule(c, -0.15 * s, my, 0.15 * s, my, 0), 0.05 * s, INK)
    elif mouth == 3:
        c.fill(circle(c, 0, my, 0.09 * s), (150, 40, 50))
    elif mouth == 4:
        c.stroke(arc(c, 0, my + 0.2 * s, 0.25 * s, math.pi * 1.25, math.pi * 1.75), 0.06 * s, INK)
    else:
        c.fill(ellipse(c, 0, my, 0.3 * s, 0.12 * s), (255, 255, 255))
        c.stroke(ellipse(c, 0, my, 0.3 * s, 0.12 * s), 0.04 * s, INK)
        c.stroke(capsule(c, -0.28 * s, my, 0.28 * s, my, 0), 0.02 * s, INK)
    extra = int(r.integers(0, 6))
    if extra in (0, 1):
        for sx in (-1, 1):
            c.fill(ellipse(c, sx * 0.55 * s, 0.15 * s, 0.14 * s, 0.08 * s), (255, 90, 110), 0.45)
    if extra == 2:
        c.fill(ellipse(c, 0.42 * s, 0.1 * s, 0.07 * s, 0.16 * s), (90, 170, 255), 0.85)
    if extra == 3:
        c.fill(ellipse(c, 0.62 * s, -0.55 * s, 0.09 * s, 0.14 * s), (120, 200, 255), 0.9)
    if extra == 4 and not flower:
        c.fill(heart(c, 0.62, -0.62, 0.3), (240, 50, 90))
    if extra == 5:
        for sx in (-1, 1):
            c.stroke(capsule(c, sx * 0.2 * s, -0.42 * s, sx * 0.45 * s, -0.36 * s, 0), 0.05 * s, INK)
    return c.image()


LANGXIAOHUA = [
    ("笑哈哈", None, "xiaohaha"), ("好爱哦", "好愛哦", "haoaio"), ("噢耶", None, "oye"), ("偷乐", "偷樂", "toule"),
    ("泪流满面", "淚流滿面", "leiliumanmian"), ("巨汗", None, "juhan"), ("抠鼻屎", "摳鼻屎", "koubishi"),
    ("求关注", "求關注", "qiuguanzhu"), ("好喜欢", "好喜歡", "haoxihuan"), ("崩溃", "崩潰", "bengkui"),
    ("好囧", None, "haojiong"), ("震惊", "震驚", "zhenjing"), ("别烦我", "別煩我", "biefanwo"),
    ("不好意思", None, "buhaoyisi"), ("羞嗒嗒", None, "xiudada"), ("得意地笑", None, "deyidexiao"),
    ("纠结", "糾結", "jiujie"), ("给劲", "給勁", "geijin"), ("悲催", None, "beicui"), ("甩甩手", None, "shuaishuaishou"),
    ("好棒", None, "haobang"), ("哼哼", None, "hengheng"), ("晕乎乎", "暈乎乎", "yunhuhu"), ("好委屈", None, "haoweiqu"),
    ("吃货", "吃貨", "chihuo"), ("飞吻", "飛吻", "feiwen"), ("羞羞", None, "xiuxiu"), ("加油哦", None, "jiayouo"),
    ("拜拜咯", None, "baibailo"), ("困死了", None, "kunsile"), ("无聊", "無聊", "wuliao"), ("挖鼻孔", None, "wabikong"),
    ("想一想", None, "xiangyixiang"), ("转发", "轉發", "zhuanfa"), ("赞啊", "讚啊", "zana"),
    ("大笑", None, "daxiao"), ("哭泣", None, "kuqi"), ("花心", None, "huaxin"), ("么么哒", "麼麼噠", "memeda"),
    ("摇摆", "搖擺", "yaobai"),
]

DEFAULT = [
    ("哈哈", "haha", "1F606"), ("爱你", "love", "1F60D"), ("微笑", "smile", "1F642"), ("嘻嘻", "hehe", None),
    ("可爱", "cute", None), ("可怜", "pitiful", "1F97A"), ("挖鼻", "pick", None), ("吃惊", "surprise", "1F632"),
    ("害羞", "shy", "1F633"), ("挤眼", "wink", "1F609"), ("闭嘴", "zip", "1F910"), ("鄙视", "despise", None),
    ("泪", "tears", "1F622"), ("偷笑", "giggle", "1F92D"), ("亲亲", "kiss", "1F618"), ("生病", "sick", "1F637"),
    ("太开心", "joy", "1F602"), ("白眼", "eyeroll", "1F644"), ("右哼哼", "humph-right", None),
    ("左哼哼", "humph-left", None), ("嘘", "shush", "1F92B"), ("衰", "unlucky", None), ("委屈", "wronged", None),
    ("吐", "vomit", "1F92E"), ("哈欠", "yawn", "1F971"), ("抱抱", "hug", "1F917"), ("怒", "angry", "1F620"),
    ("疑问", "question", None), ("馋嘴", "greedy", "1F60B"), ("拜拜", "bye", "1F44B"), ("思考", "think", "1F914"),
    ("汗", "sweat", "1F613"), ("困", "sleepy", "1F62A"), ("睡", "sleep", "1F634"), ("钱", "money", "1F911"),
    ("失望", "disappointed", "1F61E"), ("酷", "cool", "1F60E"), ("色", "lust", None), ("哼", "humph", None),
    ("鼓掌", "clap", "1F44F"), ("晕", "dizzy", "1F635"), ("悲伤", "sad", "1F614"), ("抓狂", "crazy", None),
    ("黑线", "speechless", None), ("阴险", "sly", "1F60F"), ("怒骂", "curse", "1F92C"), ("互粉", "follow", None),
    ("心", "heart", "2764 FE0F"), ("伤心", "broken-heart", "1F494"), ("猪头", "pig", "1F437"),
    ("熊猫", "panda", "1F43C"), ("兔子", "rabbit", "1F430"), ("笑cry", "lol", None), ("摊手", "shrug", None),
    ("跪了", "kneel", None), ("吃瓜", "melon", None), ("打脸", "facepalm", "1F926"), ("费解", "puzzled", "1F615"),
    ("并不简单", "not-simple", None), ("允悲", "sad-smile", None), ("二哈", "husky", None), ("坏笑", "smirk", None),
    ("污", "naughty", None), ("憧憬", "hope", "1F929"), ("耶", "yeah", "270C FE0F"), ("good", "good", "1F44D"),
    ("弱", "weak", "1F44E"), ("NO", "no", None), ("ok", "ok", "1F44C"), ("来", "come", None), ("作揖", "bow", None),
    ("拳头", "fist", "270A"), ("加油", "cheer", "1F4AA"), ("握手", "handshake", "1F91D"), ("蜡烛", "candle", "1F56F FE0F"),
    ("蛋糕", "cake", "1F382"), ("礼物", "gift", "1F381"), ("太阳", "sun", "2600 FE0F"), ("月亮", "moon", "1F319"),
    ("浮云", "cloud", "2601 FE0F"), ("下雨", "rain", "1F327 FE0F"), ("微风", "breeze", None), ("沙尘暴", "sandstorm", None),
    ("围观", "onlookers", "1F440"), ("威武", "mighty", None), ("奥特曼", "ultraman", None), ("绿丝带", "green-ribbon", None),
    ("给力", "awesome", None), ("喜", "happy", None), ("羞", "blush", "263A FE0F"), ("顶", "up", None),
    ("doge", "doge", "1F415"), ("喵喵", "meow", "1F431"), ("鲜花", "flower", "1F490"), ("音乐", "music", "1F3B5"),
    ("咖啡", "coffee", "2615"), ("干杯", "cheers", "1F37B"), ("火", "fire", "1F525"),
]

TRADITIONAL = {"爱你": "愛你", "可爱": "可愛", "可怜": "可憐", "吃惊": "吃驚", "挤眼": "擠眼", "闭嘴": "閉嘴", "鄙视": "鄙視",
               "泪": "淚", "亲亲": "親親", "太开心": "太開心", "馋嘴": "饞嘴", "钱": "錢", "失望": "失望", "鼓掌": "鼓掌",
               "晕": "暈", "悲伤": "悲傷", "黑线": "黑線", "阴险": "陰險", "怒骂": "怒罵", "伤心": "傷心", "猪头": "豬頭",
               "熊猫": "熊貓", "摊手": "攤手", "打脸": "打臉", "费解": "費解", "并不简单": "並不簡單", "坏笑": "壞笑",
               "来": "來", "礼物": "禮物", "浮云": "浮雲", "微风": "微風", "沙尘暴": "沙塵暴", "围观": "圍觀",
               "奥特曼": "奧特曼", "绿丝带": "綠絲帶", "给力": "給力", "鲜花": "鮮花", "音乐": "音樂", "干杯": "乾杯"}

EMOJI = [
    "1F600", "1F603", "1F604", "1F601", "1F606", "1F605", "1F923", "1F602", "1F642", "1F643", "1F609", "1F60A",
    "1F607", "1F970", "1F60D", "1F929", "1F618", "1F617", "263A FE0F", "1F61A", "1F60B", "1F61B", "1F61C", "1F92A",
    "1F914", "1F910", "1F928", "1F610", "1F611", "1F636", "1F60F", "1F612", "1F644", "1F62C", "1F925", "1F60C",
    "1F614", "1F62A", "1F924", "1F634", "1F637", "1F912", "1F915", "1F922", "1F92E", "1F927", "1F975", "1F976",
    "1F635", "1F92F", "1F920", "1F973", "1F60E", "1F913", "1F615", "1F61F", "2764 FE0F", "1F9E1", "1F49B", "1F49A",
    "1F499", "1F49C", "1F494", "1F44D", "1F44D 1F3FB", "1F44D 1F3FD", "1F44D 1F3FF", "1F44B", "1F44B 1F3FC",
    "1F44F", "1F64F", "1F4AA", "1F468 200D 1F469 200D 1F467 200D 1F466", "1F469 200D 1F4BB", "1F3F3 FE0F 200D 1F308",
    "1F1E8 1F1F3", "1F1EF 1F1F5", "1F1FA 1F1F8", "0031 FE0F 20E3", "0023 FE0F 20E3", "1F525", "2728",
]


def weibo_plist(pack_id, names, entries):
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
           '<plist version="1.0">', "<dict>",
           f"\t<key>id</key>\n\t<string>{pack_id}</string>",
           "\t<key>version</key>\n\t<real>1.5</real>",
           f"\t<key>group_name_cn</key>\n\t<string>{names[0]}</string>",
           f"\t<key>group_name_tw</key>\n\t<string>{names[1]}</string>",
           f"\t<key>group_name_en</key>\n\t<string>{names[2]}</string>",
           "\t<key>display_only</key>\n\t<integer>0</integer>",
           "\t<key>group_type</key>\n\t<integer>3</integer>",
           "\t<key>emoticons</key>", "\t<array>"]
    for chs, cht, png in entries:
        out += ["\t\t<dict>",
                f"\t\t\t<key>chs</key>\n\t\t\t<string>{chs}</string>",
                f"\t\t\t<key>cht</key>\n\t\t\t<string>{cht}</string>",
                f"\t\t\t<key>gif</key>\n\t\t\t<string></string>",
                f"\t\t\t<key>png</key>\n\t\t\t<string>{png}</string>",
                "\t\t\t<key>type</key>\n\t\t\t<string>0</string>",
                "\t\t</dict>"]
    out += ["\t</array>", "</dict>", "</plist>", ""]
    return "\n".join(out)


def main():
    lxh = os.path.join(ROOT, "packs", "langxiaohua")
    os.makedirs(lxh, exist_ok=True)
    entries = []
    for chs, cht, slug in LANGXIAOHUA:
        name = f"lxh_{slug}"
        write_png(os.path.join(lxh, f"{name}@2x.png"), face("lxh:" + chs, size=160, flower=True))
        entries.append((f"[{chs}]", f"[{cht or chs}]", f"{name}.png"))
    with open(os.path.join(lxh, "info.plist"), "w", encoding="utf-8") as f:
        f.write(weibo_plist("langxiaohua", ("浪小花", "浪小花", "Lang Xiaohua"), entries))

    default = os.path.join(ROOT, "packs", "default")
    os.makedirs(os.path.join(default, "images"), exist_ok=True)
    lines = []
    for i, (chs, en, emoji) in enumerate(DEFAULT):
        fname = f"images/d_{i:03d}.png"
        animal = "ears" if en in ("pig", "panda", "rabbit", "doge", "meow", "husky") else None
        write_png(os.path.join(default, fname), face("default:" + chs, size=160, animal=animal))
        tags = [f"[{chs}]"]
        if chs in TRADITIONAL and TRADITIONAL[chs] != chs:
            tags.append(f"[{TRADITIONAL[chs]}]")
        if f"[{en}]" not in tags:
            tags.append(f"[{en}]")
        item = '    {"image": "%s", "tags": [%s]' % (fname, ", ".join('"%s"' % t for t in tags))
        if emoji:
            item += ', "emoji": "%s"' % emoji
        lines.append(item + "}")
    with open(os.path.join(default, "pack.json"), "w", encoding="utf-8") as f:
        f.write('{\n  "id": "default",\n  "version": "2.1",\n')
        f.write('  "names": {"en": "Default", "zh-Hans": "默认", "zh-Hant": "默認"},\n')
        f.write('  "size": 32,\n  "scales": [1, 2, 3],\n  "filter": "lanczos3",\n')
        f.write('  "sheet": {"maxSide": 2048, "padding": 1},\n')
        f.write('  "emoticons": [\n' + ",\n".join(lines) + "\n  ]\n}\n")

    emoji = os.path.join(ROOT, "packs", "emoji")
    os.makedirs(emoji, exist_ok=True)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
           '<plist version="1.0">', "<dict>",
           "\t<key>id</key>\n\t<string>emoji</string>",
           "\t<key>version</key>\n\t<string>15.0</string>",
           "\t<key>names</key>\n\t<dict>\n\t\t<key>en</key>\n\t\t<string>Emoji</string>"
           "\n\t\t<key>zh-Hans</key>\n\t\t<string>Emoji</string>\n\t</dict>",
           "\t<key>size</key>\n\t<integer>32</integer>",
           "\t<key>emoticons</key>", "\t<array>"]
    for code in EMOJI:
        out.append(f"\t\t<dict>\n\t\t\t<key>emoji</key>\n\t\t\t<string>{code}</string>\n\t\t</dict>")
    out += ["\t</array>", "</dict>", "</plist>", ""]
    with open(os.path.join(emoji, "pack.plist"), "w", encoding="utf-8") as f:
        f.write("\n".join(out))


def weibo_shipped():
    """A Weibo-format pack as Weibo ships one: `name.png` drawn at 32 px and `name@2x.png` at 64 px, each
    run through `optipng -o2` so that the sources' bytes are honest (the compactness test compares with them)."""
    import subprocess
    out = os.path.join(ROOT, "Tests", "EmoPackCompilerTests", "Fixtures", "packs", "weibo-shipped")
    os.makedirs(out, exist_ok=True)
    entries = []
    for chs, cht, slug in LANGXIAOHUA[:24]:
        name = f"ws_{slug}"
        for side, suffix in ((32, ""), (64, "@2x")):
            path = os.path.join(out, f"{name}{suffix}.png")
            write_png(path, face("ws:" + chs, size=side, flower=(len(entries) % 2 == 0)))
            subprocess.run(["optipng", "-quiet", "-o2", "-strip", "all", path], check=True)
        entries.append((f"[{chs}]", f"[{cht or chs}]", f"{name}.png"))
    with open(os.path.join(out, "info.plist"), "w", encoding="utf-8") as f:
        f.write(weibo_plist("shipped", ("微博", "微博", "Weibo"), entries))


ANIMATED = [
    ("跳跳", "bounce", "gif"), ("眨眼", "blink", "gif"), ("心跳", "pulse", "gif"), ("摇摆", "wiggle", "gif"),
    ("点头", "nod", "gif"), ("闪闪", "twinkle", "gif"), ("弹弹", "bounce", "apng"), ("眯眼", "blink", "apng"),
    ("扑通", "pulse", "apng"), ("晃晃", "wiggle", "apng"), ("嗯嗯", "nod", "apng"), ("亮亮", "twinkle", "apng"),
]


def animated_frames(key, motion, side=64, count=8):
    """Whole RGBA frames (numpy) of one moving face on a transparent `side` square."""
    frames = []
    base = face(key, size=52)
    for k in range(count):
        t = k / count
        canvas = np.zeros((side, side, 4), dtype=np.uint8)
        img, x, y = base, 6, 6
        if motion == "bounce":
            y = int(round(11 - 10 * abs(math.sin(math.pi * t))))
        elif motion == "pulse":
            s = 44 + int(round(8 * abs(math.sin(math.pi * t))))
            img, x, y = face(key, size=s), (side - s) // 2, (side - s) // 2
        elif motion == "wiggle":
            x = 6 + int(round(5 * math.sin(2 * math.pi * t)))
        elif motion == "nod":
            y = 6 + int(round(4 * math.sin(2 * math.pi * t)))
        h, w = img.shape[:2]
        canvas[y:y + h, x:x + w] = img
        if motion == "blink" and k in (3, 4):
            # Closed eyes: a band of the face's own colour across the eyes.
            band = canvas[y + 20:y + 25, x + 8:x + 44]
            colour = canvas[y + 34, x + 26, :3]
            visible = band[..., 3] > 0
            band[visible, :3] = colour
        if motion == "twinkle":
            r = int(3 + 3 * abs(math.sin(2 * math.pi * t)))
            cy, cx = 8, side - 9
            canvas[cy - r:cy + r + 1, cx, :] = (255, 230, 80, 255)
            canvas[cy, cx - r:cx + r + 1, :] = (255, 230, 80, 255)
        frames.append(canvas)
    return frames


def gif_indices(rgba):
    """A fixed web palette (6 levels a channel) with index 216 transparent; alpha below 128 is transparent."""
    q = np.clip(np.round(rgba[..., :3].astype(np.float64) / 51), 0, 5).astype(np.int64)
    idx = q[..., 0] * 36 + q[..., 1] * 6 + q[..., 2]
    idx[rgba[..., 3] < 128] = 216
    return idx


WEB = [(r * 51, g * 51, b * 51) for r in range(6) for g in range(6) for b in range(6)] + [(0, 0, 0)]


def fixture_writers():
    """The GIF and APNG writers of build-tools/goldens/animation_fixtures.py (one writer for fixtures and art)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("fx", os.path.join(ROOT, "build-tools", "goldens", "animation_fixtures.py"))
    fx = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fx)
    return fx


def write_animated_gif(path, frames, motion, delay):
    fx = fixture_writers()
    side = frames[0].shape[0]
    out = []
    prev = None
    for k, f in enumerate(frames):
        idx = gif_indices(f)
        if motion == "blink" and k in (3, 4):
            # The closed eyes as a small frame over the open face, restored afterwards (disposal 3).
            ys, xs = np.nonzero(idx != gif_indices(frames[0]))
            y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
            sub = idx[y0:y1, x0:x1]
            out.append(dict(x=int(x0), y=int(y0), w=int(x1 - x0), h=int(y1 - y0), indices=[int(v) for v in sub.flat],
                            transparent=216, disposal=3, delay=delay))
            continue
        if prev is not None and motion in ("twinkle", "nod", "blink"):
            # Only the changed rectangle, unchanged pixels transparent, kept (disposal 1), as gifsicle optimises.
            diff = idx != prev
            if not diff.any():
                diff[0, 0] = True
            ys, xs = np.nonzero(diff)
            y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
            sub = np.where(diff[y0:y1, x0:x1], idx[y0:y1, x0:x1], 216)
            out.append(dict(x=int(x0), y=int(y0), w=int(x1 - x0), h=int(y1 - y0), indices=[int(v) for v in sub.flat],
                            transparent=216, disposal=1, delay=delay, interlace=(k == 1)))
        else:
            # Whole frames over transparency, cleared after each (disposal 2).
            out.append(dict(x=0, y=0, w=side, h=side, indices=[int(v) for v in idx.flat], transparent=216,
                            disposal=2 if motion in ("bounce", "pulse", "wiggle") else 0, delay=delay))
        prev = idx
    fx.write_gif(path, side, side, WEB, out, loop=0)


def write_animated_apng(path, frames, motion, delay_ms):
    fx = fixture_writers()
    side = frames[0].shape[0]
    out = []
    for k, f in enumerate(frames):
        px = [tuple(int(v) for v in p) for p in f.reshape(-1, 4)]
        if k > 0 and motion in ("blink", "twinkle"):
            # The changed rectangle blended over the kept canvas.
            diff = np.any(f != frames[k - 1], axis=2)
            if not diff.any():
                diff[0, 0] = True
            ys, xs = np.nonzero(diff)
            y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
            sub = f[y0:y1, x0:x1]
            out.append(dict(x=int(x0), y=int(y0), w=int(x1 - x0), h=int(y1 - y0),
                            pixels=[tuple(int(v) for v in p) for p in sub.reshape(-1, 4)], blend=0, dispose=0,
                            delay=(delay_ms, 1000)))
        else:
            out.append(dict(x=0, y=0, w=side, h=side, pixels=px, blend=0,
                            dispose=1 if motion in ("bounce", "pulse") else (2 if k == 2 else 0), delay=(delay_ms, 1000)))
    fx.write_apng(path, side, side, out, plays=0)


def animated():
    out = os.path.join(ROOT, "packs", "animated")
    os.makedirs(out, exist_ok=True)
    items = []
    for i, (tag, motion, kind) in enumerate(ANIMATED):
        frames = animated_frames("anim:" + tag, motion)
        name = f"a_{i:02d}_{motion}.{'gif' if kind == 'gif' else 'png'}"
        if kind == "gif":
            write_animated_gif(os.path.join(out, name), frames, motion, delay=8 if motion != "blink" else 12)
        else:
            write_animated_apng(os.path.join(out, name), frames, motion, delay_ms=90 if motion != "blink" else 120)
        items.append('    {"image": "%s", "tags": ["[%s]"]}' % (name, tag))
    with open(os.path.join(out, "pack.json"), "w", encoding="utf-8") as f:
        f.write('{\n  "id": "animated",\n  "version": "1.0",\n')
        f.write('  "names": {"en": "Animated", "zh-Hans": "动态", "zh-Hant": "動態"},\n')
        f.write('  "size": 32,\n  "scales": [1, 2],\n')
        f.write('  "emoticons": [\n' + ",\n".join(items) + "\n  ]\n}\n")


# (tag text, legacy code, shortcode, zh-Hans keywords, en keywords, insert): QQ-style codes beside bracket tags.
CODES = [
    ("微笑", "/::)", ":smile:", ["笑", "开心"], ["smile", "happy"], None),
    ("撇嘴", "/::~", ":pout:", ["不满"], ["pout"], None),
    ("色", "/::B", ":heart_eyes:", ["喜欢", "爱"], ["love", "crush"], None),
    ("发呆", "/::|", ":blank:", ["呆"], ["daze", "blank"], None),
    ("得意", "/:8-)", ":cool:", ["酷"], ["cool", "proud"], None),
    ("流泪", "/::<", ":tears:", ["哭", "难过"], ["cry", "tears"], None),
    ("害羞", "/::$", ":shy:", ["脸红"], ["shy", "blush"], None),
    ("闭嘴", "/::X", ":zip:", ["安静"], ["silent", "zip"], "code"),
    ("睡", "/::Z", ":sleep:", ["困"], ["sleep", "tired"], None),
    ("大哭", "/::'(", ":sob:", ["哭", "伤心"], ["sob", "cry"], None),
    ("尴尬", "/::-|", ":awkward:", ["尴尬"], ["awkward"], None),
    ("发怒", "/::@", ":angry:", ["生气"], ["angry", "mad"], None),
    ("调皮", "/::P", ":tongue:", ["淘气"], ["playful", "tongue"], "code"),
    ("呲牙", "/::D", ":grin:", ["笑", "露齿"], ["grin"], None),
    ("惊讶", "/::O", ":surprised:", ["吃惊"], ["surprised", "wow"], None),
    ("难过", "/::(", ":sad:", ["伤心", "难过"], ["sad", "upset"], None),
]


def codes_pack():
    out = os.path.join(ROOT, "packs", "codes")
    os.makedirs(os.path.join(out, "images"), exist_ok=True)
    items = []
    for i, (tag, code, short, zh, en, insert) in enumerate(CODES):
        name = f"images/c_{i:02d}.png"
        write_png(os.path.join(out, name), face("codes:" + tag, size=96))
        keywords = '{"zh-Hans": [%s], "en": [%s]}' % (
            ", ".join('"%s"' % k for k in zh), ", ".join('"%s"' % k for k in en))
        codes = [f"/{tag}", code, short]
        item = '    {"image": "%s", "tags": ["[%s]"], "codes": [%s], "keywords": %s' % (
            name, tag, ", ".join(json_string(c) for c in codes), keywords)
        if insert:
            item += ', "insert": "%s"' % insert
        items.append(item + "}")
    # One image with codes and no tag; emoji entries that CLDR names at build time (--keyword-locales).
    name = "images/c_code_only.png"
    write_png(os.path.join(out, name), face("codes:ok", size=96))
    items.append('    {"image": "%s", "codes": ["/OK", ":ok:"], "keywords": {"en": ["okay"]}}' % name)
    for emoji in ["1F600", "2764 FE0F", "1F9D1 200D 1F4BB", "1F44D 1F3FD", "1FAE0", "1FAE8"]:
        items.append('    {"emoji": "%s"}' % emoji)
    with open(os.path.join(out, "pack.json"), "w", encoding="utf-8") as f:
        f.write('{\n  "id": "codes",\n  "version": "1.0",\n')
        f.write('  "names": {"en": "Classic", "zh-Hans": "经典", "zh-Hant": "經典"},\n')
        f.write('  "size": 24,\n  "scales": [1, 2, 3],\n')
        f.write('  "emoticons": [\n' + ",\n".join(items) + "\n  ]\n}\n")


# The code-list bundle (YYText's QQ set's shape): (code, motion, frames, delay in hundredths).
QQ = [
    ("/微笑", "bounce", 8, 8), ("/撇嘴", "wiggle", 6, 10), ("/色", "pulse", 8, 6), ("/发呆", "blink", 8, 12),
    ("/得意", "nod", 6, 9), ("/流泪", "bounce", 10, 7), ("/害羞", "pulse", 6, 11), ("/闭嘴", "wiggle", 8, 8),
    ("/睡", "nod", 12, 10), ("/大哭", "bounce", 8, 5), ("/尴尬", "wiggle", 6, 13), ("/发怒", "pulse", 8, 8),
    ("/调皮", "twinkle", 8, 9), ("/呲牙", "bounce", 6, 10), ("/惊讶", "blink", 8, 12), ("/难过", "nod", 8, 8),
    ("/::)", "bounce", 8, 8), ("/::(", "nod", 8, 8), ("/::D", "pulse", 6, 7), ("/::P", "twinkle", 10, 6),
    ("/::O", "wiggle", 8, 9), ("/:8-)", "blink", 8, 12), ("/::~", "bounce", 4, 15), ("/::Z", "nod", 6, 20),
]


def codelist():
    """A YYText-style code-list bundle: `info.plist` is an array of {code: base name}; each base name has an
    animated `NNN@2x.gif` (48 px: 24 points at 2x) and its still `NNN@2x.png` (the first frame). The last item
    names the first item's image again. `expected.json` records each GIF's frame count and total duration as
    Pillow decodes them (pip install pillow), so the test's expectations do not come from emopack's decoder."""
    from PIL import Image
    import json
    out = os.path.join(ROOT, "Tests", "EmoPackCompilerTests", "Fixtures", "packs", "EmoticonQQ.bundle")
    os.makedirs(out, exist_ok=True)
    items = []
    expected = {}
    for i, (code, motion, count, delay) in enumerate(QQ):
        base = f"{i:03d}"
        # Drawn at 64 px and reduced to 48 px.
        frames = reduced(animated_frames("qq:" + code, motion, side=64, count=count), 48)
        gif = os.path.join(out, base + "@2x.gif")
        write_animated_gif(gif, frames, motion, delay)
        write_png(os.path.join(out, base + "@2x.png"), frames[0])
        items.append((code, base))
        with Image.open(gif) as im:
            n = im.n_frames
            total = 0
            for k in range(n):
                im.seek(k)
                d = im.info.get("duration", 0)
                # Delays of 0 or 1 hundredths show as 100 ms (docs/MANIFEST.md).
                total += 100 if d <= 10 else d
            expected[code] = {"image": base, "frames": n, "durationMs": total, "size": list(im.size)}
    items.append(("/呵呵", "000"))
    expected["/呵呵"] = dict(expected[QQ[0][0]])
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
             '<plist version="1.0">', "<array>"]
    for code, base in items:
        lines += ["\t<dict>", f"\t\t<key>{code}</key>", f"\t\t<string>{base}</string>", "\t</dict>"]
    lines += ["</array>", "</plist>", ""]
    with open(os.path.join(out, "info.plist"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    with open(os.path.join(out, "..", "EmoticonQQ.expected.json"), "w", encoding="utf-8") as f:
        json.dump(expected, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")
    gif_family()


def reduced(frames, side):
    """Frames reduced to `side` px (Pillow's Lanczos on premultiplied colour)."""
    from PIL import Image
    out = []
    for f in frames:
        a = f[..., 3:4].astype(np.float64) / 255
        pre = np.concatenate([f[..., :3] * a, f[..., 3:4]], axis=2).astype(np.uint8)
        small = np.asarray(Image.fromarray(pre, "RGBA").resize((side, side), Image.LANCZOS)).astype(np.float64)
        alpha = small[..., 3:4]
        rgb = np.where(alpha > 0, np.clip(small[..., :3] * 255 / np.maximum(alpha, 1), 0, 255), 0)
        out.append(np.concatenate([rgb, alpha], axis=2).round().astype(np.uint8))
    return out


def gif_family():
    """Scale families of GIFs for the look-up rule's tests (24-point art): `same.gif` (24 px) and `same@2x.gif`
    (48 px) are one animation drawn twice; `other.gif` has other frames than `other@2x.gif`; `face@2x.gif` with
    `face.png` and `face@2x.png` is a Weibo entry whose gif is named at 2x."""
    out = os.path.join(ROOT, "Tests", "EmoPackCompilerTests", "Fixtures", "packs", "gif-family")
    os.makedirs(out, exist_ok=True)
    same = animated_frames("family:same", "bounce", side=64, count=6)
    write_animated_gif(os.path.join(out, "same.gif"), reduced(same, 24), "bounce", 10)
    write_animated_gif(os.path.join(out, "same@2x.gif"), reduced(same, 48), "bounce", 10)
    other = animated_frames("family:other", "pulse", side=64, count=8)
    write_animated_gif(os.path.join(out, "other.gif"), reduced(other[:4], 24), "pulse", 10)
    write_animated_gif(os.path.join(out, "other@2x.gif"), reduced(other, 48), "pulse", 10)
    face_frames = animated_frames("family:face", "nod", side=64, count=6)
    write_animated_gif(os.path.join(out, "face@2x.gif"), reduced(face_frames, 48), "nod", 9)
    write_png(os.path.join(out, "face.png"), reduced(face_frames[:1], 24)[0])
    write_png(os.path.join(out, "face@2x.png"), reduced(face_frames[:1], 48)[0])


def weibo_palette():
    """A Weibo-format pack for the palette mode: 40 emoticons as `name.png` (32 px) and `name@2x.png` (64 px),
    through `optipng -o2`. 37 shaded faces (a light from the top left and a fine grain give each thousands of
    colours, as painted emoticons have) and 3 hard sprites: a conic rainbow, a two-axis gradient of saturated
    colours and a smooth colour field, each with a soft alpha edge."""
    import subprocess
    out = os.path.join(ROOT, "Tests", "EmoPackCompilerTests", "Fixtures", "packs", "weibo-palette")
    os.makedirs(out, exist_ok=True)

    def shaded(key, side):
        img = face(key, size=side).astype(np.float64)
        y, x = np.mgrid[0:side, 0:side] / (side - 1)
        light = 1.08 - 0.2 * np.hypot(x - 0.3, y - 0.25)
        grain = rng_for("grain:" + key).normal(0, 1.0, (side, side, 1))
        img[..., :3] = np.clip(img[..., :3] * light[..., None] + grain, 0, 255)
        return img.round().astype(np.uint8)

    def hard(kind, side):
        y, x = (np.mgrid[0:side, 0:side] + 0.5) / side
        dx, dy = x - 0.5, y - 0.5
        d = np.hypot(dx, dy)
        alpha = np.clip((0.48 - d) * side / 2, 0, 1)
        if kind == 0:
            h = (np.arctan2(dy, dx) / (2 * math.pi)) % 1
            rgb = np.stack([0.5 + 0.5 * np.cos(2 * math.pi * (h - k / 3)) for k in range(3)], axis=2)
            rgb = rgb * (0.55 + 0.45 * (1 - d / 0.5))[..., None]
        elif kind == 1:
            rgb = np.stack([x, y, 1 - 0.5 * (x + y)], axis=2) ** 0.8
        else:
            r = rng_for("field")
            rgb = np.zeros((side, side, 3))
            for c in range(3):
                for _ in range(5):
                    fx, fy, ph = r.uniform(1, 4), r.uniform(1, 4), r.uniform(0, 2 * math.pi)
                    rgb[..., c] += np.sin(2 * math.pi * (fx * x + fy * y) + ph)
            rgb = 0.5 + rgb / 10
        img = np.zeros((side, side, 4))
        img[..., :3] = np.clip(rgb, 0, 1) * 255
        img[..., 3] = alpha * 255
        return img.round().astype(np.uint8)

    entries = []
    for i, (chs, cht, slug) in enumerate(LANGXIAOHUA[:40]):
        name = f"wp_{slug}"
        for side, suffix in ((32, ""), (64, "@2x")):
            path = os.path.join(out, f"{name}{suffix}.png")
            kind = {11: 0, 23: 1, 35: 2}.get(i)
            write_png(path, hard(kind, side) if kind is not None else shaded("wp:" + chs, side))
            subprocess.run(["optipng", "-quiet", "-o2", "-strip", "all", path], check=True)
        entries.append((f"[{chs}]", f"[{cht or chs}]", f"{name}.png"))
    with open(os.path.join(out, "info.plist"), "w", encoding="utf-8") as f:
        f.write(weibo_plist("palette", ("调色板", "調色板", "Palette"), entries))


def json_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


if __name__ == "__main__":
    import sys
    if sys.argv[1:] == ["codes"]:
        codes_pack()
        sys.exit(0)
    if sys.argv[1:] == ["weibo-palette"]:
        weibo_palette()
        sys.exit(0)
    if sys.argv[1:] == ["codelist"]:
        codelist()
        sys.exit(0)
    if sys.argv[1:] == ["weibo-shipped"]:
        weibo_shipped()
    elif sys.argv[1:] == ["animated"]:
        animated()
    else:
        main()
