import EmoPack
import EmoPackFormat
import Foundation

/// A self-contained HTML page showing packs as the keyboard lays them out.
///
/// Sheets are embedded as data URIs (no network). Each emoticon is a `<span class="emo">` whose background
/// is its sheet, positioned at its rectangle, drawn at its point size; a 1x/2x/3x switch picks which sheet.
/// Emoji-only entries are drawn as text. Pages follow `KeyboardGrid.pages` (8 × 3, delete key last).
package enum HTMLPreview {
  /// Renders `packs` (and a recents tab when `recents` is given and not empty).
  package static func render(
    _ packs: [PreviewPack], recents: [EmoticonRef]? = nil, grid: KeyboardGrid = .standard
  ) throws(PreviewError) -> String {
    let catalog = Catalog(packs: packs.map(\.reader))
    var sheetURIs: [[String]] = []  // pack → sheet index → data URI
    for pack in packs {
      var uris: [String] = []
      for i in pack.sheets.indices {
        let mime = pack.sheets[i].format == .webp ? "image/webp" : "image/png"
        uris.append("data:\(mime);base64," + Data(try pack.sheetBytes(i)).base64EncodedString())
      }
      sheetURIs.append(uris)
    }
    var tabs: [(id: String, name: String, refs: [EmoticonRef])] = []
    if let recents, !recents.isEmpty { tabs.append(("recent", "最近 Recent", recents)) }
    for c in catalog.categories { tabs.append((c.id, c.name(preferred: ["zh-Hans", "en"]), c.emoticons)) }

    var html = """
      <!DOCTYPE html>
      <html lang="zh-Hans">
      <head>
      <meta charset="utf-8">
      <title>emopack preview: \(escape(packs.map(\.reader.id).joined(separator: ", ")))</title>
      <style>
      body { font: 14px/1.4 -apple-system, "PingFang SC", "Noto Sans CJK SC", sans-serif; margin: 24px; color: #222; background: #fafafa; }
      h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 32px; }
      .switch button, .tabs button { border: 1px solid #ccc; background: #fff; padding: 4px 10px; margin-right: 4px; border-radius: 6px; cursor: pointer; }
      .switch button.on, .tabs button.on { background: #ff8200; border-color: #ff8200; color: #fff; }
      .keyboard { display: none; } .keyboard.on { display: block; }
      .pages { display: flex; flex-wrap: wrap; gap: 16px; margin-top: 12px; }
      .page { display: grid; grid-template-columns: repeat(\(grid.columns), 44px); grid-auto-rows: 44px; gap: 4px; padding: 10px; background: #f0f0f0; border: 1px solid #ddd; border-radius: 10px; }
      .cell { display: flex; align-items: center; justify-content: center; border-radius: 6px; }
      .cell:hover { background: #e2e2e2; }
      .emo { display: inline-block; position: relative; } .emo i { position: absolute; background-repeat: no-repeat; }
      .emoji { font-size: 28px; line-height: 1; }
      .delete svg { width: 28px; height: 20px; }
      table { border-collapse: collapse; margin-top: 8px; background: #fff; } td, th { border: 1px solid #ddd; padding: 3px 8px; text-align: left; }
      #search { font-size: 14px; padding: 4px 8px; margin: 8px 0; width: 260px; border: 1px solid #ccc; border-radius: 6px; }
      .sheet img { max-width: 100%; background: repeating-conic-gradient(#eee 0% 25%, #fff 0% 50%) 50% / 16px 16px; border: 1px solid #ccc; }
      </style>
      </head>
      <body>
      <h1>emopack preview</h1>
      <div class="switch">Scale:
      """
    let scales = Array(Set(packs.flatMap(\.reader.scales))).sorted()
    for s in scales {
      html += "<button data-scale=\"\(s)\"\(s == scales.last ? " class=\"on\"" : "")>\(s)x</button>"
    }
    html += " <button id=\"motion\" class=\"on\" title=\"start or stop the animated emoticons\">Animations on</button>"
    html +=
      "</div>\n<input id=\"search\" type=\"search\" placeholder=\"Search tags, codes, keywords\" autocomplete=\"off\">\n"
    html += "<div class=\"tabs\">"
    for (i, t) in tabs.enumerated() {
      html += "<button data-tab=\"\(escape(t.id))\"\(i == 0 ? " class=\"on\"" : "")>\(escape(t.name))</button>"
    }
    html += "</div>\n"
    for (i, t) in tabs.enumerated() {
      html +=
        "<section class=\"keyboard\(i == 0 ? " on" : "")\" id=\"tab-\(escape(t.id))\" data-tab=\"\(escape(t.id))\">\n<div class=\"pages\">\n"
      for page in grid.pages(t.refs) {
        html += "<div class=\"page\">"
        for cell in page.cells {
          switch cell {
          case .empty: html += "<div class=\"cell empty\"></div>"
          case .delete: html += "<div class=\"cell delete\" title=\"delete\">\(deleteSVG)</div>"
          case .emoticon(let ref): html += cellHTML(ref, packs: packs, sheetURIs: sheetURIs)
          }
        }
        html += "</div>\n"
      }
      html += "</div>\n</section>\n"
    }
    html += "<section class=\"keyboard\" id=\"tab-search\" data-tab=\"search\"><div class=\"pages\"></div></section>\n"
    for (p, pack) in packs.enumerated() {
      html +=
        "<h2>\(escape(pack.reader.id)): \(pack.entries.count) entries</h2>\n<table class=\"entries\"><tr><th>#</th><th>tag</th><th>aliases</th><th>emoji</th><th>sprite per scale (x,y w×h, +left,top when trimmed)</th></tr>\n"
      for (i, e) in pack.entries.enumerated() {
        let rect =
          e.image.map { image in
            pack.images[image].placements.map { p in
              p.width == 0
                ? "empty"
                : "\(p.x),\(p.y) \(p.width)×\(p.height)" + (p.left != 0 || p.top != 0 ? " +\(p.left),\(p.top)" : "")
                  + " in \(pack.sheets[p.sheet].fileName)"
            }.joined(separator: "; ")
          } ?? ""
        html +=
          "<tr class=\"entry\" data-pack=\"\(p)\" data-entry=\"\(i)\"><td>\(i)</td><td>\(escape(e.tags.first ?? ""))</td><td>\(escape(e.tags.dropFirst().joined(separator: " ")))</td><td>\(escape(e.emoji ?? ""))</td><td>\(rect)</td></tr>\n"
      }
      html += "</table>\n"
      for (s, sheet) in pack.sheets.enumerated() {
        let distinct = Set(pack.images.flatMap(\.placements).filter { $0.sheet == s })
        let occupancy =
          Double(distinct.reduce(0) { $0 + $1.width * $1.height }) / Double(max(1, sheet.width * sheet.height)) * 100
        html +=
          "<div class=\"sheet\"><p>\(escape(sheet.fileName)): \(sheet.width)×\(sheet.height), \(sheet.byteSize) bytes, occupancy \(String(format: "%.1f", occupancy))%</p><img alt=\"\(escape(sheet.fileName))\" src=\"\(sheetURIs[p][s])\"></div>\n"
      }
    }
    html += """
      <script>
      let scale = 1, moving = true;
      const start = performance.now();
      // [sheet, x, y, w, h, left, top, sheet width, sheet height, scale used] in the pixels of that scale.
      function place(e, r) {
          const i = e.firstElementChild;
          if (!r || !i) return;
          const k = 1 / r[9];
          i.style.display = r[3] > 0 ? 'block' : 'none';
          i.style.left = (r[5] * k) + 'px'; i.style.top = (r[6] * k) + 'px';
          i.style.width = (r[3] * k) + 'px'; i.style.height = (r[4] * k) + 'px';
          i.style.backgroundImage = 'url(' + SHEETS[r[0]] + ')';
          i.style.backgroundPosition = (-r[1] * k) + 'px ' + (-r[2] * k) + 'px';
          i.style.backgroundSize = (r[7] * k) + 'px ' + (r[8] * k) + 'px';
      }
      // The frame at t ms, as the runtime times it (the module's EmoticonAnimation).
      const timings = new Map();
      function frameAt(a, t) {
        let timing = timings.get(a);
        if (!timing) { timing = EmoPack.EmoticonAnimation.fromDelays(a.d, a.l, a.s); timings.set(a, timing); }
        return timing.frameAt(t);
      }
      function draw() {
        const t = performance.now() - start;
        document.querySelectorAll('.emo').forEach(e => {
          if (e.dataset.anim) {
            const a = e.animation || (e.animation = JSON.parse(e.dataset.anim));
            const f = moving ? frameAt(a, t) : a.s;
            place(e, (a.f[f] || [])[scale - 1]);
          } else {
            place(e, e.dataset['s' + scale] ? JSON.parse(e.dataset['s' + scale]) : null);
          }
        });
      }
      function tick() { draw(); if (moving) requestAnimationFrame(tick); }
      function setScale(s) {
        scale = Number(s);
        document.querySelectorAll('.switch button[data-scale]').forEach(b => b.classList.toggle('on', b.dataset.scale == s));
        draw();
      }
      const motion = document.getElementById('motion');
      motion.onclick = () => {
        moving = !moving;
        motion.classList.toggle('on', moving);
        motion.textContent = moving ? 'Animations on' : 'Animations off';
        if (moving) tick(); else draw();
      };
      if (window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches) motion.onclick();
      document.querySelectorAll('.switch button[data-scale]').forEach(b => b.onclick = () => setScale(b.dataset.scale));
      document.querySelectorAll('.tabs button').forEach(b => b.onclick = () => {
        document.querySelectorAll('.tabs button').forEach(x => x.classList.toggle('on', x === b));
        document.querySelectorAll('.keyboard').forEach(k => k.classList.toggle('on', k.dataset.tab === b.dataset.tab));
      });

      """
    var sheetList: [String] = []
    for uris in sheetURIs { sheetList += uris }
    html += "const SHEETS = [" + sheetList.map { "\"\($0)\"" }.joined(separator: ",") + "];\n"
    html += "// search:begin\n"
    html += WebModule.classicScript + "\n"
    let packBytes = try packs.map { pack throws(PreviewError) -> String in
      guard let data = FileManager.default.contents(atPath: pack.path) else {
        throw PreviewError(path: pack.path, "cannot be read")
      }
      return "\"" + data.base64EncodedString() + "\""
    }
    html += "const PACKS = [" + packBytes.joined(separator: ",") + "];\n"
    html += searchScript(columns: grid.columns, rows: grid.rows)
    html += "setScale(\(scales.last ?? 1));\ntick();\n</script>\n</body>\n</html>\n"
    return html
  }

  /// The search box's script: the web runtime's search (`EmoPack.search`, embedded above with the packs' bytes),
  /// which folds and ranks as `Catalog.search` does. The part up to the end marker is what the tests run in Node.
  static func searchScript(columns: Int, rows: Int) -> String {
    """
    const CATALOG = EmoPack.Catalog.open(PACKS.map(b => Uint8Array.from(atob(b), c => c.charCodeAt(0))));
    const RANKS = ['exact', 'prefix', 'contains'];
    function search(query) {
      return EmoPack.search(CATALOG, query).map(r => [r.ref.pack, r.ref.entry, RANKS.indexOf(r.match)]);
    }
    // search:end
    const searchBox = document.getElementById('search');
    searchBox.oninput = () => {
      const q = searchBox.value, section = document.getElementById('tab-search'), pages = section.firstElementChild;
      pages.innerHTML = '';
      const found = search(q), per = \(columns * rows - 1);
      for (let start = 0; start < Math.max(found.length, 1); start += per) {
        const page = document.createElement('div');
        page.className = 'page';
        for (let k = 0; k < per; k++) {
          const r = found[start + k];
          const cell = r && document.querySelector('.keyboard:not(#tab-search) .cell[data-ref="' + r[0] + ':' + r[1] + '"]');
          const c = cell ? cell.cloneNode(true) : document.createElement('div');
          if (!cell) c.className = 'cell empty';
          page.appendChild(c);
        }
        const del = document.querySelector('.cell.delete');
        page.appendChild(del ? del.cloneNode(true) : document.createElement('div'));
        pages.appendChild(page);
      }
      const tab = (document.querySelector('.tabs button.on') || {dataset: {}}).dataset.tab;
      document.querySelectorAll('.keyboard').forEach(k => k.classList.toggle('on', q ? k === section : k.dataset.tab === tab));
      draw();
    };

    """
  }

  static let deleteSVG =
    "<svg viewBox=\"0 0 28 20\"><path d=\"M8 1h18a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8L1 10z\" fill=\"#fff\" stroke=\"#888\"/><path d=\"M12 6l8 8M20 6l-8 8\" stroke=\"#888\" stroke-width=\"2\"/></svg>"

  /// One emoticon cell: a sprite span (with its rectangle per scale as data attributes) or emoji text.
  static func cellHTML(_ ref: EmoticonRef, packs: [PreviewPack], sheetURIs: [[String]]) -> String {
    let pack = packs[ref.pack]
    let entry = pack.entries[ref.entry]
    let title = escape((entry.tags + [entry.emoji].compactMap { $0 }).joined(separator: " "))
    guard entry.image != nil else {
      return
        "<div class=\"cell\" data-ref=\"\(ref.pack):\(ref.entry)\" title=\"\(title)\"><span class=\"emoji\">\(escape(entry.emoji ?? "?"))</span></div>"
    }
    // Global sheet index of the sheet in SHEETS, and the placement at each scale the page's switch offers.
    let base = sheetURIs[..<ref.pack].reduce(0) { $0 + $1.count }
    var attributes = ""
    for scale in 1...4 {
      guard let (p, used) = pack.placement(entry: ref.entry, scale: scale) else { continue }
      let sheet = pack.sheets[p.sheet]
      attributes +=
        " data-s\(scale)=\"[\(base + p.sheet),\(p.x),\(p.y),\(p.width),\(p.height),\(p.left),\(p.top),\(sheet.width),\(sheet.height),\(used)]\""
    }
    if let a = entry.animation {
      // Frames: for each frame, the placement at each of the switch's scales 1…4, as above.
      let animation = pack.animations[a]
      let frames = animation.frames.map { f in
        "["
          + (1...4).map { scale -> String in
            guard let (p, used) = pack.placement(image: f.image, scale: scale) else { return "null" }
            let sheet = pack.sheets[p.sheet]
            return
              "[\(base + p.sheet),\(p.x),\(p.y),\(p.width),\(p.height),\(p.left),\(p.top),\(sheet.width),\(sheet.height),\(used)]"
          }.joined(separator: ",") + "]"
      }
      let delays = animation.frames.map { String($0.duration) }.joined(separator: ",")
      attributes +=
        " data-anim=\"{&quot;d&quot;:[\(delays)],&quot;l&quot;:\(animation.loopCount),&quot;s&quot;:\(animation.still),&quot;f&quot;:[\(frames.joined(separator: ","))]}\""
    }
    let size = pack.reader.pointSize
    return
      "<div class=\"cell\" data-ref=\"\(ref.pack):\(ref.entry)\" title=\"\(title)\"><span class=\"emo\" style=\"width:\(size)px;height:\(size)px\"\(attributes)><i></i></span></div>"
  }

  static func escape(_ s: String) -> String {
    var out = ""
    for c in s {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(c)
      }
    }
    return out
  }
}
