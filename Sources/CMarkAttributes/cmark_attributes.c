#include "cmark_attributes.h"

#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm/node.h>
#include <cmark-gfm/parser.h>
#include <cmark-gfm/inlines.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// A LINK node whose user data is this address is an attribute span.
static const char span_marker = 0;

static cmark_syntax_extension *extension = NULL;

// How many spans enclose the label being parsed now.
static int span_depth = 0;

// Where each bracket and parenthesis of one subject (a paragraph's or a label's text) closes,
// computed once per subject so that many `^[` in one paragraph cost linear time, not quadratic.
typedef struct {
    const cmark_node *parent;      // the node whose text this is
    const unsigned char *data;
    bufsize_t length;
    bufsize_t from;                // the tables hold positions from here on
    int32_t *bracket_close;        // '[' at i closes at bracket_close[i]; -1: never; -2: not a bracket here
    int32_t *paren_close;          // '(' at i closes at paren_close[i]; -1: never or nested too deep
    bufsize_t capacity;
    int rebuilds;                  // how often the tables were recomputed for this subject
} subject_matches;

static subject_matches matches[RUNWAY_ATTRIBUTES_MAX_SPAN_DEPTH + 2];

static bool is_ascii_punctuation(unsigned char c) {
    return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
}

static bufsize_t backtick_run(const unsigned char *data, bufsize_t length, bufsize_t at) {
    bufsize_t end = at;
    while (end < length && data[end] == '`') end++;
    return end - at;
}

// Computes where brackets close from `from` on, skipping backslash escapes and code spans the way
// cmark does (a run of n backticks closes at the next run of exactly n), and where parentheses close,
// skipping backslash escapes only: quotes are not special in attribute text.
static bool compute_matches(subject_matches *m, const cmark_node *parent, const unsigned char *data,
                            bufsize_t length, bufsize_t from, bool skip_code_spans) {
    if (m->capacity < length + 1) {
        bufsize_t capacity = length + 1;
        int32_t *brackets = realloc(m->bracket_close, sizeof(int32_t) * (size_t)capacity);
        if (brackets == NULL) return false;
        m->bracket_close = brackets;
        int32_t *parens = realloc(m->paren_close, sizeof(int32_t) * (size_t)capacity);
        if (parens == NULL) return false;
        m->paren_close = parens;
        m->capacity = capacity;
    }
    m->parent = parent;
    m->data = data;
    m->length = length;
    m->from = from;

    int32_t *stack = malloc(sizeof(int32_t) * (size_t)(length + 1));
    int32_t *deepest = malloc(sizeof(int32_t) * (size_t)(length + 1));
    if (stack == NULL || deepest == NULL) {
        free(stack);
        free(deepest);
        m->parent = NULL;
        return false;
    }

    // Brackets.
    bufsize_t depth = 0;
    for (bufsize_t i = from; i < length; i++) m->bracket_close[i] = -2;
    for (bufsize_t i = from; i < length; i++) {
        unsigned char c = data[i];
        if (c == '\\' && i + 1 < length && is_ascii_punctuation(data[i + 1])) {
            i++;
        } else if (c == '`' && skip_code_spans) {
            bufsize_t run = backtick_run(data, length, i);
            bufsize_t j = i + run;
            bufsize_t close = -1;
            while (j < length) {
                if (data[j] == '`') {
                    bufsize_t other = backtick_run(data, length, j);
                    if (other == run) { close = j; break; }
                    j += other;
                } else {
                    j++;
                }
            }
            i = close >= 0 ? close + run - 1 : i + run - 1;
        } else if (c == '[') {
            m->bracket_close[i] = -1;
            stack[depth++] = (int32_t)i;
        } else if (c == ']' && depth > 0) {
            m->bracket_close[stack[--depth]] = (int32_t)i;
        }
    }

    // Parentheses, with the deepest nesting reached inside each.
    depth = 0;
    for (bufsize_t i = from; i < length; i++) {
        unsigned char c = data[i];
        if (c == '\\' && i + 1 < length && is_ascii_punctuation(data[i + 1])) {
            i++;
        } else if (c == '(') {
            m->paren_close[i] = -1;
            deepest[i] = 1;
            stack[depth++] = (int32_t)i;
        } else if (c == ')' && depth > 0) {
            int32_t open = stack[--depth];
            m->paren_close[open] = deepest[open] <= RUNWAY_ATTRIBUTES_MAX_PAREN_DEPTH ? (int32_t)i : -1;
            if (depth > 0 && deepest[stack[depth - 1]] < deepest[open] + 1) {
                deepest[stack[depth - 1]] = deepest[open] + 1;
            }
        }
    }
    free(stack);
    free(deepest);
    return true;
}

// The tables for this subject, computed again when the subject is new or when the core reached a
// `[` the tables did not see as a bracket (inside what they took for a code span: raw HTML can hold
// a backtick). That happens at most once a subject; the second time, the tables stop skipping code
// spans, so hostile text cannot force a rescan per `^[` (quadratic time).
static subject_matches *matches_for(const cmark_node *parent, const unsigned char *data, bufsize_t length,
                                    bufsize_t open) {
    subject_matches *m = &matches[span_depth];
    bool same = m->parent == parent && m->data == data && m->length == length && open >= m->from;
    if (!same) {
        m->rebuilds = 0;
        if (!compute_matches(m, parent, data, length, open, true)) return NULL;
    } else if (m->bracket_close[open] == -2) {
        m->rebuilds++;
        if (!compute_matches(m, parent, data, length, open, m->rebuilds < 2)) return NULL;
    }
    return m;
}

static void set_position(cmark_node *node, int line, int column, const unsigned char *text, bufsize_t length) {
    node->start_line = line;
    node->start_column = column;
    int end_line = line;
    int end_column = column + (int)length - 1;
    for (bufsize_t i = 0; i < length; i++) {
        if (text[i] == '\n') {
            end_line++;
            end_column = (int)(length - i - 1);
        }
    }
    node->end_line = end_line;
    node->end_column = end_column;
}

// `^[` that does not open a span: literal text, so the core never sees its `[` and cannot make a link.
// Like cmark's own text nodes, its literal points into the subject's text rather than owning a copy:
// cmark-gfm's footnote handling keeps pointers into the literal of the node after a `[` and frees
// that node, which is safe only for text that lives in the subject.
static cmark_node *literal(cmark_parser *parser, cmark_inline_parser *inline_parser, bufsize_t at,
                           int line, int column) {
    cmark_node *text = cmark_node_new_with_mem(CMARK_NODE_TEXT, parser->mem);
    text->as.literal = cmark_chunk_dup(cmark_inline_parser_get_chunk(inline_parser), at, 2);
    set_position(text, line, column, (const unsigned char *)"^[", 2);
    cmark_inline_parser_set_offset(inline_parser, at + 2);
    return text;
}

static cmark_node *match(cmark_syntax_extension *self, cmark_parser *parser, cmark_node *parent,
                         unsigned char character, cmark_inline_parser *inline_parser) {
    (void)self;
    if (character != '^' || cmark_inline_parser_peek_at(inline_parser, cmark_inline_parser_get_offset(inline_parser) + 1) != '[') {
        return NULL;
    }
    cmark_chunk *chunk = cmark_inline_parser_get_chunk(inline_parser);
    const unsigned char *data = chunk->data;
    bufsize_t length = chunk->len;
    bufsize_t at = cmark_inline_parser_get_offset(inline_parser);
    int line = cmark_inline_parser_get_line(inline_parser);
    int column = cmark_inline_parser_get_column(inline_parser);
    bufsize_t open = at + 1;

    if (span_depth >= RUNWAY_ATTRIBUTES_MAX_SPAN_DEPTH) return literal(parser, inline_parser, at, line, column);
    subject_matches *m = matches_for(parent, data, length, open);
    if (m == NULL) return literal(parser, inline_parser, at, line, column);
    int32_t close = m->bracket_close[open];
    if (close <= open || close + 1 >= length || data[close + 1] != '(') {
        return literal(parser, inline_parser, at, line, column);
    }
    bufsize_t paren = close + 1;
    int32_t end = m->paren_close[paren];
    if (end <= paren || end >= length || data[end] != ')') return literal(parser, inline_parser, at, line, column);

    // The span: a LINK node marked as ours, its URL the raw attribute text, its children the label.
    cmark_node *span = cmark_node_new_with_mem(CMARK_NODE_LINK, parser->mem);
    cmark_node_set_user_data(span, (void *)&span_marker);
    bufsize_t raw_length = end - paren - 1;
    char *raw = malloc((size_t)raw_length + 1);
    if (raw == NULL) {
        cmark_node_free(span);
        return literal(parser, inline_parser, at, line, column);
    }
    memcpy(raw, data + paren + 1, (size_t)raw_length);
    raw[raw_length] = 0;
    cmark_node_set_url(span, raw);
    free(raw);
    set_position(span, line, column, data + at, end - at + 1);
    span->internal_offset = 2; // the label's text starts two columns after the `^`

    // The label's text nodes point into this buffer (cmark does not copy text), so it lives as long
    // as the span node, which frees it.
    cmark_strbuf_put(&span->content, data + open + 1, close - open - 1);
    span_depth++;
    cmark_parse_inlines(parser, span, parser->refmap, parser->options);
    // The label's tables describe a buffer that may be freed (cmark-gfm's footnote handling frees
    // nodes mid-parse) and reused at the same address: never trust them again.
    matches[span_depth].parent = NULL;
    span_depth--;

    cmark_inline_parser_set_offset(inline_parser, end + 1);
    return span;
}

cmark_syntax_extension *runway_attributes_extension(void) {
    if (extension == NULL) {
        extension = cmark_syntax_extension_new("runway-attributes");
        cmark_llist *characters = cmark_llist_append(cmark_get_default_mem_allocator(), NULL, (void *)(uintptr_t)'^');
        cmark_syntax_extension_set_special_inline_chars(extension, characters);
        cmark_syntax_extension_set_match_inline_func(extension, match);
    }
    return extension;
}

void runway_attributes_begin_document(void) {
    span_depth = 0;
    for (int i = 0; i < RUNWAY_ATTRIBUTES_MAX_SPAN_DEPTH + 2; i++) {
        matches[i].parent = NULL;
        matches[i].data = NULL;
        matches[i].length = 0;
    }
}

bool runway_attributes_is_span(struct cmark_node *node) {
    return node->type == CMARK_NODE_LINK && node->user_data == &span_marker;
}
