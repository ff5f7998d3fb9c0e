// The only file in emopack that touches libpng, zlib, libdeflate and zopfli directly.
//
// libpng reports errors by calling our error function, which records the
// message and longjmps back to the setjmp in the same C function that called
// into libpng. Every such setjmp lives in this file, so no longjmp ever
// unwinds a Swift frame.
#include "emopng.h"

// The mixed filter choice filters one row in this many.
#ifndef EMOPNG_MIXED_SHARE
#define EMOPNG_MIXED_SHARE 8
#endif

#include <libdeflate.h>
#include <limits.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zopfli/zopfli.h>

static const uint8_t kSignature[8] = {137, 80, 78, 71, 13, 10, 26, 10};

static void status_reset(emopng_status *status) {
  memset(status, 0, sizeof(*status));
}

static void status_set(emopng_status *status, int code, const char *message) {
  status->code = code;
  snprintf(status->message, sizeof(status->message), "%s", message ? message : "unknown error");
}

static void on_error(png_structp png, png_const_charp message) {
  emopng_status *status = (emopng_status *)png_get_error_ptr(png);
  if (status->code == EMOPNG_OK) status_set(status, EMOPNG_ERR_LIBPNG, message);
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
  emopng_status *status = (emopng_status *)png_get_error_ptr(png);
  if (status->warning_count < EMOPNG_WARNINGS_MAX) {
    snprintf(status->warnings[status->warning_count], EMOPNG_MESSAGE_MAX, "%s",
             message ? message : "");
  }
  if (status->warning_count < INT_MAX) status->warning_count++;
}

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t offset;
} reader;

static void read_bytes(png_structp png, png_bytep out, png_size_t length) {
  reader *r = (reader *)png_get_io_ptr(png);
  if (length > r->size - r->offset) {
    png_error(png, "unexpected end of PNG data");
  }
  memcpy(out, r->data + r->offset, length);
  r->offset += length;
}

// Checks the signature ourselves so that non-PNG data gets a precise message
// (libpng distinguishes only "Not a PNG file" and "ASCII conversion").
static int check_signature(const uint8_t *data, size_t size, emopng_status *status) {
  if (size < 8) {
    if (size == 0 || memcmp(data, kSignature, size) == 0) {
      status_set(status, EMOPNG_ERR_SIGNATURE,
                 size == 0 ? "empty data: not a PNG file" : "truncated PNG signature");
    } else {
      status_set(status, EMOPNG_ERR_SIGNATURE, "Not a PNG file");
    }
    return 0;
  }
  if (memcmp(data, kSignature, 8) != 0) {
    if (png_sig_cmp(data, 0, 8) == 0) return 1;
    // Same test libpng applies: the signature was damaged by a text-mode copy.
    if (data[0] == 137 && data[1] == 'P' && data[2] == 'N' && data[3] == 'G') {
      status_set(status, EMOPNG_ERR_SIGNATURE, "PNG file corrupted by ASCII conversion");
    } else {
      status_set(status, EMOPNG_ERR_SIGNATURE, "Not a PNG file");
    }
    return 0;
  }
  return 1;
}

static uint32_t be32(const uint8_t *p) {
  return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

// Parses the signature and IHDR only, so that a file's size can be judged
// from its first 33 bytes. Messages follow libpng's for the same faults.
int emopng_read_header(const uint8_t *data, size_t size, emopng_header *out,
                       emopng_status *status) {
  status_reset(status);
  memset(out, 0, sizeof(*out));
  if (!check_signature(data, size, status)) return status->code;
  if (size < 8 + 8 + 13 + 4) {
    status_set(status, EMOPNG_ERR_LIBPNG, "unexpected end of PNG data");
    return status->code;
  }
  const uint8_t *chunk = data + 8;
  if (memcmp(chunk + 4, "IHDR", 4) != 0) {
    status_set(status, EMOPNG_ERR_LIBPNG, "Missing IHDR before image data");
    return status->code;
  }
  if (be32(chunk) != 13) {
    status_set(status, EMOPNG_ERR_LIBPNG, "IHDR: invalid");
    return status->code;
  }
  uint32_t crc = (uint32_t)crc32(0, chunk + 4, 4 + 13);
  if (crc != be32(chunk + 8 + 13)) {
    status_set(status, EMOPNG_ERR_LIBPNG, "IHDR: CRC error");
    return status->code;
  }
  const uint8_t *f = chunk + 8;
  uint32_t width = be32(f), height = be32(f + 4);
  int depth = f[8], type = f[9], compression = f[10], filter = f[11], interlace = f[12];
  int depth_ok;
  switch (type) {
    case 0: depth_ok = depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16; break;
    case 3: depth_ok = depth == 1 || depth == 2 || depth == 4 || depth == 8; break;
    case 2: case 4: case 6: depth_ok = depth == 8 || depth == 16; break;
    default: depth_ok = 0; break;
  }
  if (width == 0 || height == 0 || width > PNG_UINT_31_MAX || height > PNG_UINT_31_MAX ||
      !depth_ok || compression != 0 || filter != 0 || interlace > 1) {
    status_set(status, EMOPNG_ERR_LIBPNG, "Invalid IHDR data");
    return status->code;
  }
  out->width = width;
  out->height = height;
  out->bit_depth = depth;
  out->color_type = type;
  out->interlace = interlace;
  return EMOPNG_OK;
}

// Ancillary chunks whose content emopack never uses (colour management, text, time, histogram …) are
// skipped unread: no decompression of zTXt/iTXt/iCCP, no memory for them, nothing to go wrong. tRNS,
// which gives transparency, is kept.
static void skip_ancillary_chunks(png_structp png) {
  static const png_byte skipped[] = "bKGD\0cHRM\0eXIf\0gAMA\0hIST\0iCCP\0iTXt\0oFFs\0pCAL\0pHYs\0sBIT\0sCAL\0sPLT\0sRGB\0tEXt\0tIME\0zTXt";
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, skipped, 17);
  png_set_chunk_malloc_max(png, 1u << 20);
}

static int exceeds(uint32_t width, uint32_t height, emopng_limits limits, emopng_status *status) {
  char text[EMOPNG_MESSAGE_MAX];
  uint64_t bytes = (uint64_t)width * (uint64_t)height * 4u;
  if (width > limits.max_width || height > limits.max_height) {
    snprintf(text, sizeof(text), "image is %ux%u, over the limit of %ux%u", width, height,
             limits.max_width, limits.max_height);
    status_set(status, EMOPNG_ERR_LIMIT, text);
    return 1;
  }
  if (bytes > limits.max_pixel_bytes) {
    snprintf(text, sizeof(text), "image needs %llu bytes of pixels, over the limit of %llu",
             (unsigned long long)bytes, (unsigned long long)limits.max_pixel_bytes);
    status_set(status, EMOPNG_ERR_LIMIT, text);
    return 1;
  }
  return 0;
}

int emopng_decode_rgba8(const uint8_t *data, size_t size, emopng_limits limits,
                        emopng_buffer *result, uint32_t *out_width, uint32_t *out_height,
                        emopng_status *status) {
  status_reset(status);
  memset(result, 0, sizeof(*result));
  *out_width = 0;
  *out_height = 0;
  if (!check_signature(data, size, status)) return status->code;

  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, status, on_error, on_warning);
  if (!png) {
    status_set(status, EMOPNG_ERR_NOMEM, "png_create_read_struct failed");
    return status->code;
  }
  png_infop info = png_create_info_struct(png);
  if (!info) {
    png_destroy_read_struct(&png, NULL, NULL);
    status_set(status, EMOPNG_ERR_NOMEM, "png_create_info_struct failed");
    return status->code;
  }
  reader r = {data, size, 0};
  png_bytep *volatile rows = NULL;
  uint8_t *volatile out = NULL;
  if (setjmp(png_jmpbuf(png))) {
    free(rows);
    free(out);
    png_destroy_read_struct(&png, &info, NULL);
    if (status->code == EMOPNG_OK) status_set(status, EMOPNG_ERR_LIBPNG, "libpng error");
    return status->code;
  }
  png_set_user_limits(png, limits.max_width, limits.max_height);
  skip_ancillary_chunks(png);
  png_set_read_fn(png, &r, read_bytes);
  png_read_info(png, info);

  png_uint_32 width = png_get_image_width(png, info);
  png_uint_32 height = png_get_image_height(png, info);
  int bit_depth = png_get_bit_depth(png, info);
  int color_type = png_get_color_type(png, info);
  if (exceeds(width, height, limits, status)) {
    png_destroy_read_struct(&png, &info, NULL);
    return status->code;
  }

  // Expand everything to 8-bit RGBA. No gamma transform is requested, so
  // sample values are passed through as stored (emoticon art is sRGB).
  if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) ? 1 : 0;
  if (has_trns) png_set_tRNS_to_alpha(png);
  if (bit_depth == 16) png_set_scale_16(png);
  if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
    png_set_gray_to_rgb(png);
  }
  if (!(color_type & PNG_COLOR_MASK_ALPHA) && !has_trns) {
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
  }
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (png_size_t)width * 4u) {
    png_error(png, "unexpected row size after transforms");
  }

  size_t out_size = (size_t)width * height * 4u;
  out = (uint8_t *)malloc(out_size ? out_size : 1);
  rows = (png_bytep *)malloc(sizeof(png_bytep) * (height ? height : 1));
  if (!rows || !out) {
    free(rows);
    free(out);
    status_set(status, EMOPNG_ERR_NOMEM, "out of memory for row pointers");
    png_destroy_read_struct(&png, &info, NULL);
    return status->code;
  }
  for (png_uint_32 y = 0; y < height; y++) rows[y] = out + (size_t)y * width * 4u;
  png_read_image(png, rows);
  // Reading to IEND verifies the trailing chunks and their CRCs, so a file cut
  // short after its image data is still refused.
  png_read_end(png, NULL);
  free(rows);
  png_destroy_read_struct(&png, &info, NULL);
  result->bytes = out;
  result->size = out_size;
  result->capacity = out_size;
  *out_width = width;
  *out_height = height;
  return EMOPNG_OK;
}

static void write_bytes(png_structp png, png_bytep bytes, png_size_t length) {
  emopng_buffer *b = (emopng_buffer *)png_get_io_ptr(png);
  if (length > b->capacity - b->size) {
    size_t capacity = b->capacity ? b->capacity : 4096;
    while (length > capacity - b->size) {
      if (capacity > SIZE_MAX / 2) png_error(png, "PNG output too large");
      capacity *= 2;
    }
    uint8_t *grown = (uint8_t *)realloc(b->bytes, capacity);
    if (!grown) png_error(png, "out of memory for PNG output");
    b->bytes = grown;
    b->capacity = capacity;
  }
  memcpy(b->bytes + b->size, bytes, length);
  b->size += length;
}

static void flush_bytes(png_structp png) { (void)png; }

// ---- Row filtering and libdeflate (no libpng calls, so no setjmp needed) ----

static inline uint8_t paeth_predictor(int a, int b, int c) {
  int p = a + b - c;
  int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  if (pa <= pb && pa <= pc) return (uint8_t)a;
  return pb <= pc ? (uint8_t)b : (uint8_t)c;
}

// Writes `row` filtered with `type` (0 none ... 4 paeth) to `out`; `prev` is
// the unfiltered previous row or NULL for the first row.
static void filter_row(int type, const uint8_t *row, const uint8_t *prev, size_t n, size_t bpp,
                       uint8_t *out) {
  size_t i;
  switch (type) {
    case 0: memcpy(out, row, n); break;
    case 1:
      for (i = 0; i < n && i < bpp; i++) out[i] = row[i];
      for (; i < n; i++) out[i] = (uint8_t)(row[i] - row[i - bpp]);
      break;
    case 2:
      if (!prev) { memcpy(out, row, n); break; }
      for (i = 0; i < n; i++) out[i] = (uint8_t)(row[i] - prev[i]);
      break;
    case 3:
      for (i = 0; i < n; i++) {
        int left = i >= bpp ? row[i - bpp] : 0;
        int up = prev ? prev[i] : 0;
        out[i] = (uint8_t)(row[i] - ((left + up) >> 1));
      }
      break;
    default:
      for (i = 0; i < n; i++) {
        int left = i >= bpp ? row[i - bpp] : 0;
        int up = prev ? prev[i] : 0;
        int upleft = prev && i >= bpp ? prev[i - bpp] : 0;
        out[i] = (uint8_t)(row[i] - paeth_predictor(left, up, upleft));
      }
      break;
  }
}

// Sum of the filtered bytes read as signed values' magnitudes: libpng's
// "minimum sum of absolute differences" heuristic.
static uint64_t row_cost(const uint8_t *bytes, size_t n) {
  uint64_t sum = 0;
  for (size_t i = 0; i < n; i++) sum += bytes[i] < 128 ? bytes[i] : 256u - bytes[i];
  return sum;
}

// Packs one row of one-byte samples into `depth`-bit samples, most
// significant bits first, as PNG stores them.
static void pack_row(const uint8_t *samples, size_t count, int depth, uint8_t *out, size_t out_bytes) {
  memset(out, 0, out_bytes);
  int per_byte = 8 / depth;
  uint8_t mask = (uint8_t)((1u << depth) - 1);
  for (size_t i = 0; i < count; i++) {
    int shift = 8 - depth * (int)(i % per_byte + 1);
    out[i / per_byte] |= (uint8_t)((samples[i] & mask) << shift);
  }
}

typedef struct {
  int64_t saving;
  uint32_t row;
} row_saving;

static int compare_saving(const void *a, const void *b) {
  const row_saving *x = (const row_saving *)a, *y = (const row_saving *)b;
  if (x->saving != y->saving) return x->saving > y->saving ? -1 : 1;
  return x->row < y->row ? -1 : (x->row > y->row);
}

static inline uint32_t magnitude(uint8_t v) { return v < 128 ? v : 256u - v; }

// The minimum-sum-of-absolute-differences cost of `row` under each of the five
// filters, in one pass over one pixel in four (an estimate is all the mixed
// choice needs, and it is computed for every row of every sheet). `prev` is
// the unfiltered previous row or NULL.
static void row_costs(const uint8_t *row, const uint8_t *prev, size_t n, size_t bpp, uint64_t cost[5]) {
  uint64_t c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0;
  for (size_t start = 0; start < n; start += 4 * bpp) {
    for (size_t i = start; i < start + bpp && i < n; i++) {
      int x = row[i];
      int a = i >= bpp ? row[i - bpp] : 0;
      int b = prev ? prev[i] : 0;
      int c = prev && i >= bpp ? prev[i - bpp] : 0;
      c0 += magnitude((uint8_t)x);
      c1 += magnitude((uint8_t)(x - a));
      c2 += magnitude((uint8_t)(x - b));
      c3 += magnitude((uint8_t)(x - ((a + b) >> 1)));
      c4 += magnitude((uint8_t)(x - paeth_predictor(a, b, c)));
    }
  }
  cost[0] = c0;
  cost[1] = c1;
  cost[2] = c2;
  cost[3] = c3;
  cost[4] = c4;
}

// The mixed choice (8-bit rows only): every row's best filter by the minimum
// sum of absolute differences, kept only on the eighth of the rows where it
// saves the most of that cost against no filter (ties by row order); the other
// rows stay unfiltered. libdeflate gets through unfiltered rows (long runs in
// transparent areas and extruded rings) much faster than filtered ones, so
// this buys part of adaptive filtering's gain on gradients for a small part of
// its compression time.
static int choose_mixed_filters(const uint8_t *pixels, uint32_t height, size_t stride,
                                size_t row_bytes, size_t bpp, uint8_t *types) {
  row_saving *savings = (row_saving *)malloc(sizeof(row_saving) * height);
  if (!savings) return -1;
  for (uint32_t y = 0; y < height; y++) {
    const uint8_t *row = pixels + (size_t)y * stride;
    uint64_t cost[5];
    row_costs(row, y > 0 ? row - stride : NULL, row_bytes, bpp, cost);
    int best = 1;
    for (int t = 2; t < 5; t++) {
      if (cost[t] < cost[best]) best = t;
    }
    types[y] = (uint8_t)best;
    savings[y].saving = (int64_t)cost[0] - (int64_t)cost[best];
    savings[y].row = y;
  }
  qsort(savings, height, sizeof(row_saving), compare_saving);
  size_t keep = (size_t)height / EMOPNG_MIXED_SHARE;
  for (size_t k = 0; k < height; k++) {
    if (k >= keep || savings[k].saving <= 0) types[savings[k].row] = 0;
  }
  free(savings);
  return 0;
}

// Compresses filtered rows to a zlib stream with libdeflate (`level` 0...12)
// or zopfli (`level` iterations). Returns a malloc'd buffer or NULL.
static uint8_t *compress_rows(int compressor, int level, const uint8_t *rows, size_t size,
                              size_t *out_size) {
  if (compressor == EMOPNG_COMPRESSOR_ZOPFLI) {
    ZopfliOptions options;
    ZopfliInitOptions(&options);
    options.numiterations = level;
    unsigned char *out = NULL;
    size_t n = 0;
    ZopfliCompress(&options, ZOPFLI_FORMAT_ZLIB, rows, size, &out, &n);
    if (!out || n == 0) {
      free(out);
      return NULL;
    }
    *out_size = n;
    return out;
  }
  size_t capacity = emopng_libdeflate_bound(size);
  uint8_t *compressed = (uint8_t *)malloc(capacity);
  if (!compressed) return NULL;
  size_t n = emopng_libdeflate(rows, size, level, compressed, capacity);
  if (n == 0) {
    free(compressed);
    return NULL;
  }
  *out_size = n;
  return compressed;
}

// Filters every row (one filter byte + data) and libdeflate-compresses the
// result to a zlib stream (`compress_rows`). Returns EMOPNG_OK and a malloc'd `*out`.
static int deflate_image(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                         int channels, int depth, int filters, int compressor, int level,
                         int filter_slots,
                         uint8_t **out, size_t *out_size, emopng_status *status) {
  size_t row_bytes = ((size_t)width * channels * depth + 7) / 8;
  size_t bpp = (size_t)(channels * depth + 7) / 8;
  if (row_bytes + 1 > SIZE_MAX / height) {
    status_set(status, EMOPNG_ERR_ARGUMENT, "image too large");
    return status->code;
  }
  size_t filtered_size = (row_bytes + 1) * height;
  int mixed = (filters & EMOPNG_FILTER_MIXED) != 0 && depth == 8;
  if (filter_slots && depth == 8 && (mixed || (filters & 0xF8) == 0x08) && stride == row_bytes + 1) {
    // Rows filtered in place: the caller's spare bytes become the filter bytes.
    uint8_t *rows = (uint8_t *)pixels - 1;
    if (mixed) {
      uint8_t *types = (uint8_t *)malloc(height);
      uint8_t *temp = (uint8_t *)malloc(row_bytes);
      if (!types || !temp || choose_mixed_filters(pixels, height, stride, row_bytes, bpp, types) != 0) {
        free(types);
        free(temp);
        status_set(status, EMOPNG_ERR_NOMEM, "out of memory for row filters");
        return status->code;
      }
      // Bottom-up, so every row is filtered against its still unfiltered predecessor.
      for (uint32_t k = height; k-- > 0;) {
        uint8_t *row = (uint8_t *)pixels + (size_t)k * stride;
        if (types[k] != 0) {
          filter_row(types[k], row, k > 0 ? row - stride : NULL, row_bytes, bpp, temp);
          memcpy(row, temp, row_bytes);
        }
        row[-1] = types[k];
      }
      free(types);
      free(temp);
    } else {
      for (uint32_t y = 0; y < height; y++) rows[(size_t)y * stride] = 0;
    }
    size_t n = 0;
    uint8_t *compressed = compress_rows(compressor, level, rows, filtered_size, &n);
    if (!compressed) {
      status_set(status, EMOPNG_ERR_NOMEM, "could not compress the image data");
      return status->code;
    }
    *out = compressed;
    *out_size = n;
    return EMOPNG_OK;
  }
  uint8_t *filtered = (uint8_t *)malloc(filtered_size);
  uint8_t *packed = (uint8_t *)malloc(2 * row_bytes);
  uint8_t *trial = (uint8_t *)malloc(row_bytes);
  if (!filtered || !packed || !trial) {
    free(filtered);
    free(packed);
    free(trial);
    status_set(status, EMOPNG_ERR_NOMEM, "out of memory for filtered rows");
    return status->code;
  }
  int types[5];
  int type_count = 0;
  for (int t = 0; t < 5; t++) {
    if (filters & (0x08 << t)) types[type_count++] = t;
  }
  if (type_count == 0) types[type_count++] = 0;
  uint8_t *fixed = NULL;
  if (mixed) {
    fixed = (uint8_t *)malloc(height);
    if (!fixed || choose_mixed_filters(pixels, height, stride, row_bytes, bpp, fixed) != 0) {
      free(fixed);
      free(filtered);
      free(packed);
      free(trial);
      status_set(status, EMOPNG_ERR_NOMEM, "out of memory for row filters");
      return status->code;
    }
  }
  const uint8_t *prev = NULL;
  for (uint32_t y = 0; y < height; y++) {
    const uint8_t *row = pixels + (size_t)y * stride;
    if (depth < 8) {
      uint8_t *slot = packed + (y % 2) * row_bytes;
      pack_row(row, (size_t)width * channels, depth, slot, row_bytes);
      row = slot;
    }
    uint8_t *dest = filtered + (size_t)y * (row_bytes + 1);
    int best = fixed ? fixed[y] : types[0];
    if (!fixed && type_count > 1) {
      uint64_t best_cost = UINT64_MAX;
      for (int k = 0; k < type_count; k++) {
        filter_row(types[k], row, prev, row_bytes, bpp, trial);
        uint64_t cost = row_cost(trial, row_bytes);
        if (cost < best_cost) {
          best_cost = cost;
          best = types[k];
        }
      }
    }
    dest[0] = (uint8_t)best;
    filter_row(best, row, prev, row_bytes, bpp, dest + 1);
    prev = row;
  }
  free(fixed);
  free(packed);
  free(trial);
  size_t n = 0;
  uint8_t *compressed = compress_rows(compressor, level, filtered, filtered_size, &n);
  free(filtered);
  if (!compressed) {
    status_set(status, EMOPNG_ERR_NOMEM, "could not compress the image data");
    return status->code;
  }
  *out = compressed;
  *out_size = n;
  return EMOPNG_OK;
}

int emopng_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                  emopng_encode_options options, emopng_buffer *out,
                  emopng_status *status) {
  status_reset(status);
  memset(out, 0, sizeof(*out));
  int channels;
  switch (options.layout) {
    case EMOPNG_LAYOUT_GRAY: channels = 1; break;
    case EMOPNG_LAYOUT_GRAY_ALPHA: channels = 2; break;
    case EMOPNG_LAYOUT_RGB: channels = 3; break;
    case EMOPNG_LAYOUT_RGBA: channels = 4; break;
    case EMOPNG_LAYOUT_PALETTE: channels = 1; break;
    default:
      status_set(status, EMOPNG_ERR_ARGUMENT, "unknown pixel layout");
      return status->code;
  }
  int depth = options.bit_depth;
  int low_depth_ok = options.layout == EMOPNG_LAYOUT_GRAY || options.layout == EMOPNG_LAYOUT_PALETTE;
  if (!(depth == 8 || (low_depth_ok && (depth == 1 || depth == 2 || depth == 4)))) {
    status_set(status, EMOPNG_ERR_ARGUMENT, "unsupported bit depth for this layout");
    return status->code;
  }
  if (width == 0 || height == 0 || width > PNG_UINT_31_MAX || height > PNG_UINT_31_MAX ||
      stride < (size_t)width * channels) {
    status_set(status, EMOPNG_ERR_ARGUMENT, "invalid image dimensions or stride");
    return status->code;
  }
  if (options.layout == EMOPNG_LAYOUT_PALETTE &&
      (options.palette_count < 1 || options.palette_count > (1 << depth) ||
       options.trns_count < 0 || options.trns_count > options.palette_count)) {
    status_set(status, EMOPNG_ERR_ARGUMENT, "palette size does not fit the bit depth");
    return status->code;
  }
  // libdeflate and zopfli compress the whole filtered image here.
  int whole_image = options.compressor == EMOPNG_COMPRESSOR_LIBDEFLATE ||
                       options.compressor == EMOPNG_COMPRESSOR_ZOPFLI;
  const char *invalid = NULL;
  switch (options.compressor) {
    case EMOPNG_COMPRESSOR_ZLIB:
      if (options.level < 0 || options.level > 9 || options.strategy < 0 || options.strategy > 4 ||
          options.mem_level < 1 || options.mem_level > 9)
        invalid = "invalid zlib settings";
      break;
    case EMOPNG_COMPRESSOR_LIBDEFLATE:
      if (options.level < 0 || options.level > 12) invalid = "invalid libdeflate level (0...12)";
      break;
    case EMOPNG_COMPRESSOR_ZOPFLI:
      if (options.level < 1 || options.level > 1000) invalid = "invalid zopfli iterations (1...1000)";
      break;
    default: invalid = "unknown compressor";
  }
  if (invalid) {
    status_set(status, EMOPNG_ERR_ARGUMENT, invalid);
    return status->code;
  }
  // With libdeflate the image data is filtered and compressed here, before
  // libpng is involved; libpng then writes it as IDAT chunks. The pointer is
  // set before setjmp and never changed after, so the error path can free it.
  uint8_t *idat = NULL;
  size_t idat_size = 0;
  if (whole_image &&
      deflate_image(pixels, width, height, stride, channels, depth, options.filters,
                    options.compressor, options.level,
                    options.filter_slots, &idat, &idat_size, status) != EMOPNG_OK) {
    return status->code;
  }

  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, status, on_error, on_warning);
  if (!png) {
    free(idat);
    status_set(status, EMOPNG_ERR_NOMEM, "png_create_write_struct failed");
    return status->code;
  }
  png_infop info = png_create_info_struct(png);
  if (!info) {
    png_destroy_write_struct(&png, NULL);
    free(idat);
    status_set(status, EMOPNG_ERR_NOMEM, "png_create_info_struct failed");
    return status->code;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    free(idat);
    emopng_buffer_free(out);
    if (status->code == EMOPNG_OK) status_set(status, EMOPNG_ERR_LIBPNG, "libpng error");
    return status->code;
  }
  png_set_write_fn(png, out, write_bytes, flush_bytes);
  png_set_IHDR(png, info, width, height, depth, options.layout, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (options.layout == EMOPNG_LAYOUT_PALETTE) {
    png_color colors[256];
    for (int i = 0; i < options.palette_count; i++) {
      colors[i].red = options.palette[i * 3];
      colors[i].green = options.palette[i * 3 + 1];
      colors[i].blue = options.palette[i * 3 + 2];
    }
    png_set_PLTE(png, info, colors, options.palette_count);
    if (options.trns_count > 0) {
      png_set_tRNS(png, info, (png_const_bytep)options.trns, options.trns_count, NULL);
    }
  }
  if (whole_image) {
    png_write_info(png, info);
    // One IDAT chunk (split only past PNG's 2^31-1 chunk limit): every
    // further chunk would cost 12 bytes for nothing.
    for (size_t at = 0; at < idat_size; at += PNG_UINT_31_MAX) {
      size_t n = idat_size - at < PNG_UINT_31_MAX ? idat_size - at : PNG_UINT_31_MAX;
      png_write_chunk(png, (png_const_bytep) "IDAT", idat + at, n);
    }
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);
    free(idat);
    return EMOPNG_OK;
  }
  png_set_compression_level(png, options.level);
  png_set_compression_strategy(png, options.strategy);
  png_set_compression_mem_level(png, options.mem_level);
  png_set_compression_window_bits(png, 15);
  // One large IDAT buffer: fewer chunks, fewer bytes of chunk overhead (an
  // emoticon sheet compresses to a few MiB, so this is one IDAT).
  png_set_compression_buffer_size(png, 1u << 23);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, options.filters & PNG_ALL_FILTERS);
  png_write_info(png, info);
  if (depth < 8) png_set_packing(png);
  for (uint32_t y = 0; y < height; y++) {
    png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
  }
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  return EMOPNG_OK;
}

void emopng_buffer_free(emopng_buffer *buffer) {
  free(buffer->bytes);
  buffer->bytes = NULL;
  buffer->size = 0;
  buffer->capacity = 0;
}

uint32_t emopng_crc32(uint32_t crc, const uint8_t *data, size_t size) {
  uLong value = crc;
  while (size > 0) {
    uInt chunk = size > (size_t)UINT_MAX ? UINT_MAX : (uInt)size;
    value = crc32(value, data, chunk);
    data += chunk;
    size -= chunk;
  }
  return (uint32_t)value;
}

size_t emopng_deflate_bound(size_t size) {
  // compressBound's formula plus zlib's header, valid for every level.
  return size + (size >> 12) + (size >> 14) + (size >> 25) + 13 + 6 + 5 * (size / 16383 + 1);
}

size_t emopng_deflate(const uint8_t *data, size_t size, int level, int strategy,
                      int mem_level, uint8_t *out, size_t out_capacity) {
  z_stream stream;
  memset(&stream, 0, sizeof(stream));
  if (deflateInit2(&stream, level, Z_DEFLATED, 15, mem_level, strategy) != Z_OK) return 0;
  size_t produced = 0;
  int result = Z_OK;
  while (result == Z_OK) {
    uInt in_chunk = size > (size_t)UINT_MAX ? UINT_MAX : (uInt)size;
    size_t room = out_capacity - produced;
    uInt out_chunk = room > (size_t)UINT_MAX ? UINT_MAX : (uInt)room;
    if (out_chunk == 0) break;
    stream.next_in = (Bytef *)data;
    stream.avail_in = in_chunk;
    stream.next_out = out + produced;
    stream.avail_out = out_chunk;
    result = deflate(&stream, in_chunk == size ? Z_FINISH : Z_NO_FLUSH);
    data += in_chunk - stream.avail_in;
    size -= in_chunk - stream.avail_in;
    produced += out_chunk - stream.avail_out;
  }
  deflateEnd(&stream);
  return result == Z_STREAM_END ? produced : 0;
}

const char *emopng_libpng_version(void) { return png_get_libpng_ver(NULL); }

size_t emopng_libdeflate_bound(size_t size) {
  // libdeflate's own bound needs a compressor; this one is looser and holds
  // for every level: a 5-byte block header per 256 input bytes (libdeflate's
  // blocks are far longer), the zlib wrapper and libdeflate's end padding.
  return size + 5 * (size / 256 + 1) + 6 + 64;
}

size_t emopng_libdeflate(const uint8_t *data, size_t size, int level, uint8_t *out,
                         size_t out_capacity) {
  if (level < 0 || level > 12) return 0;
  struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
  if (!c) return 0;
  size_t n = libdeflate_zlib_compress(c, data, size, out, out_capacity);
  libdeflate_free_compressor(c);
  return n;
}

int emopng_libinflate(const uint8_t *data, size_t size, uint8_t *out, size_t out_size) {
  struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
  if (!d) return 0;
  enum libdeflate_result r = libdeflate_zlib_decompress(d, data, size, out, out_size, NULL);
  libdeflate_free_decompressor(d);
  return r == LIBDEFLATE_SUCCESS;
}

const char *emopng_libdeflate_version(void) { return LIBDEFLATE_VERSION_STRING; }
