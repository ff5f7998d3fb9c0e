#!/usr/bin/env python3
"""The web runtime in headless Chromium (Debian's chromium and chromium-driver, through python3-selenium).

Builds three sample packs with the CLI, exports them with `emopack export --format web`, serves the export and the
repository's web/ folder from 127.0.0.1 only, and checks: the conformance vectors in the browser; the example page's
rendering (image count and positions, a screenshot region against EmoPackSprites' pixels), copy, the delete key in
the editable field, the keyboard at 375 and 414 CSS pixels against the Swift GridFit, an animation's frame changes
and the still under prefers-reduced-motion; PackSite installing a signed site (emopack keygen and publish) and refusing
its tampered copies; then the bench page. Prints one line per check and exits 1 on a failure.

  python3 web/test/browser/run.py [--emopack .build/debug/emopack] [--screenshot docs/web-example.png]
"""
import argparse, functools, http.server, io, json, os, shutil, subprocess, sys, tempfile, threading, time, urllib.parse

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
failures = []


def check(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + (": " + detail if detail else ""), flush=True)
    if not ok:
        failures.append(name)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the folder; /live/ is one of the signed sites under signed/, chosen by /switch?to=NAME."""
    live = ["v1"]

    def log_message(self, *args):
        pass

    def translate_path(self, path):
        if path.startswith("/live/"):
            path = "/signed/" + QuietHandler.live[0] + "/" + path[len("/live/"):]
        return super().translate_path(path)

    def do_GET(self):
        if self.path.startswith("/switch?to="):
            QuietHandler.live[0] = urllib.parse.unquote(self.path.split("=", 1)[1])
            self.send_response(204)
            self.end_headers()
            return
        super().do_GET()

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def serve(folder):
    """An HTTP server for `folder` on 127.0.0.1, on a free port, in a daemon thread."""
    handler = functools.partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.timeout = 5
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser(reduced_motion=False):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--force-device-scale-factor=2", "--force-color-profile=srgb", "--no-sandbox",
                 "--disable-dev-shm-usage", "--window-size=480,900", "--disable-gpu", "--hide-scrollbars"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(240)
    if reduced_motion:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    return driver


def wait_for(driver, script, timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError(script)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--emopack", default=os.path.join(ROOT, ".build", "debug", "emopack"))
    ap.add_argument("--screenshot")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="emopack-browser-")
    try:
        site = os.path.join(work, "site")
        os.makedirs(site)
        packs = []
        for name in ["langxiaohua", "animated", "emoji"]:
            out = os.path.join(work, "build", name)
            subprocess.run([args.emopack, "build", os.path.join(ROOT, "packs", name), "-o", out], check=True, capture_output=True)
            packs += [os.path.join(out, f) for f in os.listdir(out) if f.endswith(".pack")]
        subprocess.run([args.emopack, "export", *packs, "--format", "web", "-o", os.path.join(site, "example")], check=True, capture_output=True)
        shutil.copytree(os.path.join(ROOT, "web"), os.path.join(site, "web"))
        key = signed_sites(args.emopack, packs, work, site)
        server = serve(site)
        base = "http://127.0.0.1:%d/" % server.server_address[1]
        driver = browser()
        try:
            run_checks(driver, base, args)
            site_checks(driver, base, key)
        finally:
            driver.quit()
        driver = browser(reduced_motion=True)
        try:
            reduced_motion_check(driver, base)
        finally:
            driver.quit()
        cold_check(base)
        server.shutdown()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("browser: %d failure(s)" % len(failures))
    return 1 if failures else 0


def signed_sites(emopack, packs, work, site):
    """Publishes the packs with a new key (serial 1, then 2 in another order) and writes tampered copies under
    site/signed/: a flipped byte in the index, its signature, the .pack and a sheet; a cut sheet, a longer .pack, a
    missing sheet, and the site signed by another key. Returns the trusted public key in base64."""
    run = lambda *a: subprocess.run([emopack, *a], check=True, capture_output=True)
    run("keygen", "-o", os.path.join(work, "publisher"))
    run("keygen", "-o", os.path.join(work, "stranger"))
    signed = os.path.join(site, "signed")
    v1 = os.path.join(signed, "v1")
    run("publish", *packs, "-o", v1, "--key", os.path.join(work, "publisher.key"))
    v2 = os.path.join(signed, "v2")
    shutil.copytree(v1, v2)
    ids = [os.path.basename(p)[:-len(".pack")] for p in packs]
    run("publish", "-o", v2, "--key", os.path.join(work, "publisher.key"), "--order", ",".join(reversed(ids)))
    index = json.load(open(os.path.join(v1, "index.json")))
    pack_digest = index["signed"]["packs"][0]["files"][0]["sha256"]
    sheet_digest = index["signed"]["packs"][0]["files"][-1]["sha256"]

    def variant(name, edit):
        folder = os.path.join(signed, name)
        shutil.copytree(v1, folder)
        edit(folder)

    def flip(path, at):
        data = bytearray(open(path, "rb").read())
        data[at if at >= 0 else len(data) + at] ^= 1
        open(path, "wb").write(bytes(data))

    def replace_signature_byte(folder):
        text = open(os.path.join(folder, "index.json"), encoding="utf-8").read()
        at = text.index('"signature":"') + len('"signature":"') + 5
        swapped = "B" if text[at] != "B" else "C"
        open(os.path.join(folder, "index.json"), "w", encoding="utf-8").write(text[:at] + swapped + text[at + 1:])

    variant("flip-index", lambda f: flip(os.path.join(f, "index.json"), -40))
    variant("flip-signature", replace_signature_byte)
    variant("flip-pack", lambda f: flip(os.path.join(f, "files", pack_digest), 100))
    variant("flip-sheet", lambda f: flip(os.path.join(f, "files", sheet_digest), -10))
    variant("truncated-sheet", lambda f: open(os.path.join(f, "files", sheet_digest), "r+b").truncate(50))
    variant("extended-pack", lambda f: open(os.path.join(f, "files", pack_digest), "ab").write(b"x"))
    variant("missing-sheet", lambda f: os.remove(os.path.join(f, "files", sheet_digest)))
    stranger = os.path.join(signed, "untrusted")
    run("publish", *packs, "-o", stranger, "--key", os.path.join(work, "stranger.key"))
    return open(os.path.join(work, "publisher.pub")).read().strip()


def site_checks(driver, base, key):
    """PackSite in Chromium against the signed sites (web/test/browser/site.html)."""
    driver.get(base + "web/test/browser/site.html?key=" + urllib.parse.quote(key))
    wait_for(driver, "return window.siteCheck !== undefined")
    results = driver.execute_async_script("const done = arguments[arguments.length - 1]; window.siteCheck.then(done);")
    for r in results:
        check("PackSite: " + r["name"], r["ok"], "" if r["ok"] else r["detail"][:300])


def run_checks(driver, base, args):
    print("browser: " + driver.capabilities.get("browserVersion", "?"), flush=True)
    # 1. The conformance vectors on this engine.
    driver.get(base + "web/test/browser/conformance.html")
    results = wait_for(driver, "return window.conformance", timeout=240)
    for name, r in results.items():
        check("conformance in Chromium: " + name, r["count"] > 0 and not r["failures"], "%d checked; %s" % (r["count"], r["failures"][:3]))
    segmenter = driver.execute_script("""
      const seg = new Intl.Segmenter('en', {granularity: 'grapheme'});
      return fetch('../vectors/tokenize.json').then(r => r.json()).then(v => v.messages.filter(m =>
        JSON.stringify(Array.from(seg.segment(m.text), s => s.index + s.segment.length)) !== JSON.stringify(m.clusters)).length);""")
    print("info Intl.Segmenter in Chromium differs from Swift on %s vector messages (not used by the module)" % segmenter, flush=True)

    # 2. The example page: a message with three emoticons, rendered.
    message = "你好[笑哈哈]世界[噢耶][偷乐]!"
    driver.get(base + "example/index.html?m=" + urllib.parse.quote(message))
    wait_for(driver, "return document.documentElement.dataset.ready === 'true'")
    boxes = driver.execute_script("""
      const li = document.querySelector('#messages li');
      return Array.from(li.querySelectorAll('.emopack-emoticon'), e => {
        const r = e.getBoundingClientRect(); return [e.dataset.source, r.left, r.top, r.width, r.height, e.getAttribute('aria-label')]; });""")
    tokens = driver.execute_script("""
      const t = emopackExample.tokenizer.tokenize(arguments[0]);
      const out = []; for (let i = 0; i < t.length; i++) if (t.kind(i) === 'emoticon') out.push(t.text(i)); return out;""", message)
    check("example page: one image per emoticon", [b[0] for b in boxes] == tokens and len(boxes) == 3, str([b[0] for b in boxes]))
    check("example page: images in reading order, each 24×24 on one line",
          all(boxes[i][1] < boxes[i + 1][1] for i in range(len(boxes) - 1)) and all(abs(b[3] - 24) < 0.01 and abs(b[4] - 24) < 0.01 for b in boxes)
          and len({round(b[2]) for b in boxes}) == 1, str(boxes))
    check("example page: each image labelled", all(b[5] and b[5] == b[0][1:-1] for b in boxes), str([b[5] for b in boxes]))

    # 3. A screenshot region equals EmoPackSprites' pixels (lossless sheets, 2x at a device pixel ratio of 2).
    for entry in range(3):
        rect = driver.execute_script("""
          const c = emopackExample; const m = c.emopack;
          document.body.style.background = '#fff';
          let host = document.getElementById('pixels');
          if (!host) { host = document.createElement('div'); host.id = 'pixels'; host.style.cssText = 'position:fixed;left:11px;top:13px;background:#fff;padding:0;z-index:9'; document.body.appendChild(host); }
          const ref = {pack: 0, entry: arguments[0]};
          const el = m.emoticonElement(document, ref, c.catalog.emoticon(ref).insertionText, {...c.options, size: c.catalog.packs[0].pointSize});
          host.replaceChildren(el);
          const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height, devicePixelRatio];""", entry)
        time.sleep(0.3)
        shot = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
        k = rect[4]
        box = tuple(int(round(v * k)) for v in (rect[0], rect[1], rect[0] + rect[2], rect[1] + rect[3]))
        region = shot.crop(box)
        sprite = Image.open(os.path.join(ROOT, "web", "test", "fixtures", "sprites", "langxiaohua-%d@2x.png" % entry)).convert("RGBA")
        expected = Image.new("RGB", sprite.size)
        px = expected.load()
        for y in range(sprite.size[1]):
            for x in range(sprite.size[0]):
                r, g, b, a = sprite.getpixel((x, y))
                mul = lambda c: (c * a + 128 + ((c * a + 128) >> 8)) >> 8
                px[x, y] = (mul(r) + 255 - a, mul(g) + 255 - a, mul(b) + 255 - a)
        same = region.size == expected.size and list(region.getdata()) == list(expected.getdata())
        worst = 0
        if region.size == expected.size:
            worst = max(max(abs(p - q) for p, q in zip(u, v)) for u, v in zip(region.getdata(), expected.getdata()))
        check("screenshot of langxiaohua #%d at 2x equals EmoPackSprites' pixels over white" % entry, same,
              "region %s, expected %s, largest channel difference %d" % (region.size, expected.size, worst))

    # 3b. An emoticon that cannot be drawn (a damaged entry or placement, a sheet without a URL) shows as its text in
    # a message and as a disabled cell in the keyboard; the rest of the message, the other cells and other animations
    # go on.
    damaged = driver.execute_script("""
      const c = emopackExample; const m = c.emopack; const pack = c.catalog.packs[0];
      const [tagA, tagB] = [0, 1].map(e => c.catalog.emoticon({pack: 0, entry: e}).insertionText);
      const message = '好' + tagA + '的' + tagB;
      const shown = (o) => { const host = document.createElement('div');
        host.appendChild(m.renderMessage(document, c.tokenizer, message, o));
        return [host.querySelectorAll('.emopack-emoticon').length, host.textContent]; };
      const out = [tagA, tagB, shown(c.options)];
      const k = c.keyboard; k.tab = k.categories().findIndex(t => t.id === pack.id); k.page = 0;
      const placement = pack.placement; const damagedImage = pack.entry(0).image;
      pack.placement = function (image, scale) {
        if (image === damagedImage) throw new m.PackError('inconsistent', 0, 'damaged placement');
        return placement.call(this, image, scale); };
      try {
        out.push(shown(c.options));
        k.build();
        const cell = k.querySelector('.emopack-cell[data-index="0"]');
        out.push([cell.disabled, k.querySelectorAll('.emopack-cell .emopack-emoticon').length]);
        const editor = c.editor; editor.source = '好' + tagA + '的';
        const undrawn = Array.from(editor.element.querySelectorAll('.emopack-undrawn'), e => e.textContent);
        editor.deleteBackward(); const once = editor.source; editor.deleteBackward();
        out.push([undrawn, once, editor.source]); editor.source = '';
      } finally { pack.placement = placement; }
      out.push(shown({ ...c.options, sheetURLs: [] }));
      const entry = pack.entry;
      pack.entry = function (i) { if (i === 0) throw new m.PackError('inconsistent', 0, 'damaged entry'); return entry.call(this, i); };
      try {
        k.build();
        const cell = k.querySelector('.emopack-cell[data-index="0"]');
        out.push([cell.disabled, cell.dataset.entry === undefined, k.querySelectorAll('.emopack-cell .emopack-emoticon').length]);
      } finally { pack.entry = entry; k.build(); }
      return out;""")
    tag_a, tag_b = damaged[0], damaged[1]
    check("a damaged emoticon shows as its text; the message, keyboard cells and other emoticons go on",
          damaged[2:] == [[2, "好的"], [1, "好" + tag_a + "的"], [True, 22], [[tag_a], "好" + tag_a, "好"], [0, "好" + tag_a + "的" + tag_b], [True, True, 22]], repr(damaged))
    animations = driver.execute_script("""
      const c = emopackExample; const m = c.emopack; const p = c.catalog.packs.findIndex(x => x.id === 'animated');
      const animator = new m.Animator(window); const els = [];
      for (const entry of [0, 1]) {
        const el = m.emoticonElement(document, {pack: p, entry}, '', c.options, animator); document.body.appendChild(el); els.push(el); }
      animator.items[0].draw = () => { throw new m.PackError('inconsistent', 0, 'damaged frame'); };
      const seen = new Set();
      return new Promise(done => { const start = performance.now(); const poll = () => {
        seen.add(els[1].dataset.frame);
        if (performance.now() - start < 1500) requestAnimationFrame(poll);
        else { const left = animator.items.length; animator.stop(); els.forEach(e => e.remove()); done([seen.size, left]); } };
        requestAnimationFrame(poll); });""")
    check("an animation whose frame cannot be drawn stops alone; the other keeps changing frames",
          animations[0] >= 2 and animations[1] == 1, repr(animations))

    # 4. Copy gives the source text back.
    copied = driver.execute_script("""
      const li = document.querySelector('#messages li');
      const range = document.createRange(); range.selectNodeContents(li);
      const sel = getSelection(); sel.removeAllRanges(); sel.addRange(range);
      const data = new DataTransfer();
      li.dispatchEvent(new ClipboardEvent('copy', {clipboardData: data, bubbles: true, cancelable: true}));
      return data.getData('text/plain');""")
    check("copy of a rendered message gives its source text", copied == message, repr(copied))

    # 5. The delete key in the editable field removes whole tokens: a flag, a ZWJ family, a tag, a code point.
    field = driver.find_element(By.ID, "field")
    field.click()
    driver.execute_script("emopackExample.editor.source = arguments[0]; document.getElementById('field').focus(); emopackExample.editor.render(emopackExample.editor.model.displayLength);",
                          "a[笑哈哈]👨‍👩‍👧‍👦🇨🇳")
    seen = []
    for _ in range(4):
        field.send_keys(Keys.BACKSPACE)
        seen.append(driver.execute_script("return emopackExample.editor.source"))
    check("delete key in contenteditable: flag, ZWJ sequence, tag, letter, each whole", seen == ["a[笑哈哈]👨‍👩‍👧‍👦", "a[笑哈哈]", "a", ""], repr(seen))
    field.send_keys("好")
    driver.execute_script("emopackExample.editor.insert('[笑哈哈]')")
    field.send_keys("!")
    typed = driver.execute_script("return [emopackExample.editor.source, document.querySelectorAll('#field .emopack-emoticon').length]")
    check("typing and inserting keep the model in step", typed == ["好[笑哈哈]!", 1], repr(typed))

    pasted = driver.execute_script("""
      const e = emopackExample.editor, field = document.getElementById('field');
      e.source = 'x'; field.focus(); e.render(1);
      const data = new DataTransfer(); data.setData('text/plain', '[噢耶]y');
      field.dispatchEvent(new InputEvent('beforeinput', {inputType: 'insertFromPaste', dataTransfer: data, bubbles: true, cancelable: true}));
      return [e.source, field.querySelectorAll('.emopack-emoticon').length, e.selection()];""")
    check("pasting tokenizes what arrives, the caret after it", pasted == ["x[噢耶]y", 1, [3, 3]], repr(pasted))

    # 6. The keyboard at 375 and 414 CSS pixels: cells where the Swift GridFit puts them, 8×3, delete key last.
    layout = json.load(open(os.path.join(ROOT, "web", "test", "vectors", "layout.json")))
    for width, height in [(375, 216), (414, 226)]:
        want = next(f for f in layout["fits"] if f["width"] == width)
        cells = driver.execute_script("""
          const k = emopackExample.keyboard; k.setAttribute('panel-height', arguments[1]); k.style.width = arguments[0] + 'px';
          k.tab = k.categories().findIndex(c => c.id === 'langxiaohua'); k.page = 0; k.build();
          return new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
            const panel = k.querySelector('.emopack-panel').getBoundingClientRect();
            const pages = k.pages();
            done({pages: pages.length, cells: Array.from(k.querySelectorAll('.emopack-cell'), c => { const r = c.getBoundingClientRect();
              return [r.left - panel.left, r.top - panel.top, r.width, r.height, c.dataset.role || c.dataset.entry || '']; })});
          })));""", width, height)
        frames = [[c[0], c[1], c[2], c[3]] for c in cells["cells"]]
        close = len(frames) == len(want["frames"]) and all(abs(a - b) < 0.02 for f, g in zip(frames, want["frames"]) for a, b in zip(f, g))
        check("keyboard at %d px: cells at the Swift GridFit's frames" % width, close, "%d cells, first %s, Swift %s" % (len(frames), frames[:1], want["frames"][:1]))
        check("keyboard at %d px: 40 emoticons on 2 pages of 23, delete key in the last cell" % width,
              cells["pages"] == 2 and cells["cells"][-1][4] == "delete" and len(cells["cells"]) == 24, "%s pages, last %s" % (cells["pages"], cells["cells"][-1:]))
    recents = driver.execute_script("""
      const k = emopackExample.keyboard; localStorage.removeItem(k.recentsKey);
      k.tab = k.categories().findIndex(c => c.id === 'langxiaohua'); k.page = 0; k.build();
      const cells = k.querySelectorAll('.emopack-cell[data-entry]'); cells[2].click(); cells[0].click();
      k.build(); return [k.categories()[0].id, k.categories()[0].items.map(r => r.entry)];""")
    check("keyboard: recents in localStorage, newest first", recents == ["recent", [0, 2]], repr(recents))
    # Whatever else the key holds (another app's value, a damaged write), or storage that refuses writes, the keyboard
    # builds and inserts: malformed records are dropped, and a refused write keeps no recents.
    hostile = driver.execute_script("""
      const k = emopackExample.keyboard; const out = [];
      for (const held of ['{}', 'null', '5', 'not json', '[null, 3, "x", {"pack": 1}, {"pack": "langxiaohua", "key": 7}]']) {
        localStorage.setItem(k.recentsKey, held);
        k.tab = 0; k.page = 0; k.build();
        out.push(k.categories()[0].id);
      }
      localStorage.setItem(k.recentsKey, '[7, {"pack": "langxiaohua", "key": "[笑哈哈]"}]');
      k.build(); out.push(k.categories()[0].items.length);
      const setItem = Storage.prototype.setItem; const sent = [];
      Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
      try {
        k.addEventListener('emoticon', (e) => sent.push(e.detail.text), { once: true });
        k.tab = k.categories().findIndex(c => c.id === 'langxiaohua'); k.page = 0; k.build();
        k.querySelector('.emopack-cell[data-entry]').click();
      } finally { Storage.prototype.setItem = setItem; }
      out.push(sent.length);
      localStorage.removeItem(k.recentsKey);
      return out;""")
    check("keyboard: damaged recents in localStorage are dropped, a refused write still inserts",
          hostile == ["langxiaohua"] * 5 + [1, 1], repr(hostile))
    # Reachable and labelled: roles, labels, arrow keys between cells, Enter inserting the focused emoticon.
    access = driver.execute_script("""
      const k = emopackExample.keyboard; k.tab = k.categories().findIndex(c => c.id === 'langxiaohua'); k.page = 0; k.build();
      const tabs = k.querySelector('[role=tablist]').querySelectorAll('[role=tab]');
      const cells = k.querySelectorAll('.emopack-cell');
      cells[0].focus();
      return [tabs.length, k.querySelector('[role=tab][aria-selected=true]').textContent, cells[0].getAttribute('aria-label'),
              k.querySelector('[data-role=delete]').getAttribute('aria-label'), k.querySelector('[role=grid]').getAttribute('aria-label')];""")
    check("keyboard: tabs, labelled cells, a labelled delete key, a labelled grid",
          access[0] >= 3 and access[2] == "笑哈哈" and access[3] == "Delete" and access[4] == "Page 1 of 2", repr(access))
    first = driver.switch_to.active_element
    first.send_keys(Keys.ARROW_RIGHT)
    first_row = driver.execute_script("return document.activeElement.dataset.index")
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    below = driver.execute_script("return document.activeElement.dataset.index")
    driver.execute_script("emopackExample.editor.source = ''; window.inserted = []; emopackExample.keyboard.addEventListener('emoticon', e => inserted.push(e.detail.text));")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    inserted = driver.execute_script("return window.inserted")
    check("keyboard: arrow keys move between cells, Enter inserts the focused emoticon",
          first_row == "1" and below == "9" and len(inserted) == 1, "%s %s %s" % (first_row, below, inserted))

    # 7. An animation changes frames at its delays: every sample shows a frame due at some moment of the last 120 ms
    # (a timer on a loaded 2-core machine can fire that late), and the frames go round in order.
    timing = driver.execute_script("""
      const c = emopackExample; const p = c.catalog.packs.findIndex(x => x.id === 'animated');
      const ref = {pack: p, entry: 0}; const anim = c.catalog.animation(ref);
      const el = c.emopack.emoticonElement(document, ref, '', c.options, c.animator);
      document.body.appendChild(el);
      const start = performance.now(); const samples = [];
      return new Promise(done => { const poll = () => {
        const t = performance.now() - start; const due = new Set();
        for (let late = 0; late <= 120; late += 5) due.add(anim.frameAt(Math.max(0, t - late)));
        samples.push([t, Number(el.dataset.frame), [...due]]);
        if (t < Math.min(3000, anim.duration * 2 + 200)) requestAnimationFrame(poll); else done([samples, anim.endTimes]);
      }; requestAnimationFrame(poll); });""")
    samples, ends = timing
    wrong = [s for s in samples if s[1] not in s[2]]
    shown = [s[1] for s in samples]
    changes = sum(1 for a, b in zip(shown, shown[1:]) if a != b)
    check("animation changes frames at its delays", not wrong and changes >= min(len(ends), 4),
          "%d samples, %d frame changes, frames due at %s ms; off schedule: %s" % (len(samples), changes, ends[:6], [[round(s[0]), s[1], s[2]] for s in wrong[:5]]))

    if args.screenshot:
        driver.get(base + "example/index.html")
        wait_for(driver, "return document.documentElement.dataset.ready === 'true'")
        driver.execute_script("""
          localStorage.clear(); const k = emopackExample.keyboard; k.setAttribute('locales', 'en'); k.tab = 0; k.build();
          emopackExample.editor.source = 'ok [噢耶]'; document.querySelector('main').style.paddingTop = '16px';""")
        driver.set_window_size(480, 640)
        time.sleep(0.5)
        driver.save_screenshot(args.screenshot)
        print("wrote " + args.screenshot)

    # 8. The bench page.
    driver.get(base + "web/test/browser/bench.html")
    bench = wait_for(driver, "return window.bench", timeout=240)
    print("bench (%s): tokenize dense corpus %.1f MB/s, RegExp alternation %.1f MB/s (%.2f ×); codes corpus %.1f against %.1f MB/s (%.2f ×%s); one message at a time %.0f against %.0f ns (%.2f ×, %d messages); open 1,000 entries to the first look-up %.3f ms; render a 100-message chat view %.1f ms"
          % (bench["userAgent"].split("Chrome/")[-1].split(" ")[0], bench["moduleMBs"], bench["regexMBs"], bench["moduleMBs"] / bench["regexMBs"],
             bench["codesModuleMBs"], bench["codesRegexMBs"], bench["codesModuleMBs"] / bench["codesRegexMBs"], "" if bench["codesKernel"] else ", no kernel",
             bench["messageModuleNs"], bench["messageRegexNs"], bench["messageRegexNs"] / bench["messageModuleNs"], bench["messages"],
             bench["openMs"], bench["renderMs"]), flush=True)
    check("bench: one message at a time, the module and the RegExp find as many tokens",
          bench["messageTokens"]["module"] == bench["messageTokens"]["regex"] > 0, str(bench["messageTokens"]))


def cold_check(base):
    """Cold start: the exported bundle to a message's tokens in a fresh browser; the RegExp from its keys in another."""
    sides = {}
    for side in ["module", "regex"]:
        driver = browser()
        try:
            driver.get(base + "web/test/browser/cold.html" + ("?side=regex" if side == "regex" else ""))
            sides[side] = wait_for(driver, "return window.cold")
            if side == "regex":
                sides[side] = driver.execute_script("return window.regexCold(arguments[0])", sides["module"]["keys"])
        finally:
            driver.quit()
    m, r = sides["module"], sides["regex"]
    print("cold start: the bundle to a message's tokens %.1f ms (loading it %.1f, fetching included %.1f; Catalog and Tokenizer %.1f;"
          " the first message %.1f; the kernel ready %.1f ms later); RegExp from the key list and the message %.1f ms (%.1f ×)"
          % (m["total"], m["load"], m["fetch"], m["tokenizer"], m["first"], m["ready"], r["total"], m["total"] / r["total"]), flush=True)
    check("cold start: the bundle and the RegExp find as many tokens, and the kernel is made",
          m["found"] == r["found"] == 3 and m["kernel"], "%d, %d, kernel %s" % (m["found"], r["found"], m["kernel"]))


def reduced_motion_check(driver, base):
    driver.get(base + "example/index.html")
    wait_for(driver, "return document.documentElement.dataset.ready === 'true'")
    still = driver.execute_script("""
      const c = emopackExample; const p = c.catalog.packs.findIndex(x => x.id === 'animated');
      const ref = {pack: p, entry: 0}; const entry = c.catalog.packs[p].entry(0);
      const el = c.emopack.emoticonElement(document, ref, '', c.options, c.animator);
      document.body.appendChild(el); const sprite = el.firstElementChild; const first = sprite.style.backgroundPosition;
      const stillAt = c.catalog.packs[p].placement(entry.image, c.catalog.packs[p].scales.indexOf(c.emopack.chooseScale(c.catalog.packs[p].scales, devicePixelRatio)));
      return new Promise(done => setTimeout(() => done([matchMedia('(prefers-reduced-motion: reduce)').matches, first === sprite.style.backgroundPosition,
        sprite.dataset.x == stillAt.x && sprite.dataset.y == stillAt.y]), 800));""")
    check("prefers-reduced-motion: the still, not moving", still == [True, True, True], repr(still))


if __name__ == "__main__":
    sys.exit(main())
