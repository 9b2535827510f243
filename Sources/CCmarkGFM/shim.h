#ifndef RUNWAY_CCMARKGFM_SHIM_H
#define RUNWAY_CCMARKGFM_SHIM_H

// Debian's libcmark-gfm 0.29.0.gfm.6: the public API and the core GFM extensions.
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>

#endif
