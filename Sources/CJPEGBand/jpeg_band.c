#include "jpeg_band.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/// libjpeg's error manager, made to jump back to the caller instead of exiting the process.
struct band_error {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char *message;
};

struct jpeg_band_reader {
    struct jpeg_decompress_struct info;
    struct band_error error;
    unsigned char *data;  ///< the reader's own copy of the JPEG
    int bytes_per_pixel;
    int failed;
};

static void band_error_exit(j_common_ptr info) {
    struct band_error *error = (struct band_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->back, 1);
}

/// Warnings (corrupt data) are counted by libjpeg (`num_warnings`), never printed.
static void band_output_message(j_common_ptr info) { (void)info; }

jpeg_band_reader *jpeg_band_open(const unsigned char *data, size_t size, int eighths, jpeg_band_format format,
                                 int *width, int *height, int *scaled_width, int *scaled_height,
                                 char message[JPEG_BAND_MESSAGE_LENGTH]) {
    static const J_COLOR_SPACE spaces[] = {JCS_GRAYSCALE, JCS_EXT_BGRX, JCS_EXT_XRGB};
    message[0] = 0;
    if (data == NULL || size == 0 || eighths < 1 || eighths > 8 || (int)format < 0 || (int)format > 2) {
        snprintf(message, JPEG_BAND_MESSAGE_LENGTH, "no JPEG data, or no such scale or pixel layout");
        return NULL;
    }
    jpeg_band_reader *reader = calloc(1, sizeof *reader);
    unsigned char *copy = malloc(size);
    if (reader == NULL || copy == NULL) {
        free(reader);
        free(copy);
        snprintf(message, JPEG_BAND_MESSAGE_LENGTH, "out of memory");
        return NULL;
    }
    reader->info.err = jpeg_std_error(&reader->error.manager);
    reader->error.manager.error_exit = band_error_exit;
    reader->error.manager.output_message = band_output_message;
    reader->error.message = message;
    reader->data = memcpy(copy, data, size);
    reader->bytes_per_pixel = format == JPEG_BAND_GREY ? 1 : 4;
    jpeg_create_decompress(&reader->info);
    if (setjmp(reader->error.back)) {
        jpeg_band_close(reader);
        return NULL;
    }
    jpeg_mem_src(&reader->info, reader->data, (unsigned long)size);
    jpeg_read_header(&reader->info, TRUE);
    if (reader->info.jpeg_color_space == JCS_CMYK || reader->info.jpeg_color_space == JCS_YCCK) {
        jpeg_band_close(reader);
        return NULL;
    }
    reader->info.scale_num = (unsigned int)eighths;
    reader->info.scale_denom = 8;
    reader->info.out_color_space = spaces[format];
    jpeg_start_decompress(&reader->info);
    *width = (int)reader->info.image_width;
    *height = (int)reader->info.image_height;
    *scaled_width = (int)reader->info.output_width;
    *scaled_height = (int)reader->info.output_height;
    return reader;
}

int jpeg_band_read(jpeg_band_reader *reader, int row_count, unsigned char *pixels, size_t row_bytes,
                   char message[JPEG_BAND_MESSAGE_LENGTH]) {
    message[0] = 0;
    if (reader == NULL || reader->failed) {
        snprintf(message, JPEG_BAND_MESSAGE_LENGTH, "the decode already failed");
        return -1;
    }
    struct jpeg_decompress_struct *info = &reader->info;
    if (row_count < 0 || (size_t)info->output_width * (size_t)reader->bytes_per_pixel > row_bytes
        || (JDIMENSION)row_count > info->output_height - info->output_scanline) {
        snprintf(message, JPEG_BAND_MESSAGE_LENGTH, "%d rows from row %u run past the %ux%u image",
                 row_count, info->output_scanline, info->output_width, info->output_height);
        return -1;
    }
    reader->error.message = message;
    if (setjmp(reader->error.back)) {
        reader->failed = 1;
        return -1;
    }
    for (int row = 0; row < row_count;) {
        JSAMPROW line = pixels + (size_t)row * row_bytes;
        JDIMENSION read = jpeg_read_scanlines(info, &line, 1);
        if (read != 1) {
            snprintf(message, JPEG_BAND_MESSAGE_LENGTH, "libjpeg stopped at row %u", info->output_scanline);
            reader->failed = 1;
            return -1;
        }
        row++;
    }
    return 0;
}

void jpeg_band_close(jpeg_band_reader *reader) {
    if (reader == NULL) return;
    // Rows never read are never decoded: the decode is abandoned where it stands.
    jpeg_destroy_decompress(&reader->info);
    free(reader->data);
    free(reader);
}
