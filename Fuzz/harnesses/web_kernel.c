// libFuzzer harness: the web runtime's tokenizer kernel (web/kernel/tokenize.c, compiled natively here) on arbitrary
// text (invalid UTF-8 repaired to U+FFFD), any tag limit, and a property table that is Unicode's shape for the
// scalars emoji and tags meet plus noise elsewhere. Checks, beyond ASan's: the runs cover the text in order, text
// runs never touch, every emoticon run is the bytes of its key (a tag within the limit; an emoji without U+FE0E and
// U+FE0F), and every boundary falls between scalars.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

uint8_t *emo_props(void);
uint8_t *emo_table_init(uint32_t which, uint32_t keys, uint32_t bytes);
void emo_table_add(uint32_t which, uint32_t index, uint32_t at, uint32_t length, int32_t pack, int32_t entry);
uint8_t *emo_text(uint32_t capacity);
int32_t *emo_runs(void);
int32_t emo_tokenize(uint32_t n, uint32_t units, uint32_t limit);

static const char *const tags[] = {"[a]", "[哈哈]", "[表情1]", "[😀]", "[a b]", "[x\xcc\x81]"};
static const char *const emoji[] = {"😀", "👍🏽", "🇨🇳", "❤", "1⃣", "#⃣", "👨‍👩‍👧‍👦", "🏴\xf3\xa0\x81\xa7\xf3\xa0\x81\xbf"};
#define TAGS (sizeof tags / sizeof *tags)
#define EMOJI (sizeof emoji / sizeof *emoji)

static void set(uint8_t *p, uint32_t from, uint32_t to, uint8_t value) {
  for (uint32_t v = from; v <= to; v++) p[v] = value;
}

static void setup(void) {
  uint8_t *p = emo_props();
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
  set(p, 0x1F1E6, 0x1F1FF, 6 | 128);
  set(p, 0x1F300, 0x1F3FA, 16 | 128);
  set(p, 0x1F3FB, 0x1F3FF, 4 | 128);
  set(p, 0x1F400, 0x1FAFF, 16 | 128);
  set(p, 0x20000 + 0x20, 0x20000 + 0x7F, 4); // tags U+E0020 to U+E007F
  for (int which = 0; which < 2; which++) {
    const char *const *keys = which == 0 ? tags : emoji;
    uint32_t count = which == 0 ? TAGS : EMOJI, total = 0;
    for (uint32_t k = 0; k < count; k++) total += (uint32_t)strlen(keys[k]);
    uint8_t *bytes = emo_table_init(which, count, total);
    uint32_t at = 0;
    for (uint32_t k = 0; k < count; k++) {
      uint32_t length = (uint32_t)strlen(keys[k]);
      memcpy(bytes + at, keys[k], length);
      emo_table_add(which, k, at, length, which, (int32_t)k);
      at += length;
    }
  }
}

// Appends scalar v as UTF-8.
static uint32_t put(uint8_t *out, uint32_t n, uint32_t v) {
  if (v < 0x80) { out[n] = (uint8_t)v; return n + 1; }
  if (v < 0x800) { out[n] = 0xC0 | v >> 6; out[n + 1] = 0x80 | (v & 0x3F); return n + 2; }
  if (v < 0x10000) {
    out[n] = 0xE0 | v >> 12; out[n + 1] = 0x80 | (v >> 6 & 0x3F); out[n + 2] = 0x80 | (v & 0x3F);
    return n + 3;
  }
  out[n] = 0xF0 | v >> 18; out[n + 1] = 0x80 | (v >> 12 & 0x3F); out[n + 2] = 0x80 | (v >> 6 & 0x3F);
  out[n + 3] = 0x80 | (v & 0x3F);
  return n + 4;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int ready = 0;
  if (!ready) { setup(); ready = 1; }
  if (size < 1) return 0;
  uint32_t limit = data[0] < 250 ? data[0] : 1u << 24;
  data++, size--;
  // The text as TextEncoder would give it: valid UTF-8; each byte's UTF-16 offset and whether a scalar starts there.
  uint8_t *text = malloc(4 * size + 4), *starts = calloc(4 * size + 5, 1);
  uint32_t *byte_at = malloc((2 * size + 2) * sizeof *byte_at);
  uint32_t n = 0, units = 0;
  for (size_t i = 0; i < size;) {
    uint32_t b = data[i], v = 0xFFFD, w = 1, need = b < 0x80 ? 0 : b >= 0xC2 && b < 0xE0 ? 1 : b >= 0xE0 && b < 0xF0 ? 2 : b >= 0xF0 && b < 0xF5 ? 3 : 9;
    if (need == 0) v = b;
    else if (need < 9 && i + need < size) {
      uint32_t c = b & (0x3F >> need), ok = 1;
      for (uint32_t k = 1; k <= need; k++) ok &= (data[i + k] & 0xC0) == 0x80, c = c << 6 | (data[i + k] & 0x3F);
      uint32_t least = need == 1 ? 0x80 : need == 2 ? 0x800 : 0x10000;
      if (ok && c >= least && c <= 0x10FFFF && !(c >= 0xD800 && c < 0xE000)) v = c, w = need + 1;
    }
    i += w;
    starts[n] = 1;
    byte_at[units] = n;
    uint32_t next = put(text, n, v);
    units += v >= 0x10000 ? 2 : 1;
    if (v >= 0x10000) byte_at[units - 1] = 0xFFFFFFFF; // inside a pair
    n = next;
  }
  starts[n] = 1;
  byte_at[units] = n;
  uint8_t *in = emo_text(n);
  if (!in) abort();
  memcpy(in, text, n);
  int32_t count = emo_tokenize(n, units, limit);
  if (count < -2) abort();
  const int32_t *r = emo_runs();
  int32_t previous_kind = -1;
  uint32_t at = 0;
  for (int32_t k = 0; k < count; k++, r += 5) {
    uint32_t start = (uint32_t)r[0], end = (uint32_t)r[1];
    if (start != at || end <= start || end > units) abort();
    if (byte_at[start] == 0xFFFFFFFF || byte_at[end] == 0xFFFFFFFF) abort();
    uint32_t from = byte_at[start], to = byte_at[end];
    if (!starts[from] || !starts[to]) abort();
    if (r[2] == 0) {
      if (previous_kind == 0 || r[3] != -1 || r[4] != -1) abort();
    } else if (r[2] == 1) {
      if (r[3] != 0 || r[4] < 0 || r[4] >= (int32_t)TAGS) abort();
      const char *key = tags[r[4]];
      if (strlen(key) != to - from || memcmp(key, text + from, to - from) != 0) abort();
      if (to - from - 1 >= limit) abort();
    } else if (r[2] == 2) {
      if (r[3] != 1 || r[4] < 0 || r[4] >= (int32_t)EMOJI) abort();
      const char *key = emoji[r[4]];
      size_t j = 0;
      for (uint32_t q = from; q < to; q++) {
        if (text[q] == 0xEF && q + 2 < to && text[q + 1] == 0xB8 && (text[q + 2] | 1) == 0x8F) { q += 2; continue; }
        if (key[j] == 0 || (uint8_t)key[j] != text[q]) abort();
        j++;
      }
      if (key[j] != 0) abort();
    } else {
      abort();
    }
    previous_kind = r[2];
    at = end;
  }
  if (count >= 0 && at != units) abort();
  free(text), free(starts), free(byte_at);
  return 0;
}
