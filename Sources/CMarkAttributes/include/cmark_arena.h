#ifndef RUNWAY_CMARK_ARENA_H
#define RUNWAY_CMARK_ARENA_H

#include <stddef.h>

// A cmark-gfm allocator that allocates one document's tree from a few large slabs and frees them
// all at once, as the cmark-gfm command does with its own arena (cmark_get_arena_mem_allocator).
// cmark's own arena is one process-wide arena, reset as a whole; Runway parses pages on several
// threads at once, so each parse has an arena of its own, made current on its thread while the
// document is parsed and read (cmark's getters may allocate, from the node's allocator).
//
//     struct runway_arena *arena = runway_arena_new(size);
//     struct runway_arena *outer = runway_arena_enter(arena);
//     parser = cmark_parser_new_with_mem(options, runway_arena_allocator());
//     … parse, walk the tree …
//     runway_arena_leave(outer);
//     runway_arena_free(arena);   // the tree and the parser with it; never cmark_node_free
//
// Nodes, buffers and lists are never freed one by one (the allocator's free does nothing); a buffer
// that grows at the end of its slab grows in place.

struct cmark_mem;
struct runway_arena;

/// An empty arena for a document of about `source_size` bytes; NULL when memory runs out.
struct runway_arena *runway_arena_new(size_t source_size);

/// Frees everything allocated from the arena.
void runway_arena_free(struct runway_arena *arena);

/// Makes `arena` the calling thread's current arena: the allocator allocates from it. Returns the
/// arena that was current (NULL for none), for runway_arena_leave: a parse may happen inside another.
struct runway_arena *runway_arena_enter(struct runway_arena *arena);

/// Makes `outer`, which runway_arena_enter returned, the current arena again.
void runway_arena_leave(struct runway_arena *outer);

/// The allocator to give cmark_parser_new_with_mem: it allocates from the thread's current arena.
struct cmark_mem *runway_arena_allocator(void);

/// How many bytes the arena holds in its slabs (for tests).
size_t runway_arena_capacity(const struct runway_arena *arena);

#endif
