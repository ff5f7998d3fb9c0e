// Byte classification for emopack's tokenizer: which bytes of UTF-8 text may start a tag or an emoji, where the
// brackets are, and what UTF-16 offsets need, as one bit per byte.
//
// This is C because the widest vector unit has to be chosen when the program runs (AVX2 where the processor has
// it, SSE2 otherwise), and Swift cannot compile one function for a wider instruction set than the rest of the
// module. Nothing here allocates, reads past `count`, or keeps state beyond the kernel chosen.
#ifndef EMOSCAN_H
#define EMOSCAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The classes of 64 bytes, bit k for byte k.
typedef struct {
  /// '['.
  uint64_t open;
  /// ']'.
  uint64_t close;
  /// Bytes that may start a tag or an emoji: '[', leads of 4-byte scalars, E2 but for E2 80 xx (general
  /// punctuation) unless xx is BC, E3 80 B0 / E3 80 BD / E3 8A 97 / E3 8A 99, C2 A9 / C2 AE, and '#' to '9'
  /// followed by EF or E2 (keycap bases). A superset: the tokenizer checks each exactly.
  uint64_t start;
  /// Continuation bytes (10xxxxxx).
  uint64_t continuation;
  /// Leads of 4-byte scalars (11110xxx and above): two UTF-16 units each.
  uint64_t four_byte_lead;
} emoscan_classes;

/// The kernels, widest last.
typedef enum {
  EMOSCAN_PORTABLE = 0,
  EMOSCAN_SSE2 = 1,
  EMOSCAN_AVX2 = 2,
} emoscan_kernel;

/// The widest kernel this processor runs (chosen once).
emoscan_kernel emoscan_best_kernel(void);

/// Classifies `blocks` blocks of 64 bytes of `bytes` (`count` bytes long) from byte `offset` on, into `out`, with
/// the best kernel. Bytes at or past `count` classify as zero bytes (no bits).
void emoscan_classify(const uint8_t *bytes, size_t count, size_t offset, size_t blocks, emoscan_classes *out);

/// A byte that may start a tag or an emoji, or a ']': where it is, in UTF-8 and UTF-16 code units from the
/// start of the range given to `emoscan_candidates`.
typedef struct {
  uint32_t offset;
  uint32_t utf16;
} emoscan_candidate;

/// The largest range `emoscan_candidates` takes, in bytes.
#define EMOSCAN_RANGE_MAX 4096

/// Lists, in order, the bytes of `bytes[offset ..< offset + length]` (`count` bytes in all; `length` a multiple of
/// 64, at most EMOSCAN_RANGE_MAX; the range may run past `count`) with a `start` or `close` bit, each with its
/// UTF-16 offset from `offset`, into `out` (room for `length + 8` entries: the kernel writes up to eight entries ahead). Returns how many; `*utf16_length` is the
/// range's length in UTF-16 code units (up to `count`). Uses the best kernel.
size_t emoscan_candidates(const uint8_t *bytes, size_t count, size_t offset, size_t length, emoscan_candidate *out,
                          uint32_t *utf16_length);

/// As `emoscan_candidates`, with a given kernel.
size_t emoscan_candidates_with(emoscan_kernel kernel, const uint8_t *bytes, size_t count, size_t offset,
                               size_t length, emoscan_candidate *out, uint32_t *utf16_length);

/// As `emoscan_classify`, with a given kernel (tests compare them); a kernel the processor lacks falls back to
/// the widest it has.
void emoscan_classify_with(emoscan_kernel kernel, const uint8_t *bytes, size_t count, size_t offset, size_t blocks,
                           emoscan_classes *out);

#ifdef __cplusplus
}
#endif

#endif
