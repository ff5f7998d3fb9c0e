// C shim over libwebp for emopack: still and animated WebP decoding from memory, and RGBA encoding, lossless or
// lossy. libwebp reports errors by return values; every call here returns a status code and fills an
// `emowebp_status` with the reason. Buffer sizes come from libwebp's own info calls; callers check limits from
// the info before they allocate.
#ifndef EMOWEBP_H
#define EMOWEBP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EMOWEBP_MESSAGE_MAX 256

/// Outcome of a shim call.
typedef enum {
  EMOWEBP_OK = 0,
  /// The bytes are not a WebP file libwebp can read; `message` says why.
  EMOWEBP_ERR_FORMAT = 1,
  /// Decoding failed part way (truncated or corrupt data).
  EMOWEBP_ERR_DECODE = 2,
  /// Memory could not be allocated.
  EMOWEBP_ERR_NOMEM = 3,
  /// The caller passed inconsistent arguments (a buffer of the wrong size).
  EMOWEBP_ERR_ARGUMENT = 4,
  /// Encoding failed; `message` holds libwebp's error code.
  EMOWEBP_ERR_ENCODE = 5,
} emowebp_code;

/// Error text of one call.
typedef struct {
  int code;
  char message[EMOWEBP_MESSAGE_MAX];
} emowebp_status;

/// What a WebP file is, from its headers (nothing decoded).
typedef struct {
  /// The canvas (an animation's) or the image.
  int width;
  int height;
  int has_alpha;
  int is_animated;
  /// 0 mixed or unknown, 1 lossy (VP8), 2 lossless (VP8L).
  int format;
  /// Animation only: frames, total plays as stored (0 forever).
  int frame_count;
  int loop_count;
  /// Animation only: the sum over frames of each frame's width × height (what decoding composes).
  int64_t frame_pixels;
} emowebp_info;

/// Reads the headers of `data`: a still or an animation (through the demuxer, frame by frame).
int emowebp_read_info(const uint8_t *data, size_t size, emowebp_info *info, emowebp_status *status);

/// Each frame's duration in milliseconds as stored, into `durations` (`count` = the info's frame count).
int emowebp_frame_durations(
  const uint8_t *data, size_t size, int *durations, int count, emowebp_status *status);

/// Decodes a still into `out` (straight RGBA, rows of `width × 4` bytes; `out_size` = width × height × 4).
int emowebp_decode_rgba(
  const uint8_t *data, size_t size, uint8_t *out, size_t out_size, emowebp_status *status);

/// An animation being decoded frame by frame (libwebp's WebPAnimDecoder: blend and dispose as the container says).
typedef struct emowebp_anim emowebp_anim;

/// Opens an animation; NULL on failure with the reason in `status`. `data` must outlive the decoder.
emowebp_anim *emowebp_anim_open(const uint8_t *data, size_t size, emowebp_status *status);

/// The next whole canvas (straight RGBA, `out_size` = canvas width × height × 4) and the time it ends, in
/// milliseconds from the start.
int emowebp_anim_next(emowebp_anim *anim, uint8_t *out, size_t out_size, int *end_time, emowebp_status *status);

void emowebp_anim_close(emowebp_anim *anim);

/// Encodes straight RGBA (`stride` bytes a row) as WebP: lossless (`quality` is the effort, 0…100) or lossy with
/// an alpha plane (`quality` 0…100); `method` 0…6 trades time for bytes. Single-threaded, so the bytes are the
/// same on every run. On success `*out` holds `*out_size` bytes to release with `emowebp_free`.
int emowebp_encode_rgba(
  const uint8_t *rgba, int width, int height, int stride, int lossless, float quality, int method, uint8_t **out,
  size_t *out_size, emowebp_status *status);

void emowebp_free(uint8_t *bytes);

/// An animated WebP being encoded frame by frame (libwebp's WebPAnimEncoder, single-threaded).
typedef struct emowebp_anim_encoder emowebp_anim_encoder;

/// Starts an animation of `width × height` that plays `loop_count` times (0 forever); NULL on failure.
emowebp_anim_encoder *emowebp_anim_encoder_new(int width, int height, int loop_count, emowebp_status *status);

/// Adds a whole canvas (straight RGBA, `stride` bytes a row) shown from `start_ms`, encoded as `emowebp_encode_rgba`
/// would encode a still.
int emowebp_anim_encoder_add(
  emowebp_anim_encoder *encoder, const uint8_t *rgba, int stride, int start_ms, int lossless, float quality,
  int method, emowebp_status *status);

/// Ends the animation at `end_ms` and writes it: `*out` holds `*out_size` bytes to release with `emowebp_free`.
int emowebp_anim_encoder_finish(
  emowebp_anim_encoder *encoder, int end_ms, uint8_t **out, size_t *out_size, emowebp_status *status);

void emowebp_anim_encoder_delete(emowebp_anim_encoder *encoder);

#ifdef __cplusplus
}
#endif

#endif
