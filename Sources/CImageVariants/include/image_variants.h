#ifndef RUNWAY_IMAGE_VARIANTS_H
#define RUNWAY_IMAGE_VARIANTS_H

#include <stddef.h>

// libvips's calls are variadic (options as name-value pairs ending in NULL), which Swift cannot
// make: these are the few Runway needs, each with its options fixed. Each returns 0, or -1 with
// libvips's message in `error` (at most `error_size` bytes, always terminated).

/// Starts libvips once per process (later calls return what the first did). Its cache of
/// operations is turned off: a build asks for each image once, and the cache would keep every
/// decoded image in memory.
int runway_images_start(void);

/// The header of an image file, without decoding its pixels: its size as shown (turned as its
/// EXIF orientation says), its number of pages
/// (frames of an animation) and the name of the loader that reads it (`jpegload`, `pngload`,
/// `webpload`, `heifload`, `gifload`…), which tells what the file is whatever its name says.
typedef struct {
    int width;
    int height;
    int pages;
    char loader[64];
} runway_image_header;

int runway_image_read_header(const char *path, runway_image_header *header, char *error, size_t error_size);

/// Writes `path` made `width` pixels wide (and, when `height` > 0, at most that high; with `crop`,
/// exactly `width` × `height`, cut around the centre after the smaller side is filled) into each
/// of the `count` files of `destinations`, whose names' suffixes choose the formats and whose
/// bracketed options set them (`out.webp[Q=80,strip]`). Decoded once for all of them. Never larger
/// than the original; turned as its EXIF orientation says; an image whose pixels are truncated or
/// corrupt is an error, not a grey band, and leaves no file of its own.
int runway_image_write_variants(const char *path, int width, int height, int crop, const char *const *destinations, int count,
                                char *error, size_t error_size);

#endif
