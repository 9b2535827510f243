#ifndef RUNWAY_CMARK_MATH_H
#define RUNWAY_CMARK_MATH_H

// Runway's cmark-gfm syntax extension for math, `$…$` inline and `$$…$$` display, read before
// Markdown's escapes so that the formula reaches the converter as written (`\,` stays `\,`). A
// formula becomes a CODE node (which survives everywhere, table cells included) whose user data is
// this extension's marker and whose literal is the formula's text. pandoc's rules decide what is
// math: an inline formula's opening `$` has no space after it, its closing one no space before it
// and no digit after it, and it is the first `$` after the opening one (`$5 and $10` stays text);
// a `\$` inside does not close it. The extension
// keeps no state between documents.

#include <stdbool.h>

struct cmark_node;
struct cmark_syntax_extension;

/// The extension, created on first use; attach it to a parser with cmark_parser_attach_syntax_extension.
struct cmark_syntax_extension *runway_math_extension(void);

/// 1 for an inline formula the extension made, 2 for a display one, 0 for any other node.
int runway_math_kind(struct cmark_node *node);

#endif
