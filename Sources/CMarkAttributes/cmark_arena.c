#include "cmark_arena.h"

#include <cmark-gfm.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Each allocation is preceded by its size, and sizes are rounded up to 8 bytes: cmark's structures
// need no more alignment than a pointer's.
#define HEADER sizeof(size_t)
#define ALIGN(n) (((n) + 7) & ~(size_t)7)
#define SMALLEST_SLAB ((size_t)8 << 10)
#define LARGEST_SLAB ((size_t)64 << 20)

struct slab {
    struct slab *previous;
    size_t size;
    size_t used;
    size_t last;          // offset of the last allocation's header, for growing it in place
    unsigned char data[];
};

struct runway_arena {
    struct slab *current;
    size_t next_size;
    size_t capacity;
};

static _Thread_local struct runway_arena *active = NULL;

// Out of memory inside cmark cannot be reported through its allocator interface (cmark's own
// allocators abort too): say so and stop.
static void out_of_memory(void) {
    fputs("runway: out of memory while parsing Markdown\n", stderr);
    abort();
}

static struct slab *new_slab(struct runway_arena *arena, size_t needed) {
    size_t size = arena->next_size;
    if (needed > LARGEST_SLAB) {
        size = needed;
    } else {
        while (size < needed) size *= 2;
    }
    // calloc: fresh slabs are zeroed (lazily, by the kernel, for large ones), so calloc needs no memset.
    struct slab *slab = calloc(1, sizeof(struct slab) + size);
    if (slab == NULL) return NULL;
    slab->previous = arena->current;
    slab->size = size;
    arena->current = slab;
    arena->capacity += size;
    if (arena->next_size < LARGEST_SLAB) arena->next_size *= 2;
    return slab;
}

struct runway_arena *runway_arena_new(size_t source_size) {
    struct runway_arena *arena = calloc(1, sizeof(struct runway_arena));
    if (arena == NULL) return NULL;
    // A tree takes several times its source (about ten times for prose): start near that, within
    // bounds. A slab is zeroed when it is made (calloc), so a small page must not get a large one.
    size_t first = source_size > LARGEST_SLAB / 8 ? LARGEST_SLAB : source_size * 8;
    arena->next_size = first < SMALLEST_SLAB ? SMALLEST_SLAB : first;
    return arena;
}

void runway_arena_free(struct runway_arena *arena) {
    if (arena == NULL) return;
    struct slab *slab = arena->current;
    while (slab != NULL) {
        struct slab *previous = slab->previous;
        free(slab);
        slab = previous;
    }
    free(arena);
}

struct runway_arena *runway_arena_enter(struct runway_arena *arena) {
    struct runway_arena *outer = active;
    active = arena;
    return outer;
}

void runway_arena_leave(struct runway_arena *outer) { active = outer; }

size_t runway_arena_capacity(const struct runway_arena *arena) { return arena->capacity; }

static void *arena_calloc(size_t count, size_t size) {
    struct runway_arena *arena = active;
    if (arena == NULL) {
        fputs("runway: cmark allocated outside its document's arena\n", stderr);
        abort();
    }
    if (size != 0 && count > (SIZE_MAX - 2 * HEADER) / size) out_of_memory();
    size_t bytes = ALIGN(count * size);
    struct slab *slab = arena->current;
    if (slab == NULL || slab->size - slab->used < HEADER + bytes) {
        slab = new_slab(arena, HEADER + bytes);
        if (slab == NULL) out_of_memory();
    }
    unsigned char *header = slab->data + slab->used;
    *(size_t *)header = bytes;
    slab->last = slab->used;
    slab->used += HEADER + bytes;
    return header + HEADER;
}

static void *arena_realloc(void *pointer, size_t size) {
    if (pointer == NULL) return arena_calloc(1, size);
    struct runway_arena *arena = active;
    unsigned char *header = (unsigned char *)pointer - HEADER;
    size_t old = *(size_t *)header;
    size_t bytes = ALIGN(size);
    if (bytes <= old) return pointer;
    struct slab *slab = arena != NULL ? arena->current : NULL;
    // The last allocation of the current slab grows in place when the slab has room.
    if (slab != NULL && header == slab->data + slab->last && slab->size - slab->last - HEADER >= bytes) {
        *(size_t *)header = bytes;
        slab->used = slab->last + HEADER + bytes;
        return pointer;
    }
    void *moved = arena_calloc(1, size);
    memcpy(moved, pointer, old);
    return moved;
}

// Memory goes back all at once, with the arena.
static void arena_free(void *pointer) { (void)pointer; }

static cmark_mem allocator = {arena_calloc, arena_realloc, arena_free};

struct cmark_mem *runway_arena_allocator(void) { return &allocator; }
