#ifndef JPEG_BAND_H
#define JPEG_BAND_H

#include <stddef.h>

/// Room for libjpeg's error message (its JMSG_LENGTH_MAX).
#define JPEG_BAND_MESSAGE_LENGTH 200

/// The pixel layouts rows are decoded to.
typedef enum {
    JPEG_BAND_GREY = 0,  ///< one byte a pixel
    JPEG_BAND_BGRX = 1,  ///< four bytes a pixel, blue first (cairo's RGB24 on a little-endian machine)
    JPEG_BAND_XRGB = 2   ///< four bytes a pixel, padding first (cairo's RGB24 on a big-endian machine)
} jpeg_band_format;

/// A JPEG being decoded a band of rows at a time, from the top: rows never asked for are never
/// decoded, so a caller that finds what it looks for near the top stops there.
typedef struct jpeg_band_reader jpeg_band_reader;

/// Starts decoding the JPEG `data` (`size` bytes, copied) scaled by
/// `eighths`/8 (1…8, libjpeg's DCT scaling) in `format`: its size in pixels (`width`, `height`)
/// and scaled (`scaled_width`, `scaled_height`, rounded up). Returns the reader; NULL with
/// `message` set when the data is not a readable JPEG, and NULL with `message` empty for a CMYK
/// JPEG (never decoded here).
jpeg_band_reader *jpeg_band_open(const unsigned char *data, size_t size, int eighths, jpeg_band_format format,
                                 int *width, int *height, int *scaled_width, int *scaled_height,
                                 char message[JPEG_BAND_MESSAGE_LENGTH]);

/// Decodes the next `row_count` rows into `pixels` (`row_count` rows of `row_bytes`, at least the
/// scaled width times the format's bytes a pixel). Damaged data past a point (a truncated file)
/// gives grey rows and counts as a warning. Returns 0, or -1 with `message` set when the data
/// cannot be decoded or the rows run past the image; never exits the process.
int jpeg_band_read(jpeg_band_reader *reader, int row_count, unsigned char *pixels, size_t row_bytes,
                   char message[JPEG_BAND_MESSAGE_LENGTH]);

/// Ends the decode wherever it stands and frees the reader.
void jpeg_band_close(jpeg_band_reader *reader);

#endif
