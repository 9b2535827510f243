#ifndef RUNWAY_CMARK_ATTRIBUTES_H
#define RUNWAY_CMARK_ATTRIBUTES_H

#include <stdbool.h>

// Runway's cmark-gfm syntax extension for extended attributes, `^[text](key: 'value')`, as
// Apple's cmark fork writes them. A span becomes a LINK node whose user data is this extension's
// marker and whose URL is the raw attribute text, because a custom node type is dropped inside GFM
// table cells while a LINK survives everywhere. Malformed spans stay literal text, never links.
// A span is transparent to link nesting: a link in its label wins over the link brackets around
// it, and no autolink is made in a label inside link or image brackets, as cmark-gfm does for the
// same text without the span.
//
// The extension keeps per-document state in statics: use it only under the lock that already
// guards cmark-gfm's process-global inline character table.

struct cmark_node;
struct cmark_syntax_extension;

/// The extension, created on first use; attach it to a parser with cmark_parser_attach_syntax_extension.
struct cmark_syntax_extension *runway_attributes_extension(void);

/// Forgets what the extension cached about the previous document; call before each parse.
void runway_attributes_begin_document(void);

/// Whether a node is an attribute span made by the extension (its URL holds the raw attribute text).
bool runway_attributes_is_span(struct cmark_node *node);

/// How deeply spans may nest; a `^[` deeper than this stays literal.
#define RUNWAY_ATTRIBUTES_MAX_SPAN_DEPTH 32

/// How deeply parentheses may nest inside the attribute text; deeper makes the span literal.
#define RUNWAY_ATTRIBUTES_MAX_PAREN_DEPTH 32

#endif
