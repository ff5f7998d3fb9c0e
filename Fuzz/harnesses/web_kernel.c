// libFuzzer harness: the web runtime's tokenizer kernel (web/kernel/tokenize.c, compiled natively here) on arbitrary
// UTF-16 (pairs of input bytes, lone surrogates included), any tag limit, and a property table that is Unicode's
// shape for the scalars emoji and keys meet plus noise elsewhere; tags, legacy codes (led by ASCII, an ideograph, a
// pictograph and a surrogate) and shortcodes. Checks, beyond ASan's: the runs cover the text in order, text runs never
// touch, every emoticon run is the units of its key (a tag within the limit; an emoji without U+FE0E and U+FE0F; a
// shortcode or a tag, or the one spelling of each that normalizes to it here), and no boundary splits a surrogate
// pair.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <uchar.h>

uint8_t *emo_props(void);
uint16_t *emo_table_init(uint32_t which, uint32_t keys, uint32_t units);
void emo_table_add(uint32_t which, uint32_t index, uint32_t at, uint32_t length, uint32_t emoticon);
uint16_t *emo_text(uint32_t capacity);
int32_t *emo_runs(void);
int32_t emo_tokenize(uint32_t n, uint32_t limit);
int32_t emo_tokenize_codes(uint32_t n, uint32_t limit);
uint8_t *emo_inert(void);
int32_t emo_codes_done(uint32_t with_shortcodes);
uint32_t *emo_table_rows(uint32_t which);
void emo_table_fill(uint32_t which, uint32_t keys);

#include "web_kernel_catalog.h"

static const kernel_api built_in = {emo_props, emo_table_init, emo_table_add, emo_text, emo_runs, emo_tokenize,
                                     emo_tokenize_codes, emo_inert, emo_codes_done, emo_table_rows, emo_table_fill};

// The key of emoticon `entry` (tags, codes, shortcodes in turn).
static const char16_t *key_of(int32_t entry) {
  if (entry < 0) return 0;
  if (entry < (int32_t)TAGS) return tags[entry];
  if (entry < (int32_t)(TAGS + CODES)) return codes[entry - TAGS];
  if (entry < (int32_t)(TAGS + CODES + SHORTCODES)) return shortcodes[entry - TAGS - CODES];
  return 0;
}

// The invariants of the runs `emo_tokenize` or (`with_codes`) `emo_tokenize_codes` wrote for `text`: without codes, no
// run is a code or a shortcode.
static void check(const uint16_t *text, uint32_t n, uint32_t limit, int32_t count, int with_codes) {
  if (count < -2) abort();
  const int32_t *r = emo_runs();
  int32_t previous_kind = -1;
  uint32_t at = 0;
  for (int32_t k = 0; k < count; k++, r += 2) {
    uint32_t start = (uint32_t)r[0], end = (uint32_t)r[2];
    if (start != at || end <= start || end > n) abort();
    // A boundary between a high and a low surrogate splits a pair.
    if (end < n && text[end - 1] >= 0xD800 && text[end - 1] < 0xDC00 && text[end] >= 0xDC00 && text[end] < 0xE000) abort();
    int32_t kind = r[1] & 3, entry = r[1] >> 2;
    if (kind == 0) {
      if (previous_kind == 0 || r[1] != 0) abort();
    } else if (kind == 1) {
      const char16_t *key = key_of(entry);
      if (!key || (!with_codes && entry >= (int32_t)TAGS)) abort();
      int same = length16(key) == end - start && memcmp(key, text + start, 2 * (end - start)) == 0;
      if (entry == (int32_t)(TAGS + CODES + 1) && !same)
        same = end - start == 7 && memcmp(cafe_decomposed, text + start, 14) == 0;
      if (entry == E_TAG && !same) same = end - start == 4 && memcmp(e_decomposed, text + start, 8) == 0;
      if (!same) abort();
      if (entry < (int32_t)TAGS && bytes16(text + start, end - start) - 1 >= limit) abort();
    } else if (kind == 2) {
      if (entry < 0 || entry >= (int32_t)EMOJI) abort();
      const char16_t *key = emoji[entry];
      size_t j = 0;
      for (uint32_t q = start; q < end; q++) {
        if (text[q] == 0xFE0E || text[q] == 0xFE0F) continue;
        if (key[j] == 0 || key[j] != text[q]) abort();
        j++;
      }
      if (key[j] != 0) abort();
    } else {
      abort();
    }
    previous_kind = kind;
    at = end;
  }
  if (count >= 0 && (at != n || emo_runs()[2 * count] != (int32_t)n)) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int ready = 0;
  if (!ready) { setup_kernel(&built_in); ready = 1; }
  if (size < 1) return 0;
  uint32_t limit = data[0] < 250 ? data[0] : 1u << 24;
  data++, size--;
  // The text: units little-endian, as JavaScript's strings hold them (lone surrogates and all).
  uint32_t n = (uint32_t)(size / 2);
  uint16_t *text = malloc(2 * (size_t)n + 2);
  for (uint32_t i = 0; i < n; i++) text[i] = (uint16_t)(data[2 * i] | data[2 * i + 1] << 8);
  uint16_t *in = emo_text(n);
  if (!in) abort();
  memcpy(in, text, 2 * (size_t)n);
  check(text, n, limit, emo_tokenize_codes(n, limit), 1);
  check(text, n, limit, emo_tokenize(n, limit), 0);
  free(text);
  return 0;
}
