#include "image_variants.h"

#include <stdio.h>
#include <string.h>
#include <vips/vips.h>

static int started = -1;
static GOnce start_once = G_ONCE_INIT;

// libvips's warnings ("error in tile 0 x 144") would go to the build's standard error among its
// diagnostics: the failure they lead to is said there instead, at the page.
static void quiet(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer unused) {
    (void)domain, (void)level, (void)message, (void)unused;
}

static gpointer start(gpointer unused) {
    (void)unused;
    started = VIPS_INIT("runway") == 0 ? 0 : -1;
    if (started == 0) {
        vips_cache_set_max(0);
        g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE, quiet, NULL);
    }
    return NULL;
}

int runway_images_start(void) {
    g_once(&start_once, start, NULL);
    return started;
}

// libvips's message (its buffer is the process's), one line, then the buffer emptied.
static void take_error(char *error, size_t error_size, const char *fallback) {
    if (error_size == 0) return;
    const char *message = vips_error_buffer();
    snprintf(error, error_size, "%s", message && *message ? message : fallback);
    vips_error_clear();
    size_t length = strlen(error);
    while (length > 0 && (error[length - 1] == '\n' || error[length - 1] == ' ')) error[--length] = '\0';
    for (size_t index = 0; index < length; index++) {
        if (error[index] == '\n') error[index] = ' ';
    }
}

int runway_image_read_header(const char *path, runway_image_header *header, char *error, size_t error_size) {
    if (runway_images_start() != 0) {
        take_error(error, error_size, "libvips did not start");
        return -1;
    }
    const char *loader = vips_foreign_find_load(path);
    if (loader == NULL) {
        take_error(error, error_size, "not an image libvips can read");
        return -1;
    }
    VipsImage *image = vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (image == NULL) {
        take_error(error, error_size, "libvips found no image in it");
        return -1;
    }
    header->width = vips_image_get_width(image);
    header->height = vips_image_get_height(image);
    // A photograph turned by its EXIF orientation (5 to 8: a quarter turn) is shown, and its
    // variants made, the other way round.
    int orientation = 1;
    if (vips_image_get_typeof(image, VIPS_META_ORIENTATION) != 0 && vips_image_get_int(image, VIPS_META_ORIENTATION, &orientation) == 0
        && orientation >= 5 && orientation <= 8) {
        int width = header->width;
        header->width = header->height;
        header->height = width;
    }
    header->pages = vips_image_get_n_pages(image);
    snprintf(header->loader, sizeof header->loader, "%s", loader);
    // `VipsForeignLoadJpegFile` → `jpegload`: the nickname, as `vips -l` lists it.
    VipsObjectClass *class = VIPS_OBJECT_CLASS(g_type_class_peek(g_type_from_name(loader)));
    if (class != NULL && class->nickname != NULL) snprintf(header->loader, sizeof header->loader, "%s", class->nickname);
    g_object_unref(image);
    return 0;
}

int runway_image_write_variants(const char *path, int width, int height, int crop, const char *const *destinations, int count,
                                char *error, size_t error_size) {
    if (runway_images_start() != 0) {
        take_error(error, error_size, "libvips did not start");
        return -1;
    }
    VipsImage *thumbnail = NULL;
    int result = vips_thumbnail(path, &thumbnail, width,
                                "height", height > 0 ? height : VIPS_MAX_COORD,
                                "size", VIPS_SIZE_DOWN,
                                "crop", crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE,
                                "fail_on", VIPS_FAIL_ON_TRUNCATED,
                                NULL);
    // Decoded once into memory (a 1600-pixel copy is a few megabytes), then written in each format:
    // a lazy image would be decoded again for each.
    VipsImage *decoded = result == 0 && thumbnail != NULL ? vips_image_copy_memory(thumbnail) : NULL;
    if (thumbnail != NULL) g_object_unref(thumbnail);
    if (decoded == NULL) {
        take_error(error, error_size, "it cannot be decoded");
        return -1;
    }
    for (int index = 0; index < count; index++) {
        if (vips_image_write_to_file(decoded, destinations[index], NULL) != 0) {
            take_error(error, error_size, "the variant cannot be written");
            // A file begun before the encoder failed is no variant.
            char *filename = vips_filename_get_filename(destinations[index]);
            if (filename != NULL) {
                remove(filename);
                g_free(filename);
            }
            g_object_unref(decoded);
            return -1;
        }
    }
    g_object_unref(decoded);
    return 0;
}
