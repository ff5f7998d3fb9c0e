// The only file in emopack that touches libpng and zlib directly.
//
// libpng reports errors by calling our error function, which records the
// message and longjmps back to the setjmp in the same C function that called
// into libpng. Every such setjmp lives in this file, so no longjmp ever
// unwinds a Swift frame.
#include "emopng.h"

#include <limits.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

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
  if (options.level < 0 || options.level > 9 || options.strategy < 0 || options.strategy > 4 ||
      options.mem_level < 1 || options.mem_level > 9) {
    status_set(status, EMOPNG_ERR_ARGUMENT, "invalid zlib settings");
    return status->code;
  }

  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, status, on_error, on_warning);
  if (!png) {
    status_set(status, EMOPNG_ERR_NOMEM, "png_create_write_struct failed");
    return status->code;
  }
  png_infop info = png_create_info_struct(png);
  if (!info) {
    png_destroy_write_struct(&png, NULL);
    status_set(status, EMOPNG_ERR_NOMEM, "png_create_info_struct failed");
    return status->code;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
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
  png_set_compression_level(png, options.level);
  png_set_compression_strategy(png, options.strategy);
  png_set_compression_mem_level(png, options.mem_level);
  png_set_compression_window_bits(png, 15);
  // One large IDAT buffer: fewer chunks, fewer bytes of chunk overhead.
  png_set_compression_buffer_size(png, 1u << 20);
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
