#include "cmark_attributes.h"

#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm/node.h>
#include <cmark-gfm/parser.h>
#include <cmark-gfm/inlines.h>
#include <cmark-gfm_version.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The link-in-link handling below leans on how this version's inline parser reads its input (see
// begin_detour); check it again before moving to another version.
#if CMARK_GFM_VERSION != ((0 << 24) | (29 << 16) | (0 << 8) | 6)
#error "the attribute extension's link-in-link detour is written for cmark-gfm 0.29.0.gfm.6"
#endif

// A LINK node whose user data is one of these addresses is an attribute span; the second marks a
// span whose label holds a link (its own, or one in a span nested in it).
static const char span_marker = 0;
static const char span_with_link_marker = 0;

static cmark_syntax_extension *extension = NULL;

// How many spans enclose the label being parsed now.
static int span_depth = 0;

// Whether the label at each depth lies inside link or image brackets, in its own subject or in an
// enclosing one. cmark-gfm makes no autolink inside brackets; a label is a subject of its own, whose
// brackets the autolink extension cannot see, so the extension is taken out while such a label is
// parsed. Index 0, a block's own text, is always false.
static bool label_in_brackets[RUNWAY_ATTRIBUTES_MAX_SPAN_DEPTH + 2];

// Whether this document made a span at all (the postprocess step has nothing to do otherwise).
static bool document_has_spans = false;

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

// Takes the autolink extension out of the parser's inline extensions, if it is there: returns its
// list cell and where the cell was, to put it back with `cell->next = *place; *place = cell`.
static cmark_llist *take_out_autolink(cmark_parser *parser, cmark_llist ***place) {
    static cmark_syntax_extension *autolink = NULL;
    if (autolink == NULL) autolink = cmark_find_syntax_extension("autolink");
    if (autolink == NULL) return NULL;
    for (cmark_llist **link = &parser->inline_syntax_extensions; *link != NULL; link = &(*link)->next) {
        if ((*link)->data == autolink) {
            cmark_llist *cell = *link;
            *link = cell->next;
            cell->next = NULL;
            *place = link;
            return cell;
        }
    }
    return NULL;
}

// Whether a span's label holds a link: a LINK node that is not a span, or a span marked as holding
// one. Walks the label's own nodes once; a nested span was marked when it was made.
static bool label_holds_link(cmark_node *span) {
    cmark_node *node = span->first_child;
    while (node != NULL) {
        bool descend = true;
        if (node->type == CMARK_NODE_LINK) {
            if (!runway_attributes_is_span(node) || node->user_data == &span_with_link_marker) return true;
            descend = false;
        }
        if (descend && node->first_child != NULL) {
            node = node->first_child;
            continue;
        }
        while (node != span && node->next == NULL) node = node->parent;
        node = node == span ? NULL : node->next;
    }
    return false;
}

// No link inside a link. cmark makes the first link it closes and then deactivates every link
// bracket still open before it, so `[a [b](c)](d)` is `[a <a href="c">b</a>](d)`. A span's label
// is parsed as a subject of its own, so a link in it cannot reach the brackets of the text around
// the span, and `[a ^[[b](c)](k: 1)](d)` became a link in a link. The brackets live in cmark's
// private subject, out of reach; what can reach them is the core itself making a link in that
// subject. So after such a span, the extension sends the core on a detour: the subject's input is
// pointed, through the chunk that cmark_inline_parser_get_chunk hands out, at the constant text
// below, where the core reads `_` as text, makes the throwaway link `[*](x)` (which deactivates the
// enclosing link brackets by cmark's own rule, and whose `*` keeps its emphasis pass from walking the
// subject's older delimiters), and comes back to this extension at the `^`. There the input is put
// back, the throwaway nodes are freed and the span is handed over, at the position after it. The
// subject's own text is never written to (its text nodes point into it), and the brackets end as
// they would without the span: the enclosing `]` becomes text and what follows it, `(d)` or
// `[ref]`, is read again as ordinary text, exactly as cmark reads `[a [b](c)](d)`.
//
// Rejected: rewriting the tree afterwards (the text after the outer `]` would have to be parsed
// again, and emphasis across it would differ), writing a sentinel into the subject's text (nodes
// and copies taken meanwhile would see it) and a second parse with escaped brackets (source
// positions shift, and cmark gives no reliable way back from a subject to the source).
static unsigned char detour_text[] = "_[*](x)^";
#define DETOUR_LENGTH ((bufsize_t)(sizeof(detour_text) - 1))
#define DETOUR_RETURN (DETOUR_LENGTH - 1)

static struct {
    bool active;
    cmark_chunk saved;        // the subject's own input
    bufsize_t resume;         // where the core goes on in it
    cmark_node *span;         // what the extension hands over when the core comes back
    cmark_node *parent;       // the subject's node
    cmark_node *last_before;  // its last child before the detour (NULL: none)
} detour;

static cmark_node *begin_detour(cmark_node *parent, cmark_inline_parser *inline_parser, cmark_node *span,
                                bufsize_t resume) {
    cmark_chunk *chunk = cmark_inline_parser_get_chunk(inline_parser);
    detour.active = true;
    detour.saved = *chunk;
    detour.resume = resume;
    detour.span = span;
    detour.parent = parent;
    detour.last_before = parent->last_child;
    chunk->data = detour_text;
    chunk->len = DETOUR_LENGTH;
    chunk->alloc = 0;
    cmark_inline_parser_set_offset(inline_parser, 0);
    return NULL; // the core now reads `_` as text
}

static cmark_node *end_detour(cmark_node *parent, cmark_inline_parser *inline_parser) {
    cmark_chunk *chunk = cmark_inline_parser_get_chunk(inline_parser);
    *chunk = detour.saved;
    cmark_inline_parser_set_offset(inline_parser, detour.resume);
    cmark_node *node = detour.last_before != NULL ? detour.last_before->next : parent->first_child;
    while (node != NULL) {
        cmark_node *next = node->next;
        cmark_node_free(node);
        node = next;
    }
    detour.active = false;
    return detour.span;
}

static cmark_node *match(cmark_syntax_extension *self, cmark_parser *parser, cmark_node *parent,
                         unsigned char character, cmark_inline_parser *inline_parser) {
    (void)self;
    if (detour.active) {
        bool back = cmark_inline_parser_get_chunk(inline_parser)->data == detour_text &&
                    cmark_inline_parser_get_offset(inline_parser) == DETOUR_RETURN && parent == detour.parent;
        return back ? end_detour(parent, inline_parser) : NULL;
    }
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
    document_has_spans = true;
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

    // In cmark-gfm 0.29.0.gfm.6, in_bracket tells whether any bracket of that kind is open in this
    // subject (active or not), in constant time.
    bool in_brackets = cmark_inline_parser_in_bracket(inline_parser, 0) ||
                       cmark_inline_parser_in_bracket(inline_parser, 1);
    label_in_brackets[span_depth + 1] = label_in_brackets[span_depth] || in_brackets;
    cmark_llist **autolink_place = NULL;
    cmark_llist *autolink_cell = NULL;
    if (label_in_brackets[span_depth + 1] && !label_in_brackets[span_depth]) {
        autolink_cell = take_out_autolink(parser, &autolink_place);
    }
    span_depth++;
    cmark_parse_inlines(parser, span, parser->refmap, parser->options);
    // The label's tables describe a buffer that may be freed (cmark-gfm's footnote handling frees
    // nodes mid-parse) and reused at the same address: never trust them again.
    matches[span_depth].parent = NULL;
    span_depth--;
    if (autolink_cell != NULL) {
        autolink_cell->next = *autolink_place;
        *autolink_place = autolink_cell;
    }

    if (label_holds_link(span)) {
        cmark_node_set_user_data(span, (void *)&span_with_link_marker);
        // A link in the label deactivates the link brackets open around the span, as it would
        // without the span: the core does that when it makes a link in this subject.
        if (in_brackets) return begin_detour(parent, inline_parser, span, end + 1);
    }
    cmark_inline_parser_set_offset(inline_parser, end + 1);
    return span;
}

// Puts the text of `node`'s following siblings that have no source position (text that the autolink
// extension split off) back into `node`, which keeps its own position.
static void merge_split_text(cmark_mem *mem, cmark_node *node) {
    if (node->type != CMARK_NODE_TEXT) return;
    cmark_node *next = node->next;
    if (next == NULL || next->type != CMARK_NODE_TEXT || next->start_line != 0) return;
    cmark_strbuf text;
    cmark_strbuf_init(mem, &text, 0);
    cmark_strbuf_put(&text, node->as.literal.data, node->as.literal.len);
    while (next != NULL && next->type == CMARK_NODE_TEXT && next->start_line == 0) {
        cmark_strbuf_put(&text, next->as.literal.data, next->as.literal.len);
        cmark_node *after = next->next;
        cmark_node_free(next);
        next = after;
    }
    cmark_chunk_free(mem, &node->as.literal);
    node->as.literal = cmark_chunk_buf_detach(&text);
}

// Whether a node's subtree holds an attribute span.
static bool holds_span(cmark_node *root) {
    cmark_node *node = root->first_child;
    while (node != NULL) {
        if (runway_attributes_is_span(node)) return true;
        if (node->first_child != NULL) {
            node = node->first_child;
            continue;
        }
        while (node != root && node->next == NULL) node = node->parent;
        node = node == root ? NULL : node->next;
    }
    return false;
}

// Undoes the email autolinks that the autolink extension made inside a link's text. Its
// postprocess step skips a link's text only until the first link that closes inside it, and a span
// is a LINK node, so `[a ^[x](k: 1) foo@x.io](d)` got a mailto link inside the link. Those links are
// the only ones without a source position inside link text (the extension makes no other autolink
// inside brackets), so each becomes text again, joined to the text it was cut from.
static void undo_autolinks_in(cmark_parser *parser, cmark_node *link) {
    if (!holds_span(link)) return;
    cmark_node *node = link->first_child;
    while (node != NULL) {
        if (node->type == CMARK_NODE_LINK && !runway_attributes_is_span(node) && node->start_line == 0) {
            while (node->first_child != NULL) cmark_node_insert_before(node, node->first_child);
            cmark_node *start = node->prev; // the text the link was cut from, or its own text
            while (start != NULL && start->type == CMARK_NODE_TEXT && start->start_line == 0 &&
                   start->prev != NULL && start->prev->type == CMARK_NODE_TEXT) {
                start = start->prev;
            }
            cmark_node *after = node->next;
            cmark_node *up = node->parent;
            cmark_node_free(node);
            if (start != NULL) {
                merge_split_text(parser->mem, start);
                node = start; // a leaf: go on after it
            } else if (after != NULL) {
                node = after;
                continue;
            } else {
                node = up;
            }
        } else if (node->first_child != NULL) {
            node = node->first_child;
            continue;
        }
        while (node != link && node->next == NULL) node = node->parent;
        node = node == link ? NULL : node->next;
    }
}

static cmark_node *postprocess(cmark_syntax_extension *self, cmark_parser *parser, cmark_node *root) {
    (void)self;
    if (!document_has_spans) return root;
    cmark_iter *iter = cmark_iter_new(root);
    cmark_event_type event;
    while ((event = cmark_iter_next(iter)) != CMARK_EVENT_DONE) {
        cmark_node *node = cmark_iter_get_node(iter);
        if (event == CMARK_EVENT_ENTER && node->type == CMARK_NODE_LINK && !runway_attributes_is_span(node)) {
            undo_autolinks_in(parser, node);
            cmark_iter_reset(iter, node, CMARK_EVENT_EXIT);
        }
    }
    cmark_iter_free(iter);
    return root;
}

cmark_syntax_extension *runway_attributes_extension(void) {
    if (extension == NULL) {
        extension = cmark_syntax_extension_new("runway-attributes");
        cmark_llist *characters = cmark_llist_append(cmark_get_default_mem_allocator(), NULL, (void *)(uintptr_t)'^');
        cmark_syntax_extension_set_special_inline_chars(extension, characters);
        cmark_syntax_extension_set_match_inline_func(extension, match);
        cmark_syntax_extension_set_postprocess_func(extension, postprocess);
    }
    return extension;
}

void runway_attributes_begin_document(void) {
    span_depth = 0;
    document_has_spans = false;
    detour.active = false;
    for (int i = 0; i < RUNWAY_ATTRIBUTES_MAX_SPAN_DEPTH + 2; i++) {
        matches[i].parent = NULL;
        matches[i].data = NULL;
        matches[i].length = 0;
        label_in_brackets[i] = false;
    }
}

bool runway_attributes_is_span(struct cmark_node *node) {
    return node->type == CMARK_NODE_LINK &&
           (node->user_data == &span_marker || node->user_data == &span_with_link_marker);
}
