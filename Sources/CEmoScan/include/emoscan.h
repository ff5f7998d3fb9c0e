// Candidate listing for emopack's tokenizer: which bytes of UTF-8 text may start a tag or an emoji, and their
// UTF-16 offsets, a range of text at a time.
//
// This is C because the widest vector unit has to be chosen when the program runs (AVX-512 or AVX2 where the
// processor has them, SSE2 otherwise; other processors get a portable kernel in generic vectors), and Swift
// cannot compile one function for a wider instruction set than the rest of the module. Nothing here allocates, reads past `count`, or keeps state beyond the kernel chosen.
#ifndef EMOSCAN_H
#define EMOSCAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The kernels, widest last.
typedef enum {
  /// The compiler's generic 16-byte vectors: NEON on arm64, SSE2 code on x86-64.
  EMOSCAN_PORTABLE = 0,
  EMOSCAN_SSE2 = 1,
  EMOSCAN_AVX2 = 2,
  /// AVX-512 with BW, VBMI2 (byte compress) and VPOPCNTDQ.
  EMOSCAN_AVX512 = 3,
} emoscan_kernel;

/// The widest kernel this processor runs (detected once).
emoscan_kernel emoscan_best_kernel(void);

/// The kernel `emoscan_candidates` uses: the best one, or a narrower one named by the environment variable
/// EMOPACK_SCAN_KERNEL ("portable", "sse2", "avx2" or "avx512"; read once), for tests and benchmarks.
emoscan_kernel emoscan_kernel_in_use(void);

/// A listed byte: where it is, in UTF-8 and UTF-16 code units from the start of the range listed.
///
/// Listed are the start bytes, which may start a tag or an emoji ('[', leads of 4-byte scalars, E2 but for E2 80
/// xx (general punctuation) unless xx is BC, E3 80 B0 / E3 80 BD / E3 8A 97 / E3 8A 99, C2 A9 / C2 AE, and '#'
/// to '9' followed by EF or E2 (keycap bases): a superset of what starts one, which the tokenizer checks
/// exactly), and every ']'.
typedef struct {
  uint32_t offset;
  uint32_t utf16;
} emoscan_candidate;

/// The largest range listed at once, in bytes.
#define EMOSCAN_RANGE_MAX 4096
/// How many entries past the last one a kernel may write.
#define EMOSCAN_SLACK 8

/// Lists, in order, the start and ']' bytes of `bytes[offset ..< offset + length]` (`count` bytes in all;
/// `length` a multiple of 64, at most EMOSCAN_RANGE_MAX; the range may run past `count`), each with its UTF-16
/// offset from `offset`, into `out` (room for `length + EMOSCAN_SLACK` entries). Returns how many;
/// `*utf16_length` is the range's length in UTF-16 code units up to `count` (a scalar counts where its lead byte
/// is). Uses `emoscan_kernel_in_use()`.
size_t emoscan_candidates(const uint8_t *bytes, size_t count, size_t offset, size_t length, emoscan_candidate *out,
                          uint32_t *utf16_length);

/// The most extra start bytes `emoscan_candidates_extra` compares one by one.
#define EMOSCAN_EXTRA_MAX 8
/// `extra_count` meaning "every byte that is not a UTF-8 continuation starts a candidate".
#define EMOSCAN_EXTRA_ALL 255

/// As `emoscan_candidates`, also listing every byte equal to one of `extra[0 ..< extra_count]` (at most
/// EMOSCAN_EXTRA_MAX; the first bytes of a catalog's codes), or every lead byte when `extra_count` is
/// EMOSCAN_EXTRA_ALL.
size_t emoscan_candidates_extra(const uint8_t *bytes, size_t count, size_t offset, size_t length,
                                emoscan_candidate *out, uint32_t *utf16_length, const uint8_t *extra,
                                size_t extra_count);

/// As `emoscan_candidates`, with a given kernel (tests compare them); a kernel the processor lacks falls back to
/// the widest it has.
size_t emoscan_candidates_with(emoscan_kernel kernel, const uint8_t *bytes, size_t count, size_t offset,
                               size_t length, emoscan_candidate *out, uint32_t *utf16_length);

#ifdef __cplusplus
}
#endif

#endif
