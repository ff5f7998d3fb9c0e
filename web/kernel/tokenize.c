// The web runtime's tokenizer kernel, compiled to WebAssembly (wasm32, SIMD128) by web/kernel/build.sh: the
// tokenizer's rules of docs/RUNTIME.md for catalogs of tags and emoji, over the UTF-8 of a well-formed message.
// Start bytes come from the Swift runtime's candidate kernel (Sources/CEmoScan/scan.c, its portable kernel); each is
// settled here with the same pair rules as web/src/unicode.js. Where those rules would look further back (an Indic
// conjunct, a pictograph after a ZWJ, a scalar outside the tables) or a tag would need normalizing, the kernel gives
// up on the message and the JavaScript tokenizer takes it whole, so the tokens are always the JavaScript ones.
#include <stddef.h>
#include <stdint.h>

#include "emoscan.h"

#if defined(__wasm__)
#define EXPORT(name) __attribute__((export_name(#name))) name
#else
// Compiled natively for the fuzz harness (Fuzz/harnesses/web_kernel.c): plain functions over a fixed arena.
#define EXPORT(name) name
#endif

// Grapheme_Cluster_Break values, as in unicode.js.
enum { OTHER = 0, CR = 1, LF = 2, CONTROL = 3, EXTEND = 4, ZWJ = 5, RI = 6, PREPEND = 7, SPACING = 8, L = 9, V = 10,
       T = 11, LV = 12, LVT = 13 };
// A result the kernel cannot settle: the message goes to the JavaScript tokenizer.
#define UNSURE (-1)

// Each scalar's properties in one byte: Grapheme_Cluster_Break (bits 0-3), Extended_Pictographic (bit 4),
// Indic_Conjunct_Break (bits 5-6), may start an emoji (bit 7); planes 0 and 1, then U+E0000 to U+E0FFF (tags and
// variation selectors). Written by JavaScript from its tables.
#define PROPS_SIZE (0x20000 + 0x1000)
static uint8_t props[PROPS_SIZE];

// U+FFFD is UNSURE too: the UTF-8 JavaScript writes has it for a lone surrogate, which the rules treat otherwise.
static inline int prop(uint32_t v) {
  if (v == 0xFFFD) return UNSURE;
  if (v < 0x20000) return props[v];
  if (v - 0xE0000 < 0x1000) return props[0x20000 + v - 0xE0000];
  return UNSURE;
}

// Key tables, open-addressed: 0 keys (tags, as written), 1 emoji (without U+FE0E and U+FE0F).
typedef struct {
  uint32_t mask;
  uint32_t *slots; // four a slot: hash, length, byte offset, 1 + the key's row (0: empty)
  uint32_t *rows;  // five a key: byte offset, length, hash, pack, entry
  uint8_t *bytes;
} table;
static table tables[2];

// Memory after the static data: the tables, then the message's bytes and the runs for one call.
#if defined(__wasm__)
extern uint8_t __heap_base;
static uint8_t *heap_top = &__heap_base;
#else
static uint8_t arena[64 << 20];
static uint8_t *heap_top = arena;
#endif
static uint8_t *text;
static int32_t *runs;
static uint32_t runs_capacity;

// Makes `[from, from + size)` addressable, growing the memory in pages; 0 when it cannot grow.
static int reach(uint8_t *from, size_t size) {
#if defined(__wasm__)
  size_t end = (size_t)from + size;
  size_t have = __builtin_wasm_memory_size(0) * 65536;
  if (end <= have) return 1;
  size_t pages = (end - have + 65535) / 65536;
  return __builtin_wasm_memory_grow(0, pages) != (size_t)-1;
#else
  return from >= arena && from <= arena + sizeof arena && size <= (size_t)(arena + sizeof arena - from);
#endif
}

static uint8_t *reserve(size_t size) {
  uint8_t *at = (uint8_t *)(((size_t)heap_top + 7) & ~(size_t)7);
  if (!reach(at, size)) return 0;
  heap_top = at + size;
  return at;
}


static inline uint64_t load64(const uint8_t *p) {
  uint64_t v;
  __builtin_memcpy(&v, p, 8);
  return v;
}

static inline uint32_t load32(const uint8_t *p) {
  uint32_t v;
  __builtin_memcpy(&v, p, 4);
  return v;
}

// The key table's hash of `length` bytes at `p` (> 0), eight at a time.
static inline uint32_t hash_bytes(const uint8_t *p, uint32_t length) {
  uint64_t h = 0x9E3779B97F4A7C15ull ^ length;
  if (length >= 8) {
    for (uint32_t i = 0; i + 8 < length; i += 8) h = (h ^ load64(p + i)) * 0xFF51AFD7ED558CCDull;
    h = (h ^ load64(p + length - 8)) * 0xC4CEB9FE1A85EC53ull;
  } else if (length >= 4) {
    h = (h ^ load32(p)) * 0xFF51AFD7ED558CCDull;
    h = (h ^ load32(p + length - 4)) * 0xC4CEB9FE1A85EC53ull;
  } else {
    h = (h ^ (p[0] | (uint32_t)p[length >> 1] << 8 | (uint32_t)p[length - 1] << 16)) * 0xFF51AFD7ED558CCDull;
  }
  // MurmurHash3's finalizer: every input bit reaches the low bits the table indexes by.
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDull;
  h ^= h >> 33;
  return (uint32_t)h;
}

uint8_t *EXPORT(emo_props)(void) { return props; }

// Room for `keys` keys of `bytes` UTF-8 bytes in table `which`; returns where the keys' bytes go (0 without memory).
uint8_t *EXPORT(emo_table_init)(uint32_t which, uint32_t keys, uint32_t bytes) {
  uint32_t size = 16;
  while (2 * size < 3 * keys) size *= 2;
  table *t = &tables[which & 1];
  t->mask = size - 1;
  t->slots = (uint32_t *)reserve(16 * (size_t)size);
  t->rows = (uint32_t *)reserve(20 * (size_t)keys + 4);
  t->bytes = reserve(bytes + 1);
  if (!t->slots || !t->rows || !t->bytes) return 0;
  for (uint32_t k = 0; k < 4 * size; k++) t->slots[k] = 0;
  return t->bytes;
}

// Adds key `index` (its bytes at `at`, `length` long) for emoticon (pack, entry); keys come first pack first and are
// distinct.
void EXPORT(emo_table_add)(uint32_t which, uint32_t index, uint32_t at, uint32_t length, int32_t pack,
                           int32_t entry) {
  table *t = &tables[which & 1];
  uint32_t h = hash_bytes(t->bytes + at, length);
  uint32_t *row = t->rows + 5 * index;
  row[0] = at;
  row[1] = length;
  row[2] = h;
  row[3] = (uint32_t)pack;
  row[4] = (uint32_t)entry;
  uint32_t slot = h & t->mask;
  while (t->slots[4 * slot + 3]) slot = (slot + 1) & t->mask;
  uint32_t *s = t->slots + 4 * slot;
  s[0] = h;
  s[1] = length;
  s[2] = at;
  s[3] = index + 1;
}

// Where a message of `capacity` UTF-8 bytes goes (0 without memory); the runs follow it.
uint8_t *EXPORT(emo_text)(uint32_t capacity) {
  text = (uint8_t *)(((size_t)heap_top + 7) & ~(size_t)7);
  runs = (int32_t *)(((size_t)text + capacity + 64 + 7) & ~(size_t)7);
  runs_capacity = 0;
  return reach(text, capacity + 64) ? text : 0;
}

int32_t *EXPORT(emo_runs)(void) { return runs; }

// The scalar whose UTF-8 starts at `i` (< n), and its length in bytes.
static inline uint32_t decode(const uint8_t *t, uint32_t i, uint32_t n, uint32_t *width) {
  uint32_t b = t[i];
  if (b < 0x80) { *width = 1; return b; }
  if (b < 0xE0 && i + 1 < n) { *width = 2; return ((b & 0x1F) << 6) | (t[i + 1] & 0x3F); }
  if (b < 0xF0 && i + 2 < n) { *width = 3; return ((b & 0x0F) << 12) | ((t[i + 1] & 0x3F) << 6) | (t[i + 2] & 0x3F); }
  if (i + 3 < n) {
    *width = 4;
    return ((b & 0x07) << 18) | ((t[i + 1] & 0x3F) << 12) | ((t[i + 2] & 0x3F) << 6) | (t[i + 3] & 0x3F);
  }
  *width = 1;
  return 0xFFFD;
}

// The start of the scalar that ends at `i` (> 0).
static inline uint32_t scalar_before(const uint8_t *t, uint32_t i) {
  uint32_t j = i - 1;
  while (j > 0 && (t[j] & 0xC0) == 0x80) j--;
  return j;
}

// A cluster boundary between the scalar before `i` and the one at `i` (0 < i < n): UAX #29's pair rules, with GB11
// and GB12/13 walking back as far as they need.
static int boundary_at(const uint8_t *t, uint32_t i, uint32_t n) {
  uint32_t w;
  uint32_t before = scalar_before(t, i);
  int pa = prop(decode(t, before, n, &w));
  int pb = prop(decode(t, i, n, &w));
  if (pa < 0 || pb < 0) return UNSURE;
  int p = pa & 15, c = pb & 15;
  if (p == CR) return c != LF;
  if (p == LF || p == CONTROL || c == CR || c == LF || c == CONTROL) return 1;
  if (c == EXTEND || c == ZWJ || c == SPACING) return 0;
  if (p == PREPEND) return 0;
  if (p == L && (c == L || c == V || c == LV || c == LVT)) return 0;
  if ((p == LV || p == V) && (c == V || c == T)) return 0;
  if ((p == LVT || p == T) && c == T) return 0;
  // GB9c joins a consonant to one before it; no emoji or bracket is a consonant, so the kernel never asks.
  if (((pb >> 5) & 3) == 1) return UNSURE;
  if (p == ZWJ && (pb & 16)) {
    // GB11: no boundary when a pictograph and Extends come before the ZWJ.
    uint32_t at = before;
    while (at > 0) {
      uint32_t s = scalar_before(t, at);
      int q = prop(decode(t, s, n, &w));
      if (q < 0) return UNSURE;
      if ((q & 15) == EXTEND) {
        at = s;
        continue;
      }
      return (q & 16) == 0;
    }
    return 1;
  }
  if (p == RI && c == RI) {
    // GB12/13: a boundary when an even number of regional indicators comes right before.
    uint32_t count = 0;
    uint32_t at = i;
    while (at > 0) {
      uint32_t s = scalar_before(t, at);
      int q = prop(decode(t, s, n, &w));
      if (q < 0 || (q & 15) != RI) break;
      count++;
      at = s;
    }
    return (count & 1) == 0;
  }
  return 1;
}

// A boundary at `i`, where the scalar before is '[' or ']' (Other, in no conjunct): none only before Extend, ZWJ or
// SpacingMark.
static inline int after_bracket(const uint8_t *t, uint32_t i, uint32_t n) {
  if (i >= n || t[i] < 0x80 || (t[i] >= 0xE4 && t[i] <= 0xE9)) return 1; // ASCII, CJK ideographs
  uint32_t w;
  int p = prop(decode(t, i, n, &w));
  if (p < 0) return UNSURE;
  int c = p & 15;
  return !(c == EXTEND || c == ZWJ || c == SPACING);
}

// A boundary before the '[' at `s`: none only after Prepend (GB9b); every other rule needs more than an Other.
static inline int after_bracket_before(const uint8_t *t, uint32_t s, uint32_t n) {
  if (s == 0 || t[s - 1] < 0x80 || (s >= 3 && t[s - 3] >= 0xE4 && t[s - 3] <= 0xE9)) return 1;
  uint32_t w;
  int p = prop(decode(t, scalar_before(t, s), n, &w));
  if (p < 0) return UNSURE;
  return (p & 15) != PREPEND;
}

// A boundary before the scalar at `s` (unicode.js `boundaryBefore`).
static int boundary_before(const uint8_t *t, uint32_t s, uint32_t n, int pv) {
  if (s == 0 || s >= n) return 1;
  if (pv < 0) return UNSURE;
  int c = pv & 15;
  if (c == EXTEND || c == ZWJ || c == SPACING) return 0;
  int plain = ((pv >> 5) & 3) == 0 && c != RI;
  // After printable ASCII (Other, in no conjunct) or a CJK ideograph (U+4000 to U+9FFF, likewise).
  uint8_t b = t[s - 1];
  if (plain && ((b >= 0x20 && b < 0x7F) || (s >= 3 && t[s - 3] >= 0xE4 && t[s - 3] <= 0xE9))) return 1;
  uint32_t w;
  int pu = prop(decode(t, scalar_before(t, s), n, &w));
  if (pu < 0) return UNSURE;
  int cu = pu & 15;
  if ((cu == OTHER || cu == EXTEND) && ((pu >> 5) & 3) == 0 && plain) return 1;
  return boundary_at(t, s, n);
}

// The longest emoji the kernel looks up, in UTF-8 bytes without variation selectors; longer ones are left to
// JavaScript.
#define BARE_MAX 128

// Appends the `w` bytes at `p` to `bare` unless they are U+FE0E or U+FE0F; 0 when `bare` is full.
static inline int keep(uint8_t *bare, uint32_t *length, const uint8_t *p, uint32_t w) {
  if (w == 3 && p[0] == 0xEF && p[1] == 0xB8 && (p[2] | 1) == 0x8F) return 1;
  if (*length + w > BARE_MAX) return 0;
  for (uint32_t q = 0; q < w; q++) bare[*length + q] = p[q];
  *length += w;
  return 1;
}

// Where the cluster of an emoji starting at boundary `s` ends (unicode.js `emojiClusterEnd`, which leaves clusters
// holding Indic conjunct parts to a full segmentation), its UTF-16 length in `*units` and its bytes without
// variation selectors 15 and 16 in `bare`; UNSURE for a first scalar that is an Indic consonant, a scalar outside the
// tables, or a cluster too long.
static int64_t emoji_cluster_end(const uint8_t *t, uint32_t s, uint32_t n, uint32_t *units, uint8_t *bare,
                                 uint32_t *bare_length) {
  uint32_t w;
  int p = prop(decode(t, s, n, &w));
  // A first scalar in a conjunct (a skin tone at the start of a message: Indic_Conjunct_Break Extend) joins nothing
  // after it: only a consonant could, and no consonant starts an emoji.
  if (p < 0 || ((p >> 5) & 3) == 1) return UNSURE;
  *bare_length = 0;
  keep(bare, bare_length, t + s, w);
  uint32_t i = s + w;
  uint32_t u = w == 4 ? 2 : 1;
  int pictographic = (p & 16) != 0;
  int regional = (p & 15) == RI ? 1 : 0;
  while (i < n) {
    // ASCII and CJK ideographs (U+4000 to U+9FFF) join nothing before them: the usual end of an emoji.
    if (t[i] < 0x80 || (t[i] >= 0xE4 && t[i] <= 0xE9)) break;
    uint32_t v = decode(t, i, n, &w);
    p = prop(v);
    // Indic_Conjunct_Break aside: GB9c joins a consonant only after an earlier one in the cluster, and an
    // emoji's cluster takes none (a consonant is Other, so it ends the cluster).
    if (p < 0) return UNSURE;
    uint32_t vu = w == 4 ? 2 : 1;
    int c = p & 15;
    if (c == EXTEND || c == SPACING) {
      if (!keep(bare, bare_length, t + i, w)) return UNSURE;
      i += w;
      u += vu;
      regional = 0;
      if (c == SPACING) pictographic = 0;
      continue;
    }
    if (c == ZWJ) {
      if (!keep(bare, bare_length, t + i, w)) return UNSURE;
      i += w;
      u += vu;
      regional = 0;
      if (!pictographic || i >= n) { pictographic = 0; continue; }
      uint32_t xw;
      int px = prop(decode(t, i, n, &xw));
      if (px < 0) return UNSURE;
      if (px & 16) {
        if (((px >> 5) & 3) != 0) return UNSURE;
        if (!keep(bare, bare_length, t + i, xw)) return UNSURE;
        i += xw;
        u += xw == 4 ? 2 : 1;
        pictographic = 1;
        continue;
      }
      pictographic = 0;
      continue;
    }
    if (c == RI && regional == 1) {
      if (!keep(bare, bare_length, t + i, w)) return UNSURE;
      i += w;
      u += vu;
      regional = 2;
      continue;
    }
    break;
  }
  *units = u;
  return i;
}

// True when normalization leaves every scalar of `t[from..<to]` alone, as unicode.js's quick test decides.
static int inert(const uint8_t *t, uint32_t from, uint32_t to, uint32_t n) {
  for (uint32_t j = from; j < to;) {
    uint32_t w;
    uint32_t v = decode(t, j, n, &w);
    if (!(v < 0x300 || (v >= 0x3400 && v <= 0x9FFF) || (v >= 0xAC00 && v <= 0xD7A3))) return 0;
    j += w;
  }
  return 1;
}

// The row of the key equal to the `length` bytes at `p` whose hash is `h`, or -1.
static int64_t find(const table *tb, const uint8_t *p, uint32_t length, uint32_t h) {
  // Hash, length and where the key's bytes are sit in the slot: one miss to rule a slot out.
  for (uint32_t slot = h & tb->mask;; slot = (slot + 1) & tb->mask) {
    const uint32_t *s = tb->slots + 4 * slot;
    if (!s[3]) return -1;
    if (s[0] != h || s[1] != length) continue;
    const uint8_t *key = tb->bytes + s[2];
    uint32_t i = 0;
    for (; i + 8 <= length; i += 8)
      if (load64(key + i) != load64(p + i)) break;
    if (i + 8 <= length) continue;
    while (i < length && key[i] == p[i]) i++;
    if (i == length) return s[3] - 1;
  }
}

// Writes a run; 0 when the memory cannot grow.
static inline int push(uint32_t *count, int32_t start, int32_t end, int32_t kind, int32_t pack, int32_t entry) {
  if (*count >= runs_capacity) {
    uint32_t more = runs_capacity < 1024 ? 1024 : runs_capacity;
    if (!reach((uint8_t *)runs, 20 * ((size_t)runs_capacity + more))) return 0;
    runs_capacity += more;
  }
  int32_t *r = runs + 5 * *count;
  r[0] = start;
  r[1] = end;
  r[2] = kind;
  r[3] = pack;
  r[4] = entry;
  ++*count;
  return 1;
}

static emoscan_candidate listed[EMOSCAN_RANGE_MAX + EMOSCAN_SLACK];

// Tokenizes the `n` bytes at `emo_text()` (a well-formed message of `units` UTF-16 units) with tags of at most
// `limit` bytes as unicode.js counts them; the runs (start, end, kind, pack, entry in UTF-16 units, as
// TokenizedText holds them) at `emo_runs()`. Returns how many, or -1 when the JavaScript tokenizer must take the
// message, -2 without memory.
int32_t EXPORT(emo_tokenize)(uint32_t n, uint32_t units, uint32_t limit) {
  const uint8_t *t = text;
  uint32_t count = 0;
  uint32_t text_start = 0;  // UTF-16 offset of the text run in progress
  uint32_t consumed = 0;    // bytes before this are inside a token
  uint32_t base_units = 0;  // UTF-16 offset of the range
  const table *keys = &tables[0];
  const table *emoji = &tables[1];
  for (uint32_t range = 0; range < n; range += EMOSCAN_RANGE_MAX) {
    uint32_t range_units = 0;
    size_t m = emoscan_candidates_with(EMOSCAN_PORTABLE, t, n, range, EMOSCAN_RANGE_MAX, listed, &range_units);
    for (size_t k = 0; k < m; k++) {
      uint32_t s = range + listed[k].offset;
      if (s < consumed) continue;
      uint32_t s16 = base_units + listed[k].utf16;
      uint8_t lead = t[s];
      if (lead == ']') continue;
      int32_t end16 = -1, kind = 1;
      int64_t row = -1;
      const table *from = keys;
      uint32_t end = 0;
      if (lead == '[') {
        int before = after_bracket_before(t, s, n);
        if (before == UNSURE) return UNSURE;
        if (!before) continue;
        int after = after_bracket(t, s + 1, n);
        if (after == UNSURE) return UNSURE;
        if (!after) continue;
        // The tag's end: the next listed '[' or ']' (the list holds both), or a scan when it lies past the range.
        uint32_t close, close16;
        size_t q = k + 1;
        while (q < m && t[range + listed[q].offset] != ']' && t[range + listed[q].offset] != '[') q++;
        if (q < m) {
          close = range + listed[q].offset;
          close16 = base_units + listed[q].utf16;
        } else {
          uint32_t u = 1;
          close = s + 1;
          while (close < n && t[close] != ']' && t[close] != '[') {
            u += (t[close] & 0xC0) != 0x80;
            u += t[close] >= 0xF0;
            close++;
          }
          if (close >= n) continue;
          close16 = s16 + u;
        }
        // unicode.js counts the bytes of '[' and the text, and gives up at `limit`.
        if (t[close] != ']' || close == s + 1 || close - s >= limit) continue;
        end = close + 1;
        after = after_bracket(t, end, n);
        if (after == UNSURE) return UNSURE;
        if (!after) continue;
        row = find(keys, t + s, end - s, hash_bytes(t + s, end - s));
        if (row < 0) {
          if (!inert(t, s + 1, close, n)) return UNSURE; // its normalized form might be a key
          continue;
        }
        end16 = (int32_t)(close16 + 1);
      } else {
        // An emoji's start: a keycap base only before U+FE0F or U+20E3.
        uint32_t w;
        uint32_t first = decode(t, s, n, &w);
        if (first < 0x80) {
          if (!((first >= '0' && first <= '9') || first == '#' || first == '*')) continue;
          if (!(s + 3 < n + 0 && ((t[s + 1] == 0xEF && t[s + 2] == 0xB8 && t[s + 3] == 0x8F) ||
                                  (t[s + 1] == 0xE2 && t[s + 2] == 0x83 && t[s + 3] == 0xA3))))
            continue;
        }
        int p = prop(first);
        if (p < 0) return UNSURE;
        if (first >= 0x80 && !(p & 128)) continue;
        int before = boundary_before(t, s, n, p);
        if (before == UNSURE) return UNSURE;
        if (!before) continue;
        uint32_t cluster_units, bare_length;
        uint8_t bare[BARE_MAX];
        int64_t e = emoji_cluster_end(t, s, n, &cluster_units, bare, &bare_length);
        if (e < 0) return UNSURE;
        end = (uint32_t)e;
        if (first < 0x80) {
          uint32_t sw;
          uint32_t second = end > s + 1 ? decode(t, s + 1, n, &sw) : 0;
          if (second != 0xFE0F && second != 0x20E3) continue;
        }
        row = find(emoji, bare, bare_length, hash_bytes(bare, bare_length));
        if (row < 0) continue;
        from = emoji;
        kind = 2;
        end16 = (int32_t)(s16 + cluster_units);
      }
      const uint32_t *r = from->rows + 5 * row;
      if (text_start < s16 && !push(&count, (int32_t)text_start, (int32_t)s16, 0, -1, -1)) return -2;
      if (!push(&count, (int32_t)s16, end16, kind, (int32_t)r[3], (int32_t)r[4])) return -2;
      text_start = (uint32_t)end16;
      consumed = end;
    }
    base_units += range_units;
  }
  if (text_start < units && !push(&count, (int32_t)text_start, (int32_t)units, 0, -1, -1)) return -2;
  return (int32_t)count;
}
