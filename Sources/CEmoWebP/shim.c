// libwebp behind return codes: see include/emowebp.h.
#include "emowebp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

static int fail(emowebp_status *status, int code, const char *message) {
  if (status) {
    status->code = code;
    snprintf(status->message, EMOWEBP_MESSAGE_MAX, "%s", message);
  }
  return code;
}

static int ok(emowebp_status *status) {
  if (status) {
    status->code = EMOWEBP_OK;
    status->message[0] = 0;
  }
  return EMOWEBP_OK;
}

static const char *vp8_status_text(VP8StatusCode code) {
  switch (code) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature";
    case VP8_STATUS_SUSPENDED: return "suspended";
    case VP8_STATUS_USER_ABORT: return "aborted";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "truncated: not enough data";
    default: return "unknown error";
  }
}

int emowebp_read_info(const uint8_t *data, size_t size, emowebp_info *info, emowebp_status *status) {
  if (!data || !info) return fail(status, EMOWEBP_ERR_ARGUMENT, "no data");
  memset(info, 0, sizeof(*info));
  WebPBitstreamFeatures features;
  VP8StatusCode code = WebPGetFeatures(data, size, &features);
  if (code != VP8_STATUS_OK) return fail(status, EMOWEBP_ERR_FORMAT, vp8_status_text(code));
  info->width = features.width;
  info->height = features.height;
  info->has_alpha = features.has_alpha;
  info->is_animated = features.has_animation;
  info->format = features.format;
  if (!features.has_animation) return ok(status);
  WebPData whole = {data, size};
  WebPDemuxer *demux = WebPDemux(&whole);
  if (!demux) return fail(status, EMOWEBP_ERR_FORMAT, "the animation's container is malformed or truncated");
  info->width = (int)WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
  info->height = (int)WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
  info->loop_count = (int)WebPDemuxGetI(demux, WEBP_FF_LOOP_COUNT);
  info->frame_count = (int)WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
  WebPIterator it;
  if (WebPDemuxGetFrame(demux, 1, &it)) {
    do {
      info->frame_pixels += (int64_t)it.width * (int64_t)it.height;
    } while (WebPDemuxNextFrame(&it));
    WebPDemuxReleaseIterator(&it);
  }
  WebPDemuxDelete(demux);
  return ok(status);
}

int emowebp_frame_durations(
  const uint8_t *data, size_t size, int *durations, int count, emowebp_status *status) {
  if (!data || (!durations && count > 0)) return fail(status, EMOWEBP_ERR_ARGUMENT, "no buffer");
  WebPData whole = {data, size};
  WebPDemuxer *demux = WebPDemux(&whole);
  if (!demux) return fail(status, EMOWEBP_ERR_FORMAT, "the animation's container is malformed or truncated");
  int n = 0;
  WebPIterator it;
  if (WebPDemuxGetFrame(demux, 1, &it)) {
    do {
      if (n < count) durations[n] = it.duration;
      n++;
    } while (WebPDemuxNextFrame(&it));
    WebPDemuxReleaseIterator(&it);
  }
  WebPDemuxDelete(demux);
  if (n != count) return fail(status, EMOWEBP_ERR_ARGUMENT, "the frame count differs from the one given");
  return ok(status);
}

int emowebp_decode_rgba(
  const uint8_t *data, size_t size, uint8_t *out, size_t out_size, emowebp_status *status) {
  if (!data || !out) return fail(status, EMOWEBP_ERR_ARGUMENT, "no buffer");
  int width = 0, height = 0;
  if (!WebPGetInfo(data, size, &width, &height)) return fail(status, EMOWEBP_ERR_FORMAT, "not a WebP still");
  if ((size_t)width * (size_t)height * 4 != out_size) {
    return fail(status, EMOWEBP_ERR_ARGUMENT, "the buffer is not width × height × 4 bytes");
  }
  if (!WebPDecodeRGBAInto(data, size, out, out_size, width * 4)) {
    return fail(status, EMOWEBP_ERR_DECODE, "the image data is truncated or corrupt");
  }
  return ok(status);
}

struct emowebp_anim {
  WebPAnimDecoder *decoder;
  int width;
  int height;
};

emowebp_anim *emowebp_anim_open(const uint8_t *data, size_t size, emowebp_status *status) {
  if (!data) {
    fail(status, EMOWEBP_ERR_ARGUMENT, "no data");
    return NULL;
  }
  WebPAnimDecoderOptions options;
  if (!WebPAnimDecoderOptionsInit(&options)) {
    fail(status, EMOWEBP_ERR_ARGUMENT, "libwebp's animation decoder has another ABI");
    return NULL;
  }
  options.color_mode = MODE_RGBA;
  options.use_threads = 0;
  WebPData whole = {data, size};
  WebPAnimDecoder *decoder = WebPAnimDecoderNew(&whole, &options);
  if (!decoder) {
    fail(status, EMOWEBP_ERR_FORMAT, "the animation's container is malformed or truncated");
    return NULL;
  }
  WebPAnimInfo info;
  if (!WebPAnimDecoderGetInfo(decoder, &info)) {
    WebPAnimDecoderDelete(decoder);
    fail(status, EMOWEBP_ERR_FORMAT, "the animation has no canvas");
    return NULL;
  }
  emowebp_anim *anim = calloc(1, sizeof(emowebp_anim));
  if (!anim) {
    WebPAnimDecoderDelete(decoder);
    fail(status, EMOWEBP_ERR_NOMEM, "out of memory");
    return NULL;
  }
  anim->decoder = decoder;
  anim->width = (int)info.canvas_width;
  anim->height = (int)info.canvas_height;
  ok(status);
  return anim;
}

int emowebp_anim_next(emowebp_anim *anim, uint8_t *out, size_t out_size, int *end_time, emowebp_status *status) {
  if (!anim || !out || !end_time) return fail(status, EMOWEBP_ERR_ARGUMENT, "no decoder or buffer");
  if ((size_t)anim->width * (size_t)anim->height * 4 != out_size) {
    return fail(status, EMOWEBP_ERR_ARGUMENT, "the buffer is not the canvas's size");
  }
  if (!WebPAnimDecoderHasMoreFrames(anim->decoder)) return fail(status, EMOWEBP_ERR_ARGUMENT, "no frame left");
  uint8_t *canvas = NULL;
  int timestamp = 0;
  if (!WebPAnimDecoderGetNext(anim->decoder, &canvas, &timestamp) || !canvas) {
    return fail(status, EMOWEBP_ERR_DECODE, "a frame is truncated or corrupt");
  }
  memcpy(out, canvas, out_size);
  *end_time = timestamp;
  return ok(status);
}

void emowebp_anim_close(emowebp_anim *anim) {
  if (!anim) return;
  WebPAnimDecoderDelete(anim->decoder);
  free(anim);
}

/// The encoder settings every emopack WebP uses (single-threaded, exact colours, lossless alpha) and the picture
/// of `rgba`; on failure nothing is left to free.
static int prepare(
  WebPConfig *config, WebPPicture *picture, const uint8_t *rgba, int width, int height, int stride, int lossless,
  float quality, int method, emowebp_status *status) {
  if (!WebPConfigInit(config)) return fail(status, EMOWEBP_ERR_ARGUMENT, "libwebp's encoder has another ABI");
  config->lossless = lossless ? 1 : 0;
  config->quality = quality;
  config->method = method < 0 ? 0 : (method > 6 ? 6 : method);
  config->thread_level = 0;
  config->exact = 1;
  config->alpha_quality = 100;
  // Lossy: the sharper RGB to YUV conversion keeps colour edges that 4:2:0 chroma would smear.
  config->use_sharp_yuv = lossless ? 0 : 1;
  if (!WebPValidateConfig(config)) return fail(status, EMOWEBP_ERR_ARGUMENT, "invalid encoder settings");
  if (!WebPPictureInit(picture)) return fail(status, EMOWEBP_ERR_ARGUMENT, "libwebp's picture has another ABI");
  picture->use_argb = 1;
  picture->width = width;
  picture->height = height;
  if (!WebPPictureImportRGBA(picture, rgba, stride)) {
    WebPPictureFree(picture);
    return fail(status, EMOWEBP_ERR_NOMEM, "out of memory importing the pixels");
  }
  return EMOWEBP_OK;
}

int emowebp_encode_rgba(
  const uint8_t *rgba, int width, int height, int stride, int lossless, float quality, int method, uint8_t **out,
  size_t *out_size, emowebp_status *status) {
  if (!rgba || !out || !out_size || width <= 0 || height <= 0 || stride < width * 4) {
    return fail(status, EMOWEBP_ERR_ARGUMENT, "bad image");
  }
  if (width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) {
    return fail(status, EMOWEBP_ERR_ARGUMENT, "over WebP's 16383-pixel side");
  }
  *out = NULL;
  *out_size = 0;
  WebPConfig config;
  WebPPicture picture;
  int prepared = prepare(&config, &picture, rgba, width, height, stride, lossless, quality, method, status);
  if (prepared != EMOWEBP_OK) return prepared;
  WebPMemoryWriter writer;
  WebPMemoryWriterInit(&writer);
  picture.writer = WebPMemoryWrite;
  picture.custom_ptr = &writer;
  int encoded = WebPEncode(&config, &picture);
  int error = picture.error_code;
  WebPPictureFree(&picture);
  if (!encoded) {
    WebPMemoryWriterClear(&writer);
    char text[64];
    snprintf(text, sizeof(text), "libwebp's encoder failed (error %d)", error);
    return fail(status, error == VP8_ENC_ERROR_OUT_OF_MEMORY ? EMOWEBP_ERR_NOMEM : EMOWEBP_ERR_ENCODE, text);
  }
  *out = writer.mem;
  *out_size = writer.size;
  return ok(status);
}

void emowebp_free(uint8_t *bytes) { WebPFree(bytes); }

struct emowebp_anim_encoder {
  WebPAnimEncoder *encoder;
  int width;
  int height;
};

emowebp_anim_encoder *emowebp_anim_encoder_new(int width, int height, int loop_count, emowebp_status *status) {
  if (width <= 0 || height <= 0 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) {
    fail(status, EMOWEBP_ERR_ARGUMENT, "bad canvas");
    return NULL;
  }
  WebPAnimEncoderOptions options;
  if (!WebPAnimEncoderOptionsInit(&options)) {
    fail(status, EMOWEBP_ERR_ARGUMENT, "libwebp's animation encoder has another ABI");
    return NULL;
  }
  options.anim_params.loop_count = loop_count < 0 ? 0 : loop_count;
  options.anim_params.bgcolor = 0;
  options.allow_mixed = 0;
  options.verbose = 0;
  WebPAnimEncoder *encoder = WebPAnimEncoderNew(width, height, &options);
  if (!encoder) {
    fail(status, EMOWEBP_ERR_NOMEM, "out of memory");
    return NULL;
  }
  emowebp_anim_encoder *out = calloc(1, sizeof(emowebp_anim_encoder));
  if (!out) {
    WebPAnimEncoderDelete(encoder);
    fail(status, EMOWEBP_ERR_NOMEM, "out of memory");
    return NULL;
  }
  out->encoder = encoder;
  out->width = width;
  out->height = height;
  ok(status);
  return out;
}

int emowebp_anim_encoder_add(
  emowebp_anim_encoder *encoder, const uint8_t *rgba, int stride, int start_ms, int lossless, float quality,
  int method, emowebp_status *status) {
  if (!encoder || !rgba || stride < encoder->width * 4) return fail(status, EMOWEBP_ERR_ARGUMENT, "bad frame");
  WebPConfig config;
  WebPPicture picture;
  int prepared = prepare(
    &config, &picture, rgba, encoder->width, encoder->height, stride, lossless, quality, method, status);
  if (prepared != EMOWEBP_OK) return prepared;
  int added = WebPAnimEncoderAdd(encoder->encoder, &picture, start_ms, &config);
  WebPPictureFree(&picture);
  if (!added) {
    const char *why = WebPAnimEncoderGetError(encoder->encoder);
    return fail(status, EMOWEBP_ERR_ENCODE, why ? why : "libwebp's animation encoder refused the frame");
  }
  return ok(status);
}

int emowebp_anim_encoder_finish(
  emowebp_anim_encoder *encoder, int end_ms, uint8_t **out, size_t *out_size, emowebp_status *status) {
  if (!encoder || !out || !out_size) return fail(status, EMOWEBP_ERR_ARGUMENT, "no encoder or output");
  *out = NULL;
  *out_size = 0;
  if (!WebPAnimEncoderAdd(encoder->encoder, NULL, end_ms, NULL)) {
    const char *why = WebPAnimEncoderGetError(encoder->encoder);
    return fail(status, EMOWEBP_ERR_ENCODE, why ? why : "the animation's end was refused");
  }
  WebPData data;
  WebPDataInit(&data);
  if (!WebPAnimEncoderAssemble(encoder->encoder, &data)) {
    const char *why = WebPAnimEncoderGetError(encoder->encoder);
    return fail(status, EMOWEBP_ERR_ENCODE, why ? why : "the animation could not be assembled");
  }
  *out = (uint8_t *)data.bytes;
  *out_size = data.size;
  return ok(status);
}

void emowebp_anim_encoder_delete(emowebp_anim_encoder *encoder) {
  if (!encoder) return;
  WebPAnimEncoderDelete(encoder->encoder);
  free(encoder);
}
