// Differential driver for the web runtime's tokenizer kernel: two builds of web/kernel/tokenize.c (a reference, such
// as the last commit's, and a candidate) linked side by side, loaded with the fuzz harness's catalog, and run on the
// same random messages with both scans and random tag limits; any difference in their results or runs is printed and
// fails the run. Built and run by build-tools/kernel-diff.sh, which renames each build's exports with a prefix.
#include <stdio.h>

#include "../harnesses/web_kernel_catalog.h"

#define KERNEL_EXPORTS(p)                                                                                          \
  uint8_t *p##_emo_props(void);                                                                                    \
  uint16_t *p##_emo_table_init(uint32_t, uint32_t, uint32_t);                                                      \
  void p##_emo_table_add(uint32_t, uint32_t, uint32_t, uint32_t, uint32_t);                                        \
  uint16_t *p##_emo_text(uint32_t);                                                                                \
  int32_t *p##_emo_runs(void);                                                                                     \
  int32_t p##_emo_tokenize(uint32_t, uint32_t);                                                                    \
  int32_t p##_emo_tokenize_codes(uint32_t, uint32_t);                                                              \
  uint8_t *p##_emo_inert(void);                                                                                    \
  int32_t p##_emo_codes_done(uint32_t);
KERNEL_EXPORTS(reference)
KERNEL_EXPORTS(candidate)
#define KERNEL(p)                                                                                                  \
  {p##_emo_props, p##_emo_table_init, p##_emo_table_add, p##_emo_text,    p##_emo_runs,                            \
   p##_emo_tokenize, p##_emo_tokenize_codes, p##_emo_inert, p##_emo_codes_done}

// Pieces of messages besides the catalog's keys: ASCII, brackets, keycap bases, code leads, ideographs, combining
// marks, ZWJ, selectors, U+20E3, surrogate halves and pairs, Prepend, SpacingMark, a conjunct, Hangul jamo, tag
// characters, CR and LF, and a scalar outside the tables (U+20000).
static const char16_t lone_high[] = {0xD83D, 0}, lone_low[] = {0xDE00, 0};
static const char16_t *const pieces[] = {
  u"a", u"b", u" ", u"[", u"]", u"0", u"1", u"#", u"*", u":", u"/", u"微", u"笑", u"哈", u"表情", u"\u0301",
  u"\u200D", u"\uFE0E", u"\uFE0F", u"\u20E3", u"😀", u"👍", u"🏽", u"🏿", u"🇨", u"🇳", u"👨", u"👩", lone_high,
  lone_low, u"\u0600", u"\u0903", u"\u0915", u"\u094D", u"\u1100", u"\u1161", u"\u11A8", u"\uAC00",
  u"\U000E0067", u"\U000E007F", u"🏴", u"\n", u"\r", u"❤", u"☺", u"é", u"e", u"x", u"\u3000", u"\uFF01",
  u"\U00020000"};
#define PIECES (sizeof pieces / sizeof *pieces)

static uint64_t state = 88172645463325252ull;
static uint32_t below(uint32_t m) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return (uint32_t)(state % m);
}

int main(int argc, char **argv) {
  const kernel_api reference = KERNEL(reference), candidate = KERNEL(candidate);
  setup_kernel(&reference);
  setup_kernel(&candidate);
  long count = argc > 1 ? atol(argv[1]) : 1000000;
  static uint16_t message[4096];
  long differing = 0, declined = 0;
  for (long m = 0; m < count; m++) {
    // Mostly short messages, some of hundreds of pieces; keys, their parts and the pieces above at random.
    uint32_t n = 0, parts = below(100) < 5 ? below(400) : below(40);
    for (uint32_t p = 0; p < parts && n < 3000; p++) {
      uint32_t c = below(100);
      const char16_t *s = c < 55   ? pieces[below(PIECES)]
                          : c < 70 ? tags[below(TAGS)]
                          : c < 85 ? emoji[below(EMOJI)]
                          : c < 95 ? codes[below(CODES)]
                                   : shortcodes[below(SHORTCODES)];
      for (uint32_t k = 0; s[k] && n < 3000; k++) message[n++] = s[k];
    }
    uint32_t limit = below(4) == 0 ? below(40) : 256;
    int with_codes = (int)below(2);
    uint16_t *a = reference.text(n + 1), *b = candidate.text(n + 1);
    if (!a || !b) abort();
    // What earlier messages leave after the text, different in each.
    for (uint32_t k = 0; k < 32; k++) a[n + k] = (uint16_t)below(65536), b[n + k] = (uint16_t)below(65536);
    memcpy(a, message, 2 * (size_t)n);
    memcpy(b, message, 2 * (size_t)n);
    int32_t ra = with_codes ? reference.tokenize_codes(n, limit) : reference.tokenize(n, limit);
    int32_t rb = with_codes ? candidate.tokenize_codes(n, limit) : candidate.tokenize(n, limit);
    if (ra < 0) declined++;
    int differ = ra != rb || (ra > 0 && memcmp(reference.runs(), candidate.runs(), 8 * (size_t)ra + 4) != 0);
    if (differ && differing++ < 5) {
      printf("differ (%s, limit %u): reference %d, candidate %d; units:", with_codes ? "codes" : "no codes", limit,
             ra, rb);
      for (uint32_t k = 0; k < n; k++) printf(" %04X", message[k]);
      printf("\n");
    }
  }
  printf("%ld messages, %ld differing, %ld left to JavaScript by the reference\n", count, differing, declined);
  return differing != 0;
}
