// C shim over libpng, zlib, libdeflate and zopfli for emopack.
//
// Every setjmp/longjmp of libpng's classic API stays inside shim.c: each entry
// point returns a status code and fills an `emopng_status` with libpng's
// message, so no longjmp ever crosses a Swift frame.
#ifndef EMOPNG_H
#define EMOPNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EMOPNG_MESSAGE_MAX 256
#define EMOPNG_WARNINGS_MAX 8

/// Outcome of a shim call.
typedef enum {
  EMOPNG_OK = 0,
  /// libpng reported an error; `message` holds its text.
  EMOPNG_ERR_LIBPNG = 1,
  /// The image is larger than the limits given; `message` says which.
  EMOPNG_ERR_LIMIT = 2,
  /// Memory could not be allocated.
  EMOPNG_ERR_NOMEM = 3,
  /// The caller passed inconsistent arguments.
  EMOPNG_ERR_ARGUMENT = 4,
  /// The data does not start with the PNG signature.
  EMOPNG_ERR_SIGNATURE = 5,
} emopng_code;

/// Error and warning text collected during one call.
typedef struct {
  int code;
  char message[EMOPNG_MESSAGE_MAX];
  int warning_count;
  char warnings[EMOPNG_WARNINGS_MAX][EMOPNG_MESSAGE_MAX];
} emopng_status;

/// The fields of IHDR.
typedef struct {
  uint32_t width;
  uint32_t height;
  int bit_depth;
  int color_type;
  int interlace;
} emopng_header;

/// Limits checked from the header before any pixel memory is allocated.
typedef struct {
  uint32_t max_width;
  uint32_t max_height;
  /// Maximum bytes of decoded RGBA8 pixels (width * height * 4).
  uint64_t max_pixel_bytes;
} emopng_limits;

/// Reads and checks the signature and the IHDR chunk only (the first 33 bytes).
int emopng_read_header(const uint8_t *data, size_t size, emopng_header *out,
                       emopng_status *status);


/// Pixel layouts the encoder accepts (one byte per sample in the input).
typedef enum {
  EMOPNG_LAYOUT_GRAY = 0,
  EMOPNG_LAYOUT_GRAY_ALPHA = 4,
  EMOPNG_LAYOUT_RGB = 2,
  EMOPNG_LAYOUT_RGBA = 6,
  /// One palette index per byte; written at `bit_depth` 1, 2, 4 or 8.
  EMOPNG_LAYOUT_PALETTE = 3,
} emopng_layout;

/// Which deflate implementation compresses the image data.
typedef enum {
  /// zlib through libpng's row writer (`level` 0...9, `strategy`, `mem_level`).
  EMOPNG_COMPRESSOR_ZLIB = 0,
  /// libdeflate on the whole filtered image at once (`level` 0...12; 10-12 use
  /// near-optimal parsing); libpng still writes every chunk but the data.
  EMOPNG_COMPRESSOR_LIBDEFLATE = 1,
  /// zopfli on the whole filtered image at once (`level` is its iteration
  /// count, 1...1000): smaller than libdeflate's best, about 100 times slower.
  EMOPNG_COMPRESSOR_ZOPFLI = 2,
} emopng_compressor;

/// Added to `filters` (libdeflate only): adaptive filtering on the eighth of the
/// rows where it saves the most filter cost, the other rows unfiltered.
#define EMOPNG_FILTER_MIXED 0x100

/// Encoder settings.
typedef struct {
  int layout;
  /// 8 for every layout but palette and gray, which also take 1, 2 or 4.
  int bit_depth;
  /// An `emopng_compressor`.
  int compressor;
  /// zlib level 0...9, libdeflate level 0...12, or zopfli iterations 1...1000.
  int level;
  /// zlib strategy: 0 default, 1 filtered, 2 huffman only, 3 RLE, 4 fixed (zlib only).
  int strategy;
  /// zlib memLevel 1...9 (zlib only).
  int mem_level;
  /// libpng filter mask: PNG_FILTER_NONE (0x08) | SUB (0x10) | UP (0x20) |
  /// AVG (0x40) | PAETH (0x80); several bits = per-row adaptive choice (minimum
  /// sum of absolute differences, the same heuristic for both compressors).
  int filters;
  /// RGB triples, `palette_count` of them (palette layout only).
  const uint8_t *palette;
  int palette_count;
  /// Alpha per palette entry, `trns_count` of them (may be 0).
  const uint8_t *trns;
  int trns_count;
  /// Non-zero when the byte before each row (at `pixels + y * stride - 1`) is
  /// a spare slot the encoder may overwrite: with libdeflate, no filter and
  /// 8-bit samples, the rows are then compressed where they are, with no copy.
  int filter_slots;
} emopng_encode_options;

/// A growable output buffer owned by the shim; free with `emopng_buffer_free`.
typedef struct {
  uint8_t *bytes;
  size_t size;
  size_t capacity;
} emopng_buffer;

/// Decodes to 8-bit RGBA with straight alpha into a buffer the shim allocates
/// only after the header passed `limits`; free it with `emopng_buffer_free`.
int emopng_decode_rgba8(const uint8_t *data, size_t size, emopng_limits limits,
                        emopng_buffer *result, uint32_t *out_width, uint32_t *out_height,
                        emopng_status *status);

/// Encodes `height` rows of `stride` bytes to a PNG held in `out`.
int emopng_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                  emopng_encode_options options, emopng_buffer *out,
                  emopng_status *status);

/// Releases a buffer filled by `emopng_encode`.
void emopng_buffer_free(emopng_buffer *buffer);

/// zlib's CRC-32 of `size` bytes continuing from `crc` (start with 0).
uint32_t emopng_crc32(uint32_t crc, const uint8_t *data, size_t size);

/// zlib-compresses `size` bytes into `out` with the given settings; returns the
/// compressed size, or 0 on failure. `out_capacity` should be
/// `emopng_deflate_bound(size)`.
size_t emopng_deflate(const uint8_t *data, size_t size, int level, int strategy,
                      int mem_level, uint8_t *out, size_t out_capacity);

/// An upper bound on `emopng_deflate`'s output for `size` input bytes.
size_t emopng_deflate_bound(size_t size);

/// libdeflate-compresses `size` bytes to a zlib stream in `out` at `level`
/// (0...12); returns the compressed size, or 0 on failure. `out_capacity`
/// should be `emopng_libdeflate_bound(size)`.
size_t emopng_libdeflate(const uint8_t *data, size_t size, int level, uint8_t *out,
                         size_t out_capacity);

/// An upper bound on `emopng_libdeflate`'s output for `size` input bytes.
size_t emopng_libdeflate_bound(size_t size);

/// libdeflate-decompresses the zlib stream of `size` bytes at `data` into `out`,
/// which it must fill exactly (`out_size` bytes); returns 1, or 0 when the
/// stream is damaged or of another length.
int emopng_libinflate(const uint8_t *data, size_t size, uint8_t *out, size_t out_size);

/// The libdeflate version the shim was compiled against, e.g. "1.14".
const char *emopng_libdeflate_version(void);

/// The libpng version the shim was linked against, e.g. "1.6.39".
const char *emopng_libpng_version(void);

#ifdef __cplusplus
}
#endif

#endif
