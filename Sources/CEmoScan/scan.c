// Candidate listing kernels (see emoscan.h). Each kernel classifies one 64-byte block into bit masks (reading two
// bytes past it: a lead's next two bytes decide some classes; blocks nearer the end are copied, zero-padded, to a
// local buffer first, so no kernel reads past `count`), then lists the block's set bits with their UTF-16
// offsets.
#include "emoscan.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#define EMOSCAN_X86 1
#endif

// The classes of 64 bytes, bit k for byte k.
typedef struct {
  // ']'.
  uint64_t close;
  // Bytes that may start a tag or an emoji: '[', leads of 4-byte scalars, E2 but for E2 80 xx (general
  // punctuation) unless xx is BC, E3 80 B0 / E3 80 BD / E3 8A 97 / E3 8A 99, C2 A9 / C2 AE, and '#' to '9'
  // followed by EF or E2 (keycap bases). A superset: the tokenizer checks each exactly.
  uint64_t start;
  // Continuation bytes (10xxxxxx).
  uint64_t continuation;
  // Leads of 4-byte scalars (11110xxx and above): two UTF-16 units each.
  uint64_t four_byte_lead;
} emoscan_classes;

// The portable kernel: 16 bytes at a time in the compiler's generic vectors, which become NEON on arm64 and SSE2
// on x86-64 (where the intrinsics kernels below are used instead, unless a test asks for this one).
typedef uint8_t bytes16 __attribute__((vector_size(16)));

static inline bytes16 load16(const uint8_t *p) {
  bytes16 v;
  memcpy(&v, p, sizeof v);
  return v;
}

static inline bytes16 splat16(uint8_t b) { return (bytes16){b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b}; }

// The lanes of `m` (each 0x00 or 0xFF) as 16 bits: lane k weighs bit k % 8 within its half, and the eight
// distinct bits of each half are gathered by folding its bytes together.
static inline uint64_t bits16(bytes16 m) {
  const bytes16 weights = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
  bytes16 w = m & weights;
  uint64_t half[2];
  memcpy(half, &w, sizeof half);
  for (int k = 0; k < 2; k++) {
    half[k] |= half[k] >> 32;
    half[k] |= half[k] >> 16;
    half[k] |= half[k] >> 8;
  }
  return (half[0] & 0xFF) | (half[1] & 0xFF) << 8;
}

static void classify_portable(const uint8_t *p, emoscan_classes *out) {
  emoscan_classes c = {0, 0, 0, 0};
  for (int lane = 0; lane < 4; lane++) {
    bytes16 v0 = load16(p + 16 * lane), v1 = load16(p + 16 * lane + 1), v2 = load16(p + 16 * lane + 2);
    // Comparisons give 0 or -1 a lane (as signed bytes): cast back to bytes.
#define EQ(v, b) ((bytes16)((v) == splat16(b)))
    bytes16 four = (bytes16)(v0 >= splat16(0xF0));
    bytes16 e2 = EQ(v0, 0xE2) & ~(EQ(v1, 0x80) & ~EQ(v2, 0xBC));
    bytes16 e3 = EQ(v0, 0xE3) & ((EQ(v1, 0x80) & (EQ(v2, 0xB0) | EQ(v2, 0xBD))) | (EQ(v1, 0x8A) & (EQ(v2, 0x97) | EQ(v2, 0x99))));
    bytes16 c2 = EQ(v0, 0xC2) & (EQ(v1, 0xA9) | EQ(v1, 0xAE));
    bytes16 keycap = (bytes16)((bytes16)(v0 - splat16(0x23)) <= splat16(0x39 - 0x23)) & (EQ(v1, 0xEF) | EQ(v1, 0xE2));
    bytes16 start = EQ(v0, 0x5B) | four | e2 | e3 | c2 | keycap;
    int shift = 16 * lane;
    c.close |= bits16(EQ(v0, 0x5D)) << shift;
    c.start |= bits16(start) << shift;
    c.continuation |= bits16(EQ(v0 & splat16(0xC0), 0x80)) << shift;
    c.four_byte_lead |= bits16(four) << shift;
#undef EQ
  }
  *out = c;
}

#ifdef EMOSCAN_X86

static inline __m128i eq128(__m128i v, uint8_t b) { return _mm_cmpeq_epi8(v, _mm_set1_epi8((char)b)); }

// 16 bytes at p: the four classes as 16-bit masks (close, start, continuation, four-byte lead).
static inline void lane_sse2(const uint8_t *p, uint32_t m[4]) {
  __m128i v0 = _mm_loadu_si128((const __m128i *)p);
  __m128i v1 = _mm_loadu_si128((const __m128i *)(p + 1));
  __m128i v2 = _mm_loadu_si128((const __m128i *)(p + 2));
  __m128i open = eq128(v0, 0x5B);
  __m128i four = _mm_cmpeq_epi8(_mm_max_epu8(v0, _mm_set1_epi8((char)0xF0)), v0);
  // Continuation bytes are -128...-65 as signed bytes.
  __m128i cont = _mm_cmpgt_epi8(_mm_set1_epi8((char)0xC0), v0);
  __m128i e2 = _mm_andnot_si128(_mm_andnot_si128(eq128(v2, 0xBC), eq128(v1, 0x80)), eq128(v0, 0xE2));
  __m128i e3 = _mm_and_si128(
      eq128(v0, 0xE3), _mm_or_si128(_mm_and_si128(eq128(v1, 0x80), _mm_or_si128(eq128(v2, 0xB0), eq128(v2, 0xBD))),
                                    _mm_and_si128(eq128(v1, 0x8A), _mm_or_si128(eq128(v2, 0x97), eq128(v2, 0x99)))));
  __m128i c2 = _mm_and_si128(eq128(v0, 0xC2), _mm_or_si128(eq128(v1, 0xA9), eq128(v1, 0xAE)));
  __m128i ascii = _mm_sub_epi8(v0, _mm_set1_epi8(0x23));
  __m128i keycap = _mm_and_si128(_mm_cmpeq_epi8(_mm_min_epu8(ascii, _mm_set1_epi8(0x39 - 0x23)), ascii),
                                 _mm_or_si128(eq128(v1, 0xEF), eq128(v1, 0xE2)));
  __m128i start = _mm_or_si128(_mm_or_si128(_mm_or_si128(open, four), keycap), _mm_or_si128(e2, _mm_or_si128(e3, c2)));
  m[0] = (uint32_t)_mm_movemask_epi8(eq128(v0, 0x5D));
  m[1] = (uint32_t)_mm_movemask_epi8(start);
  m[2] = (uint32_t)_mm_movemask_epi8(cont);
  m[3] = (uint32_t)_mm_movemask_epi8(four);
}

static void classify_sse2(const uint8_t *p, emoscan_classes *out) {
  uint32_t a[4], b[4], c[4], d[4];
  lane_sse2(p, a);
  lane_sse2(p + 16, b);
  lane_sse2(p + 32, c);
  lane_sse2(p + 48, d);
#define JOIN(i) ((uint64_t)a[i] | (uint64_t)b[i] << 16 | (uint64_t)c[i] << 32 | (uint64_t)d[i] << 48)
  out->close = JOIN(0);
  out->start = JOIN(1);
  out->continuation = JOIN(2);
  out->four_byte_lead = JOIN(3);
#undef JOIN
}

#define AVX2 __attribute__((target("avx2")))

AVX2 static inline __m256i eq256(__m256i v, uint8_t b) { return _mm256_cmpeq_epi8(v, _mm256_set1_epi8((char)b)); }

// The predicates of lane_sse2 on 32 bytes at p, as a vector of 0xFF bytes each.
#define AVX2_LANE(p, close, start, cont, four)                                                                     \
  do {                                                                                                             \
    __m256i v0 = _mm256_loadu_si256((const __m256i *)(p));                                                        \
    __m256i v1 = _mm256_loadu_si256((const __m256i *)((p) + 1));                                                  \
    __m256i v2 = _mm256_loadu_si256((const __m256i *)((p) + 2));                                                  \
    __m256i open = eq256(v0, 0x5B);                                                                                \
    close = eq256(v0, 0x5D);                                                                                       \
    four = _mm256_cmpeq_epi8(_mm256_max_epu8(v0, _mm256_set1_epi8((char)0xF0)), v0);                               \
    cont = _mm256_cmpgt_epi8(_mm256_set1_epi8((char)0xC0), v0);                                                    \
    __m256i e2 = _mm256_andnot_si256(_mm256_andnot_si256(eq256(v2, 0xBC), eq256(v1, 0x80)), eq256(v0, 0xE2));      \
    __m256i e3 = _mm256_and_si256(                                                                                 \
        eq256(v0, 0xE3),                                                                                           \
        _mm256_or_si256(_mm256_and_si256(eq256(v1, 0x80), _mm256_or_si256(eq256(v2, 0xB0), eq256(v2, 0xBD))),     \
                        _mm256_and_si256(eq256(v1, 0x8A), _mm256_or_si256(eq256(v2, 0x97), eq256(v2, 0x99)))));   \
    __m256i c2 = _mm256_and_si256(eq256(v0, 0xC2), _mm256_or_si256(eq256(v1, 0xA9), eq256(v1, 0xAE)));            \
    __m256i ascii = _mm256_sub_epi8(v0, _mm256_set1_epi8(0x23));                                                   \
    __m256i keycap =                                                                                               \
        _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_min_epu8(ascii, _mm256_set1_epi8(0x39 - 0x23)), ascii),          \
                         _mm256_or_si256(eq256(v1, 0xEF), eq256(v1, 0xE2)));                                       \
    start = _mm256_or_si256(_mm256_or_si256(_mm256_or_si256(open, four), keycap),                                  \
                            _mm256_or_si256(e2, _mm256_or_si256(e3, c2)));                                         \
  } while (0)

AVX2 static inline uint64_t bits256(__m256i lo, __m256i hi) {
  return (uint64_t)(uint32_t)_mm256_movemask_epi8(lo) | (uint64_t)(uint32_t)_mm256_movemask_epi8(hi) << 32;
}

// `extra_starts` on 64 bytes, 32 at a time.
AVX2 static inline uint64_t extra_starts_avx2(const uint8_t *p, const uint8_t *extra, size_t n) {
  __m256i lo = _mm256_loadu_si256((const __m256i *)p);
  __m256i hi = _mm256_loadu_si256((const __m256i *)(p + 32));
  __m256i a = _mm256_setzero_si256();
  __m256i b = _mm256_setzero_si256();
  for (size_t k = 0; k < n; k++) {
    a = _mm256_or_si256(a, eq256(lo, extra[k]));
    b = _mm256_or_si256(b, eq256(hi, extra[k]));
  }
  return bits256(a, b);
}

// `extra_starts` on 64 bytes, 16 at a time.
static inline uint64_t extra_starts_sse2(const uint8_t *p, const uint8_t *extra, size_t n) {
  uint64_t out = 0;
  for (int lane = 0; lane < 4; lane++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(p + 16 * lane));
    __m128i m = _mm_setzero_si128();
    for (size_t k = 0; k < n; k++) m = _mm_or_si128(m, eq128(v, extra[k]));
    out |= (uint64_t)(uint32_t)_mm_movemask_epi8(m) << (16 * lane);
  }
  return out;
}

AVX2 static inline void classify_avx2(const uint8_t *p, emoscan_classes *out) {
  __m256i close0, start0, cont0, four0, close1, start1, cont1, four1;
  AVX2_LANE(p, close0, start0, cont0, four0);
  AVX2_LANE(p + 32, close1, start1, cont1, four1);
  out->close = bits256(close0, close1);
  out->start = bits256(start0, start1);
  out->continuation = bits256(cont0, cont1);
  out->four_byte_lead = bits256(four0, four1);
}

#endif

emoscan_kernel emoscan_best_kernel(void) {
  // Detected once; a race between first callers stores the same value.
  static int best = -1;
  int known = __atomic_load_n(&best, __ATOMIC_RELAXED);
  if (known >= 0) return (emoscan_kernel)known;
  int found = EMOSCAN_PORTABLE;
#ifdef EMOSCAN_X86
  __builtin_cpu_init();
  found = EMOSCAN_SSE2;
  if (__builtin_cpu_supports("avx2")) found = EMOSCAN_AVX2;
  if (__builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi2") &&
      __builtin_cpu_supports("avx512vpopcntdq"))
    found = EMOSCAN_AVX512;
#endif
  __atomic_store_n(&best, found, __ATOMIC_RELAXED);
  return (emoscan_kernel)found;
}

emoscan_kernel emoscan_kernel_in_use(void) {
  static int chosen = -1;
  int known = __atomic_load_n(&chosen, __ATOMIC_RELAXED);
  if (known >= 0) return (emoscan_kernel)known;
  int kernel = emoscan_best_kernel();
  const char *cap = getenv("EMOPACK_SCAN_KERNEL");
  if (cap) {
    static const char *const names[] = {"portable", "sse2", "avx2", "avx512"};
    for (int k = 0; k < 4; k++)
      if (strcmp(cap, names[k]) == 0 && k < kernel) kernel = k;
  }
  __atomic_store_n(&chosen, kernel, __ATOMIC_RELAXED);
  return (emoscan_kernel)kernel;
}

// One entry: the lowest set bit of `bits`, its UTF-16 offset from `lead` and `four` below it.
static inline __attribute__((always_inline)) void entry(uint64_t bits, uint64_t lead, uint64_t four, uint32_t base,
                                                        uint32_t units, emoscan_candidate *slot) {
  // Bits below the lowest set bit (all of them when there is none: the entry is then never counted).
  uint64_t below = (bits & (0 - bits)) - 1;
  slot->offset = base + (uint32_t)__builtin_popcountll(below);
  slot->utf16 = units + (uint32_t)__builtin_popcountll(lead & below) + (uint32_t)__builtin_popcountll(four & below);
}

// Appends the start and ']' bits of block `c` (at `base` from the range's start, `units` UTF-16 units into it; only
// the first `valid` bytes are text) to `out`; returns the new count and advances `units`. The first two entries
// are written whether or not there are two, and the next six when there are more than two (a count that varies
// block to block would be a branch mispredicted on most blocks of chat text); `out` has room for them.
static inline __attribute__((always_inline)) size_t flatten(emoscan_classes c, uint32_t base, uint64_t valid,
                                                             uint32_t *units, emoscan_candidate *out, size_t m) {
  uint64_t bits = (c.start | c.close) & valid;
  uint64_t lead = ~c.continuation & valid;
  uint64_t four = c.four_byte_lead & valid;
  size_t found = (size_t)__builtin_popcountll(bits);
  entry(bits, lead, four, base, *units, out + m);
  bits &= bits - 1;
  entry(bits, lead, four, base, *units, out + m + 1);
  if (found > 2) {
    // Dense text: six more the same way, then one at a time.
    for (size_t k = m + 2; k < m + 8; k++) {
      bits &= bits - 1;
      entry(bits, lead, four, base, *units, out + k);
    }
    if (found > 8) {
      bits &= bits - 1;
      for (size_t k = m + 8; bits; k++) {
        entry(bits, lead, four, base, *units, out + k);
        bits &= bits - 1;
      }
    }
  }
  *units += (uint32_t)__builtin_popcountll(lead) + (uint32_t)__builtin_popcountll(four);
  return m + found;
}

#ifdef EMOSCAN_X86
#define AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi2,avx512vpopcntdq,popcnt,bmi")))

AVX512 static inline uint64_t eq512(__m512i v, uint8_t b) {
  return _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8((char)b));
}

// `extra_starts` on 64 bytes at once.
AVX512 static inline uint64_t extra_starts_avx512(const uint8_t *p, const uint8_t *extra, size_t n) {
  __m512i v = _mm512_loadu_si512((const void *)p);
  uint64_t out = 0;
  for (size_t k = 0; k < n; k++) out |= eq512(v, extra[k]);
  return out;
}

// The predicates of lane_sse2 on 64 bytes at once, straight into bit masks.
AVX512 static inline void classify_avx512(const uint8_t *p, emoscan_classes *out) {
  __m512i v0 = _mm512_loadu_si512((const void *)p);
  __m512i v1 = _mm512_loadu_si512((const void *)(p + 1));
  __m512i v2 = _mm512_loadu_si512((const void *)(p + 2));
  uint64_t open = eq512(v0, 0x5B);
  uint64_t four = _mm512_cmpge_epu8_mask(v0, _mm512_set1_epi8((char)0xF0));
  uint64_t e2 = eq512(v0, 0xE2) & ~(eq512(v1, 0x80) & ~eq512(v2, 0xBC));
  uint64_t e3 = eq512(v0, 0xE3) & ((eq512(v1, 0x80) & (eq512(v2, 0xB0) | eq512(v2, 0xBD))) |
                                   (eq512(v1, 0x8A) & (eq512(v2, 0x97) | eq512(v2, 0x99))));
  uint64_t c2 = eq512(v0, 0xC2) & (eq512(v1, 0xA9) | eq512(v1, 0xAE));
  uint64_t keycap = _mm512_cmple_epu8_mask(_mm512_sub_epi8(v0, _mm512_set1_epi8(0x23)), _mm512_set1_epi8(0x39 - 0x23)) &
                    (eq512(v1, 0xEF) | eq512(v1, 0xE2));
  out->close = eq512(v0, 0x5D);
  out->start = open | four | e2 | e3 | c2 | keycap;
  out->continuation = _mm512_cmplt_epi8_mask(v0, _mm512_set1_epi8((char)0xC0));
  out->four_byte_lead = four;
}

// `flatten` with vector instructions when a block has more than two entries: the offsets of the set bits gathered
// by a byte compress, then eight entries at a time, each UTF-16 offset two population counts of the masks below
// it (the last eight written whole).
AVX512 static inline size_t flatten_avx512(emoscan_classes c, uint32_t base, uint64_t valid, uint32_t *units,
                                            emoscan_candidate *out, size_t m) {
  uint64_t bits = (c.start | c.close) & valid;
  uint64_t lead = ~c.continuation & valid;
  uint64_t four = c.four_byte_lead & valid;
  size_t found = (size_t)__builtin_popcountll(bits);
  // Sparse text (most blocks of chat lines): the scalar way.
  if (found <= 2) return flatten(c, base, valid, units, out, m);
  const __m512i iota = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44,
                                       43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24,
                                       23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2,
                                       1, 0);
  uint8_t offsets[64];
  _mm512_storeu_si512((void *)offsets, _mm512_maskz_compress_epi8(bits, iota));
  const __m512i one = _mm512_set1_epi64(1);
  const __m512i leads = _mm512_set1_epi64((long long)lead);
  const __m512i fours = _mm512_set1_epi64((long long)four);
  const __m512i start16 = _mm512_set1_epi64((long long)*units);
  const __m512i start8 = _mm512_set1_epi64((long long)base);
  size_t j = 0;
  do {
    __m512i k = _mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)(offsets + j)));
    __m512i below = _mm512_sub_epi64(_mm512_sllv_epi64(one, k), one);
    __m512i utf16 = _mm512_add_epi64(start16, _mm512_add_epi64(_mm512_popcnt_epi64(_mm512_and_si512(leads, below)),
                                                                 _mm512_popcnt_epi64(_mm512_and_si512(fours, below))));
    // Each entry is offset | utf16 << 32 (emoscan_candidate on a little-endian machine).
    _mm512_storeu_si512((void *)(out + m + j), _mm512_or_si512(_mm512_add_epi64(start8, k), _mm512_slli_epi64(utf16, 32)));
    j += 8;
  } while (j < found);
  *units += (uint32_t)__builtin_popcountll(lead) + (uint32_t)__builtin_popcountll(four);
  return m + found;
}
#endif

// Bytes of the 64 at p equal to one of extra[0..n) (n <= EMOSCAN_EXTRA_MAX), as a mask, in generic vectors (the
// portable kernel's; the others have their own). Only catalogs with codes pay for it.
static inline uint64_t extra_starts(const uint8_t *p, const uint8_t *extra, size_t n) {
  uint64_t out = 0;
  for (int lane = 0; lane < 4; lane++) {
    bytes16 v = load16(p + 16 * lane);
    bytes16 m = splat16(0);
    for (size_t k = 0; k < n; k++) m |= (bytes16)(v == splat16(extra[k]));
    out |= bits16(m) << (16 * lane);
  }
  return out;
}

// Classify-and-flatten over a range, for one kernel; `classify_block` reads 66 bytes. `extra`/`extra_count` add
// start bytes (see emoscan_candidates_extra).
#define CANDIDATES_BODY(classify_block, flatten, extra_block)                                                            \
  size_t m = 0;                                                                                                    \
  uint32_t units = 0;                                                                                              \
  /* EMOSCAN_EXTRA_ALL as a mask, not a branch in the block loop: with the branch, clang split the AVX2 */         \
  /* kernel's masks into single bits. */                                                                           \
  const uint64_t every_lead = extra_count == EMOSCAN_EXTRA_ALL ? ~(uint64_t)0 : 0;                                 \
  const size_t extra_n = every_lead ? 0 : extra_count;                                                             \
  for (size_t b = 0; b < length; b += 64) {                                                                        \
    size_t at = offset + b;                                                                                        \
    if (at >= count) break;                                                                                        \
    emoscan_classes c;                                                                                             \
    uint64_t valid = ~(uint64_t)0;                                                                                 \
    const uint8_t *src = bytes + at;                                                                               \
    uint8_t padded[64 + 2];                                                                                        \
    if (count - at < 66) {                                                                                         \
      memset(padded, 0, sizeof padded);                                                                            \
      memcpy(padded, bytes + at, count - at);                                                                      \
      src = padded;                                                                                                \
      if (count - at < 64) valid = (((uint64_t)1) << (count - at)) - 1;                                            \
    }                                                                                                              \
    classify_block(src, &c);                                                                                       \
    if (extra_count) c.start |= (~c.continuation & every_lead) | extra_block(src, extra, extra_n);                 \
    m = flatten(c, (uint32_t)b, valid, &units, out, m);                                                            \
  }                                                                                                                \
  *utf16_length = units;                                                                                           \
  return m;

// Each kernel twice: `name` for catalogs without codes (no extra start bytes: the per-block tests of
// `extra_count` fold away) and `name_extra`.
#define KERNEL(name, attributes, classify_block, flatten, extra_block)                                             \
  attributes static size_t name##_extra(const uint8_t *bytes, size_t count, size_t offset, size_t length,         \
                                        emoscan_candidate *out, uint32_t *utf16_length, const uint8_t *extra,      \
                                        size_t extra_count) {                                                      \
    CANDIDATES_BODY(classify_block, flatten, extra_block)                                                          \
  }                                                                                                                \
  attributes static size_t name(const uint8_t *bytes, size_t count, size_t offset, size_t length,                 \
                                emoscan_candidate *out, uint32_t *utf16_length) {                                  \
    const uint8_t *extra = NULL;                                                                                   \
    const size_t extra_count = 0;                                                                                  \
    CANDIDATES_BODY(classify_block, flatten, extra_block)                                                          \
  }

KERNEL(candidates_portable, , classify_portable, flatten, extra_starts)
#ifdef EMOSCAN_X86
KERNEL(candidates_sse2, , classify_sse2, flatten, extra_starts_sse2)
// AVX2 processors all have POPCNT and BMI1 (tzcnt).
KERNEL(candidates_avx2, __attribute__((target("avx2,popcnt,bmi"))), classify_avx2, flatten, extra_starts_avx2)
KERNEL(candidates_avx512, __attribute__((target("avx512f,avx512bw,avx512vbmi2,avx512vpopcntdq,popcnt,bmi"))),
       classify_avx512, flatten_avx512, extra_starts_avx512)
#endif

static size_t candidates_dispatch(emoscan_kernel kernel, const uint8_t *bytes, size_t count, size_t offset,
                                  size_t length, emoscan_candidate *out, uint32_t *utf16_length,
                                  const uint8_t *extra, size_t extra_count) {
  emoscan_kernel best = emoscan_best_kernel();
  if (kernel > best) kernel = best;
  if (extra_count > EMOSCAN_EXTRA_MAX) extra_count = EMOSCAN_EXTRA_ALL;
  if (extra_count == 0) {
#ifdef EMOSCAN_X86
    if (kernel == EMOSCAN_AVX512) return candidates_avx512(bytes, count, offset, length, out, utf16_length);
    if (kernel == EMOSCAN_AVX2) return candidates_avx2(bytes, count, offset, length, out, utf16_length);
    if (kernel == EMOSCAN_SSE2) return candidates_sse2(bytes, count, offset, length, out, utf16_length);
#endif
    return candidates_portable(bytes, count, offset, length, out, utf16_length);
  }
#ifdef EMOSCAN_X86
  if (kernel == EMOSCAN_AVX512)
    return candidates_avx512_extra(bytes, count, offset, length, out, utf16_length, extra, extra_count);
  if (kernel == EMOSCAN_AVX2)
    return candidates_avx2_extra(bytes, count, offset, length, out, utf16_length, extra, extra_count);
  if (kernel == EMOSCAN_SSE2)
    return candidates_sse2_extra(bytes, count, offset, length, out, utf16_length, extra, extra_count);
#endif
  return candidates_portable_extra(bytes, count, offset, length, out, utf16_length, extra, extra_count);
}

size_t emoscan_candidates_with(emoscan_kernel kernel, const uint8_t *bytes, size_t count, size_t offset,
                               size_t length, emoscan_candidate *out, uint32_t *utf16_length) {
  return candidates_dispatch(kernel, bytes, count, offset, length, out, utf16_length, NULL, 0);
}

size_t emoscan_candidates(const uint8_t *bytes, size_t count, size_t offset, size_t length, emoscan_candidate *out,
                          uint32_t *utf16_length) {
  return candidates_dispatch(emoscan_kernel_in_use(), bytes, count, offset, length, out, utf16_length, NULL, 0);
}

size_t emoscan_candidates_extra(const uint8_t *bytes, size_t count, size_t offset, size_t length,
                                emoscan_candidate *out, uint32_t *utf16_length, const uint8_t *extra,
                                size_t extra_count) {
  return candidates_dispatch(emoscan_kernel_in_use(), bytes, count, offset, length, out, utf16_length, extra,
                             extra_count);
}
