#ifndef RUNWAY_ALLOCATOR_H
#define RUNWAY_ALLOCATOR_H

// glibc's allocator settings for the runway command (malloc.h's mallopt, which Swift's Glibc module
// does not export). Elsewhere than glibc, nothing happens.

/// Grow the heap 64 MB at a time and give memory back to the kernel only when 256 MB lie free at
/// its top: a build allocates and frees hundreds of megabytes of parse trees, and the default
/// (128 KB either way) turns that into many mprotect calls and page faults. Call once, first thing.
void runway_allocator_tune_for_batches(void);

#endif
