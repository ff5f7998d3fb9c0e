// C shim over giflib for emopack: decodes a GIF held in memory record by record (never DGifSlurp), so
// the caller sees each frame's descriptor and graphics control before its pixels are decoded. giflib reports
// errors by return codes; every call here returns a status and fills an `emogif_status` with giflib's reason.
#ifndef EMOGIF_H
#define EMOGIF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EMOGIF_MESSAGE_MAX 256

/// Outcome of a shim call.
typedef enum {
  EMOGIF_OK = 0,
  /// giflib reported an error; `message` holds its text.
  EMOGIF_ERR_GIFLIB = 1,
  /// Memory could not be allocated.
  EMOGIF_ERR_NOMEM = 3,
  /// The caller passed inconsistent arguments.
  EMOGIF_ERR_ARGUMENT = 4,
} emogif_code;

/// Error text of one call.
typedef struct {
  int code;
  char message[EMOGIF_MESSAGE_MAX];
} emogif_status;

/// The logical screen.
typedef struct {
  int width;
  int height;
  int background_index;
  /// Entries in `colors` (0 when there is no global colour table).
  int color_count;
  uint8_t colors[256 * 3];
} emogif_screen;

/// One image record with the graphics control extension that preceded it.
typedef struct {
  int left;
  int top;
  int width;
  int height;
  int interlaced;
  /// Entries in `colors` (0: the image uses the global table).
  int color_count;
  uint8_t colors[256 * 3];
  /// 0 unspecified, 1 keep, 2 restore to background, 3 restore to previous.
  int disposal;
  /// Delay in hundredths of a second as stored.
  int delay;
  /// Transparent colour index, or -1.
  int transparent;
} emogif_frame;

/// A decoder over a GIF in memory; the bytes must outlive it.
typedef struct emogif_decoder emogif_decoder;

/// Opens a GIF and reads its screen descriptor; NULL on failure (with `status` filled).
emogif_decoder *emogif_open(const uint8_t *data, size_t size, emogif_screen *screen, emogif_status *status);

/// Reads records up to the next image descriptor: returns 1 with `frame` filled, 0 at the trailer, -1 on error.
/// Extensions met on the way are read: the graphics control for the frame, NETSCAPE2.0's loop count.
int emogif_next_frame(emogif_decoder *decoder, emogif_frame *frame, emogif_status *status);

/// Decodes the current frame's colour indices, row by row as stored (interlaced images in pass order), into
/// `pixels` of `width * height` bytes. Returns EMOGIF_OK or an error code.
int emogif_read_pixels(emogif_decoder *decoder, uint8_t *pixels, size_t size, emogif_status *status);

/// The NETSCAPE2.0 loop count read so far (repetitions after the first play, 0 forever), or -1 if none.
int emogif_loop_count(const emogif_decoder *decoder);

/// Closes the decoder.
void emogif_close(emogif_decoder *decoder);

#ifdef __cplusplus
}
#endif

#endif
