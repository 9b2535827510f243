#ifndef RUNWAY_CMIMALLOC_SHIM_H
#define RUNWAY_CMIMALLOC_SHIM_H

// Debian's libmimalloc (2.0): linked into the runway command, it replaces malloc and free for the
// whole process (Swift's runtime, Foundation, cmark-gfm), as its documentation describes for a
// program linked with -lmimalloc.
#include <mimalloc.h>

#endif
