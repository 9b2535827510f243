#ifndef RUNWAY_CVIPS_SHIM_H
#define RUNWAY_CVIPS_SHIM_H

// Debian's libvips (libvips-dev, 8.14 in bookworm): image decoding, resizing and encoding.
#include <vips/vips.h>

#endif
