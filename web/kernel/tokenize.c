// The web runtime's tokenizer kernel, compiled to WebAssembly (wasm32, SIMD128) by web/kernel/build.sh: the
// tokenizer's rules of docs/RUNTIME.md for tags, legacy codes, shortcodes and emoji, over a message's UTF-16 units as
// JavaScript holds them (copied in without converting). A vector filter finds the units that may start a key or an
// emoji; each is settled with the same pair rules as web/src/unicode.js, and a shortcode name that normalizing could
// change is asked of JavaScript. Where those rules would look further back (an Indic conjunct, a scalar outside the
// tables next to a candidate) or a tag would need normalizing, the kernel gives up on the message and the JavaScript
// tokenizer takes it whole, so the tokens are always the JavaScript ones.
#include <stddef.h>
#include <stdint.h>

#if defined(__wasm__)
#define EXPORT(name) __attribute__((export_name(#name))) name
#else
// Compiled natively for the fuzz harness (Fuzz/harnesses/web_kernel.c): plain functions over a fixed arena.
#define EXPORT(name) name
#endif

// The helpers the scans call at every candidate are always inlined: compiled twice, the scans would otherwise call
// them, and the scan without codes ran 2-3 % slower in V8.
// Grapheme_Cluster_Break values, as in unicode.js.
enum { OTHER = 0, CR = 1, LF = 2, CONTROL = 3, EXTEND = 4, ZWJ = 5, RI = 6, PREPEND = 7, SPACING = 8, L = 9, V = 10,
       T = 11, LV = 12, LVT = 13 };
// A result the kernel cannot settle: the message goes to the JavaScript tokenizer.
#define UNSURE (-1)

// Each scalar's properties in one byte: Grapheme_Cluster_Break (bits 0-3), Extended_Pictographic (bit 4),
// Indic_Conjunct_Break (bits 5-6), may start an emoji (bit 7); planes 0 and 1, then U+E0000 to U+E0FFF (tags and
// variation selectors). A lone surrogate has its unit's entry, as in unicode.js. Written by JavaScript.
#define PROPS_SIZE (0x20000 + 0x1000)
static uint8_t props[PROPS_SIZE];

static inline int prop(uint32_t v) {
  if (v < 0x20000) return props[v];
  if (v - 0xE0000 < 0x1000) return props[0x20000 + v - 0xE0000];
  return UNSURE;
}

static inline int high(uint32_t u) { return (u & 0xFC00) == 0xD800; }
static inline int low(uint32_t u) { return (u & 0xFC00) == 0xDC00; }

// Key tables, open-addressed: 0 keys (tags, codes and shortcodes, as written), 1 emoji (without U+FE0E and U+FE0F),
// 2 shortcodes, 3 legacy codes; keys in UTF-16.
typedef struct {
  uint32_t mask;
  uint32_t *hashes; // a slot's key's hash with its low bit set (0: empty), apart: a probe reads four bytes a slot
  uint32_t *slots;  // three a slot: length, unit offset, 1 + the key's row
  uint32_t *rows;  // two a key: its runs' code (kind + 4 x the emoticon's index), UTF-8 bytes
  uint16_t *units;
} table;
static table tables[4];

// Memory after the static data: the tables, then the message's units and the runs for one call.
#if defined(__wasm__)
extern uint8_t __heap_base;
static uint8_t *heap_top = &__heap_base;
#else
static uint8_t arena[64 << 20];
static uint8_t *heap_top = arena;
#endif
static uint16_t *text;
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
  uint8_t *at = (uint8_t *)(((size_t)heap_top + 15) & ~(size_t)15);
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

// The key table's hash of `length` units at `u` (> 0), eight bytes at a time.
__attribute__((always_inline)) static inline uint32_t hash_units(const uint16_t *u, uint32_t units) {
  const uint8_t *p = (const uint8_t *)u;
  uint32_t length = 2 * units;
  uint64_t h;
  if (length >= 8) {
    // The first and last eight bytes multiplied side by side; longer keys fold their middle words in first.
    uint64_t m = length;
    for (uint32_t i = 8; i + 8 < length; i += 8) m = (m ^ load64(p + i)) * 0x9E3779B97F4A7C15ull;
    h = (load64(p) ^ m) * 0xFF51AFD7ED558CCDull ^ (load64(p + length - 8) + length) * 0xC4CEB9FE1A85EC53ull;
  } else if (length >= 4) {
    h = (load32(p) ^ length) * 0xFF51AFD7ED558CCDull ^ (load32(p + length - 4) + length) * 0xC4CEB9FE1A85EC53ull;
  } else {
    h = (p[0] | (uint32_t)p[1] << 8) * 0xFF51AFD7ED558CCDull;
  }
  // The product's high half depends on every input bit: folded onto the low bits the table indexes by.
  return (uint32_t)(h ^ (h >> 29) ^ (h >> 43));
}

// The vector filter's ranges: non-ASCII units from `wide_from` may start an emoji, except in `skip` ranges that hold
// no scalar able to: CJK punctuation; U+329A (after U+3299) to the high surrogates of scalars below U+1F000
// (ideographs, Yi, Hangul); those of scalars above plane 1's emoji to U+FE0E (low surrogates, private use,
// compatibility ideographs); U+FE10 on. A range holding one is dropped.
#define SKIPS 4
static uint16_t wide_from = 0x80;
static uint16_t skip_from[SKIPS] = {0x3000, 0x329A, 0xD83F, 0xFE10};
static uint16_t skip_count[SKIPS] = {0x302F - 0x3000 + 1, 0xD83B - 0x329A + 1, 0xFE0E - 0xD83F + 1, 0xFFFF - 0xFE10 + 1};

// Units that may continue a cluster after its first scalar (Extend, ZWJ, SpacingMark; a high surrogate whose 1,024
// scalars hold one, a regional indicator, or lie outside the tables), one bit each: any other ends an emoji there.
static uint8_t joins[0x10000 / 8];

static inline int may_join(uint32_t u) { return (joins[u >> 3] >> (u & 7)) & 1; }

// Units whose scalar may join the one after it when that one is '[' or an emoji start that is no Extend, regional
// indicator or conjunct part: Prepend (GB9b) and ZWJ (GB11); a high surrogate whose 1,024 scalars hold one or lie
// outside the tables, and every low surrogate (a lone one is looked at in full). Any other unit before such a
// scalar leaves a boundary.
static uint8_t leans[0x10000 / 8];

// Whether the scalar ending at `s` may join the one at `s`, by `leans`: a pair is asked by its high surrogate, chosen
// without a branch (whether an emoji comes before a candidate follows the text, not a pattern). At the message's
// start it reads the zeros `emo_text` keeps before it: no.
static inline int may_lean(const uint16_t *t, uint32_t s) {
  const uint16_t *at = t + s;
  uint32_t u = at[-1];
  uint32_t v = at[-2];
  u = (low(u) & high(v)) ? v : u;
  return (leans[u >> 3] >> (u & 7)) & 1;
}


// Emoji of one scalar in U+1F000 to U+1FBFF and U+2000 to U+33FF, looked up by index: 1 + the key's row, 0 for
// none. Unused when a row does not fit.
#define DIRECT_SIZE (0xC00 + 0x1400)
static uint16_t direct[DIRECT_SIZE];
static int direct_ok = 1;
// Whether the five skin tones (U+1F3FB to U+1F3FF) are Extend and nothing more, as the tables say.
static int tones_ok = 0;

static inline int32_t direct_index(uint32_t v) {
  if (v - 0x1F000 < 0xC00) return (int32_t)(v - 0x1F000);
  if (v - 0x2000 < 0x1400) return (int32_t)(0xC00 + v - 0x2000);
  return -1;
}

// The kernel's set-up reads the property table sixteen bytes at a time: it runs once for each kernel, before the
// engine has optimized anything, where a loop over every unit took milliseconds.
typedef uint8_t u8x16 __attribute__((vector_size(16)));
typedef signed char s8x16 __attribute__((vector_size(16)));

static inline u8x16 load_bytes(const uint8_t *p) {
  u8x16 v;
  __builtin_memcpy(&v, p, 16);
  return v;
}

// One bit for each lane of `m` that is true.
static inline uint32_t mask_bytes(s8x16 m) {
#if defined(__wasm_simd128__)
  return (uint32_t)__builtin_wasm_bitmask_i8x16(m);
#elif defined(__SSE2__)
  typedef char c8x16 __attribute__((vector_size(16)));
  return (uint32_t)__builtin_ia32_pmovmskb128((c8x16)m);
#else
  uint32_t bits = 0;
  for (int k = 0; k < 16; k++) bits |= (uint32_t)(m[k] != 0) << k;
  return bits;
#endif
}

// Lanes of properties that continue a cluster (Extend, ZWJ, SpacingMark, a regional indicator: `joins`) and that
// lean on the scalar after them (Prepend, ZWJ: `leans`).
static inline s8x16 continues16(u8x16 p) {
  u8x16 c = p & 15;
  return (s8x16)((c == EXTEND) | (c == ZWJ) | (c == SPACING) | (c == RI));
}
static inline s8x16 leans16(u8x16 p) {
  u8x16 c = p & 15;
  return (s8x16)((c == PREPEND) | (c == ZWJ));
}

// The properties of the 1,024 scalars that high surrogate `u` leads, or 0 when they lie outside the tables.
static const uint8_t *led_by(uint32_t u) {
  uint32_t first = 0x10000 + ((u - 0xD800) << 10);
  if (first < 0x20000) return props + first;
  if (first - 0xE0000 < 0x1000) return props + 0x20000 + (first - 0xE0000);
  return 0;
}

// Whether any of the `n` property bytes at `p` has bit 7 (may start an emoji).
static int any_start(const uint8_t *p, uint32_t n) {
  uint32_t k = 0;
  for (; k + 16 <= n; k += 16)
    if (mask_bytes((s8x16)load_bytes(p + k) < 0)) return 1;
  for (; k < n; k++)
    if (p[k] & 128) return 1;
  return 0;
}

// Whether a unit of [from, to) may begin an emoji: its own scalar, or for a high surrogate any scalar it leads.
// Scalars outside the tables start nothing, so a high surrogate of planes 2 to 16 but for U+E0000 to U+E0FFF is
// settled without a look.
static int any_emoji_start(uint32_t from, uint32_t to) {
  for (uint32_t u = from; u < to;) {
    if (high(u)) {
      const uint8_t *led = led_by(u);
      if (led && any_start(led, 1024)) return 1;
      u++;
      continue;
    }
    uint32_t stop = u < 0xD800 && to > 0xD800 ? 0xD800 : to;
    if (any_start(props + u, stop - u)) return 1;
    u = stop;
  }
  return 0;
}

static void filter_setup(void) {
  // Every unit for its own scalar, sixteen at a time; a low surrogate leans on what follows (a lone one is looked
  // at in full).
  for (uint32_t u = 0; u < 0x10000; u += 16) {
    u8x16 p = load_bytes(props + u);
    uint32_t join = mask_bytes(continues16(p));
    uint32_t lean = low(u) ? 0xFFFF : mask_bytes(leans16(p));
    joins[u >> 3] = (uint8_t)join;
    joins[(u >> 3) + 1] = (uint8_t)(join >> 8);
    leans[u >> 3] = (uint8_t)lean;
    leans[(u >> 3) + 1] = (uint8_t)(lean >> 8);
  }
  // A high surrogate stands for its 1,024 scalars; outside the tables (UNSURE) for both.
  for (uint32_t u = 0xD800; u < 0xDC00; u++) {
    const uint8_t *led = led_by(u);
    int join = 1, lean = 1;
    if (led) {
      s8x16 j = {}, l = {};
      for (uint32_t k = 0; k < 1024; k += 16) {
        u8x16 p = load_bytes(led + k);
        j |= continues16(p);
        l |= leans16(p);
      }
      join = mask_bytes(j) != 0;
      lean = mask_bytes(l) != 0;
    }
    if (join) joins[u >> 3] |= (uint8_t)(1 << (u & 7));
    else joins[u >> 3] &= (uint8_t)~(1 << (u & 7));
    if (lean) leans[u >> 3] |= (uint8_t)(1 << (u & 7));
    else leans[u >> 3] &= (uint8_t)~(1 << (u & 7));
  }
  tones_ok = 1;
  for (uint32_t v = 0x1F3FB; v <= 0x1F3FF; v++)
    if ((prop(v) & 15) != EXTEND) tones_ok = 0;
  uint32_t lowest = 0x20E3; // U+20E3 and U+FE0F list keycaps; every plane-1 scalar starts with a high surrogate
  for (uint32_t v = 0x80; v < 0xD800; v++)
    if (props[v] & 128) { lowest = v; break; }
  wide_from = (uint16_t)lowest;
  for (int k = 0; k < SKIPS; k++)
    if (any_emoji_start(skip_from[k], (uint32_t)skip_from[k] + skip_count[k])) skip_count[k] = 0;
}

// Legacy codes (key table 3) by first unit: the lengths its codes have, one bit each (bit L - 1 for L units), in
// open-addressed slots (lengths 0: empty). JavaScript tries a unit's codes longest first; of the codes matching at one
// place each is a prefix of the longer ones, so trying the lengths longest first is the same.
typedef struct {
  uint32_t unit;
  uint64_t lengths;
} code_lead;
static code_lead *leads;
static uint32_t leads_mask;
static int codes_ok = 1;
// Units that start a code, and ':' when there are shortcodes: the candidates JavaScript tries codes at first.
static uint8_t general[0x10000 / 8];
static int shortcodes;
// Units the vector filter's ranges drop that must still be candidates, tested one by one.
#define EQ_MAX 6
static uint16_t eq_units[EQ_MAX];
static int eq_lanes;
// Scalars of planes 0 and 1 that normalization leaves alone wherever they stand (unicode.js `isInert`), one bit
// each; written by JavaScript (all clear until then: JavaScript is asked about every shortcode name and tag).
static uint8_t inert[0x20000 / 8];

static inline int is_general(uint32_t u) { return (general[u >> 3] >> (u & 7)) & 1; }

static const code_lead *lead_of(uint32_t u) {
  if (!leads) return 0;
  for (uint32_t g = (u * 0x9E3779B1u >> 16) & leads_mask;; g = (g + 1) & leads_mask) {
    if (!leads[g].lengths) return 0;
    if (leads[g].unit == u) return &leads[g];
  }
}

static void codes_reset(void) {
  leads = 0;
  codes_ok = 1;
  shortcodes = 0;
  for (uint32_t k = 0; k < sizeof general; k++) general[k] = 0;
  eq_lanes = 0;
}

uint8_t *EXPORT(emo_props)(void) { return props; }

// Room for `keys` keys of `units` UTF-16 units in table `which`; returns where the keys' units go (0 without
// memory). The properties must be in place: the vector filter is fitted to them here.
uint16_t *EXPORT(emo_table_init)(uint32_t which, uint32_t keys, uint32_t units) {
  if (which == 0) {
    filter_setup();
    codes_reset();
  }
  if (which == 1) {
    for (uint32_t k = 0; k < DIRECT_SIZE; k++) direct[k] = 0;
    direct_ok = 1;
  }
  // At most a quarter full: a key that is none ends its probe at an empty slot soon.
  uint32_t size = 16;
  while (size < 4 * keys) size *= 2;
  table *t = &tables[which & 3];
  t->mask = size - 1;
  t->hashes = (uint32_t *)reserve(4 * (size_t)size);
  t->slots = (uint32_t *)reserve(12 * (size_t)size);
  t->rows = (uint32_t *)reserve(8 * (size_t)keys + 8);
  t->units = (uint16_t *)reserve(2 * (size_t)units + 2);
  if (!t->hashes || !t->slots || !t->rows || !t->units) return 0;
  for (uint32_t k = 0; k < size; k++) t->hashes[k] = 0;
  if (which == 3) {
    leads_mask = size - 1;
    leads = (code_lead *)reserve(sizeof(code_lead) * (size_t)size);
    if (!leads) return 0;
    for (uint32_t k = 0; k < size; k++) leads[k].lengths = 0;
  }
  return t->units;
}

// Adds key `index` (its units at `at`, `length` long) for the emoticon at `emoticon` in the catalog (packs in order,
// entries in order); keys come first pack first and are distinct.
void EXPORT(emo_table_add)(uint32_t which, uint32_t index, uint32_t at, uint32_t length, uint32_t emoticon) {
  table *t = &tables[which & 3];
  uint32_t h = hash_units(t->units + at, length);
  if (which == 1) {
    const uint16_t *key = t->units + at;
    int32_t d = -1;
    if (length == 1 && (key[0] & 0xF800) != 0xD800) d = direct_index(key[0]);
    if (length == 2 && (key[0] & 0xFC00) == 0xD800 && (key[1] & 0xFC00) == 0xDC00)
      d = direct_index(((uint32_t)(key[0] - 0xD800) << 10) + (key[1] - 0xDC00) + 0x10000);
    if (d >= 0) {
      if (index + 1 > 0xFFFF) direct_ok = 0;
      else direct[d] = (uint16_t)(index + 1);
    }
  }
  // UTF-8 bytes, as unicode.js counts a tag's against the limit.
  uint32_t bytes = 0;
  for (uint32_t k = 0; k < length; k++) {
    uint32_t u = t->units[at + k];
    bytes += u < 0x80 ? 1 : u < 0x800 ? 2 : (u & 0xF800) == 0xD800 ? 2 : 3;
  }
  t->rows[2 * index] = (which == 1 ? 2 : 1) + (emoticon << 2); // kind 1 an emoticon, 2 an emoji
  t->rows[2 * index + 1] = bytes;
  uint32_t slot = h & t->mask;
  while (t->hashes[slot]) slot = (slot + 1) & t->mask;
  t->hashes[slot] = h | 1;
  uint32_t *s = t->slots + 3 * slot;
  s[0] = length;
  s[1] = at;
  s[2] = index + 1;
  if (which != 3) return;
  uint32_t u = t->units[at];
  general[u >> 3] |= (uint8_t)(1 << (u & 7));
  if (length == 0 || length > 64) {
    codes_ok = 0;
    return;
  }
  for (uint32_t g = (u * 0x9E3779B1u >> 16) & leads_mask;; g = (g + 1) & leads_mask) {
    if (!leads[g].lengths || leads[g].unit == u) {
      leads[g].unit = u;
      leads[g].lengths |= 1ull << (length - 1);
      return;
    }
  }
}

// Where the caller writes each of table `which`'s keys as two words, its length in units and its emoticon, before
// `emo_table_fill`: the rows, which the fill overwrites in the same order.
uint32_t *EXPORT(emo_table_rows)(uint32_t which) { return tables[which & 3].rows; }

// Adds table `which`'s `keys` keys, whose units lie one after another from `emo_table_init`'s address and whose
// lengths and emoticons are at `emo_table_rows`: one call for a catalog's keys, not one a key.
void EXPORT(emo_table_fill)(uint32_t which, uint32_t keys) {
  table *t = &tables[which & 3];
  uint32_t at = 0;
  for (uint32_t k = 0; k < keys; k++) {
    uint32_t length = t->rows[2 * k], emoticon = t->rows[2 * k + 1];
    emo_table_add(which, k, at, length, emoticon);
    at += length;
  }
}

uint8_t *EXPORT(emo_inert)(void) { return inert; }

// True when the vector filter keeps unit `u` as a candidate by its ranges.
static int filtered(uint32_t u) {
  if (u == '[') return 1;
  if (u < wide_from) return 0;
  for (int k = 0; k < SKIPS; k++)
    if (u - skip_from[k] < skip_count[k]) return 0;
  return 1;
}

// After the codes (key table 3, if any): `with_shortcodes` says whether ':' may start one. Returns 0 when the kernel
// cannot take this catalog (a code starting with a low surrogate, U+FE0F or U+20E3, one over 64 units, more first
// units than the filter tests one by one): JavaScript then tokenizes every message.
int32_t EXPORT(emo_codes_done)(uint32_t with_shortcodes) {
  if (!codes_ok) return 0;
  shortcodes = with_shortcodes != 0;
  if (shortcodes) general[':' >> 3] |= (uint8_t)(1 << (':' & 7));
  int lanes = 0;
  // The units in order, a byte of the set at a time.
  for (uint32_t g = 0; g < sizeof general; g++) {
    for (uint32_t bits = general[g]; bits; bits &= bits - 1) {
      uint32_t u = 8 * g + (uint32_t)__builtin_ctz(bits);
      if (low(u) || u == 0xFE0F || u == 0x20E3) return 0;
      if (filtered(u)) continue;
      if (lanes == EQ_MAX) return 0;
      eq_units[lanes++] = (uint16_t)u;
    }
  }
  eq_lanes = lanes;
  for (int k = lanes; k < EQ_MAX; k++) eq_units[k] = '['; // the filter's unused lanes test '[' again
  return 1;
}

// Where a message of `capacity` UTF-16 units goes (0 without memory): after 16 zero bytes, which the scan reads as
// the units before a message, and before 64 bytes of slack, where the scan puts a 0 after the message and reads past
// it without using what it reads; the runs follow.
uint16_t *EXPORT(emo_text)(uint32_t capacity) {
  uint8_t *before = (uint8_t *)(((size_t)heap_top + 15) & ~(size_t)15);
  text = (uint16_t *)(before + 16);
  runs = (int32_t *)(((size_t)text + 2 * (size_t)capacity + 64 + 15) & ~(size_t)15);
  runs_capacity = 0;
  if (!reach(before, 16 + 2 * (size_t)capacity + 64)) return 0;
  for (int k = 0; k < 16; k++) before[k] = 0;
  return text;
}

int32_t *EXPORT(emo_runs)(void) { return runs; }

// The scalar at `i` (inside the message) and its width in units: a lone surrogate is its own unit. The unit after
// the message is the scan's 0, which is no low surrogate.
static inline uint32_t scalar_at(const uint16_t *t, uint32_t i, uint32_t *width) {
  uint32_t u = t[i];
  if (high(u) && low(t[i + 1])) {
    *width = 2;
    return ((u - 0xD800) << 10) + (t[i + 1] - 0xDC00) + 0x10000;
  }
  *width = 1;
  return u;
}

// The start of the scalar that ends at `i` (> 0).
static inline uint32_t scalar_before(const uint16_t *t, uint32_t i) {
  uint32_t j = i - 1;
  if (j > 0 && low(t[j]) && high(t[j - 1])) j--;
  return j;
}

static inline int keycap_base(uint32_t u) { return (u >= '0' && u <= '9') || u == '#' || u == '*'; }

// ASCII and CJK ideographs (U+4000 to U+9FFF: Other, in no conjunct) join nothing on either side.
static inline int inert_unit(uint32_t u) { return u < 0x80 || (u >= 0x4000 && u <= 0x9FFF); }

typedef uint16_t u16x8 __attribute__((vector_size(16)));
typedef int16_t i16x8 __attribute__((vector_size(16)));
typedef int8_t i8x16 __attribute__((vector_size(16)));

// One bit for each lane of `a` then `b` that is true.
static inline uint32_t mask16(i16x8 a, i16x8 b) {
#if defined(__wasm_simd128__)
  return (uint32_t)__builtin_wasm_bitmask_i8x16(__builtin_wasm_narrow_s_i8x16_i16x8(a, b));
#elif defined(__SSE2__)
  return (uint32_t)__builtin_ia32_pmovmskb128(__builtin_ia32_packsswb128(a, b));
#else
  uint32_t bits = 0;
  for (int k = 0; k < 8; k++) bits |= (uint32_t)(a[k] != 0) << k | (uint32_t)(b[k] != 0) << (k + 8);
  return bits;
#endif
}

static inline u16x8 load8(const uint16_t *p) {
  u16x8 v;
  __builtin_memcpy(&v, p, 16);
  return v;
}

// The ']' closing the tag whose '[' is at `s`, from the 16 units after it at once: its offset, 0 when there is no
// tag, 1 when the vectors cannot tell (a surrogate, no ']' among them, the message's end). The tag limit is the
// caller's: a key's length is known, and the unit-at-a-time scan below settles a tag that is none.
static inline uint32_t tag_close_fast(const uint16_t *t, uint32_t s, uint32_t n) {
  if (s + 17 > n) return 1;
  u16x8 a = load8(t + s + 1), b = load8(t + s + 9);
  uint32_t close = mask16(a == ']', b == ']');
  if (!close) return 1;
  uint32_t c = (uint32_t)__builtin_ctz(close);
  uint32_t before = (1u << c) - 1;
  // A '[' or a surrogate before the ']': told apart only then.
  if (mask16((a == '[') | ((a & 0xF800) == 0xD800), (b == '[') | ((b & 0xF800) == 0xD800)) & before)
    return mask16(a == '[', b == '[') & before ? 0 : 1;
  return c == 0 ? 0 : s + 1 + c;
}

// Whether normalization leaves every unit between the '[' at `s` and the ']' at `close` alone (tag_close's
// `composed`), for a tag `tag_close_fast` found: asked only of a tag that is no key.
static inline int tag_inert_fast(const uint16_t *t, uint32_t s, uint32_t close) {
  u16x8 a = load8(t + s + 1), b = load8(t + s + 9);
  uint32_t before = (1u << (close - s - 1)) - 1;
  u16x8 below = (u16x8){} + 0x300, cjk = (u16x8){} + 0x3400, cjk_count = (u16x8){} + (0x9FFF - 0x3400 + 1);
  u16x8 hangul = (u16x8){} + 0xAC00, hangul_count = (u16x8){} + (0xD7A3 - 0xAC00 + 1);
  i16x8 ia = (a < below) | ((u16x8)(a - cjk) < cjk_count) | ((u16x8)(a - hangul) < hangul_count);
  i16x8 ib = (b < below) | ((u16x8)(b - cjk) < cjk_count) | ((u16x8)(b - hangul) < hangul_count);
  return (mask16(ia, ib) & before) == before;
}

// The same, a unit at a time: the ']' at its offset, or 0.
static uint32_t tag_close(const uint16_t *t, uint32_t s, uint32_t n, uint32_t limit, int *composed) {
  uint32_t bytes = 1, j = s + 1;
  while (j < n && bytes < limit) {
    uint32_t u = t[j];
    if (u == ']') return j > s + 1 ? j : 0;
    if (u == '[') return 0;
    if (u < 0x80) {
      bytes += 1;
      j++;
    } else if (u < 0x800) {
      bytes += 2;
      j++;
      if (u >= 0x300) *composed = 0;
    } else if (high(u) && j + 1 < n && low(t[j + 1])) {
      bytes += 4;
      j += 2;
      *composed = 0;
    } else {
      bytes += 3;
      j++;
      if (!((u >= 0x3400 && u <= 0x9FFF) || (u >= 0xAC00 && u <= 0xD7A3))) *composed = 0;
    }
  }
  return 0;
}

// The last run of regional indicators walked back over: [ri_from, ri_to) holds only regional indicators, with none
// right before it. Empty (ri_to 0) at the start of each scan.
static uint32_t ri_from, ri_to;

// A cluster boundary between the scalar before `i` and the one at `i` (0 < i < n): UAX #29's pair rules, with GB11
// and GB12/13 walking back as far as they need.
__attribute__((always_inline)) static inline int boundary_at(const uint16_t *t, uint32_t i) {
  uint32_t w;
  uint32_t before = scalar_before(t, i);
  int pa = prop(scalar_at(t, before, &w));
  int pb = prop(scalar_at(t, i, &w));
  if (pa < 0 || pb < 0) return UNSURE;
  int p = pa & 15, c = pb & 15;
  if (p == CR) return c != LF;
  if (p == LF || p == CONTROL || c == CR || c == LF || c == CONTROL) return 1;
  if (c == EXTEND || c == ZWJ || c == SPACING) return 0;
  if (p == PREPEND) return 0;
  if (p == L && (c == L || c == V || c == LV || c == LVT)) return 0;
  if ((p == LV || p == V) && (c == V || c == T)) return 0;
  if ((p == LVT || p == T) && c == T) return 0;
  // GB9c joins a consonant to a conjunct before it, which ends in a Linker or Extend part (Indic_Conjunct_Break 2, 3):
  // left to JavaScript, which walks back.
  if (((pb >> 5) & 3) == 1 && ((pa >> 5) & 3) >= 2) return UNSURE;
  if (p == ZWJ && (pb & 16)) {
    // GB11: no boundary when a pictograph and Extends come before the ZWJ.
    uint32_t at = before;
    while (at > 0) {
      uint32_t s = scalar_before(t, at);
      int q = prop(scalar_at(t, s, &w));
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
    // GB12/13: a boundary when an even number of regional indicators comes right before. The run walked last is
    // remembered, so that a long run of flags is walked once, not once for each flag.
    uint32_t at = i;
    while (at > 0) {
      if (ri_from < at && at <= ri_to) {
        at = ri_from;
        break;
      }
      uint32_t s = scalar_before(t, at);
      int q = prop(scalar_at(t, s, &w));
      if (q < 0 || (q & 15) != RI) break;
      at = s;
    }
    if (at != ri_from || i > ri_to) ri_to = i;
    ri_from = at;
    // Every regional indicator is two units.
    return (((i - at) >> 1) & 1) == 0;
  }
  return 1;
}

// A boundary at `i`, where the scalar before is '[' or ']' (Other, in no conjunct): none only before Extend, ZWJ or
// SpacingMark.
static inline int after_bracket(const uint16_t *t, uint32_t i) {
  if (!may_join(t[i])) return 1;
  uint32_t w;
  int p = prop(scalar_at(t, i, &w));
  if (p < 0) return UNSURE;
  int c = p & 15;
  return !(c == EXTEND || c == ZWJ || c == SPACING);
}

// A boundary before the '[' at `s`: none only after Prepend (GB9b); every other rule needs more than an Other.
static inline int before_bracket(const uint16_t *t, uint32_t s) {
  if (!may_lean(t, s)) return 1;
  uint32_t w;
  int p = prop(scalar_at(t, scalar_before(t, s), &w));
  if (p < 0) return UNSURE;
  return (p & 15) != PREPEND;
}

// A boundary before the scalar at `s` (unicode.js `boundaryBefore`), whose properties are `pv`.
__attribute__((always_inline)) static inline int boundary_before(const uint16_t *t, uint32_t s, uint32_t n, int pv) {
  if (s == 0 || s >= n) return 1;
  int c = pv & 15;
  if (c == EXTEND || c == ZWJ || c == SPACING) return 0;
  int plain = ((pv >> 5) & 3) == 0 && c != RI;
  // An Other in no conjunct joins what comes before only after Prepend or ZWJ.
  if (c == OTHER && plain && !may_lean(t, s)) return 1;
  uint32_t w;
  int pu = prop(scalar_at(t, scalar_before(t, s), &w));
  if (pu < 0) return UNSURE;
  int cu = pu & 15;
  if ((cu == OTHER || cu == EXTEND) && ((pu >> 5) & 3) == 0 && plain) return 1;
  return boundary_at(t, s);
}

// The longest emoji the kernel looks up, in UTF-16 units without variation selectors; longer ones are left to
// JavaScript.
#define BARE_MAX 64

// Appends the `w` units at `p` to `bare` unless they are U+FE0E or U+FE0F; 0 when `bare` is full.
static inline int keep(uint16_t *bare, uint32_t *length, const uint16_t *p, uint32_t w) {
  if (w == 1 && (p[0] | 1) == 0xFE0F) return 1;
  if (*length + w > BARE_MAX) return 0;
  bare[*length] = p[0];
  if (w == 2) bare[*length + 1] = p[1];
  *length += w;
  return 1;
}

// Where the cluster of an emoji starting at boundary `s` ends (unicode.js `emojiClusterEnd`, which leaves clusters
// holding Indic conjunct parts to a full segmentation) and its units without variation selectors 15 and 16 in
// `bare`; UNSURE for a first scalar that is an Indic consonant, a scalar outside the tables, or a cluster too long.
__attribute__((always_inline)) static inline int64_t emoji_cluster_end(const uint16_t *t, uint32_t s, uint32_t n,
                                                                     uint16_t *bare, uint32_t *bare_length) {
  uint32_t w;
  int p = prop(scalar_at(t, s, &w));
  // A first scalar in a conjunct (a skin tone at the start of a message: Indic_Conjunct_Break Extend) joins nothing
  // after it: only a consonant could, and no consonant starts an emoji.
  if (p < 0 || ((p >> 5) & 3) == 1) return UNSURE;
  *bare_length = 0;
  keep(bare, bare_length, t + s, w);
  uint32_t i = s + w;
  int pictographic = (p & 16) != 0;
  int regional = (p & 15) == RI ? 1 : 0;
  while (i < n) {
    // ASCII and CJK ideographs join nothing before them: the usual end of an emoji.
    if (inert_unit(t[i])) break;
    p = prop(scalar_at(t, i, &w));
    // Indic_Conjunct_Break aside: GB9c joins a consonant only after an earlier one in the cluster, and an
    // emoji's cluster takes none (a consonant is Other, so it ends the cluster).
    if (p < 0) return UNSURE;
    int c = p & 15;
    if (c == EXTEND || c == SPACING) {
      if (!keep(bare, bare_length, t + i, w)) return UNSURE;
      i += w;
      regional = 0;
      if (c == SPACING) pictographic = 0;
      continue;
    }
    if (c == ZWJ) {
      if (!keep(bare, bare_length, t + i, w)) return UNSURE;
      i += w;
      regional = 0;
      if (!pictographic || i >= n) {
        pictographic = 0;
        continue;
      }
      uint32_t xw;
      int px = prop(scalar_at(t, i, &xw));
      if (px < 0) return UNSURE;
      if (px & 16) {
        if (((px >> 5) & 3) != 0) return UNSURE;
        if (!keep(bare, bare_length, t + i, xw)) return UNSURE;
        i += xw;
        pictographic = 1;
        continue;
      }
      pictographic = 0;
      continue;
    }
    if (c == RI && regional == 1) {
      if (!keep(bare, bare_length, t + i, w)) return UNSURE;
      i += w;
      regional = 2;
      continue;
    }
    break;
  }
  return i;
}

// True when the `length` units (> 0) at `a` and `b` are equal: whole words, the last one overlapping; keys up to
// eight units with no loop, so that a look-up's branches do not follow the key's length.
static inline int same(const uint16_t *a, const uint16_t *b, uint32_t length) {
  const uint8_t *x = (const uint8_t *)a, *y = (const uint8_t *)b;
  uint32_t bytes = 2 * length;
  if (bytes < 8) {
    if (bytes >= 4) return (int)(load32(x) == load32(y)) & (int)(load32(x + bytes - 4) == load32(y + bytes - 4));
    return a[0] == b[0];
  }
  if (bytes <= 16) return (int)(load64(x) == load64(y)) & (int)(load64(x + bytes - 8) == load64(y + bytes - 8));
  for (uint32_t i = 0; i + 8 < bytes; i += 8)
    if (load64(x + i) != load64(y + i)) return 0;
  return load64(x + bytes - 8) == load64(y + bytes - 8);
}

// The row of the key equal to the `length` units at `p` whose hash is `h`, or -1. Inlined: V8 keeps no register
// across a call, and the scan has many live values at every look-up.
__attribute__((always_inline)) static inline int64_t find(const table *tb, const uint16_t *p, uint32_t length,
                                                        uint32_t h) {
  uint32_t mark = h | 1;
  for (uint32_t slot = h & tb->mask;; slot = (slot + 1) & tb->mask) {
    uint32_t k = tb->hashes[slot];
    if (k == mark) {
      const uint32_t *s = tb->slots + 3 * slot;
      if (s[0] == length && same(tb->units + s[1], p, length)) return s[2] - 1;
    } else if (!k) {
      return -1;
    }
  }
}

// More room for runs; 0 when the memory cannot grow.
static int grow_runs(void) {
  uint32_t more = runs_capacity < 1024 ? 1024 : runs_capacity;
  if (!reach((uint8_t *)runs, 8 * ((size_t)runs_capacity + more))) return 0;
  runs_capacity += more;
  return 1;
}

// Writes a run (start, code: 0 for text) after `count` others, keeping room for the message's end after it; 0 when
// the memory cannot grow.
static inline int push(uint32_t *count, int32_t start, int32_t code) {
  if (*count + 1 >= runs_capacity && !grow_runs()) return 0;
  int32_t *r = runs + 2 * *count;
  r[0] = start;
  r[1] = code;
  ++*count;
  return 1;
}

// The first ':' at or after `from` (n when none), as `indexOf` finds it: the last search is kept, so each unit is
// read about once however many ':' a message holds.
static uint32_t colon_from, colon_at;

static inline uint32_t next_colon(const uint16_t *t, uint32_t from, uint32_t n) {
  if (colon_from <= from && from <= colon_at) return colon_at;
  uint32_t j = from;
  while (j < n && t[j] != ':') j++;
  colon_from = from;
  colon_at = j;
  return j;
}

// A cluster boundary at any `i` (unicode.js `ClusterBoundaries.at`): none inside a surrogate pair. For codes, out of
// the scan loop.
__attribute__((noinline)) static int boundary_slowly(const uint16_t *t, uint32_t i) {
  if (low(t[i]) && high(t[i - 1])) return 0;
  return boundary_at(t, i);
}

// The same, settled at once between two units of ASCII or CJK ideographs (Other, in no conjunct) where the one after
// is printable: no rule but GB3 (CR LF) joins those.
static inline int boundary_any(const uint16_t *t, uint32_t i, uint32_t n) {
  if (i == 0 || i >= n) return 1;
  uint32_t a = t[i - 1], b = t[i];
  if (inert_unit(a) && inert_unit(b) && b >= 0x20) return 1;
  return boundary_slowly(t, i);
}

// JavaScript's look-up of a shortcode name (the `length` units at `name`) once normalized: its run code, 0 when it is
// no key, -1 when JavaScript cannot tell (the message is then left to it).
#if defined(__wasm__)
__attribute__((import_module("env"), import_name("shortcode_nfc")))
#endif
int32_t shortcode_nfc(const uint16_t *name, uint32_t length);

// The same for a tag, brackets included (the `length` units at `tag`): the run code of the key it is once normalized.
#if defined(__wasm__)
__attribute__((import_module("env"), import_name("tag_nfc")))
#endif
int32_t tag_nfc(const uint16_t *tag, uint32_t length);

// True when normalization leaves the `length` units at `p` as they are (unicode.js `nfc`'s first test): then a name
// that is no key is none once normalized either.
static int nfc_inert(const uint16_t *p, uint32_t length) {
  for (uint32_t i = 0; i < length; i++) {
    uint32_t u = p[i];
    if (u < 0x300 || (u >= 0x3400 && u <= 0x9FFF) || (u >= 0xAC00 && u <= 0xD7A3)) continue;
    uint32_t v = u;
    if (high(u) && i + 1 < length && low(p[i + 1])) v = ((u - 0xD800) << 10) + (p[i + 1] - 0xDC00) + 0x10000;
    if (v >= 0x20000 || !((inert[v >> 3] >> (v & 7)) & 1)) return 0;
  }
  return 1;
}

// The vector filter's constants, splatted once a call.
typedef struct {
  u16x8 wide_from, skip_from[SKIPS], skip_count[SKIPS], eq[EQ_MAX];
  int lanes;
} filter;

// One lane for each of the eight units at `p` that may start a key or an emoji: '[', a unit the vector filter's
// ranges keep (U+FE0F and U+20E3 among them, which stand for the keycap base before them) or one it tests alone.
static inline i16x8 candidates8(const uint16_t *p, const filter *f, const int with_codes) {
  u16x8 v = load8(p);
  i16x8 m = v == '[';
  i16x8 wide = v >= f->wide_from;
  for (int k = 0; k < SKIPS; k++) wide &= ~((u16x8)(v - f->skip_from[k]) < f->skip_count[k]);
  m |= wide;
  if (!with_codes) return m;
  // Up to two lanes, as most catalogs' codes need ('/', ':'), tested at once; more in a loop.
  if (f->lanes <= 2) {
    m |= (v == f->eq[0]) | (v == f->eq[1]);
  } else {
    for (int k = 0; k < f->lanes; k++) m |= v == f->eq[k];
  }
  return m;
}

// The same for the 32 units at `p`, one bit each: a block of text that holds a few candidates is one test, so the
// scan's branches follow blocks, not the gaps between candidates.
#define BLOCK 32
static inline uint32_t candidates32(const uint16_t *p, const filter *f, const int with_codes) {
  uint32_t lo = mask16(candidates8(p, f, with_codes), candidates8(p + 8, f, with_codes));
  uint32_t hi = mask16(candidates8(p + 16, f, with_codes), candidates8(p + 24, f, with_codes));
  return lo | hi << 16;
}

// The same for the last `left` (< 32) units of the message: the lanes past its end read the slack `emo_text` keeps
// after it, and are dropped.
static inline uint32_t candidates_tail(const uint16_t *p, uint32_t left, const filter *f, const int with_codes) {
  return candidates32(p, f, with_codes) & ((1u << left) - 1);
}

// What the codes and shortcodes starting at candidate `s` give, as unicode.js tries them: where the longest match
// ends (its run code in `code`), -3 when none does, NO_BOUNDARY when no cluster starts at `s`, or UNSURE. Only the
// scan for catalogs with codes calls it.
#define NO_BOUNDARY (-2)
__attribute__((always_inline)) static inline int64_t code_match(const uint16_t *t, uint32_t s, uint32_t n,
                                                              int32_t *code) {
  uint32_t lead = t[s];
  int before = boundary_any(t, s, n);
  if (before == UNSURE) return UNSURE;
  if (!before) return NO_BOUNDARY;
  int64_t match = -3;
  const code_lead *g = lead_of(lead);
  for (uint64_t lengths = g ? g->lengths : 0; lengths;) {
    uint32_t length = 64 - (uint32_t)__builtin_clzll(lengths);
    lengths &= ~(1ull << (length - 1));
    if (length > n - s) continue;
    const table *codes = &tables[3];
    int64_t row = find(codes, t + s, length, hash_units(t + s, length));
    if (row < 0) continue;
    int b = boundary_any(t, s + length, n);
    if (b == UNSURE) return UNSURE;
    if (!b) continue;
    match = s + length;
    *code = (int32_t)codes->rows[2 * row];
    break;
  }
  if (lead != ':' || !shortcodes) return match;
  uint32_t close = next_colon(t, s + 1, n);
  if (close >= n || close <= s + 1 || (int64_t)close + 1 <= match) return match;
  int b = boundary_any(t, close + 1, n);
  if (b == UNSURE) return UNSURE;
  if (!b) return match;
  const table *named = &tables[2];
  uint32_t length = close + 1 - s;
  int64_t row = find(named, t + s, length, hash_units(t + s, length));
  if (row >= 0) {
    *code = (int32_t)named->rows[2 * row];
    return close + 1;
  }
  if (nfc_inert(t + s, length)) return match;
  int32_t normal = shortcode_nfc(t + s, length);
  if (normal < 0) return UNSURE;
  if (normal == 0) return match;
  *code = normal;
  return close + 1;
}

// The scan loop, compiled twice: for catalogs with codes or shortcodes (`with_codes`) and without, so that those pay
// nothing for the code lanes and checks.
__attribute__((always_inline)) static inline int32_t tokenize_units(uint32_t n, uint32_t limit, const int with_codes) {
  const uint16_t *t = text;
  uint32_t count = 0;
  uint32_t text_start = 0; // the text run in progress
  uint32_t consumed = 0;   // units before this are inside a token
  const table *keys = &tables[0];
  const table *emoji = &tables[1];
  filter f;
  f.wide_from = (u16x8){} + wide_from;
  for (int k = 0; k < SKIPS; k++) {
    f.skip_from[k] = (u16x8){} + skip_from[k];
    f.skip_count[k] = (u16x8){} + skip_count[k];
  }
  for (int k = 0; k < EQ_MAX; k++) f.eq[k] = (u16x8){} + eq_units[k];
  f.lanes = with_codes ? eq_lanes : 0;
  colon_from = 1;
  colon_at = 0;
  ri_from = ri_to = 0;
  text[n] = 0; // a unit after the message that joins nothing and starts nothing, read in place of testing for its end
  for (uint32_t block = 0; block < n; block += BLOCK) {
    uint32_t bits = n - block >= BLOCK ? candidates32(t + block, &f, with_codes)
                                       : candidates_tail(t + block, n - block, &f, with_codes);
    // Whole blocks without a candidate are skipped in a loop of their own, which keeps the filter's constants in
    // registers.
    while (!bits && n - block >= 2 * BLOCK) {
      block += BLOCK;
      bits = candidates32(t + block, &f, with_codes);
    }
    // Candidates inside the token that ended in this block are dropped.
    if (consumed > block) bits &= ~0u << (consumed - block);
    // Room for the block's runs at once: two at most for each of its candidates.
    if (count + 2 * BLOCK + 2 >= runs_capacity && !grow_runs()) return -2;
    while (bits) {
      uint32_t s = block + (uint32_t)__builtin_ctz(bits);
      bits &= bits - 1;
      uint32_t lead = t[s];
      int coded = with_codes && is_general(lead);
      uint32_t end = 0;
      int32_t code;
      int64_t row;
      if (coded) {
        int64_t e = code_match(t, s, n, &code);
        if (e == UNSURE) return UNSURE;
        if (e == NO_BOUNDARY) continue;
        if (e >= 0) {
          end = (uint32_t)e;
          goto found;
        }
      }
      if (lead == '[') {
        int before = before_bracket(t, s);
        if (before == UNSURE) return UNSURE;
        if (!before) continue;
        int after = after_bracket(t, s + 1);
        if (after == UNSURE) return UNSURE;
        if (!after) continue;
        uint32_t close = tag_close_fast(t, s, n);
        int exact = close == 1; // the unit-at-a-time scan has counted the limit and `composed`
        int composed = 1;       // every unit one normalization leaves alone
        if (exact) close = tag_close(t, s, n, limit, &composed);
        if (!close) continue;
        after = after_bracket(t, close + 1);
        if (after == UNSURE) return UNSURE;
        if (!after) continue;
        end = close + 1;
        row = find(keys, t + s, end - s, hash_units(t + s, end - s));
        // unicode.js counts the UTF-8 bytes of '[' and the text, and gives up at `limit`: a key's are known.
        if (row >= 0 && keys->rows[2 * row + 1] > limit) continue;
        if (row < 0) {
          // Units that normalizing leaves alone (as the vectors found) make no other key.
          if (!exact && tag_inert_fast(t, s, close)) continue;
          // Its normalized form might be a key, unless unicode.js gives up at the limit first.
          if (!exact && !tag_close(t, s, n, limit, &composed)) continue;
          // JavaScript normalizes the tag and looks again, unless every scalar is one normalizing leaves alone.
          if (composed || nfc_inert(t + s + 1, end - s - 2)) continue;
          int32_t normal = tag_nfc(t + s, end - s);
          if (normal < 0) return UNSURE;
          if (normal == 0) continue;
          code = normal;
          goto found;
        }
        code = (int32_t)keys->rows[2 * row];
      } else {
        // A keycap: its base is listed by the U+FE0F or U+20E3 after it, unless a token took the base.
        if ((lead == 0xFE0F || lead == 0x20E3) && s > 0 && keycap_base(t[s - 1])) {
          if (--s < consumed) continue;
        }
        // An emoji's start: a keycap base only before U+FE0F or U+20E3.
        uint32_t w;
        uint32_t first = scalar_at(t, s, &w);
        if (first < 0x80 && !(keycap_base(first) && s + 1 < n && (t[s + 1] == 0xFE0F || t[s + 1] == 0x20E3))) continue;
        int p = prop(first);
        // Outside the tables (planes 2 and up): no emoji starts there.
        if (p < 0) continue;
        if (first >= 0x80 && !(p & 128)) continue;
        int before = boundary_before(t, s, n, p);
        if (before == UNSURE) return UNSURE;
        if (!before) continue;
        // One scalar, perhaps with U+FE0E or U+FE0F (which keys leave out), and nothing after that could join it:
        // its cluster, found by index.
        int32_t d = direct_index(first);
        if (d >= 0 && direct_ok && (p & 15) != RI && ((p >> 5) & 3) != 1) {
          uint32_t e = s + w;
          if ((t[e] | 1) == 0xFE0F) e++;
          if (!may_join(t[e])) {
            if (!direct[d]) continue;
            row = direct[d] - 1;
            end = e;
            code = (int32_t)emoji->rows[2 * row];
            goto found;
          }
          // A skin tone right after it and nothing after that could join: the text's own units are the key.
          if (tones_ok && e == s + w && t[e] == 0xD83C && (uint32_t)(t[e + 1] - 0xDFFB) < 5 && !may_join(t[e + 2])) {
            end = e + 2;
            row = find(emoji, t + s, end - s, hash_units(t + s, end - s));
            if (row < 0) continue;
            code = (int32_t)emoji->rows[2 * row];
            goto found;
          }
        }
        uint16_t bare[BARE_MAX];
        uint32_t bare_length;
        int64_t e = emoji_cluster_end(t, s, n, bare, &bare_length);
        if (e < 0) return UNSURE;
        end = (uint32_t)e;
        row = find(emoji, bare, bare_length, hash_units(bare, bare_length));
        if (row < 0) continue;
        code = (int32_t)emoji->rows[2 * row];
      }
    found:;
      // The text run before it (written always, counted when not empty), then the token: no branch on the text.
      int32_t *r = runs + 2 * count;
      r[0] = (int32_t)text_start;
      r[1] = 0;
      count += text_start < s;
      r = runs + 2 * count;
      r[0] = (int32_t)s;
      r[1] = code;
      count++;
      text_start = consumed = end;
      // Candidates inside the token are dropped: in this block by mask, in the blocks it covers by skipping them.
      if (end >= block + BLOCK) {
        block = (end & ~(uint32_t)(BLOCK - 1)) - BLOCK;
        bits = 0;
      } else {
        bits &= ~0u << (end - block);
      }
    }
  }
  if (text_start < n && !push(&count, (int32_t)text_start, 0)) return -2;
  if (count + 1 > runs_capacity && !grow_runs()) return -2;
  runs[2 * count] = (int32_t)n;
  return (int32_t)count;
}

// Tokenizes the `n` units at `emo_text()` with tags of at most `limit` bytes as unicode.js counts them; the runs
// (start in UTF-16 units, code; then `n`, as TokenizedText holds them) at `emo_runs()`. Returns how many,
// or -1 when the JavaScript tokenizer must take the message, -2 without memory.
int32_t EXPORT(emo_tokenize)(uint32_t n, uint32_t limit) { return tokenize_units(n, limit, 0); }

// The same for a catalog with codes or shortcodes (after `emo_codes_done`); its own function, so that the loop
// without codes is compiled as if this one did not exist.
int32_t EXPORT(emo_tokenize_codes)(uint32_t n, uint32_t limit) { return tokenize_units(n, limit, 1); }
