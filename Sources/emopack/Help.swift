import EmoPackCompiler

/// The help pages.
enum Help {
  static let version = PackBuilder.toolVersion

  static let main = """
    emopack — compile emoticon packs for chat apps

    USAGE
      emopack <command> [options] [arguments]

    COMMANDS
      build      Validate packs and compile them to a .pack file and sprite sheets
      validate   Check packs and print every problem, without building
      inspect    Show what a .pack file holds, and verify it
      search     Search packs' tags, codes and keywords as the keyboard's search does
      preview    Draw packs as the keyboard shows them: self-contained HTML or a PNG contact sheet
      export     Write TexturePacker JSON or CSS for a pack, or WhatsApp, Signal and Telegram stickers
      keygen     Make an Ed25519 key pair for signing sites
      publish    Put built packs on a static site with a signed index
      verify     Check a signed site offline

    Run 'emopack <command> --help' for a command's options.

    EXIT STATUS
      0 success, 1 errors in the inputs, 2 usage errors, 3 I/O or internal failure.

    EXAMPLES
      emopack build packs/langxiaohua
      emopack validate --json packs/*
      emopack inspect --verify build/emopack/langxiaohua.pack
    """

  static let build = """
    emopack build — compile packs into .pack files and sprite sheets

    USAGE
      emopack build [options] PACK...

    A PACK is a folder holding a manifest (pack.json, pack.plist, Weibo's info.plist
    or info.json, a Weibo bundle's emoticons.plist, or NetEase's emoji.plist), or the
    manifest file itself. Every pack is validated first; any error stops the build
    before anything is written. Outputs are DIR/<id>.pack and its sheets, one per
    scale and page: DIR/<id>.<hash>.png, DIR/<id>.<hash>@2x.png, ... (content-hashed
    names make the .pack's rename the single commit point of a build); a pack without
    images (emoji only) is its .pack alone.

    OPTIONS
      -o, --output DIR        Output folder (default: build/emopack)
          --id ID             The pack id, when one pack is built (default: the manifest's; a code
                              list: its folder's name)
          --name LOCALE=TEXT  A display name, once per locale (default: the manifest's)
          --size POINTS       Point size of an emoticon (default: manifest, else 32)
          --scales LIST       Scales to build, e.g. 1,2,3 (default: manifest, else those of 1,2,3 every source
                          has the pixels for)
          --max-sheet-side PIXELS
                              Largest sheet side at the largest scale, up to 8192 (default 2048;
                              --max-sheet is the older spelling)
          --padding POINTS    Ring of extruded edge pixels around each sprite (default 1)
          --filter NAME       lanczos3 (default), mitchell, catmull-rom or box
          --power-of-two      Round sheet sides up to powers of two
          --exact-colors      Always keep exact straight colours in translucent pixels
                              (default: per sprite, exact or the premultiplied form,
                              whichever compresses smaller)
          --png-effort LEVEL  fast, default or max: time against sheet bytes (default and max add a zopfli
                              pass on sheets of at most 512 KiB raw; fast is libdeflate alone)
          --trim, --no-trim   Cut transparent borders from every sprite (the offset is stored; the runtime
                              puts them back), or keep whole squares (default: per scale, trimmed when
                              that saves 15% of its sprite pixels)
          --trim-alpha N      Trimming also cuts border pixels with alpha at most N, 0-254 (default 0)
          --palette           Sheets as indexed PNG of at most 256 colours (lossy), each sprite held to
                              the SSIM floor; a sheet that cannot hold it stays lossless (default: lossless)
          --ssim-floor F      The palette mode's least SSIM per sprite, 0-1 (default 0.97)
          --keyword-locales L Add CLDR emoji names and keywords for these locales, comma-separated
                              (zh is Simplified Chinese: zh,zh-Hant,en; default: none)
          --cldr DIR          CLDR's common folder (default: $EMOPACK_CLDR_DIR, else
                              /usr/share/unicode/cldr/common from Debian's unicode-cldr-core)
          --stable-names      Name sheets <id>@2x.png instead of by content hash
          --single-page       Fail if a pack needs more than one sheet per scale
          --cache DIR         Build cache (default: $EMOPACK_CACHE_DIR, else ~/.cache/emopack, one
                              folder per output folder; never inside the output; safe to delete)
      -j, --jobs N            Parallel jobs (default: all cores)

    LIMITS (checked before the cost is paid)
          --max-image-side N      Largest source width or height (4096)
          --max-image-bytes N     Largest decoded source, width × height × 4 (64 MiB)
          --max-entries N         Most emoticons in a pack (65535)
          --max-tag-bytes N       Longest tag in UTF-8 bytes (256)
          --max-manifest-bytes N  Largest manifest file (16 MiB)
          --max-sheet-pixels N    Most sheet pixels of a pack, all scales (256 Mi)

    OUTPUT AND WAITING
          --no-wait           Fail at once if another build holds the output folder
          --touch-output      Set the output folder's time after every successful build (for build systems
                              that declare the folder as the output: the SwiftPM plugin)
      -q, --quiet             No progress bar and no summary
      -v, --verbose           Per-stage timings
          --json              Print the build summary as JSON on standard output
          --all-diagnostics   Print every diagnostic (by default, in each file, three of a code and a count)
      -h, --help              This page

    A second build with nothing changed does no image work and touches no file.
    Changing one image redoes that image's resampling, then packs and encodes.
    """

  static let validate = """
    emopack validate — check packs without building

    USAGE
      emopack validate [options] PACK...

    Prints every problem as 'file:line:column: severity: message' (or
    'file: key.path: severity: message' where no line is known) and decodes every
    image. Exits 0 when there is no error, 1 when there are errors.

    OPTIONS
          --json              Print the diagnostics as a JSON array on standard output (every one, with its code)
          --all-diagnostics   Print every diagnostic (by default, in each file, three of a code and a count)
          \(SettingsTable.all.map { $0.flag + ($0.offFlag.map { ", " + $0 } ?? "") }.joined(separator: ", "))
                              Every build setting, as for emopack build: validate checks what build would
          --max-image-side N, --max-image-bytes N, --max-entries N, --max-tag-bytes N,
          --max-manifest-bytes N, --max-sheet-pixels N
                              The limits, as for emopack build
          --keyword-locales L, --cldr DIR
                              Check the CLDR locales a build would read, as for emopack build
      -h, --help              This page
    """

  static let inspect = """
    emopack inspect — show and verify a .pack file

    USAGE
      emopack inspect [options] FILE.pack

    Prints the pack's id, names, version, point size, scales, sheets with their
    dimensions and occupancy, then a table of entries.

    OPTIONS
          --json              The same as JSON
          --verify            Also check the checksum, every record and index, and the
                              sheet PNGs beside the pack (present, same SHA-256, same size)
      -h, --help              This page

    EXIT STATUS
      0 when sound, 1 when the file is malformed (the message gives the byte offset),
      2 on usage errors.
    """

  static let search = """
    emopack search — search built packs as the runtime's Catalog.search does

    USAGE
      emopack search [options] PACK.pack... QUERY

    Lists the results ranked: a tag's text, a code or an emoji exactly, then a tag, code or
    keyword starting with the query, then one containing it; each entry once,
    packs in the order given. Case-, width- and (for Latin) accent-insensitive; a
    query's surrounding [ ] or : are ignored. Each line gives the rank, how it
    matched, the pack and entry, what choosing it inserts, and the key or keyword
    that matched with its locale. A query starting with '-' goes after '--'.

    OPTIONS
          --locales LIST      Keywords of these locales only, comma-separated (zh takes
                              zh-Hans and zh-Hant, en-GB takes en; keys are always searched;
                              default: every locale)
          --limit N           At most N results (default 23, a keyboard page)
          --json              The same as JSON
      -h, --help              This page

    EXIT STATUS
      0 (also when nothing matches), 1 when a file is not a sound .pack (the
      message gives the byte offset), 2 on usage errors, 3 when a file cannot be read.
    """

  static let preview = """
    emopack preview — see packs as the keyboard lays them out

    USAGE
      emopack preview [options] PACK.pack... -o preview.html
      emopack preview [options] PACK.pack... -o preview.png

    HTML: one self-contained page (sheets embedded as data URIs): a tab per pack (and a
    最近/Recent tab with --recents), 8×3 pages with the delete key, emoticons drawn from
    their sheets at their real size with a 1x/2x/3x switch, tags on hover, emoji-only
    entries as text; then a table of all entries and the sheets with their occupancy.
    PNG: a contact sheet of the keyboard pages at --scale (default 2).

    OPTIONS
      -o, --output FILE       The .html or .png to write
          --recents DB        A recents database (SQLite) for the Recent tab
          --scale N           PNG scale, 1...4 (default 2)
      -h, --help              This page
    """

  static let export = """
    emopack export — sheets and metadata for web and game engines, or sticker packs

    USAGE
      emopack export PACK.pack --format texturepacker-json|css -o DIR
      emopack export SOURCE --format whatsapp|signal|telegram -o DIR [options]

    FORMATS
      texturepacker-json   One JSON hash per sheet (frames keyed by primary tag, with frame,
                           sourceSize and spriteSourceSize; meta with image, size, scale),
                           as Phaser, PixiJS and others load it
      css                  <id>.css: .emo-<id> sets the size, .emo-<id>-<index> places each
                           emoticon, using image-set() to choose the 1x/2x/3x sheet
    The sheet PNGs are copied into DIR beside the generated files.

    STICKER FORMATS (SOURCE is what `emopack build` takes: stickers come from the full-size sources)
      whatsapp             contents.json and a folder per sticker pack (512x512 WebP: static at most
                           100 KB, animated at most 500 KB and 10 s; 3 to 30 a pack, split beyond; a
                           96x96 tray.png); needs --publisher
      signal               512x512 PNG (WebP when over 300 KB) and APNG animations of at most 3 s
      telegram             512x512 WebP stills of at most 512 KB (--custom-emoji: 100x100); animated
                           entries are refused (Telegram wants VP9 WebM)
    Every rule is checked before anything is written; a sticker over its byte limit is encoded lossily
    at decreasing quality while its SSIM stays at least --ssim-min (0.93).
      --publisher NAME     WhatsApp's publisher
      --default-emoji E    the emoji of entries that have none and whose keywords name none in CLDR
      --keyword-locales L  CLDR locales whose names and keywords give entries an emoji (default en)
      --tray ENTRY         the entry (tag or code) whose still is WhatsApp's tray icon (default: the first)
      --custom-emoji       Telegram custom emoji (100x100) instead of stickers
      --json               the report as JSON
    """

  static let keygen = """
    emopack keygen — an Ed25519 key pair for signing sites

    USAGE
      emopack keygen -o NAME
    Writes NAME.key (the secret key, mode 0600, never overwritten) and NAME.pub, and prints the
    public key as base64 and as a Swift literal an app can embed, with its key id.
    """

  static let publish = """
    emopack publish — built packs on a static site, signed

    USAGE
      emopack publish PACK.pack... -o SITE --key NAME.key [--key OTHER.key] [--expires 30d]
    Writes SITE/files/<sha256> for every .pack and sheet not there yet, and SITE/index.json (signed by
    each --key) last. An existing index must verify with a given key; unchanged packs write nothing.
    docs/DELIVERY.md describes the site and the trust model.
    """

  static let verify = """
    emopack verify — check a signed site offline

    USAGE
      emopack verify SITE --key NAME.pub [--key OTHER.pub]
    Checks the index's canonical bytes and a trusted signature, every listed file's size and SHA-256,
    and that each .pack opens, verifies and lists exactly its listed sheets. Exit 0 when all hold.
    """

  static let subcommands = [
    "build": build, "validate": validate, "inspect": inspect, "search": search, "preview": preview, "export": export,
    "keygen": keygen, "publish": publish, "verify": verify,
  ]
}
