// The web kernel's test catalog, shared by the libFuzzer harness (web_kernel.c) and the differential driver
// (Fuzz/differential/web_kernel_diff.c): tags, emoji, legacy codes and shortcodes, a property table that is Unicode's
// shape for the scalars they meet plus noise elsewhere, and the kernel's two questions to JavaScript answered for the
// one decomposed spelling of a shortcode and of a tag. `setup_kernel` loads all of it into a kernel through its
// exported functions.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <uchar.h>

// A kernel's exported functions (web/kernel/tokenize.c), so that one driver can load two builds of it.
typedef struct {
  uint8_t *(*props)(void);
  uint16_t *(*table_init)(uint32_t which, uint32_t keys, uint32_t units);
  void (*table_add)(uint32_t which, uint32_t index, uint32_t at, uint32_t length, uint32_t emoticon);
  uint16_t *(*text)(uint32_t capacity);
  int32_t *(*runs)(void);
  int32_t (*tokenize)(uint32_t n, uint32_t limit);
  int32_t (*tokenize_codes)(uint32_t n, uint32_t limit);
  uint8_t *(*inert)(void);
  int32_t (*codes_done)(uint32_t with_shortcodes);
  // The one-call form JavaScript uses (`emo_table_rows`, `emo_table_fill`); null for a build before it, whose keys
  // go in one `table_add` at a time.
  uint32_t *(*table_rows)(uint32_t which);
  void (*table_fill)(uint32_t which, uint32_t keys);
} kernel_api;

// Key `k` of table `which` (its units already at `at`): added at once, or its length and emoticon written to the
// rows for `finish_table`.
static void add_key(const kernel_api *kernel, uint32_t which, uint32_t k, uint32_t at, uint32_t length,
                    uint32_t emoticon) {
  if (!kernel->table_fill) {
    kernel->table_add(which, k, at, length, emoticon);
    return;
  }
  uint32_t *rows = kernel->table_rows(which);
  rows[2 * k] = length;
  rows[2 * k + 1] = emoticon;
}

static void finish_table(const kernel_api *kernel, uint32_t which, uint32_t keys) {
  if (kernel->table_fill) kernel->table_fill(which, keys);
}

// Tags with a lone surrogate and with a pair (not expressible as u"" literals), counted against the limit as
// JavaScript counts them: a lone surrogate three bytes, a pair four.
static const char16_t lone_high_tag[] = {'[', 'x', 0xD83D, ']', 0}, lone_low_tag[] = {'[', 0xDE00, 0x4E00, ']', 0};
static const char16_t pair_tag[] = {'[', 0xD83D, 0xDE00, 0x4E00, 0x4E00, ']', 0};
static const char16_t *const tags[] = {u"[a]", u"[哈哈]", u"[表情1]", u"[😀]", u"[a b]", u"[x\u0301]", u"[表情123]", u"[é]", lone_high_tag, lone_low_tag, pair_tag};
static const char16_t *const emoji[] = {u"😀", u"👍🏽", u"🇨🇳", u"❤", u"1⃣", u"#⃣", u"👨‍👩‍👧‍👦", u"🏴\U000E0067\U000E007F", u"☺"};
static const char16_t *const codes[] = {u"/微笑", u"/::)", u"/::", u"/", u"哈哈哈", u"哈哈", u"1+1", u"❤love", u"😀!"};
static const char16_t *const shortcodes[] = {u":smile:", u":café:", u":日本:"};
#define TAGS (sizeof tags / sizeof *tags)
#define EMOJI (sizeof emoji / sizeof *emoji)
#define CODES (sizeof codes / sizeof *codes)
#define SHORTCODES (sizeof shortcodes / sizeof *shortcodes)
// The one spelling this harness normalizes: `:café:` with a combining accent.
static const char16_t cafe_decomposed[] = u":cafe\u0301:";

// The kernel's question to JavaScript, answered for `cafe_decomposed` only: the `:café:` shortcode's run code.
int32_t shortcode_nfc(const uint16_t *name, uint32_t length) {
  if (length == 7 && memcmp(name, cafe_decomposed, 14) == 0) return 1 + ((int32_t)(TAGS + CODES + 1) << 2);
  return 0;
}

// The one tag spelling this harness normalizes: `[é]` with a combining accent. Tags over 40 units are ones JavaScript
// "cannot tell" here, so that the kernel's way of leaving a message to it is taken too.
static const char16_t e_decomposed[] = u"[e\u0301]";
#define E_TAG 7

int32_t tag_nfc(const uint16_t *tag, uint32_t length) {
  if (length == 4 && memcmp(tag, e_decomposed, 8) == 0) return 1 + (E_TAG << 2);
  return length > 40 ? -1 : 0;
}

static inline uint32_t length16(const char16_t *s) {
  uint32_t n = 0;
  while (s[n]) n++;
  return n;
}

// UTF-8 bytes as unicode.js counts a tag's: a pair four, any other unit by its value.
static inline uint32_t bytes16(const uint16_t *s, uint32_t n) {
  uint32_t bytes = 0;
  for (uint32_t k = 0; k < n; k++) {
    uint32_t u = s[k];
    if (u >= 0xD800 && u < 0xDC00 && k + 1 < n && s[k + 1] >= 0xDC00 && s[k + 1] < 0xE000) bytes += 4, k++;
    else bytes += u < 0x80 ? 1 : u < 0x800 ? 2 : 3;
  }
  return bytes;
}

static inline void set(uint8_t *p, uint32_t from, uint32_t to, uint8_t value) {
  for (uint32_t v = from; v <= to; v++) p[v] = value;
}

static void setup_kernel(const kernel_api *kernel) {
  uint8_t *p = kernel->props();
  // Noise first (every class, pictograph, conjunct and emoji bits), then the scalars the rules are about.
  uint32_t x = 12345;
  for (uint32_t v = 0; v < 0x21000; v++) {
    x = x * 1103515245u + 12345u;
    p[v] = (x >> 16) % 13 == 0 ? (uint8_t)((x >> 8) % 14 | ((x >> 3) & 0xF0)) : 0;
  }
  set(p, 0x20, 0x7E, 0);
  set(p, 0x00, 0x1F, 3);
  p['\r'] = 1;
  p['\n'] = 2;
  set(p, '0', '9', 128);
  p['#'] = p['*'] = 128;
  set(p, 0x300, 0x36F, 4 | 3 << 5);
  set(p, 0x4E00, 0x9FFF, 0);
  set(p, 0x915, 0x939, 1 << 5);
  p[0x94D] = 4 | 2 << 5;
  p[0x600] = 7;
  p[0x903] = 8;
  set(p, 0x1100, 0x115F, 9);
  set(p, 0x1160, 0x11A7, 10);
  set(p, 0x11A8, 0x11FF, 11);
  for (uint32_t v = 0xAC00; v <= 0xD7A3; v++) p[v] = (v - 0xAC00) % 28 == 0 ? 12 : 13;
  p[0x200D] = 5 | 3 << 5;
  p[0x20E3] = 4;
  p[0xFE0E] = p[0xFE0F] = 4;
  p[0x2764] = 16 | 128;
  p[0x263A] = 16 | 128;
  set(p, 0x1F1E6, 0x1F1FF, 6 | 128);
  set(p, 0x1F300, 0x1F3FA, 16 | 128);
  set(p, 0x1F3FB, 0x1F3FF, 4 | 128);
  set(p, 0x1F400, 0x1FAFF, 16 | 128);
  set(p, 0x20000 + 0x20, 0x20000 + 0x7F, 4); // tags U+E0020 to U+E007F
  // Emoticons: the tags, then the codes, then the shortcodes (the key table holds all of them, as JavaScript's does).
  for (int which = 0; which < 3; which++) {
    const char16_t *const *keys = which == 1 ? emoji : which == 2 ? shortcodes : tags;
    uint32_t count = which == 1 ? EMOJI : which == 2 ? SHORTCODES : TAGS, total = 0;
    uint32_t extra = which == 0 ? CODES + SHORTCODES : 0;
    for (uint32_t k = 0; k < count; k++) total += length16(keys[k]);
    for (uint32_t k = 0; k < extra; k++) total += length16(k < CODES ? codes[k] : shortcodes[k - CODES]);
    uint16_t *units = kernel->table_init(which, count + extra, total);
    uint32_t at = 0;
    for (uint32_t k = 0; k < count + extra; k++) {
      const char16_t *key = k < count ? keys[k] : k - count < CODES ? codes[k - count] : shortcodes[k - count - CODES];
      uint32_t length = length16(key);
      memcpy(units + at, key, 2 * length);
      add_key(kernel, which, k, at, length, which == 2 ? TAGS + CODES + k : k);
      at += length;
    }
    finish_table(kernel, which, count + extra);
  }
  uint32_t total = 0;
  for (uint32_t k = 0; k < CODES; k++) total += length16(codes[k]);
  uint16_t *units = kernel->table_init(3, CODES, total);
  uint32_t at = 0;
  for (uint32_t k = 0; k < CODES; k++) {
    uint32_t length = length16(codes[k]);
    memcpy(units + at, codes[k], 2 * length);
    add_key(kernel, 3, k, at, length, TAGS + k);
    at += length;
  }
  finish_table(kernel, 3, CODES);
  // Every scalar inert but combining marks (enough for the harness: the kernel asks about the rest).
  uint8_t *inert = kernel->inert();
  memset(inert, 0xFF, 0x20000 / 8);
  for (uint32_t v = 0x300; v < 0x370; v++) inert[v >> 3] &= (uint8_t)~(1 << (v & 7));
  if (!kernel->codes_done(1)) abort();
}

