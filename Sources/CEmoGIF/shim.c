#include "emogif.h"

#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct emogif_decoder {
  GifFileType *gif;
  const uint8_t *data;
  size_t size;
  size_t position;
  int loop_count;
  int frame_open;
};

static int emogif_read(GifFileType *gif, GifByteType *out, int length) {
  struct emogif_decoder *d = (struct emogif_decoder *)gif->UserData;
  if (length <= 0) return 0;
  size_t left = d->size - d->position;
  size_t n = (size_t)length < left ? (size_t)length : left;
  memcpy(out, d->data + d->position, n);
  d->position += n;
  return (int)n;
}

static void emogif_fail(emogif_status *status, int code, const char *message) {
  if (!status) return;
  status->code = code;
  snprintf(status->message, EMOGIF_MESSAGE_MAX, "%s", message ? message : "unknown error");
}

static void emogif_giflib_error(emogif_status *status, int error) {
  const char *text = GifErrorString(error);
  emogif_fail(status, EMOGIF_ERR_GIFLIB, text ? text : "giflib error");
}

static void emogif_copy_map(const ColorMapObject *map, int *count, uint8_t *colors) {
  *count = 0;
  if (!map || map->ColorCount <= 0 || map->ColorCount > 256) return;
  for (int i = 0; i < map->ColorCount; i++) {
    colors[i * 3] = map->Colors[i].Red;
    colors[i * 3 + 1] = map->Colors[i].Green;
    colors[i * 3 + 2] = map->Colors[i].Blue;
  }
  *count = map->ColorCount;
}

emogif_decoder *emogif_open(const uint8_t *data, size_t size, emogif_screen *screen, emogif_status *status) {
  if (status) { status->code = EMOGIF_OK; status->message[0] = 0; }
  if (!data || !screen) {
    emogif_fail(status, EMOGIF_ERR_ARGUMENT, "no data");
    return NULL;
  }
  struct emogif_decoder *d = calloc(1, sizeof(*d));
  if (!d) {
    emogif_fail(status, EMOGIF_ERR_NOMEM, "out of memory");
    return NULL;
  }
  d->data = data;
  d->size = size;
  d->loop_count = -1;
  int error = 0;
  d->gif = DGifOpen(d, emogif_read, &error);
  if (!d->gif) {
    emogif_giflib_error(status, error);
    free(d);
    return NULL;
  }
  screen->width = d->gif->SWidth;
  screen->height = d->gif->SHeight;
  screen->background_index = d->gif->SBackGroundColor;
  emogif_copy_map(d->gif->SColorMap, &screen->color_count, screen->colors);
  return d;
}

/// Reads one extension record, noting the graphics control and the loop count.
static int emogif_extension(emogif_decoder *d, emogif_frame *frame, emogif_status *status) {
  int code = 0;
  GifByteType *block = NULL;
  if (DGifGetExtension(d->gif, &code, &block) == GIF_ERROR) {
    emogif_giflib_error(status, d->gif->Error);
    return -1;
  }
  int netscape = 0;
  if (block && code == GRAPHICS_EXT_FUNC_CODE && block[0] >= 4) {
    GraphicsControlBlock gcb;
    if (DGifExtensionToGCB(block[0], block + 1, &gcb) == GIF_OK) {
      frame->disposal = gcb.DisposalMode;
      frame->delay = gcb.DelayTime;
      frame->transparent = gcb.TransparentColor;
    }
  } else if (block && code == APPLICATION_EXT_FUNC_CODE && block[0] == 11 &&
             (memcmp(block + 1, "NETSCAPE2.0", 11) == 0 || memcmp(block + 1, "ANIMEXTS1.0", 11) == 0)) {
    netscape = 1;
  }
  while (block) {
    if (DGifGetExtensionNext(d->gif, &block) == GIF_ERROR) {
      emogif_giflib_error(status, d->gif->Error);
      return -1;
    }
    if (block && netscape && block[0] >= 3 && block[1] == 1) {
      d->loop_count = block[2] | (block[3] << 8);
      netscape = 0;
    }
  }
  return 0;
}

int emogif_next_frame(emogif_decoder *d, emogif_frame *frame, emogif_status *status) {
  if (status) { status->code = EMOGIF_OK; status->message[0] = 0; }
  if (!d || !frame) {
    emogif_fail(status, EMOGIF_ERR_ARGUMENT, "no decoder");
    return -1;
  }
  if (d->frame_open) {
    emogif_fail(status, EMOGIF_ERR_ARGUMENT, "the previous frame's pixels were not read");
    return -1;
  }
  frame->disposal = 0;
  frame->delay = 0;
  frame->transparent = -1;
  for (;;) {
    GifRecordType type;
    if (DGifGetRecordType(d->gif, &type) == GIF_ERROR) {
      emogif_giflib_error(status, d->gif->Error);
      return -1;
    }
    switch (type) {
    case IMAGE_DESC_RECORD_TYPE:
      if (DGifGetImageDesc(d->gif) == GIF_ERROR) {
        emogif_giflib_error(status, d->gif->Error);
        return -1;
      }
      frame->left = d->gif->Image.Left;
      frame->top = d->gif->Image.Top;
      frame->width = d->gif->Image.Width;
      frame->height = d->gif->Image.Height;
      frame->interlaced = d->gif->Image.Interlace ? 1 : 0;
      emogif_copy_map(d->gif->Image.ColorMap, &frame->color_count, frame->colors);
      d->frame_open = 1;
      return 1;
    case EXTENSION_RECORD_TYPE:
      if (emogif_extension(d, frame, status) < 0) return -1;
      break;
    case TERMINATE_RECORD_TYPE:
      return 0;
    default:
      emogif_fail(status, EMOGIF_ERR_GIFLIB, "unknown record type");
      return -1;
    }
  }
}

int emogif_read_pixels(emogif_decoder *d, uint8_t *pixels, size_t size, emogif_status *status) {
  if (status) { status->code = EMOGIF_OK; status->message[0] = 0; }
  if (!d || !d->frame_open) {
    emogif_fail(status, EMOGIF_ERR_ARGUMENT, "no frame to read");
    return EMOGIF_ERR_ARGUMENT;
  }
  int w = d->gif->Image.Width;
  int h = d->gif->Image.Height;
  if (w <= 0 || h <= 0 || !pixels || size < (size_t)w * (size_t)h) {
    emogif_fail(status, EMOGIF_ERR_ARGUMENT, "pixel buffer too small");
    return EMOGIF_ERR_ARGUMENT;
  }
  d->frame_open = 0;
  for (int y = 0; y < h; y++) {
    if (DGifGetLine(d->gif, pixels + (size_t)y * (size_t)w, w) == GIF_ERROR) {
      emogif_giflib_error(status, d->gif->Error);
      return EMOGIF_ERR_GIFLIB;
    }
  }
  return EMOGIF_OK;
}

int emogif_loop_count(const emogif_decoder *d) { return d ? d->loop_count : -1; }

void emogif_close(emogif_decoder *d) {
  if (!d) return;
  int error = 0;
  if (d->gif) DGifCloseFile(d->gif, &error);
  free(d);
}
