#include "runway_allocator.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void runway_allocator_tune_for_batches(void) {
#if defined(__GLIBC__)
    mallopt(M_TOP_PAD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}
