#include "cmark_math.h"

#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm/node.h>
#include <cmark-gfm/parser.h>
#include <cmark-gfm/inlines.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// A CODE node whose user data is one of these addresses is a formula.
static const char inline_marker = 0;
static const char display_marker = 0;

static cmark_syntax_extension *extension = NULL;

static bool is_space(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Where the formula that opens at `open` closes (the offset of its closing `$` or `$$`), or -1.
static bufsize_t closing(const unsigned char *data, bufsize_t length, bufsize_t open, bool display) {
    if (display) {
        for (bufsize_t i = open; i + 1 < length; i++) {
            if (data[i] == '\\') {
                i++;
            } else if (data[i] == '$' && data[i + 1] == '$') {
                return i > open ? i : -1;
            }
        }
        return -1;
    }
    if (open >= length || is_space(data[open]) || data[open] == '$') return -1;
    for (bufsize_t i = open; i < length; i++) {
        if (data[i] == '\\') {
            i++;
        } else if (data[i] == '$') {
            // The first `$` closes the formula, or nothing does (pandoc's texmath rule).
            bool digit_after = i + 1 < length && data[i + 1] >= '0' && data[i + 1] <= '9';
            return !is_space(data[i - 1]) && !digit_after ? i : -1;
        }
    }
    return -1;
}

static cmark_node *match(cmark_syntax_extension *self, cmark_parser *parser, cmark_node *parent,
                         unsigned char character, cmark_inline_parser *inline_parser) {
    (void)self;
    (void)parent;
    if (character != '$') return NULL;
    cmark_chunk *chunk = cmark_inline_parser_get_chunk(inline_parser);
    const unsigned char *data = chunk->data;
    bufsize_t length = chunk->len;
    bufsize_t at = cmark_inline_parser_get_offset(inline_parser);
    // A `$` right after a `$` that opened nothing stays text too (`$$ x` unclosed is not `$ x`).
    if (at > 0 && data[at - 1] == '$') return NULL;
    bool display = at + 1 < length && data[at + 1] == '$';
    bufsize_t open = at + (display ? 2 : 1);
    bufsize_t close = closing(data, length, open, display);
    if (close < 0) return NULL;

    char *formula = malloc((size_t)(close - open) + 1);
    if (formula == NULL) return NULL;
    memcpy(formula, data + open, (size_t)(close - open));
    formula[close - open] = 0;
    cmark_node *node = cmark_node_new_with_mem(CMARK_NODE_CODE, parser->mem);
    cmark_node_set_literal(node, formula);
    free(formula);
    cmark_node_set_user_data(node, (void *)(display ? &display_marker : &inline_marker));

    bufsize_t end = close + (display ? 2 : 1);
    int line = cmark_inline_parser_get_line(inline_parser);
    int column = cmark_inline_parser_get_column(inline_parser);
    node->start_line = line;
    node->start_column = column;
    int end_line = line, end_column = column + (int)(end - at) - 1;
    for (bufsize_t i = at; i < end; i++) {
        if (data[i] == '\n') {
            end_line++;
            end_column = (int)(end - i - 1);
        }
    }
    node->end_line = end_line;
    node->end_column = end_column;
    cmark_inline_parser_set_offset(inline_parser, end);
    return node;
}

cmark_syntax_extension *runway_math_extension(void) {
    if (extension == NULL) {
        extension = cmark_syntax_extension_new("runway-math");
        cmark_llist *characters = cmark_llist_append(cmark_get_default_mem_allocator(), NULL, (void *)(uintptr_t)'$');
        cmark_syntax_extension_set_special_inline_chars(extension, characters);
        cmark_syntax_extension_set_match_inline_func(extension, match);
    }
    return extension;
}

int runway_math_kind(struct cmark_node *node) {
    if (node->type != CMARK_NODE_CODE) return 0;
    if (node->user_data == &inline_marker) return 1;
    if (node->user_data == &display_marker) return 2;
    return 0;
}
